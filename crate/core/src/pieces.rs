//! The kinds of pieces, once: what the page draws, what the position texts write, what the move
//! names and messages call them and what the computer thinks they are worth.
//!
//! A variant lists the kinds it uses in the order of its own numeric codes (`const KINDS: [Kind; 6] =
//! [pieces::PAWN, pieces::KNIGHT, …]`, so chess's `PAWN` is 0 and Napoleon's `KING` is 0, each file
//! saying so in one line) and looks letters, names and values up there. Chess 2024's own kinds (elite
//! pawn, jester, cannon, stack and archer) are here too, so that words can name every piece a view
//! shows in a build of any variants ([`ALL`]); one that writes the same kinds differently (Checkered's checkered pieces) keeps its extra
//! letters next to its reader. Move generation keeps its own tables for speed; the directions below
//! are the data they are made of.

/// One kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The picture the page draws (a view's `kind`): the kind's letter in capitals.
    pub code: &'static str,
    /// The letter of position texts and coordinate moves, in small letters (White's pieces are
    /// written in capitals).
    pub letter: char,
    /// The English name, in small letters ("elite pawn").
    pub name: &'static str,
    /// A rough value in centipawns for the computer; a king, never traded, is worth 0 (a variant
    /// where it is an ordinary piece says so where it values it).
    pub value: i32,
}

impl Kind {
    /// The name with a capital, for labels ("Knight").
    pub fn label(&self) -> String {
        let mut label = self.name.to_string();
        if let Some(first) = label.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        label
    }
}

/// The eight directions clockwise from north: N, NE, E, SE, S, SW, W, NW (the order Wounds writes prongs in).
pub const COMPASS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// N, E, S, W.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// NE, SE, SW, NW.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// A knight's leaps clockwise from north-north-east (the order Wounds writes knight prongs in).
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

pub const KING: Kind = Kind { code: "K", letter: 'k', name: "king", value: 0 };
pub const QUEEN: Kind = Kind { code: "Q", letter: 'q', name: "queen", value: 900 };
pub const ROOK: Kind = Kind { code: "R", letter: 'r', name: "rook", value: 500 };
pub const BISHOP: Kind = Kind { code: "B", letter: 'b', name: "bishop", value: 330 };
pub const KNIGHT: Kind = Kind { code: "N", letter: 'n', name: "knight", value: 320 };
/// Pawns move by their variant's rules (direction, two-steps, captures), which are no data here.
pub const PAWN: Kind = Kind { code: "P", letter: 'p', name: "pawn", value: 100 };

// Chess 2024's own kinds. Their moves are that variant's (a jester is a queen limited to two
// squares, a cannon fires, an archer shoots), so they carry no directions.
pub const ELITE_PAWN: Kind = Kind { code: "E", letter: 'e', name: "elite pawn", value: 150 };
pub const JESTER: Kind = Kind { code: "J", letter: 'j', name: "jester", value: 300 };
pub const CANNON: Kind = Kind { code: "C", letter: 'c', name: "cannon", value: 450 };
/// An ammunition stack, worth its shots (see Chess 2024's `piece_value`).
pub const STACK: Kind = Kind { code: "A", letter: 'a', name: "stack", value: 0 };
pub const ARCHER: Kind = Kind { code: "H", letter: 'h', name: "archer", value: 250 };

/// Every kind a board view may show, by picture code: what words name a piece by, whichever
/// variants a build has.
pub const ALL: [Kind; 11] = [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, ELITE_PAWN, JESTER, CANNON, STACK, ARCHER];

/// The kinds' values in a variant's order, computed at compile time (for the computer's inner loops).
pub const fn values<const N: usize>(kinds: &[Kind; N]) -> [i32; N] {
    let mut values = [0; N];
    let mut i = 0;
    while i < N {
        values[i] = kinds[i].value;
        i += 1;
    }
    values
}

/// The kind whose letter (either case) is `c`, by its index in `kinds`.
pub fn by_letter(kinds: &[Kind], c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    kinds.iter().position(|k| k.letter == lower).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_names_and_labels() {
        assert_eq!(KNIGHT.letter, 'n');
        assert_eq!(KNIGHT.label(), "Knight");
        let kinds = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
        assert_eq!(by_letter(&kinds, 'Q'), Some(4));
        assert_eq!(by_letter(&kinds, 'k'), Some(5));
        assert_eq!(by_letter(&kinds, 'x'), None);
        assert_eq!(values(&kinds), [100, 320, 330, 500, 900, 0]);
    }

    #[test]
    fn the_directions_are_the_compass_halves() {
        let even: Vec<_> = COMPASS.iter().step_by(2).copied().collect();
        let odd: Vec<_> = COMPASS.iter().skip(1).step_by(2).copied().collect();
        assert_eq!(even, ORTHOGONAL);
        assert_eq!(odd, DIAGONAL);
        assert!(KNIGHT_LEAPS.iter().all(|&(f, r)| (f * r).abs() == 2));
    }
}
