//! The player's decisions in the open game: a move (from the board or typed), its confirmation, undo
//! and resignation, each allowed only when this browser's player may decide.

use super::*;

impl Session {
    pub(super) fn undo_enabled(&self) -> bool {
        let Some(o) = &self.open else { return false };
        let plies = o.game.record().len();
        match o.mode {
            Mode::Local => plies > 0,
            // Something of the player's own (the computer's moves and setups alone are not the player's
            // to take back; its setups follow the player's seal at once, in the same command).
            Mode::Computer { seat, .. } => o.game.record().iter().any(|e| e.seat == seat),
            // One's own decisions since the turn began, until their link is handed out: a link not sent
            // has told the opponent nothing (and a link sent and then rewritten is refused by theirs).
            Mode::Link { seat } => {
                !o.locked && plies > o.turn_start.max(o.sent) && o.game.record().last().is_some_and(|e| e.seat == seat)
            }
        }
    }

    /// Whether this browser's player may resign now: on its turn, and while it waits for the opponent
    /// (two players; in pass and play, the player to move).
    pub(super) fn can_resign(&self) -> bool {
        let Some(o) = &self.open else { return false };
        if o.game.outcome().is_some() || o.game.position().transient() || o.watching {
            return false;
        }
        if live::over_on_time(o) {
            return false;
        }
        match o.mode.seat() {
            None => true,
            Some(seat) if o.game.to_move() == seat && !self.thinking => !o.locked,
            Some(_) => o.game.seat_count() == 2,
        }
    }

    /// Resigns this browser's player: as its decision on its turn, out of turn while it waits for the
    /// opponent (the link then carries the resignation); in pass and play, the player to move.
    pub fn resign(&mut self) -> Result<Update> {
        if !self.can_resign() {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "You cannot resign now.",
                "Vous ne pouvez pas abandonner maintenant.",
            ));
        }
        let thinking = self.thinking;
        self.thinking = false;
        self.think_id = self.think_id.wrapping_add(1);
        // Resigning a game only visited so far takes its seat first: the resignation is signed.
        let claimed = self.take_seat()?;
        let o = self.open.as_mut().ok_or_else(no_game)?;
        let before = o.game.record().len();
        match o.mode.seat() {
            Some(seat) if o.game.to_move() != seat || thinking => o.game.resign_out_of_turn(seat)?,
            _ => {
                let index = o
                    .game
                    .index_of(crate::game::Decision::Resign)
                    .ok_or_else(|| Error::new(ErrorCode::IllegalAction, "Resigning is not among the options now."))?;
                o.game.play_index(index)?;
            }
        }
        o.unconfirmed = false;
        o.joined_from = None;
        let mut update = self.after_change(false);
        update.notice = claimed.or(update.notice);
        update.sound = self.open.as_ref().and_then(|o| sound::of_decisions(&o.game, before));
        Ok(update)
    }

    /// Whether link games ask to confirm a move before its link is made.
    pub fn confirm_moves(&self) -> bool {
        self.confirm_moves
    }

    /// Turns move confirmation in link games on or off, and keeps the choice.
    pub fn set_confirm_moves(&mut self, on: bool) -> Result<()> {
        self.confirm_moves = on;
        if !on {
            if let Some(o) = &mut self.open {
                o.unconfirmed = false;
            }
        }
        self.shelf().set_preference(keep::CONFIRM_MOVES, if on { "on" } else { "off" })
    }

    /// The player confirms the move that waits for it: its link is shown.
    pub fn confirm_move(&mut self) -> Result<Update> {
        let o = self.open.as_mut().ok_or_else(no_game)?;
        if !o.unconfirmed {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "No move waits for confirmation.",
                "Aucun coup n'attend de confirmation.",
            ));
        }
        o.unconfirmed = false;
        Ok(Update::default())
    }

    /// Plays an option's path (a piece picked, then its destination) as one move.
    pub fn play(&mut self, path: &[u32]) -> Result<Update> {
        if !self.decides() {
            return Err(not_your_turn());
        }
        let o = self.open.as_ref().ok_or_else(no_game)?;
        // A visitor's click is checked before the seat is taken (an illegal click takes nothing); only
        // then is the game copied, not on every move of a game already joined.
        if o.visiting {
            o.game.clone().play_path(path)?;
        }
        let claimed = self.take_seat()?;
        let o = self.open.as_mut().ok_or_else(no_game)?;
        let before = o.game.record().len();
        o.game.play_path(path)?;
        o.joined_from = None;
        let mut update = self.after_change(true);
        update.notice = claimed.or(update.notice);
        update.sound = self.open.as_ref().and_then(|o| sound::of_decisions(&o.game, before));
        // A link game's board move that ends the player's turn waits for confirmation before its link
        // is shown (a mis-tap is then one click to take back); decisions confirmed by a dialog do not.
        let confirm = self.confirm_moves;
        if let Some(o) = &mut self.open {
            if let Mode::Link { seat } = o.mode {
                let board_move =
                    o.game.record().last().is_some_and(|e| matches!(e.decision, crate::game::Decision::Act(_)));
                let turn_over = o.game.outcome().is_some() || o.game.to_move() != seat;
                o.unconfirmed = confirm && board_move && turn_over;
            }
        }
        Ok(update)
    }

    /// Plays the move `text` names, as the move list writes it or by its squares ([`Game::typed_path`]).
    pub fn play_typed(&mut self, text: &str) -> Result<Update> {
        if !self.decides() {
            return Err(not_your_turn());
        }
        let path = self.game().ok_or_else(no_game)?.typed_path(text)?;
        self.play(&path)
    }

    /// Takes back what the rules of the mode allow: the player's own turn in a link game (nothing that
    /// was sent); against the computer, its reply and the player's move; in pass and play, the last move.
    pub fn undo(&mut self) -> Result<Update> {
        if !self.undo_enabled() {
            return Err(Error::bilingual(
                ErrorCode::NothingToUndo,
                "There is nothing you can take back now.",
                "Il n'y a rien que vous puissiez reprendre maintenant.",
            ));
        }
        self.thinking = false;
        self.think_id = self.think_id.wrapping_add(1);
        let o = self.open.as_mut().ok_or_else(no_game)?;
        o.game.undo_move()?;
        o.unconfirmed = false;
        match o.mode {
            Mode::Computer { seat, .. } => {
                while !o.game.record().is_empty() && (o.game.to_move() != seat || o.game.setup_due().is_some()) {
                    o.game.undo_move()?;
                }
            }
            Mode::Local => {
                // A sealed setup placed by itself is taken back with what came before it.
                let due = o.game.setup_due();
                let held = due
                    .is_some_and(|d| d.sealed && o.game.seals().get(d.seat as usize).is_some_and(|s| s.own.is_some()));
                if held && !o.game.record().is_empty() {
                    o.game.undo_move()?;
                }
            }
            Mode::Link { .. } => {}
        }
        // The automatic steps (a reveal, the computer's setups) must not replay what was just taken back.
        Ok(self.after_undo())
    }

    pub(super) fn after_undo(&mut self) -> Update {
        let notice = self.save();
        Update { notice, ..Update::default() }
    }
}
