//! Several best lines at once (multi-PV), for analysis: each iteration searches the root once per
//! line wanted, every search leaving out the first actions of the lines already found, so the lines
//! begin with distinct actions; each keeps the principal variation the search found for it.
//!
//! The search is the playing search's (the same nodes, the same pruning and the same table); only
//! the root differs: no noise, and the lines after the first get the full window, since a line's
//! score is wanted exactly and not only as better or worse than the first.

use super::root::root_order;
use super::{Searcher, INF};
use crate::rules::{Action, Position};
use crate::tt::DECIDED;
use crate::{Level, Memory, WIN};

/// Half-width of the first line's aspiration window (as the playing search's).
const ASPIRATION: i32 = 40;

/// One line of play: its actions from the position (the first is the line's own) and its score for
/// the seat to decide there, in the search's units (centipawns, or `WIN - n` for a win in `n` decisions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    pub actions: Vec<Action>,
    pub score: i32,
}

/// The lines of the deepest iteration that finished, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLines {
    pub lines: Vec<RawLine>,
    pub depth: u32,
    pub nodes: u64,
}

/// Up to `count` best lines for the seat to decide at `position`, searched by `level` (its noise
/// ignored) until its depth or budget or `stop`; `None` when there is nothing to decide.
pub fn best_lines(
    position: &dyn Position,
    level: &Level,
    count: usize,
    stop: &mut dyn FnMut() -> bool,
    memory: &mut Memory,
) -> Option<RawLines> {
    let mut actions = Vec::new();
    position.actions(&mut actions);
    if actions.is_empty() || count == 0 {
        return None;
    }
    let mut actions = root_order(position, &actions, 0);
    let mut searcher = Searcher::new(position, level, stop, super::ALL_TOOLS, memory);
    let found = searcher.deepen_lines(position, &mut actions, level, count);
    searcher.keep_table(position, memory);
    found
}

impl Searcher<'_> {
    /// Iterative deepening of `count` lines: the lines of the last iteration that finished (the first
    /// always does), their first actions searched first in the next.
    fn deepen_lines(
        &mut self,
        position: &dyn Position,
        actions: &mut [Action],
        level: &Level,
        count: usize,
    ) -> Option<RawLines> {
        let count = count.min(actions.len());
        let mut done: Option<RawLines> = None;
        for depth in 1..=level.max_depth.max(1) {
            self.max_ply = 2 * depth;
            let last = done.as_ref().map(|d| d.lines[0].score);
            let Some(mut lines) = self.iteration(position, actions, depth as i32, count, last) else { break };
            // Each line is searched apart: a later one may come out a little higher (the table's
            // answers differ between searches); the lines are shown best first all the same.
            lines.sort_by_key(|line| std::cmp::Reverse(line.score));
            let won = lines[0].score >= WIN - depth as i32;
            done = Some(RawLines { lines, depth, nodes: self.nodes });
            self.may_stop = true;
            self.budgeted = depth >= level.min_depth;
            if won || self.stopped {
                break;
            }
        }
        if let Some(d) = done.as_mut() {
            d.nodes = self.nodes;
        }
        done
    }

    /// One iteration: `count` root searches, each over the actions not yet a line's first (those are
    /// moved to the front of `actions` as they are found). `None` when the search was stopped before
    /// every line was found.
    fn iteration(
        &mut self,
        position: &dyn Position,
        actions: &mut [Action],
        depth: i32,
        count: usize,
        last: Option<i32>,
    ) -> Option<Vec<RawLine>> {
        let mut lines = Vec::with_capacity(count);
        for k in 0..count {
            let window = match last {
                Some(s) if k == 0 && self.tools.aspiration && depth >= 4 && s.abs() < DECIDED => {
                    (s - ASPIRATION, s + ASPIRATION)
                }
                _ => (-INF, INF),
            };
            let mut best = self.root(position, &actions[k..], depth, window.0, window.1, &|_| 0);
            if let Some((_, score, _)) = best {
                if !self.stopped && window != (-INF, INF) && (score <= window.0 || score >= window.1) {
                    best = self.root(position, &actions[k..], depth, -INF, INF, &|_| 0);
                }
            }
            if self.stopped {
                return None;
            }
            let (action, _, score) = best?;
            let mut line = self.pv.first().cloned().unwrap_or_default();
            if line.first() != Some(&action) {
                line = vec![action];
            }
            lines.push(RawLine { actions: line, score });
            if let Some(i) = actions.iter().position(|&a| a == action) {
                actions[k..=i].rotate_right(1);
            }
        }
        Some(lines)
    }
}
