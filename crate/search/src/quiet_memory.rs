//! What the search remembers of quiet actions that cut off, for ordering: the two killers of each ply
//! (the last quiet actions to cut off there, tried right after the captures), the history heuristic
//! (a score per seat and action, summed over the whole search, for the quiet actions after them) and
//! a continuation history (a score per seat, action and the action it answers: a reply that refuted a
//! move once is likely to refute it again, wherever in the tree that move comes), added to it.
//!
//! Actions are opaque codes shared by every variant, so history is kept in a fixed table of slots per
//! seat, an action's slot a hash of its code: a rare collision only blurs the ordering.

use crate::rules::{Action, Seat};

const HISTORY_SLOTS: usize = 4096;
/// Slots per seat of the history that follows an action (see [`QuietMemory::follow`]).
const FOLLOW_SLOTS: usize = 16_384;
/// The bound history scores reach but never pass when history forgets ([`QuietMemory::forgetful`]).
const HISTORY_BOUND: i32 = 16_384;
/// No action: an empty killer slot.
pub(super) const NO_ACTION: Action = Action(u64::MAX);

pub(super) struct QuietMemory {
    killers: Vec<[Action; 2]>,
    history: Vec<i32>,
    /// History of an action as the answer to the action before it (a continuation history), where
    /// the variant asks for it ([`super::SearchTuning::answer_history`]); empty otherwise.
    follow: Vec<i32>,
    /// History that forgets: a cut-off also lowers the history of the quiet actions tried before it,
    /// and each change is damped as a score nears its bound, where the variant asks for it
    /// ([`super::SearchTuning::forgetful_history`]).
    forgetful: bool,
}

impl QuietMemory {
    pub(super) fn new(forgetful: bool, answers: bool) -> QuietMemory {
        let follow = if answers { vec![0; 4 * FOLLOW_SLOTS] } else { Vec::new() };
        QuietMemory { killers: Vec::new(), history: vec![0; 4 * HISTORY_SLOTS], follow, forgetful }
    }

    /// Whether the search should pass the quiet actions it tried before a cut-off to
    /// [`QuietMemory::cut_off`] (only history that forgets uses them).
    pub(super) fn wants_tried(&self) -> bool {
        self.forgetful
    }

    /// The killers of `ply` ([`NO_ACTION`] where there is none yet).
    pub(super) fn killers(&self, ply: usize) -> [Action; 2] {
        self.killers.get(ply).copied().unwrap_or([NO_ACTION; 2])
    }

    /// The history score of `action` for `seat`.
    pub(super) fn history(&self, seat: Seat, action: Action) -> i32 {
        self.history[slot(seat, action)]
    }

    /// The history score of `action` for `seat` as the answer to `before` (the action that led to
    /// the node; [`NO_ACTION`] at the root and after a pass, which have none).
    pub(super) fn follow(&self, seat: Seat, before: Action, action: Action) -> i32 {
        if before == NO_ACTION || self.follow.is_empty() {
            0
        } else {
            self.follow[follow_slot(seat, before, action)]
        }
    }

    /// A quiet `action` of `seat` cut off at `ply` after a search `depth` deep: it becomes the ply's
    /// first killer and gains history, by the depth squared. When history forgets, the quiet actions
    /// tried before it (`tried`) lose as much, and every change is damped by how near the score already
    /// is to its bound, so that history follows the position as the search moves on rather than the
    /// first lines it met: +43 Elo in orthodox chess at level 9 (56.2% over 300 games, `match chess
    /// 9:trial=1 9 --seed 7001` with the trials build of the day).
    pub(super) fn cut_off(
        &mut self,
        seat: Seat,
        before: Action,
        action: Action,
        ply: usize,
        depth: i32,
        tried: &[Action],
    ) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [NO_ACTION; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != action {
            k[1] = k[0];
            k[0] = action;
        }
        if !self.forgetful {
            let h = &mut self.history[slot(seat, action)];
            *h = (*h + depth * depth).min(1 << 30);
            if before != NO_ACTION && !self.follow.is_empty() {
                let f = &mut self.follow[follow_slot(seat, before, action)];
                *f = (*f + depth * depth).min(1 << 30);
            }
            return;
        }
        // Capped at depth 20's, so that one deep cut-off does not outweigh the rest.
        let bonus = (depth * depth).min(400);
        let at = slot(seat, action);
        self.history[at] = nudged(self.history[at], bonus);
        for &other in tried {
            let at = slot(seat, other);
            self.history[at] = nudged(self.history[at], -bonus);
        }
        if before != NO_ACTION && !self.follow.is_empty() {
            let at = follow_slot(seat, before, action);
            self.follow[at] = nudged(self.follow[at], bonus);
            for &other in tried {
                let at = follow_slot(seat, before, other);
                self.follow[at] = nudged(self.follow[at], -bonus);
            }
        }
    }
}

