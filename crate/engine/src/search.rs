//! The computer player's search: iterative deepening alpha-beta over any variant's decisions.
//!
//! The search walks decisions, not turns, so multi-step turns (a Chess 2024 substitution and its move,
//! a Napoleon pick and its destination) need no special case: a node is maximising when the seat to
//! decide is the searching seat and minimising otherwise ("paranoid" search: in four-player games every
//! other player is treated as an opponent). Scores are always from the searching seat's point of view.
//!
//! Pure and deterministic: no clock and no entropy. The caller bounds the search with a depth, a node
//! budget and a `stop` callback polled every few thousand nodes (the browser's worker checks its clock
//! there); a seed breaks ties between equally good actions, so a given seed always plays the same game.
//! Positions waiting for chance are leaves: the search never reads the secrets behind fair chance or
//! sealed setups, it only sees what the position shows.

use crate::rules::{Action, Outcome, Position, Seat};

/// A win found `n` decisions deep scores `WIN - n`, so nearer wins are preferred (and later losses).
pub const WIN: i32 = 1_000_000;

/// What bounds a search.
pub struct Limits<'a> {
    /// Deepest iteration, in decisions.
    pub max_depth: u32,
    /// Nodes after which the search stops (the last complete iteration's answer is kept).
    pub max_nodes: u64,
    /// Polled every `POLL_EVERY` nodes; returning true stops the search.
    pub stop: &'a mut dyn FnMut() -> bool,
}

const POLL_EVERY: u64 = 2048;

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub action: Action,
    pub score: i32,
    /// Deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

struct Searcher<'a, 'b> {
    seat: Seat,
    limits: &'a mut Limits<'b>,
    nodes: u64,
    stopped: bool,
    /// False during the first iteration, which always finishes (it gives the answer of last resort).
    may_stop: bool,
}

/// The static value of a position for `seat`: the variant's own evaluation, or the outcome.
pub fn evaluate(position: &dyn Position, seat: Seat, ply: u32) -> i32 {
    match position.outcome() {
        Some(Outcome { winner: Some(w), .. }) if w == seat => WIN - ply as i32,
        Some(Outcome { winner: Some(_), .. }) => -WIN + ply as i32,
        Some(Outcome { winner: None, .. }) => 0,
        None => position.evaluate(seat),
    }
}

impl Searcher<'_, '_> {
    fn out_of_budget(&mut self) -> bool {
        if self.may_stop && !self.stopped && self.nodes % POLL_EVERY == 0 {
            self.stopped = self.nodes >= self.limits.max_nodes || (self.limits.stop)();
        }
        self.stopped
    }

