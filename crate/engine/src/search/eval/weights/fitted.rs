//! The orthodox evaluation's weights, fitted by `examples/tune_orthodox.rs` (issue 19) to Stockfish
//! 15.1's depth-8 scores of 114,041 quiet positions from the computer's games against itself (levels 2-6
//! after 4-9 random first moves; `positions 1600 1` and `positions 1600 100001`, then `label 8`, then
//! `fit 1000 1e-8`), starting from the weights fitted before (the first fit's 107,966 positions, from
//! hand-set weights, commit 00cefc3) with the side to move's threats added at hand-set values. Terms
//! seen in fewer than 1,000 of those positions (pawns on the last ranks, a middle-game king far up the
//! board, a rook attacking the side to move's queen, a fork) keep their weights. Mean squared error of
//! the expected score on these positions: 0.01656 with the weights before, 0.01551 refitted without the
//! threats, 0.01527 with them, 0.014974 refitted once more from those with the pawn terms added at 0 (a
//! phalanx, a supported pawn, a backward pawn), before the endgame scale existed (it changes only
//! pawnless and opposite-bishop endings, a few of these positions). Regenerate with the tuner rather
//! than editing by hand.

use super::super::Score;
use super::term;

pub(super) const WEIGHTS: [Score; term::COUNT] = [
    // material: pawn, knight, bishop, rook, queen
    Score(73, 67), Score(405, 232), Score(406, 256), Score(524, 478), Score(1026, 929),
    // placement: pawn, rank 1 first
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-4, 21), Score(2, 9), Score(-4, 18), Score(-18, 14), Score(-11, 12), Score(25, 18), Score(30, 11), Score(5, 7),
    Score(1, 6), Score(-3, 0), Score(-4, 10), Score(-9, 27), Score(0, 17), Score(5, 25), Score(27, 6), Score(1, 7),
    Score(2, 33), Score(-5, 16), Score(14, -2), Score(23, -3), Score(20, 10), Score(19, 11), Score(5, 31), Score(6, 4),
    Score(6, 32), Score(23, 10), Score(13, 21), Score(46, 15), Score(53, 24), Score(43, 16), Score(22, 27), Score(19, 15),
    Score(42, -1), Score(-6, 55), Score(18, -4), Score(31, 55), Score(30, 10), Score(31, 22), Score(42, 18), Score(8, 29),
    Score(20, 25), Score(24, 36), Score(24, 36), Score(48, 36), Score(48, 36), Score(24, 36), Score(24, 36), Score(20, 35),
    Score(28, 42), Score(28, 42), Score(28, 42), Score(56, 42), Score(56, 42), Score(28, 42), Score(28, 42), Score(28, 42),
    // placement: knight, rank 1 first
    Score(-30, -24), Score(-29, -51), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-19, -29), Score(-30, -24),
    Score(-20, -16), Score(-10, -8), Score(-8, -11), Score(11, -17), Score(9, 19), Score(3, -5), Score(-10, -8), Score(-20, -16),
    Score(-28, -9), Score(-13, 19), Score(-2, 9), Score(22, 15), Score(24, 14), Score(16, -2), Score(15, -2), Score(-19, -12),
    Score(-24, 2), Score(10, 8), Score(11, 35), Score(45, 15), Score(17, 37), Score(29, 10), Score(10, 8), Score(9, 5),
    Score(0, 0), Score(15, -2), Score(15, 26), Score(32, 9), Score(36, 29), Score(55, 24), Score(29, 15), Score(0, 0),
    Score(-10, -8), Score(0, 0), Score(10, 8), Score(52, 24), Score(20, 38), Score(10, 8), Score(0, 0), Score(-10, -8),
    Score(-20, -16), Score(-10, -8), Score(0, 0), Score(10, 8), Score(10, 8), Score(0, 0), Score(-10, -8), Score(-20, -16),
    Score(-30, -24), Score(-20, -16), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-20, -16), Score(-30, -24),
    // placement: bishop, rank 1 first
    Score(-18, -12), Score(-12, -8), Score(-8, -22), Score(-14, -13), Score(0, 0), Score(-13, -20), Score(-12, -8), Score(-18, -12),
    Score(-12, -8), Score(10, -27), Score(18, -19), Score(-8, 17), Score(17, -8), Score(22, -10), Score(22, 8), Score(-12, -8),
    Score(-22, 17), Score(5, 7), Score(1, 21), Score(6, 8), Score(-4, 26), Score(13, -7), Score(-2, -2), Score(-6, -13),
    Score(0, 0), Score(9, 17), Score(12, 20), Score(46, -7), Score(37, -2), Score(-3, 21), Score(7, 3), Score(0, 0),
    Score(0, 0), Score(20, -3), Score(33, 12), Score(19, 5), Score(34, 17), Score(10, 6), Score(9, 3), Score(0, 0),
    Score(-6, -4), Score(0, 0), Score(3, 4), Score(19, 28), Score(13, 2), Score(20, -2), Score(0, 0), Score(-6, -4),
    Score(-12, -8), Score(-6, -4), Score(0, 0), Score(6, 4), Score(6, 4), Score(0, 0), Score(-6, -4), Score(-12, -8),
    Score(-18, -12), Score(-12, -8), Score(-6, -4), Score(0, 0), Score(0, 0), Score(-6, -4), Score(-12, -8), Score(-18, -12),
    // placement: rook, rank 1 first
    Score(-15, 8), Score(-13, -5), Score(2, 2), Score(6, -11), Score(13, -23), Score(13, -16), Score(-6, -5), Score(6, -29),
    Score(-27, 0), Score(-22, -8), Score(13, 3), Score(-18, -23), Score(-12, -16), Score(6, -16), Score(-5, -29), Score(-30, -7),
    Score(-19, -6), Score(-33, -12), Score(-14, 2), Score(-13, 21), Score(-18, 2), Score(-5, -11), Score(10, 7), Score(-9, -15),
    Score(-15, 1), Score(-12, 2), Score(2, 13), Score(-2, -14), Score(12, 5), Score(8, 0), Score(-8, -1), Score(-11, 4),
    Score(-16, -4), Score(-7, -14), Score(11, 13), Score(-5, 12), Score(0, 0), Score(13, 3), Score(-4, 1), Score(4, -6),
    Score(6, 23), Score(13, 2), Score(27, 5), Score(-6, 19), Score(0, 0), Score(0, 0), Score(6, 0), Score(20, -9),
    Score(4, -7), Score(19, 11), Score(27, 7), Score(15, -3), Score(25, 16), Score(29, 1), Score(30, 1), Score(24, 5),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // placement: queen, rank 1 first
    Score(-6, -18), Score(-4, -12), Score(-7, -11), Score(15, -51), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    Score(-4, -12), Score(-2, -6), Score(7, -13), Score(14, 5), Score(12, -18), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-2, -6), Score(2, -13), Score(1, -1), Score(9, 15), Score(10, 13), Score(12, 26), Score(0, 0), Score(-2, -6),
    Score(-10, 4), Score(2, 6), Score(13, 14), Score(-8, 9), Score(0, 23), Score(1, 6), Score(2, 6), Score(0, 0),
    Score(0, 0), Score(-9, 17), Score(4, 12), Score(-6, 12), Score(15, 46), Score(4, 12), Score(2, 6), Score(14, 9),
    Score(-2, -6), Score(0, 0), Score(2, 6), Score(4, 12), Score(4, 12), Score(2, 6), Score(0, 0), Score(-2, -6),
    Score(-4, -12), Score(-2, -6), Score(0, 0), Score(2, 6), Score(2, 6), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-6, -18), Score(-4, -12), Score(-2, -6), Score(0, 0), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    // placement: king, rank 1 first
    Score(20, -48), Score(39, -36), Score(13, 4), Score(-31, -14), Score(5, -28), Score(-10, -17), Score(47, -36), Score(31, -49),
    Score(-5, -32), Score(9, -12), Score(-5, -13), Score(-52, 8), Score(-35, -4), Score(-24, 10), Score(35, -10), Score(-17, -11),
    Score(-30, -16), Score(-38, -2), Score(-38, 7), Score(-80, 7), Score(-84, 17), Score(-60, 16), Score(-46, -2), Score(-26, -10),
    Score(-55, 0), Score(-59, -6), Score(-75, 14), Score(-96, 19), Score(-97, 21), Score(-66, 8), Score(-58, -2), Score(-55, 0),
    Score(-80, 0), Score(-73, 28), Score(-89, -12), Score(-111, 28), Score(-110, 15), Score(-101, -7), Score(-70, 33), Score(-80, 0),
    Score(-105, -16), Score(-105, 0), Score(-105, 16), Score(-135, 14), Score(-137, 30), Score(-135, 16), Score(-105, 0), Score(-105, -16),
    Score(-130, -32), Score(-130, -16), Score(-130, 0), Score(-160, 16), Score(-160, 16), Score(-160, 0), Score(-130, -16), Score(-130, -32),
    Score(-155, -48), Score(-155, -32), Score(-155, -16), Score(-185, 0), Score(-185, 0), Score(-185, -16), Score(-155, -32), Score(-155, -48),
    // mobility (knight, bishop, rook, queen), bishop pair, outpost, rook on an open and a half-open file,
    // king attack, pawn threat, doubled, isolated, passed by ranks (0-7), passed pawn's kings (theirs,
    // ours), king shield, pawns near the king, storm (2, 3, 4 ranks), king's open and half-open files, tempo,
    // the side to move's threatened pieces: by a minor, by a rook, hanging, forked; pawns in a phalanx,
    // supported, backward
    Score(8, 0), Score(8, 1), Score(7, 1), Score(4, 6), Score(61, 57), Score(19, 16),
    Score(73, -24), Score(13, 20), Score(4, -1), Score(-70, -15), Score(-1, -8), Score(-10, -7),
    Score(0, 0), Score(-12, 30), Score(-27, 23), Score(8, 31), Score(6, 50), Score(44, 88),
    Score(76, 153), Score(0, 0), Score(-4, 18), Score(1, -10), Score(9, 7), Score(3, -13),
    Score(-77, 24), Score(6, -11), Score(-3, 1), Score(-43, 15), Score(-23, 12), Score(40, 16),
    Score(-47, -12), Score(-20, -20), Score(-33, -14), Score(-60, -60), Score(8, 8), Score(17, 7),
    Score(-5, -2),
];