/// A history score `h` moved by `change` (at most [`HISTORY_BOUND`] either way), damped by how near it
/// already is to the bound on that side: it never passes the bound, and a score long at one end comes
/// back as soon as the action starts failing (or succeeding).
fn nudged(h: i32, change: i32) -> i32 {
    h + change - h * change.abs() / HISTORY_BOUND
}

fn slot(seat: Seat, action: Action) -> usize {
    let a = action.0;
    let mixed = a ^ (a >> 13) ^ (a >> 29) ^ (a >> 41);
    (seat as usize & 3) * HISTORY_SLOTS + (mixed as usize % HISTORY_SLOTS)
}

fn follow_slot(seat: Seat, before: Action, action: Action) -> usize {
    let a = before.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ action.0;
    let mixed = a ^ (a >> 17) ^ (a >> 31) ^ (a >> 43);
    (seat as usize & 3) * FOLLOW_SLOTS + (mixed.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 40) as usize % FOLLOW_SLOTS
}

#[cfg(test)]
mod tests {
    use super::{nudged, QuietMemory, HISTORY_BOUND, NO_ACTION};
    use crate::rules::Action;

    #[test]
    fn history_stays_within_its_bound_and_comes_back() {
        let mut h = 0;
        for _ in 0..10_000 {
            h = nudged(h, 400);
            assert!(h <= HISTORY_BOUND, "{h}");
        }
        assert!(h > HISTORY_BOUND * 9 / 10, "long success nears the bound: {h}");
        let high = h;
        h = nudged(h, -400);
        assert!(high - h > 400, "a failure at the top counts more than a plain step: {high} to {h}");
        for _ in 0..10_000 {
            h = nudged(h, -400);
            assert!(h >= -HISTORY_BOUND, "{h}");
        }
        assert_eq!(nudged(0, 25), 25, "from nothing, the change itself");
        assert_eq!(nudged(0, -25), -25);
    }

    #[test]
    fn a_cut_off_makes_a_killer_and_forgetful_history_marks_the_tried_down() {
        let (cut, tried) = (Action(7), Action(9));
        for forgetful in [false, true] {
            let mut memory = QuietMemory::new(forgetful, false);
            assert_eq!(memory.killers(3), [NO_ACTION; 2]);
            memory.cut_off(0, NO_ACTION, cut, 3, 4, &[tried]);
            memory.cut_off(0, NO_ACTION, tried, 3, 2, &[]);
            assert_eq!(memory.killers(3), [tried, cut], "the last cut-off first");
            assert_eq!(memory.history(0, cut), 16, "depth squared");
            assert_eq!(memory.history(1, cut), 0, "each seat its own");
            let expected = if forgetful { 4 - 16 } else { 4 };
            assert_eq!(memory.history(0, tried), expected, "forgetful: {forgetful}");
        }
    }

    #[test]
    fn an_answer_that_cut_off_is_remembered_as_the_answer_to_that_action() {
        let (before, other, answer, tried) = (Action(3), Action(5), Action(7), Action(9));
        for forgetful in [false, true] {
            let mut memory = QuietMemory::new(forgetful, true);
            memory.cut_off(1, before, answer, 2, 4, &[tried]);
            assert_eq!(memory.follow(1, before, answer), 16, "depth squared, forgetful: {forgetful}");
            assert_eq!(memory.follow(1, other, answer), 0, "only as the answer to that action");
            assert_eq!(memory.follow(0, before, answer), 0, "each seat its own");
            assert_eq!(memory.follow(1, NO_ACTION, answer), 0, "the root and a pass answer nothing");
            assert_eq!(memory.follow(1, before, tried), if forgetful { -16 } else { 0 });
        }
        // Where the variant does not ask for it, nothing is kept.
        let mut memory = QuietMemory::new(true, false);
        memory.cut_off(1, before, answer, 2, 4, &[tried]);
        assert_eq!(memory.follow(1, before, answer), 0);
    }
}