    fn alpha_beta(&mut self, position: &dyn Position, depth: u32, ply: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        // Polled at every node (leaves are most of them); the answer is discarded once stopped.
        if self.out_of_budget() {
            return 0;
        }
        let mut actions = Vec::new();
        if depth > 0 && position.outcome().is_none() {
            position.actions(&mut actions);
        }
        if depth > 0 && actions.is_empty() && position.outcome().is_none() && position.pending_chance().is_none() {
            // A dead end inside a multi-step turn (Napoleon): the player would have to take moves back.
            // Steer the searching seat away from it; an opponent would find another way.
            if position.to_move() == self.seat {
                return -WIN / 2;
            }
        }
        if actions.is_empty() {
            return evaluate(position, self.seat, ply);
        }
        let maximising = position.to_move() == self.seat;
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for action in actions {
            let mut child = position.clone_box();
            child.play(action);
            let score = self.alpha_beta(child.as_ref(), depth - 1, ply + 1, alpha, beta);
            if maximising {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}

/// A small mixing function: the tie-break order of actions for a seed.
fn tie_rank(seed: u64, action: Action) -> u64 {
    let mut x = seed ^ action.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// The best action for the seat to decide, or `None` when it has none. Deepens one decision at a time
/// and keeps the answer of the last iteration that finished (the first always does: depth 1 looks at
/// every action once).
pub fn best_action(position: &dyn Position, limits: &mut Limits, seed: u64) -> Option<Found> {
    let seat = position.to_move();
    let mut actions = Vec::new();
    position.actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    // Ties go to the seed's order; each iteration then searches the previous best first.
    actions.sort_by_key(|&a| tie_rank(seed, a));
    let mut searcher = Searcher { seat, limits, nodes: 0, stopped: false, may_stop: false };
    let mut found: Option<Found> = None;
    for depth in 1..=searcher.limits.max_depth.max(1) {
        let mut best: Option<(Action, i32)> = None;
        let mut alpha = i32::MIN;
        for &action in &actions {
            let mut child = position.clone_box();
            child.play(action);
            let score = searcher.alpha_beta(child.as_ref(), depth - 1, 1, alpha, i32::MAX);
            if searcher.stopped && found.is_some() {
                break;
            }
            if best.map_or(true, |(_, s)| score > s) {
                best = Some((action, score));
                alpha = score;
            }
        }
        if searcher.stopped && found.is_some() {
            break;
        }
        if let Some((action, score)) = best {
            found = Some(Found { action, score, depth, nodes: searcher.nodes });
            searcher.may_stop = true;
            // The best first next time; a forced win needs no deeper look.
            if let Some(i) = actions.iter().position(|&a| a == action) {
                actions[..=i].rotate_right(1);
            }
            if score >= WIN - depth as i32 {
                break;
            }
        }
        if searcher.stopped {
            break;
        }
    }
    if let Some(f) = found.as_mut() {
        f.nodes = searcher.nodes;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn search(slug: &str, text: &str, depth: u32) -> (String, Found) {
        let rules = variants::by_slug(slug).expect("registered");
        let options = variants::resolve_options(rules, None).expect("defaults");
        let position = rules.parse_position(text, &options).expect("valid position");
        let mut never = || false;
        let mut limits = Limits { max_depth: depth, max_nodes: u64::MAX, stop: &mut never };
        let found = best_action(position.as_ref(), &mut limits, 1).expect("an action");
        (position.info(found.action).name, found)
    }

    #[test]
    fn finds_mate_in_one_and_in_two() {
        // Scholar's mate.
        let (name, found) = search("chess", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", 3);
        assert_eq!(name, "Qxf7#");
        assert_eq!(found.score, WIN - 1);
        // Mate in two: 1.Kg6 Kg8 (the only move) 2.Ra8#.
        let (name, found) = search("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 4);
        assert_eq!(found.score, WIN - 3, "{name}");
    }

    #[test]
    fn the_answer_is_legal_and_the_seed_only_breaks_ties() {
        let rules = variants::by_slug("chess").expect("registered");
        let start = rules.start(&[]);
        let mut legal = Vec::new();
        start.actions(&mut legal);
        let mut picks = std::collections::BTreeSet::new();
        for seed in 0..8 {
            let mut never = || false;
            let mut limits = Limits { max_depth: 1, max_nodes: u64::MAX, stop: &mut never };
            let found = best_action(start.as_ref(), &mut limits, seed).expect("moves");
            assert!(legal.contains(&found.action));
            let mut again = || false;
            let mut limits = Limits { max_depth: 1, max_nodes: u64::MAX, stop: &mut again };
            assert_eq!(best_action(start.as_ref(), &mut limits, seed), Some(found.clone()), "deterministic");
            picks.insert(found.action);
        }
        assert!(picks.len() > 1, "equal first moves are varied by the seed");
    }

    #[test]
    fn a_stopped_search_still_answers() {
        let rules = variants::by_slug("chess").expect("registered");
        let start = rules.start(&[]);
        let mut polls = 0;
        let mut stop = || {
            polls += 1;
            polls > 1
        };
        let mut limits = Limits { max_depth: 30, max_nodes: u64::MAX, stop: &mut stop };
        let found = best_action(start.as_ref(), &mut limits, 0).expect("moves");
        assert!(found.depth >= 1 && found.depth < 30, "{found:?}");
    }
}
