//! The computer player's search: iterative deepening alpha-beta over any variant's decisions.
//!
//! The search walks decisions, not turns, so multi-step turns (a Chess 2024 substitution and its move,
//! a Napoleon pick and its destination) need no special case: a node is maximising when the seat to
//! decide is the searching seat and minimising otherwise ("paranoid" search: in four-player games every
//! other player is treated as an opponent). Scores are always from the searching seat's point of view.
//!
//! The usual enhancements, all variant-blind: captures first (most valuable victim first, from the
//! variant's [`Position::capture_gain`]), then the killer actions of the ply, then the history
//! heuristic; at the horizon a quiescence search plays captures until the position is quiet
//! ([`Position::quiescence_depth`] deep), so a piece left hanging at the last ply is seen. A dead end
//! inside a multi-step turn is no way to play for whoever reaches it. (No transposition table: one was
//! tried and made the node-budgeted levels weaker in chess for a reason not found yet; see issue 9.)
//!
//! Pure and deterministic: no clock and no entropy. The caller bounds the search with a [`Level`] (a
//! minimum depth, then a node budget) and a `stop` callback polled every few thousand nodes (the
//! browser's worker checks its clock there); a seed breaks ties between equally good actions and
//! shakes the weak levels' judgement, so a given seed always plays the same game. Positions waiting
//! for chance are leaves: the search never reads the secrets behind fair chance or sealed setups, it
//! only sees what the position shows.

use crate::rules::{Action, Outcome, Position, Seat};

/// A win found `n` decisions deep scores `WIN - n`, so nearer wins are preferred (and later losses).
pub const WIN: i32 = 1_000_000;

/// A playing strength: what bounds the search and how much it may blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    /// How it plays, in a few words for the level picker.
    pub about: &'static str,
    /// Deepest iteration, in decisions.
    pub max_depth: u32,
    /// Iterations up to this depth finish whatever they cost in nodes (only the caller's clock may stop
    /// them, after the first), so a level is never shallower than the one below it where nodes are
    /// dear.
    pub min_depth: u32,
    /// Nodes after which the search stops (the last complete iteration's answer is kept), counted in
    /// orthodox chess nodes ([`Position::node_weight`]).
    pub max_nodes: u64,
    /// Time per decision the page allows (the worker's clock; searches here never read a clock).
    pub millis: u32,
    /// Root scores are shaken by up to this many centipawns (seeded): the weak levels' mistakes.
    pub noise: i32,
    /// Whether the horizon plays out captures (off for the one-ply greedy baseline).
    pub quiescence: bool,
}

impl Level {
    /// No bounds but the given depth: for tests and analysis.
    pub const fn depth(max_depth: u32) -> Level {
        Level {
            name: "analysis",
            about: "",
            max_depth,
            min_depth: 1,
            max_nodes: u64::MAX,
            millis: u32::MAX,
            noise: 0,
            quiescence: true,
        }
    }
}

/// The one-ply greedy baseline of the benchmark: the action whose resulting position evaluates best.
pub const GREEDY: Level = Level {
    name: "greedy",
    about: "",
    max_depth: 1,
    min_depth: 1,
    max_nodes: u64::MAX,
    millis: u32::MAX,
    noise: 0,
    quiescence: false,
};

