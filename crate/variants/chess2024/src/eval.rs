//! What the computer's search asks of Chess 2024: material, credits, advanced pawns, cannon pressure
//! and where the pieces stand (the middle, the enemy king), and capture gains.

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

impl Chess2024 {
    /// Material on the board, credits, advanced pawns and elites, and each side's cannon threats, for
    /// `seat`: the whole evaluation until the search of the ladder gained [`Chess2024::placement`].
    fn material_and_pressure(&self, seat: Seat) -> i32 {
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

    /// Where the pieces stand, for `seat`. Knights, jesters and bishops reach the most squares from the
    /// middle of the wide board and the fewest from a corner (the queen a little more, rooks and the
    /// confined cannons and stacks not at all); a queen, rook, jester, knight, bishop or archer near
    /// the enemy king threatens it, and a blast or a mate there is the game.
    ///
    /// Measured step by step in self-play at level 7, each step against the one before (`match
    /// chess2024 7:trial=<n> 7:trial=<m> --games 200 --seed 8001`, the trials build of the day; unfinished
    /// games count as draws): the middle at a third of these weights against none 79-56-65 (55.8%);
    /// the king's attackers at half theirs on top 76-63-61 (53.2%); the middle at two thirds 82-49-69
    /// (58.2%); both at these weights 77-59-64 (54.5%). A pawn shield before the king (49.0%), rooks on
    /// files without their own pawns (49.2%) and pieces a pawn attacks (50.5%) did not help and are
    /// not here.
    fn placement(&self, seat: Seat) -> i32 {
        let kings = [self.king(WHITE), self.king(BLACK)];
        let mut side = [0i32; 2];
        for (i, cell) in self.board.iter().enumerate() {
            let Cell::Piece(p) = *cell else { continue };
            let mut value = centrality(i) * CENTRAL_WEIGHT[p.kind as usize];
            if let (true, Some(king)) = (KING_ATTACKERS[p.kind as usize] > 0, kings[(p.color ^ 1) as usize]) {
                let distance = file_of(i).abs_diff(file_of(king)).max(rank_of(i).abs_diff(rank_of(king))) as i32;
                value += (4 - distance).max(0) * KING_ATTACKERS[p.kind as usize];
            }
            side[p.color as usize] += value;
        }
        side[seat as usize & 1] - side[(seat as usize & 1) ^ 1]
    }
}

/// How central square `i` is: 10 on the four middle squares, 0 in a corner.
fn centrality(i: Idx) -> i32 {
    let from_middle = |x: usize| if x < WIDTH / 2 { WIDTH / 2 - 1 - x } else { x - WIDTH / 2 } as i32;
    10 - from_middle(file_of(i)) - from_middle(rank_of(i))
}

/// Centipawns per step of [`centrality`], by kind (king, queen, rook, bishop, knight, pawn, elite,
/// jester, cannon, stack, archer): the short-range pieces want the middle most.
const CENTRAL_WEIGHT: [i32; KINDS] = [0, 3, 0, 6, 12, 0, 0, 9, 0, 0, 0];

/// Centipawns per step nearer than four (king's steps) to the enemy king, by kind as above.
const KING_ATTACKERS: [i32; KINDS] = [0, 20, 10, 10, 10, 0, 0, 10, 0, 0, 10];

/// A blast that takes the firer's own king is never worth it.
pub(super) const WIN_SCALE: i32 = 100_000;

impl SearchTuning for Chess2024 {
    /// [`Chess2024::material_and_pressure`] and [`Chess2024::placement`].
    fn evaluate(&self, seat: Seat) -> i32 {
        self.material_and_pressure(seat) + self.placement(seat)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Chess2024 {
        Chess2024::from_text(text).expect("a valid position")
    }

    #[test]
    fn placement_prefers_the_middle_and_the_enemy_kings_neighbourhood() {
        // The same material: a white knight in the corner, then in the middle.
        let corner = position("11k/12/12/12/12/12/12/12/12/12/12/N10K w 0 1");
        let middle = position("11k/12/12/12/12/12/5N6/12/12/12/12/11K w 0 1");
        assert_eq!(corner.material_and_pressure(0), middle.material_and_pressure(0));
        assert_eq!(corner.placement(0), 0);
        assert_eq!(middle.placement(0), 10 * CENTRAL_WEIGHT[KNIGHT as usize]);
        assert_eq!(middle.evaluate(1), -middle.evaluate(0));
        // A rook two steps from the black king, then far from it (a rook does not care for the middle).
        let near = position("11k/9R2/12/12/12/12/12/12/12/12/12/K11 w 0 1");
        let far = position("11k/12/12/12/12/12/12/12/12/12/12/KR10 w 0 1");
        // Two steps away: two steps nearer than four.
        assert_eq!(near.placement(0) - far.placement(0), 2 * KING_ATTACKERS[ROOK as usize]);
    }

    #[test]
    fn the_evaluation_is_material_pressure_and_placement() {
        let start = position(
            "rnba(3)jqkja(3)bnr/3c4c3/eep5ppee/3ppppp4/12/12/12/12/2PPPPP5/EEN4PPPEE/3C4C3/R1BA(3)JQKJA(3)BNR b 1 2",
        );
        for seat in [0, 1] {
            assert_eq!(start.evaluate(seat), start.material_and_pressure(seat) + start.placement(seat));
        }
        assert!(start.placement(0) > 0, "of the pieces placement weighs, only White's knight (now on c3) has moved");
    }
}
