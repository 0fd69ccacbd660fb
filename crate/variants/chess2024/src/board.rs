//! The battlefield: sizes, piece kinds and their costs, squares and directions, moves as values,
//! the position's state, and the few questions about a square everything else asks.

use super::*;

/// Board width: a single constant, as the variant's author plans a wider board later.
pub const WIDTH: usize = 12;
pub const HEIGHT: usize = 12;
pub(super) const SIZE: usize = WIDTH * HEIGHT;

pub const KING: u8 = 0;
pub const QUEEN: u8 = 1;
pub const ROOK: u8 = 2;
pub const BISHOP: u8 = 3;
pub const KNIGHT: u8 = 4;
pub const PAWN: u8 = 5;
pub const ELITE: u8 = 6;
pub const JESTER: u8 = 7;
pub const CANNON: u8 = 8;
pub const STACK: u8 = 9;
pub const ARCHER: u8 = 10;
pub(super) const KINDS: usize = 11;
pub(super) const WHITE: u8 = 0;
pub(super) const BLACK: u8 = 1;

/// The kinds by this file's codes ([`KING`] = 0 … [`ARCHER`] = 10): the orthodox ones, then this
/// variant's own (declared with the others in `pieces`).
pub const KIND_TABLE: [Kind; KINDS] = [
    pieces::KING,
    pieces::QUEEN,
    pieces::ROOK,
    pieces::BISHOP,
    pieces::KNIGHT,
    pieces::PAWN,
    pieces::ELITE_PAWN,
    pieces::JESTER,
    pieces::CANNON,
    pieces::STACK,
    pieces::ARCHER,
];
pub(super) const COLOR_NAMES: [&str; 2] = ["white", "black"];
/// The board field: 12 ranks, runs of up to two digits.
pub(super) const SHAPE: Shape = Shape { width: WIDTH, height: HEIGHT, runs: Runs::Number(2) };
pub(super) const MAX_SHOTS: u8 = 6;
pub(super) const ARCHERS: u8 = 4;
/// Losses a side must have suffered before it may call its archers.
pub(super) const ARCHER_CONDITION: u8 = 16;
/// Cost to bring on and credit for taking off, by kind (STACK stands for one shot; kings and archers are
/// never substituted).
pub(super) const COST: [u16; KINDS] = [0, 9, 5, 3, 3, 1, 2, 4, 4, 1, 0];
pub(super) const CREDIT: [u16; KINDS] = [0, 8, 4, 2, 2, 1, 1, 3, 3, 1, 0];
/// Reserve kinds that can be brought on, in the order options are listed.
pub(super) const BRINGABLE: [u8; 9] = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN, ELITE, JESTER, CANNON, STACK];

pub(super) const ORTHOGONAL: [(i8, i8); 4] = pieces::ORTHOGONAL;
pub(super) const DIAGONAL: [(i8, i8); 4] = pieces::DIAGONAL;
pub(super) const ALL_DIRECTIONS: [(i8, i8); 8] = pieces::COMPASS;
pub(super) const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

pub(super) const TAG_STEP: u64 = 0;
pub(super) const TAG_FIRE: u64 = 1;
pub(super) const TAG_FRONTAL: u64 = 2;
/// Action classes above board actions, in canonical order.
pub(super) const CLASS_SUBSTITUTE: u64 = 1;
pub(super) const CLASS_ARCHERS: u64 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: u8,
    pub kind: u8,
    /// Shots of an ammunition stack (0 for other pieces).
    pub shots: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    Empty,
    Piece(Piece),
    /// A crater, owned by the side that fired.
    Crater(u8),
}

/// Square index: rank * WIDTH + file.
pub(super) type Idx = usize;

