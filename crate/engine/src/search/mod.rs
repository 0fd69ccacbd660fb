//! The computer player's search: iterative deepening alpha-beta over any variant's decisions.
//!
//! The search walks decisions, not turns, so multi-step turns (a Napoleon pick and its destination, the
//! end of its moves) need no special case: a node is maximising when the seat to
//! decide is the searching seat and minimising otherwise ("paranoid" search: in four-player games every
//! other player is treated as an opponent). Scores are always from the searching seat's point of view.
//!
//! The search itself is in [`pvs`] (principal variation search with a transposition table [`tt`],
//! aspiration windows, late-move reductions, killers and history ([`quiet_memory`]), quiescence with
//! delta pruning; the lists each node needs come from [`spare`], not a fresh allocation);
//! [`old`] keeps the search as it was before issue 19, reachable through [`Level::legacy`] (the CLI's
//! `old5` player) so that matches measure the new one against it.
//!
//! Pure and deterministic: no clock and no entropy. The caller bounds the search with a [`Level`] (a
//! minimum depth, then a node budget) and a `stop` callback polled every few thousand nodes (the
//! browser's worker checks its clock there); a seed breaks ties between equally good actions and
//! shakes the weak levels' judgement, so a given seed always plays the same game. Positions waiting
//! for chance are leaves: the search never reads the secrets behind fair chance or sealed setups, it
//! only sees what the position shows.

pub(crate) mod eval;
pub use eval::tune;
mod frontier;
mod levels;
mod memory;
mod old;
mod pvs;
mod quiet_memory;
mod spare;
pub(crate) mod tt;
mod tuning;

pub use levels::{ladder_level, ladder_number, level_of_the_five_level_scale, Level, FIVE_LEVELS, GREEDY, LEVELS};
pub use memory::Memory;
pub use tuning::SearchTuning;

use crate::rules::{Action, Outcome, Position, Seat};

/// A win found `n` decisions deep scores `WIN - n`, so nearer wins are preferred (and later losses).
pub const WIN: i32 = 1_000_000;

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub action: Action,
    pub score: i32,
    /// Deepest iteration completed (0 when the decision was forced and nothing was searched).
    pub depth: u32,
    pub nodes: u64,
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

