//! Chess 2024 as a [`Position`]: the options of the decision under way, play, outcome, names, views,
//! and its own perft.

use super::*;

impl Position for Chess2024 {
    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal().iter().map(|&m| Chess2024::action_of(m)));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make_recorded(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.legal().is_empty() {
            return Some(if self.in_check(self.turn) {
                Outcome::win(self.turn ^ 1, EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        self.no_progress_draw()
    }

    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(SIZE * 2 + 40);
        for cell in &self.board {
            match *cell {
                Cell::Empty => key.push(0),
                Cell::Crater(owner) => key.push(0x80 | owner),
                Cell::Piece(p) => key.extend([1 + p.color * 16 + p.kind, p.shots]),
            }
        }
        key.push(self.turn);
        for side in 0..2 {
            key.extend_from_slice(&self.reserve[side]);
            key.extend_from_slice(&self.credits[side].to_le_bytes());
            key.push(self.losses[side]);
            key.extend_from_slice(&self.free[side]);
            key.push(self.archers_left[side]);
        }
        // The event's state decides future play: whether it is still to come, and from which ply.
        key.push(self.fortune.enabled as u8 | (self.fortune.used as u8) << 1);
        if self.fortune.enabled && !self.fortune.used {
            key.extend_from_slice(&self.fortune.checked.to_le_bytes());
        }
        key
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn info(&self, action: Action) -> ActionInfo {
        self.infos(&[action]).pop().unwrap_or_default()
    }

    fn infos(&self, actions: &[Action]) -> Vec<ActionInfo> {
        // One legal list for all the names (disambiguation, choosers) instead of one per action.
        let legal = self.legal_moves();
        actions.iter().map(|&a| self.info_in(a, &legal)).collect()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn chance(&self) -> Option<&dyn ChanceEvents> {
        self.fortune.enabled.then_some(self as &dyn ChanceEvents)
    }

    fn chance_mut(&mut self) -> Option<&mut dyn ChanceEvents> {
        if self.fortune.enabled {
            Some(self)
        } else {
            None
        }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Chess2024 {
    fn perft(&self, depth: u32) -> u64 {
        Chess2024::perft(self, depth)
    }
}
