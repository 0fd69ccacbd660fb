//! The contract: options, play, outcome, repetition key, names and the view; the fast perft.

use super::*;

impl Position for Wounds {
    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.actions_list().into_iter().map(Wounds::action_of));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.has_pieces(self.turn) {
            return Some(Outcome::win(self.turn ^ 1, EndReason::AllCaptured));
        }
        if !self.has_pieces(self.turn ^ 1) {
            return Some(Outcome::win(self.turn, EndReason::AllCaptured));
        }
        if self.passes >= 2 {
            return Some(Outcome::draw(EndReason::BothPassed));
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        None
    }

    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(200);
        for p in &self.board {
            match p {
                None => key.push(0xff),
                Some(p) => key.extend([p.color << 3 | p.kind, p.prongs, p.long, p.knight]),
            }
        }
        key.push(self.turn);
        key.push(self.passes);
        key
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn info(&self, action: Action) -> ActionInfo {
        let Some(m) = self.move_of(action) else {
            return ActionInfo::unknown();
        };
        let name = self.name(m);
        // A wound breaks prongs off and leaves the attacker where it stood (written `R~a8`).
        let wound = name.contains('~');
        match m {
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => ActionInfo {
                from: Some(to_square(from)),
                to: Some(to_square(to)),
                choice: None,
                name,
                coord: format!("{}{}", to_square(from), to_square(to)),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: wound,
            },
            WMove::Rotate { square, clockwise } => {
                let piece = self.board[square as usize];
                ActionInfo {
                    from: Some(to_square(square)),
                    to: Some(to_square(square)),
                    choice: piece.map(|p| Choice {
                        kind: KINDS[p.kind as usize].code,
                        color: COLOR_NAMES[p.color as usize],
                        label: if clockwise { "Rotate right" } else { "Rotate left" }.to_string(),
                        prongs: Some(p.rotated(clockwise).view()),
                    }),
                    name,
                    coord: format!("{}{}", to_square(square), if clockwise { 'r' } else { 'l' }),
                    marks: Vec::new(),
                    group: None,
                    select: false,
                    destroys: false,
                }
            }
            WMove::Pass => ActionInfo {
                from: None,
                to: None,
                choice: None,
                name,
                coord: "pass".into(),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: false,
            },
        }
    }

    fn view(&self) -> BoardView {
        let pieces = (0..64u8)
            .filter_map(|sq| {
                self.board[sq as usize].map(|p| PieceView {
                    square: to_square(sq),
                    kind: KINDS[p.kind as usize].code,
                    color: COLOR_NAMES[p.color as usize],
                    badge: None,
                    prongs: Some(p.view()),
                })
            })
            .collect();
        let notes = if self.passes == 1 {
            vec!["The last player had to pass: another pass ends the game in a draw.".to_string()]
        } else {
            Vec::new()
        };
        // No check in this game: a king is captured like any piece.
        BoardView { width: 8, height: 8, pieces, notes, ..BoardView::default() }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Wounds {
    fn perft(&self, depth: u32) -> u64 {
        Wounds::perft(self, depth)
    }
}
