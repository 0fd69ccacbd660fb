//! The root of the search: iterative deepening (with aspiration windows from depth 4, searched again
//! with the full window when the score falls outside), one iteration over the root's actions (the first
//! with the full window, the others with a null window and searched again when they beat alpha), the
//! root's first order, and the answer kept when a budget or the clock stops an iteration.

use super::{Searcher, Tools, ASPIRATION, INF};
use crate::rules::{Action, Position};
use crate::tt::DECIDED;
use crate::{mix, Found, Level, Memory, WIN};

impl Searcher<'_> {
    /// One iteration at the root within the window `(low, high)`: the best action, its shaken score
    /// (which decides) and its true score.
    pub(super) fn root(
        &mut self,
        position: &dyn Position,
        actions: &[Action],
        depth: i32,
        low: i32,
        high: i32,
        noise: &dyn Fn(Action) -> i32,
    ) -> Option<(Action, i32, i32)> {
        let mut best: Option<(Action, i32, i32)> = None;
        let mut alpha = low;
        for &action in actions {
            let shake = noise(action);
            let (a, b) = (alpha.saturating_sub(shake), high.saturating_sub(shake));
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            self.nodes += child.play_work();
            let child = child.as_ref();
            self.clear_line(1);
            self.line.push(action);
            let score = if best.is_none() {
                self.child(true, child, depth - 1, 1, (a, b), None)
            } else {
                let s = self.child(true, child, depth - 1, 1, (a, a.saturating_add(1)), None);
                if s > a && s < b && !self.stopped {
                    self.child(true, child, depth - 1, 1, (a, b), None)
                } else {
                    s
                }
            };
            self.line.pop();
            if self.stopped {
                break;
            }
            let shaken = score.saturating_add(shake);
            if best.map_or(true, |(_, s, _)| shaken > s) {
                best = Some((action, shaken, score));
                self.extend_line(0, action);
            }
            alpha = alpha.max(shaken);
            if shaken >= high {
                break;
            }
        }
        best
    }
}

/// The best action for the seat to decide at `level` (see [`super::best_action`]), with `tools`.
pub(crate) fn best_action(
    position: &dyn Position,
    level: &Level,
    stop: &mut dyn FnMut() -> bool,
    seed: u64,
    tools: Tools,
    memory: &mut Memory,
) -> Option<Found> {
    let seat = position.to_move();
    let mut actions = Vec::new();
    position.actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    if let [only] = actions[..] {
        return Some(Found {
            action: only,
            score: crate::after(position, only).map_or(0, |child| crate::evaluate(child.as_ref(), seat, 1)),
            depth: 0,
            nodes: 0,
        });
    }
    let noise = |a: Action| {
        if level.noise > 0 {
            (mix(seed ^ 0x5eed, a) % (2 * level.noise as u64 + 1)) as i32 - level.noise
        } else {
            0
        }
    };
    let mut actions = root_order(position, &actions, seed);
    let mut searcher = Searcher::new(position, level, stop, tools, memory);
    let mut found = searcher.deepen(position, &mut actions, level, &noise);
    if let Some(f) = found.as_mut() {
        f.nodes = searcher.nodes;
    }
    searcher.keep_table(position, memory);
    found
}

/// The root's first order: captures by gain, then by a mix of `seed` and the action, then canonical
/// order.
pub(super) fn root_order(position: &dyn Position, actions: &[Action], seed: u64) -> Vec<Action> {
    let mut ranked: Vec<(i64, u64, Action)> =
        actions.iter().map(|&a| (position.capture_gain(a).map_or(i64::MIN, i64::from), mix(seed, a), a)).collect();
    // Once per search, and the order is total (the action breaks ties): the short sort orders it as
    // the standard one did, without its code (a few KB of wasm per element type).
    chessfront_core::short_sort::sort_by(&mut ranked, |a, b| (b.0, a.1, a.2) < (a.0, b.1, b.2));
    ranked.into_iter().map(|(_, _, a)| a).collect()
}

impl Searcher<'_> {
    /// Iterative deepening: one root search per depth (with an aspiration window from depth 4, searched
    /// again with the full window when the score falls outside), the last best action first in the
    /// next, until the level's depth, the budget, a stop or a forced win.
    fn deepen(
        &mut self,
        position: &dyn Position,
        actions: &mut [Action],
        level: &Level,
        noise: &dyn Fn(Action) -> i32,
    ) -> Option<Found> {
        let mut found: Option<Found> = None;
        for depth in 1..=level.max_depth.max(1) {
            self.max_ply = 2 * depth;
            let d = depth as i32;
            let last = found.as_ref().map(|f| f.score);
            let window = match last {
                Some(s) if self.tools.aspiration && depth >= 4 && level.noise == 0 && s.abs() < DECIDED => {
                    (s - ASPIRATION, s + ASPIRATION)
                }
                _ => (-INF, INF),
            };
            let mut low = window.0;
            let mut best = self.root(position, actions, d, window.0, window.1, noise);
            if let Some((_, shaken, _)) = best {
                if !self.stopped && window != (-INF, INF) && (shaken <= window.0 || shaken >= window.1) {
                    low = -INF;
                    best = self.root(position, actions, d, -INF, INF, noise);
                }
            }
            if self.stopped {
                if let Some(f) = found.as_mut() {
                    Self::keep_proven(f, best, low, self.nodes);
                    break;
                }
            }
            if let Some((action, _, score)) = best {
                found = Some(Found { action, score, depth, nodes: self.nodes });
                self.may_stop = true;
                self.budgeted = depth >= level.min_depth;
                if let Some(i) = actions.iter().position(|&a| a == action) {
                    actions[..=i].rotate_right(1);
                }
                if score >= WIN - depth as i32 {
                    break;
                }
            }
            if self.stopped {
                break;
            }
        }
        found
    }

    /// The last finished iteration's answer `found`, bettered by an unfinished one's `partial` best: the
    /// previous best action was searched first, so an action that finished with a higher score beat it at
    /// the deeper look (its score is proven, a budget cut never leaves a half-searched action as the
    /// best). Where nothing rose above the window's floor `low`, the first action fell (a fail low) and
    /// nothing is proven: the finished answer stands. Most engines play it so; it matters most where a
    /// budget stops nearly every deeper iteration (Chess 2024, Napoleon).
    fn keep_proven(found: &mut Found, partial: Option<(Action, i32, i32)>, low: i32, nodes: u64) {
        if let Some((action, shaken, score)) = partial {
            if action != found.action && shaken > low {
                *found = Found { action, score, depth: found.depth, nodes };
            }
        }
    }
}
