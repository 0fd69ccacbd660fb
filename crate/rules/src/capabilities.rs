//! What only some variants have, each as a trait of its own that a [`Position`] hands out when it has
//! it (`position.chance()`, `position.setup_phase()`, `position.turn_steps()`, `position.seats()`):
//! a variant without the capability writes nothing, and a reader of a variant sees at once which ones
//! it has.
//!
//! | capability | trait | who has it |
//! |---|---|---|
//! | chance events ("Nature") | [`ChanceEvents`] | Chess 2024 with its fortunes of war |
//! | a setup phase before play | [`SetupPhase`] | Napoleon |
//! | turns of several decisions with canonical steps | [`TurnSteps`] | Napoleon |
//! | more than two seats, players dropping out | [`Seats`] | Napoleon |
//! | a fast perft over its own move type | [`OwnPerft`] | all but Napoleon |
//!
//! (Every variant can be more than one decision a turn: a Chess 2024 substitution and its move, a
//! Checkered switch. [`TurnSteps`] is for turns whose steps need more than the plain sequence.)
//!
//! [`Position`]: super::Position

use super::{Action, Seat, SetupDraft, SetupDue};
use chessfront_core::error::Result;

/// Chance events resolved by the game's random source (commit and reveal over links, see
/// `chance` in the game crate). A game whose position has this capability carries a chance source in its link.
pub trait ChanceEvents {
    /// The chance due before the next decision, by id; `None` when none is due.
    fn pending_chance(&self) -> Option<u32>;
    /// The id of the next chance that could come due after the current decision, if any: a link
    /// reveals its sender's secrets up to this id and no further.
    fn chance_horizon(&self) -> Option<u32>;
    /// Resolves the pending chance with a uniform 64-bit value; returns what happened, for the move list.
    fn resolve_chance(&mut self, value: u64) -> Option<String>;
}

/// A setup phase: each seat places its men (openly, or sealed and revealed later, see
/// `seal` in the game crate) before play.
pub trait SetupPhase {
    /// Ready-made setups for `seat` (name, setup text).
    fn presets(&self, seat: Seat) -> Vec<(&'static str, String)>;
    /// A random valid setup for `seat` drawn from `seed`; `None` for a seat the game does not have.
    fn random_setup(&self, seat: Seat, seed: u64) -> Option<String>;
    /// The setup the current decision belongs to; `None` once every setup is placed.
    fn setup_due(&self) -> Option<SetupDue>;
    /// The decisions that place a whole setup given as text (the variant's setup notation), from the
    /// current decision on; the position checks the text first and reports every problem.
    fn setup_actions(&self, text: &str) -> Result<Vec<Action>>;
    /// Checks a setup text for `seat` (every rule it breaks, in one error) and returns its canonical text.
    fn setup_check(&self, seat: Seat, text: &str) -> Result<String>;
    /// The board with a draft setup for `seat` added (for the setup editor), the men still to place and
    /// every rule the draft breaks so far.
    fn setup_preview(&self, seat: Seat, text: &str) -> SetupDraft;
    /// The canonical text of a seat's setup once it is completely placed.
    fn setup_text(&self, seat: Seat) -> Option<String>;
}

/// Turns made of steps that the record and the page treat specially (Napoleon's move phase, rejoining
/// and switches).
pub trait TurnSteps {
    /// Whether the current decision is the middle of something the page plays as one gesture (a piece
    /// picked, its destination still to come; a setup partly placed). Undo and links skip past it.
    fn transient(&self) -> bool;
    /// Called before `action` (legal here) is played: when it closes a step whose moves the record
    /// keeps in a canonical order (the board after a step depends only on its set of moves), the
    /// step's decisions in that order and how many decisions of the record they replace. `None` when
    /// the record is already canonical.
    fn canonical_step(&self, action: Action) -> Option<(usize, Vec<Action>)>;
    /// Advice for the player about to decide here (a dead end proved, say): shown with the current
    /// position only, so it is not computed for every view the game takes.
    fn advice(&self) -> Vec<String>;
    /// Whether the seat to decide can still end its turn legally, when the variant knows a quick way
    /// to tell: `Some(false)` for a proved dead end, `Some(true)` when a way exists, `None` when it
    /// cannot tell (the computer player then searches the decisions itself, without asking again below).
    /// Each decision the variant tries is paid from `budget` (it tries no more than it holds), so that
    /// the computer's dead-end checks are bounded and counted with its search.
    fn turn_can_end(&self, budget: &mut u64) -> Option<bool>;
    /// A legal way to finish the turn from here, as the decisions to take, found by the variant's own
    /// search (which knows the turn's states and meets each once): `Some(Some(path))`, or `Some(None)`
    /// for a proved dead end; `None` when it cannot tell (its bound ran out) or has no such search (the
    /// default): the computer then searches the decisions itself. The decisions it tried are added to
    /// `work`.
    fn completion(&self, _work: &mut u64) -> Option<Option<Vec<Action>>> {
        None
    }
    /// The decision a player out of time takes here to stop adding to the turn (Napoleon: ending the
    /// move phase, no more men moved); `None` (the default) where nothing optional is left to stop.
    /// The computer takes it once its turn's nodes are spent, if the turn can still end after it.
    fn out_of_time(&self) -> Option<Action> {
        None
    }
}

/// Seats beyond the two of a duel: players who drop out while the others play on.
pub trait Seats {
    /// The seats still playing.
    fn active_seats(&self) -> Vec<Seat>;
    /// Takes a player's resignation: removes the seat and returns true when the game goes on, false
    /// when resigning ends it.
    fn resign(&mut self, seat: Seat) -> bool;
}

/// A count of action paths (perft) over the variant's own move type, faster than the generic count
/// through [`super::Position`] that [`crate::perft::perft`] falls back on. The two must agree: the
/// perft data files are checked through this one, the random-game tests through both.
pub trait OwnPerft {
    /// The number of action paths of `depth` decisions.
    fn perft(&self, depth: u32) -> u64;
}
