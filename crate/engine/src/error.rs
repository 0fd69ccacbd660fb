//! Typed errors with stable codes.
//!
//! Every failure that can come from outside (a link, a position text, a move name, an index sent by
//! the page) is an [`Error`]: a stable machine code that the page and tests switch on, and a message
//! written for a player. Codes never change meaning once published; new failures get new codes.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorCode {
    /// No variant has that slug or id.
    UnknownVariant,
    /// A position text could not be read or describes an impossible position.
    BadPosition,
    /// A game option is unknown or has a bad value.
    BadOption,
    /// An action index or move name does not name a legal action now.
    IllegalAction,
    /// The game is over; no more actions.
    GameOver,
    /// Undo at the start of the game.
    NothingToUndo,
    /// A ply number outside the record.
    NoSuchPly,
    /// The link is not a Chessfront link at all (bad characters, empty, not decodable).
    LinkMalformed,
    /// The link ends too early: probably cut off when it was copied.
    LinkTruncated,
    /// The link's checksum does not match: it was altered or mistyped.
    LinkCorrupted,
    /// The link was made by a newer version of Chessfront.
    LinkNewerVersion,
    /// The link names a variant this page does not know.
    LinkUnknownVariant,
    /// The link was made under another revision of the variant's rules.
    LinkRulesRevision,
    /// The link's record holds a move that is not legal when replayed.
    LinkIllegalMove,
    /// A secret revealed for chance (or kept by this browser) does not match its commitment.
    LinkBadReveal,
}

impl ErrorCode {
    /// The stable code string exposed to JavaScript and printed by the CLI.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownVariant => "unknown-variant",
            ErrorCode::BadPosition => "bad-position",
            ErrorCode::BadOption => "bad-option",
            ErrorCode::IllegalAction => "illegal-action",
            ErrorCode::GameOver => "game-over",
            ErrorCode::NothingToUndo => "nothing-to-undo",
            ErrorCode::NoSuchPly => "no-such-ply",
            ErrorCode::LinkMalformed => "link-malformed",
            ErrorCode::LinkTruncated => "link-truncated",
            ErrorCode::LinkCorrupted => "link-corrupted",
            ErrorCode::LinkNewerVersion => "link-newer-version",
            ErrorCode::LinkUnknownVariant => "link-unknown-variant",
            ErrorCode::LinkRulesRevision => "link-rules-revision",
            ErrorCode::LinkIllegalMove => "link-illegal-move",
            ErrorCode::LinkBadReveal => "link-bad-reveal",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    pub code: ErrorCode,
    pub message: String,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error { code, message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
