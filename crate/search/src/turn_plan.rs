//! A whole turn chosen by what the other players answer: the computer's way through a turn in games
//! of more than two sides whose turn is many decisions (four-player Napoleon, see
//! [`super::SearchTuning::plans_turns`]).
//!
//! Why: a Napoleon turn moves several men of one group one after another, so a search of a few
//! decisions ends inside the searching player's own turn and never sees another player's answer.
//! With four players it found nothing the cheapest two-decision search did not (the Strongest scored
//! 45% against the old search, and as much against levels far below it): it took what was offered and
//! left men where the next player took them. Best-reply search over whole turns, cut to what a round
//! of three computers can afford in the browser:
//!
//! - each option of the decision now (a man picked, fixing the group; or the end of the moves) is
//!   played and the rest of the turn completed by a cheap search ([`OWN_REST`]);
//! - then each other player in turn plays a turn of its own, by a cheaper search ([`REPLIES`]), as
//!   it would answer: taking what the turn left hanging, or someone else's men;
//! - the turn whose position after the replies the searching seat values most is played, decision by
//!   decision, from the player's [`Memory`] (the remaining decisions and the position each expects).
//!
//! All of it (the searches' nodes, the dead-end checks, the game-end checks of the turns it plays
//! through) is paid from the turn's nodes; options are tried in the order listed, and once the nodes
//! are spent, or the caller's clock says stop (asked between options, once one has been judged), the
//! best turn found so far is played. A line whose replies ran out of its share is judged where they
//! stopped, which flatters it (in a review's trace, -1,960 with no reply played against -2,395 once
//! played out); ranking such lines below every fully answered one scored worse (64.4% against 73.5%
//! on the same 66 games against the old search), so they are judged as they stand.

use super::pvs::POLL_EVERY;
use super::tt::key_of;
use super::{choose_within, evaluate, Found, Level, Memory, CHECK_WEIGHT, FINISH_BUDGET, LEVELS};
use crate::rules::{Action, Position, Seat};

/// The rest of the searching player's own turn after the option tried: the Improver's search (two
/// decisions, then up to 800 nodes a decision), as measured.
const OWN_REST: Level = LEVELS[3];

/// Each other player's answering turn: the Casual level's two decisions without its noise, as measured.
const REPLIES: Level = Level { noise: 0, ..LEVELS[2] };

/// Decisions a simulated turn may take before it is given up (a Napoleon turn moves a group man by man).
const MAX_TURN_DECISIONS: u64 = 96;

/// What the plan may still spend and has spent, in weighted nodes
/// ([`super::SearchTuning::node_weight`]). A search's first iteration cannot be stopped, so a
/// decision may spend more than was left: what it spent is still counted.
struct Purse {
    left: u64,
    spent: u64,
    weight: u64,
}

impl Purse {
    fn new(left: u64, weight: u64) -> Purse {
        Purse { left, spent: 0, weight }
    }

    fn spend(&mut self, weighted: u64) {
        self.left = self.left.saturating_sub(weighted);
        self.spent = self.spent.saturating_add(weighted);
    }
}

/// Plays `seat`'s decisions by `level` until its turn passes, paying from `purse`; false on a dead end
/// or when the purse runs out first. The decisions are added to `path` when one is given. Each search
/// knows the positions the game has seen twice (`game`'s), so a line back into one is a draw.
fn complete_turn(
    position: &mut dyn Position,
    seat: Seat,
    level: &Level,
    seed: u64,
    game: &Memory,
    purse: &mut Purse,
    mut path: Option<&mut Vec<Action>>,
) -> bool {
    for i in 0..MAX_TURN_DECISIONS {
        if position.outcome().is_some() || position.to_move() != seat || position.setup_due().is_some() {
            return true;
        }
        if purse.left == 0 {
            return false;
        }
        let allowed = FINISH_BUDGET.min(purse.left / CHECK_WEIGHT);
        let mut checks = allowed;
        // Bounded by what is left, its first iteration aside. The level's minimum depth is not
        // budgeted, so the search is stopped from outside once its polls (one every
        // `POLL_EVERY` nodes) pass the purse: two decisions where a player has many ways to
        // finish its turn cost 59,000-88,000 nodes in round bench positions; a reply there took 3.7 s.
        let cap = purse.left / purse.weight;
        let bounded = Level { max_nodes: level.max_nodes.min(cap), ..*level };
        let mut polls = 0u64;
        let mut out_of_purse = || {
            polls += 1;
            polls.saturating_mul(POLL_EVERY) > cap
        };
        let found = choose_within(
            position,
            &bounded,
            &mut out_of_purse,
            seed.wrapping_add(i),
            &mut checks,
            &mut game.recalling_positions(),
        );
        purse.spend((allowed - checks) * CHECK_WEIGHT);
        let Some(found) = found else { return false };
        purse.spend(found.nodes.saturating_mul(purse.weight));
        if position.play(found.action).is_err() {
            return false;
        }
        // The next player's game-end check, when the play ended the turn.
        purse.spend(position.play_work().saturating_mul(purse.weight));
        if let Some(path) = path.as_deref_mut() {
            path.push(found.action);
        }
    }
    false
}

