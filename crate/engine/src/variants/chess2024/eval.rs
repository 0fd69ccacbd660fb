//! What the computer's search asks of Chess 2024: material, credits, advanced pawns and cannon
//! pressure, and capture gains.

use super::*;

/// Centipawn values by kind for the computer player; a stack is worth its shots (see [`piece_value`]).
pub(super) const VALUES: [i32; KINDS] = pieces::values(&KIND_TABLE);
/// What a credit is worth: a reserve pawn costs one, a queen nine.
pub(super) const CREDIT_VALUE: i32 = 40;

pub(super) fn piece_value(p: Piece) -> i32 {
    if p.kind == STACK {
        20 + 40 * p.shots as i32
    } else {
        VALUES[p.kind as usize]
    }
}

impl Chess2024 {
    /// What a shot landing on `landing` blasts, for `firer`: enemy pieces gained minus own pieces lost
    /// (an enemy king in the blast counts as a big gain: it is check).
    pub(super) fn blast_gain(&self, landing: Idx, firer: u8) -> i32 {
        Chess2024::blast_area(landing)
            .filter_map(|i| self.piece(i))
            .map(|p| match (p.color == firer, p.kind) {
                (false, KING) => 300,
                (false, _) => piece_value(p),
                (true, KING) => -WIN_SCALE,
                (true, _) => -piece_value(p),
            })
            .sum()
    }

    /// What `action` captures (see [`SearchTuning::capture_gain`]); with `recaptures`, a dearer taker
    /// that can be taken back counts as losing the difference.
    fn gain(&self, action: Action, recaptures: bool) -> Option<i32> {
        if action.0 >> 40 != 0 {
            return None;
        }
        let from = from_sq(Square((action.0 >> 16) as u8))?;
        let to = from_sq(Square((action.0 >> 8) as u8))?;
        let mover = self.piece(from)?;
        match action.0 & 0xff {
            TAG_STEP => {
                let victim = self.piece(to).filter(|v| v.color != mover.color)?;
                let (taken, taker) = (piece_value(victim), piece_value(mover));
                if recaptures && taker > taken && self.retaken(from, to, mover) {
                    return Some(taken - taker);
                }
                Some(taken - taker / 10)
            }
            TAG_FIRE => Some(self.blast_gain(to, mover.color)).filter(|&gain| gain > 0),
            _ => None,
        }
    }

    /// Whether the other side could take `mover` back after it moved from `from` to `to`: an attack on
    /// `to` (lines through `from` open) or a loaded cannon's blast.
    pub(super) fn retaken(&self, from: Idx, to: Idx, mover: Piece) -> bool {
        let mut after = Chess2024 { board: self.board, ..Chess2024::blank() };
        after.board[from] = Cell::Empty;
        after.board[to] = Cell::Piece(mover);
        after.attacked(to, mover.color ^ 1) || after.blast_threat(to, mover.color ^ 1)
    }

    /// A side's cannon threats: a third of the best blast of each loaded cannon.
    pub(super) fn cannon_pressure(&self, color: u8) -> i32 {
        (0..SIZE)
            .filter(|&i| self.is(i, color, CANNON))
            .map(|c| {
                self.landings(c, color).into_iter().map(|l| self.blast_gain(l, color)).max().unwrap_or(0).max(0) / 3
            })
            .sum()
    }
}

/// A blast that takes the firer's own king is never worth it.
pub(super) const WIN_SCALE: i32 = 100_000;

impl SearchTuning for Chess2024 {
    /// Material on the board, credits, advanced pawns and elites, and each side's cannon threats.
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut side = [0i32; 2];
        for (i, cell) in self.board.iter().enumerate() {
            if let Cell::Piece(p) = *cell {
                let mut value = piece_value(p);
                if p.kind == PAWN || p.kind == ELITE {
                    let advance = if p.color == WHITE { rank_of(i) } else { HEIGHT - 1 - rank_of(i) };
                    value += (advance as i32 - 2).max(0) * 6;
                }
                side[p.color as usize] += value;
            }
        }
        for color in [WHITE, BLACK] {
            side[color as usize] += self.credits[color as usize] as i32 * CREDIT_VALUE + self.cannon_pressure(color);
        }
        side[seat as usize & 1] - side[(seat as usize & 1) ^ 1]
    }

    /// Captures, and shots whose blast gains more than it costs the firer.
    fn capture_gain(&self, action: Action) -> Option<i32> {
        self.gain(action, false)
    }

    /// As [`Chess2024::capture_gain`], but a dearer taker that can be taken back loses the difference:
    /// such captures sort last, and quiescence's delta pruning skips them (an exchange evaluation's
    /// sign, without counting the whole exchange).
    fn exchange_gain(&self, action: Action) -> Option<i32> {
        self.gain(action, true)
    }

    /// The table kept from one move to the next, as in chess: level 9 keeping it scored 53.3% against
    /// level 9 without (89-69-142, `match chess2024 9:trial=1 9 --games 300 --seed 8001`, the trials
    /// build of the day).
    fn keeps_table(&self) -> bool {
        true
    }

    /// Listing the legal moves is four fifths of a search node's cost: out of check no mate can be.
    fn outcome_without_listing(&self) -> Option<Option<Outcome>> {
        if self.legal.0.get().is_some() || self.in_check(self.turn) {
            return None;
        }
        Some(self.no_progress_draw())
    }

    /// A pass for null-move pruning: the other side to move, the clocks as after a move. Not in check
    /// (a pass would leave the king taken), nor with only the king, pawns and elites on the board and
    /// nothing to bring on, where zugzwang is possible; with a reserve a side always has moves to spare.
    fn null_move(&self) -> Option<Box<dyn Position>> {
        let me = self.turn;
        let side = me as usize;
        let pieces = self
            .board
            .iter()
            .any(|c| matches!(c, Cell::Piece(p) if p.color == me && !matches!(p.kind, KING | PAWN | ELITE | STACK)));
        let reserve = self.reserve[side].iter().any(|&n| n > 0);
        if !(pieces || reserve) || Chess2024::in_check(self, me) {
            return None;
        }
        let mut passed = self.clone();
        passed.legal = LegalCache::default();
        passed.fortune.event = None;
        passed.halfmove_clock = passed.halfmove_clock.saturating_add(1);
        if me == BLACK {
            passed.fullmove = passed.fullmove.saturating_add(1);
        }
        passed.turn ^= 1;
        Some(Box::new(passed))
    }

    /// The legal list as generated: the search ranks actions itself, and the canonical sort cost
    /// about a twelfth of a node (callgrind, a level-4 search of a middlegame).
    fn actions_in_any_order(&self, out: &mut Vec<Action>) -> bool {
        out.extend(self.legal().iter().map(|&m| Chess2024::action_of(m)));
        true
    }

    /// Measured against orthodox chess (a 12x12 board, legality by playing on a copy).
    fn node_weight(&self) -> u64 {
        5
    }
}
