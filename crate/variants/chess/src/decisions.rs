//! Orthodox chess as a [`Position`], and the pieces of it the variants on an orthodox board share
//! (outcome, repetition key, names and views).

use super::*;

impl Position for Chess {
    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        self.legal_actions(out, false);
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        // Decoded from the code rather than found in the legal list: listing the moves to play one was
        // a good part of the computer's time. The caller plays only listed actions; tests
        // (debug builds) check the decoding against the list.
        let m = self.decode(action);
        debug_assert_eq!(m, self.move_of(action), "{action:?} in {}", self.fen());
        self.make(m.ok_or_else(|| not_an_option(action))?);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(!self.has_legal_move(), self.in_check())
    }

    fn repetition_key(&self) -> Vec<u8> {
        self.key_with_ep(self.legal_ep_square())
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        match self.move_of(action) {
            Some(m) => self.move_info(m, self.san(m)),
            None => ActionInfo::unknown(),
        }
    }

    fn view(&self) -> BoardView {
        self.view_with_check(self.in_check())
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Chess {
    fn perft(&self, depth: u32) -> u64 {
        Chess::perft(self, depth)
    }
}

/// Pieces shared by the variants on an orthodox board, which judge moves and checks by their own rules.
impl Chess {
    /// Mate, stalemate, no-progress and dead material, given the variant's verdict on moves and check.
    pub fn outcome_given(&self, no_moves: bool, in_check: bool) -> Option<Outcome> {
        if no_moves {
            return Some(if in_check {
                Outcome::win(self.turn ^ 1, EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }

    pub fn key_with_ep(&self, ep: Option<u8>) -> Vec<u8> {
        self.key_bytes(ep).to_vec()
    }

    /// The repetition key's bytes: the mailbox, black's pieces marked by the top bit, then the side
    /// to move, the castling rights and the en-passant square.
    pub fn key_bytes(&self, ep: Option<u8>) -> [u8; 67] {
        let mut key = [0; 67];
        key[..64].copy_from_slice(&self.mailbox);
        for sq in crate::bitboard::Squares(self.by_color[1]) {
            key[sq as usize] |= 0x80;
        }
        key[64] = self.turn;
        key[65] = self.castling;
        key[66] = ep.unwrap_or(NO_SQUARE);
        key
    }

    /// How the page shows a move of this board, with the variant's name for it.
    pub fn move_info(&self, m: Move, name: String) -> ActionInfo {
        ActionInfo {
            from: Some(to_square(m.from)),
            to: Some(to_square(m.to)),
            choice: match m.kind {
                MoveKind::Promotion(kind) => Some(Choice {
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[self.turn as usize],
                    label: KINDS[kind as usize].label(),
                    prongs: None,
                }),
                _ => None,
            },
            name,
            coord: Chess::coord(m),
            marks: Vec::new(),
            group: None,
            select: false,
            destroys: false,
        }
    }

    pub fn view_with_check(&self, in_check: bool) -> BoardView {
        let pieces = (0..64)
            .filter_map(|sq| {
                self.piece_at(sq).map(|(color, kind)| PieceView {
                    square: to_square(sq),
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[color as usize],
                    badge: None,
                    prongs: None,
                })
            })
            .collect();
        let checks = match self.king_square(self.turn) {
            Some(king) if in_check => vec![to_square(king)],
            _ => vec![],
        };
        let checked_seats = if in_check { vec![self.turn] } else { Vec::new() };
        BoardView { width: 8, height: 8, pieces, checks, checked_seats, ..BoardView::default() }
    }
}
