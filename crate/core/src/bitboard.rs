//! 8x8 bitboards and attack sets, shared by the variants played on an orthodox board.
//!
//! Squares here are `rank * 8 + file` (0 = a1, 63 = h8); [`to_square`] and [`from_square`] convert to
//! the engine-wide [`Square`]. Sliders use the classical ray method: one table of rays per direction
//! and the first blocker found with a bit scan. The tables are built at compile time (a few KB),
//! which keeps the wasm small and needs no start-up work.

use crate::square::Square;

pub type Bitboard = u64;

pub const fn bit(sq: u8) -> Bitboard {
    1u64 << sq
}

/// Engine-wide square of an 8x8 index.
pub const fn to_square(sq: u8) -> Square {
    Square::new(sq & 7, sq >> 3)
}

/// 8x8 index of an engine-wide square, if it lies on the 8x8 board.
pub const fn from_square(sq: Square) -> Option<u8> {
    if sq.file() < 8 && sq.rank() < 8 {
        Some(sq.rank() * 8 + sq.file())
    } else {
        None
    }
}

/// Iterates the set squares of a bitboard, lowest first.
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// Directions as (file step, rank step). The first four grow the square index, the last four shrink it.
pub const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (-1, 1), (0, -1), (-1, -1), (-1, 0), (1, -1)];
pub const NORTH: usize = 0;
pub const NORTH_EAST: usize = 1;
pub const EAST: usize = 2;
pub const NORTH_WEST: usize = 3;
pub const SOUTH: usize = 4;
pub const SOUTH_WEST: usize = 5;
pub const WEST: usize = 6;
pub const SOUTH_EAST: usize = 7;
const ROOK_DIRECTIONS: [usize; 4] = [NORTH, EAST, SOUTH, WEST];
const BISHOP_DIRECTIONS: [usize; 4] = [NORTH_EAST, NORTH_WEST, SOUTH_WEST, SOUTH_EAST];

const fn step_set(sq: u8, steps: &[(i8, i8)]) -> Bitboard {
    let (file, rank) = ((sq & 7) as i8, (sq >> 3) as i8);
    let mut set = 0;
    let mut i = 0;
    while i < steps.len() {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            set |= bit((r * 8 + f) as u8);
        }
        i += 1;
    }
    set
}

const fn table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = step_set(sq as u8, steps);
        sq += 1;
    }
    t
}

const fn ray_table() -> [[Bitboard; 64]; 8] {
    let mut t = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq & 7) as i8, (sq >> 3) as i8);
            let mut set = 0;
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                set |= bit((r * 8 + f) as u8);
            }
            t[d][sq] = set;
            sq += 1;
        }
        d += 1;
    }
    t
}

pub static KNIGHT_ATTACKS: [Bitboard; 64] =
    table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
pub static KING_ATTACKS: [Bitboard; 64] =
    table(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]);
/// Squares a pawn of the given colour (0 = moving up, 1 = moving down) attacks.
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [table(&[(-1, 1), (1, 1)]), table(&[(-1, -1), (1, -1)])];
pub static RAYS: [[Bitboard; 64]; 8] = ray_table();

/// Squares a slider sees along one direction: up to and including the first occupied square.
/// Without a branch: a blocker is assumed on the last square the direction reaches (h8 for the four
/// that grow the index, a1 for the others), where the ray beyond is empty, so an open ray stays whole.
#[inline]
pub fn ray_attacks(sq: u8, dir: usize, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq as usize];
    let blockers = ray & occupied;
    let first = if dir < 4 { (blockers | 1 << 63).trailing_zeros() } else { 63 - (blockers | 1).leading_zeros() };
    ray ^ RAYS[dir][first as usize]
}

#[inline]
pub fn rook_attacks(sq: u8, occupied: Bitboard) -> Bitboard {
    ROOK_DIRECTIONS.iter().fold(0, |acc, &d| acc | ray_attacks(sq, d, occupied))
}

#[inline]
pub fn bishop_attacks(sq: u8, occupied: Bitboard) -> Bitboard {
    BISHOP_DIRECTIONS.iter().fold(0, |acc, &d| acc | ray_attacks(sq, d, occupied))
}

/// The direction leading from `a` to `b` along a rank, file or diagonal, if they are aligned.
pub fn direction(a: u8, b: u8) -> Option<usize> {
    (0..8).find(|&d| RAYS[d][a as usize] & bit(b) != 0)
}

/// Squares strictly between two aligned squares (empty when not aligned).
pub fn between(a: u8, b: u8) -> Bitboard {
    match direction(a, b) {
        Some(d) => RAYS[d][a as usize] & RAYS[(d + 4) % 8][b as usize],
        None => 0,
    }
}

/// The whole line through two aligned squares, edge to edge (empty when not aligned).
pub fn line(a: u8, b: u8) -> Bitboard {
    match direction(a, b) {
        Some(d) => RAYS[d][a as usize] | RAYS[(d + 4) % 8][a as usize] | bit(a),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_in_corner_has_two_moves() {
        assert_eq!(KNIGHT_ATTACKS[0].count_ones(), 2);
        assert_eq!(KNIGHT_ATTACKS[27].count_ones(), 8);
    }

    #[test]
    fn rook_stops_at_first_blocker() {
        // Rook a1, blocker a4: sees a2, a3, a4 and the whole first rank.
        let att = rook_attacks(0, bit(24));
        assert_eq!(att, bit(8) | bit(16) | bit(24) | 0xfe);
    }

    /// The branchless ray against one walked square by square, for every square, direction and many
    /// boards; and the squares it assumes a blocker on see nothing further.
    #[test]
    fn a_ray_stops_at_its_first_blocker_on_every_board() {
        for d in 0..4 {
            assert_eq!(RAYS[d][63], 0);
            assert_eq!(RAYS[d + 4][0], 0);
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & (seed >> 3); // about a quarter of the squares
            for sq in 0..64u8 {
                for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    let (mut f, mut r, mut walked) = ((sq & 7) as i8, (sq >> 3) as i8, 0);
                    loop {
                        f += df;
                        r += dr;
                        if !(0..8).contains(&f) || !(0..8).contains(&r) {
                            break;
                        }
                        walked |= bit((r * 8 + f) as u8);
                        if occupied & bit((r * 8 + f) as u8) != 0 {
                            break;
                        }
                    }
                    assert_eq!(ray_attacks(sq, d, occupied), walked, "square {sq}, direction {d}");
                }
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 17), 0);
        assert_eq!(line(9, 18).count_ones(), 8);
    }
}
