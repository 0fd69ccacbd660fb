//! Two small preferences of the player's, kept in storage like move confirmation: the start screen
//! closed (it is not shown again, even before a move is played), and in pass and play the board turned
//! to the side to move (off unless the player turns it on).

use super::*;

/// The start screen was closed by the player ("yes" when so).
pub const WELCOME_CLOSED: &str = "welcome-closed";
/// Pass and play turns the board to the side to move ("on" or "off"; off when absent).
pub const TURN_BOARD: &str = "turn-board";

impl Session {
    /// The player closed the start screen: it is not offered again.
    pub fn welcome_closed(&mut self) -> Result<()> {
        self.shelf().set_preference(WELCOME_CLOSED, "yes")?;
        self.shelf().note_start();
        Ok(())
    }

    /// Whether pass and play turns the board to the side to move.
    pub fn turn_board(&self) -> bool {
        keep::preference(self.keep.as_ref(), TURN_BOARD).as_deref() == Some("on")
    }

    /// Turns the board-turning of pass and play on or off (kept in this browser).
    pub fn set_turn_board(&mut self, on: bool) -> Result<()> {
        self.shelf().set_preference(TURN_BOARD, if on { "on" } else { "off" })
    }
}
