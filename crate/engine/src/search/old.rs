//! Today's search as it was before issue 19, frozen: plain alpha-beta with captures, killers and history
//! first and a capture-only horizon, no transposition table. Kept only so that matches can measure the
//! new search against it (`chessfront match chess 5 old5`); remove it once the figures are in the note.
//! Nothing here is tuned any more: change [`super`] instead.

use super::{after, mix, outcome_score, Found, Level, WIN};
use crate::rules::{Action, Position, Seat};

const POLL_EVERY: u64 = 2048;
const HISTORY_SLOTS: usize = 4096;
const NO_ACTION: Action = Action(u64::MAX);

struct Searcher<'a> {
    seat: Seat,
    /// The level's node budget in this variant's nodes.
    max_nodes: u64,
    /// Capture decisions the horizon plays out ([`Position::quiescence_depth`]; none for levels without
    /// quiescence).
    quiescence_depth: u32,
    stop: &'a mut dyn FnMut() -> bool,
    nodes: u64,
    stopped: bool,
    /// False during the first iteration, which always finishes (it gives the answer of last resort).
    may_stop: bool,
    /// Whether the node budget applies yet (from the iteration after the level's minimum depth).
    budgeted: bool,
    /// Per ply, the two quiet actions that last caused a cut-off there.
    killers: Vec<[Action; 2]>,
    /// Per seat and action slot, how often (weighted by depth) a quiet action caused a cut-off.
    history: Vec<i32>,
}

fn history_slot(seat: Seat, action: Action) -> usize {
    let a = action.0;
    let mixed = a ^ (a >> 13) ^ (a >> 29) ^ (a >> 41);
    (seat as usize & 3) * HISTORY_SLOTS + (mixed as usize % HISTORY_SLOTS)
}

