//! Move names: SAN-like, with `~` for a wound and `>`/`<` for a rotation.

use super::moves::Hit;
use super::*;

impl Wounds {
    /// Move-list name: `Nf3` a move, `Rxa8` a capture, `R~a8` a wound (the attacker stays), `Ra1>` and
    /// `Ra1<` a rotation right (clockwise) and left, `pass`. Pieces are disambiguated like SAN; a pawn
    /// names both squares (`e2-e3`, `d2xe3`, `e4~e5`, `e2>`).
    pub fn name(&self, m: WMove) -> String {
        let letter = |sq: u8| self.board[sq as usize].map_or("?", |p| KINDS[p.kind as usize].code);
        match m {
            WMove::Pass => "pass".into(),
            WMove::Rotate { square, clockwise } => {
                let letter =
                    if self.board[square as usize].is_some_and(|p| p.kind == PAWN) { "" } else { letter(square) };
                format!("{letter}{}{}", to_square(square), if clockwise { '>' } else { '<' })
            }
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => {
                let kind = self.board[from as usize].map_or(KING, |p| p.kind);
                let rivals: Vec<u8> = self
                    .actions_list()
                    .into_iter()
                    .filter_map(|o| match o {
                        WMove::Go { from: f, to: t } | WMove::Attack { from: f, to: t, .. } if t == to && f != from => {
                            Some(f)
                        }
                        _ => None,
                    })
                    .filter(|&f| self.board[f as usize].is_some_and(|p| p.kind == kind))
                    .collect();
                // Pawns here step diagonally too, so several often reach one square: a pawn's move always
                // names both squares (`e2-e3`, `e4~e5`); pieces are disambiguated like SAN.
                let name = to_square(from).name();
                let mut s = if kind == PAWN { name.clone() } else { KINDS[kind as usize].code.to_string() };
                if kind != PAWN {
                    let rivals: Vec<crate::Square> = rivals.into_iter().map(to_square).collect();
                    s.push_str(&crate::square::disambiguation(to_square(from), &rivals));
                }
                if kind == PAWN && matches!(m, WMove::Go { .. }) {
                    s.push('-');
                }
                if let WMove::Attack { direction, leap, .. } = m {
                    let (attacker, defender) = (self.board[from as usize], self.board[to as usize]);
                    let wound = match (attacker, defender) {
                        (Some(a), Some(d)) => matches!(self.hit(a, d, direction, leap), Hit::Wound(_)),
                        _ => false,
                    };
                    s.push(if wound { '~' } else { 'x' });
                }
                s.push_str(&to_square(to).name());
                s
            }
        }
    }
}
