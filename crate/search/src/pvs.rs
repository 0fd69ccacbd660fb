//! The search of the ladder: principal variation search over any variant's decisions.
//!
//! Scores inside the tree are negamax-style, from the point of view of the side that decides at the
//! node: the searching seat's side, or the "paranoid" coalition of everybody else (four players). A
//! child decided by the same side (the next step of a multi-step turn) keeps the window and the sign;
//! a child decided by the other side flips both. What the search does, in the order a node does it:
//! - the game's end, then the transposition table ([`super::tt`]): its action is tried first, and at
//!   nodes outside the principal variation a deep enough entry answers at once;
//! - ordering: the table's action, captures by gain, the ply's two killers, then the history heuristic
//!   plus the history of the action as the answer to the one before it (all kept by
//!   [`super::quiet_memory`]);
//! - principal variation search: the first action with the full window, the others with a null window
//!   and searched again only when they beat alpha;
//! - late-move reductions: quiet actions from the fourth in the order, at depth 3 or more, look fewer
//!   decisions ahead (in chess the more the later and deeper, see [`reduction()`]), and are searched
//!   again at full depth when they beat alpha;
//! - captures are ranked, and the horizon's captures pruned, by their static exchange where the variant
//!   counts it ([`SearchTuning::exchange_gain`]): a capture that loses material comes last and is left
//!   out of quiescence;
//! - futility, where the variant gives a margin ([`SearchTuning::futility_margin`]), outside the
//!   principal variation and out of check: a node up to 5 decisions from the horizon whose static value
//!   stands the margin per decision above beta is cut (reverse futility); up to 3 decisions from it,
//!   quiet actions that give no check are skipped when the static value plus the margin cannot reach
//!   alpha, and after the first 3 + depth² (late-move pruning);
//! - null-move pruning: outside the principal variation, at depth 2 or more, where the side to decide
//!   stands at or above beta and its variant lets it pass ([`SearchTuning::null_move`]: not in check,
//!   not with only king and pawns, not where turns have steps), the opponent moves twice; if a shallow
//!   look (two decisions less, three from depth 6) still leaves the side at beta, the node is cut;
//! - a check ([`SearchTuning::in_check`]) or a forced decision (one legal action) is extended by a
//!   decision;
//! - quiescence at the horizon: captures only, best gain first, skipping those whose gain could not lift
//!   the static value to alpha even with a margin (delta pruning, the trait's stand-in for exchange
//!   evaluation: [`Position::capture_gain`] is the victim less a tenth of the taker), in [`horizon`].
//!
//! At the root, iterative deepening with aspiration windows around the last iteration's score (searched
//! again with the full window when the score falls outside), the best action first in each iteration;
//! when a budget or the clock stops an iteration, an action it finished with a better score than the
//! last answer is played (see [`Searcher::keep_proven`]).
//!
//! [`SearchTuning::null_move`]: super::SearchTuning::null_move
//! [`SearchTuning::in_check`]: super::SearchTuning::in_check
//! [`SearchTuning::futility_margin`]: super::SearchTuning::futility_margin
//! [`SearchTuning::exchange_gain`]: super::SearchTuning::exchange_gain

use super::frontier::Frontier;

mod horizon;
pub(super) mod lines;
mod making;
mod ordering;
mod reduction;
mod root;
use super::quiet_memory::{QuietMemory, NO_ACTION};
use super::spare::Spare;
use super::tt::{from_table, key_of, to_table, Bound, Entry, Table, DECIDED};
use super::{outcome_score, WIN};
use crate::rules::{Action, Position, Seat};
use ordering::{bring_next, sort_ranked};
use reduction::reduction;
pub(super) use root::best_action;

pub(super) const POLL_EVERY: u64 = 2048;
pub(super) const INF: i32 = WIN + 1;
/// Half-width of the first aspiration window, in centipawns.
const ASPIRATION: i32 = 40;

