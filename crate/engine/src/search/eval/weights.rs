//! The orthodox evaluation's weights: each term's middle-game and endgame value, indexed by [`term`].
//!
//! [`HAND`] holds the values set by hand and measured in matches (issue 19), the placement written as
//! formulas (centre distance, ranks advanced) and tabulated here at compile time.

use super::Score;
use crate::variants::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, VALUES};

/// The index of each term in a table of weights. Terms by kind count pawn, knight, bishop, rook,
/// queen (and king for placement) in that order; squares are seen from the side they belong to (its
/// first rank is rank 1).
pub(crate) mod term {
    /// The pieces of each kind but the king.
    pub const MATERIAL: usize = 0;
    /// Each kind's piece on each square: `PLACEMENT + 64 * kind + square`.
    pub const PLACEMENT: usize = MATERIAL + 5;
    /// Squares a knight, bishop, rook or queen reaches (not its side's, not guarded by an enemy
    /// pawn), beyond a typical count: `MOBILITY + kind - 1`.
    pub const MOBILITY: usize = PLACEMENT + 6 * 64;
    pub const BISHOP_PAIR: usize = MOBILITY + 4;
    pub const OUTPOST: usize = BISHOP_PAIR + 1;
    pub const ROOK_OPEN_FILE: usize = OUTPOST + 1;
    pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
    /// Pieces bearing on the enemy king's squares, when two or more: their weights times their number.
    pub const KING_ATTACK: usize = ROOK_HALF_OPEN_FILE + 1;
    /// Knights, bishops, rooks and queens an enemy pawn attacks.
    pub const PAWN_THREAT: usize = KING_ATTACK + 1;
    /// Each pawn of a file with two or more of its side's.
    pub const DOUBLED: usize = PAWN_THREAT + 1;
    pub const ISOLATED: usize = DOUBLED + 1;
    /// A passed pawn by ranks advanced: `PASSED + ranks` (0-7).
    pub const PASSED: usize = ISOLATED + 1;
    /// A passed pawn advanced 3 ranks or more: the enemy king's steps to its stop square, times its
    /// ranks advanced beyond 2.
    pub const PASSED_THEIR_KING: usize = PASSED + 8;
    /// The same with our own king's steps.
    pub const PASSED_OUR_KING: usize = PASSED_THEIR_KING + 1;
    /// A king on its first two ranks: its pawns right in front of it (at most 3 counted).
    pub const KING_SHIELD: usize = PASSED_OUR_KING + 1;
    /// The same: its pawns anywhere ahead on its three files (at most 3 counted).
    pub const KING_NEAR_PAWNS: usize = KING_SHIELD + 1;
    /// The same: an enemy pawn storming one of its three files, by the nearest one's ranks from the
    /// king's side (2, 3 or 4): `STORM + ranks - 2`.
    pub const STORM: usize = KING_NEAR_PAWNS + 1;
    /// The same: one of its three files with no pawn of its side, and none of the enemy's either.
    pub const KING_OPEN_FILE: usize = STORM + 3;
    /// The same, the enemy having a pawn there.
    pub const KING_HALF_OPEN_FILE: usize = KING_OPEN_FILE + 1;
    /// The side to move.
    pub const TEMPO: usize = KING_HALF_OPEN_FILE + 1;
    pub const COUNT: usize = TEMPO + 1;
}

/// The weights the evaluation plays with.
#[inline]
pub(super) fn weights() -> &'static [Score; term::COUNT] {
    &HAND
}

/// Centre distance bonus by file or rank.
const CENTRE: [i32; 8] = [-3, -1, 1, 3, 3, 1, -1, -3];
/// Passed pawn bonus by ranks advanced (from its own side), middle game and endgame.
const PASSED_MG: [i32; 8] = [0, 5, 8, 12, 20, 35, 55, 0];
const PASSED_EG: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

/// The placement term of a `kind` on `square`.
const fn place(kind: u8, square: usize) -> usize {
    term::PLACEMENT + 64 * kind as usize + square
}

/// The weights set by hand (see the module's comment).
pub(super) const HAND: [Score; term::COUNT] = hand();

const fn hand() -> [Score; term::COUNT] {
    let mut w = [Score(0, 0); term::COUNT];
    let mut kind = PAWN as usize;
    while kind < KING as usize {
        w[term::MATERIAL + kind] = Score(VALUES[kind], VALUES[kind]);
        kind += 1;
    }
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let centre = CENTRE[file] + CENTRE[rank];
        w[place(KNIGHT, sq)] = Score(5 * centre, 4 * centre);
        w[place(BISHOP, sq)] = Score(3 * centre, 2 * centre);
        w[place(QUEEN, sq)] = Score(centre, 3 * centre);
        // Rooks on the seventh rank.
        w[place(ROOK, sq)] = if rank == 6 { Score(20, 25) } else { Score(0, 0) };
        // Pawns advancing, the centre's the more in the middle game.
        let central = if file == 3 || file == 4 { 2 } else { 1 };
        w[place(PAWN, sq)] = Score(4 * rank as i32 * central, 6 * rank as i32);
        // The king at home in a corner in the middle game, central in the endgame.
        let corner = file <= 2 || file >= 6;
        w[place(KING, sq)] = Score(-25 * rank as i32 + if corner { 20 } else { -10 }, 8 * centre);
        sq += 1;
    }
    w[term::MOBILITY] = Score(4, 4);
    w[term::MOBILITY + 1] = Score(5, 5);
    w[term::MOBILITY + 2] = Score(2, 4);
    w[term::MOBILITY + 3] = Score(1, 2);
    w[term::BISHOP_PAIR] = Score(30, 50);
    w[term::OUTPOST] = Score(25, 10);
    w[term::ROOK_OPEN_FILE] = Score(25, 10);
    w[term::ROOK_HALF_OPEN_FILE] = Score(12, 6);
    w[term::KING_ATTACK] = Score(3, 0);
    w[term::PAWN_THREAT] = Score(-25, -20);
    w[term::DOUBLED] = Score(-6, -12);
    w[term::ISOLATED] = Score(-10, -15);
    let mut ranks = 0;
    while ranks < 8 {
        w[term::PASSED + ranks] = Score(PASSED_MG[ranks], PASSED_EG[ranks]);
        ranks += 1;
    }
    w[term::PASSED_THEIR_KING] = Score(0, 5);
    w[term::PASSED_OUR_KING] = Score(0, -2);
    w[term::KING_SHIELD] = Score(12, 0);
    w[term::KING_NEAR_PAWNS] = Score(4, 0);
    w[term::STORM] = Score(-30, 0);
    w[term::STORM + 1] = Score(-20, 0);
    w[term::STORM + 2] = Score(-8, 0);
    w[term::KING_OPEN_FILE] = Score(-25, 0);
    w[term::KING_HALF_OPEN_FILE] = Score(-15, 0);
    w[term::TEMPO] = Score(12, 6);
    w
}