pub(super) const fn file_of(i: Idx) -> usize {
    i % WIDTH
}
pub(super) const fn rank_of(i: Idx) -> usize {
    i / WIDTH
}
pub(super) fn offset(i: Idx, (df, dr): (i8, i8)) -> Option<Idx> {
    let f = file_of(i) as i32 + df as i32;
    let r = rank_of(i) as i32 + dr as i32;
    ((0..WIDTH as i32).contains(&f) && (0..HEIGHT as i32).contains(&r)).then(|| r as usize * WIDTH + f as usize)
}
pub(super) fn to_sq(i: Idx) -> Square {
    Square::new(file_of(i) as u8, rank_of(i) as u8)
}
pub(super) fn from_sq(sq: Square) -> Option<Idx> {
    ((sq.file() as usize) < WIDTH && (sq.rank() as usize) < HEIGHT)
        .then(|| sq.rank() as usize * WIDTH + sq.file() as usize)
}
/// Rank step towards the enemy.
pub(super) const fn forward(color: u8) -> i8 {
    if color == WHITE {
        1
    } else {
        -1
    }
}
/// File step to the mover's right (higher files for White, lower for Black).
pub(super) const fn right(color: u8) -> i8 {
    if color == WHITE {
        1
    } else {
        -1
    }
}
pub(super) fn in_home_base(color: u8, i: Idx) -> bool {
    if color == WHITE {
        rank_of(i) <= 2
    } else {
        rank_of(i) >= HEIGHT - 3
    }
}
pub(super) const fn start_rank(color: u8) -> usize {
    if color == WHITE {
        2
    } else {
        HEIGHT - 3
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move24 {
    /// An ordinary move, capture or crater repair.
    Step { from: Idx, to: Idx },
    /// The cannon on `cannon` fires a shot onto `landing`.
    Fire { cannon: Idx, landing: Idx },
    /// A frontal attack led by the piece on `lead`, whose own destination is `to`.
    Frontal { lead: Idx, to: Idx },
    /// A substitution: take a piece off the board and/or bring a reserve item on (`(kind, place)`;
    /// a shot goes onto the stack on `place`, or becomes a new stack there).
    Substitute { remove: Option<Idx>, bring: Option<(u8, Idx)> },
    /// Archers called onto the own back rank, one per file bit.
    CallArchers { files: u16 },
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess2024 {
    pub(super) board: [Cell; SIZE],
    pub(super) turn: u8,
    pub(super) halfmove_clock: u16,
    pub(super) fullmove: u16,
    /// Pieces (and, under STACK, single shots) each side has off the board.
    pub(super) reserve: [[u8; KINDS]; 2],
    /// Substitution credits (part 2).
    pub(super) credits: [u16; 2],
    /// Own pieces (not stacks) lost to captures, blasts and events: the archer condition.
    pub(super) losses: [u8; 2],
    /// Reserve items that came as a gift of fortune and may be brought on at no cost.
    pub(super) free: [[u8; KINDS]; 2],
    /// Archers not called yet (an archer that leaves the board is gone for good).
    pub(super) archers_left: [u8; 2],
    /// Fortunes of war: the one chance event of the game.
    pub(super) fortune: Fortune,
    /// The positions before the last plies while the event is still to come, newest first, for the
    /// Joker. A shared chain: recording a ply costs one copy of the board however many copies (the
    /// search's, the move tests') branch off it.
    pub(super) past: Option<Arc<Past>>,
    /// The legal moves, computed once per position: naming, listing, playing and judging the outcome
    /// all need them.
    pub(super) legal: LegalCache,
}

/// One position of the Joker's way back, and the ones before it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Past {
    pub(super) position: Chess2024,
    pub(super) before: Option<Arc<Past>>,
}

/// How many plies the Joker takes back (or to the start of the game).
pub(super) const JOKER_PLIES: usize = 10;

/// A lazily filled list of legal moves, shared by copies (the search copies a position, then plays one
/// of its moves on the copy) and emptied by every change of the position (`make`, the fortunes of war).
/// Two positions compare equal whatever their caches hold.
#[derive(Default, Debug)]
pub(super) struct LegalCache(pub(super) std::sync::OnceLock<Arc<Vec<Move24>>>);

impl Clone for LegalCache {
    fn clone(&self) -> Self {
        let copy = std::sync::OnceLock::new();
        if let Some(moves) = self.0.get() {
            let _ = copy.set(Arc::clone(moves));
        }
        LegalCache(copy)
    }
}

impl PartialEq for LegalCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LegalCache {}

/// The state of the fortunes of war.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Fortune {
    pub(super) enabled: bool,
    pub(super) used: bool,
    /// The last ply number whose chance was drawn.
    pub(super) checked: u16,
    /// The event that just happened (shown until the next move).
    pub(super) event: Option<FortuneEvent>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct FortuneEvent {
    pub(super) title: String,
    pub(super) text: String,
    pub(super) squares: Vec<Idx>,
}

/// The cards of fortune, in the order a draw picks them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Card {
    QueenOfHearts,
    AceOfSpades,
    Joker,
}

/// Plies between which the event happens, inclusive.
pub const FORTUNE_PLIES: (u16, u16) = (20, 60);
/// Kinds the Queen of Hearts may give.
pub(super) const GIFTS: [u8; 8] = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN, ELITE, JESTER, CANNON];
pub(super) const PAIRS: u64 = ((WIDTH - 1) * HEIGHT + WIDTH * (HEIGHT - 1)) as u64;
/// How many kinds the Queen of Hearts gives (in the order queen, rook, bishop, knight, pawn, elite,
/// jester, cannon) and how many pairs of adjacent squares the Ace of Spades may strike (side by side
/// rank by rank from a1-b1, then one above the other from a1-a2): the ranges of the `detail` of
/// [`Chess2024::forced_chance`].
pub const GIFT_KINDS: u64 = GIFTS.len() as u64;
pub const SQUARE_PAIRS: u64 = PAIRS;

