//! Move names, and the draw by insufficient material.

use super::*;

impl Checkered {
    /// The move's name: SAN-like, `=X` when the piece ends as another kind (promotion or checkered
    /// nature), `S` for the switch, `+`/`#` by this variant's checks.
    pub fn name(&self, m: CMove) -> String {
        if m.special == Special::Switch {
            return "S".into();
        }
        let legal = self.legal_moves();
        let moving = self.moving_kind(m);
        let capture = self.piece(m.to).is_some() || matches!(m.special, Special::EnPassant(_));
        let mut s = match m.special {
            Special::Castle(..) if m.to > m.from => "O-O".to_string(),
            Special::Castle(..) => "O-O-O".to_string(),
            _ => {
                let mut s = String::new();
                if moving == PAWN {
                    if capture {
                        s.push((b'a' + file(m.from)) as char);
                    }
                } else {
                    s.push_str(KINDS[moving as usize].code);
                    let rivals: Vec<u8> = legal
                        .iter()
                        .filter(|o| {
                            o.to == m.to
                                && o.from != m.from
                                && o.special != Special::Switch
                                && self.moving_kind(**o) == moving
                        })
                        .map(|o| o.from)
                        .collect();
                    let rivals: Vec<Square> = rivals.into_iter().map(to_square).collect();
                    s.push_str(&crate::square::disambiguation(to_square(m.from), &rivals));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_square(m.to).name());
                if m.kind != moving {
                    s.push('=');
                    s.push_str(KINDS[m.kind as usize].code);
                }
                s
            }
        };
        let mut after = self.clone();
        after.make(m);
        if !after.checked_kings().is_empty() {
            s.push(if after.legal_board_moves().is_empty() { '#' } else { '+' });
        }
        s
    }

    pub(super) fn insufficient_material(&self) -> bool {
        let others = self.by_kind[PAWN as usize] | self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        if others != 0 || self.any_checkered() {
            return false;
        }
        let minors = self.by_kind[KNIGHT as usize] | self.by_kind[BISHOP as usize];
        const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
        let bishops = self.by_kind[BISHOP as usize];
        minors.count_ones() <= 1
            || (self.by_kind[KNIGHT as usize] == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }

    // ---- notation ----
}