/// The levels the page offers, weakest first. Each finishes a minimum depth, so it sees further than
/// the level below it even where nodes are dear (Chess 2024), then deepens within a node budget; depth
/// and nodes make a level's strength the same on every machine. The time limit only keeps a slow
/// machine from waiting too long: after the first iteration the clock may stop any search.
pub const LEVELS: [Level; 5] = [
    Level {
        name: "Beginner",
        about: "looks one move ahead and often errs",
        max_depth: 1,
        min_depth: 1,
        max_nodes: u64::MAX,
        millis: 300,
        noise: 150,
        quiescence: false,
    },
    Level {
        name: "Casual",
        about: "looks two moves ahead, sometimes errs",
        max_depth: 2,
        min_depth: 2,
        max_nodes: u64::MAX,
        millis: 500,
        noise: 40,
        quiescence: false,
    },
    Level {
        name: "Club",
        about: "looks two moves ahead or more",
        max_depth: 64,
        min_depth: 2,
        max_nodes: 12_000,
        millis: 1000,
        noise: 0,
        quiescence: true,
    },
    Level {
        name: "Strong",
        about: "looks three moves ahead or more",
        max_depth: 64,
        min_depth: 3,
        max_nodes: 60_000,
        millis: 2500,
        noise: 0,
        quiescence: true,
    },
    Level {
        name: "Strongest",
        about: "looks four moves ahead or more, up to 5 s",
        max_depth: 64,
        min_depth: 4,
        max_nodes: 300_000,
        millis: 5000,
        noise: 0,
        quiescence: true,
    },
];

const POLL_EVERY: u64 = 2048;
const HISTORY_SLOTS: usize = 4096;
const NO_ACTION: Action = Action(u64::MAX);

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub action: Action,
    pub score: i32,
    /// Deepest iteration completed (0 when the decision was forced and nothing was searched).
    pub depth: u32,
    pub nodes: u64,
}

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

/// The static value of a position for `seat`: the variant's own evaluation, or the outcome.
pub fn evaluate(position: &dyn Position, seat: Seat, ply: u32) -> i32 {
    match position.outcome() {
        Some(outcome) => outcome_score(outcome, seat, ply),
        None => position.evaluate(seat),
    }
}

