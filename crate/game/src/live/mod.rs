//! Live play's formats: what two browsers exchange to open a data channel between them and to play
//! over it, none of which adds a trust path (a move over the channel is the game's link).
//!
//! - [`sdp`]: the essentials of a WebRTC data-channel description, compact, and the full text rebuilt.
//! - [`control`]: time controls and their presets.
//! - [`handshake`]: the invitation (`live=`) and the answer (`answer=`) as URL fragments.
//! - [`envelope`]: the messages over the channel, one text each.
//! - [`statement`]: what a signed control message (a takeback answer, a flag claim) vouches for.
//!
//! The session applies them (`crate/session/src/live/`); `docs/live.md` is the page's contract.

mod bytes;
pub mod control;
pub mod envelope;
pub mod handshake;
pub mod sdp;
pub mod statement;

pub use control::TimeControl;
