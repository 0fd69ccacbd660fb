//! Gunnery's moves: cannon shots and the attacks they add, the legal moves (orthodox ones that leave
//! the king safe from cannons too, and shots), playing a move, and perft.

use super::*;

impl Gunnery {
    /// Squares the cannon pawn on `from` can shoot at (its owner's view), lowest scan first.
    pub(crate) fn targets(&self, from: u8) -> Vec<u8> {
        let Some((color, PAWN)) = self.board.piece_at(from) else {
            return Vec::new();
        };
        let step: i8 = if color == WHITE { 8 } else { -8 };
        let mut targets = Vec::new();
        let mut screen_found = false;
        let mut sq = from as i8 + step;
        while (0..64).contains(&sq) {
            if let Some((owner, kind)) = self.board.piece_at(sq as u8) {
                if !screen_found {
                    if owner != color {
                        break; // The first piece ahead is an enemy: no screen, no shot.
                    }
                    screen_found = true;
                } else if owner == color {
                    break; // A second friendly piece ends the scan.
                } else {
                    targets.push(sq as u8);
                    if kind == PAWN {
                        break; // The first enemy pawn is the last target.
                    }
                }
            }
            sq += step;
        }
        targets
    }

    /// Whether a pawn of `by` could shoot a piece of the other side standing on `target` (occupied
    /// or not), through the pieces as they stand.
    pub(crate) fn cannon_attacks(&self, target: u8, by: u8) -> bool {
        let file_mask = 0x0101_0101_0101_0101u64 << (target & 7);
        for pawn in Squares(self.board.pieces(by, PAWN) & file_mask) {
            let ahead = if by == WHITE { pawn < target } else { pawn > target };
            if !ahead {
                continue;
            }
            let step: i8 = if by == WHITE { 8 } else { -8 };
            let mut screen_found = false;
            let mut reaches = true;
            let mut sq = pawn as i8 + step;
            while sq != target as i8 {
                if let Some((owner, kind)) = self.board.piece_at(sq as u8) {
                    if !screen_found {
                        if owner != by {
                            reaches = false;
                            break;
                        }
                        screen_found = true;
                    } else if owner == by || kind == PAWN {
                        // A second friendly piece stops the scan; so does an enemy pawn (the scan
                        // ends after it, so nothing beyond it is reached).
                        reaches = false;
                        break;
                    }
                }
                sq += step;
            }
            if reaches && screen_found {
                return true;
            }
        }
        false
    }

    /// Whether `color`'s king is attacked, orthodoxly or by a cannon pawn.
    pub(crate) fn king_attacked(&self, color: u8) -> bool {
        match self.board.king_square(color) {
            Some(king) => {
                self.board.attackers(king, color ^ 1, self.board.occupied()) != 0
                    || self.cannon_attacks(king, color ^ 1)
            }
            None => false,
        }
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.board.turn())
    }

    pub(crate) fn make(&mut self, m: GunneryMove) {
        match m {
            GunneryMove::Orthodox(m) => self.board.make(m),
            GunneryMove::Shot { from, to } => self.board.remove_as_turn(&[from, to]),
        }
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<GunneryMove> {
        let us = self.board.turn();
        let them = us ^ 1;
        let mut orthodox = MoveList::new();
        self.board.legal_moves(&mut orthodox);
        let mut moves = Vec::with_capacity(orthodox.len() + 4);
        for &m in orthodox.as_slice() {
            if m.kind == MoveKind::Castle {
                // The king may not start from, pass or land on a square a cannon attacks.
                let pass = (m.from + m.to) / 2;
                if [m.from, pass, m.to].iter().any(|&sq| self.cannon_attacks(sq, them)) {
                    continue;
                }
            }
            let mut after = self.clone();
            after.board.make(m);
            if !after.king_attacked(us) {
                moves.push(GunneryMove::Orthodox(m));
            }
        }
        for from in Squares(self.board.pieces(us, PAWN)) {
            for to in self.targets(from) {
                if self.board.piece_at(to).is_some_and(|(_, kind)| kind == KING) {
                    continue; // Never a move: a king in reach means the position was already lost.
                }
                let shot = GunneryMove::Shot { from, to };
                let mut after = self.clone();
                after.make(shot);
                if !after.king_attacked(us) {
                    moves.push(shot);
                }
            }
        }
        moves
    }

    pub(crate) fn move_of(&self, action: Action) -> Option<GunneryMove> {
        self.legal_moves().into_iter().find(|m| m.action() == action)
    }

    pub(crate) fn legal_ep(&self, legal: &[GunneryMove]) -> Option<u8> {
        Chess::ep_square_if_capturable(&orthodox_moves(legal))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }
}

/// The orthodox moves of a list of Gunnery moves (its shots left out).
pub(crate) fn orthodox_moves(legal: &[GunneryMove]) -> Vec<Move> {
    legal
        .iter()
        .filter_map(|m| match m {
            GunneryMove::Orthodox(m) => Some(*m),
            GunneryMove::Shot { .. } => None,
        })
        .collect()
}
