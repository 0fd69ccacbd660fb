//! Gunnery Chess (M. Winther; docs/rules.md, "Gunnery Chess"): orthodox chess plus the cannon pawn.
//!
//! A pawn whose first occupied square straight ahead holds a friendly piece (the screen) may leap
//! over the screen onto an enemy piece further along the file; pawn and target both vanish and the
//! landing square stays empty. Scanning beyond the screen, every enemy piece is a target until the
//! first enemy pawn (a target itself) or a second friendly piece (not a target). Cannon attacks are
//! attacks: they give check and forbid castling through or into them.
//!
//! Built on orthodox chess (`chessfront-chess`, besides the core and the contract): every Gunnery
//! attack set contains the orthodox one, so the legal moves are the orthodox legal moves that also
//! leave the king safe from cannons (castling: the king's three squares too), plus the legal cannon
//! shots.
//!
//! Action codes: orthodox moves keep the chess layout (`from << 16 | to << 8 | promotion`); a shot
//! is `from << 16 | to << 8 | 8`. A shot's squares differ from every orthodox move's (it goes
//! straight ahead onto an occupied square), the extra marker keeps the code readable.

// The layers below, under the names the engine gives them.
use crate::bitboard::{from_square, to_square, Squares};
use crate::error::Result;
use crate::rules::SearchTuning;
use crate::rules::*;
use chessfront_chess::{Chess, Move, MoveKind, MoveList, KING, PAWN, VALUES, WHITE};
use chessfront_core::{bitboard, error, square, Error, ErrorCode};
use chessfront_rules::{self as rules, perft};

mod decisions;
mod eval;
mod moves;
mod names;

/// The marker in the low byte of a shot's action code.
const SHOT: u64 = 8;

/// A Gunnery move: an orthodox move or a cannon shot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GunneryMove {
    Orthodox(Move),
    /// The pawn on `from` leaps over its screen onto `to`; both vanish.
    Shot {
        from: u8,
        to: u8,
    },
}

impl GunneryMove {
    pub fn action(self) -> Action {
        match self {
            GunneryMove::Orthodox(m) => m.action(),
            GunneryMove::Shot { from, to } => {
                Action((to_square(from).0 as u64) << 16 | (to_square(to).0 as u64) << 8 | SHOT)
            }
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gunnery {
    board: Chess,
}

impl Gunnery {
    pub fn start() -> Gunnery {
        Gunnery { board: Chess::start() }
    }

    pub fn from_fen(text: &str) -> Result<Gunnery> {
        let board = Chess::from_fen(text)?;
        let pos = Gunnery { board };
        // Orthodox validation checked the waiting king against orthodox attacks; cannons count too.
        let waiting = pos.board.turn() ^ 1;
        if pos.king_attacked(waiting) {
            return Err(crate::Error::new(
                crate::ErrorCode::BadPosition,
                "Invalid FEN: the side not to move is in check (from a cannon pawn).",
            ));
        }
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        self.board.fen_with_ep(self.legal_ep(&self.legal_moves()))
    }
}

pub struct GunneryRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 4,
    slug: "gunnery",
    name: "Gunnery Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "FEN",
    summary: "Pawns leap as cannons over a friendly screen and blow up with their target.",
};

impl Rules for GunneryRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Gunnery::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Gunnery::from_fen(text)?))
    }
}
