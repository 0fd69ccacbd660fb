//! The board: piece codes (checkered pieces as a third colour), moves as values, the position's
//! state, placing and reading pieces.

use super::*;

pub(super) const PAWN: u8 = 0;
pub(super) const KNIGHT: u8 = 1;
pub(super) const BISHOP: u8 = 2;
pub(super) const ROOK: u8 = 3;
pub(super) const QUEEN: u8 = 4;
pub(super) const KING: u8 = 5;
pub(super) const WHITE: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const CHECKERED: u8 = 2;
pub(super) const EMPTY: u8 = 0xff;

/// The kinds by this file's codes, chess's ([`PAWN`] = 0 … [`KING`] = 5).
pub(super) const KINDS: [Kind; 6] = chessfront_chess::KINDS;
pub(super) const VALUES: [i32; 6] = pieces::values(&KINDS);
pub(super) const COLOR_NAMES: [&str; 3] = ["white", "black", "checkered"];
/// The letters of checkered pieces (pawn, knight, bishop, rook, queen; either case), as vchess writes them.
pub(super) const CHECKERED_LETTERS: [char; 5] = ['s', 'o', 'c', 'u', 't'];
/// Choice byte of the kind a piece becomes (0 = keeps its kind).
pub(super) const CHOICE_OF_KIND: [u64; 6] = [5, 4, 3, 2, 1, 0];
pub(super) const SWITCH_CHOICE: u64 = 0x10;
pub(super) const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
pub(super) const NO_FILE: u8 = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Stage {
    One,
    /// Stage 2, with the original colour of the player who took the checkered army.
    Two {
        checkered_side: u8,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Special {
    None,
    DoubleStep,
    /// En passant: the captured pawn's square.
    EnPassant(u8),
    /// Castling: rook from and to.
    Castle(u8, u8),
    Switch,
}

/// A move: which piece goes where and what stands on `to` afterwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CMove {
    pub(super) from: u8,
    pub(super) to: u8,
    /// Colour and kind of the piece on `to` after the move.
    pub(super) color: u8,
    pub(super) kind: u8,
    pub(super) special: Special,
}

impl CMove {
    pub(super) fn action(self, moving_kind: u8) -> Action {
        let choice = match self.special {
            Special::Switch => SWITCH_CHOICE,
            _ if self.kind != moving_kind => CHOICE_OF_KIND[self.kind as usize],
            _ => 0,
        };
        Action((to_square(self.from).0 as u64) << 16 | (to_square(self.to).0 as u64) << 8 | choice)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Checkered {
    /// `color << 3 | kind` per square, or EMPTY.
    pub(super) board: [u8; 64],
    pub(super) by_color: [Bitboard; 3],
    pub(super) by_kind: [Bitboard; 6],
    /// The original colour whose turn it is.
    pub(super) turn: u8,
    /// Castling rook files: white long, white short, black long, black short (NO_FILE = none).
    pub(super) castle_files: [u8; 4],
    /// Two-step flags: bit `color * 8 + file`.
    pub(super) pawn_flags: u16,
    /// En passant: the skipped square and the pawn that skipped it.
    pub(super) ep: Option<(u8, u8)>,
    /// The last move, when it was a non-capturing checkered move (stage 1).
    pub(super) last_checkered_move: Option<(u8, u8)>,
    pub(super) stage: Stage,
    pub(super) with_switch: bool,
    pub(super) ply_count: u32,
    pub(super) halfmove_clock: u16,
}

pub(super) fn color_of(code: u8) -> u8 {
    code >> 3
}
pub(super) fn kind_of(code: u8) -> u8 {
    code & 7
}
pub(super) const fn rank(sq: u8) -> u8 {
    sq >> 3
}
pub(super) const fn file(sq: u8) -> u8 {
    sq & 7
}
/// Pawn step for a direction: 0 = up (White's way), 1 = down.
pub(super) const fn forward(direction: u8) -> i8 {
    if direction == 0 {
        8
    } else {
        -8
    }
}

impl Checkered {
    pub(super) fn empty() -> Checkered {
        Checkered {
            board: [EMPTY; 64],
            by_color: [0; 3],
            by_kind: [0; 6],
            turn: WHITE,
            castle_files: [NO_FILE; 4],
            pawn_flags: 0xffff,
            ep: None,
            last_checkered_move: None,
            stage: Stage::One,
            with_switch: true,
            ply_count: 0,
            halfmove_clock: 0,
        }
    }

    pub fn start(with_switch: bool) -> Checkered {
        let mut pos = Checkered::empty();
        let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        for f in 0..8u8 {
            pos.put(f, WHITE, back[f as usize]);
            pos.put(8 + f, WHITE, PAWN);
            pos.put(48 + f, BLACK, PAWN);
            pos.put(56 + f, BLACK, back[f as usize]);
        }
        pos.castle_files = [0, 7, 0, 7];
        pos.with_switch = with_switch;
        pos
    }

    pub(super) fn put(&mut self, sq: u8, color: u8, kind: u8) {
        self.remove(sq);
        self.board[sq as usize] = color << 3 | kind;
        self.by_color[color as usize] |= bit(sq);
        self.by_kind[kind as usize] |= bit(sq);
    }

    pub(super) fn remove(&mut self, sq: u8) {
        let code = self.board[sq as usize];
        if code != EMPTY {
            self.by_color[color_of(code) as usize] &= !bit(sq);
            self.by_kind[kind_of(code) as usize] &= !bit(sq);
            self.board[sq as usize] = EMPTY;
        }
    }

    pub(super) fn piece(&self, sq: u8) -> Option<(u8, u8)> {
        let code = self.board[sq as usize];
        (code != EMPTY).then(|| (color_of(code), kind_of(code)))
    }

    pub(super) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.by_color[2]
    }

    pub(super) fn king(&self, color: u8) -> Option<u8> {
        let kings = self.by_color[color as usize] & self.by_kind[KING as usize];
        (kings != 0).then(|| kings.trailing_zeros() as u8)
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }
}