/// A planned turn: its decisions and the value after the other players' replies.
pub(super) struct Plan {
    pub path: Vec<Action>,
    pub value: i32,
}

/// The best turn from `position` for the seat to decide, within `nodes` weighted nodes (beyond them
/// by at most a search's first iteration), and the weighted nodes spent; no turn when no option could
/// be completed (every one a dead end, or its share of the nodes ran out first).
pub(super) fn plan(
    position: &dyn Position,
    nodes: u64,
    stop: &mut dyn FnMut() -> bool,
    seed: u64,
    game: &Memory,
    trial: u8,
) -> (Option<Plan>, u64) {
    let weight = position.node_weight().max(1);
    // The planning level's trial stays on in its searches (see `super::trial`).
    let levels = Levels { own: Level { trial, ..OWN_REST }, replies: Level { trial, ..REPLIES } };
    let mut options = Vec::new();
    position.actions(&mut options);
    let mut total = Purse::new(nodes, weight);
    // Best so far: (value after the replies, value after the own turn), the turn's decisions.
    let mut best: Option<(Judged, Vec<Action>)> = None;
    for (tried, &option) in options.iter().enumerate() {
        if best.is_some() && (total.left == 0 || stop()) {
            break;
        }
        // Each option gets an equal share of what is left, so that one whose turn is hard to finish
        // (dead ends everywhere) cannot starve the others; what it leaves passes on, and what it
        // overspends (a search's first iteration) is taken from the options after it.
        let mut purse = Purse::new(total.left / (options.len() - tried) as u64, weight);
        let tried_line = try_option(position, option, &levels, seed, game, &mut purse);
        total.spend(purse.spent);
        if let Some((value, path)) = tried_line {
            if best.as_ref().map_or(true, |(so_far, _)| value > *so_far) {
                best = Some((value, path));
            }
        }
    }
    (best.map(|((value, _), path)| Plan { path, value }), total.spent)
}

/// The searches a plan plays: the rest of the own turn's, the other players' replies'.
struct Levels {
    own: Level,
    replies: Level,
}

/// How an option is ranked: the value after the replies (as many as were played before its share
/// ran out), then the value after the own turn.
type Judged = (i32, i32);

/// `option` played, the rest of the turn completed and the other players' replies played: the values
/// after the replies and after the own turn, and the turn's decisions; `None` when the turn could not
/// be completed within `purse`.
fn try_option(
    position: &dyn Position,
    option: Action,
    levels: &Levels,
    seed: u64,
    game: &Memory,
    purse: &mut Purse,
) -> Option<(Judged, Vec<Action>)> {
    let seat = position.to_move();
    let mut line = position.clone_box();
    line.play(option).ok()?;
    let mut path = vec![option];
    if !complete_turn(line.as_mut(), seat, &levels.own, seed, game, purse, Some(&mut path)) {
        return None;
    }
    let own_value = evaluate(line.as_ref(), seat, 0);
    // Each other player answers once (one with no way through its turn, or out of nodes, stops them).
    let mut answered = 0;
    while answered < 3 && line.outcome().is_none() && line.to_move() != seat && line.setup_due().is_none() {
        let other = line.to_move();
        if !complete_turn(line.as_mut(), other, &levels.replies, seed ^ 0x9e37, game, purse, None) {
            break;
        }
        answered += 1;
    }
    Some(((evaluate(line.as_ref(), seat, 0), own_value), path))
}

/// What a player keeps of a planned turn: the decisions still to take, each with the key
/// ([`key_of`]) of the position it was planned for.
pub type Planned = Vec<(u64, Action)>;

/// The next decision of a planned turn, with the weighted nodes it spent: the plan kept in `memory`
/// while the game follows it; else, when `may_plan`, a new plan's first decision. No decision when no
/// plan applies or none could be made (the nodes a failed plan spent are still counted).
pub(super) fn next(
    position: &dyn Position,
    may_plan: Option<u64>,
    stop: &mut dyn FnMut() -> bool,
    seed: u64,
    trial: u8,
    memory: &mut Memory,
) -> (Option<Found>, u64) {
    let planned = memory.planned();
    if let Some(&(expected, action)) = planned.first() {
        let mut options = Vec::new();
        position.actions(&mut options);
        if expected == key_of(position) && options.contains(&action) {
            planned.remove(0);
            return (Some(Found { action, score: 0, depth: 0, nodes: 0 }), 0);
        }
    }
    planned.clear();
    let Some(nodes) = may_plan else { return (None, 0) };
    let (made, spent) = plan(position, nodes, stop, seed, memory, trial);
    let planned = memory.planned();
    let Some(made) = made else { return (None, spent) };
    let mut line = position.clone_box();
    for &action in &made.path {
        planned.push((key_of(line.as_ref()), action));
        if line.play(action).is_err() {
            break;
        }
    }
    let (_, first) = planned.remove(0);
    let own_nodes = spent / position.node_weight().max(1);
    (Some(Found { action: first, score: made.value, depth: 1, nodes: own_nodes }), spent)
}

