//! What the computer's search asks of Gunnery Chess: orthodox material and placement with the cannons'
//! threats, capture gains, checks and null moves.

use super::*;

impl SearchTuning for Gunnery {
    /// Orthodox material and placement, plus each side's cannon threats: a quarter of the best gain
    /// (target minus the pawn that explodes with it) of every loaded cannon pawn.
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut score = self.board.material_and_placement(seat);
        for side in [WHITE, WHITE ^ 1] {
            let mut threats = 0;
            for pawn in Squares(self.board.pieces(side, PAWN)) {
                let best = self
                    .targets(pawn)
                    .into_iter()
                    .filter_map(|t| self.board.piece_at(t))
                    .map(|(_, kind)| if kind == KING { 300 } else { VALUES[kind as usize] - VALUES[PAWN as usize] })
                    .max()
                    .unwrap_or(0);
                threats += best.max(0) / 4;
            }
            score += if side == seat { threats } else { -threats };
        }
        score
    }

    fn capture_gain(&self, action: Action) -> Option<i32> {
        if action.0 & 0xff != SHOT {
            return self.board.orthodox_capture_gain(action);
        }
        let to = from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let (_, victim) = self.board.piece_at(to)?;
        Some(VALUES[victim as usize] - VALUES[PAWN as usize] / 10 - VALUES[PAWN as usize])
    }

    /// Measured against orthodox chess (orthodox moves tested against cannons).
    fn node_weight(&self) -> u64 {
        6
    }

    /// Orthodox checks and cannon checks alike.
    fn in_check(&self) -> bool {
        Gunnery::in_check(self)
    }

    /// As in orthodox chess: no pass in check, nor with only the king and pawns (cannons included).
    fn null_move(&self) -> Option<Box<dyn Position>> {
        if Gunnery::in_check(self) {
            return None;
        }
        Some(Box::new(Gunnery { board: self.board.passed()? }))
    }
}
