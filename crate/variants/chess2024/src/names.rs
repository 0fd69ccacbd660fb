//! Names of moves in the move list, the squares a move touches, and the reserve in words.

use super::*;

impl Chess2024 {
    /// Move-list name: SAN-like (`Jd3`, `Nxe5`, pawns without letter, `x` also for a crater repair),
    /// `C@d7` for a shot landing on d7, a frontal attack as its lead's move followed by the number of
    /// pieces in the run (`c4(5)`); `+` or `#` for checks and mates, blast checks included.
    pub fn name(&self, m: Move24, legal: &[Move24]) -> String {
        let mut s = match m {
            Move24::Fire { landing, .. } => format!("C@{}", to_sq(landing)),
            Move24::Substitute { .. } | Move24::CallArchers { .. } => self.reserve_move_name(m),
            Move24::Step { from, to } | Move24::Frontal { lead: from, to } => {
                let kind = self.piece(from).map_or(KING, |p| p.kind);
                let capture = !self.is_empty(to);
                let mut s = String::new();
                if kind == PAWN {
                    if capture {
                        s.push_str(&to_sq(from).name()[..1]);
                    }
                } else {
                    s.push_str(KIND_TABLE[kind as usize].code);
                    let rivals: Vec<Idx> = legal
                        .iter()
                        .filter_map(|o| match *o {
                            Move24::Step { from: f, to: t } if t == to && f != from => Some(f),
                            _ => None,
                        })
                        .filter(|&f| self.piece(f).is_some_and(|p| p.kind == kind))
                        .collect();
                    let rivals: Vec<Square> = rivals.into_iter().map(to_sq).collect();
                    s.push_str(&crate::square::disambiguation(to_sq(from), &rivals));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_sq(to).name());
                if let Move24::Frontal { lead, .. } = m {
                    if let Some(p) = self.piece(lead) {
                        s.push_str(&format!("({})", self.run(lead, p).len()));
                    }
                }
                s
            }
        };
        let mut after = self.clone();
        after.make(m);
        if after.in_check(after.turn) {
            s.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        s
    }

    /// `-Nb1` takes the knight on b1 off, `+Qa1` brings a queen on at a1 (`+Ad1`: a shot onto the stack
    /// on d1, or a new stack there), `-Nb1+Qb1` does both, `+H[a1,c1]` calls archers onto a1 and c1.
    pub(super) fn reserve_move_name(&self, m: Move24) -> String {
        match m {
            Move24::Substitute { remove, bring } => {
                let mut s = String::new();
                if let Some(i) = remove {
                    let kind = self.piece(i).map_or(KING, |p| p.kind);
                    s.push_str(&format!("-{}{}", KIND_TABLE[kind as usize].code, to_sq(i)));
                }
                if let Some((kind, place)) = bring {
                    s.push_str(&format!("+{}{}", KIND_TABLE[kind as usize].code, to_sq(place)));
                }
                s
            }
            Move24::CallArchers { files } => {
                let rank = if self.turn == WHITE { 0 } else { HEIGHT - 1 };
                let squares: Vec<String> =
                    (0..WIDTH).filter(|f| files & 1 << f != 0).map(|f| to_sq(rank * WIDTH + f).name()).collect();
                format!("+H[{}]", squares.join(","))
            }
            _ => String::new(),
        }
    }

    /// Squares an action affects beyond its own two: the blast area, or the rest of a frontal run.
    pub(super) fn marks(&self, m: Move24) -> Vec<Square> {
        match m {
            Move24::Step { .. } => Vec::new(),
            Move24::Substitute { bring, .. } => bring.map(|(_, place)| to_sq(place)).into_iter().collect(),
            Move24::CallArchers { files } => {
                let rank = if self.turn == WHITE { 0 } else { HEIGHT - 1 };
                (0..WIDTH).filter(|f| files & 1 << f != 0).map(|f| to_sq(rank * WIDTH + f)).collect()
            }
            Move24::Fire { landing, .. } => Chess2024::blast_area(landing).map(to_sq).collect(),
            Move24::Frontal { lead, to } => {
                let Some(p) = self.piece(lead) else { return Vec::new() };
                let distance = rank_of(to).abs_diff(rank_of(lead)) as i8;
                self.run(lead, p)[1..]
                    .iter()
                    .flat_map(|&m| [Some(m), offset(m, (0, forward(p.color) * distance))])
                    .flatten()
                    .map(to_sq)
                    .collect()
            }
        }
    }

    /// The reserve in words for the page: "2 pawns, 1 knight (free), 3 shots" or "empty".
    pub(super) fn reserve_words(&self, color: u8) -> String {
        let side = color as usize;
        const NAMES: [(&str, &str); KINDS] = [
            ("king", "kings"),
            ("queen", "queens"),
            ("rook", "rooks"),
            ("bishop", "bishops"),
            ("knight", "knights"),
            ("pawn", "pawns"),
            ("elite", "elites"),
            ("jester", "jesters"),
            ("cannon", "cannons"),
            ("shot", "shots"),
            ("archer", "archers"),
        ];
        let parts: Vec<String> = BRINGABLE
            .iter()
            .filter(|&&k| self.reserve[side][k as usize] > 0)
            .map(|&k| {
                let n = self.reserve[side][k as usize];
                let (one, many) = NAMES[k as usize];
                let free = self.free[side][k as usize];
                let free = if free > 0 { format!(" ({free} free)") } else { String::new() };
                format!("{n} {}{free}", if n == 1 { one } else { many })
            })
            .collect();
        if parts.is_empty() {
            "empty".into()
        } else {
            parts.join(", ")
        }
    }

    pub(super) fn shots_on_board(&self, color: u8) -> u32 {
        self.board
            .iter()
            .filter_map(|c| match c {
                Cell::Piece(p) if p.color == color && p.kind == STACK => Some(p.shots as u32),
                _ => None,
            })
            .sum()
    }
}
