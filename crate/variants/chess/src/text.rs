//! FEN: writing, reading and checking a position.

use super::*;

impl Chess {
    pub(super) fn board_fen(&self) -> String {
        board_text::write(
            SHAPE,
            |sq| self.piece_at(sq as u8),
            |(color, kind), text| text.push(board_text::cased(KINDS[kind as usize].letter, color == WHITE)),
        )
    }

    pub(super) fn castling_fen(&self) -> String {
        let s: String = [(WHITE_SHORT, 'K'), (WHITE_LONG, 'Q'), (BLACK_SHORT, 'k'), (BLACK_LONG, 'q')]
            .iter()
            .filter(|(b, _)| self.castling & b != 0)
            .map(|&(_, c)| c)
            .collect();
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }

    /// FEN with the en-passant square written only when a legal en-passant capture exists.
    pub fn fen(&self) -> String {
        self.fen_with_ep(self.legal_ep_square())
    }

    /// FEN with the given en-passant square (the variant decides whether a capture is legal).
    pub fn fen_with_ep(&self, ep: Option<u8>) -> String {
        let ep = ep.map_or("-".to_string(), |sq| to_square(sq).name());
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            if self.turn == WHITE { 'w' } else { 'b' },
            self.castling_fen(),
            ep,
            self.halfmove_clock,
            self.fullmove
        )
    }

    /// Reads a FEN (the two clock fields may be left out). Every problem found is listed in the error.
    pub fn from_fen(text: &str) -> Result<Chess> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid FEN: {}.", problems.join("; ")))
        };
        if fields.len() != 4 && fields.len() != 6 {
            return Err(bad(vec![format!(
                "expected 6 fields (board, side to move, castling, en passant, halfmove clock, move number), found {}",
                fields.len()
            )]));
        }
        let mut pos = Chess::empty();
        let mut problems = Vec::new();

        let mut board_problems = Vec::new();
        board_text::read(
            fields[0],
            SHAPE,
            &mut board_problems,
            |c, _, _, _| {
                pieces::by_letter(&KINDS, c).map(|kind| (if c.is_ascii_uppercase() { WHITE } else { BLACK }, kind))
            },
            |sq, (color, kind)| pos.put(sq as u8, color, kind),
        );
        board_text::fen_words(&board_problems, SHAPE, &mut problems);

        match fields[1] {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = BLACK,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }

        if fields[2] != "-" {
            for c in fields[2].chars() {
                let right = match c {
                    'K' => WHITE_SHORT,
                    'Q' => WHITE_LONG,
                    'k' => BLACK_SHORT,
                    'q' => BLACK_LONG,
                    _ => {
                        problems.push(format!("unknown castling right '{c}'"));
                        0
                    }
                };
                if pos.castling & right != 0 {
                    problems.push(format!("castling right '{c}' given twice"));
                }
                pos.castling |= right;
            }
        }

        if fields[3] != "-" {
            match crate::square::Square::parse(fields[3]).and_then(from_square) {
                Some(sq) => pos.ep_square = sq,
                None => problems.push(format!("'{}' is not an en-passant square", fields[3])),
            }
        }
        if fields.len() == 6 {
            match fields[4].parse::<u16>() {
                Ok(n) => pos.halfmove_clock = n,
                Err(_) => problems.push(format!("halfmove clock '{}' is not a number", fields[4])),
            }
            match fields[5].parse::<u16>() {
                Ok(n) if n >= 1 => pos.fullmove = n,
                _ => problems.push(format!("move number '{}' is not a positive number", fields[5])),
            }
        }
        pos.refresh_checkers();
        if problems.is_empty() {
            pos.validate(&mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(bad(problems))
        }
    }

    /// Checks that a parsed setup is a position play can reach or continue from.
    pub(super) fn validate(&self, problems: &mut Vec<String>) {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = self.pieces(color, KING).count_ones();
            if kings != 1 {
                problems.push(format!("{name} has {kings} kings instead of 1"));
            }
            if self.by_color[color as usize].count_ones() > 16 {
                problems.push(format!("{name} has more than 16 pieces"));
            }
            if self.pieces(color, PAWN).count_ones() > 8 {
                problems.push(format!("{name} has more than 8 pawns"));
            }
        }
        if self.by_kind[PAWN as usize] & 0xFF00_0000_0000_00FF != 0 {
            problems.push("a pawn stands on the first or last rank".into());
        }
        for (right, king, rook, color, label) in [
            (WHITE_SHORT, 4, 7, WHITE, 'K'),
            (WHITE_LONG, 4, 0, WHITE, 'Q'),
            (BLACK_SHORT, 60, 63, BLACK, 'k'),
            (BLACK_LONG, 60, 56, BLACK, 'q'),
        ] {
            if self.castling & right != 0
                && (self.piece_at(king) != Some((color, KING)) || self.piece_at(rook) != Some((color, ROOK)))
            {
                problems.push(format!("castling right '{label}' without king and rook on their home squares"));
            }
        }
        if self.ep_square != NO_SQUARE {
            // The pushed pawn stands one rank beyond the skipped square (checked only on the right rank).
            let (rank, pusher, behind) = if self.turn == WHITE {
                (5, BLACK, self.ep_square.wrapping_sub(8))
            } else {
                (2, WHITE, self.ep_square.wrapping_add(8))
            };
            if self.ep_square >> 3 != rank
                || self.piece_at(behind) != Some((pusher, PAWN))
                || self.mailbox[self.ep_square as usize] != NO_PIECE
            {
                problems.push(format!(
                    "en-passant square {} does not follow a pawn's two-step",
                    to_square(self.ep_square).name()
                ));
            }
        }
        if problems.is_empty() {
            let waiting = self.turn ^ 1;
            let king = self.king_index(waiting);
            if self.attackers(king, self.turn, self.occupied()) != 0 {
                problems.push("the side not to move is in check".into());
            }
            if self.checkers().count_ones() > 2 {
                problems.push("the side to move is checked by more than two pieces".into());
            }
        }
    }
}
