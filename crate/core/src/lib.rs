//! The bottom layer of Chessfront's engine: what every other layer speaks of and nothing below it.
//!
//! - [`square`] and [`bitboard`]: board coordinates for every board size up to 16x16, and 64-square sets.
//! - [`pieces`]: the kinds of pieces (letters, names, values, directions) the variants share.
//! - [`board_text`]: the board field of every variant's position text, read and written once.
//! - [`error`]: failures with stable codes and a message for the player, in each [`lang::Language`].
//! - [`lang`]: the languages the engine writes in, and the French of its fixed names and notes.
//! - [`base64url`], [`crc32`] and [`short_sort`]: the links' alphabet and checksum, and a sort for lists
//!   of a few items.
//!
//! Pure Rust: no wasm, no browser, no entropy. It depends on no other Chessfront crate, so every layer
//! above can use it and none of it can reach a rule.
#![forbid(unsafe_code)]

pub mod base64url;
pub mod bitboard;
pub mod board_text;
pub mod crc32;
pub mod error;
pub mod lang;
pub mod pieces;
pub mod short_sort;
pub mod square;

pub use error::{Error, ErrorCode, Result};
pub use lang::Language;
pub use square::Square;
