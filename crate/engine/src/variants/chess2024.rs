//! Chess 2024 (RULINGS §1): the battlefield, reserves, archers and the fortunes of war.
//!
//! A 12x12 board ([`WIDTH`] is one constant: the seed plans a 16-file board). Orthodox pieces without
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
//! the game draws it through [`crate::chance`] (seeded, or commit and reveal over links).
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

use crate::board_text::{self, Problem, Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::{self, Kind};
use crate::rules::*;
use crate::search::SearchTuning;
use crate::square::Square;
use std::sync::Arc;

/// Board width: a single constant, as the seed plans a wider board later.
pub const WIDTH: usize = 12;
pub const HEIGHT: usize = 12;
const SIZE: usize = WIDTH * HEIGHT;

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
const KINDS: usize = 11;
const WHITE: u8 = 0;
const BLACK: u8 = 1;

/// The kinds by this file's codes ([`KING`] = 0 … [`ARCHER`] = 10): the orthodox ones, then this
/// variant's own. Their moves are this file's (a jester is a queen limited to 2 squares, a cannon
/// fires, an archer shoots), so they carry no directions.
const KIND_TABLE: [Kind; KINDS] = [
    pieces::KING,
    pieces::QUEEN,
    pieces::ROOK,
    pieces::BISHOP,
    pieces::KNIGHT,
    pieces::PAWN,
    Kind { code: "E", letter: 'e', name: "elite pawn", value: 150 },
    Kind { code: "J", letter: 'j', name: "jester", value: 300 },
    Kind { code: "C", letter: 'c', name: "cannon", value: 450 },
    // A stack is worth its shots (see `piece_value`).
    Kind { code: "A", letter: 'a', name: "stack", value: 0 },
    Kind { code: "H", letter: 'h', name: "archer", value: 250 },
];
const COLOR_NAMES: [&str; 2] = ["white", "black"];
/// The board field: 12 ranks, runs of up to two digits.
const SHAPE: Shape = Shape { width: WIDTH, height: HEIGHT, runs: Runs::Number(2) };
const MAX_SHOTS: u8 = 6;
const ARCHERS: u8 = 4;
/// Losses a side must have suffered before it may call its archers.
const ARCHER_CONDITION: u8 = 16;
/// Cost to bring on and credit for taking off, by kind (STACK stands for one shot; kings and archers are
/// never substituted).
const COST: [u16; KINDS] = [0, 9, 5, 3, 3, 1, 2, 4, 4, 1, 0];
const CREDIT: [u16; KINDS] = [0, 8, 4, 2, 2, 1, 1, 3, 3, 1, 0];
/// Reserve kinds that can be brought on, in the order options are listed.
const BRINGABLE: [u8; 9] = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN, ELITE, JESTER, CANNON, STACK];

const ORTHOGONAL: [(i8, i8); 4] = pieces::ORTHOGONAL;
const DIAGONAL: [(i8, i8); 4] = pieces::DIAGONAL;
const ALL_DIRECTIONS: [(i8, i8); 8] = pieces::COMPASS;
const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

const TAG_STEP: u64 = 0;
const TAG_FIRE: u64 = 1;
const TAG_FRONTAL: u64 = 2;
/// Action classes above board actions, in canonical order.
const CLASS_SUBSTITUTE: u64 = 1;
const CLASS_ARCHERS: u64 = 2;

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
type Idx = usize;

const fn file_of(i: Idx) -> usize {
    i % WIDTH
}
const fn rank_of(i: Idx) -> usize {
    i / WIDTH
}
fn offset(i: Idx, (df, dr): (i8, i8)) -> Option<Idx> {
    let f = file_of(i) as i32 + df as i32;
    let r = rank_of(i) as i32 + dr as i32;
    ((0..WIDTH as i32).contains(&f) && (0..HEIGHT as i32).contains(&r)).then(|| r as usize * WIDTH + f as usize)
}
fn to_sq(i: Idx) -> Square {
    Square::new(file_of(i) as u8, rank_of(i) as u8)
}
fn from_sq(sq: Square) -> Option<Idx> {
    ((sq.file() as usize) < WIDTH && (sq.rank() as usize) < HEIGHT)
        .then(|| sq.rank() as usize * WIDTH + sq.file() as usize)
}
/// Rank step towards the enemy.
const fn forward(color: u8) -> i8 {
    if color == WHITE {
        1
    } else {
        -1
    }
}
/// File step to the mover's right (higher files for White, lower for Black).
const fn right(color: u8) -> i8 {
    if color == WHITE {
        1
    } else {
        -1
    }
}
fn in_home_base(color: u8, i: Idx) -> bool {
    if color == WHITE {
        rank_of(i) <= 2
    } else {
        rank_of(i) >= HEIGHT - 3
    }
}
const fn start_rank(color: u8) -> usize {
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
    board: [Cell; SIZE],
    turn: u8,
    halfmove_clock: u16,
    fullmove: u16,
    /// Pieces (and, under STACK, single shots) each side has off the board.
    reserve: [[u8; KINDS]; 2],
    /// Substitution credits (part 2).
    credits: [u16; 2],
    /// Own pieces (not stacks) lost to captures, blasts and events: the archer condition.
    losses: [u8; 2],
    /// Reserve items that came as a gift of fortune and may be brought on at no cost.
    free: [[u8; KINDS]; 2],
    /// Archers not called yet (an archer that leaves the board is gone for good).
    archers_left: [u8; 2],
    /// Fortunes of war: the one chance event of the game.
    fortune: Fortune,
    /// The positions before the last plies while the event is still to come, newest first, for the
    /// Joker. A shared chain: recording a ply costs one copy of the board however many copies (the
    /// search's, the move tests') branch off it.
    past: Option<Arc<Past>>,
    /// The legal moves, computed once per position: naming, listing, playing and judging the outcome
    /// all need them.
    legal: LegalCache,
}

/// One position of the Joker's way back, and the ones before it.
#[derive(Debug, PartialEq, Eq)]
struct Past {
    position: Chess2024,
    before: Option<Arc<Past>>,
}

/// How many plies the Joker takes back (or to the start of the game).
const JOKER_PLIES: usize = 10;

/// A lazily filled list of legal moves, shared by copies (the search copies a position, then plays one
/// of its moves on the copy) and emptied by every change of the position (`make`, the fortunes of war).
/// Two positions compare equal whatever their caches hold.
#[derive(Default, Debug)]
struct LegalCache(std::sync::OnceLock<Arc<Vec<Move24>>>);

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
struct Fortune {
    enabled: bool,
    used: bool,
    /// The last ply number whose chance was drawn.
    checked: u16,
    /// The event that just happened (shown until the next move).
    event: Option<FortuneEvent>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct FortuneEvent {
    title: String,
    text: String,
    squares: Vec<Idx>,
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
const GIFTS: [u8; 8] = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN, ELITE, JESTER, CANNON];
const PAIRS: u64 = ((WIDTH - 1) * HEIGHT + WIDTH * (HEIGHT - 1)) as u64;
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
    fn blank() -> Chess2024 {
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

    /// The number of the ply about to be played (1 = White's first move).
    fn ply_to_play(&self) -> u16 {
        // Saturating: the move number comes from text and may be as large as u16 allows.
        (self.fullmove.saturating_sub(1)).saturating_mul(2).saturating_add(self.turn as u16 + 1)
    }

    /// Whether the chance of the ply about to be played was drawn and the event did not strike: the
    /// notation's `drawn` (a position written between that draw and the move).
    fn fortune_drawn(&self) -> bool {
        let ply = self.ply_to_play();
        !self.fortune.used && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply) && self.fortune.checked >= ply
    }

