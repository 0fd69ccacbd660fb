//! The actions of a position: moves and attacks along prongs, rotations and the pass; what an attack
//! does, and playing an action.

use super::*;

fn step(sq: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let (f, r) = ((sq & 7) as i8 + df, (sq >> 3) as i8 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

/// What an attack does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Hit {
    Capture,
    /// The defender keeps these prongs; the attacker stays.
    Wound(Piece),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WMove {
    /// To an empty square.
    Go {
        from: u8,
        to: u8,
    },
    /// Attack along prong `direction` (compass index, or knight index when `leap`).
    Attack {
        from: u8,
        to: u8,
        direction: u8,
        leap: bool,
    },
    Rotate {
        square: u8,
        clockwise: bool,
    },
    Pass,
}

impl Wounds {
    /// What the piece on `from` attacking along `direction` does to the piece on `to`.
    pub(crate) fn hit(&self, attacker: Piece, defender: Piece, direction: u8, leap: bool) -> Hit {
        let back = (direction + 4) % 8;
        if attacker.kind == KNIGHT || defender.kind == KNIGHT {
            // Knights only wound or are wounded by knights.
            if !(attacker.kind == KNIGHT && defender.kind == KNIGHT && leap) || defender.knight & (1 << back) == 0 {
                return Hit::Capture;
            }
            let wounded = Piece { knight: defender.knight & !(1 << back), ..defender };
            return if wounded.prong_count() == 0 { Hit::Capture } else { Hit::Wound(wounded) };
        }
        if defender.prongs & (1 << back) == 0 {
            return Hit::Capture;
        }
        let wounded = if defender.long & (1 << back) != 0 {
            Piece { long: defender.long & !(1 << back), ..defender }
        } else {
            Piece { prongs: defender.prongs & !(1 << back), ..defender }
        };
        if wounded.prong_count() == 0 {
            Hit::Capture
        } else {
            Hit::Wound(wounded)
        }
    }

    /// Every action of the side to move: moves and attacks along prongs, rotations; a pass when none.
    /// Nothing once the game is decided (a side without pieces, or two passes in a row).
    pub fn actions_list(&self) -> Vec<WMove> {
        let mut out = Vec::new();
        if self.passes >= 2 || !self.has_pieces(self.turn) || !self.has_pieces(self.turn ^ 1) {
            return out;
        }
        for from in 0..64u8 {
            let Some(piece) = self.board[from as usize].filter(|p| p.color == self.turn) else { continue };
            for d in 0..8u8 {
                if piece.prongs & (1 << d) == 0 {
                    continue;
                }
                let long = piece.long & (1 << d) != 0;
                let mut sq = from;
                while let Some(next) = step(sq, COMPASS[d as usize]) {
                    match self.board[next as usize] {
                        None => out.push(WMove::Go { from, to: next }),
                        Some(other) => {
                            if other.color != piece.color {
                                out.push(WMove::Attack { from, to: next, direction: d, leap: false });
                            }
                            break;
                        }
                    }
                    if !long {
                        break;
                    }
                    sq = next;
                }
            }
            for k in 0..8u8 {
                if piece.knight & (1 << k) == 0 {
                    continue;
                }
                if let Some(to) = step(from, LEAPS[k as usize]) {
                    match self.board[to as usize] {
                        None => out.push(WMove::Go { from, to }),
                        Some(other) if other.color != piece.color => {
                            out.push(WMove::Attack { from, to, direction: k, leap: true })
                        }
                        Some(_) => {}
                    }
                }
            }
            if piece.kind != KNIGHT && piece.is_wounded() {
                let left = piece.rotated(false);
                let right = piece.rotated(true);
                // A rotation must change the prongs; when both ways agree they are one action.
                if right != piece {
                    out.push(WMove::Rotate { square: from, clockwise: true });
                }
                if left != piece && left != right {
                    out.push(WMove::Rotate { square: from, clockwise: false });
                }
            }
        }
        if out.is_empty() {
            out.push(WMove::Pass);
        }
        out
    }

    pub(crate) fn action_of(m: WMove) -> Action {
        let sq = |s: u8| to_square(s).0 as u64;
        match m {
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => Action(sq(from) << 16 | sq(to) << 8),
            WMove::Rotate { square, clockwise } => {
                Action(sq(square) << 16 | sq(square) << 8 | if clockwise { ROTATE_RIGHT } else { ROTATE_LEFT })
            }
            WMove::Pass => PASS,
        }
    }

    pub(crate) fn move_of(&self, action: Action) -> Option<WMove> {
        self.actions_list().into_iter().find(|&m| Wounds::action_of(m) == action)
    }

    pub(crate) fn make(&mut self, m: WMove) {
        let mut progress = false;
        match m {
            WMove::Go { from, to } => {
                self.board[to as usize] = self.board[from as usize].take();
            }
            WMove::Attack { from, to, direction, leap } => {
                progress = true;
                if let (Some(attacker), Some(defender)) = (self.board[from as usize], self.board[to as usize]) {
                    match self.hit(attacker, defender, direction, leap) {
                        Hit::Capture => {
                            self.board[to as usize] = self.board[from as usize].take();
                        }
                        Hit::Wound(wounded) => self.board[to as usize] = Some(wounded),
                    }
                }
            }
            WMove::Rotate { square, clockwise } => {
                if let Some(p) = self.board[square as usize] {
                    self.board[square as usize] = Some(p.rotated(clockwise));
                }
            }
            WMove::Pass => {}
        }
        self.passes = if m == WMove::Pass { self.passes.saturating_add(1) } else { 0 };
        self.halfmove_clock = if progress { 0 } else { self.halfmove_clock.saturating_add(1) };
        if self.turn == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.actions_list(), &|p: &mut Self, m| p.make(m))
    }
}
