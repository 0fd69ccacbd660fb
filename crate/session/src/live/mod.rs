//! Live play: two browsers over a data channel. See `docs/live.md` for the page's contract.
pub mod clock;
