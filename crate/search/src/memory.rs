//! What one player's searches keep from one decision to the next: [`Memory`].

use super::tt::Table;
use crate::rules::hash_key;
use crate::rules::Seat;

/// What a player's searches keep between decisions: the last search's transposition table, so that
/// the next one starts out knowing the positions it meets again (the reply the last search expected
/// and the lines around it, searched a move ago only a little shallower). Whoever plays for a seat
/// through a game keeps one: the page's worker, a match's player. A new `Memory` remembers nothing,
/// which is what a search without one gets.
///
/// The search uses it where the variant asks ([`crate::rules::SearchTuning::keeps_table`]). A table searched
/// for another seat, or sized for another level, is dropped rather than reused: with more than two
/// sides a score is the searching seat's view (the paranoid coalition), and a table of another size
/// would make a level's search depend on the level played before it.
///
/// It also holds what the game has seen: the positions that stood twice already, so that the search
/// scores a line back into one of them as the draw the third time makes it (threefold repetition;
/// within the search's own line one repetition is a draw already). Without them a side ahead
/// repeated into a draw it could not see, and a side behind missed the draw it could claim. The
/// caller tells them before each decision ([`Memory::recall_positions`]): it knows the game.
#[derive(Default)]
pub struct Memory {
    kept: Option<(Seat, Table)>,
    /// The table keys of the positions seen twice, sorted.
    twice_seen: Vec<u64>,
    /// The rest of a turn planned whole ([`super::turn_plan`]).
    planned: super::turn_plan::Planned,
}

impl Memory {
    /// The table for `seat`'s next search, `slots` entries big: the one kept, or a new one.
    pub(super) fn table(&mut self, seat: Seat, slots: usize) -> Table {
        match self.kept.take() {
            Some((kept_for, table)) if kept_for == seat && table.sized_for(slots) => table,
            _ => Table::new(slots),
        }
    }

    /// Keeps the table `seat`'s search leaves for its next one.
    pub(super) fn keep(&mut self, seat: Seat, table: Table) {
        self.kept = Some((seat, table));
    }

