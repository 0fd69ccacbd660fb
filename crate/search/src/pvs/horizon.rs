//! The horizon of [`super`]'s search: quiescence, which plays captures only from the static value
//! (the side to decide may stand pat on it), and, where a variant's standing pat is itself a decision
//! (the end of a Napoleon move phase), that decision played out.

use super::{list_actions, sort_ranked, Searcher};
use crate::rules::{Action, Position};

/// Delta pruning's margin: what a position's placement may add to a capture's gain.
const DELTA_MARGIN: i32 = 200;

impl Searcher<'_> {
    /// The horizon: the static value, or better for the side to decide by a capture, captures only.
    pub(super) fn quiesce(&mut self, position: &dyn Position, ply: u32, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let (mine, cheaply_open) = match self.enter(position, ply) {
            Ok(entered) => entered,
            Err(answer) => return answer,
        };
        let mut actions = self.spare.actions();
        let stand = match self.stand_by_ending(position, mine, ply, depth, (alpha, beta), &mut actions) {
            Some(ended) => ended,
            None => self.stand(position, mine),
        };
        if self.stopped || depth == 0 || stand >= beta {
            self.spare.keep_actions(actions);
            return if self.stopped { 0 } else { stand };
        }
        alpha = alpha.max(stand);
        let mut no_action = actions.is_empty();
        if no_action {
            match position.captures_in_any_order(&mut actions) {
                Some(any) => no_action = !any,
                None => {
                    list_actions(position, &mut actions);
                    no_action = actions.is_empty();
                }
            }
        }
        // No action where the cheap look saw no end: a stalemate (or mate) after all, found without
        // listing the moves a second time; otherwise chance or a dead end, judged by the static value.
        if no_action && cheaply_open {
            if let Some(outcome) = position.outcome() {
                self.spare.keep_actions(actions);
                return self.end_score(outcome, ply, mine);
            }
        }
        let mut captures = self.spare.captures();
        captures.extend(actions.iter().filter_map(|&a| self.gain(position, a).map(|gain| (gain as i64, a))));
        self.spare.keep_actions(actions);
        sort_ranked(&mut captures);
        let mut best = stand;
        for &(gain, action) in &captures {
            // Delta pruning: this capture cannot bring the value up to alpha. The captures come best
            // gain first, so none after it can either.
            if self.tools.delta_pruning && stand.saturating_add(gain as i32 + DELTA_MARGIN) <= alpha {
                break;
            }
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            self.nodes += child.play_work();
            let score = self.child(mine, child.as_ref(), 0, ply + 1, (alpha, beta), Some(depth - 1));
            if self.stopped {
                best = 0;
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.spare.keep_captures(captures);
        best
    }

    /// Where the variant's standing pat is a decision ([`super::SearchTuning::stand_pat_action`]: the end
    /// of a Napoleon move phase) and an option now, its value: the horizon ends the turn and the next
    /// player's captures answer. Lists the options into `actions` to find out (quiescence reuses them).
    fn stand_by_ending(
        &mut self,
        position: &dyn Position,
        mine: bool,
        ply: u32,
        depth: u32,
        window: (i32, i32),
        actions: &mut Vec<Action>,
    ) -> Option<i32> {
        let end = position.stand_pat_action().filter(|_| depth > 0)?;
        list_actions(position, actions);
        if !actions.contains(&end) {
            return None;
        }
        let mut child = position.clone_box();
        child.play(end).ok()?;
        self.nodes += child.play_work();
        Some(self.child(mine, child.as_ref(), 0, ply + 1, window, Some(depth - 1)))
    }
}
