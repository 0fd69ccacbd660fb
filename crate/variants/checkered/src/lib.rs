//! Checkered Chess, l'Échiqueté (P. Bernier and B. Auder; docs/rules.md, "Checkered Chess"), both stages.
//!
//! Depends on the core and the contract, and on `chessfront-chess` for the orthodox piece kinds and
//! the 8x8 board field of its position text.
//!
//! Stage 1: every non-king capture turns the capturing piece checkered, with the mover's choice of
//! nature (its own kind or the captured kind; a capturing promotion is simply checkered). Checkered
//! pieces belong to the side to move, cannot be captured, and after a move they are the opponent's,
//! so a king must not be left attacked by enemy pieces or by checkered pieces (checkered pawns
//! attacking in the opponent's direction). A non-capturing checkered move A→B may not be answered by
//! a non-capturing checkered move B→A. Pawn two-steps need the mover's flag for that file, which only
//! a two-step from that rank and file clears.
//!
//! The switch (setting, on by default): while a checkered piece exists, the side to move may take the
//! checkered army (`S`, entered as its king's move onto the enemy king's square), a decision of its
//! own after which the same player makes a checkered move. Stage 2: that player moves only checkered
//! pieces, now capturable; the other moves white and black pieces, which never capture each other.
//! Checkered pawns then move both ways. Results keep the original colours.
//!
//! Representation: a mailbox with three colours (white, black, checkered) plus bitboards for attack
//! tests. Moves are generated pseudo-legally, then tested for the king: in stage 1 with the king not
//! attacked, a plain move of a piece that does not alone shield the king from a slider needs only a
//! look at the piece it leaves (a checkered one is the opponent's next); other plain moves are tested
//! on the bitboards after them, en passant and castling on a copy of the position.
//!
//! Action codes: `from << 16 | to << 8 | choice` with engine-wide squares; `choice` is 0 when the
//! piece keeps its kind, else the kind it becomes (1 queen, 2 rook, 3 bishop, 4 knight, 5 pawn);
//! the switch is the king's square to the enemy king's square with choice 0x10.
//!
//! Position notation (vchess): `board turn plyCount flags enPassant lastCheckeredMove stage`, checkered
//! pieces written s (pawn), u (rook), o (knight), c (bishop), t (queen); flags are the four castling
//! rook files (white long, white short, black long, black short; `i` = none) and 16 pawn flags (White
//! a–h, Black a–h); stage `1`, `1-` (no switch), `2w`, `2b`. A bare board (the reference site's diagrams) or
//! any prefix of the fields is accepted, with defaults for the rest (White to move, castling where
//! king and rook stand at home, every pawn flag set, no en passant, no last checkered move, stage 1).
//! vchess has no no-progress clock; ours follows the stage as an eighth field when it is not 0
//! (`… - - 1 37`), so that a position reads back with its clock (and a game drawn by the rule reads back
//! drawn). Without it the clock is 0.

// The layers below, under the names the engine gives them.
use crate::bitboard::*;
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::*;
use crate::square::Square;
use chessfront_core::{bitboard, board_text, error, pieces, square};
use chessfront_rules::{self as rules, perft};

mod board;
mod decisions;
mod eval;
mod movegen;
mod names;
#[cfg(test)]
mod tests;
mod text;

pub use board::*;

pub struct CheckeredRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 6,
    slug: "checkered",
    name: "Checkered Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[SettingSpec {
        key: "switch",
        label: "The switch (stage 2)",
        choices: &["Without switch", "With switch"],
        default: 1,
    }],
    notation: "vchess FEN",
    summary: "Captures make checkered pieces that serve the side to move; a switch starts stage two.",
};

impl Rules for CheckeredRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, settings: &[u8]) -> Box<dyn Position> {
        Box::new(Checkered::start(settings.first().copied().unwrap_or(1) == 1))
    }
    fn parse_position(&self, text: &str, settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Checkered::from_fen(text, settings.first().copied().unwrap_or(1) == 1)?))
    }
}