impl Chess2024 {
    pub fn start() -> Chess2024 {
        let mut board = [Cell::Empty; SIZE];
        let back = [ROOK, KNIGHT, BISHOP, STACK, JESTER, QUEEN, KING, JESTER, STACK, BISHOP, KNIGHT, ROOK];
        let third = [ELITE, ELITE, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, ELITE, ELITE];
        for color in [WHITE, BLACK] {
            let (r1, r2, r3) = if color == WHITE { (0, 1, 2) } else { (HEIGHT - 1, HEIGHT - 2, HEIGHT - 3) };
            for f in 0..WIDTH {
                let kind = back[f];
                let shots = if kind == STACK { 3 } else { 0 };
                board[r1 * WIDTH + f] = Cell::Piece(Piece { color, kind, shots });
                board[r3 * WIDTH + f] = Cell::Piece(Piece { color, kind: third[f], shots: 0 });
            }
            for f in [3, 8] {
                board[r2 * WIDTH + f] = Cell::Piece(Piece { color, kind: CANNON, shots: 0 });
            }
        }
        Chess2024 { board, ..Chess2024::blank() }
    }

    /// An empty board, White to move, nothing in reserve, all archers uncalled.
    pub(super) fn blank() -> Chess2024 {
        Chess2024 {
            board: [Cell::Empty; SIZE],
            turn: WHITE,
            halfmove_clock: 0,
            fullmove: 1,
            reserve: [[0; KINDS]; 2],
            credits: [0; 2],
            losses: [0; 2],
            free: [[0; KINDS]; 2],
            archers_left: [ARCHERS; 2],
            fortune: Fortune::default(),
            past: None,
            legal: LegalCache::default(),
        }
    }

    pub(super) fn piece(&self, i: Idx) -> Option<Piece> {
        match self.board[i] {
            Cell::Piece(p) => Some(p),
            _ => None,
        }
    }

    pub(super) fn is_empty(&self, i: Idx) -> bool {
        self.board[i] == Cell::Empty
    }

    pub(super) fn is(&self, i: Idx, color: u8, kind: u8) -> bool {
        self.piece(i).is_some_and(|p| p.color == color && p.kind == kind)
    }

    /// Whether a capturing move of `me` may end on `i`: empty, an enemy piece (never the king: reaching
    /// it would mean the enemy had left it in check), or an enemy crater (a repair).
    pub(super) fn enterable(&self, i: Idx, me: u8) -> bool {
        match self.board[i] {
            Cell::Empty => true,
            Cell::Piece(p) => p.color != me && p.kind != KING,
            Cell::Crater(owner) => owner != me,
        }
    }

    pub(super) fn king(&self, color: u8) -> Option<Idx> {
        (0..SIZE).find(|&i| self.is(i, color, KING))
    }
}