/// Which parts of the toolkit are on: all of them, except in tests that isolate one.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tools {
    /// The table's entries may answer a node (off: the table only proposes the first action).
    pub table_cutoffs: bool,
    /// The table's action is tried first.
    pub table_ordering: bool,
    /// Late-move reductions and the check and forced-decision extensions (both change the tree's shape).
    pub reductions: bool,
    /// Null-move pruning (changes the tree's shape).
    pub null_move: bool,
    pub aspiration: bool,
    pub delta_pruning: bool,
    /// Futility and late-move pruning near the horizon, where the variant gives a margin.
    pub futility: bool,
    /// Captures are ranked and pruned by their exchange's balance where the variant knows it.
    pub exchange: bool,
}

pub(super) const ALL_TOOLS: Tools = Tools {
    table_cutoffs: true,
    table_ordering: true,
    reductions: true,
    null_move: true,
    aspiration: true,
    delta_pruning: true,
    futility: true,
    exchange: true,
};
/// Reverse futility pruning's deepest node, in decisions left.
const REVERSE_FUTILITY_DEPTH: i32 = 5;
/// Futility and late-move pruning's deepest node.
const FUTILITY_DEPTH: i32 = 3;
/// A null move's shallow look: this many decisions less than the node's depth, one more from depth 6.
const NULL_REDUCTION: i32 = 2;

struct Searcher<'a> {
    seat: Seat,
    max_nodes: u64,
    quiescence_depth: u32,
    stop: &'a mut dyn FnMut() -> bool,
    nodes: u64,
    stopped: bool,
    /// The node count at which `stop` is polled next.
    next_poll: u64,
    may_stop: bool,
    budgeted: bool,
    quiet: QuietMemory,
    table: Table,
    tools: Tools,
    /// No extension below this ply (twice the iteration's depth): forced lines cannot run away.
    max_ply: u32,
    /// The keys of the positions from the root to the current node: a position seen again on the way
    /// is a repetition, scored as a draw.
    path: Vec<u64>,
    /// The keys of the positions the game has seen twice before the root, sorted: a third time is a
    /// draw by the rules ([`super::Memory::recall_positions`]).
    twice_seen: Vec<u64>,
    /// The actions from the root to the current node ([`NO_ACTION`] for a pass): the last is the one
    /// a node's actions answer, for the history that follows it.
    line: Vec<Action>,
    /// Late-move reductions by the logarithmic rule (see [`reduction()`]).
    deep_reductions: bool,
    /// The ply of a null move's child while it is searched: no second pass in a row there (two passes
    /// would only search the same position shallower).
    null_child: u32,
    spare: Spare,
    /// The principal variation below each ply, kept at nodes searched with a full window only (a
    /// triangular table): `pv[ply]` is the best line found from the node at `ply`, its action first.
    pv: Vec<Vec<Action>>,
}

/// The options at `position`, in the variant's fastest order (see [`super::SearchTuning::actions_in_any_order`]).
fn list_actions(position: &dyn Position, out: &mut Vec<Action>) {
    if !position.actions_in_any_order(out) {
        position.actions(out);
    }
}