impl Searcher<'_> {
    /// The node budget is exact (a level must not search more in one variant than its budget says);
    /// the caller's `stop` (a clock) is polled only every [`POLL_EVERY`] nodes.
    fn out_of_budget(&mut self) -> bool {
        if self.may_stop && !self.stopped {
            self.stopped =
                (self.budgeted && self.nodes >= self.max_nodes) || (self.nodes % POLL_EVERY == 0 && (self.stop)());
        }
        self.stopped
    }

    /// Captures by gain, then the ply's killers, then history; ties keep the canonical order.
    fn order(&self, position: &dyn Position, actions: &mut [Action], ply: usize) {
        let seat = position.to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([NO_ACTION; 2]);
        let mut keyed: Vec<(i64, u64, Action)> = actions
            .iter()
            .map(|&a| {
                let key = match position.legacy_capture_gain(a) {
                    Some(gain) => 1 << 40 | (gain as i64 + (1 << 20)),
                    None if a == killers[0] => 1 << 36,
                    None if a == killers[1] => (1 << 36) - 1,
                    None => self.history[history_slot(seat, a)] as i64,
                };
                (key, 0, a)
            })
            .collect();
        sort_ranked(&mut keyed);
        for (slot, (_, _, a)) in actions.iter_mut().zip(keyed) {
            *slot = a;
        }
    }

    fn remember_cutoff(&mut self, position: &dyn Position, action: Action, ply: usize, depth: u32) {
        if position.legacy_capture_gain(action).is_some() {
            return;
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [NO_ACTION; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != action {
            k[1] = k[0];
            k[0] = action;
        }
        let h = &mut self.history[history_slot(position.to_move(), action)];
        *h = (*h + (depth * depth) as i32).min(1 << 30);
    }

    fn alpha_beta(&mut self, position: &dyn Position, depth: u32, ply: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if depth == 0 {
            return self.quiesce(position, ply, self.quiescence_depth, alpha, beta);
        }
        self.nodes += 1;
        // Polled at every node; the answer is discarded once stopped.
        if self.out_of_budget() {
            return 0;
        }
        if let Some(outcome) = position.outcome() {
            return outcome_score(outcome, self.seat, ply);
        }
        let mut actions = Vec::new();
        position.actions(&mut actions);
        if actions.is_empty() {
            // A position waiting for chance is a leaf.
            if position.pending_chance().is_some() {
                return position.legacy_evaluate(self.seat);
            }
            // A dead end inside a multi-step turn (Napoleon): the player would have to take moves back,
            // so it is no way to play for anyone. Every seat steers away from its own (a turn with no
            // way through at all was found at its start: the game is over there).
            return if position.to_move() == self.seat { -WIN / 2 } else { WIN / 2 };
        }
        self.order(position, &mut actions, ply as usize);
        let maximising = position.to_move() == self.seat;
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for action in actions {
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            let score = self.alpha_beta(child.as_ref(), depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if fold(maximising, score, &mut best, &mut alpha, &mut beta) {
                self.remember_cutoff(position, action, ply as usize, depth);
                break;
            }
        }
        best
    }

    /// The horizon: the static value, or better for the side to decide by a capture, captures only.
    fn quiesce(&mut self, position: &dyn Position, ply: u32, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        // Most horizon positions are judged by their static value alone: the outcome is looked up in full
        // only where the variant cannot tell it cheaply, or once the actions are listed anyway (below).
        let cheap = position.outcome_without_listing();
        if let Some(outcome) = cheap.unwrap_or_else(|| position.outcome()) {
            return outcome_score(outcome, self.seat, ply);
        }
        let stand = position.legacy_evaluate(self.seat);
        if depth == 0 {
            return stand;
        }
        let maximising = position.to_move() == self.seat;
        if maximising {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        // Listing the actions costs what the full outcome costs: a stalemate the cheap look passed is
        // found here.
        if cheap.is_some() {
            if let Some(outcome) = position.outcome() {
                return outcome_score(outcome, self.seat, ply);
            }
        }
        let mut actions = Vec::new();
        position.actions(&mut actions);
        let mut captures: Vec<(i64, u64, Action)> = actions
            .into_iter()
            .filter_map(|a| position.legacy_capture_gain(a).map(|gain| (gain as i64, 0, a)))
            .collect();
        sort_ranked(&mut captures);
        let mut best = stand;
        for (_, _, action) in captures {
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            let score = self.quiesce(child.as_ref(), ply + 1, depth - 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if fold(maximising, score, &mut best, &mut alpha, &mut beta) {
                break;
            }
        }
        best
    }
}

/// Folds a child's score into its node's best score and window (the maximising side raises alpha, the
/// others lower beta); true when the window closed (a cut-off).
fn fold(maximising: bool, score: i32, best: &mut i32, alpha: &mut i32, beta: &mut i32) -> bool {
    if maximising {
        *best = (*best).max(score);
        *alpha = (*alpha).max(score);
    } else {
        *best = (*best).min(score);
        *beta = (*beta).min(score);
    }
    alpha >= beta
}

/// Sorts by key, highest first, then by tie-break and action: the order a stable sort by key gives
/// actions listed in canonical order. One comparison for every ordering of the search: a single sort
/// instantiation keeps the wasm small.
fn sort_ranked(items: &mut [(i64, u64, Action)]) {
    items.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
}

/// The static value of a position for `seat` as the search of that day judged it: the variant's
/// evaluation of that day ([`crate::search::SearchTuning::legacy_evaluate`]), or the outcome.
pub(super) fn evaluate(position: &dyn Position, seat: Seat, ply: u32) -> i32 {
    match position.outcome() {
        Some(outcome) => outcome_score(outcome, seat, ply),
        None => position.legacy_evaluate(seat),
    }
}

/// Today's search (see the module's comment): deepens one decision at a time and keeps the answer of the
/// last iteration that finished.
pub fn best_action(position: &dyn Position, level: &Level, stop: &mut dyn FnMut() -> bool, seed: u64) -> Option<Found> {
    let seat = position.to_move();
    let mut actions = Vec::new();
    position.actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    // A forced decision needs no thought (depth 0: nothing was searched).
    if let [only] = actions[..] {
        return Some(Found {
            action: only,
            score: after(position, only).map_or(0, |child| evaluate(child.as_ref(), seat, 1)),
            depth: 0,
            nodes: 0,
        });
    }
    // The noise of weak levels: a fixed shake per action for this decision.
    let noise = |a: Action| {
        if level.noise > 0 {
            (mix(seed ^ 0x5eed, a) % (2 * level.noise as u64 + 1)) as i32 - level.noise
        } else {
            0
        }
    };
    // Ties go to the seed's order, captures first; each iteration then searches the best first.
    let mut ranked: Vec<(i64, u64, Action)> = actions
        .iter()
        .map(|&a| (position.legacy_capture_gain(a).map_or(i64::MIN, i64::from), mix(seed, a), a))
        .collect();
    sort_ranked(&mut ranked);
    let mut actions: Vec<Action> = ranked.into_iter().map(|(_, _, a)| a).collect();
    let mut searcher = Searcher {
        seat,
        max_nodes: level.max_nodes / position.legacy_node_weight().max(1),
        quiescence_depth: if level.quiescence { position.quiescence_depth() } else { 0 },
        stop,
        nodes: 0,
        stopped: false,
        may_stop: false,
        budgeted: false,
        killers: Vec::new(),
        history: vec![0; 4 * HISTORY_SLOTS],
    };
    let mut found: Option<Found> = None;
    for depth in 1..=level.max_depth.max(1) {
        // The best so far: its action, its shaken score (which decides) and its true score.
        let mut best: Option<(Action, i32, i32)> = None;
        for &action in &actions {
            let shake = noise(action);
            let alpha = best.map_or(i32::MIN, |(_, s, _)| s.saturating_sub(shake));
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            let score = searcher.alpha_beta(child.as_ref(), depth - 1, 1, alpha, i32::MAX);
            if searcher.stopped {
                break;
            }
            let shaken = score.saturating_add(shake);
            if best.map_or(true, |(_, s, _)| shaken > s) {
                best = Some((action, shaken, score));
            }
        }
        if searcher.stopped && found.is_some() {
            break;
        }
        if let Some((action, _, score)) = best {
            found = Some(Found { action, score, depth, nodes: searcher.nodes });
            searcher.may_stop = true;
            searcher.budgeted = depth >= level.min_depth;
            // Best first next time (a fail-low score only bounds the others, so just the best moves up);
            // a forced win needs no deeper look.
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
