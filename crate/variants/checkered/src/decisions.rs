//! Checkered chess as a [`Position`], and its own perft.

use super::*;

impl Position for Checkered {
    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal_moves().iter().map(|&m| self.action_of(m)));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let us = self.turn;
        match self.stage {
            Stage::One => {
                if !self.has_legal_board_move() {
                    return Some(if self.king_attacked(us) {
                        Outcome::win(us ^ 1, EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
            Stage::Two { checkered_side } if checkered_side == us => {
                if !self.any_checkered() {
                    return Some(Outcome::win(us ^ 1, EndReason::AllCaptured));
                }
                if !self.has_legal_board_move() {
                    return Some(Outcome::draw(EndReason::Stalemate));
                }
            }
            Stage::Two { checkered_side } => {
                if !self.has_legal_board_move() {
                    return Some(if self.king_attacked(WHITE) || self.king_attacked(BLACK) {
                        Outcome::win(checkered_side, EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }

    fn repetition_key(&self) -> Vec<u8> {
        // Everything but the counters; en passant only when a capture is possible.
        // Only a pawn beside the one that skipped can take it: their moves alone are generated.
        let ep_capturable = self.ep.filter(|&(_, victim)| {
            let mut moves = Vec::new();
            for beside in [victim.checked_sub(1), victim.checked_add(1)].into_iter().flatten() {
                if beside < 64 && rank(beside) == rank(victim) {
                    self.pseudo_moves_from(beside, &mut moves);
                }
            }
            moves.iter().any(|m| matches!(m.special, Special::EnPassant(_)) && self.is_legal(*m))
        });
        let mut key = Vec::with_capacity(80);
        key.extend_from_slice(&self.board);
        key.push(self.turn);
        key.extend_from_slice(&self.castle_files);
        key.extend_from_slice(&self.pawn_flags.to_le_bytes());
        key.push(ep_capturable.map_or(0xff, |(sq, _)| sq));
        key.extend(self.last_checkered_move.map_or([0xff, 0xff], |(a, b)| [a, b]));
        // The stage as `stage_text` writes it, without building a string for every node of a search.
        key.extend_from_slice(match self.stage {
            Stage::One if self.with_switch => b"1",
            Stage::One => b"1-",
            Stage::Two { checkered_side: WHITE } => b"2w",
            Stage::Two { .. } => b"2b",
        });
        key
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        let Some(m) = self.move_of(action) else {
            return ActionInfo::unknown();
        };
        let moving = self.moving_kind(m);
        let mut coord = format!("{}{}", to_square(m.from), to_square(m.to));
        if m.special == Special::Switch {
            coord.push('s');
        } else if m.kind != moving {
            coord.push(KINDS[m.kind as usize].letter);
        }
        // Several actions share these squares when the piece may end as different kinds: show them all.
        let shared = self.legal_moves().iter().filter(|o| o.from == m.from && o.to == m.to).count() > 1;
        let choice = shared.then(|| Choice {
            kind: KINDS[m.kind as usize].code,
            color: COLOR_NAMES[m.color as usize],
            label: KINDS[m.kind as usize].label(),
            prongs: None,
        });
        ActionInfo {
            from: Some(to_square(m.from)),
            to: Some(to_square(m.to)),
            choice,
            name: self.name(m),
            coord,
            marks: Vec::new(),
            // The switch is the king's move onto the enemy king, and a button as well: a gesture few
            // players would guess.
            group: (m.special == Special::Switch).then_some("Switch"),
            select: false,
            destroys: false,
        }
    }

    fn view(&self) -> BoardView {
        let pieces = (0..64)
            .filter_map(|sq| {
                self.piece(sq).map(|(color, kind)| PieceView {
                    square: to_square(sq),
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[color as usize],
                    badge: None,
                    prongs: None,
                })
            })
            .collect();
        let checked = self.checked_kings();
        // The kings in check are always the mover's: in the second stage it moves both of them.
        let checked_seats = if checked.is_empty() { Vec::new() } else { vec![self.turn] };
        let checks = checked.into_iter().map(to_square).collect();
        let seat = |c: u8| if c == WHITE { "White" } else { "Black" };
        let notes = vec![match self.stage {
            Stage::One if self.with_switch => {
                "Stage 1: checkered pieces move for the side to move. The switch is allowed.".to_string()
            }
            Stage::One => "Stage 1: checkered pieces move for the side to move (game without switch).".to_string(),
            Stage::Two { checkered_side } => format!(
                "Stage 2: {} holds the checkered army; {} moves the white and black pieces.",
                seat(checkered_side),
                seat(checkered_side ^ 1)
            ),
        }];
        BoardView { width: 8, height: 8, pieces, checks, checked_seats, notes, ..BoardView::default() }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Checkered {
    fn perft(&self, depth: u32) -> u64 {
        Checkered::perft(self, depth)
    }
}