    fn fortune_pending(&self) -> bool {
        let ply = self.ply_to_play();
        self.fortune.enabled
            && !self.fortune.used
            && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply)
            && self.fortune.checked < ply
    }

    /// The chance value that makes a given card happen at a given ply, with `detail` choosing within
    /// the card (the gift's kind, or for the Ace: even = two adjacent squares with `detail / 2` choosing the
    /// pair, odd = isolated pieces). For tests and the command line's forced events.
    pub fn forced_chance(ply: u16, card: Card, detail: u64) -> u64 {
        let n = (FORTUNE_PLIES.1 + 1).saturating_sub(ply).max(1) as u64;
        let card = match card {
            Card::QueenOfHearts => 0,
            Card::AceOfSpades => 1,
            Card::Joker => 2,
        };
        (detail * 3 + card) * n
    }

    /// Draws the chance of this ply: the event happens with probability 1 / (61 - ply), so that over
    /// plies 20..=60 its ply is uniform; then a card with equal chance, then the card's details.
    fn draw_fortune(&mut self, value: u64) -> Option<String> {
        self.legal = LegalCache::default();
        let ply = self.ply_to_play();
        self.fortune.checked = ply;
        let n = (FORTUNE_PLIES.1 + 1 - ply) as u64;
        if value % n != 0 {
            return None;
        }
        let rest = value / n;
        let me = self.turn;
        let side_name = if me == WHITE { "White" } else { "Black" };
        let event = match rest % 3 {
            0 => {
                let kind = GIFTS[(rest / 3 % GIFTS.len() as u64) as usize];
                let (reserve, free) =
                    (&mut self.reserve[me as usize][kind as usize], &mut self.free[me as usize][kind as usize]);
                *reserve = reserve.saturating_add(1);
                *free = free.saturating_add(1);
                const NAMES: [&str; KINDS] = [
                    "king",
                    "queen",
                    "rook",
                    "bishop",
                    "knight",
                    "pawn",
                    "elite pawn",
                    "jester",
                    "cannon",
                    "shot",
                    "archer",
                ];
                FortuneEvent {
                    title: "Queen of Hearts".into(),
                    text: format!(
                        "Good news for {side_name}: a {} joins {side_name}'s reserve and may be brought on at no cost.",
                        NAMES[kind as usize]
                    ),
                    squares: Vec::new(),
                }
            }
            1 => {
                let detail = rest / 3;
                let (victims, how) = if detail % 2 == 0 {
                    let pair = detail / 2 % PAIRS;
                    let horizontal = ((WIDTH - 1) * HEIGHT) as u64;
                    let (a, b) = if pair < horizontal {
                        let (r, f) = ((pair / (WIDTH as u64 - 1)) as usize, (pair % (WIDTH as u64 - 1)) as usize);
                        (r * WIDTH + f, r * WIDTH + f + 1)
                    } else {
                        let j = pair - horizontal;
                        let (r, f) = ((j / WIDTH as u64) as usize, (j % WIDTH as u64) as usize);
                        (r * WIDTH + f, (r + 1) * WIDTH + f)
                    };
                    (vec![a, b], format!("every piece on {} and {} is killed", to_sq(a), to_sq(b)))
                } else {
                    let isolated: Vec<Idx> = (0..SIZE)
                        .filter(|&i| self.piece(i).is_some_and(|p| p.color == me))
                        .filter(|&i| ALL_DIRECTIONS.iter().all(|&d| offset(i, d).map_or(true, |n| self.is_empty(n))))
                        .collect();
                    (isolated, format!("every isolated {side_name} piece is killed"))
                };
                let mut killed = 0;
                for &i in &victims {
                    if let Some(p) = self.piece(i).filter(|p| p.kind != KING) {
                        self.board[i] = Cell::Empty;
                        self.leave_board(p);
                        killed += 1;
                    }
                }
                FortuneEvent {
                    title: "Ace of Spades".into(),
                    text: format!("Bad times for {side_name}: {how} ({killed} lost; kings are immune)."),
                    squares: victims,
                }
            }
            _ => {
                // Back 10 plies, or to the start; everything returns but the event stays used.
                // The JOKER_PLIES-th position back, or the oldest kept (the start of the game).
                let mut back = 0;
                let mut oldest = None;
                let mut node = self.past.as_deref();
                while let Some(past) = node.filter(|_| back < JOKER_PLIES) {
                    back += 1;
                    oldest = Some(&past.position);
                    node = past.before.as_deref();
                }
                if let Some(restored) = oldest.cloned() {
                    let fortune = self.fortune.clone();
                    *self = restored;
                    self.fortune = fortune;
                }
                FortuneEvent {
                    title: "Joker".into(),
                    text: format!("The game goes back {back} plies, restoring everything; the event is used."),
                    squares: Vec::new(),
                }
            }
        };
        self.fortune.used = true;
        // The event changed the board, the reserves or the position as a whole (the Joker).
        self.legal = LegalCache::default();
        self.past = None;
        let note = format!("Fortunes of war: {}! {}", event.title, event.text);
        self.fortune.event = Some(event);
        Some(note)
    }

    fn piece(&self, i: Idx) -> Option<Piece> {
        match self.board[i] {
            Cell::Piece(p) => Some(p),
            _ => None,
        }
    }

    fn is_empty(&self, i: Idx) -> bool {
        self.board[i] == Cell::Empty
    }

    fn is(&self, i: Idx, color: u8, kind: u8) -> bool {
        self.piece(i).is_some_and(|p| p.color == color && p.kind == kind)
    }

    /// Whether a capturing move of `me` may end on `i`: empty, an enemy piece (never the king: reaching
    /// it would mean the enemy had left it in check), or an enemy crater (a repair).
    fn enterable(&self, i: Idx, me: u8) -> bool {
        match self.board[i] {
            Cell::Empty => true,
            Cell::Piece(p) => p.color != me && p.kind != KING,
            Cell::Crater(owner) => owner != me,
        }
    }

    fn king(&self, color: u8) -> Option<Idx> {
        (0..SIZE).find(|&i| self.is(i, color, KING))
    }

    /// The stack directly behind a cannon, if it is its own and loaded.
    fn loaded(&self, cannon: Idx, color: u8) -> bool {
        offset(cannon, (0, -forward(color))).is_some_and(|behind| {
            self.piece(behind).is_some_and(|p| p.color == color && p.kind == STACK && p.shots > 0)
        })
    }

    /// Landing squares of the cannon on `cannon`: empty squares 1-5 ahead on its file.
    fn landings(&self, cannon: Idx, color: u8) -> Vec<Idx> {
        if !self.loaded(cannon, color) {
            return Vec::new();
        }
        (1..=5).filter_map(|d| offset(cannon, (0, forward(color) * d))).filter(|&l| self.is_empty(l)).collect()
    }

    fn blast_area(landing: Idx) -> impl Iterator<Item = Idx> {
        ALL_DIRECTIONS.into_iter().filter_map(move |d| offset(landing, d))
    }

    /// Normal attacks of `by` on square `target` (craters block lines; knights leap; archers fly).
    fn attacked(&self, target: Idx, by: u8) -> bool {
        let fwd = forward(by);
        for df in [-1, 1] {
            if let Some(from) = offset(target, (df, -fwd)) {
                if self.is(from, by, PAWN) || self.is(from, by, ELITE) {
                    return true;
                }
            }
        }
        if LEAPS.iter().any(|&d| offset(target, d).is_some_and(|i| self.is(i, by, KNIGHT))) {
            return true;
        }
        for d in ALL_DIRECTIONS {
            let diagonal = d.0 != 0 && d.1 != 0;
            let mut i = target;
            for distance in 1.. {
                let Some(next) = offset(i, d) else { break };
                i = next;
                match self.board[i] {
                    Cell::Empty => continue,
                    Cell::Crater(_) => break,
                    Cell::Piece(p) => {
                        if p.color == by {
                            let hits = match p.kind {
                                KING => distance == 1,
                                JESTER => distance <= 2,
                                QUEEN => true,
                                ROOK => !diagonal,
                                BISHOP => diagonal,
                                _ => false,
                            };
                            if hits {
                                return true;
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.archer_attacks(target, by)
    }

    /// Whether an archer of `by` could capture a piece of the other side on `target`: it is the first
    /// such piece within 5 squares straight ahead of the archer, and the square beyond it is empty or
    /// off the board.
    fn archer_attacks(&self, target: Idx, by: u8) -> bool {
        let fwd = forward(by);
        let beyond_clear = offset(target, (0, fwd)).map_or(true, |b| self.is_empty(b));
        if !beyond_clear {
            return false;
        }
        let mut i = target;
        for _ in 1..=5 {
            let Some(next) = offset(i, (0, -fwd)) else { return false };
            i = next;
            match self.board[i] {
                Cell::Piece(p) if p.color == by && p.kind == ARCHER => return true,
                Cell::Piece(p) if p.color != by => return false, // the archer cannot fly over this one
                _ => {}
            }
        }
        false
    }

    /// Whether a loaded cannon of `by` could blast `target` with its next shot.
    fn blast_threat(&self, target: Idx, by: u8) -> bool {
        let near =
            |a: Idx, b: Idx| a != b && file_of(a).abs_diff(file_of(b)) <= 1 && rank_of(a).abs_diff(rank_of(b)) <= 1;
        // Only cannons on the target's file or a neighbouring one can land next to it.
        // Found only when a loaded cannon is in reach (most positions have none).
        let mut own_king: Option<Option<Idx>> = None;
        for f in file_of(target).saturating_sub(1)..=(file_of(target) + 1).min(WIDTH - 1) {
            for r in 0..HEIGHT {
                let c = r * WIDTH + f;
                if !self.is(c, by, CANNON) || !self.loaded(c, by) {
                    continue;
                }
                for d in 1..=5 {
                    let Some(l) = offset(c, (0, forward(by) * d)) else { break };
                    // A shot that would also blast the firer's own king is no threat: it cannot be fired.
                    if self.is_empty(l)
                        && near(l, target)
                        && own_king.get_or_insert_with(|| self.king(by)).map_or(true, |k| !near(l, k))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The draw once the halfmove clock reaches 100 plies without progress.
    fn no_progress_draw(&self) -> Option<Outcome> {
        (self.halfmove_clock >= 100).then(|| Outcome::draw(EndReason::NoProgress))
    }

    pub fn in_check(&self, color: u8) -> bool {
        match self.king(color) {
            Some(k) => self.attacked(k, color ^ 1) || self.blast_threat(k, color ^ 1),
            None => false,
        }
    }

    /// The lead's run for a frontal attack: itself and the same pieces directly to the mover's right.
    fn run(&self, lead: Idx, piece: Piece) -> Vec<Idx> {
        let mut run = vec![lead];
        let mut i = lead;
        while run.len() < 5 {
            match offset(i, (right(piece.color), 0)) {
                Some(next) if self.piece(next) == Some(piece) => {
                    run.push(next);
                    i = next;
                }
                _ => break,
            }
        }
        run
    }

    /// Whether the piece on `from` can move straight forward `distance` squares on its own.
    fn straight_forward(&self, from: Idx, piece: Piece, distance: i8) -> Option<Idx> {
        let fwd = forward(piece.color);
        let one = offset(from, (0, fwd))?;
        let to = offset(from, (0, fwd * distance))?;
        if distance == 2 && !self.is_empty(one) {
            return None;
        }
        let ok = match piece.kind {
            PAWN => self.is_empty(to) && (distance == 1 || rank_of(from) == start_rank(piece.color)),
            ELITE => self.is_empty(to),
            JESTER => self.enterable(to, piece.color),
            _ => false,
        };
        ok.then_some(to)
    }

    /// Every pseudo-legal action of the side to move (legality against checks comes after).
    fn pseudo_moves(&self, out: &mut Vec<Move24>) {
        let me = self.turn;
        for from in 0..SIZE {
            let Some(p) = self.piece(from).filter(|p| p.color == me) else { continue };
            let mut step = |to: Idx| out.push(Move24::Step { from, to });
            match p.kind {
                KING => {
                    for d in ALL_DIRECTIONS {
                        if let Some(to) = offset(from, d).filter(|&to| self.enterable(to, me)) {
                            step(to);
                        }
                    }
                }
                QUEEN | ROOK | BISHOP | JESTER => {
                    let dirs: &[(i8, i8)] = match p.kind {
                        ROOK => &ORTHOGONAL,
                        BISHOP => &DIAGONAL,
                        _ => &ALL_DIRECTIONS,
                    };
                    let reach = if p.kind == JESTER { 2 } else { WIDTH.max(HEIGHT) };
                    for &d in dirs {
                        let mut i = from;
                        for _ in 0..reach {
                            let Some(next) = offset(i, d) else { break };
                            i = next;
                            if self.is_empty(i) {
                                step(i);
                                continue;
                            }
                            if self.enterable(i, me) {
                                step(i);
                            }
                            break;
                        }
                    }
                }
                KNIGHT => {
                    for d in LEAPS {
                        if let Some(to) = offset(from, d).filter(|&to| self.enterable(to, me)) {
                            step(to);
                        }
                    }
                }
                PAWN | ELITE => {
                    let fwd = forward(me);
                    let mut quiet: Vec<(i8, i8)> = vec![(0, fwd)];
                    if p.kind == ELITE {
                        quiet.extend([(0, -fwd), (1, 0), (-1, 0)]);
                    }
                    for &d in &quiet {
                        if let Some(one) = offset(from, d).filter(|&i| self.is_empty(i)) {
                            step(one);
                            // Two squares: elites straight either way, pawns forward from their start rank.
                            let two_allowed = d.0 == 0 && (p.kind == ELITE || rank_of(from) == start_rank(me));
                            if let Some(two) =
                                offset(from, (d.0 * 2, d.1 * 2)).filter(|&i| two_allowed && self.is_empty(i))
                            {
                                step(two);
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = offset(from, (df, fwd)) {
                            if !self.is_empty(to) && self.enterable(to, me) {
                                step(to);
                            }
                        }
                    }
                }
                CANNON | STACK => {
                    for d in ORTHOGONAL {
                        if let Some(to) = offset(from, d).filter(|&to| self.is_empty(to) && in_home_base(me, to)) {
                            step(to);
                        }
                    }
                    if p.kind == CANNON {
                        for landing in self.landings(from, me) {
                            out.push(Move24::Fire { cannon: from, landing });
                        }
                    }
                }
                ARCHER => self.archer_moves(from, me, out),
                _ => {}
            }
            if matches!(p.kind, PAWN | ELITE | JESTER) {
                let run = self.run(from, p);
                if run.len() >= 2 {
                    for distance in [1, 2] {
                        let Some(to) = self.straight_forward(from, p, distance) else { continue };
                        // A run whose lead captures at once is just the lead's ordinary move.
                        if self.piece(to).is_some() {
                            continue;
                        }
                        if run[1..].iter().all(|&m| self.straight_forward(m, p, distance).is_some()) {
                            out.push(Move24::Frontal { lead: from, to });
                        }
                    }
                }
            }
        }
        self.substitutions(me, out);
        self.archer_calls(me, out);
    }

    /// The first free square of the own back rank from the player's own left (a→l for White, l→a for
    /// Black), the square being vacated by a removal counting as free.
    fn first_free_back_rank(&self, me: u8, vacated: Option<Idx>) -> Option<Idx> {
        let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
        let files: Vec<usize> = if me == WHITE { (0..WIDTH).collect() } else { (0..WIDTH).rev().collect() };
        files.into_iter().map(|f| rank * WIDTH + f).find(|&i| self.is_empty(i) || Some(i) == vacated)
    }

    /// Substitutions: take one own piece off (for its credit) and/or bring one reserve item on (for
    /// its cost), never the kind just taken off.
    fn substitutions(&self, me: u8, out: &mut Vec<Move24>) {
        let side = me as usize;
        let removable =
            (0..SIZE).filter(|&i| self.piece(i).is_some_and(|p| p.color == me && p.kind != KING && p.kind != ARCHER));
        for remove in std::iter::once(None).chain(removable.map(Some)) {
            let taken = remove.and_then(|i| self.piece(i));
            let gain = taken.map_or(0, |p| if p.kind == STACK { p.shots as u16 } else { CREDIT[p.kind as usize] });
            if remove.is_some() {
                out.push(Move24::Substitute { remove, bring: None });
            }
            for kind in BRINGABLE {
                if taken.is_some_and(|p| p.kind == kind) || self.reserve[side][kind as usize] == 0 {
                    continue;
                }
                let cost = if self.free[side][kind as usize] > 0 { 0 } else { COST[kind as usize] };
                if self.credits[side].saturating_add(gain) < cost {
                    continue;
                }
                if kind == STACK {
                    let shots = self.shots_on_board(me) - taken.map_or(0, |p| p.shots as u32);
                    if shots >= MAX_SHOTS as u32 {
                        continue;
                    }
                    for stack in (0..SIZE).filter(|&i| Some(i) != remove && self.is(i, me, STACK)) {
                        out.push(Move24::Substitute { remove, bring: Some((STACK, stack)) });
                    }
                }
                if let Some(place) = self.first_free_back_rank(me, remove) {
                    out.push(Move24::Substitute { remove, bring: Some((kind, place)) });
                }
            }
        }
    }

    /// Archer calls: once a side has lost 16 pieces, 1 to 4 of its remaining archers onto free squares
    /// of its back rank, as a whole turn; each set of squares is one action.
    fn archer_calls(&self, me: u8, out: &mut Vec<Move24>) {
        let side = me as usize;
        if self.losses[side] < ARCHER_CONDITION || self.archers_left[side] == 0 {
            return;
        }
        let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
        let free: u16 = (0..WIDTH).filter(|&f| self.is_empty(rank * WIDTH + f)).fold(0, |m, f| m | 1 << f);
        let most = self.archers_left[side].min(ARCHERS) as u32;
        for files in 1..(1u16 << WIDTH) {
            if files & !free == 0 && files.count_ones() <= most {
                out.push(Move24::CallArchers { files });
            }
        }
    }

    /// Archer moves: 1-5 straight forward or back over own pieces and craters (never over an enemy) to an
    /// empty square, 1 sideways; captures the first enemy straight ahead within 5 if the square beyond is
    /// clear, and repairs an enemy crater the same way.
    fn archer_moves(&self, from: Idx, me: u8, out: &mut Vec<Move24>) {
        for dr in [forward(me), -forward(me)] {
            let mut i = from;
            for _ in 1..=5 {
                let Some(next) = offset(i, (0, dr)) else { break };
                i = next;
                match self.board[i] {
                    Cell::Empty => out.push(Move24::Step { from, to: i }),
                    Cell::Piece(p) if p.color != me => {
                        let beyond_clear = offset(i, (0, dr)).map_or(true, |b| self.is_empty(b));
                        if dr == forward(me) && beyond_clear && p.kind != KING {
                            out.push(Move24::Step { from, to: i });
                        }
                        break;
                    }
                    Cell::Crater(owner)
                        if owner != me
                            && dr == forward(me)
                            && offset(i, (0, dr)).map_or(true, |b| self.is_empty(b)) =>
                    {
                        out.push(Move24::Step { from, to: i });
                    }
                    _ => {}
                }
            }
        }
        for df in [-1, 1] {
            if let Some(to) = offset(from, (df, 0)).filter(|&to| self.is_empty(to)) {
                out.push(Move24::Step { from, to });
            }
        }
    }

    /// Takes a piece off the board into its owner's reserve (archers are gone for good; a stack's
    /// remaining shots become single shots); counts the loss for the archer condition.
    fn leave_board(&mut self, victim: Piece) {
        let side = victim.color as usize;
        match victim.kind {
            ARCHER => self.losses[side] = self.losses[side].saturating_add(1),
            STACK => {
                self.reserve[side][STACK as usize] = self.reserve[side][STACK as usize].saturating_add(victim.shots)
            }
            kind => {
                self.reserve[side][kind as usize] = self.reserve[side][kind as usize].saturating_add(1);
                self.losses[side] = self.losses[side].saturating_add(1);
            }
        }
    }

    /// Moves a piece; returns whether it captured (a repair is not a capture).
    fn move_piece(&mut self, from: Idx, to: Idx) -> bool {
        let Some(mover) = self.piece(from) else { return false };
        self.board[from] = Cell::Empty;
        let captured = match self.board[to] {
            Cell::Piece(victim) => {
                self.leave_board(victim);
                true
            }
            _ => false,
        };
        self.board[to] = Cell::Piece(mover);
        captured
    }

    /// Plays a move as part of the game: keeps the positions the Joker may return to.
    fn make_recorded(&mut self, m: Move24) {
        if self.fortune.enabled && !self.fortune.used {
            let mut position = self.clone();
            position.past = None;
            position.fortune.event = None;
            self.past = Some(Arc::new(Past { position, before: self.past.take() }));
        }
        self.make(m);
    }

    /// Plays a move (also on copies made to test moves, which need no history).
    fn make(&mut self, m: Move24) {
        self.legal = LegalCache::default();
        self.fortune.event = None;
        let me = self.turn;
        let progress = match m {
            Move24::Step { from, to } => {
                let kind = self.piece(from).map_or(KING, |p| p.kind);
                self.move_piece(from, to) || kind == PAWN || kind == ELITE
            }
            Move24::Fire { cannon, landing } => {
                for i in Chess2024::blast_area(landing).collect::<Vec<_>>() {
                    if let Cell::Piece(victim) = self.board[i] {
                        self.board[i] = Cell::Empty;
                        self.leave_board(victim);
                    }
                }
                self.board[landing] = Cell::Crater(me);
                if let Some(behind) = offset(cannon, (0, -forward(me))) {
                    if let Cell::Piece(stack) = self.board[behind] {
                        self.board[behind] = if stack.shots > 1 {
                            Cell::Piece(Piece { shots: stack.shots - 1, ..stack })
                        } else {
                            Cell::Empty
                        };
                    }
                }
                true
            }
            Move24::Frontal { lead, to } => {
                let Some(p) = self.piece(lead) else { return };
                let distance = rank_of(to).abs_diff(rank_of(lead)) as i8;
                let run = self.run(lead, p);
                let mut captured = false;
                for member in run {
                    if let Some(dest) = offset(member, (0, forward(me) * distance)) {
                        // The first capture ends the attack: the pieces further right stay.
                        if self.move_piece(member, dest) {
                            captured = true;
                            break;
                        }
                    }
                }
                captured || p.kind != JESTER
            }
            Move24::Substitute { remove, bring } => {
                let side = me as usize;
                if let Some(i) = remove {
                    if let Some(p) = self.piece(i) {
                        self.board[i] = Cell::Empty;
                        // Taken off voluntarily: into the reserve for its credit, not counted as a loss.
                        // Saturating, as everywhere reserves and credits grow: they may come from text.
                        let (credit, count) =
                            if p.kind == STACK { (p.shots as u16, p.shots) } else { (CREDIT[p.kind as usize], 1) };
                        self.credits[side] = self.credits[side].saturating_add(credit);
                        self.reserve[side][p.kind as usize] = self.reserve[side][p.kind as usize].saturating_add(count);
                    }
                }
                if let Some((kind, place)) = bring {
                    let k = kind as usize;
                    if self.free[side][k] > 0 {
                        self.free[side][k] -= 1;
                    } else {
                        self.credits[side] = self.credits[side].saturating_sub(COST[k]);
                    }
                    self.reserve[side][k] = self.reserve[side][k].saturating_sub(1);
                    self.board[place] = match self.board[place] {
                        Cell::Piece(stack) if kind == STACK && stack.kind == STACK => {
                            Cell::Piece(Piece { shots: stack.shots + 1, ..stack })
                        }
                        _ => Cell::Piece(Piece { color: me, kind, shots: if kind == STACK { 1 } else { 0 } }),
                    };
                }
                true
            }
            Move24::CallArchers { files } => {
                let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
                for f in (0..WIDTH).filter(|f| files & 1 << f != 0) {
                    self.board[rank * WIDTH + f] = Cell::Piece(Piece { color: me, kind: ARCHER, shots: 0 });
                    self.archers_left[me as usize] = self.archers_left[me as usize].saturating_sub(1);
                }
                true
            }
        };
        self.halfmove_clock = if progress { 0 } else { self.halfmove_clock.saturating_add(1) };
        if me == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
    }

    /// The directions from the king `k` along which an enemy piece could attack it once the squares in
    /// between were empty (x-raying every piece, stopped by craters): only a square vacated on such a
    /// ray can open a line onto the king.
    fn exposed_rays(&self, k: Idx) -> [bool; 8] {
        let enemy = self.turn ^ 1;
        let mut rays = [false; 8];
        for (ray, &d) in rays.iter_mut().zip(ALL_DIRECTIONS.iter()) {
            let diagonal = d.0 != 0 && d.1 != 0;
            let mut i = k;
            for distance in 1.. {
                let Some(next) = offset(i, d) else { break };
                i = next;
                match self.board[i] {
                    Cell::Crater(_) => break,
                    Cell::Piece(p) if p.color == enemy => {
                        *ray |= match p.kind {
                            QUEEN => true,
                            ROOK => !diagonal,
                            BISHOP => diagonal,
                            JESTER => distance <= 2,
                            ARCHER => d.0 == 0,
                            _ => false,
                        };
                    }
                    _ => {}
                }
            }
        }
        rays
    }

    /// Whether `m` keeps the mover's king safe. `king`, `checked` and `rays` describe the position
    /// before it: when the king is not in check, a step of another piece or a substitution can only
    /// expose the king by vacating a square on an exposed ray (sliders, jesters, archers) or next to it
    /// (a landing square for a blast, or the square an archer's target needs empty); such moves, and
    /// all others, are played on a copy and tested.
    fn is_legal(&self, m: Move24, king: Option<Idx>, checked: bool, rays: &[bool; 8]) -> bool {
        let me = self.turn;
        let Some(k) = king else { return true };
        let may_expose = |vacated: Idx| {
            let (df, dr) = (file_of(vacated) as i8 - file_of(k) as i8, rank_of(vacated) as i8 - rank_of(k) as i8);
            let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
            df.abs().max(dr.abs()) <= 1
                || (aligned && ALL_DIRECTIONS.iter().zip(rays).any(|(&d, &ray)| ray && d == (df.signum(), dr.signum())))
        };
        match m {
            // Never into one's own blast.
            Move24::Fire { landing, .. } if Chess2024::blast_area(landing).any(|i| i == k) => return false,
            Move24::Step { from, .. } if !checked && from != k && !may_expose(from) => return true,
            Move24::Substitute { remove, .. } if !checked && remove.map_or(true, |r| !may_expose(r)) => return true,
            _ => {}
        }
        let mut after = self.clone();
        after.make(m);
        // Only the king's own step moves it (frontal attacks are pawns, elites and jesters).
        let k = match m {
            Move24::Step { from, to } if from == k => to,
            _ => k,
        };
        !after.attacked(k, me ^ 1) && !after.blast_threat(k, me ^ 1)
    }

    /// Every legal action, in generation order.
    pub fn legal_moves(&self) -> Vec<Move24> {
        self.legal().to_vec()
    }

    /// Every legal action, in generation order, computed once per position.
    fn legal(&self) -> &[Move24] {
        self.legal
            .0
            .get_or_init(|| {
                let mut moves = Vec::with_capacity(96);
                self.pseudo_moves(&mut moves);
                let king = self.king(self.turn);
                let checked = self.in_check(self.turn);
                let rays = king.map_or([false; 8], |k| self.exposed_rays(k));
                moves.retain(|&m| self.is_legal(m, king, checked, &rays));
                Arc::new(moves)
            })
            .as_slice()
    }

    fn action_of(m: Move24) -> Action {
        let sq = |i: Idx| to_sq(i).0 as u64;
        let (from, to, tag) = match m {
            Move24::Step { from, to } => (from, to, TAG_STEP),
            Move24::Fire { cannon, landing } => (cannon, landing, TAG_FIRE),
            Move24::Frontal { lead, to } => (lead, to, TAG_FRONTAL),
            Move24::Substitute { remove, bring } => {
                let removed = remove.map_or(0xff, sq);
                let (kind, place) = bring.map_or((0xff, 0xff), |(k, p)| (k as u64, sq(p)));
                return Action(CLASS_SUBSTITUTE << 40 | removed << 24 | kind << 16 | place << 8);
            }
            Move24::CallArchers { files } => return Action(CLASS_ARCHERS << 40 | files as u64),
        };
        Action(sq(from) << 16 | sq(to) << 8 | tag)
    }

    fn move_of(&self, action: Action) -> Option<Move24> {
        self.legal().iter().copied().find(|&m| Chess2024::action_of(m) == action)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }

    /// Move-list name: SAN-like (`Jd3`, `Nxe5`, pawns without letter, `x` also for a crater repair),
    /// `C@d7` for a shot landing on d7, a frontal attack as its lead's move followed by the number of
    /// pieces in the run (`c4(5)`); `+` or `#` for checks and mates, blast checks included.
    pub fn name(&self, m: Move24, legal: &[Move24]) -> String {
        let mut s = match m {
            Move24::Fire { landing, .. } => format!("C@{}", to_sq(landing)),
            Move24::Substitute { .. } | Move24::CallArchers { .. } => self.reserve_move_name(m),
            Move24::Step { from, to } | Move24::Frontal { lead: from, to } => {
                let kind = self.piece(from).map_or(KING, |p| p.kind);
                let capture = !self.is_empty(to);
                let mut s = String::new();
                if kind == PAWN {
                    if capture {
                        s.push_str(&to_sq(from).name()[..1]);
                    }
                } else {
                    s.push_str(KIND_TABLE[kind as usize].code);
                    let rivals: Vec<Idx> = legal
                        .iter()
                        .filter_map(|o| match *o {
                            Move24::Step { from: f, to: t } if t == to && f != from => Some(f),
                            _ => None,
                        })
                        .filter(|&f| self.piece(f).is_some_and(|p| p.kind == kind))
                        .collect();
                    let rivals: Vec<Square> = rivals.into_iter().map(to_sq).collect();
                    s.push_str(&crate::square::disambiguation(to_sq(from), &rivals));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_sq(to).name());
                if let Move24::Frontal { lead, .. } = m {
                    if let Some(p) = self.piece(lead) {
                        s.push_str(&format!("({})", self.run(lead, p).len()));
                    }
                }
                s
            }
        };
        let mut after = self.clone();
        after.make(m);
        if after.in_check(after.turn) {
            s.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        s
    }

    /// `-Nb1` takes the knight on b1 off, `+Qa1` brings a queen on at a1 (`+Ad1`: a shot onto the stack
    /// on d1, or a new stack there), `-Nb1+Qb1` does both, `+H[a1,c1]` calls archers onto a1 and c1.
    fn reserve_move_name(&self, m: Move24) -> String {
        match m {
            Move24::Substitute { remove, bring } => {
                let mut s = String::new();
                if let Some(i) = remove {
                    let kind = self.piece(i).map_or(KING, |p| p.kind);
                    s.push_str(&format!("-{}{}", KIND_TABLE[kind as usize].code, to_sq(i)));
                }
                if let Some((kind, place)) = bring {
                    s.push_str(&format!("+{}{}", KIND_TABLE[kind as usize].code, to_sq(place)));
                }
                s
            }
            Move24::CallArchers { files } => {
                let rank = if self.turn == WHITE { 0 } else { HEIGHT - 1 };
                let squares: Vec<String> =
                    (0..WIDTH).filter(|f| files & 1 << f != 0).map(|f| to_sq(rank * WIDTH + f).name()).collect();
                format!("+H[{}]", squares.join(","))
            }
            _ => String::new(),
        }
    }

    /// Squares an action affects beyond its own two: the blast area, or the rest of a frontal run.
    fn marks(&self, m: Move24) -> Vec<Square> {
        match m {
            Move24::Step { .. } => Vec::new(),
            Move24::Substitute { bring, .. } => bring.map(|(_, place)| to_sq(place)).into_iter().collect(),
            Move24::CallArchers { files } => {
                let rank = if self.turn == WHITE { 0 } else { HEIGHT - 1 };
                (0..WIDTH).filter(|f| files & 1 << f != 0).map(|f| to_sq(rank * WIDTH + f)).collect()
            }
            Move24::Fire { landing, .. } => Chess2024::blast_area(landing).map(to_sq).collect(),
            Move24::Frontal { lead, to } => {
                let Some(p) = self.piece(lead) else { return Vec::new() };
                let distance = rank_of(to).abs_diff(rank_of(lead)) as i8;
                self.run(lead, p)[1..]
                    .iter()
                    .flat_map(|&m| [Some(m), offset(m, (0, forward(p.color) * distance))])
                    .flatten()
                    .map(to_sq)
                    .collect()
            }
        }
    }

    /// The reserve in words for the page: "2 pawns, 1 knight (free), 3 shots" or "empty".
    fn reserve_words(&self, color: u8) -> String {
        let side = color as usize;
        const NAMES: [(&str, &str); KINDS] = [
            ("king", "kings"),
            ("queen", "queens"),
            ("rook", "rooks"),
            ("bishop", "bishops"),
            ("knight", "knights"),
            ("pawn", "pawns"),
            ("elite", "elites"),
            ("jester", "jesters"),
            ("cannon", "cannons"),
            ("shot", "shots"),
            ("archer", "archers"),
        ];
        let parts: Vec<String> = BRINGABLE
            .iter()
            .filter(|&&k| self.reserve[side][k as usize] > 0)
            .map(|&k| {
                let n = self.reserve[side][k as usize];
                let (one, many) = NAMES[k as usize];
                let free = self.free[side][k as usize];
                let free = if free > 0 { format!(" ({free} free)") } else { String::new() };
                format!("{n} {}{free}", if n == 1 { one } else { many })
            })
            .collect();
        if parts.is_empty() {
            "empty".into()
        } else {
            parts.join(", ")
        }
    }

    fn shots_on_board(&self, color: u8) -> u32 {
        self.board
            .iter()
            .filter_map(|c| match c {
                Cell::Piece(p) if p.color == color && p.kind == STACK => Some(p.shots as u32),
                _ => None,
            })
            .sum()
    }

    // ---- notation ----

    pub fn text(&self) -> String {
        let board = board_text::write(
            SHAPE,
            |i| Some(self.board[i]).filter(|&cell| cell != Cell::Empty),
            |cell, text| match cell {
                Cell::Crater(owner) => text.push(if owner == WHITE { 'X' } else { 'x' }),
                Cell::Piece(p) => {
                    text.push(board_text::cased(KIND_TABLE[p.kind as usize].letter, p.color == WHITE));
                    if p.kind == STACK {
                        text.push_str(&format!("({})", p.shots));
                    }
                }
                Cell::Empty => {}
            },
        );
        let mut text =
            format!("{board} {} {} {}", if self.turn == WHITE { 'w' } else { 'b' }, self.halfmove_clock, self.fullmove);
        // The reserve fields are written once anything differs from the start (part-1 positions stay short).
        let untouched = self.reserve == [[0; KINDS]; 2]
            && self.credits == [0; 2]
            && self.losses == [0; 2]
            && self.archers_left == [ARCHERS; 2]
            && self.free == [[0; KINDS]; 2]
            && !self.fortune.used
            && !self.fortune_drawn();
        if !untouched {
            let pair = |a: String, b: String| format!("{a}/{b}");
            text.push_str(&format!(
                " {} {} {} {}",
                pair(self.reserve_text(WHITE), self.reserve_text(BLACK)),
                pair(self.credits[0].to_string(), self.credits[1].to_string()),
                pair(self.losses[0].to_string(), self.losses[1].to_string()),
                pair(self.archers_left[0].to_string(), self.archers_left[1].to_string()),
            ));
            if self.fortune.used {
                text.push_str(" used");
            } else if self.fortune_drawn() {
                text.push_str(" drawn");
            }
        }
        text
    }

    /// A side's reserve: letters with counts (`A` counts single shots), `+n` for items free to bring on,
    /// `-` when empty: `P2N1A3+1`.
    fn reserve_text(&self, color: u8) -> String {
        let side = color as usize;
        let mut s = String::new();
        for kind in BRINGABLE {
            let k = kind as usize;
            if self.reserve[side][k] > 0 {
                s.push_str(&format!("{}{}", KIND_TABLE[k].code, self.reserve[side][k]));
                if self.free[side][k] > 0 {
                    s.push_str(&format!("+{}", self.free[side][k]));
                }
            }
        }
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }

    /// Reads one side's reserve written by [`Chess2024::reserve_text`].
    fn parse_reserve(&mut self, color: u8, text: &str) -> std::result::Result<(), String> {
        if text == "-" {
            return Ok(());
        }
        let side = color as usize;
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let number = |i: &mut usize| -> Option<u8> {
            let start = *i;
            while *i < chars.len() && chars[*i].is_ascii_digit() {
                *i += 1;
            }
            chars[start..*i].iter().collect::<String>().parse().ok()
        };
        while i < chars.len() {
            let letter = chars[i];
            i += 1;
            let kind = BRINGABLE
                .iter()
                .copied()
                .find(|&k| KIND_TABLE[k as usize].code.starts_with(letter))
                .ok_or_else(|| format!("'{letter}' is not a reserve item"))?;
            let count = number(&mut i).ok_or_else(|| format!("a count must follow '{letter}'"))?;
            self.reserve[side][kind as usize] = count;
            if chars.get(i) == Some(&'+') {
                i += 1;
                let free = number(&mut i).ok_or_else(|| format!("a number must follow '+' after '{letter}'"))?;
                if free > count {
                    return Err(format!("more free {letter} than {letter} in the reserve"));
                }
                self.free[side][kind as usize] = free;
            }
        }
        Ok(())
    }

    /// Reads the notation; the fields after the board may be left out (White to move, clocks 0 and 1).
    pub fn from_text(text: &str) -> Result<Chess2024> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid position: {}.", problems.join("; ")))
        };
        if fields.is_empty() || fields.len() > 9 {
            return Err(bad(vec![format!(
                "expected 1 to 8 fields (board, side to move, no-progress clock, move number, reserves, credits, \
                 losses, archers left), found {}",
                fields.len()
            )]));
        }
        let mut pos = Chess2024::blank();
        let mut problems = Vec::new();
        let mut board_problems = Vec::new();
        board_text::read(fields[0], SHAPE, &mut board_problems, read_cell, |i, cell| pos.board[i] = cell);
        board_text::fen_words(&board_problems, SHAPE, &mut problems);
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = BLACK,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }
        match fields.get(2).copied().unwrap_or("0").parse::<u16>() {
            Ok(n) => pos.halfmove_clock = n,
            Err(_) => problems.push("the no-progress clock is not a number".into()),
        }
        match fields.get(3).copied().unwrap_or("1").parse::<u16>() {
            Ok(n) if n >= 1 => pos.fullmove = n,
            _ => problems.push("the move number is not a positive number".into()),
        }
        if let Some(reserves) = fields.get(4) {
            match reserves.split_once('/') {
                Some((w, b)) => {
                    for (color, part) in [(WHITE, w), (BLACK, b)] {
                        if let Err(e) = pos.parse_reserve(color, part) {
                            problems.push(format!("reserves: {e}"));
                        }
                    }
                }
                None => problems.push("reserves must be written White/Black, like P2N1/-".into()),
            }
        }
        let pair = |index: usize, what: &str, problems: &mut Vec<String>| -> Option<[u16; 2]> {
            let text = fields.get(index)?;
            let parsed = text.split_once('/').and_then(|(a, b)| Some([a.parse().ok()?, b.parse().ok()?]));
            if parsed.is_none() {
                problems.push(format!("{what} must be two numbers like 3/0, not '{text}'"));
            }
            parsed
        };
        if let Some([w, b]) = pair(5, "credits", &mut problems) {
            pos.credits = [w, b];
        }
        if let Some([w, b]) = pair(6, "losses", &mut problems) {
            pos.losses = [w.min(255) as u8, b.min(255) as u8];
        }
        if let Some([w, b]) = pair(7, "archers left", &mut problems) {
            if w > ARCHERS as u16 || b > ARCHERS as u16 {
                problems.push(format!("each side has at most {ARCHERS} archers"));
            }
            pos.archers_left = [w.min(ARCHERS as u16) as u8, b.min(ARCHERS as u16) as u8];
        }
        // The chance draws made before this ply, as a game that reached it made them: every ply of the
        // window before this one, and this one too when the text says `drawn`.
        let ply = pos.ply_to_play();
        let window = FORTUNE_PLIES.0..=FORTUNE_PLIES.1;
        pos.fortune.checked = if window.contains(&ply) && ply > FORTUNE_PLIES.0 { ply - 1 } else { 0 };
        match fields.get(8).copied() {
            None | Some("-") => {}
            Some("used") => pos.fortune.used = true,
            Some("drawn") if window.contains(&ply) => pos.fortune.checked = ply,
            Some("drawn") => problems.push(format!(
                "'drawn' (this ply's chance drawn, the event to come) needs a ply from {} to {}, not {ply}",
                FORTUNE_PLIES.0, FORTUNE_PLIES.1
            )),
            Some(other) => problems.push(format!("the fortunes field must be -, drawn or used, not '{other}'")),
        }
        if problems.is_empty() {
            pos.validate(&mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(bad(problems))
        }
    }

    fn validate(&self, problems: &mut Vec<String>) {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = (0..SIZE).filter(|&i| self.is(i, color, KING)).count();
            if kings != 1 {
                problems.push(format!("{name} has {kings} kings instead of 1"));
            }
            if self.shots_on_board(color) > MAX_SHOTS as u32 {
                problems.push(format!("{name} has more than {MAX_SHOTS} shots on the board"));
            }
            for i in 0..SIZE {
                if (self.is(i, color, CANNON) || self.is(i, color, STACK)) && !in_home_base(color, i) {
                    problems.push(format!("{name}'s cannon or stack on {} is outside its home base", to_sq(i)));
                }
            }
        }
        if problems.is_empty() && self.in_check(self.turn ^ 1) {
            problems.push("the side not to move is in check".into());
        }
    }
}

/// Reads a square of the board field that begins with `c`: a piece (a stack with its shots, `A(3)`) or
/// a crater (`X` White's, `x` Black's).
fn read_cell(c: char, rest: &mut &str, rank: usize, problems: &mut Vec<Problem>) -> Option<Cell> {
    if c == 'X' || c == 'x' {
        return Some(Cell::Crater(if c == 'X' { WHITE } else { BLACK }));
    }
    let kind = pieces::by_letter(&KIND_TABLE, c)?;
    let mut piece = Piece { color: if c.is_ascii_uppercase() { WHITE } else { BLACK }, kind, shots: 0 };
    if kind == STACK {
        match rest.find(')').filter(|_| rest.starts_with('(')) {
            Some(end) => {
                let digits = &rest[1..end];
                match digits.parse::<u8>() {
                    Ok(n) if (1..=MAX_SHOTS).contains(&n) => piece.shots = n,
                    _ => {
                        problems.push(Problem::Piece(format!("a stack on rank {rank} holds '{digits}' shots (1 to 6)")))
                    }
                }
                *rest = &rest[end + 1..];
            }
            None => problems.push(Problem::Piece(format!("a stack on rank {rank} needs its shots, like A(3)"))),
        }
    }
    Some(Cell::Piece(piece))
}

/// Centipawn values by kind for the computer player; a stack is worth its shots (see [`piece_value`]).
const VALUES: [i32; KINDS] = pieces::values(&KIND_TABLE);
/// What a credit is worth: a reserve pawn costs one, a queen nine.
const CREDIT_VALUE: i32 = 40;

fn piece_value(p: Piece) -> i32 {
    if p.kind == STACK {
        20 + 40 * p.shots as i32
    } else {
        VALUES[p.kind as usize]
    }
}

impl Chess2024 {
    /// What a shot landing on `landing` blasts, for `firer`: enemy pieces gained minus own pieces lost
    /// (an enemy king in the blast counts as a big gain: it is check).
    fn blast_gain(&self, landing: Idx, firer: u8) -> i32 {
        Chess2024::blast_area(landing)
            .filter_map(|i| self.piece(i))
            .map(|p| match (p.color == firer, p.kind) {
                (false, KING) => 300,
                (false, _) => piece_value(p),
                (true, KING) => -WIN_SCALE,
                (true, _) => -piece_value(p),
            })
            .sum()
    }

    /// A side's cannon threats: a third of the best blast of each loaded cannon.
    fn cannon_pressure(&self, color: u8) -> i32 {
        (0..SIZE)
            .filter(|&i| self.is(i, color, CANNON))
            .map(|c| {
                self.landings(c, color).into_iter().map(|l| self.blast_gain(l, color)).max().unwrap_or(0).max(0) / 3
            })
            .sum()
    }
}

/// A blast that takes the firer's own king is never worth it.
const WIN_SCALE: i32 = 100_000;

impl Position for Chess2024 {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal().iter().map(|&m| Chess2024::action_of(m)));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make_recorded(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.legal().is_empty() {
            return Some(if self.in_check(self.turn) {
                Outcome::win(self.turn ^ 1, EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        self.no_progress_draw()
    }

    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(SIZE * 2 + 40);
        for cell in &self.board {
            match *cell {
                Cell::Empty => key.push(0),
                Cell::Crater(owner) => key.push(0x80 | owner),
                Cell::Piece(p) => key.extend([1 + p.color * 16 + p.kind, p.shots]),
            }
        }
        key.push(self.turn);
        for side in 0..2 {
            key.extend_from_slice(&self.reserve[side]);
            key.extend_from_slice(&self.credits[side].to_le_bytes());
            key.push(self.losses[side]);
            key.extend_from_slice(&self.free[side]);
            key.push(self.archers_left[side]);
        }
        // The event's state decides future play: whether it is still to come, and from which ply.
        key.push(self.fortune.enabled as u8 | (self.fortune.used as u8) << 1);
        if self.fortune.enabled && !self.fortune.used {
            key.extend_from_slice(&self.fortune.checked.to_le_bytes());
        }
        key
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn info(&self, action: Action) -> ActionInfo {
        self.infos(&[action]).pop().unwrap_or_default()
    }

    fn infos(&self, actions: &[Action]) -> Vec<ActionInfo> {
        // One legal list for all the names (disambiguation, choosers) instead of one per action.
        let legal = self.legal_moves();
        actions.iter().map(|&a| self.info_in(a, &legal)).collect()
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn chance(&self) -> Option<&dyn ChanceEvents> {
        self.fortune.enabled.then_some(self as &dyn ChanceEvents)
    }

    fn chance_mut(&mut self) -> Option<&mut dyn ChanceEvents> {
        if self.fortune.enabled {
            Some(self)
        } else {
            None
        }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Chess2024 {
    fn perft(&self, depth: u32) -> u64 {
        Chess2024::perft(self, depth)
    }
}

impl ChanceEvents for Chess2024 {
    fn pending_chance(&self) -> Option<u32> {
        self.fortune_pending().then(|| self.ply_to_play() as u32)
    }

    fn chance_horizon(&self) -> Option<u32> {
        // The chance before the ply about to be played, and never a later one: revealing the element of a
        // later ply would let the receiver foresee that event before its own move.
        let ply = self.ply_to_play();
        (self.fortune.enabled && !self.fortune.used && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply))
            .then_some(ply as u32)
    }

    fn resolve_chance(&mut self, value: u64) -> Option<String> {
        if self.fortune_pending() {
            self.draw_fortune(value)
        } else {
            None
        }
    }
}

impl SearchTuning for Chess2024 {
    /// Material on the board, credits, advanced pawns and elites, and each side's cannon threats.
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut side = [0i32; 2];
        for (i, cell) in self.board.iter().enumerate() {
            if let Cell::Piece(p) = *cell {
                let mut value = piece_value(p);
                if p.kind == PAWN || p.kind == ELITE {
                    let advance = if p.color == WHITE { rank_of(i) } else { HEIGHT - 1 - rank_of(i) };
                    value += (advance as i32 - 2).max(0) * 6;
                }
                side[p.color as usize] += value;
            }
        }
        for color in [WHITE, BLACK] {
            side[color as usize] += self.credits[color as usize] as i32 * CREDIT_VALUE + self.cannon_pressure(color);
        }
        side[seat as usize & 1] - side[(seat as usize & 1) ^ 1]
    }

    /// Captures, and shots whose blast gains more than it costs the firer.
    fn capture_gain(&self, action: Action) -> Option<i32> {
        if action.0 >> 40 != 0 {
            return None;
        }
        let from = from_sq(Square((action.0 >> 16) as u8))?;
        let to = from_sq(Square((action.0 >> 8) as u8))?;
        let mover = self.piece(from)?;
        match action.0 & 0xff {
            TAG_STEP => {
                let victim = self.piece(to).filter(|v| v.color != mover.color)?;
                Some(piece_value(victim) - piece_value(mover) / 10)
            }
            TAG_FIRE => Some(self.blast_gain(to, mover.color)).filter(|&gain| gain > 0),
            _ => None,
        }
    }

    /// Listing the legal moves is four fifths of a search node's cost: out of check no mate can be.
    fn outcome_without_listing(&self) -> Option<Option<Outcome>> {
        if self.legal.0.get().is_some() || self.in_check(self.turn) {
            return None;
        }
        Some(self.no_progress_draw())
    }

    /// Measured against orthodox chess (a 12x12 board, legality by playing on a copy).
    fn node_weight(&self) -> u64 {
        5
    }
}

impl Chess2024 {
    fn info_in(&self, action: Action, legal: &[Move24]) -> ActionInfo {
        let legal = legal.to_vec();
        let Some(m) = legal.iter().copied().find(|&m| Chess2024::action_of(m) == action) else {
            return ActionInfo::unknown();
        };
        let (from, to, suffix) = match m {
            Move24::Step { from, to } => (from, to, ""),
            Move24::Fire { cannon, landing } => (cannon, landing, "f"),
            Move24::Frontal { lead, to } => (lead, to, "a"),
            Move24::Substitute { remove, bring } => {
                // Taking a piece off is an action of that piece; bringing on alone belongs to the reserve.
                let name = self.name(m, &legal);
                let group = if remove.is_some() { None } else { Some("Bring on from the reserve") };
                let side = self.turn as usize;
                let gain = remove.and_then(|i| self.piece(i)).map_or(0, |p| {
                    if p.kind == STACK {
                        p.shots as u16
                    } else {
                        CREDIT[p.kind as usize]
                    }
                });
                let label = match bring {
                    None => format!("Take off (+{gain} credits)"),
                    Some((kind, place)) => {
                        let cost = if self.free[side][kind as usize] > 0 { 0 } else { COST[kind as usize] };
                        let what = if kind == STACK {
                            "a shot".to_string()
                        } else {
                            format!("a {}", KIND_TABLE[kind as usize].name)
                        };
                        let price = if cost == 0 { "free".to_string() } else { format!("cost {cost}") };
                        match remove {
                            Some(_) => format!("Replace by {what} on {} (+{gain}, {price})", to_sq(place)),
                            None => format!("Bring on {what} at {} ({price})", to_sq(place)),
                        }
                    }
                };
                let shown = bring.map_or_else(|| self.piece(remove.unwrap_or(0)).map_or(KING, |p| p.kind), |(k, _)| k);
                return ActionInfo {
                    from: remove.map(to_sq),
                    coord: name.trim_end_matches(['+', '#']).to_string(),
                    choice: Some(Choice {
                        kind: KIND_TABLE[shown as usize].code,
                        color: COLOR_NAMES[self.turn as usize],
                        label,
                        prongs: None,
                    }),
                    name,
                    marks: self.marks(m),
                    group,
                    ..Default::default()
                };
            }
            Move24::CallArchers { .. } => {
                let name = self.name(m, &legal);
                return ActionInfo {
                    coord: name.trim_end_matches(['+', '#']).to_string(),
                    name,
                    marks: self.marks(m),
                    group: Some("Call archers"),
                    ..Default::default()
                };
            }
        };
        let piece = self.piece(from);
        // Several actions on the same two squares (move or fire, alone or frontal): name each in a chooser.
        let shared = legal
            .iter()
            .filter(|o| {
                let (f, t) = match **o {
                    Move24::Step { from, to } | Move24::Frontal { lead: from, to } => (from, to),
                    Move24::Fire { cannon, landing } => (cannon, landing),
                    Move24::Substitute { .. } | Move24::CallArchers { .. } => (SIZE, SIZE),
                };
                f == from && t == to
            })
            .count()
            > 1;
        let choice = shared.then(|| {
            let p = piece.unwrap_or(Piece { color: self.turn, kind: KING, shots: 0 });
            Choice {
                kind: KIND_TABLE[p.kind as usize].code,
                color: COLOR_NAMES[p.color as usize],
                label: match m {
                    Move24::Fire { .. } => "Fire".to_string(),
                    Move24::Frontal { lead, .. } => format!("Frontal attack ({})", self.run(lead, p).len()),
                    _ => "Move alone".to_string(),
                },
                prongs: None,
            }
        });
        ActionInfo {
            from: Some(to_sq(from)),
            to: Some(to_sq(to)),
            choice,
            name: self.name(m, &legal),
            coord: format!("{}{}{suffix}", to_sq(from), to_sq(to)),
            marks: self.marks(m),
            group: None,
            select: false,
            destroys: matches!(m, Move24::Fire { .. }),
        }
    }

    fn board_view(&self) -> BoardView {
        let pieces = (0..SIZE)
            .filter_map(|i| match self.board[i] {
                Cell::Empty => None,
                Cell::Crater(owner) => Some(PieceView {
                    square: to_sq(i),
                    kind: "X",
                    color: COLOR_NAMES[owner as usize],
                    badge: None,
                    prongs: None,
                }),
                Cell::Piece(p) => Some(PieceView {
                    square: to_sq(i),
                    kind: KIND_TABLE[p.kind as usize].code,
                    color: COLOR_NAMES[p.color as usize],
                    badge: (p.kind == STACK).then(|| p.shots.to_string()),
                    prongs: None,
                }),
            })
            .collect();
        let in_check = self.in_check(self.turn);
        let checks = self.king(self.turn).filter(|_| in_check).map(to_sq).into_iter().collect();
        let checked_seats = if in_check { vec![self.turn] } else { Vec::new() };
        let mut notes = vec![format!(
            "Shots on the board: White {}, Black {}.",
            self.shots_on_board(WHITE),
            self.shots_on_board(BLACK)
        )];
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let side = color as usize;
            let archers = if self.losses[side] >= ARCHER_CONDITION {
                match self.archers_left[side] {
                    1 => "1 archer to call".to_string(),
                    n => format!("{n} archers to call"),
                }
            } else {
                format!("archers after {} more losses", ARCHER_CONDITION - self.losses[side])
            };
            notes.push(format!(
                "{name}: reserve {}, {} credits, {} losses, {archers}.",
                self.reserve_words(color),
                self.credits[side],
                self.losses[side]
            ));
        }
        if self.fortune.enabled {
            notes.push(if self.fortune.used {
                "Fortunes of war: this game's event has happened.".to_string()
            } else {
                format!(
                    "Fortunes of war: one event will strike once, at a ply between {} and {} nobody can foresee.",
                    FORTUNE_PLIES.0, FORTUNE_PLIES.1
                )
            });
        }
        let (event, marks) = match &self.fortune.event {
            Some(e) => (
                Some(EventView { title: e.title.clone(), text: e.text.clone() }),
                e.squares.iter().map(|&i| to_sq(i)).collect(),
            ),
            None => (None, Vec::new()),
        };
        BoardView {
            width: WIDTH as u8,
            height: HEIGHT as u8,
            pieces,
            checks,
            checked_seats,
            notes,
            event,
            marks,
            regions: Vec::new(),
        }
    }
}

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
