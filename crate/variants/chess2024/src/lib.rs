//! Chess 2024 (docs/rules.md, "Chess 2024"): the battlefield, reserves, archers and the fortunes of war.
//!
//! A 12x12 board ([`WIDTH`] is one constant: its author plans a 16-file board). Orthodox pieces without
//! castling, en passant or promotion; elite pawns (move 1-2 forward or back or 1 sideways, capture
//! like pawns), jesters (a queen limited to 2 squares), cannons and ammunition stacks confined to the
//! home base (ranks 1-3 / 10-12). A cannon with a loaded stack directly behind it fires instead of
//! moving: the shot lands on an empty square 1-5 ahead on its file, everything on the 8 squares
//! around is blown away, and the landing square becomes a crater of the firing side. Craters block
//! everything but knights, archers and shots; the other side may repair one with any move that could
//! capture a piece standing there. A king may not stand where a loaded enemy cannon could blast it
//! (a blast check), nor fire into its own blast. Frontal attacks move a run of 2-5 pawns, elites or
//! jesters forward together.
//!
//! Every piece that leaves the board goes to its owner's reserve; a whole turn may take a piece off
//! for credit and/or bring a reserve piece on for its cost; after 16 losses a side may call its four
//! archers. With the fortunes of war (a setting), one chance event strikes between plies 20 and 60;
//! the game draws it (`chessfront-game`'s `chance`) (seeded, or commit and reveal over links).
//!
//! Action codes (ascending = canonical order): `class << 40 | ...`. Class 0, board actions:
//! `from << 16 | to << 8 | tag` with engine-wide squares, tag 0 an ordinary move (capture, crater
//! repair), 1 a shot, 2 a frontal attack led by the piece on `from`. Class 1, substitutions:
//! `removed << 24 | kind << 16 | place << 8` (0xff for none). Class 2, archer calls: a bit per file.
//!
//! Position notation: FEN-like, ranks 12 to 1 separated by `/`, runs of empty squares as numbers (up
//! to 12), letters K Q R B N P (orthodox), E elite, J jester, C cannon, A ammunition stack followed by
//! its shots in parentheses (`A(3)`), H archer, X a crater (upper case: White's, lower case: Black's);
//! then the side to move, the no-progress clock and the move number; once anything has left the
//! board, reserves, credits, losses and archers left, and `used` after the fortune struck. Between
//! plies 20 and 60, a position written after the chance of the ply about to be played was drawn and
//! missed ends in `drawn` (reserves and the rest written out too): read back, it draws no chance
//! before its first move, where a position without it (`-`, or the fields left out) draws one first.
//!
//! Depends on the core and the contract only; its chance comes through the contract's
//! [`rules::ChanceEvents`], drawn by the game.

// The layers below, under the names the engine gives them.
use crate::board_text::{Problem, Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::*;
use crate::square::Square;
use chessfront_core::{board_text, error, pieces, square};
use chessfront_rules::{self as rules, perft};
use std::sync::Arc;

mod attacks;
mod board;
mod decisions;
mod eval;
mod fortune;
mod moves;
mod names;
mod play;
mod text;
mod view;

pub use board::*;

/// The square index of a square name on this board (for tests and tools).
pub fn index(name: &str) -> Option<usize> {
    Square::parse(name).and_then(from_sq)
}

pub struct Chess2024Rules;

pub static INFO: VariantInfo = VariantInfo {
    id: 2,
    slug: "chess2024",
    name: "Chess 2024",
    // 2: substitutions, archer calls and the fortunes of war (part 2).
    revision: 2,
    seat_names: &["White", "Black"],
    settings: &[SettingSpec { key: "fortunes", label: "Fortunes of war", choices: &["Off", "On"], default: 1 }],
    notation: "Chess 2024 FEN",
    summary: "A 12x12 battlefield: cannons, jesters, reserves, archers and a fortune of war.",
};

impl Rules for Chess2024Rules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, settings: &[u8]) -> Box<dyn Position> {
        let mut pos = Chess2024::start();
        pos.fortune.enabled = settings.first().copied().unwrap_or(1) == 1;
        Box::new(pos)
    }
    fn parse_position(&self, text: &str, settings: &[u8]) -> Result<Box<dyn Position>> {
        let mut pos = Chess2024::from_text(text)?;
        pos.fortune.enabled = settings.first().copied().unwrap_or(1) == 1;
        Ok(Box::new(pos))
    }
}
