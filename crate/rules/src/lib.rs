//! What a variant is made of: the [`Rules`] of the variant and its [`Position`]s.
//!
//! A turn is a sequence of decisions. A position lists the options of its current decision only, as
//! [`Action`]s in canonical order (ascending action code, so the order is independent of how moves
//! were generated); the link format stores indices into that order, so changing a variant's action
//! codes means bumping its rules revision. Playing one action may hand the next decision to the same
//! player (multi-step turns) or to the next one.
//!
//! Everything a variant hands out (views, action infos, outcomes) is plain data, so the page and the
//! CLI draw and name things without knowing any rules.
//!
//! The second layer of the engine, on [`chessfront_core`]: besides the contract, what the computer's
//! search asks of a variant ([`SearchTuning`], with every `Position`) and move-path counting
//! ([`perft`]), so a variant can be built, read and tested without the search. It depends on the core
//! alone; `SearchTuning` sits here, not in the search, so that the search depends on the contract and
//! never the other way round.
#![forbid(unsafe_code)]

pub mod capabilities;
pub mod perft;

mod tuning;
mod view;
pub use capabilities::{ChanceEvents, OwnPerft, Seats, SetupPhase, TurnSteps};
use chessfront_core::error;
use serde::Serialize;
pub use tuning::{hash_key, SearchTuning};
pub use view::*;

/// A player's seat, in turn order from 0 (White = 0, Black = 1 in two-player games).
pub type Seat = u8;

/// One option of the current decision, opaque outside its variant. Variants pack their actions so
/// that ascending codes are the canonical order (for board moves: from-square, to-square, choice).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Action(pub u64);

/// A game setting a variant declares (e.g. "with switch"); its value is a small number.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SettingSpec {
    pub key: &'static str,
    pub label: &'static str,
    /// Labels of the values 0, 1, …
    pub choices: &'static [&'static str],
    pub default: u8,
}

/// The registry entry of a variant: everything about it that is not a position.
#[derive(Debug, Serialize)]
pub struct VariantInfo {
    /// Stable numeric id, written into links. Never reused.
    pub id: u8,
    /// Stable text id used by the CLI, tests and the page.
    pub slug: &'static str,
    pub name: &'static str,
    /// Bumped whenever the rules or the canonical action order change, so old links are recognised.
    pub revision: u8,
    pub seat_names: &'static [&'static str],
    pub settings: &'static [SettingSpec],
    /// Name of the position notation (e.g. "FEN").
    pub notation: &'static str,
    /// What the variant is about, in one line (the page's start screen).
    pub summary: &'static str,
}

/// A variant: how to start a game and how to read a position of it.
pub trait Rules: Sync {
    fn info(&self) -> &'static VariantInfo;
    /// The seats of a game under these setting values (a player-count setting changes them).
    fn seat_names(&self, _settings: &[u8]) -> &'static [&'static str] {
        self.info().seat_names
    }
    /// The start position under the given setting values (one per [`VariantInfo::settings`] entry).
    fn start(&self, settings: &[u8]) -> Box<dyn Position>;
    /// Whether `seat` sits at the top of the board (rank 16 side): the page turns the board for it.
    fn sits_north(&self, _settings: &[u8], seat: Seat) -> bool {
        seat % 2 == 1
    }
    /// Reads a position in the variant's notation, with every problem reported as a typed error.
    fn parse_position(&self, text: &str, settings: &[u8]) -> crate::error::Result<Box<dyn Position>>;
}

/// A position of some variant, at one decision. Its evaluation for the computer is the search's own
/// trait, [`SearchTuning`].
pub trait Position: SearchTuning + ClonePosition + Send + Sync {
    /// The seat that makes the current decision.
    fn to_move(&self) -> Seat;
    /// Appends the legal options of the current decision, in canonical (ascending) order.
    fn actions(&self, out: &mut Vec<Action>);
    /// Plays an option of the current decision. An action the position cannot play is an
    /// [`ErrorCode::IllegalAction`](chessfront_core::ErrorCode) error that changes nothing, never a silent no-op.
    /// (A variant may decode an action without listing the options, for speed: only [`Position::actions`]
    /// says what is legal, and the game crate's `Game` plays nothing else.)
    fn play(&mut self, action: Action) -> crate::error::Result<()>;
    /// The result when the position itself ends the game (mate, stalemate, no-progress, material).
    /// Repetition needs the history and is the game's to judge.
    fn outcome(&self) -> Option<Outcome>;
    /// Everything that decides future play (placement, side to move, rights, hidden state), but no
    /// counters: two positions with equal keys are "the same position" for repetition.
    fn repetition_key(&self) -> Vec<u8>;
    /// The position in the variant's notation.
    fn to_text(&self) -> String;
    /// How to show and name an action (the action must be legal here).
    fn info(&self, action: Action) -> ActionInfo;
    /// How to show every action of a list at once. Variants whose names need the whole move list
    /// override it to generate that list once instead of once per action.
    fn infos(&self, actions: &[Action]) -> Vec<ActionInfo> {
        actions.iter().map(|&a| self.info(a)).collect()
    }
    fn view(&self) -> BoardView;
    // Capabilities (see [`capabilities`]): a variant that has one hands it out; the rest write nothing.

