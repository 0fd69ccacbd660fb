//! The orthodox evaluation's weights, fitted by `examples/tune_orthodox.rs` (issue 19) to Stockfish
//! 15.1's depth-8 scores of 107,966 quiet positions from the computer's games against itself (levels 2-6
//! after 4-9 random first moves; `positions 1600 1` and `positions 1600 100001`, then `label 8`, then
//! `fit 1000 1e-8`), starting from the weights set by hand before (commit 00cefc3, `HAND`). Terms seen in
//! fewer than 1,000 of those positions (pawns on the last ranks, a middle-game king far up the board)
//! keep their hand-set weights. Mean squared error of the expected score: 0.0207 with the hand-set
//! weights, 0.0165 with these. Regenerate with the tuner rather than editing by hand.

use super::super::Score;
use super::term;

pub(super) const WEIGHTS: [Score; term::COUNT] = [
    // material: pawn, knight, bishop, rook, queen
    Score(74, 78), Score(378, 273), Score(398, 286), Score(499, 506), Score(970, 944),
    // placement: pawn, rank 1 first
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-3, 14), Score(9, 10), Score(3, 12), Score(-14, 13), Score(-15, 17), Score(13, 18), Score(30, 10), Score(-1, 8),
    Score(-2, 15), Score(4, 2), Score(19, 6), Score(3, 17), Score(9, 13), Score(8, 15), Score(34, 2), Score(-4, 9),
    Score(-3, 21), Score(-11, 29), Score(17, 2), Score(22, 10), Score(20, 5), Score(10, 15), Score(5, 18), Score(0, 15),
    Score(17, 16), Score(13, 15), Score(17, 15), Score(31, 2), Score(42, 17), Score(30, 37), Score(39, 26), Score(12, 30),
    Score(37, 1), Score(-9, 28), Score(7, 44), Score(34, 35), Score(46, 30), Score(25, 24), Score(40, 36), Score(26, 9),
    Score(20, 25), Score(24, 36), Score(24, 36), Score(48, 36), Score(48, 36), Score(24, 36), Score(24, 36), Score(20, 35),
    Score(28, 42), Score(28, 42), Score(28, 42), Score(56, 42), Score(56, 42), Score(28, 42), Score(28, 42), Score(28, 42),
    // placement: knight, rank 1 first
    Score(-30, -24), Score(-19, -22), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-12, -20), Score(-30, -24),
    Score(-20, -16), Score(-10, -8), Score(2, -8), Score(14, -1), Score(14, 14), Score(11, 2), Score(-10, -8), Score(-20, -16),
    Score(-26, -20), Score(-12, 15), Score(8, 8), Score(26, 21), Score(14, 14), Score(9, 14), Score(6, -4), Score(-24, -25),
    Score(-4, -13), Score(10, 8), Score(17, 29), Score(19, 16), Score(23, 16), Score(32, 24), Score(10, 8), Score(12, -2),
    Score(0, 0), Score(16, 0), Score(12, 23), Score(10, 26), Score(32, 15), Score(19, 19), Score(11, 17), Score(0, 0),
    Score(-10, -8), Score(0, 0), Score(10, 8), Score(20, 16), Score(20, 16), Score(10, 8), Score(0, 0), Score(-10, -8),
    Score(-20, -16), Score(-10, -8), Score(0, 0), Score(10, 8), Score(10, 8), Score(0, 0), Score(-10, -8), Score(-20, -16),
    Score(-30, -24), Score(-20, -16), Score(-10, -8), Score(0, 0), Score(0, 0), Score(-10, -8), Score(-20, -16), Score(-30, -24),
    // placement: bishop, rank 1 first
    Score(-18, -12), Score(-12, -8), Score(-7, -21), Score(0, 0), Score(0, 0), Score(-15, -7), Score(-12, -8), Score(-18, -12),
    Score(-12, -8), Score(16, -6), Score(0, 0), Score(6, 3), Score(13, 1), Score(6, -7), Score(15, -4), Score(-12, -8),
    Score(-2, 1), Score(0, 0), Score(24, 4), Score(-2, 9), Score(-3, 18), Score(24, 3), Score(0, 0), Score(-9, -9),
    Score(0, 0), Score(4, 4), Score(5, 16), Score(30, 10), Score(32, -2), Score(-1, 11), Score(13, 9), Score(0, 0),
    Score(0, 0), Score(16, 21), Score(23, -2), Score(20, 17), Score(31, 25), Score(10, 6), Score(16, 2), Score(0, 0),
    Score(-6, -4), Score(0, 0), Score(3, 4), Score(11, 8), Score(10, 11), Score(9, 13), Score(0, 0), Score(-6, -4),
    Score(-12, -8), Score(-6, -4), Score(0, 0), Score(6, 4), Score(6, 4), Score(0, 0), Score(-6, -4), Score(-12, -8),
    Score(-18, -12), Score(-12, -8), Score(-6, -4), Score(0, 0), Score(0, 0), Score(-6, -4), Score(-12, -8), Score(-18, -12),
    // placement: rook, rank 1 first
    Score(-8, -3), Score(1, 1), Score(6, -5), Score(14, -23), Score(-5, -12), Score(21, -15), Score(-14, -1), Score(-3, -13),
    Score(-23, -14), Score(-13, -7), Score(4, -5), Score(-8, -21), Score(-12, -16), Score(11, -2), Score(-5, -29), Score(-25, -6),
    Score(1, -6), Score(-16, -5), Score(0, 0), Score(-12, 1), Score(-18, 2), Score(-5, -11), Score(-7, 2), Score(-10, 10),
    Score(-7, 8), Score(0, 0), Score(3, 6), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(-10, -4),
    Score(-2, 4), Score(-2, 2), Score(0, 0), Score(0, 0), Score(0, 0), Score(14, 17), Score(0, 0), Score(9, 10),
    Score(9, 4), Score(9, 21), Score(11, 9), Score(0, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(11, 2),
    Score(8, 29), Score(9, 19), Score(19, 9), Score(20, 28), Score(17, 10), Score(21, 6), Score(17, 18), Score(20, 19),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // placement: queen, rank 1 first
    Score(-6, -18), Score(-4, -12), Score(-7, -11), Score(17, -23), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    Score(-4, -12), Score(-2, -6), Score(3, -2), Score(9, 5), Score(15, 9), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-2, -6), Score(5, -1), Score(7, -7), Score(15, 1), Score(7, 18), Score(12, 11), Score(0, 0), Score(-2, -6),
    Score(-10, 4), Score(2, 6), Score(3, 14), Score(4, 16), Score(-5, 13), Score(10, 19), Score(2, 6), Score(0, 0),
    Score(0, 0), Score(-9, 17), Score(4, 12), Score(12, 25), Score(13, 26), Score(4, 12), Score(2, 6), Score(9, 3),
    Score(-2, -6), Score(0, 0), Score(2, 6), Score(4, 12), Score(4, 12), Score(2, 6), Score(0, 0), Score(-2, -6),
    Score(-4, -12), Score(-2, -6), Score(0, 0), Score(2, 6), Score(2, 6), Score(0, 0), Score(-2, -6), Score(-4, -12),
    Score(-6, -18), Score(-4, -12), Score(-2, -6), Score(0, 0), Score(0, 0), Score(-2, -6), Score(-4, -12), Score(-6, -18),
    // placement: king, rank 1 first
    Score(20, -48), Score(26, -33), Score(29, -13), Score(-26, -5), Score(1, -24), Score(-25, -7), Score(18, -30), Score(9, -47),
    Score(-5, -32), Score(-3, -7), Score(7, -9), Score(-31, 11), Score(-41, 1), Score(-23, 5), Score(-2, -12), Score(-16, -32),
    Score(-30, -16), Score(-35, 1), Score(-33, 5), Score(-66, 16), Score(-73, 26), Score(-59, 14), Score(-41, -4), Score(-16, -25),
    Score(-55, 0), Score(-53, 21), Score(-65, 22), Score(-94, 5), Score(-97, 14), Score(-79, 28), Score(-52, 24), Score(-55, 0),
    Score(-80, 0), Score(-80, 16), Score(-78, 35), Score(-111, 25), Score(-114, 24), Score(-107, 35), Score(-80, 16), Score(-80, 0),
    Score(-105, -16), Score(-105, 0), Score(-105, 16), Score(-135, 32), Score(-135, 32), Score(-135, 16), Score(-105, 0), Score(-105, -16),
    Score(-130, -32), Score(-130, -16), Score(-130, 0), Score(-160, 16), Score(-160, 16), Score(-160, 0), Score(-130, -16), Score(-130, -32),
    Score(-155, -48), Score(-155, -32), Score(-155, -16), Score(-185, 0), Score(-185, 0), Score(-185, -16), Score(-155, -32), Score(-155, -48),
    // mobility (knight, bishop, rook, queen), bishop pair, outpost, rook on an open and a half-open file,
    // king attack, pawn threat, doubled, isolated, passed by ranks (0-7), passed pawn's kings (theirs,
    // ours), king shield, pawns near the king, storm (2, 3, 4 ranks), king's open and half-open files, tempo
    Score(10, -1), Score(8, 3), Score(8, 2), Score(4, 5), Score(54, 53), Score(42, 14),
    Score(63, -7), Score(16, 25), Score(4, -1), Score(-74, -23), Score(-6, -6), Score(-14, -11),
    Score(0, 0), Score(-5, 27), Score(-11, 19), Score(-4, 26), Score(1, 49), Score(49, 56),
    Score(67, 155), Score(0, 0), Score(-3, 12), Score(2, -6), Score(15, -1), Score(7, -11),
    Score(-62, 33), Score(-4, -12), Score(-10, -2), Score(-34, 8), Score(-15, 7), Score(37, 6),
];