#[cfg(feature = "trials")]
thread_local! {
    /// The candidate change the search running on this thread plays ([`Level::trial`]; 0: none).
    static TRIAL: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// The candidate change the search running now plays (0: none): the `trials` feature's switch for a
/// term being measured (a match of `<level>:trial=1` against `<level>`), read where the change is;
/// always 0 in a build without the feature, so the shipped code never branches on it.
#[inline]
pub fn trial() -> u8 {
    #[cfg(feature = "trials")]
    {
        TRIAL.with(|trial| trial.get())
    }
    #[cfg(not(feature = "trials"))]
    {
        0
    }
}

/// The ladder's budgets (its levels 4 and 13) between which [`variant_nodes`] moves from counting a
/// variant's own nodes to counting their time; from level 13 up every budget is time.
const LADDER_NODES: (u64, u64) = (800, 300_000);

/// The nodes a search may spend in a variant whose node costs `weight` orthodox chess nodes, for a
/// level's budget of `level_nodes` (counted in chess nodes). At the top of the ladder the budget is
/// time: a level takes about the same time in every variant, so it gets `level_nodes / weight`. Low
/// budgets take milliseconds anyway, and dividing them left a dear variant's low levels all at the
/// same two decisions (Gunnery, weight 6: levels 4 to 7 within 133-1,116 nodes, while two decisions
/// cost about 500; level 5 scored 39% against level 4 over 40 games). So the divisor rises from 1 at
/// level 4's budget to `weight` at level 13's, geometrically: every level still gets more
/// nodes than the one below (about 1.55 times in Gunnery instead of 1.9), chess (weight 1) is as it was.
pub fn variant_nodes(level_nodes: u64, weight: u64) -> u64 {
    let weight = weight.max(1);
    if weight == 1 || level_nodes == u64::MAX {
        return level_nodes;
    }
    let (low, high) = LADDER_NODES;
    let share = ((level_nodes.max(1) as f64 / low as f64).ln() / (high as f64 / low as f64).ln()).clamp(0.0, 1.0);
    let divisor = (weight as f64).powf(share);
    ((level_nodes as f64 / divisor) as u64).max(1)
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
    best_action_with(position, level, stop, seed, &mut Memory::default())
}

/// [`best_action`] for a player who keeps `memory` from one decision to the next (see [`Memory`]).
pub fn best_action_with(
    position: &dyn Position,
    level: &Level,
    stop: &mut dyn FnMut() -> bool,
    seed: u64,
    memory: &mut Memory,
) -> Option<Found> {
    #[cfg(feature = "trials")]
    TRIAL.with(|trial| trial.set(level.trial));
    position.search_begins();
    if level.legacy {
        return old::best_action(position, level, stop, seed);
    }
    pvs::best_action(position, level, stop, seed, pvs::ALL_TOOLS, memory)
}

/// What the searches of one turn have spent, for variants that bound a whole turn
/// ([`SearchTuning::turn_nodes`]: Napoleon, whose turn is a pick and a destination per man moved, the
/// end of each step and the switches, each decision searched on its own). Without it, each decision
/// finishing the level's minimum depth and then spending its node budget, a four-player turn at the
/// Strongest level took 6 to 16 searches of 25,000 Napoleon nodes (9 to 30 s natively on the shared
/// 2-core machine), and the round of three computer turns a player waits for was over a minute.
///
/// With it, each decision gets half of what is left of the turn's nodes and a minimum depth of two
/// decisions (the level's own where it is less), so a turn spends at most the turn's nodes plus two
/// decisions' look at each of its decisions; counted in nodes, never time, so a level plays the same
/// on every machine. The first decision, which chooses the man and, looking ahead, the destination
/// and what follows, gets the most. Two decisions, not one: a pick changes nothing a static value sees,
/// so at one decision every pick and the end of the step tie, and a turn whose nodes are spent would
/// move its men at random (measured: a turn of 17 decisions moving five pawns aimlessly). Variants
/// without a turn budget get the level as it is.
///
/// The budget counts all the turn's work, not only the searches' nodes: the next player's game-end
/// check that a searched decision ending a turn runs ([`SearchTuning::play_work`], in the searches'
/// nodes) and the dead-end checks between decisions ([`choose_within`], each decision they try
/// [`CHECK_WEIGHT`] weighted nodes). Before they were counted, a turn at a lost or hard position spent
/// seconds in them (natively, up to 5.7 s of dead-end checks and 1 s of game-end checks in a turn whose
/// searches took 0.1 s). The checks have a pool of their own, half the turn's nodes: paid from what the
/// searches left, they starved once the searches had spent their share, every action then passed
/// unchecked (the benefit of the doubt), and turns walked into dead ends. So a turn spends at most one
/// and a half times its nodes, plus the searches' first looks; once its search nodes are spent, the
/// turn stops where the variant allows ([`TurnBudget::out_of_time`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnBudget {
    /// Weighted nodes ([`Position::node_weight`]) the turn's searches have spent.
    pub searched: u64,
    /// Weighted nodes the dead-end checks' decisions have spent, [`CHECK_WEIGHT`] each.
    pub checked: u64,
}

/// What one decision of a dead-end check costs, in weighted nodes (measured natively in Napoleon: a
/// decision tried by the checks about 4 µs, a weighted node about 1 µs).
pub const CHECK_WEIGHT: u64 = 4;

impl TurnBudget {
    /// All the turn has spent, searches and checks, in weighted nodes.
    pub fn spent(&self) -> u64 {
        self.searched.saturating_add(self.checked)
    }

