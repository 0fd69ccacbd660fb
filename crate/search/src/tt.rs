//! The transposition table: what an earlier visit of a position found, keyed by a hash of the
//! variant's [`Position::repetition_key`] (everything that decides future play, no counters).
//!
//! Scores are stored from the point of view of the seat that decides at the position, with wins and
//! losses counted from the position rather than from the root (a win `n` decisions below the node is
//! stored as `WIN - n`), so a position reached at another ply reads the right distance to the end:
//! [`to_table`] and [`from_table`]. Each entry says which kind of bound its score is: exact, at least
//! (the search failed high, a cut-off) or at most (every action failed low). The full 64-bit key is
//! kept, so a slot taken by another position is a miss; a key collision could only propose a move
//! that is then not among the listed actions, which the search ignores.
//!
//! [`Position::repetition_key`]: crate::rules::Position::repetition_key

use super::WIN;
use crate::rules::{hash_key, Action, Position};

/// Scores beyond this are wins or losses found in the tree, at a distance in decisions.
pub const DECIDED: i32 = WIN - 10_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (the node failed high).
    Lower,
    /// The score is at most this (no action reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub action: Action,
    pub score: i32,
    pub depth: u16,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `slots` entries (a power of two at least 1024).
    pub fn new(slots: usize) -> Table {
        let size = Self::size_for(slots);
        Table { entries: vec![None; size], mask: size - 1 }
    }

    /// Whether this table is the one [`Table::new`] makes for `slots`.
    pub fn sized_for(&self, slots: usize) -> bool {
        self.entries.len() == Self::size_for(slots)
    }

    fn size_for(slots: usize) -> usize {
        slots.clamp(1 << 10, 1 << 22).next_power_of_two()
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Replaces the slot's entry unless it holds a deeper look at the same position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(entry);
    }
}

/// A score found `ply` decisions below the root, as the table keeps it (relative to the node).
pub fn to_table(score: i32, ply: u32) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, as seen from a node `ply` decisions below the root.
pub fn from_table(score: i32, ply: u32) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// The position's hash, [`hash_key`] of its repetition key (see [`SearchTuning::table_key`]).
///
/// [`SearchTuning::table_key`]: super::SearchTuning::table_key
pub fn key_of(position: &dyn Position) -> u64 {
    position.table_key().unwrap_or_else(|| hash_key(&position.repetition_key()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_scores_are_stored_relative_to_the_node() {
        // A win 3 decisions below a node at ply 4 is WIN - 7 from the root, WIN - 3 in the table, and
        // WIN - 5 when the same position is reached at ply 2.
        assert_eq!(to_table(WIN - 7, 4), WIN - 3);
        assert_eq!(from_table(WIN - 3, 2), WIN - 5);
        assert_eq!(to_table(-WIN + 7, 4), -WIN + 3);
        assert_eq!(from_table(-WIN + 3, 2), -WIN + 5);
        // Ordinary scores and the dead ends' half-wins are not distances.
        assert_eq!(to_table(250, 9), 250);
        assert_eq!(from_table(-WIN / 2, 9), -WIN / 2);
    }

    /// Orthodox chess hashes its key's bytes without building them as a vector: the bytes, and so the
    /// table's keys, are the repetition key's, en-passant rights included.
    #[test]
    fn the_chess_table_key_hashes_the_repetition_key() {
        use crate::variants::chess::Chess;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // An en-passant capture is possible, then one that is not (no pawn to take).
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 5 20",
        ] {
            let position = Chess::from_fen(fen).expect("valid");
            let position: &dyn Position = &position;
            assert_eq!(position.table_key(), Some(hash_key(&position.repetition_key())), "{fen}");
            assert_eq!(key_of(position), hash_key(&position.repetition_key()), "{fen}");
        }
        let ep = Chess::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").expect("valid");
        let no_ep = Chess::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").expect("valid");
        assert_ne!(key_of(&ep), key_of(&no_ep), "a capture en passant is part of the position");
    }

    #[test]
    fn a_deeper_entry_is_not_replaced_by_a_shallower_bound() {
        let mut table = Table::new(1024);
        let entry = |depth, bound| Entry { key: 5, action: Action(1), score: 10, depth, bound };
        table.store(entry(6, Bound::Lower));
        table.store(entry(3, Bound::Upper));
        assert_eq!(table.probe(5).map(|e| e.depth), Some(6));
        table.store(entry(3, Bound::Exact));
        assert_eq!(table.probe(5).map(|e| e.depth), Some(3));
        assert!(table.probe(5 + 1024).is_none(), "another key in the same slot is a miss");
    }
}
