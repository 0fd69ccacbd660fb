//! What the computer's search asks of orthodox chess (and, through the shared helpers, of Gunnery):
//! evaluation and capture gains.

use super::*;

impl SearchTuning for Chess {
    /// The search's orthodox evaluation: tapered placement, mobility, pawn structure and
    /// king safety. Gunnery keeps [`Chess::material_and_placement`] for now.
    fn evaluate(&self, seat: Seat) -> i32 {
        super::orthodox::orthodox(self, seat)
    }

    fn capture_gain(&self, action: Action) -> Option<i32> {
        self.orthodox_capture_gain(action)
    }

    fn exchange_gain(&self, action: Action) -> Option<i32> {
        self.orthodox_exchange_gain(action)
    }

    /// Listing the legal moves was a third of a search node's cost, and the search listed them twice
    /// (for the outcome, then to play them): out of check no mate can be, and the draws by rule need no
    /// list. Stalemates are found where the search lists the moves anyway.
    fn outcome_without_listing(&self) -> Option<Option<Outcome>> {
        if self.in_check() {
            return None;
        }
        Some(self.outcome_given(false, false))
    }

    fn actions_in_any_order(&self, out: &mut Vec<Action>) -> bool {
        self.legal_actions(out, false);
        true
    }

    /// Captures and promotions only; a full list only when there is none, to tell a stalemate.
    fn captures_in_any_order(&self, out: &mut Vec<Action>) -> Option<bool> {
        let before = out.len();
        self.legal_actions(out, true);
        Some(out.len() > before || self.has_legal_move())
    }

    fn in_check(&self) -> bool {
        Chess::in_check(self)
    }

    /// The repetition key's bytes hashed from the stack: the table asks at every node.
    fn table_key(&self) -> Option<u64> {
        Some(crate::rules::hash_key(&self.key_bytes(self.legal_ep_square())))
    }

    fn null_move(&self) -> Option<Box<dyn Position>> {
        if Chess::in_check(self) {
            return None;
        }
        Some(Box::new(self.passed()?))
    }

    /// A quiet move rarely changes the orthodox evaluation by more than a pawn and a bit (placement,
    /// mobility, king safety together).
    fn futility_margin(&self) -> Option<i32> {
        Some(FUTILITY_MARGIN)
    }

    /// +43 Elo at level 9 (56.2% over 300 games) and 57% at level 11 (66-38-96), each against the same
    /// level without it (`match chess <level>:trial=1 <level> --seed 7001` in the trials build of the day).
    fn forgetful_history(&self) -> bool {
        true
    }

    /// With the threats of the evaluation, level 11 with both scored 55% against level 11 without
    /// (`match chess 11:trial=1 11:trial=2 --games 300 --seed 7301`, the trials build of the day);
    /// alone, each scored 52% at level 9 over 300 games.
    fn answer_history(&self) -> bool {
        true
    }
    /// The table kept from one move to the next: level 9 keeping it scored 57.3% against level 9
    /// without (114-70-116, `match chess 9:trial=128 9 --games 300 --seed 7001`, the trials build of
    /// the day), level 11 62.2% (123-50-127, `match chess 11:trial=128 11 --games 300 --seed 7301`).
    fn keeps_table(&self) -> bool {
        true
    }
}

/// See [`SearchTuning::futility_margin`]; tuned by matches.
const FUTILITY_MARGIN: i32 = 120;

impl Chess {
    /// The position with the other side to move and nothing else changed but the en-passant square (a
    /// pass gives up the right to take en passant), for null-move pruning; `None` when the side to move
    /// has nothing but its king and pawns, where zugzwang (every move makes things worse) is common and
    /// a pass would be judged better than any move. The caller checks that the side is not in check.
    pub fn passed(&self) -> Option<Chess> {
        let pawns_and_king = self.by_kind[PAWN as usize] | self.by_kind[KING as usize];
        if self.by_color[self.turn as usize] & !pawns_and_king == 0 {
            return None;
        }
        let mut passed = self.clone();
        passed.turn ^= 1;
        passed.ep_square = NO_SQUARE;
        passed.refresh_checkers();
        Some(passed)
    }
}

/// Centipawn values by kind (the king is never traded).
pub const VALUES: [i32; 6] = pieces::values(&KINDS);

/// Placement bonus of knights and bishops: the centre is worth most, the rim least.
pub const CENTRALITY: [i32; 8] = [-20, -8, 4, 12, 12, 4, -8, -20];

impl Chess {
    /// The computer player's evaluation for `color`: material, centralised minor pieces, advanced and
    /// central pawns, and a king kept home while queens are on.
    pub fn material_and_placement(&self, color: u8) -> i32 {
        let mut score = 0;
        let queens = self.by_kind[QUEEN as usize] != 0;
        for side in [WHITE, BLACK] {
            let mut value = 0;
            for kind in PAWN..KING {
                value += VALUES[kind as usize] * self.pieces(side, kind).count_ones() as i32;
            }
            for sq in Squares(self.pieces(side, KNIGHT) | self.pieces(side, BISHOP)) {
                value += CENTRALITY[(sq & 7) as usize] / 2 + CENTRALITY[(sq >> 3) as usize] / 2;
            }
            for sq in Squares(self.pieces(side, PAWN)) {
                let advance = if side == WHITE { sq >> 3 } else { 7 - (sq >> 3) } as i32;
                let central = matches!(sq & 7, 3 | 4) as i32;
                value += (advance - 1) * (4 + 4 * central) + if advance >= 5 { advance * 8 } else { 0 };
            }
            if queens {
                for sq in Squares(self.pieces(side, KING)) {
                    let home = if side == WHITE { sq >> 3 } else { 7 - (sq >> 3) } as i32;
                    value -= home * 15;
                }
            }
            score += if side == color { value } else { -value };
        }
        score
    }

    /// [`SearchTuning::capture_gain`] for orthodox move codes: the victim (a pawn for en passant) plus a
    /// queen's promotion, minus a tenth of the mover.
    pub fn orthodox_capture_gain(&self, action: Action) -> Option<i32> {
        self.capture_of(action).map(|c| c.gain())
    }

    /// What an orthodox move code captures, `None` for a quiet move.
    #[inline]
    pub(super) fn capture_of(&self, action: Action) -> Option<Capture> {
        let from = from_square(crate::square::Square((action.0 >> 16) as u8))?;
        let to = from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let (mover_color, mover) = self.piece_at(from)?;
        let (victim, en_passant) = match self.piece_at(to) {
            Some((color, kind)) if color != mover_color => (VALUES[kind as usize], false),
            Some(_) => return None,
            None if mover == PAWN && (from & 7) != (to & 7) => (VALUES[PAWN as usize], true),
            None => (0, false),
        };
        let promotion = if action.0 & 0xff == 1 { VALUES[QUEEN as usize] - VALUES[PAWN as usize] } else { 0 };
        (victim + promotion > 0).then_some(Capture { from, to, mover, victim, promotion, en_passant })
    }
}

/// A capture or promotion, as the search's ordering sees it.
pub(super) struct Capture {
    pub from: u8,
    pub to: u8,
    pub mover: u8,
    pub victim: i32,
    pub promotion: i32,
    pub en_passant: bool,
}

impl Capture {
    /// Most valuable victim, least valuable attacker.
    pub fn gain(&self) -> i32 {
        self.victim + self.promotion - VALUES[self.mover as usize] / 10
    }
}