    /// The level the next decision of the turn at `position` is searched with. Once the turn's nodes
    /// are spent, only a pick (an action leaving a gesture half made, see
    /// [`crate::rules::TurnSteps::transient`]) is still searched two decisions deep; any other decision
    /// one deep, which sees all it does (measured natively: a switch searched two deep after the turn's
    /// nodes were spent took 1.3 s, nearly all of it the next player's game-end checks at its leaves).
    pub fn level(&self, position: &dyn Position, level: &Level) -> Level {
        let Some(turn) = position.turn_nodes(level) else { return *level };
        let left = turn.saturating_sub(self.searched);
        let min_depth = if left == 0 && !picks(position) { 1 } else { level.min_depth.min(2) };
        Level { min_depth: level.min_depth.min(min_depth), max_nodes: level.max_nodes.min(left / 2), ..*level }
    }

    /// The decisions the dead-end checks of the next decision may try: what is left of their pool, half
    /// the turn's nodes ([`CHECK_WEIGHT`] each); without a turn budget, as many as they like.
    pub fn checks(&self, position: &dyn Position, level: &Level) -> u64 {
        match position.turn_nodes(level) {
            Some(turn) => (turn / 2).saturating_sub(self.checked) / CHECK_WEIGHT,
            None => u64::MAX,
        }
    }

    /// Once the turn's search nodes are spent, the variant's way to stop adding to the turn
    /// ([`crate::rules::TurnSteps::out_of_time`]) when the turn can still end after it: each later
    /// decision still searches two decisions deep, which in Napoleon's four-player game costs more than
    /// half a turn's nodes (measured natively: a turn moving eight more men after its nodes were spent,
    /// 2.3 s against 0.1-0.3 s for most turns).
    fn out_of_time(&self, position: &dyn Position, level: &Level, checks: &mut u64) -> Option<Found> {
        let turn = position.turn_nodes(level)?;
        if self.searched < turn {
            return None;
        }
        let action = position.turn_steps()?.out_of_time()?;
        // Only when it is an option now: a play takes any action, and a turn ended illegally (a pass
        // with the king in check) passes to the next player, so `finishes` alone would let it through.
        let mut options = Vec::new();
        position.actions(&mut options);
        if !options.contains(&action) {
            return None;
        }
        let seat = position.to_move();
        let child = after(position, action)?;
        finishes(child.as_ref(), seat, checks).then(|| Found {
            action,
            score: evaluate(child.as_ref(), seat, 1),
            depth: 0,
            nodes: 0,
        })
    }

    /// [`choose`] for the next decision of the turn, within the turn's budget, counting what it spent:
    /// the search's nodes and the checks' decisions; the player keeps `memory` between its decisions.
    pub fn choose(
        &mut self,
        position: &dyn Position,
        level: &Level,
        stop: &mut dyn FnMut() -> bool,
        seed: u64,
        memory: &mut Memory,
    ) -> Option<Found> {
        let allowed = self.checks(position, level);
        let mut checks = allowed;
        let found = match self.out_of_time(position, level, &mut checks) {
            Some(found) => Some(found),
            None => choose_within(position, &self.level(position, level), stop, seed, &mut checks, memory),
        };
        self.checked = self.checked.saturating_add((allowed - checks).saturating_mul(CHECK_WEIGHT));
        let found = found?;
        // The old search counts its nodes at what they cost when it was the search of the day.
        let weight = if level.legacy { position.legacy_node_weight() } else { position.node_weight() };
        self.searched = self.searched.saturating_add(found.nodes.saturating_mul(weight.max(1)));
        Some(found)
    }
}

/// Decisions one dead-end check may explore before giving the action the benefit of the doubt.
const FINISH_BUDGET: u64 = 20_000;

