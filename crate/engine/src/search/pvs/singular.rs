//! Singular extensions of [`super`]'s search, where reductions are deep (orthodox chess): at a deep
//! node whose table entry says its action holds at least a score, the other actions are searched at
//! half the depth against a bar a margin below that score. When none reaches the bar, the table's
//! action is the only good one (singular) and is searched a decision deeper: a line with one good
//! answer is where the reductions of the others would hide a loss. When even the others reach beta,
//! the node is cut at once (several actions beat beta: a multi-cut).
//!
//! Measured in chess self-play (a `trials` build against the level without): 52.8% at level 11 over
//! 300 games alone, 55.7% with checks reduced less (see `search_child`).

use super::super::quiet_memory::NO_ACTION;
use super::super::tt::{from_table, Bound, DECIDED};
use super::Searcher;
use crate::rules::{Action, Position};

/// The shallowest node that asks whether its table's action is singular, in decisions left.
const SINGULAR_DEPTH: i32 = 7;
/// The bar's margin below the table's score, per decision of the node's depth.
const SINGULAR_MARGIN: i32 = 2;

impl Searcher<'_> {
    /// Whether `first`, the table's action at the node `key`, is singular: `Ok` with the decisions to
    /// extend it by, or `Err` with the node's answer (a multi-cut, or 0 when the search was stopped).
    pub(super) fn singular(
        &mut self,
        position: &dyn Position,
        key: u64,
        first: Action,
        depth: i32,
        ply: u32,
        beta: i32,
    ) -> Result<i32, i32> {
        if !self.tools.singular
            || !self.deep_reductions
            || depth < SINGULAR_DEPTH
            || first == NO_ACTION
            || ply >= self.max_ply
        {
            return Ok(0);
        }
        let Some(entry) = self.table.probe(key) else {
            return Ok(0);
        };
        let score = from_table(entry.score, ply);
        // Only a lower bound (or an exact score) deep enough says the action holds that much.
        if entry.action != first
            || entry.bound == Bound::Upper
            || (entry.depth as i32) < depth - 3
            || score.abs() >= DECIDED
        {
            return Ok(0);
        }
        let bar = score - SINGULAR_MARGIN * depth;
        let others = self.without(position, first, (depth - 1) / 2, ply, bar);
        if self.stopped {
            Err(0)
        } else if others < bar {
            Ok(1)
        } else if bar >= beta {
            Err(bar)
        } else {
            Ok(0)
        }
    }

    /// The node's value without `excluded`, searched to `depth` with the null window at `bar`.
    fn without(&mut self, position: &dyn Position, excluded: Action, depth: i32, ply: u32, bar: i32) -> i32 {
        self.excluded = excluded;
        let value = self.node(position, depth, ply, bar - 1, bar);
        // The node takes it, unless it returned before (a depth of 0 has none: the horizon).
        self.excluded = NO_ACTION;
        value
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Searcher, ALL_TOOLS, INF};
    use super::*;
    use crate::search::tt::{key_of, Table};
    use crate::variants;

    fn chess(text: &str) -> Box<dyn Position> {
        variants::by_slug("chess").expect("registered").parse_position(text, &[]).expect("valid")
    }

    /// A searcher over `position` as a child node (not the root), with a table of its own.
    fn child_searcher<'a>(position: &dyn Position, stop: &'a mut dyn FnMut() -> bool) -> Searcher<'a> {
        let mut searcher = Searcher::new(position, u64::MAX, true, stop, ALL_TOOLS, Table::new(1 << 14));
        searcher.max_ply = 16;
        // The node is searched as a child is, not as the root (on the path already).
        searcher.path.clear();
        searcher
    }

    /// A search left without the only action that saves the queen values the node far lower than
    /// the full node, and writes nothing to the table for it: the entry stays the whole node's.
    #[test]
    fn a_search_without_an_action_values_the_others_and_leaves_the_table_alone() {
        // White's queen takes the pawn that attacks it, with check: the best by a pawn.
        let position = chess("4k3/8/8/4p3/3Q4/8/8/4K3 w - - 0 1");
        let mut stop = || false;
        let mut searcher = child_searcher(position.as_ref(), &mut stop);
        let full = searcher.node(position.as_ref(), 4, 1, -INF, INF);
        let best = searcher.table.probe(key_of(position.as_ref())).expect("the full node's entry");
        assert_eq!(position.info(best.action).name, "Qxe5+");
        let without = searcher.without(position.as_ref(), best.action, 4, 1, full);
        assert!(without < full, "without Qxe5+: {without}, with it: {full}");
        let after = searcher.table.probe(key_of(position.as_ref())).expect("the full node's entry");
        assert_eq!((after.action, after.score, after.depth), (best.action, best.score, best.depth), "unchanged");
        assert_eq!(searcher.excluded, NO_ACTION);
    }

    /// After a full search of the node, the table's action is extended where it alone wins (the
    /// queen taken by the queen), and the node is cut where another action wins as much and beta is
    /// within reach (the queen taken by either rook), but not where beta is out of reach.
    #[test]
    fn the_only_winning_action_is_extended_and_two_winning_actions_cut() {
        let depth = SINGULAR_DEPTH;
        let mut stop = || false;
        let only = chess("4k3/8/8/8/3q4/8/3Q4/4K3 w - - 0 1");
        let mut searcher = child_searcher(only.as_ref(), &mut stop);
        let full = searcher.node(only.as_ref(), depth, 1, -INF, INF);
        let key = key_of(only.as_ref());
        let first = searcher.table.probe(key).expect("searched").action;
        assert_eq!(only.info(first).name, "Qxd4");
        assert_eq!(searcher.singular(only.as_ref(), key, first, depth, 1, full + 1), Ok(1));
        // Too shallow a node does not ask, nor a variant whose reductions are gentle.
        assert_eq!(searcher.singular(only.as_ref(), key, first, depth - 1, 1, full + 1), Ok(0));
        searcher.deep_reductions = false;
        assert_eq!(searcher.singular(only.as_ref(), key, first, depth, 1, full + 1), Ok(0));

        let two = chess("r3k3/pp6/8/8/R2q4/8/8/3RK3 w - - 0 1");
        let mut stop = || false;
        let mut searcher = child_searcher(two.as_ref(), &mut stop);
        let full = searcher.node(two.as_ref(), depth, 1, -INF, INF);
        let key = key_of(two.as_ref());
        let first = searcher.table.probe(key).expect("searched").action;
        let bar = full - SINGULAR_MARGIN * depth;
        assert_eq!(searcher.singular(two.as_ref(), key, first, depth, 1, bar), Err(bar));
        assert_eq!(searcher.singular(two.as_ref(), key, first, depth, 1, full + 1), Ok(0));
    }
}