fn outcome_score(outcome: Outcome, seat: Seat, ply: u32) -> i32 {
    match outcome.winner {
        Some(w) if w == seat => WIN - ply as i32,
        Some(_) => -WIN + ply as i32,
        None => 0,
    }
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
                let key = match position.capture_gain(a) {
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
        if position.capture_gain(action).is_some() {
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
                return position.evaluate(self.seat);
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
            child.play(action);
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
        let stand = position.evaluate(self.seat);
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
        let mut captures: Vec<(i64, u64, Action)> =
            actions.into_iter().filter_map(|a| position.capture_gain(a).map(|gain| (gain as i64, 0, a))).collect();
        sort_ranked(&mut captures);
        let mut best = stand;
        for (_, _, action) in captures {
            let mut child = position.clone_box();
            child.play(action);
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

/// A small mixing function: the tie-break order of actions for a seed, and the weak levels' noise.
fn mix(seed: u64, action: Action) -> u64 {
    let mut x = seed ^ action.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// The best action for the seat to decide at `level`, or `None` when it has none. Deepens one decision
/// at a time and keeps the answer of the last iteration that finished (the first always does: depth 1
/// looks at every action once). `stop` is polled every few thousand nodes after the first iteration.
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
            score: evaluate(after(position, only).as_ref(), seat, 1),
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
    let mut ranked: Vec<(i64, u64, Action)> =
        actions.iter().map(|&a| (position.capture_gain(a).map_or(i64::MIN, i64::from), mix(seed, a), a)).collect();
    sort_ranked(&mut ranked);
    let mut actions: Vec<Action> = ranked.into_iter().map(|(_, _, a)| a).collect();
    let mut searcher = Searcher {
        seat,
        max_nodes: level.max_nodes / position.node_weight().max(1),
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
            child.play(action);
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

/// Decisions the dead-end check may explore before giving the action the benefit of the doubt.
const FINISH_BUDGET: u64 = 20_000;

/// A way for the seat to decide in `position` to finish its turn: a depth-first search over its
/// decisions (ending actions first: they are the highest codes), within `budget` decisions, pruned by
/// the variant's own verdict ([`Position::turn_can_end`]) while it has one. `Some` with the decisions
/// (none when the turn has passed, the game is over, or chance or a setup is due; without `need_path`,
/// also as soon as the variant says a way exists); `None` for a dead end or when the budget ran out
/// (`budget` is then 0).
fn turn_path(position: &dyn Position, seat: Seat, budget: &mut u64, need_path: bool, ask: bool) -> Option<Vec<Action>> {
    if position.to_move() != seat
        || position.outcome().is_some()
        || position.pending_chance().is_some()
        || position.setup_due().is_some()
    {
        return Some(Vec::new());
    }
    // Once the variant could not tell (its own budget ran out), its descendants are not asked again.
    let verdict = if ask { position.turn_can_end() } else { None };
    match verdict {
        Some(false) => return None,
        Some(true) if !need_path => return Some(Vec::new()),
        _ => {}
    }
    let ask = ask && verdict.is_some();
    let mut actions = Vec::new();
    position.actions(&mut actions);
    for &action in actions.iter().rev() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut child = position.clone_box();
        child.play(action);
        if let Some(mut path) = turn_path(child.as_ref(), seat, budget, need_path, ask) {
            path.insert(0, action);
            return Some(path);
        }
    }
    None
}

/// Whether `seat` can still finish its turn in `child` (a position after one of its actions); running out
/// of budget counts as yes.
fn finishes(child: &dyn Position, seat: Seat) -> bool {
    let mut budget = FINISH_BUDGET;
    turn_path(child, seat, &mut budget, false, true).is_some() || budget == 0
}

/// `position` after `action`.
fn after(position: &dyn Position, action: Action) -> Box<dyn Position> {
    let mut child = position.clone_box();
    child.play(action);
    child
}

/// The decisions of a legal way to finish the current turn (often a passive one: ending actions are
/// tried first), for a computer player whose searched decisions walked into a dead end; `None` when
/// none is found within a generous budget.
pub fn finish_turn(position: &dyn Position) -> Option<Vec<Action>> {
    let mut budget = 50 * FINISH_BUDGET;
    turn_path(position, position.to_move(), &mut budget, true, true)
}

/// The computer's decision: the search's best action, unless it walks into a dead end of a multi-step
/// turn beyond the search's horizon (a Napoleon turn that can no longer end legally); then the best
/// action by static value among those after which the turn can still be finished. `None` when there is
/// no action, or every action leads into a dead end.
pub fn choose(position: &dyn Position, level: &Level, stop: &mut dyn FnMut() -> bool, seed: u64) -> Option<Found> {
    let found = best_action(position, level, stop, seed)?;
    let seat = position.to_move();
    if finishes(after(position, found.action).as_ref(), seat) {
        return Some(found);
    }
    let mut actions = Vec::new();
    position.actions(&mut actions);
    actions
        .into_iter()
        .filter_map(|a| {
            let child = after(position, a);
            finishes(child.as_ref(), seat).then(|| (evaluate(child.as_ref(), seat, 1), a))
        })
        .max_by_key(|&(score, a)| (score, std::cmp::Reverse(a)))
        .map(|(score, action)| Found { action, score, ..found })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn never() -> impl FnMut() -> bool {
        || false
    }

    fn search(slug: &str, text: &str, depth: u32) -> (String, Found) {
        let rules = variants::by_slug(slug).expect("registered");
        let options = variants::resolve_options(rules, None).expect("defaults");
        let position = rules.parse_position(text, &options).expect("valid position");
        let found = best_action(position.as_ref(), &Level::depth(depth), &mut never(), 1).expect("an action");
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
    fn quiescence_sees_the_recapture_beyond_the_horizon() {
        // Qxd5 wins a pawn at depth 1 but loses the queen to exd5: only the quiescence search sees it.
        let text = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        let rules = variants::by_slug("chess").expect("registered");
        let position = rules.parse_position(text, &[]).expect("valid");
        let greedy = best_action(position.as_ref(), &GREEDY, &mut never(), 0).expect("moves");
        assert_eq!(position.info(greedy.action).name, "Qxd5", "the baseline takes the pawn");
        let careful = best_action(position.as_ref(), &Level::depth(1), &mut never(), 0).expect("moves");
        assert_ne!(position.info(careful.action).name, "Qxd5");
    }

    #[test]
    fn the_answer_is_legal_and_the_seed_only_breaks_ties() {
        let rules = variants::by_slug("chess").expect("registered");
        let start = rules.start(&[]);
        let mut legal = Vec::new();
        start.actions(&mut legal);
        let mut picks = std::collections::BTreeSet::new();
        for seed in 0..8 {
            let found = best_action(start.as_ref(), &Level::depth(1), &mut never(), seed).expect("moves");
            assert!(legal.contains(&found.action));
            assert_eq!(best_action(start.as_ref(), &Level::depth(1), &mut never(), seed), Some(found.clone()));
            picks.insert(found.action);
        }
        assert!(picks.len() > 1, "equal first moves are varied by the seed");
    }

    #[test]
    fn noise_makes_the_beginner_vary_but_not_the_strongest() {
        let rules = variants::by_slug("chess").expect("registered");
        let position = rules.parse_position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", &[]).expect("valid");
        let mut beginner = std::collections::BTreeSet::new();
        for seed in 0..16 {
            let found = best_action(position.as_ref(), &LEVELS[0], &mut never(), seed).expect("moves");
            beginner.insert(position.info(found.action).name);
            let strongest = Level { max_nodes: 20_000, min_depth: 2, ..LEVELS[4] };
            let found = best_action(position.as_ref(), &strongest, &mut never(), seed).expect("moves");
            assert_eq!(position.info(found.action).name, "Qxd5", "seed {seed}");
        }
        assert!(beginner.len() > 1, "{beginner:?}");
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
        let found = best_action(start.as_ref(), &Level::depth(30), &mut stop, 0).expect("moves");
        assert!(found.depth >= 1 && found.depth < 30, "{found:?}");
    }

    /// A hand-made game tree: node `n` lists `CHILDREN[n]` (none: a dead end), and is worth `VALUE[n]`
    /// to seat 0 at the horizon; leaves pass to themselves. Seat 0 decides at the root, seat 1 below.
    #[derive(Clone)]
    struct Tree(usize);

    //                                root     a       b     x     y     z
    const CHILDREN: [&[usize]; 6] = [&[1, 2], &[3, 4], &[5], &[], &[4], &[5]];
    const VALUE: [i32; 6] = [0, 0, 0, -1000, 100, 50];

    impl Position for Tree {
        fn clone_box(&self) -> Box<dyn Position> {
            Box::new(self.clone())
        }
        fn to_move(&self) -> Seat {
            (self.0 != 0) as Seat
        }
        fn actions(&self, out: &mut Vec<Action>) {
            out.extend(CHILDREN[self.0].iter().map(|&c| Action(c as u64)));
        }
        fn play(&mut self, action: Action) {
            self.0 = action.0 as usize;
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn repetition_key(&self) -> Vec<u8> {
            vec![self.0 as u8]
        }
        fn to_text(&self) -> String {
            self.0.to_string()
        }
        fn info(&self, _action: Action) -> crate::rules::ActionInfo {
            crate::rules::ActionInfo::default()
        }
        fn view(&self) -> crate::rules::BoardView {
            crate::rules::BoardView::default()
        }
        fn evaluate(&self, seat: Seat) -> i32 {
            if seat == 0 {
                VALUE[self.0]
            } else {
                -VALUE[self.0]
            }
        }
    }

    #[test]
    fn an_opponents_dead_end_is_no_way_out_for_it() {
        // After `a` the opponent's only real answer `y` leaves +100; its other option `x` walks into a
        // dead end that would look like -1000 if it could stop there. `b` gives a sure +50.
        let found = best_action(&Tree(0), &Level::depth(3), &mut never(), 0).expect("moves");
        assert_eq!((found.action, found.score), (Action(1), 100));
    }
}