/// A way for the seat to decide in `position` to finish its turn: a depth-first search over its
/// decisions (ending actions first: they are the highest codes), within `budget` decisions, pruned by
/// the variant's own verdict ([`crate::rules::TurnSteps::turn_can_end`], paid from the same budget)
/// while it has one. `Some` with the decisions (none when the turn has passed, the game is over, or
/// chance or a setup is due; without `need_path`, also as soon as the variant says a way exists);
/// `None` for a dead end or when the budget ran out (`budget` is then 0).
fn turn_path(position: &dyn Position, seat: Seat, budget: &mut u64, need_path: bool, ask: bool) -> Option<Vec<Action>> {
    if position.to_move() != seat
        || position.outcome().is_some()
        || position.pending_chance().is_some()
        || position.setup_due().is_some()
    {
        return Some(Vec::new());
    }
    // Once the variant could not tell (its own budget ran out), its descendants are not asked again.
    let verdict = if ask { position.turn_steps().and_then(|t| t.turn_can_end(budget)) } else { None };
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
        if child.play(action).is_err() {
            continue;
        }
        // What the play cost beyond itself (a Napoleon turn's end: the next player's game-end check),
        // a node counted as a decision.
        *budget = budget.saturating_sub(child.play_work());
        if let Some(mut path) = turn_path(child.as_ref(), seat, budget, need_path, ask) {
            path.insert(0, action);
            return Some(path);
        }
    }
    None
}

/// Whether `seat` can still finish its turn in `child` (a position after one of its actions), trying at
/// most [`FINISH_BUDGET`] decisions paid from `checks`; running out of budget counts as yes.
fn finishes(child: &dyn Position, seat: Seat, checks: &mut u64) -> bool {
    let allowed = (*checks).min(FINISH_BUDGET);
    let mut budget = allowed;
    let found = turn_path(child, seat, &mut budget, false, true).is_some();
    *checks -= allowed - budget;
    found || budget == 0
}

/// Whether the decision at `position` picks something whose gesture another decision completes (a man
/// picked, its destination to come): its first option leaves the position transient.
fn picks(position: &dyn Position) -> bool {
    let mut actions = Vec::new();
    position.actions(&mut actions);
    actions.first().and_then(|&action| after(position, action)).is_some_and(|child| child.transient())
}

/// `position` after `action`; `None` if it does not play (a listed action always does).
fn after(position: &dyn Position, action: Action) -> Option<Box<dyn Position>> {
    let mut child = position.clone_box();
    child.play(action).ok()?;
    Some(child)
}

/// The decisions of a legal way to finish the current turn (often a passive one), for a computer
/// player whose searched decisions walked into a dead end and for tools and tests (the web facade's
/// `finishTurn`, the arena, the benches); `None` when none is found (a dead end proved, or both
/// searches out of budget). The variant's own search where it has one and it can tell
/// ([`crate::rules::TurnSteps::completion`]: Napoleon's meets each state of the turn once, one to three
/// more moves first, within 38,000 decisions), else a depth-first search over the decisions, ending
/// actions first, within a generous budget (the last try before resigning).
pub fn finish_turn(position: &dyn Position) -> Option<Vec<Action>> {
    position.search_begins();
    let Some(steps) = position.turn_steps() else { return turn_path_within(position, 50 * FINISH_BUDGET) };
    match steps.completion(&mut 0) {
        Some(verdict) => verdict,
        // The variant's own search ran out: a shorter look of the other kind (at a lost Napoleon
        // position, 50 times the budget spent 1.8 s natively finding nothing).
        None => turn_path_within(position, 5 * FINISH_BUDGET),
    }
}

/// [`turn_path`] for the seat to move, with a path wanted, within `budget` decisions.
fn turn_path_within(position: &dyn Position, mut budget: u64) -> Option<Vec<Action>> {
    turn_path(position, position.to_move(), &mut budget, true, true)
}

/// The computer's decision: the search's best action, unless it walks into a dead end of a multi-step
/// turn beyond the search's horizon (a Napoleon turn that can no longer end legally); then the best
/// action by static value among those after which the turn can still be finished. `None` when there is
/// no action, or every action leads into a dead end.
pub fn choose(position: &dyn Position, level: &Level, stop: &mut dyn FnMut() -> bool, seed: u64) -> Option<Found> {
    let mut checks = u64::MAX;
    choose_within(position, level, stop, seed, &mut checks, &mut Memory::default())
}

