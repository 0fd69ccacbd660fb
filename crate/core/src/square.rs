//! Board coordinates for every board size up to 16x16.
//!
//! A [`Square`] packs `rank * 16 + file` into one byte, whatever the board's real width, so squares of
//! every variant share one type, one notation (`a1` … `p16`) and one order (rank by rank from a1),
//! which is the order canonical action lists are sorted by.

use serde::Serialize;

/// Largest board side any variant uses (Napoleon).
pub const MAX_SIDE: u8 = 16;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(transparent)]
pub struct Square(pub u8);

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(rank << 4 | file)
    }
    pub const fn file(self) -> u8 {
        self.0 & 15
    }
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }
    /// a1 is dark; a square is dark when file + rank (from 0) is even.
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }
    /// The square's name: file letter `a`…`p` and rank number from 1.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
    /// Parses `a1` … `p16`; the bounds of a particular board are the caller's to check.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !('a'..='p').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if rank == 0 || rank > MAX_SIDE {
            return None;
        }
        Some(Square::new(file as u8 - b'a', rank - 1))
    }
}

/// SAN disambiguation for a move from `from` when `rivals` (the other pieces of the same kind that can
/// reach the same square) exist: the file when it tells them apart, else the rank, else the whole
/// square; nothing without rivals.
pub fn disambiguation(from: Square, rivals: &[Square]) -> String {
    let name = from.name();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|r| r.file() != from.file()) {
        name[..1].to_string()
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        name[1..].to_string()
    } else {
        name
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_the_largest_board() {
        for rank in 0..MAX_SIDE {
            for file in 0..MAX_SIDE {
                let sq = Square::new(file, rank);
                assert_eq!(Square::parse(&sq.name()), Some(sq));
            }
        }
        assert_eq!(Square::new(0, 0).name(), "a1");
        assert_eq!(Square::new(15, 15).name(), "p16");
    }

    #[test]
    fn rejects_malformed_names() {
        for bad in ["", "a", "a0", "a17", "q1", "A1", "a01", "a1x", "11"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a1_is_dark() {
        assert!(Square::new(0, 0).is_dark());
        assert!(!Square::new(1, 0).is_dark());
    }
}
