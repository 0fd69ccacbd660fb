//! What the computer's search asks of Chess with Wounds: material by prongs and capture gains.

use super::*;

/// Prong weight for the evaluation: a long prong is worth two short ones, a knight leap one.
fn prong_weight(compass: u8, long: u8, knight: u8) -> i32 {
    (compass.count_ones() + long.count_ones() + knight.count_ones()) as i32
}

impl SearchTuning for Wounds {
    /// Material by prongs: each piece is worth its kind's value times the share of its starting prongs it
    /// still has (a rook with a broken prong is worth less, and rotations keep the value). The king is an
    /// ordinary piece here, valued like a minor piece.
    fn evaluate(&self, seat: Seat) -> i32 {
        self.board
            .iter()
            .flatten()
            .map(|p| {
                let (compass, long, knight) = start_prongs(p.color, p.kind);
                let start = prong_weight(compass, long, knight).max(1);
                let value = VALUES[p.kind as usize] * prong_weight(p.prongs, p.long, p.knight) / start;
                if p.color == seat {
                    value
                } else {
                    -value
                }
            })
            .sum()
    }

    /// An attack (it wounds or captures): the victim's value, least valuable attacker first.
    fn capture_gain(&self, action: Action) -> Option<i32> {
        let from = crate::bitboard::from_square(crate::square::Square((action.0 >> 16) as u8))?;
        let to = crate::bitboard::from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let mover = self.board[from as usize]?;
        let victim = self.board[to as usize].filter(|v| v.color != mover.color)?;
        Some(VALUES[victim.kind as usize] - VALUES[mover.kind as usize] / 10)
    }

    /// Measured against orthodox chess (prong scans on a mailbox).
    fn quiescence_depth(&self) -> u32 {
        QUIESCENCE
    }

    fn node_weight(&self) -> u64 {
        2
    }
}