impl Searcher<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.may_stop && !self.stopped {
            // Polled every few thousand nodes, counted from the last poll: a play's work
            // ([`super::SearchTuning::play_work`]) may add many nodes at once.
            let poll = self.nodes >= self.next_poll;
            if poll {
                self.next_poll = self.nodes + POLL_EVERY;
            }
            self.stopped = (self.budgeted && self.nodes >= self.max_nodes) || (poll && (self.stop)());
        }
        self.stopped
    }

    /// What every node does first: counts itself, stops on a spent budget (`Err(0)`) and scores a
    /// game already over (`Err(score)`). Otherwise gives whether the side deciding is the searching
    /// seat's, and whether the variant's cheap look settled that the game goes on (so no action at
    /// all is something the cheap look could not see: a stalemate or mate found by listing).
    fn enter(&mut self, position: &dyn Position, ply: u32) -> Result<(bool, bool), i32> {
        self.nodes += 1;
        if self.out_of_budget() {
            return Err(0);
        }
        let mine = self.mine(position);
        let cheap = position.outcome_without_listing();
        if let Some(outcome) = cheap.unwrap_or_else(|| position.outcome()) {
            return Err(self.end_score(outcome, ply, mine));
        }
        Ok((mine, cheap.is_some()))
    }

    /// The side deciding at `position` is the searching seat's.
    fn mine(&self, position: &dyn Position) -> bool {
        position.to_move() == self.seat
    }

    /// The static value for the side deciding at `position`.
    fn stand(&self, position: &dyn Position, mine: bool) -> i32 {
        let v = position.evaluate(self.seat);
        if mine {
            v
        } else {
            -v
        }
    }

    /// The static value as [`Searcher::stand`] gives it, computed at most once per node (`known`).
    #[inline]
    fn stand_once(&self, position: &dyn Position, mine: bool, known: &mut Option<i32>) -> i32 {
        *known.get_or_insert_with(|| self.stand(position, mine))
    }

    fn end_score(&self, outcome: crate::rules::Outcome, ply: u32, mine: bool) -> i32 {
        let s = outcome_score(outcome, self.seat, ply);
        if mine {
            s
        } else {
            -s
        }
    }

    /// A child's value for the side deciding at its parent (`parent_mine`): same side, same window.
    fn child(
        &mut self,
        parent_mine: bool,
        child: &dyn Position,
        depth: i32,
        ply: u32,
        (alpha, beta): (i32, i32),
        qdepth: Option<u32>,
    ) -> i32 {
        let same = self.mine(child) == parent_mine;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = match qdepth {
            Some(q) => self.quiesce(child, ply, q, a, b),
            None => self.node(child, depth, ply, a, b),
        };
        if same {
            v
        } else {
            -v
        }
    }

    /// Ranks `actions` for ordering: the table's action, captures by gain, the ply's killers, then
    /// history. Each entry: rank, action, whether it is quiet (not a capture or promotion).
    fn rank(
        &self,
        position: &dyn Position,
        actions: &[Action],
        ply: usize,
        first: Action,
        ranked: &mut Vec<(i64, Action, bool)>,
    ) {
        let seat = position.to_move();
        let killers = self.quiet.killers(ply);
        ranked.extend(actions.iter().map(|&a| {
            let gain = self.gain(position, a);
            let key = match gain {
                _ if a == first => 1 << 50,
                // A capture that loses its exchange comes after the quiet actions.
                Some(gain) if gain < 0 => -(1 << 40) + gain as i64,
                Some(gain) => 1 << 40 | (gain as i64 + (1 << 20)),
                None if a == killers[0] => 1 << 36,
                None if a == killers[1] => (1 << 36) - 1,
                None => self.quiet.history(seat, a) as i64 + self.follow(seat, a) as i64,
            };
            (key, a, gain.is_none())
        }));
    }

    /// The history of `action` as the answer to the action that led to the node.
    #[inline]
    fn follow(&self, seat: Seat, action: Action) -> i32 {
        self.quiet.follow(seat, self.line.last().copied().unwrap_or(NO_ACTION), action)
    }

    /// What `action` captures, for ordering and the horizon: by its exchange where that tool is on.
    #[inline]
    fn gain(&self, position: &dyn Position, action: Action) -> Option<i32> {
        if self.tools.exchange {
            position.exchange_gain(action)
        } else {
            position.capture_gain(action)
        }
    }

    /// A cut-off by `action`, remembered for ordering when it is quiet (see [`QuietMemory::cut_off`]).
    fn remember_cutoff(&mut self, position: &dyn Position, action: Action, ply: usize, depth: i32, tried: &[Action]) {
        if position.capture_gain(action).is_none() {
            let before = self.line.last().copied().unwrap_or(NO_ACTION);
            self.quiet.cut_off(position.to_move(), before, action, ply, depth, tried);
        }
    }

    fn node(&mut self, position: &dyn Position, mut depth: i32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        if depth <= 0 {
            return self.quiesce(position, ply, self.quiescence_depth, alpha, beta);
        }
        let (mine, cheaply_open) = match self.enter(position, ply) {
            Ok(entered) => entered,
            Err(answer) => return answer,
        };
        let pv = beta - alpha > 1;
        let key = key_of(position);
        // A repetition on the way from the root: whoever repeats can repeat again, the game judges it
        // a draw on the third time; the search takes it as one at once (the usual simplification).
        // A position the game saw twice before the root is that third time.
        if self.path.contains(&key) || (!self.twice_seen.is_empty() && self.twice_seen.binary_search(&key).is_ok()) {
            return 0;
        }
        let first = match self.probe(key, depth, ply, pv, (alpha, beta)) {
            Ok(first) => first,
            Err(answer) => return answer,
        };
        let in_check = position.in_check();
        // The static value, once: futility and the null move both ask for it.
        let mut stand = None;
        let frontier = self.frontier(position, mine, depth, pv, in_check, (alpha, beta), &mut stand);
        if let Frontier::Above(stand) = frontier {
            return stand;
        }
        if let Some(score) = self.null_move_cut(position, mine, depth, ply, pv, beta, &mut stand) {
            return score;
        }
        let mut actions = self.spare.actions();
        list_actions(position, &mut actions);
        if actions.is_empty() {
            self.spare.keep_actions(actions);
            return self.without_actions(position, cheaply_open, ply, mine);
        }
        if self.tools.reductions && ply < self.max_ply && (actions.len() == 1 || in_check) {
            depth += 1;
        }
        self.path.push(key);
        let mut ranked = self.spare.ranked();
        self.rank(position, &actions, ply as usize, first, &mut ranked);
        self.spare.keep_actions(actions);
        let alpha_start = alpha;
        let mut best = -INF;
        let mut best_action = NO_ACTION;
        // The quiet actions searched without a cut-off, which a later cut-off marks down.
        let mut quiets_tried = self.spare.actions();
        for i in 0..ranked.len() {
            bring_next(&mut ranked, i);
            let (_, action, quiet) = ranked[i];
            let mut child = position.clone_box();
            if child.play(action).is_err() {
                continue;
            }
            self.nodes += child.play_work();
            if i > 0 && quiet {
                if let Some(floor) = frontier.prunes(i, || child.in_check()) {
                    best = best.max(floor);
                    continue;
                }
            }
            let late = if i == 0 { None } else { Some((i, quiet)) };
            if pv {
                self.clear_line(ply + 1);
            }
            self.line.push(action);
            let score = self.search_child(mine, child.as_ref(), late, depth, ply, (alpha, beta));
            self.line.pop();
            if self.stopped {
                self.path.pop();
                self.spare.keep_ranked(ranked);
                self.spare.keep_actions(quiets_tried);
                return 0;
            }
            if score > best {
                best = score;
                best_action = action;
            }
            if score > alpha {
                alpha = score;
                if pv {
                    self.extend_line(ply, action);
                }
                if alpha >= beta {
                    self.remember_cutoff(position, action, ply as usize, depth, &quiets_tried);
                    break;
                }
            }
            if quiet && self.quiet.wants_tried() {
                quiets_tried.push(action);
            }
        }
        self.path.pop();
        self.spare.keep_ranked(ranked);
        self.spare.keep_actions(quiets_tried);
        self.store(key, best_action, best, (alpha_start, beta), depth, ply);
        best
    }

    /// The table's word on a node: `Ok` with the action to try first ([`NO_ACTION`] when none), or
    /// `Err` with the score when a deep enough entry answers (outside the principal variation).
    #[inline]
    fn probe(&self, key: u64, depth: i32, ply: u32, pv: bool, (alpha, beta): (i32, i32)) -> Result<Action, i32> {
        let mut first = NO_ACTION;
        if let Some(entry) = self.table.probe(key) {
            if self.tools.table_ordering {
                first = entry.action;
            }
            if self.tools.table_cutoffs && !pv && entry.depth as i32 >= depth {
                let s = from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return Err(s),
                    Bound::Lower if s >= beta => return Err(s),
                    Bound::Upper if s <= alpha => return Err(s),
                    _ => {}
                }
            }
        }
        Ok(first)
    }

    /// The value of a node with no action: a leaf waiting for chance, the end the cheap look missed
    /// (`cheap_seen`: it saw none), or a dead end inside a multi-step turn.
    #[cold]
    fn without_actions(&self, position: &dyn Position, cheap_seen: bool, ply: u32, mine: bool) -> i32 {
        // A position waiting for chance is a leaf.
        if position.pending_chance().is_some() {
            return self.stand(position, mine);
        }
        if cheap_seen {
            if let Some(outcome) = position.outcome() {
                return self.end_score(outcome, ply, mine);
            }
        }
        // A dead end inside a multi-step turn: no way to play for whoever reaches it.
        -WIN / 2
    }

    /// A child's value by principal variation search: the first action (`late` is `None`) with the
    /// full window; the `i`-th after it with a null window, one or two decisions less when it is quiet
    /// and late (reductions), searched again at full depth, then with the full window, while it beats
    /// alpha.
    #[inline]
    fn search_child(
        &mut self,
        mine: bool,
        child: &dyn Position,
        late: Option<(usize, bool)>,
        depth: i32,
        ply: u32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let Some((i, quiet)) = late else {
            return self.child(mine, child, depth - 1, ply + 1, (alpha, beta), None);
        };
        let reduce = if !self.tools.reductions || depth < 3 || i < 3 || !quiet {
            0
        } else {
            reduction(depth, i, beta - alpha > 1, self.deep_reductions)
        };
        let mut s = self.child(mine, child, depth - 1 - reduce, ply + 1, (alpha, alpha + 1), None);
        if s > alpha && reduce > 0 && !self.stopped {
            s = self.child(mine, child, depth - 1, ply + 1, (alpha, alpha + 1), None);
        }
        if s > alpha && s < beta && !self.stopped {
            s = self.child(mine, child, depth - 1, ply + 1, (alpha, beta), None);
        }
        s
    }

    /// Stores a searched node: its best action and score, bound by the window it was searched with.
    #[inline(always)]
    fn store(&mut self, key: u64, action: Action, best: i32, (alpha_start, beta): (i32, i32), depth: i32, ply: u32) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            action,
            score: to_table(best, ply),
            depth: depth.clamp(0, u16::MAX as i32) as u16,
            bound,
        });
    }

    /// Futility near the horizon (see [`super::SearchTuning::futility_margin`]), outside the principal
    /// variation and out of check, where the variant gives a margin.
    // The node's own state, passed as it is: a struct for it would be built at every node of the search.
    #[allow(clippy::too_many_arguments)]
    fn frontier(
        &self,
        position: &dyn Position,
        mine: bool,
        depth: i32,
        pv: bool,
        in_check: bool,
        (alpha, beta): (i32, i32),
        stand: &mut Option<i32>,
    ) -> Frontier {
        if !self.tools.futility
            || pv
            || in_check
            || depth > REVERSE_FUTILITY_DEPTH
            || alpha.abs() >= DECIDED
            || beta.abs() >= DECIDED
        {
            return Frontier::Open;
        }
        let Some(margin) = position.futility_margin() else {
            return Frontier::Open;
        };
        let stand = self.stand_once(position, mine, stand);
        if stand - margin * depth >= beta {
            return Frontier::Above(stand);
        }
        if depth > FUTILITY_DEPTH {
            return Frontier::Open;
        }
        let floor = stand + margin * depth;
        Frontier::Near { hopeless: (floor <= alpha).then_some(floor), late_after: 3 + depth * depth }
    }

    /// Null-move pruning (see the module docs): `Some(score)` when passing still leaves the side to decide
    /// at or above `beta`, so the node need not be searched.
    // The node's own state, passed as it is (as for `frontier`).
    #[allow(clippy::too_many_arguments)]
    fn null_move_cut(
        &mut self,
        position: &dyn Position,
        mine: bool,
        depth: i32,
        ply: u32,
        pv: bool,
        beta: i32,
        stand: &mut Option<i32>,
    ) -> Option<i32> {
        if !self.tools.null_move || pv || depth < 2 || ply == self.null_child || beta.abs() >= DECIDED {
            return None;
        }
        if self.stand_once(position, mine, stand) < beta {
            return None;
        }
        let passed = position.null_move()?;
        let reduction = NULL_REDUCTION + (depth >= 6) as i32;
        let outer = self.null_child;
        self.null_child = ply + 1;
        self.line.push(NO_ACTION);
        let score = self.child(mine, passed.as_ref(), depth - 1 - reduction, ply + 1, (beta - 1, beta), None);
        self.line.pop();
        self.null_child = outer;
        // A mate found after a pass is no mate: the side may not pass in the game.
        (!self.stopped && score >= beta).then_some(beta)
    }
}
