//! The orthodox evaluation's weights, fitted by `examples/tune_orthodox.rs` (issue 19) to Stockfish
//! 15.1's depth-8 scores of 114,041 quiet positions from the computer's games against itself (levels 2-6
//! after 4-9 random first moves; `positions 1600 1` and `positions 1600 100001`, then `label 8`, then
//! `fit 1000 1e-8`), starting from the weights fitted before (the first fit's 107,966 positions, from
//! hand-set weights, commit 00cefc3) with the side to move's threats added at hand-set values. Terms
//! seen in fewer than 1,000 of those positions (pawns on the last ranks, a middle-game king far up the
//! board, a rook attacking the side to move's queen, a fork) keep their weights. Mean squared error of
//! the expected score on these positions: 0.01656 with the weights before, 0.01551 refitted without the
//! threats, 0.01527 with them. The linear king-attack term (weight 4, -1) was taken out by hand when
//! the king danger replaced it (`super::super::king_danger`); the other weights are as fitted.
//! Regenerate with the tuner rather than editing by hand.

use super::super::Score;
use super::term;

pub(super) const WEIGHTS: [Score; term::COUNT] = [
    // material: pawn, knight, bishop, rook, queen
    Score(84, 74), Score(398, 243), Score(400, 265), Score(517, 489), Score(1005, 943),
    // placement: pawn, rank 1 first
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-4, 22), Score(6, 8), Score(-5, 19), Score(-19, 12), Score(-13, 13), Score(25, 19), Score(34, 11), Score(5, 8),
    Score(6, 5), Score(4, 0), Score(6, 6), Score(0, 25), Score(7, 15), Score(13, 26), Score(33, 4), Score(6, 8),
    Score(-2, 32), Score(-9, 18), Score(13, -1), Score(24, -2), Score(20, 8), Score(15, 14), Score(2, 30), Score(3, 4),
    Score(3, 28), Score(17, 12), Score(15, 20), Score(44, 12), Score(53, 24), Score(41, 21), Score(19, 26), Score(12, 16),
    Score(38, 1), Score(-7, 47), Score(11, 11), Score(33, 49), Score(34, 17), Score(29, 24), Score(40, 24), Score(12, 24),
    Score(20, 25), Score(24, 36), Score(24, 36), Score(48, 36), Score(48, 36), Score(24, 36), Score(24, 36), Score(20, 35),
    Score(28, 42), Score(28, 42), Score(28, 42), Score(56, 42), Score(56, 42), Score(28, 42), Score(28, 42), Score(28, 42),
    // placement: knight, rank 1 first
    Score(-30, -24), Score(-27, -41), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-17, -26), Score(-30, -24),
    Score(-20, -16), Score(-10, -8), Score(-6, -10), Score(14, -14), Score(10, 18), Score(4, -2), Score(-10, -8), Score(-20, -16),
    Score(-26, -14), Score(-14, 17), Score(-2, 8), Score(22, 16), Score(23, 14), Score(14, -1), Score(12, -3), Score(-19, -17),
    Score(-22, -6), Score(10, 8), Score(13, 33), Score(39, 16), Score(19, 29), Score(28, 13), Score(10, 8), Score(9, 2),
    Score(0, 0), Score(14, -2), Score(14, 24), Score(26, 15), Score(33, 25), Score(41, 24), Score(26, 17), Score(0, 0),
    Score(-10, -8), Score(0, 0), Score(10, 8), Score(40, 22), Score(22, 31), Score(10, 8), Score(0, 0), Score(-10, -8),
    Score(-20, -16), Score(-10, -8), Score(0, 0), Score(10, 8), Score(10, 8), Score(0, 0), Score(-10, -8), Score(-20, -16),
    Score(-30, -24), Score(-20, -16), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-20, -16), Score(-30, -24),
    // placement: bishop, rank 1 first
    Score(-18, -12), Score(-12, -8), Score(-7, -23), Score(-9, -9), Score(0, 0), Score(-15, -17), Score(-12, -8), Score(-18, -12),
    Score(-12, -8), Score(11, -21), Score(12, -10), Score(-7, 13), Score(15, -5), Score(19, -8), Score(22, 6), Score(-12, -8),
    Score(-17, 9), Score(4, 5), Score(7, 14), Score(6, 10), Score(-3, 24), Score(14, -6), Score(-2, -2), Score(-8, -10),
    Score(0, 0), Score(9, 13), Score(11, 19), Score(40, -2), Score(36, -1), Score(-3, 18), Score(11, 5), Score(0, 0),
    Score(0, 0), Score(17, 4), Score(30, 8), Score(18, 8), Score(33, 20), Score(10, 6), Score(10, 2), Score(0, 0),
    Score(-6, -4), Score(0, 0), Score(3, 4), Score(18, 22), Score(10, 5), Score(15, 3), Score(0, 0), Score(-6, -4),
    Score(-12, -8), Score(-6, -4), Score(0, 0), Score(6, 4), Score(6, 4), Score(0, 0), Score(-6, -4), Score(-12, -8),
    Score(-18, -12), Score(-12, -8), Score(-6, -4), Score(0, 0), Score(0, 0), Score(-6, -4), Score(-12, -8), Score(-18, -12),
    // placement: rook, rank 1 first
    Score(-11, 5), Score(-9, -3), Score(6, 0), Score(10, -13), Score(10, -17), Score(15, -15), Score(-9, -3), Score(3, -24),
    Score(-24, -6), Score(-18, -8), Score(13, 2), Score(-14, -23), Score(-12, -16), Score(8, -11), Score(-5, -29), Score(-28, -6),
    Score(-13, -7), Score(-27, -9), Score(-8, 1), Score(-12, 15), Score(-18, 2), Score(-5, -11), Score(4, 6), Score(-11, -5),
    Score(-11, 3), Score(-7, 0), Score(5, 11), Score(-2, -9), Score(7, 4), Score(6, 1), Score(-4, -1), Score(-11, 1),
    Score(-9, -1), Score(-5, -8), Score(7, 9), Score(-2, 8), Score(0, 0), Score(13, 9), Score(-2, 1), Score(4, -1),
    Score(7, 18), Score(10, 8), Score(20, 8), Score(-2, 12), Score(0, 0), Score(0, 0), Score(6, 0), Score(15, -4),
    Score(2, 0), Score(14, 15), Score(23, 9), Score(15, 5), Score(22, 16), Score(25, 4), Score(24, 7), Score(21, 9),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // placement: queen, rank 1 first
    Score(-6, -18), Score(-4, -12), Score(-7, -11), Score(17, -39), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    Score(-4, -12), Score(-2, -6), Score(6, -8), Score(13, 6), Score(11, -5), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-2, -6), Score(2, -7), Score(4, -4), Score(11, 10), Score(11, 16), Score(13, 19), Score(0, 0), Score(-2, -6),
    Score(-9, 4), Score(2, 6), Score(12, 15), Score(-5, 12), Score(-1, 18), Score(4, 12), Score(2, 6), Score(0, 0),
    Score(0, 0), Score(-9, 17), Score(4, 12), Score(0, 18), Score(16, 37), Score(4, 12), Score(2, 6), Score(14, 7),
    Score(-2, -6), Score(0, 0), Score(2, 6), Score(4, 12), Score(4, 12), Score(2, 6), Score(0, 0), Score(-2, -6),
    Score(-4, -12), Score(-2, -6), Score(0, 0), Score(2, 6), Score(2, 6), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-6, -18), Score(-4, -12), Score(-2, -6), Score(0, 0), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    // placement: king, rank 1 first
    Score(20, -48), Score(32, -35), Score(12, 2), Score(-31, -11), Score(2, -27), Score(-17, -14), Score(40, -34), Score(25, -47),
    Score(-5, -32), Score(3, -11), Score(-3, -12), Score(-48, 7), Score(-38, -3), Score(-25, 8), Score(30, -8), Score(-17, -17),
    Score(-30, -16), Score(-37, 0), Score(-35, 8), Score(-74, 9), Score(-80, 19), Score(-59, 19), Score(-43, -2), Score(-20, -13),
    Score(-55, 0), Score(-57, 3), Score(-70, 18), Score(-94, 16), Score(-96, 21), Score(-73, 15), Score(-56, 4), Score(-55, 0),
    Score(-80, 0), Score(-76, 26), Score(-85, 1), Score(-111, 29), Score(-112, 19), Score(-106, 4), Score(-74, 29), Score(-80, 0),
    Score(-105, -16), Score(-105, 0), Score(-105, 16), Score(-135, 21), Score(-136, 32), Score(-135, 16), Score(-105, 0), Score(-105, -16),
    Score(-130, -32), Score(-130, -16), Score(-130, 0), Score(-160, 16), Score(-160, 16), Score(-160, 0), Score(-130, -16), Score(-130, -32),
    Score(-155, -48), Score(-155, -32), Score(-155, -16), Score(-185, 0), Score(-185, 0), Score(-185, -16), Score(-155, -32), Score(-155, -48),
    // mobility (knight, bishop, rook, queen), bishop pair, outpost, rook on an open and a half-open file,
    // pawn threat, doubled, isolated, passed by ranks (0-7), passed pawn's kings (theirs,
    // ours), king shield, pawns near the king, storm (2, 3, 4 ranks), king's open and half-open files, tempo,
    // the side to move's threatened pieces: by a minor, by a rook, hanging, forked
    Score(9, 0), Score(9, 2), Score(8, 1), Score(4, 6), Score(60, 58), Score(24, 16),
    Score(74, -22), Score(12, 20), Score(-69, -18), Score(-3, -9), Score(-17, -12), Score(0, 0),
    Score(-13, 28), Score(-29, 21), Score(6, 29), Score(4, 48), Score(46, 79), Score(71, 151),
    Score(0, 0), Score(-5, 18), Score(1, -10), Score(8, 9), Score(6, -13), Score(-72, 25),
    Score(5, -11), Score(-3, 2), Score(-42, 16), Score(-22, 11), Score(39, 16), Score(-43, -15),
    Score(-20, -20), Score(-34, -16), Score(-60, -60),
];
