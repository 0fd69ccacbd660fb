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
//!
//! [`analysis`] asks the same search for up to three best lines, each beginning with another action
//! ([`pvs`]'s multi-PV root), and reads their scores as players do: pawns from the side to move, or a
//! mate counted in the winner's turns (`#3`, `#-2`).
//!
//! Where a search of decisions ends inside the player's own turn and never sees another player answer
//! (four-player Napoleon, [`rules::SearchTuning::plans_turns`]), [`turn_plan`] chooses the turn whole at its
//! first decision instead: each option completed cheaply, then the other players' replies played,
//! the best position after them kept, and the plan followed decision by decision from [`Memory`].
//!
//! Pure and deterministic: no clock and no entropy. The caller bounds the search with a [`Level`] (a
//! minimum depth, then a node budget) and a `stop` callback polled every few thousand nodes (the
//! browser's worker checks its clock there; a turn plan polls it between the options it tries, once
//! one has been judged); a seed breaks ties between equally good actions and
//! shakes the weak levels' judgement, so a given seed always plays the same game. Positions waiting
//! for chance are leaves: the search never reads the secrets behind fair chance or sealed setups, it
//! only sees what the position shows.
//!
//! Depends on the contract (`chessfront-rules`) and, below it, the core's short sort: what it needs of
//! a variant it asks through [`rules::SearchTuning`], so it knows no variant and a variant builds
//! without it.

// The layers below, under the names the engine gives them.
use chessfront_rules as rules;
#[cfg(test)]
use {chessfront_core::error, chessfront_variants as variants};

mod analysis;
mod frontier;
mod levels;
mod memory;
mod pvs;
mod quiet_memory;
mod spare;
pub mod steps;
pub(crate) mod tt;
mod turn_plan;

pub use analysis::{analyse, line_names, Analysis, Line, Score, MAX_LINES};
pub use levels::{ladder_level, ladder_number, level_of_the_five_level_scale, Level, FIVE_LEVELS, GREEDY, LEVELS};
pub use memory::Memory;

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
///
/// It is set per thread when a decision begins (`play_trial`: in [`best_action_with`] and in
/// [`TurnBudget::choose`], before the turn's budget is read). Read anywhere else it holds whatever the
/// thread's last decision played: a match on one thread plays both players, so a trial read there
/// would act for the wrong player. That happened: a four-player Napoleon turn budget read it in
/// `turn_nodes` before the search set it, so each player's first decision of a turn took the other
/// player's budget, the old search's turns ended early, and a trial scored 68% that the same change
/// as shipped does not (42-45%, when the ladder was measured).
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

/// `position`'s own evaluation for `seat` with no candidate change under trial: the fixed judge of
/// matches (the game crate's `arena`), whichever change the players try.
pub fn shipped_evaluation(position: &dyn Position, seat: Seat) -> i32 {
    #[cfg(feature = "trials")]
    let trying = TRIAL.with(|trial| trial.replace(0));
    let value = position.evaluate(seat);
    #[cfg(feature = "trials")]
    TRIAL.with(|trial| trial.set(trying));
    value
}

/// Makes `level`'s trial the one [`trial`] answers on this thread, for the decision beginning.
#[inline]
fn play_trial(level: &Level) {
    #[cfg(feature = "trials")]
    TRIAL.with(|trial| trial.set(level.trial));
    #[cfg(not(feature = "trials"))]
    let _ = level;
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
    play_trial(level);
    position.search_begins();
    pvs::best_action(position, level, stop, seed, pvs::ALL_TOOLS, memory)
}

/// What the searches of one turn have spent, for variants that bound a whole turn
/// ([`rules::SearchTuning::turn_nodes`]: Napoleon, whose turn is a pick and a destination per man moved, the
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
/// check that a searched decision ending a turn runs ([`rules::SearchTuning::play_work`], in the searches'
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
    /// Weighted nodes ([`rules::SearchTuning::node_weight`]) the turn's searches have spent.
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
        let Some(turn) = position.turn_nodes(level.max_nodes) else { return *level };
        let left = turn.saturating_sub(self.searched);
        let min_depth = if left == 0 && !picks(position) { 1 } else { level.min_depth.min(2) };
        Level { min_depth: level.min_depth.min(min_depth), max_nodes: level.max_nodes.min(left / 2), ..*level }
    }

    /// The decisions the dead-end checks of the next decision may try: what is left of their pool, half
    /// the turn's nodes ([`CHECK_WEIGHT`] each); without a turn budget, as many as they like.
    pub fn checks(&self, position: &dyn Position, level: &Level) -> u64 {
        match position.turn_nodes(level.max_nodes) {
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
        let turn = position.turn_nodes(level.max_nodes)?;
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
    /// Where the variant plans turns whole ([`rules::SearchTuning::plans_turns`]) the first decision plans the
    /// turn with the whole budget and the others follow the plan kept in `memory` ([`turn_plan`]);
    /// a turn whose plan failed, or that the game took elsewhere, goes on searched decision by decision.
    pub fn choose(
        &mut self,
        position: &dyn Position,
        level: &Level,
        stop: &mut dyn FnMut() -> bool,
        seed: u64,
        memory: &mut Memory,
    ) -> Option<Found> {
        // The turn's budget below may read the trial too (see `trial`).
        play_trial(level);
        // A turn is planned at its first decision (a fresh budget), then followed while the game
        // does; a turn whose plan failed is searched decision by decision with what it left.
        let fresh = *self == TurnBudget::default();
        let may_plan = position.turn_nodes(level.max_nodes).filter(|_| fresh && position.plans_turns(level.max_nodes));
        let (found, spent) = turn_plan::next(position, may_plan, stop, seed, level.trial, memory);
        self.searched = self.searched.saturating_add(spent);
        if found.is_some() {
            return found;
        }
        let allowed = self.checks(position, level);
        let mut checks = allowed;
        let found = match self.out_of_time(position, level, &mut checks) {
            Some(found) => Some(found),
            None => choose_within(position, &self.level(position, level), stop, seed, &mut checks, memory),
        };
        self.checked = self.checked.saturating_add((allowed - checks).saturating_mul(CHECK_WEIGHT));
        let found = found?;
        self.searched = self.searched.saturating_add(found.nodes.saturating_mul(position.node_weight().max(1)));
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
/// end is taken back by its caller, see the session crate's `computer` module).
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
            finishes(child.as_ref(), seat, checks).then(|| (evaluate(child.as_ref(), seat, 1), a))
        })
        .max_by_key(|&(score, a)| (score, std::cmp::Reverse(a)))
        .map(|(score, action)| Found { action, score, ..found })
}

#[cfg(test)]
mod tests;
