//! Live play: a game played over a data channel between browsers, with clocks. The page's contract
//! (calls, formats, the clock policy) is `docs/live.md`.
//!
//! Nothing here is a new trust path: a move over the channel is the game's link, taken only through
//! [`crate::Session::continue_stored`] as a pasted link is; the two control messages that change a
//! game without a decision in its record (a takeback answer, a flag claim) are signed with the
//! seat's authorship key ([`chessfront_game::live::statement`]). What this module adds is state: the
//! clocks ([`clock`]), the connection, a takeback under way and a fall of the flag, kept with the
//! stored game so that a reload or a dropped channel keeps them.

// The commands (the crate's `live` feature: left out of the page's one-variant modules).
#[cfg(feature = "live")]
mod channel;
#[cfg(feature = "live")]
mod flag;
#[cfg(feature = "live")]
mod handshake;
#[cfg(feature = "live")]
mod takeback;
#[cfg(feature = "live")]
pub(crate) use takeback::takeback_ply;
// The state, as every build reads and keeps it.
pub mod clock;
mod text;
#[cfg(feature = "live")]
pub(crate) use text::lasting;
pub mod view;

use crate::error::{Error, ErrorCode};
use crate::keep::StoredGame;
use crate::Seat;
use chessfront_game::live::TimeControl;
use clock::Clocks;
use serde::Serialize;

#[cfg(feature = "live")]
pub use handshake::{Answered, Invited, ReadAnswer};

/// The state of the channel(s) of a live game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// An invitation is out (or the channel was never opened since this page loaded).
    Waiting,
    Connected,
    /// The channel dropped: clocks keep running until the player goes on by links.
    Disconnected,
    /// The game went on by links: the clocks are stopped for good.
    Links,
}

impl Connection {
    pub fn name(self) -> &'static str {
        match self {
            Connection::Waiting => "waiting",
            Connection::Connected => "connected",
            Connection::Disconnected => "disconnected",
            Connection::Links => "links",
        }
    }
}

/// A takeback asked for and not answered yet (never stored: a reload forgets it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Takeback {
    pub by: Seat,
    /// The record's length after the takeback.
    pub ply: usize,
    /// The game's takeback count when it was asked (a replayed answer names another).
    pub seq: u32,
    /// The record's length when it was asked: any decision since cancels it.
    pub plies: usize,
    /// The requester's authorship signature over the shortened record, if it has a decision left.
    pub author_signature: Option<[u8; 64]>,
}

/// A live game's state in this browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    /// `None`: a live game without clocks.
    pub clocks: Option<Clocks>,
    pub connection: Connection,
    /// The seats this browser has a channel with, and its state (two players: the opponent; the hub
    /// of four: every other seat).
    pub peers: Vec<(Seat, Connection)>,
    /// Takebacks made in this game (a signed answer names the count it answers).
    pub takebacks: u32,
    /// The game ended on time in this browser: that seat's time ran out.
    pub flagged: Option<Seat>,
    /// The record's length the clocks have followed.
    pub seen: usize,
    /// The last link the peers have (sent or received): a link that differs is sent.
    pub peer_link: Option<String>,
    /// The clock this browser's seat reported with its last decision.
    pub report: Option<u64>,
    /// No clocks of this browser's own yet (opened from an invitation): the first hello's are taken.
    pub fresh: bool,
    pub takeback: Option<Takeback>,
    /// The opponent offers a rematch: its new game's link.
    pub rematch: Option<String>,
    /// The time of the last live call (the page counts down from it).
    pub measured_at: u64,
}

impl Live {
    pub fn new(control: Option<TimeControl>, seats: usize, plies: usize, now: u64) -> Live {
        Live {
            clocks: control.map(|c| Clocks::new(c, seats, now)),
            connection: Connection::Waiting,
            peers: Vec::new(),
            takebacks: 0,
            flagged: None,
            seen: plies,
            peer_link: None,
            report: None,
            fresh: false,
            takeback: None,
            rematch: None,
            measured_at: now,
        }
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(|c| c.control)
    }

    /// The stored game's live state, if it was played live and its text reads.
    pub fn from_stored(stored: &StoredGame) -> Option<Live> {
        Live::from_text(stored.live.as_deref()?)
    }

    /// Sets the connection with `peer` (or with every peer when `None`) and the game's connection:
    /// connected while any channel is open.
    pub fn set_connection(&mut self, peer: Option<Seat>, state: Connection) {
        match peer {
            Some(seat) => match self.peers.iter_mut().find(|(s, _)| *s == seat) {
                Some(entry) => entry.1 = state,
                None => self.peers.push((seat, state)),
            },
            None => self.peers.iter_mut().for_each(|entry| entry.1 = state),
        }
        let any_open = self.peers.iter().any(|(_, c)| *c == Connection::Connected);
        self.connection = if any_open { Connection::Connected } else { state };
    }
}

/// The live state of a stored game as this build keeps it in the open game: all of it with live play;
/// without (a link's one-variant module), only the fall of a flag, which still refuses later moves
/// (the stored text itself is kept as it is when the game is saved).
pub(crate) fn kept(stored: &StoredGame) -> Option<Box<Live>> {
    #[cfg(feature = "live")]
    return Live::from_stored(stored).map(Box::new);
    #[cfg(not(feature = "live"))]
    {
        let flagged: Seat = stored.live.as_deref()?.split(';').nth(11)?.parse().ok()?;
        Some(Box::new(Live { flagged: Some(flagged), ..Live::new(None, 0, 0, 0) }))
    }
}

/// The open game ended on time in this browser.
pub(crate) fn over_on_time(o: &crate::Open) -> bool {
    o.live.as_ref().is_some_and(|l| l.flagged.is_some())
}

pub(crate) fn over_on_time_error() -> Error {
    Error::bilingual(
        ErrorCode::LiveOverOnTime,
        "This game ended on time: no move is taken in it any more.",
        "Cette partie est terminée au temps : aucun coup n'y est plus accepté.",
    )
}

#[cfg(feature = "live")]
pub(crate) fn not_live() -> Error {
    Error::bilingual(
        ErrorCode::LiveNotLive,
        "There is no live game open for this.",
        "Aucune partie en direct n'est ouverte pour cela.",
    )
}

/// What the page's peer connection needs after an invitation or an answer was opened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Opened {
    /// "answer": make an answer to `offer_sdp`; "offer": set `answer_sdp` on the waiting offer.
    pub role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer_sdp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer_sdp: Option<String>,
    pub game_id: String,
    pub seat: Seat,
}

/// An invitation opened here, waiting for the page's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answering {
    pub game_id: u64,
    pub seat: Seat,
}

/// The notice of a game ended on time.
pub(crate) fn on_time_notice(names: &[&str], flagged: Seat) -> crate::Notice {
    let name = names.get(flagged as usize).copied().unwrap_or("?");
    crate::Notice::info(
        "live-on-time",
        format!("{name}'s time ran out: {name} loses on time."),
        format!("Le temps des {} est écoulé : ils perdent au temps.", crate::lang::Language::Fr.seat_label(name)),
    )
}

#[cfg(test)]
mod tests;