/// [`choose`], its dead-end checks trying at most `checks` decisions (what is left is written back);
/// when they run out, an action is given the benefit of the doubt (a turn that then walks into a dead
/// end is taken back by its caller, see [`crate::session::computer`]).
pub fn choose_within(
    position: &dyn Position,
    level: &Level,
    stop: &mut dyn FnMut() -> bool,
    seed: u64,
    checks: &mut u64,
    memory: &mut Memory,
) -> Option<Found> {
    let found = best_action_with(position, level, stop, seed, memory)?;
    let seat = position.to_move();
    if after(position, found.action).is_some_and(|child| finishes(child.as_ref(), seat, checks)) {
        return Some(found);
    }
    let mut actions = Vec::new();
    position.actions(&mut actions);
    actions
        .into_iter()
        .filter_map(|a| {
            let child = after(position, a)?;
            // The old search's player judges by the evaluation of its day (see `old::evaluate`).
            let value = |c: &dyn Position| if level.legacy { old::evaluate(c, seat, 1) } else { evaluate(c, seat, 1) };
            finishes(child.as_ref(), seat, checks).then(|| (value(child.as_ref()), a))
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

    #[test]
    fn a_dear_variant_divides_its_budget_fully_only_at_the_top_of_the_ladder() {
        // Chess, and unbounded searches, are untouched.
        assert_eq!(variant_nodes(12_600, 1), 12_600);
        assert_eq!(variant_nodes(u64::MAX, 6), u64::MAX);
        // The ladder's ends: the smallest budget undivided, the largest divided by the whole weight.
        assert_eq!(variant_nodes(800, 6), 800);
        assert_eq!(variant_nodes(300_000, 6), 50_000);
        assert_eq!(variant_nodes(10_000_000, 6), 10_000_000 / 6, "past the ladder: time, as at its top");
        assert_eq!(variant_nodes(100, 6), 100, "below it: nodes, as at its foot");
        // In between, every level of the ladder gets more nodes than the one below, in every variant.
        for weight in [2, 5, 6, 10, 12] {
            let nodes: Vec<u64> =
                LEVELS.iter().filter(|l| l.max_nodes != u64::MAX).map(|l| variant_nodes(l.max_nodes, weight)).collect();
            assert!(nodes.windows(2).all(|w| w[1] as f64 >= 1.4 * w[0] as f64), "weight {weight}: {nodes:?}");
            assert!(nodes
                .iter()
                .zip(LEVELS.iter().filter(|l| l.max_nodes != u64::MAX))
                .all(|(&n, l)| n <= l.max_nodes && n >= l.max_nodes / weight));
        }
    }

    fn search(slug: &str, text: &str, depth: u32) -> (String, Found) {
        let rules = variants::by_slug(slug).expect("registered");
        let settings = variants::resolve_settings(rules, None).expect("defaults");
        let position = rules.parse_position(text, &settings).expect("valid position");
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
        // Gunnery's evaluation is symmetric between the wings, so its first moves tie in pairs (chess's
        // fitted placement tables are not).
        let rules = variants::by_slug("gunnery").expect("registered");
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

    /// Only a variant that bounds its turns gets another level; the others search as they were measured.
    #[test]
    fn a_turn_budget_changes_nothing_where_the_variant_has_none() {
        let start = variants::by_slug("chess").expect("registered").start(&[]);
        let spent = TurnBudget { searched: 1_000_000, checked: 0 };
        for level in &LEVELS {
            assert_eq!(spent.level(start.as_ref(), level), *level);
        }
    }

    #[test]
    fn noise_makes_the_beginner_vary_but_not_the_strongest() {
        let rules = variants::by_slug("chess").expect("registered");
        let position = rules.parse_position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", &[]).expect("valid");
        let mut beginner = std::collections::BTreeSet::new();
        for seed in 0..16 {
            let found = best_action(position.as_ref(), &LEVELS[0], &mut never(), seed).expect("moves");
            beginner.insert(position.info(found.action).name);
            let strongest = Level { max_nodes: 20_000, min_depth: 2, ..LEVELS[LEVELS.len() - 1] };
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

    /// An iteration cut short by the budget still counts where it proved something: here depth 1 takes a
    /// pawn with the queen (no quiescence), depth 2 sees the king take the queen back, and a budget that
    /// ends depth 2 after a few root actions must not play the blunder the finished iteration chose.
    #[test]
    fn an_unfinished_iteration_overrules_the_last_answer_with_what_it_proved() {
        let position = chess_position("4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1");
        let plain = Level { quiescence: false, noise: 0, ..Level::depth(2) };
        let first = best_action(position.as_ref(), &Level { max_depth: 1, ..plain }, &mut never(), 0).expect("moves");
        assert_eq!(position.info(first.action).name, "Qxd7+", "depth 1 takes the pawn");
        let full = best_action(position.as_ref(), &plain, &mut never(), 0).expect("moves");
        assert_ne!(position.info(full.action).name, "Qxd7+", "depth 2 sees the recapture");
        // Every budget that stops depth 2 before its end: once the iteration has finished an action
        // better than the blunder, that action is played, and this happens well before the end.
        let mut proven_from = None;
        for max_nodes in (first.nodes + 1)..full.nodes {
            let level = Level { min_depth: 1, max_nodes, ..plain };
            let found = best_action(position.as_ref(), &level, &mut never(), 0).expect("moves");
            assert_eq!(found.depth, 1, "depth 2 never finishes with {max_nodes} nodes");
            let blunder = position.info(found.action).name == "Qxd7+";
            match proven_from {
                None if !blunder => proven_from = Some(max_nodes),
                Some(from) => assert!(!blunder, "proven from {from} nodes, the blunder again at {max_nodes}"),
                None => {}
            }
        }
        let from = proven_from.expect("a budget that stops depth 2 plays what it proved");
        assert!(full.nodes - from > 20, "proven at {from} of {} nodes", full.nodes);
    }

    fn chess_position(text: &str) -> Box<dyn Position> {
        variants::by_slug("chess").expect("registered").parse_position(text, &[]).expect("valid")
    }

    /// A mate in three for Black, starting 1...Bc5+, that plain alpha-beta proves at
    /// depth 5: with every tool on, the table included, the search finds it at the same distance
    /// whatever depth it is allowed, and stops there.
    #[test]
    fn the_full_search_finds_a_known_mate_in_three_at_the_right_distance() {
        let position = chess_position("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1");
        let old = old::best_action(position.as_ref(), &Level::depth(5), &mut never(), 0).expect("moves");
        assert_eq!(old.score, WIN - 5, "plain alpha-beta's proof");
        for depth in [5, 6, 7, 8] {
            let level = Level { max_depth: depth, min_depth: depth, ..Level::depth(depth) };
            // The search stops deepening once a forced win is proved, so the depth reached is 5.
            let found =
                pvs::best_action(position.as_ref(), &level, &mut never(), 0, pvs::ALL_TOOLS, &mut Memory::default())
                    .expect("moves");
            assert_eq!((found.score, found.depth), (WIN - 5, 5), "max depth {depth}");
            assert_eq!(position.info(found.action).name, "Bc5+");
        }
        // Mates in one and two, with the table, in positions with many transpositions.
        let (name, found) = search("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 6);
        assert_eq!(found.score, WIN - 3, "{name}");
    }

    /// The nodes searched at depth 7 over three middlegames, quiet and tactical, with each set of tools.
    fn middlegame_nodes_at_depth_7(with: pvs::Tools, without: pvs::Tools) -> [u64; 2] {
        let mut searched = [0u64; 2];
        for text in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
            "r2q1rk1/pp2ppbp/2np1np1/8/3NP1b1/2N1BP2/PPPQ2PP/R3KB1R w KQ - 1 10",
        ] {
            let position = chess_position(text);
            for (i, tools) in [with, without].into_iter().enumerate() {
                searched[i] += pvs::best_action(
                    position.as_ref(),
                    &Level::depth(7),
                    &mut never(),
                    3,
                    tools,
                    &mut Memory::default(),
                )
                .expect("moves")
                .nodes;
            }
        }
        searched
    }

    /// Null-move pruning is there to search less: at a fixed depth (7 here: the saving grows with depth,
    /// 22% at 7 and 42% at 8 over these positions), over quiet and tactical middlegames,
    /// it must save nodes, and it must keep the answers that a pass cannot fake (the mate in three
    /// above is searched with every tool, null moves included).
    #[test]
    fn null_moves_save_nodes_at_a_fixed_depth() {
        // Futility cuts many of the same nodes near the horizon, so the saving is measured without it.
        let with = pvs::Tools { futility: false, ..pvs::ALL_TOOLS };
        let searched = middlegame_nodes_at_depth_7(with, pvs::Tools { null_move: false, ..with });
        assert!(searched[0] * 10 < searched[1] * 9, "null moves save a tenth of the nodes or more: {searched:?}");
    }

    /// Futility and late-move pruning are there to search less near the horizon without missing what
    /// a quiet move cannot hide: at a fixed depth they must save nodes over quiet and tactical
    /// middlegames, and still find the tactics below (a knight fork winning the queen, a back-rank
    /// mate, a queen won by a pin).
    #[test]
    fn futility_saves_nodes_and_keeps_the_tactics() {
        let searched = middlegame_nodes_at_depth_7(pvs::ALL_TOOLS, pvs::Tools { futility: false, ..pvs::ALL_TOOLS });
        assert!(searched[0] * 3 < searched[1] * 2, "futility saves a third of the nodes or more: {searched:?}");
        for (text, answer) in [
            // Nc7+ forks the king and the queen.
            ("4k3/pp3ppp/q7/3N4/8/8/PPP2PPP/4K3 w - - 0 1", "Nc7+"),
            ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8#"),
            // Bb5, guarded by the pawn, pins the queen to the king.
            ("4k3/8/2q5/8/P7/8/8/4KB2 w - - 0 1", "Bb5"),
        ] {
            let position = chess_position(text);
            let found = pvs::best_action(
                position.as_ref(),
                &Level::depth(5),
                &mut never(),
                0,
                pvs::ALL_TOOLS,
                &mut Memory::default(),
            )
            .expect("moves");
            assert_eq!(position.info(found.action).name, answer, "{text}");
        }
    }

    /// The table used only to try its action first (no answers from it), with nothing else that
    /// depends on the order (no reductions, no delta pruning), must give exactly plain alpha-beta's
    /// move and score at a fixed depth: ordering changes how much is searched, never the result. The
    /// same holds with principal variation search and aspiration windows, which only narrow windows and
    /// search again when a score falls outside.
    #[test]
    fn the_table_used_for_ordering_only_never_changes_the_chosen_move() {
        let ordering_only = pvs::Tools {
            table_cutoffs: false,
            table_ordering: true,
            reductions: false,
            null_move: false,
            aspiration: true,
            delta_pruning: false,
            futility: false,
            exchange: false,
        };
        let no_table = pvs::Tools { table_ordering: false, ..ordering_only };
        let positions = [
            ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
            ("chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8", 4),
            ("chess", "8/5pk1/6p1/8/3P4/5PP1/5K2/8 w - - 0 40", 7),
            ("gunnery", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 4),
        ];
        let mut searched = [0u64; 2];
        for (slug, text, depth) in positions {
            let rules = variants::by_slug(slug).expect("registered");
            let position = rules.parse_position(text, &[]).expect("valid");
            let level = Level::depth(depth);
            let plain = old::best_action(position.as_ref(), &level, &mut never(), 3).expect("moves");
            let with =
                pvs::best_action(position.as_ref(), &level, &mut never(), 3, ordering_only, &mut Memory::default())
                    .expect("moves");
            let without =
                pvs::best_action(position.as_ref(), &level, &mut never(), 3, no_table, &mut Memory::default())
                    .expect("moves");
            assert_eq!((with.action, with.score), (plain.action, plain.score), "{slug} {text}");
            assert_eq!((without.action, without.score), (plain.action, plain.score), "{slug} {text}");
            searched[0] += with.nodes;
            searched[1] += without.nodes;
        }
        assert!(searched[0] < searched[1], "the table's first action saves nodes: {searched:?}");
    }

    /// A hand-made game tree: node `n` lists `CHILDREN[n]` (none: a dead end), and is worth `VALUE[n]`
    /// to seat 0 at the horizon; leaves pass to themselves. Seat 0 decides at the root, seat 1 below.
    /// The second field counts the decisions played: a pass is no repetition.
    #[derive(Clone)]
    struct Tree(usize, u8);

    //                                root     a       b     x     y     z
    const CHILDREN: [&[usize]; 6] = [&[1, 2], &[3, 4], &[5], &[], &[4], &[5]];
    const VALUE: [i32; 6] = [0, 0, 0, -1000, 100, 50];

    impl SearchTuning for Tree {
        fn evaluate(&self, seat: Seat) -> i32 {
            if seat == 0 {
                VALUE[self.0]
            } else {
                -VALUE[self.0]
            }
        }
    }

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
        fn play(&mut self, action: Action) -> crate::error::Result<()> {
            self.0 = action.0 as usize;
            self.1 += 1;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn repetition_key(&self) -> Vec<u8> {
            vec![self.0 as u8, self.1]
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
    }

    /// A game with a cycle: from the root (seat 0) action 1 leads to a position of seat 1 whose only
    /// action comes back to the root; action 2 leads, through seat 1's only action, to a leaf worth
    /// +100 (a position waiting for chance). The root and its cycle look worth +300 statically.
    #[derive(Clone)]
    struct Cycle(usize);

    const CYCLE_CHILDREN: [&[usize]; 4] = [&[1, 2], &[0], &[3], &[]];
    const CYCLE_VALUE: [i32; 4] = [300, 300, 100, 100];

    impl SearchTuning for Cycle {
        fn evaluate(&self, seat: Seat) -> i32 {
            if seat == 0 {
                CYCLE_VALUE[self.0]
            } else {
                -CYCLE_VALUE[self.0]
            }
        }
    }

    /// Position 3 waits for chance: a leaf for the search.
    impl crate::rules::ChanceEvents for Cycle {
        fn pending_chance(&self) -> Option<u32> {
            (self.0 == 3).then_some(0)
        }
        fn chance_horizon(&self) -> Option<u32> {
            None
        }
        fn resolve_chance(&mut self, _value: u64) -> Option<String> {
            None
        }
    }

    impl Position for Cycle {
        fn clone_box(&self) -> Box<dyn Position> {
            Box::new(self.clone())
        }
        fn to_move(&self) -> Seat {
            matches!(self.0, 1 | 2) as Seat
        }
        fn actions(&self, out: &mut Vec<Action>) {
            out.extend(CYCLE_CHILDREN[self.0].iter().map(|&c| Action(c as u64)));
        }
        fn play(&mut self, action: Action) -> crate::error::Result<()> {
            self.0 = action.0 as usize;
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn chance(&self) -> Option<&dyn crate::rules::ChanceEvents> {
            Some(self)
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
    }

    #[test]
    fn going_round_in_a_circle_is_a_draw_not_the_static_value_of_the_circle() {
        // The cycle repeats the root: a draw (0), so the sure +100 is better. Today's search, which
        // knows no repetition, walks the circle to its horizon and takes the +300 it sees there.
        let found = best_action(&Cycle(0), &Level::depth(4), &mut never(), 0).expect("moves");
        assert_eq!((found.action, found.score), (Action(2), 100));
        let old = old::best_action(&Cycle(0), &Level::depth(4), &mut never(), 0).expect("moves");
        assert_eq!((old.action, old.score), (Action(1), 300));
    }

    #[test]
    fn an_opponents_dead_end_is_no_way_out_for_it() {
        // After `a` the opponent's only real answer `y` leaves +100; its other option `x` walks into a
        // dead end that would look like -1000 if it could stop there. `b` gives a sure +50.
        let found = best_action(&Tree(0, 0), &Level::depth(3), &mut never(), 0).expect("moves");
        assert_eq!((found.action, found.score), (Action(1), 100));
    }
}
