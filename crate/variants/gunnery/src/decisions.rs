//! The contract: options, play, outcome, repetition key, names and the view; the fast perft.

use super::*;

impl Position for Gunnery {
    fn to_move(&self) -> Seat {
        self.board.turn()
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal_moves().iter().map(|m| m.action()));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome_given(self.legal_moves().is_empty(), self.in_check())
    }

    fn repetition_key(&self) -> Vec<u8> {
        self.board.key_with_ep(self.legal_ep(&self.legal_moves()))
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        match self.move_of(action) {
            Some(m @ GunneryMove::Orthodox(om)) => self.board.move_info(om, self.name(m)),
            Some(m @ GunneryMove::Shot { from, to }) => ActionInfo {
                from: Some(to_square(from)),
                to: Some(to_square(to)),
                choice: None,
                name: self.name(m),
                coord: format!("{}{}", to_square(from), to_square(to)),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: true, // the cannon shot: target and cannon explode
            },
            None => ActionInfo::unknown(),
        }
    }

    fn view(&self) -> BoardView {
        self.board.view_with_check(self.in_check())
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Gunnery {
    fn perft(&self, depth: u32) -> u64 {
        Gunnery::perft(self, depth)
    }
}
