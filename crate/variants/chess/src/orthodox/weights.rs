//! The orthodox evaluation's weights: each term's middle-game and endgame value, indexed by [`term`].
//!
//! The table itself is in `weights/fitted.rs`, written by `examples/tune_orthodox.rs` (its comment there
//! says from what); the terms are counted in `super::side_terms`.

use super::Score;

/// The index of each term in a table of weights. Terms by kind count pawn, knight, bishop, rook,
/// queen (and king for placement) in that order; squares are seen from the side they belong to (its
/// first rank is rank 1).
pub mod term {
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
    /// Knights, bishops, rooks and queens an enemy pawn attacks.
    pub const PAWN_THREAT: usize = ROOK_HALF_OPEN_FILE + 1;
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
    /// The side to move's rooks and queens a knight or bishop attacks.
    pub const THREAT_BY_MINOR: usize = TEMPO + 1;
    /// The side to move's queens a rook attacks.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
    /// The side to move's knights, bishops, rooks and queens attacked and not defended.
    pub const HANGING: usize = THREAT_BY_ROOK + 1;
    /// Two or more of those, or of its pieces an enemy pawn attacks: one of them falls.
    pub const FORKED: usize = HANGING + 1;
    pub const COUNT: usize = FORKED + 1;
}

/// The weights the evaluation plays with.
#[inline]
pub(super) fn weights() -> &'static [Score; term::COUNT] {
    &fitted::WEIGHTS
}

mod fitted;