#[cfg(test)]
mod tests {
    use super::super::TurnBudget;
    use super::*;
    use engine::chance::{ChanceSource, SEED_BYTES};
    use engine::game::{Decision, Game};

    /// A four-player Napoleon game with random setups (as a match places them), at its first turn.
    fn four_player_game(seed: u64) -> Game {
        let rules = crate::variants::by_slug("napoleon").expect("registered");
        let chance = ChanceSource::Seeded([seed as u8; SEED_BYTES]);
        let mut game = Game::with_chance(rules, Some(&[1]), None, chance).expect("a game");
        while let Some(due) = game.setup_due() {
            engine::arena::make_setup(&mut game, due, seed).expect("a setup");
        }
        game
    }

    /// The Strongest plans a four-player turn at its first decision, within the turn's nodes, and then
    /// plays the plan out without searching: each later decision is the planned one, and the turn ends
    /// with the plan's last.
    #[test]
    fn a_turn_is_planned_at_its_first_decision_then_followed() {
        let strongest = LEVELS[LEVELS.len() - 1];
        let mut game = four_player_game(3);
        let turn_nodes = game.position().turn_nodes(strongest.max_nodes).expect("a turn budget");
        let seat = game.to_move();
        let (mut budget, mut memory) = (TurnBudget::default(), Memory::default());
        let first = budget.choose(game.position(), &strongest, &mut || false, 1, &mut memory).expect("a plan");
        assert_eq!(first.depth, 1, "planned");
        assert!(first.nodes > 0);
        assert!(budget.searched > 0 && budget.searched <= turn_nodes / 2 * 3, "{budget:?}");
        let planned: Vec<Action> = memory.planned().iter().map(|&(_, action)| action).collect();
        assert!(!planned.is_empty(), "a turn of several decisions");
        game.play(Decision::Act(first.action)).expect("legal");
        let spent = budget;
        for (i, &action) in planned.iter().enumerate() {
            assert_eq!(game.to_move(), seat, "the turn goes on to the plan's end");
            let found = budget.choose(game.position(), &strongest, &mut || false, 2, &mut memory).expect("followed");
            assert_eq!((found.action, found.depth, found.nodes), (action, 0, 0), "decision {i} is the plan's");
            game.play(Decision::Act(found.action)).expect("legal");
        }
        assert_ne!(game.to_move(), seat, "the plan ends the turn");
        assert_eq!(budget, spent, "following costs nothing");
        assert!(memory.planned().is_empty());
    }

    /// A plan holds only while the game follows it: a decision taken elsewhere (the page's player
    /// undoing, another game with the same player) drops it, and the turn goes on searched.
    #[test]
    fn a_plan_the_game_leaves_is_dropped() {
        let strongest = LEVELS[LEVELS.len() - 1];
        let mut game = four_player_game(5);
        let (mut budget, mut memory) = (TurnBudget::default(), Memory::default());
        let first = budget.choose(game.position(), &strongest, &mut || false, 1, &mut memory).expect("a plan");
        assert!(!memory.planned().is_empty());
        // Another first decision than the plan's: the plan no longer applies.
        let mut options = Vec::new();
        game.position().actions(&mut options);
        let other = *options.iter().find(|&&a| a != first.action).expect("another option");
        game.play(Decision::Act(other)).expect("legal");
        let found = budget.choose(game.position(), &strongest, &mut || false, 2, &mut memory).expect("searched");
        assert!(memory.planned().is_empty(), "the plan is dropped");
        assert!(found.depth >= 1 || found.nodes == 0, "a searched decision or the turn's stop");
        let mut now = Vec::new();
        game.position().actions(&mut now);
        assert!(now.contains(&found.action), "an option here");
    }

    /// Planning bounds its work by the nodes it is given (each option an equal share of what is
    /// left), beyond them by at most the last search's first iteration, which cannot be stopped (about
    /// 300,000 weighted nodes at worst in the round bench; a quiet start needs far less slack).
    #[test]
    fn a_plan_keeps_to_its_nodes() {
        let game = four_player_game(7);
        for nodes in [20_000, 200_000, 900_000] {
            let (made, spent) = plan(game.position(), nodes, &mut || false, 1, &Memory::default(), 0);
            assert!(spent <= nodes + 25_000, "{spent} of {nodes}");
            if nodes == 20_000 {
                assert!(spent >= nodes / 2, "{spent} of {nodes}: a small budget binds and is used");
            }
            if let Some(made) = made {
                assert!(!made.path.is_empty());
            }
        }
        // With nothing to spend only an option that ends the turn at once can be judged.
        let (made, spent) = plan(game.position(), 0, &mut || false, 1, &Memory::default(), 0);
        assert_eq!(spent, 0);
        assert!(made.map_or(true, |made| made.path.len() == 1), "no searched decision");
    }
}