    /// Recalls the game's positions so far, each as its repetition key ([`crate::rules::Position::repetition_key`]),
    /// the one to decide in included: those seen twice are a draw if they come again. Replaces what
    /// was recalled before, so that a game taken back or another game forgets the old one's.
    pub fn recall_positions<'a>(&mut self, keys: impl IntoIterator<Item = &'a [u8]>) {
        let mut seen: Vec<u64> = keys.into_iter().map(hash_key).collect();
        seen.sort_unstable();
        self.twice_seen.clear();
        for pair in seen.windows(2) {
            if pair[0] == pair[1] && self.twice_seen.last() != Some(&pair[0]) {
                self.twice_seen.push(pair[0]);
            }
        }
    }

    /// The decisions left of the turn last planned whole, each with the position it was planned for.
    pub(super) fn planned(&mut self) -> &mut super::turn_plan::Planned {
        &mut self.planned
    }

    /// A memory that knows only the positions this one's game has seen twice: for searches that play
    /// on from the game but keep no table (a turn plan's, [`super::turn_plan`]).
    pub(super) fn recalling_positions(&self) -> Memory {
        Memory { twice_seen: self.twice_seen.clone(), ..Memory::default() }
    }

    /// The table keys of the positions the game has seen twice, sorted (see [`Memory::recall_positions`]).
    pub(super) fn twice_seen(&self) -> &[u64] {
        &self.twice_seen
    }

    /// Whether a table is kept (for the tests).
    pub fn remembers(&self) -> bool {
        self.kept.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{best_action, best_action_with, Level};
    use super::*;
    use crate::rules::Position;
    use crate::variants::{self, chess::Chess};

    const MIDDLE_GAME: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

    fn after_two(position: &Chess, first: crate::rules::Action, reply: crate::rules::Action) -> Chess {
        let mut next = position.clone();
        next.play(first).expect("legal");
        next.play(reply).expect("legal");
        next
    }

    #[test]
    fn a_kept_table_answers_the_next_search_for_less() {
        let start = Chess::from_fen(MIDDLE_GAME).expect("valid");
        let level = Level::depth(6);
        let mut memory = Memory::default();
        let first = best_action_with(&start, &level, &mut || false, 1, &mut memory).expect("a move");
        assert!(memory.remembers(), "chess keeps its table");
        // The reply the search expected, found in the kept table at the position after the move.
        let mut moved = start.clone();
        moved.play(first.action).expect("legal");
        let reply = best_action(&moved, &Level::depth(1), &mut || false, 1).expect("a reply").action;
        let next = after_two(&start, first.action, reply);
        let fresh = best_action(&next, &level, &mut || false, 1).expect("a move");
        let kept = best_action_with(&next, &level, &mut || false, 1, &mut memory).expect("a move");
        assert!(
            kept.nodes < fresh.nodes,
            "the table kept from the last move saves work: {} nodes against {} fresh",
            kept.nodes,
            fresh.nodes
        );
    }

    #[test]
    fn a_table_kept_for_another_seat_or_level_is_not_used() {
        let start = Chess::from_fen(MIDDLE_GAME).expect("valid");
        let black =
            Chess::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 3 3").expect("valid");
        let small = Level { max_nodes: 5_000, ..Level::depth(8) };
        let large = Level { max_nodes: 500_000, ..Level::depth(5) };
        let fresh = |position: &Chess, level: &Level| best_action(position, level, &mut || false, 1).expect("a move");
        // White searched, then Black: Black's search starts from nothing.
        let mut memory = Memory::default();
        best_action_with(&start, &large, &mut || false, 1, &mut memory).expect("a move");
        let black_found = best_action_with(&black, &large, &mut || false, 1, &mut memory).expect("a move");
        assert_eq!(black_found, fresh(&black, &large));
        // A level of another size: also from nothing.
        let mut memory = Memory::default();
        best_action_with(&start, &large, &mut || false, 1, &mut memory).expect("a move");
        assert_eq!(
            best_action_with(&start, &small, &mut || false, 1, &mut memory).expect("a move"),
            fresh(&start, &small)
        );
    }

    /// The position after `name` is played in `position`, with the action.
    fn after(position: &Chess, name: &str) -> (crate::rules::Action, Vec<u8>) {
        let mut actions = Vec::new();
        position.actions(&mut actions);
        let action = *actions.iter().find(|&&a| position.info(a).name == name).expect("legal");
        let mut next = position.clone();
        next.play(action).expect("legal");
        (action, next.repetition_key())
    }

    #[test]
    fn a_position_the_game_saw_twice_is_a_draw_the_third_time() {
        let level = Level::depth(4);
        // A queen down, Black takes the draw a repetition offers: Kf7 makes a third time.
        let behind = Chess::from_fen("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1").expect("valid");
        let (kf7, seen) = after(&behind, "Kf7");
        let mut memory = Memory::default();
        let lost = best_action_with(&behind, &level, &mut || false, 1, &mut memory).expect("a move");
        assert!(lost.score < -500, "{lost:?}");
        memory.recall_positions([seen.as_slice(), seen.as_slice()]);
        let drawn = best_action_with(&behind, &level, &mut || false, 1, &mut memory).expect("a move");
        assert_eq!((drawn.action, drawn.score), (kf7, 0));
        // Seen once, it is no draw yet; and a recall replaces the one before.
        memory.recall_positions([seen.as_slice()]);
        assert!(best_action_with(&behind, &level, &mut || false, 1, &mut memory).expect("a move").score < -500);
        // A queen up, White keeps away from the draw its best move would make.
        let ahead = Chess::from_fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1").expect("valid");
        let mut memory = Memory::default();
        let best = best_action_with(&ahead, &level, &mut || false, 1, &mut memory).expect("a move");
        let name = ahead.info(best.action).name;
        let (_, seen) = after(&ahead, &name);
        memory.recall_positions([seen.as_slice(), seen.as_slice()]);
        let other = best_action_with(&ahead, &level, &mut || false, 1, &mut memory).expect("a move");
        assert_ne!(other.action, best.action, "{name}");
        assert!(other.score > 500, "{other:?}");
    }

    #[test]
    fn a_variant_that_does_not_keep_its_table_searches_from_nothing() {
        let rules = variants::by_slug("gunnery").expect("registered");
        let settings = variants::resolve_settings(rules, None).expect("defaults");
        let start = rules.start(&settings);
        let mut memory = Memory::default();
        let first = best_action_with(start.as_ref(), &Level::depth(3), &mut || false, 1, &mut memory).expect("a move");
        assert!(!memory.remembers());
        assert_eq!(first, best_action(start.as_ref(), &Level::depth(3), &mut || false, 1).expect("a move"));
    }
}
