//! Chess with Wounds (docs/rules.md, "Chess with Wounds"): pieces are sets of prongs that break off; wounded pieces rotate.
//!
//! Every piece is a set of prongs, each a board direction and a length: short (one square), long (a
//! slide) or a knight leap. A piece moves and attacks only along its prongs. An attack on a piece that
//! has a prong pointing back at the attacker wounds that prong (long becomes short, short or knight
//! breaks off) and the attacker stays; otherwise, or when the wound breaks the last prong, the piece
//! is captured. Knights only wound or are wounded by knights. Instead of moving, a wounded non-knight
//! may rotate all its prongs by 45 degrees. No check, castling, promotion, en passant or two-steps; the
//! king is an ordinary piece; taking every enemy piece wins. A side with no action passes; two passes
//! in a row draw.
//!
//! Depends on the core and the contract, and on `chessfront-chess` for the orthodox piece kinds and
//! the 8x8 board field of its position text.
//!
//! Action codes: a move or attack is `from << 16 | to << 8`; a rotation is `square << 16 | square << 8
//! | 1` (left, counterclockwise) or `| 2` (right, clockwise); the forced pass is `0xffffff`.
//!
//! Position notation: a FEN board, side to move, consecutive passes (0, 1, or 2 once both sides passed
//! and the game is drawn), no-progress clock and move number, e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 0 1`. A piece whose prongs differ from
//! its kind's start is followed by its prongs in braces: for compass pieces 8 characters for N, NE,
//! E, SE, S, SW, W, NW, each `.` (none), `s` (short) or `l` (long); for knights 8 characters for the
//! leaps clockwise from north-north-east, each `.` or `k`. A wounded rook: `R{l.l.s.l.}`; the same
//! rook rotated right: `R{.l.l.s.l}`.

// The layers below, under the names the engine gives them.
use crate::bitboard::to_square;
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::*;
use chessfront_core::{bitboard, board_text, error, pieces, square, Square};
use chessfront_rules::{self as rules, perft};

mod decisions;
mod eval;
mod moves;
mod names;
mod text;

pub use moves::WMove;

const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const BISHOP: u8 = 2;
const ROOK: u8 = 3;
const QUEEN: u8 = 4;
const KING: u8 = 5;
const WHITE: u8 = 0;
/// An attack and its answer: the attacker stays after a wound, so longer exchanges never end.
const QUIESCENCE: u32 = 2;

/// The kinds by this file's codes, chess's ([`PAWN`] = 0 … [`KING`] = 5).
const KINDS: [Kind; 6] = chessfront_chess::KINDS;
/// Values for the computer: the king is an ordinary piece here, valued like a minor piece.
const VALUES: [i32; 6] = {
    let mut values = pieces::values(&KINDS);
    values[KING as usize] = 300;
    values
};
const COLOR_NAMES: [&str; 2] = ["white", "black"];

/// Compass directions clockwise from north: N, NE, E, SE, S, SW, W, NW (prongs are written in this order).
const COMPASS: [(i8, i8); 8] = pieces::COMPASS;
/// Knight leaps clockwise from north-north-east.
const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

const ROTATE_LEFT: u64 = 1;
const ROTATE_RIGHT: u64 = 2;
const PASS: Action = Action(0xff_ffff);

/// A piece: its owner, its kind and its current prongs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    color: u8,
    kind: u8,
    /// Compass prongs present (bit i = direction i) and which of them are long.
    prongs: u8,
    long: u8,
    /// Knight prongs present.
    knight: u8,
}

impl Piece {
    fn new(color: u8, kind: u8) -> Piece {
        let (prongs, long, knight) = start_prongs(color, kind);
        Piece { color, kind, prongs, long, knight }
    }

    fn prong_count(self) -> u32 {
        self.prongs.count_ones() + self.knight.count_ones()
    }

    /// Fewer prongs, or fewer long prongs, than its kind starts with.
    fn is_wounded(self) -> bool {
        let (prongs, long, knight) = start_prongs(self.color, self.kind);
        self.prong_count() < prongs.count_ones() + knight.count_ones() || self.long.count_ones() < long.count_ones()
    }

    fn rotated(self, clockwise: bool) -> Piece {
        let turn = |m: u8| if clockwise { m.rotate_left(1) } else { m.rotate_right(1) };
        Piece { prongs: turn(self.prongs), long: turn(self.long), ..self }
    }

    fn view(self) -> Prongs {
        Prongs { short: self.prongs & !self.long, long: self.long, knight: self.knight }
    }
}

/// (compass prongs, long prongs, knight prongs) of a kind at the start.
fn start_prongs(color: u8, kind: u8) -> (u8, u8, u8) {
    match kind {
        PAWN if color == WHITE => (0b1000_0011, 0, 0), // N, NE, NW
        PAWN => (0b0011_1000, 0, 0),                   // SE, S, SW
        KNIGHT => (0, 0, 0xff),
        BISHOP => (0b1010_1010, 0b1010_1010, 0),
        ROOK => (0b0101_0101, 0b0101_0101, 0),
        QUEEN => (0xff, 0xff, 0),
        _ => (0xff, 0, 0),
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wounds {
    board: [Option<Piece>; 64],
    turn: u8,
    /// Passes in a row so far (two end the game).
    passes: u8,
    halfmove_clock: u16,
    fullmove: u16,
}

impl Wounds {
    pub fn start() -> Wounds {
        let mut board = [None; 64];
        let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        for f in 0..8 {
            board[f] = Some(Piece::new(WHITE, back[f]));
            board[8 + f] = Some(Piece::new(WHITE, PAWN));
            board[48 + f] = Some(Piece::new(1, PAWN));
            board[56 + f] = Some(Piece::new(1, back[f]));
        }
        Wounds { board, turn: WHITE, passes: 0, halfmove_clock: 0, fullmove: 1 }
    }

    fn has_pieces(&self, color: u8) -> bool {
        self.board.iter().flatten().any(|p| p.color == color)
    }
}

pub struct WoundsRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 5,
    slug: "wounds",
    name: "Chess with Wounds",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "Wounds FEN",
    summary: "Pieces are prongs that break off: a wounded piece fights on, and turns.",
};

impl Rules for WoundsRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Wounds::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Wounds::from_text(text)?))
    }
}