    /// Chance events, when this game draws on chance (the game then carries a chance source in its link).
    fn chance(&self) -> Option<&dyn ChanceEvents> {
        None
    }
    /// The same, to resolve a pending chance.
    fn chance_mut(&mut self) -> Option<&mut dyn ChanceEvents> {
        None
    }
    /// A setup phase before play.
    fn setup_phase(&self) -> Option<&dyn SetupPhase> {
        None
    }
    /// Turns of steps that the record and the page treat specially.
    fn turn_steps(&self) -> Option<&dyn TurnSteps> {
        None
    }
    /// Seats beyond the two of a duel.
    fn seats(&self) -> Option<&dyn Seats> {
        None
    }
    /// The same, to take a resignation.
    fn seats_mut(&mut self) -> Option<&mut dyn Seats> {
        None
    }
    /// A fast perft over the variant's own move type (see [`crate::perft::perft`]).
    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        None
    }
}

/// Questions about capabilities that callers ask often, answered for every position.
impl dyn Position + '_ {
    /// Whether this game draws on chance at all.
    pub fn uses_chance(&self) -> bool {
        self.chance().is_some()
    }
    /// The chance due before the next decision, if any.
    pub fn pending_chance(&self) -> Option<u32> {
        self.chance().and_then(|c| c.pending_chance())
    }
    /// Whether the current decision is the middle of one gesture (see [`TurnSteps::transient`]).
    pub fn transient(&self) -> bool {
        self.turn_steps().is_some_and(|t| t.transient())
    }
    /// The setup the current decision belongs to, if any (see [`SetupPhase::setup_due`]).
    pub fn setup_due(&self) -> Option<SetupDue> {
        self.setup_phase().and_then(|s| s.setup_due())
    }
    /// The canonical text of a seat's placed setup (see [`SetupPhase::setup_text`]).
    pub fn setup_text(&self, seat: Seat) -> Option<String> {
        self.setup_phase().and_then(|s| s.setup_text(seat))
    }
    /// The seats still playing: both in a duel.
    pub fn active_seats(&self) -> Vec<Seat> {
        self.seats().map_or_else(|| vec![0, 1], |s| s.active_seats())
    }
}

/// The error of an action a position cannot play (out of line: the play of every variant calls it, and
/// only on a caller's mistake).
#[cold]
#[inline(never)]
pub fn not_an_option(action: Action) -> crate::error::Error {
    crate::error::Error::new(
        crate::error::ErrorCode::IllegalAction,
        format!("Action {:#x} is not an option of this decision.", action.0),
    )
}

/// A setup decision: `seat` either seals its setup (a commitment only; the men are placed when it is
/// revealed) or places it on the board, `sealed` telling whether it sealed it before.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SetupDue {
    pub seat: Seat,
    pub seal: bool,
    pub sealed: bool,
}

/// A copy of a position behind the contract, for every position that is `Clone`: no variant writes it.
pub trait ClonePosition {
    fn clone_box(&self) -> Box<dyn Position>;
}

impl<T: Position + Clone + 'static> ClonePosition for T {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// One option of a game's current decision: a variant's action, or one the game itself offers
/// (draw offers and resignation, which every variant shares).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Act(Action),
    OfferDraw,
    AcceptDraw,
    Resign,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Resignation,
    DrawAgreed,
    Repetition,
    NoProgress,
    InsufficientMaterial,
    /// The loser has no pieces left to play with (Checkered stage 2, Chess with Wounds).
    AllCaptured,
    /// Both players had to pass in a row (Chess with Wounds).
    BothPassed,
    /// The player to move had no legal turn without being in check (Napoleon: its king cut off beyond
    /// saving).
    NoLegalTurn,
    /// Every other player was checkmated or resigned (four-player games).
    LastKingStanding,
}

impl EndReason {
    pub const ALL: [EndReason; 11] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::Resignation,
        EndReason::DrawAgreed,
        EndReason::Repetition,
        EndReason::NoProgress,
        EndReason::InsufficientMaterial,
        EndReason::AllCaptured,
        EndReason::BothPassed,
        EndReason::NoLegalTurn,
        EndReason::LastKingStanding,
    ];
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "agreement",
            EndReason::Repetition => "threefold repetition",
            EndReason::NoProgress => "no progress (50-move rule)",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::AllCaptured => "capturing every piece",
            EndReason::BothPassed => "both sides passing",
            EndReason::NoLegalTurn => "leaving the opponent no legal turn",
            EndReason::LastKingStanding => "being the last king standing",
        }
    }
}

/// How a game ended: a winner, or a draw (`winner: None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

impl Outcome {
    pub const fn win(winner: Seat, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }
    /// The result as written in a game score: `1-0`, `0-1`, `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// The score for a game of `seats` players, of whom `still_in` were still playing at the end:
    /// two-player scores as [`Outcome::score`], more players one point to the winner in seat order
    /// (`0-0-1-0`); a draw is shared by the players still in, `½` each, and a player already out scores
    /// 0 (`½-½-0-½`).
    pub fn score_for(&self, seats: usize, still_in: &[Seat]) -> String {
        if seats <= 2 {
            return self.score().to_string();
        }
        (0..seats)
            .map(|s| match self.winner {
                Some(w) if w as usize == s => "1",
                Some(_) => "0",
                None if still_in.contains(&(s as Seat)) => "½",
                None => "0",
            })
            .collect::<Vec<_>>()
            .join("-")
    }
}
