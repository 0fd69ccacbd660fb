//! Standard algebraic notation (SAN) and coordinates of a move.

use super::*;

impl Chess {
    /// The SAN name of a legal move, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let mut san = self.san_body(m, legal.as_slice());
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            san.push(if after.has_legal_move() { '+' } else { '#' });
        }
        san
    }

    /// SAN without the check sign, disambiguated among `legal` (the variant's legal moves).
    pub fn san_body(&self, m: Move, legal: &[Move]) -> String {
        let kind = self.mailbox[m.from as usize];
        match m.kind {
            MoveKind::Castle if m.to > m.from => "O-O".to_string(),
            MoveKind::Castle => "O-O-O".to_string(),
            _ => {
                let capture = self.mailbox[m.to as usize] != NO_PIECE || m.kind == MoveKind::EnPassant;
                let mut s = String::new();
                if kind == PAWN {
                    if capture {
                        s.push((b'a' + (m.from & 7)) as char);
                    }
                } else {
                    s.push_str(KINDS[kind as usize].code);
                    s.push_str(&self.disambiguation(m, kind, legal));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_square(m.to).name());
                if let MoveKind::Promotion(p) = m.kind {
                    s.push('=');
                    s.push_str(KINDS[p as usize].code);
                }
                s
            }
        }
    }

    pub(super) fn disambiguation(&self, m: Move, kind: u8, legal: &[Move]) -> String {
        let rivals: Vec<crate::Square> = legal
            .iter()
            .filter(|o| o.to == m.to && o.from != m.from && self.mailbox[o.from as usize] == kind)
            .map(|o| to_square(o.from))
            .collect();
        crate::square::disambiguation(to_square(m.from), &rivals)
    }

    /// Coordinate notation: `e2e4`, `e7e8q`, castling as the king's move.
    pub fn coord(m: Move) -> String {
        let mut s = format!("{}{}", to_square(m.from).name(), to_square(m.to).name());
        if let MoveKind::Promotion(p) = m.kind {
            s.push(KINDS[p as usize].letter);
        }
        s
    }
}
