//! The orthodox board: pieces and colours, castling rights, moves as values and lists, the position's
//! state (bitboards and a mailbox), and placing and reading pieces.

use super::*;

pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
pub(super) const NO_PIECE: u8 = 0xff;
pub(super) const NO_SQUARE: u8 = 64;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

/// The kinds by this file's codes ([`PAWN`] = 0 … [`KING`] = 5).
pub const KINDS: [Kind; 6] = [pieces::PAWN, pieces::KNIGHT, pieces::BISHOP, pieces::ROOK, pieces::QUEEN, pieces::KING];
/// The board field of FEN.
pub const SHAPE: Shape = Shape { width: 8, height: 8, runs: Runs::Digit };
pub const COLOR_NAMES: [&str; 2] = ["white", "black"];

/// Castling right bits.
pub(super) const WHITE_SHORT: u8 = 1;
pub(super) const WHITE_LONG: u8 = 2;
pub(super) const BLACK_SHORT: u8 = 4;
pub(super) const BLACK_LONG: u8 = 8;

/// Rights kept when a piece leaves or arrives on a square (rook and king home squares clear them).
pub(super) static CASTLING_KEPT: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !WHITE_LONG;
    t[7] = 15 & !WHITE_SHORT;
    t[4] = 15 & !(WHITE_SHORT | WHITE_LONG);
    t[56] = 15 & !BLACK_LONG;
    t[63] = 15 & !BLACK_SHORT;
    t[60] = 15 & !(BLACK_SHORT | BLACK_LONG);
    t
};

/// What kind of move a [`Move`] is, beyond from and to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    /// Promotion to the given piece kind.
    Promotion(u8),
    EnPassant,
    Castle,
}

/// A move in the 8x8 index space, as the generator produces it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
}

impl Move {
    pub(super) const NONE: Move = Move { from: 0, to: 0, kind: MoveKind::Normal };

    /// The move's action code (see the module docs).
    pub fn action(self) -> Action {
        // Queen first, so choosers list the usual choice first.
        let promotion = match self.kind {
            MoveKind::Promotion(QUEEN) => 1,
            MoveKind::Promotion(ROOK) => 2,
            MoveKind::Promotion(BISHOP) => 3,
            MoveKind::Promotion(_) => 4,
            _ => 0,
        };
        Action((to_square(self.from).0 as u64) << 16 | (to_square(self.to).0 as u64) << 8 | promotion)
    }
}

/// A fixed-capacity move list: no allocation in the generator (218 is the known maximum).
pub struct MoveList {
    pub(super) moves: [Move; 256],
    pub(super) len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NONE; 256], len: 0 }
    }
    #[inline]
    pub(super) fn push(&mut self, m: Move) {
        // The capacity exceeds the legal maximum; a full list would be a generator bug, never input.
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

/// An orthodox chess position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_kind: [Bitboard; 6],
    /// Piece kind on each square, or NO_PIECE.
    pub(super) mailbox: [u8; 64],
    pub(super) turn: u8,
    pub(super) castling: u8,
    /// Square a pawn skipped with its last two-step (NO_SQUARE if none), whether or not it can be taken.
    pub(super) ep_square: u8,
    pub(super) halfmove_clock: u16,
    pub(super) fullmove: u16,
    /// The enemy pieces that attack the side to move's king: kept with every change of the position
    /// (`make`, `remove_as_turn`, `passed`, `from_fen`), since the search asks at every node, several
    /// times (check extension, the game's end, the move list, whether a move gives check).
    pub(super) checkers: Bitboard,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    pub fn start() -> Chess {
        // The constant is valid by construction; the unit tests parse it.
        Chess::from_fen(START_FEN).unwrap_or_else(|_| Chess::empty())
    }

    pub(super) fn empty() -> Chess {
        Chess {
            by_color: [0; 2],
            by_kind: [0; 6],
            mailbox: [NO_PIECE; 64],
            turn: WHITE,
            castling: 0,
            ep_square: NO_SQUARE,
            halfmove_clock: 0,
            fullmove: 1,
            checkers: 0,
        }
    }

    pub(super) fn put(&mut self, sq: u8, color: u8, kind: u8) {
        self.by_color[color as usize] |= bit(sq);
        self.by_kind[kind as usize] |= bit(sq);
        self.mailbox[sq as usize] = kind;
    }

    pub fn remove(&mut self, sq: u8) {
        let kind = self.mailbox[sq as usize];
        if kind != NO_PIECE {
            self.by_kind[kind as usize] &= !bit(sq);
            self.by_color[0] &= !bit(sq);
            self.by_color[1] &= !bit(sq);
            self.mailbox[sq as usize] = NO_PIECE;
        }
    }

    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on an 8x8 square: (colour, kind).
    pub fn piece_at(&self, sq: u8) -> Option<(u8, u8)> {
        let kind = self.mailbox[sq as usize];
        if kind == NO_PIECE {
            None
        } else {
            Some((if self.by_color[0] & bit(sq) != 0 { WHITE } else { BLACK }, kind))
        }
    }

    /// Every piece of `color`.
    pub fn all_pieces(&self, color: u8) -> Bitboard {
        self.by_color[color as usize]
    }

    pub fn pieces(&self, color: u8, kind: u8) -> Bitboard {
        self.by_color[color as usize] & self.by_kind[kind as usize]
    }

    pub fn king_square(&self, color: u8) -> Option<u8> {
        let sq = self.king_index(color);
        (sq != NO_SQUARE).then_some(sq)
    }
}
