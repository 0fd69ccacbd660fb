//! Lists the search reuses from node to node: each node needs a few vectors (its actions, their ranks,
//! the captures at the horizon), and allocating them afresh at every node cost about a tenth of the
//! search's time in orthodox chess (malloc and free, measured with callgrind).
//!
//! A node takes what it needs and gives it back before it returns; one it does not give back (an early
//! return) only means an allocation later, never a wrong answer.

use crate::rules::Action;

/// Cleared vectors kept for the next node that needs one.
#[derive(Default)]
pub(super) struct Spare {
    actions: Vec<Vec<Action>>,
    ranked: Vec<Vec<(i64, Action, bool)>>,
    captures: Vec<Vec<(i64, Action)>>,
}

impl Spare {
    pub(super) fn actions(&mut self) -> Vec<Action> {
        self.actions.pop().unwrap_or_default()
    }

    pub(super) fn ranked(&mut self) -> Vec<(i64, Action, bool)> {
        self.ranked.pop().unwrap_or_default()
    }

    pub(super) fn captures(&mut self) -> Vec<(i64, Action)> {
        self.captures.pop().unwrap_or_default()
    }

    pub(super) fn keep_actions(&mut self, mut list: Vec<Action>) {
        list.clear();
        self.actions.push(list);
    }

    pub(super) fn keep_ranked(&mut self, mut list: Vec<(i64, Action, bool)>) {
        list.clear();
        self.ranked.push(list);
    }

    pub(super) fn keep_captures(&mut self, mut list: Vec<(i64, Action)>) {
        list.clear();
        self.captures.push(list);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_list_comes_back_empty_with_its_room() {
        let mut spare = Spare::default();
        let mut list = spare.actions();
        list.extend([Action(1), Action(2), Action(3)]);
        let room = list.capacity();
        spare.keep_actions(list);
        let again = spare.actions();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room, "the same allocation, reused");
        assert_eq!(spare.actions().capacity(), 0, "none kept: a new, empty list");
    }
}
