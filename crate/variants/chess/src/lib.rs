//! Orthodox chess (docs/rules.md, "Chess"): FIDE rules with automatic draws, FEN notation and SAN move names.
//!
//! The position is kept as bitboards plus a mailbox; move generation is fully legal (checks, pins and
//! en-passant discoveries handled at generation time), and [`Chess::perft`] counts the last ply by list
//! length (bulk counting). The 8x8 variants built on orthodox chess reuse [`crate::bitboard`].
//!
//! Action codes: `from << 16 | to << 8 | promotion`, with engine-wide squares (rank * 16 + file) and
//! promotion 0 = none, 1 = queen, 2 = rook, 3 = bishop, 4 = knight. Castling is the king's move
//! (e1g1). Ascending codes are the canonical order, so this layout is part of the link format.
//!
//! Depends on the core and the contract only. Gunnery, Wounds and Checkered depend on this crate for
//! the orthodox board, move generation or piece shapes they share.

// The layers below, under the names the engine gives them.
use crate::bitboard::*;
use crate::board_text::{Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::*;
use chessfront_core::{bitboard, board_text, error, pieces, square, Square};
use chessfront_rules as rules;

mod board;
mod decisions;
mod eval;
mod exchange;
mod movegen;
pub mod orthodox;
mod san;
mod text;

#[cfg(test)]
mod tests;

pub use board::*;
pub use eval::VALUES;

pub struct ChessRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 1,
    slug: "chess",
    name: "Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "FEN",
    summary: "The classic game, with FIDE rules and automatic draws.",
};

impl Rules for ChessRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Chess::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Chess::from_fen(text)?))
    }
}
