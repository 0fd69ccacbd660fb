//! What the computer's search asks of Napoleon: capture gains, standing pat, history, a turn's
//! budget and its dead-end checks, the fast paths against the slow ones, turns planned whole.

use super::*;
use crate::rules::ClonePosition;

/// The search's capture gains: a pick of a man that can capture counts as its best capture while the
/// move phase allows one (so the horizon follows it), a pick is quiet once the phase has captured,
/// and the old search's gains know destinations only; with four players, picks stay quiet.
#[test]
fn a_pick_that_can_capture_counts_as_its_best_capture() {
    // White's pawns on a2-c2 with the king on b1; Black knights on a3 and d3, a queen on h3.
    let text = "7k8/16/16/16/16/16/16/16/16/16/16/16/16/n2n3q8/PPP6PPP4/1K8Q5 w 0 1";
    let start = Napoleon::from_text(text, 2).expect("valid");
    let pick = |at: &str| Action(TAG_SELECT | sq(at).0 as u64);
    let dest = |at: &str| Action(TAG_DEST | sq(at).0 as u64);
    let mut picked = start.clone();
    picked.play(pick("c2")).expect("an option");
    let best = [dest("b3"), dest("d3")].iter().filter_map(|&a| picked.capture_gain(a)).max();
    assert!(best.is_some() && best == picked.capture_gain(dest("d3")), "the knight is the c2 pawn's only capture");
    assert_eq!(start.capture_gain(pick("c2")), best, "a pick counts as its best capture");
    assert_eq!(start.capture_gain(pick("k1")), None, "the queen on k1 has nothing to take");
    let mut captured = start.clone();
    captured.play(pick("b2")).expect("an option");
    captured.play(dest("a3")).expect("a capture");
    assert_eq!(captured.capture_gain(pick("c2")), None, "one capture a move phase: the pick is quiet now");
    // The same men with four players (Red for Black, Blue and Yellow out): picks stay quiet there.
    let four = "7Kr8/16/16/16/16/16/16/16/16/16/16/16/16/Nr2Nr3Qr8/PwPwPw6PwPwPw4/1Kw8Qw5 w bu 0 1";
    let start = Napoleon::from_text(four, 4).expect("valid");
    assert_eq!(start.capture_gain(pick("c2")), None, "four players: a pick is quiet");
    let mut picked = start.clone();
    picked.play(pick("c2")).expect("an option");
    assert!(picked.capture_gain(dest("d3")).is_some(), "four players: the capture itself counts");
}

/// The horizon's standing pat is the end of the move phase with two players, where it is offered and
/// no man is picked; never with four.
#[test]
fn standing_pat_ends_the_move_phase_with_two_players() {
    let text = "7k8/16/16/16/16/16/16/16/16/16/16/16/16/n2n3q8/PPP6PPP4/1K8Q5 w 0 1";
    let start = Napoleon::from_text(text, 2).expect("valid");
    assert_eq!(start.stand_pat_action(), Some(Action(TAG_END)));
    let mut picked = start.clone();
    picked.play(Action(TAG_SELECT | sq("c2").0 as u64)).expect("an option");
    assert_eq!(picked.stand_pat_action(), None, "a man is picked: its destination is due");
    let four = "7Kr8/16/16/16/16/16/16/16/16/16/16/16/16/Nr2Nr3Qr8/PwPwPw6PwPwPw4/1Kw8Qw5 w bu 0 1";
    assert_eq!(Napoleon::from_text(four, 4).expect("valid").stand_pat_action(), None);
}

/// History that forgets, like the horizon's turn ends and pick captures, was measured better with two
/// players only; four keep the search their figures were measured with.
#[test]
fn history_forgets_with_two_players_only() {
    assert!(Napoleon::start(2).forgetful_history());
    assert!(!Napoleon::start(4).forgetful_history());
}

/// The Strongest level's four-player turn spends at most its turn's nodes (900,000 weighted, 180,000 of
/// Napoleon's) over all its decisions, beyond the first iterations (each looks at every action once):
/// with each decision searched at the level's own budget, the first alone spent 300,000 and a turn 6 to
/// 16 times that. Two players: the round is one turn, of one and a half decisions. The Strongest level,
/// which spends a million nodes a decision in the other variants, keeps the Master's turn here: the round's
/// time is the bound.
#[test]
fn a_four_player_turn_at_the_strongest_level_keeps_to_its_budget() {
    use engine::chance::{ChanceSource, SEED_BYTES};
    use engine::game::{Decision, Game};
    use engine::search::{TurnBudget, LEVELS};
    let strongest = LEVELS[LEVELS.len() - 1];
    assert_eq!(Napoleon::start(4).turn_nodes(strongest.max_nodes), Some(900_000));
    assert_eq!(Napoleon::start(2).turn_nodes(strongest.max_nodes), Some(450_000));
    let master = LEVELS[LEVELS.len() - 2];
    assert!(strongest.max_nodes > master.max_nodes);
    assert_eq!(Napoleon::start(4).turn_nodes(master.max_nodes), Napoleon::start(4).turn_nodes(strongest.max_nodes));
    assert_eq!(
        Napoleon::start(4).turn_nodes(LEVELS[0].max_nodes),
        None,
        "levels without a node budget stay as they are"
    );
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let mut game = Game::with_chance(rules, Some(&[1]), None, ChanceSource::Seeded([3; SEED_BYTES])).expect("a game");
    while let Some(due) = game.setup_due() {
        let text = game.random_setup(due.seat, 11 + due.seat as u64).expect("a setup");
        if due.seal {
            game.seal_setup(due.seat, &text, [due.seat; 16], 5).expect("sealed");
        } else {
            game.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).expect("placed");
        }
    }
    for turn in 0..2 {
        let seat = game.to_move();
        let mut budget = TurnBudget::default();
        // Kept through the turn, as the page's worker keeps it: the turn is planned whole at its first
        // decision and then followed (`search::turn_plan`).
        let mut memory = engine::search::Memory::default();
        let mut decisions = 0;
        while game.outcome().is_none() && game.to_move() == seat {
            let found =
                budget.choose(game.position(), &strongest, &mut || false, turn, &mut memory).expect("an action");
            game.play(Decision::Act(found.action)).expect("legal");
            decisions += 1;
        }
        assert!(decisions > 1, "a turn of several decisions");
        assert!(budget.searched > 600_000, "turn {turn}: the budget is used ({budget:?})");
        assert!(budget.searched <= 900_000 + 24_000, "turn {turn}: {budget:?}");
        assert!(budget.checked <= 450_000, "turn {turn}: the checks keep to their pool, {budget:?}");
    }
}

/// A four-player position met in the round bench: Red, to move, is in check and has no legal turn that
/// the game-end check could prove within its budget, so play goes on (the benefit of the doubt) and
/// every way the computer tries walks into a dead end.
const LOST_IN_CHECK: &str = "BrRr3Rr8RbRb/Qr1Nr1PrPrNr8Qb/7Pr8/13Pb2/12PbBbPb1/1PrPrPr8Pb3/1BrPrKr1Nw2NbPb4Kb1/Pr4Nw2NbBb2PbPbPb1/6PwPw5Pu2/6Pw1Ru3Pu1Pu1/9Bu3NuNu1/8Pu4KuRu1/4PwPwKw1PuPu2Pu3/2Pw5QuPu6/1BwQwPwPw11/2RwRw1Bw10 r - 0 2";

/// Before the dead-end checks were paid from the turn's budget, the Strongest level's turn at
/// [`LOST_IN_CHECK`] tried 1.26 million decisions in them over three tries, and a million more
/// looking for any way through (8 s natively), before resigning. Now the game-end check's decisions
/// are recorded with the position (the search counts them as nodes), the variant's own dead-end check
/// pays each decision it tries from the budget it is given, and the checks of a whole turn, three
/// tries, never spend more than their pool, half the turn's nodes.
#[test]
fn dead_end_checks_are_paid_from_the_turn_budget() {
    use engine::search::{TurnBudget, CHECK_WEIGHT, LEVELS};
    Napoleon::forget_verdicts();
    let strongest = LEVELS[LEVELS.len() - 1];
    let start = Napoleon::from_text(LOST_IN_CHECK, 4).expect("valid");
    assert_eq!((start.to_move(), start.outcome), (1, None), "Red to move, the game goes on");
    assert!(start.board().in_check(1));
    // The game-end check for Red found no quick way out: the decisions it tried are this position's
    // work, which a search that played into it would count.
    assert!(start.play_work() > 0);
    for given in [10, 500] {
        let mut budget = given;
        let _ = start.turn_can_end(&mut budget);
        assert!(budget < given, "the check tried decisions and paid for them");
    }
    let turn_nodes = start.turn_nodes(strongest.max_nodes).expect("a turn budget");
    let mut budget = TurnBudget::default();
    let mut decisions = 0;
    for attempt in 0..3u64 {
        let mut position = start.clone_box();
        while position.to_move() == 1 && position.outcome().is_none() {
            let seed = attempt * 1000 + decisions;
            let Some(found) = budget.choose(
                position.as_ref(),
                &strongest,
                &mut || false,
                seed,
                &mut engine::search::Memory::default(),
            ) else {
                break;
            };
            position.play(found.action).expect("an option");
            decisions += 1;
        }
    }
    assert!(budget.checked >= CHECK_WEIGHT, "the checks were counted: {budget:?}");
    assert!(budget.checked <= turn_nodes / 2, "the checks keep to their pool, half the turn's nodes: {budget:?}");
}

/// A four-player position from the round bench where the Strongest level's turn, its nodes spent after
/// three men, went on moving eight more, each decision still searched two deep (3.7 million weighted
/// nodes, 24 times the turn's, 2.3 s natively).
const MANY_MEN_TO_MOVE: &str = "1Rr14/PrRrBrKr12/PrPrPr6Pb2Bb3/NrPr1Br1Pr1RbPbQb3Pb2/Pr3Pr3Pb3Pb1RbKb/8Nb2Pb1Nb1Pb/13BbPb1/16/1Pw8Pu1Pu3/PwPw8PuKu2PuNu/12PuBu2/4PwPw10/Pw2PwNw1Bw9/BwPw2Kw4PuRu2Pu2/Qw10NuPu3/11Ru1Bu2 b - 2 11";

/// Once a turn's search nodes are spent, the computer ends the move phase (the variant's way to stop,
/// `out_of_time`) instead of searching more men's moves; the turn still ends legally.
#[test]
fn a_turn_stops_moving_men_once_its_nodes_are_spent() {
    use engine::search::{TurnBudget, LEVELS};
    Napoleon::forget_verdicts();
    let strongest = LEVELS[LEVELS.len() - 1];
    let start = Napoleon::from_text(MANY_MEN_TO_MOVE, 4).expect("valid");
    let seat = start.to_move();
    let turn_nodes = start.turn_nodes(strongest.max_nodes).expect("a turn budget");
    let mut position = start.clone_box();
    let mut budget = TurnBudget::default();
    let mut decisions = 0u64;
    while position.to_move() == seat && position.outcome().is_none() {
        let found = budget
            .choose(
                position.as_ref(),
                &strongest,
                &mut || false,
                25 + decisions,
                &mut engine::search::Memory::default(),
            )
            .expect("a way on");
        position.play(found.action).expect("an option");
        decisions += 1;
        assert!(decisions < 40, "the turn ends");
    }
    assert!(budget.searched <= 3 * turn_nodes, "{budget:?} against {turn_nodes} for the turn");
}

/// `out_of_time` offers the end of the move phase, and only there.
#[test]
fn out_of_time_ends_the_move_phase() {
    let start = Napoleon::from_text(MANY_MEN_TO_MOVE, 4).expect("valid");
    assert_eq!(start.out_of_time(), Some(Action(TAG_END)));
    let mut options = Vec::new();
    start.actions(&mut options);
    assert!(options.contains(&Action(TAG_END)), "an option of the position");
    let picked = options.iter().copied().find(|a| a.0 & !0xffff == TAG_SELECT).expect("a man to pick");
    let mut after = start.clone();
    after.play(picked).expect("an option");
    assert_eq!(after.out_of_time(), None, "not with a man picked");
}

/// Once a turn's nodes are spent, a pick is still searched two decisions deep (one deep, every pick
/// looks the same) and any other decision one deep; before that, both at least two.
#[test]
fn a_spent_turn_searches_only_picks_two_deep() {
    use engine::search::{TurnBudget, LEVELS};
    let strongest = LEVELS[LEVELS.len() - 1];
    let start = Napoleon::from_text(MANY_MEN_TO_MOVE, 4).expect("valid");
    let turn = start.turn_nodes(strongest.max_nodes).expect("a turn budget");
    let mut options = Vec::new();
    start.actions(&mut options);
    let picked = options.iter().copied().find(|a| a.0 & !0xffff == TAG_SELECT).expect("a man to pick");
    let mut destination_due = start.clone();
    destination_due.play(picked).expect("an option");
    let fresh = TurnBudget::default();
    let spent = TurnBudget { searched: turn, checked: 0 };
    assert_eq!(fresh.level(&start, &strongest).min_depth, 2);
    assert_eq!(fresh.level(&destination_due, &strongest).min_depth, 2);
    assert_eq!(spent.level(&start, &strongest).min_depth, 2, "a pick");
    assert_eq!(spent.level(&destination_due, &strongest).min_depth, 1, "a destination");
}

/// A spent turn ends where the rules let it end: never by a pass that would leave the king in check
/// (the pass is no option there; before, the budget's way out played it, and the game refused it).
#[test]
fn a_spent_turn_never_ends_by_a_pass_that_is_no_option() {
    use engine::search::{TurnBudget, LEVELS};
    const PASS_ILLEGAL: &str = "8Nr1Rb1Rb3/3Pr5RrPbPbPbKb2/4PrKrRr1Br3Pb3/2Pr1Pr11/3Pr12/3Qr9Nb1Pb/4PrPrNrBr5PbPbBb/6Pr8Pb/8PuPuBu5/8PuPuPuNu4/8Pu3Pu3/2Pw1Bw2Pw4RuPu2/1PwNwPw3Pw4Ku3/1NwKw2PwPwBw7Nu/3Pw3Qw6Qu1/4Rw11 r - 0 6";
    let strongest = LEVELS[LEVELS.len() - 1];
    let start = Napoleon::from_text(PASS_ILLEGAL, 4).expect("valid");
    let mut options = Vec::new();
    start.actions(&mut options);
    assert!(!options.contains(&Action(TAG_END)), "the pass is no option: {options:?}");
    let mut spent = TurnBudget { searched: start.turn_nodes(strongest.max_nodes).expect("a turn budget"), checked: 0 };
    let found =
        spent.choose(&start, &strongest, &mut || false, 1, &mut engine::search::Memory::default()).expect("a decision");
    assert!(options.contains(&found.action), "{found:?}");
}

/// The evaluation as it was first written (and before the search of the ladder): groups marked, then every
/// square valued.
fn evaluate_by_marks(p: &Napoleon, seat: u8) -> i32 {
    const VALUES: [i32; 6] = pieces::values(&KINDS);
    let board = p.board();
    let grouped = board.grouped();
    let mut score = 0;
    for sq in (0..=255u8).map(Square) {
        let Some(man) = board.get(sq).filter(|m| !p.is_out(m.seat)) else { continue };
        let value = VALUES[man.kind as usize];
        let worth = match (grouped[sq.0 as usize], man.kind) {
            (true, _) => value,
            (false, KING) => -150,
            (false, _) => value / 2,
        };
        score += if man.seat == seat { worth } else { -worth };
    }
    score
}

/// The search's fast paths agree with the slow ones on positions from random playouts, two and four
/// players: the picks and the end of a step listed without every destination ([`Turn::options`]), a
/// man's having a move ([`Board::moves_from`]) and the evaluation in one pass per group (against the
/// evaluation by marks).
#[test]
fn fast_listing_and_evaluation_agree_with_the_slow_ones_in_random_playouts() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut compared, mut ends, mut rejoining) = (0, 0, 0);
    for game in 0..24u64 {
        let players = if game % 2 == 0 { 2 } else { 4 };
        let mut p = Napoleon::start(players);
        while let Some(due) = p.setup_due() {
            if due.seal {
                p.play(Action(TAG_SEAL)).expect("sealed");
                continue;
            }
            let text = random_setup(players, due.seat, game * 31 + due.seat as u64);
            for a in p.setup_actions(&text).expect("a valid setup") {
                p.play(a).expect("placed");
            }
        }
        let mut start_of_turn = p.clone();
        for _ in 0..400 {
            let mut actions = Vec::new();
            p.actions(&mut actions);
            if let Stage::Play { turn, selected: None } = &p.stage {
                let mut slow = crate::decisions::options_as_actions(turn);
                slow.sort_unstable();
                slow.dedup();
                assert_eq!(actions, slow, "{}", p.to_text());
                compared += 1;
                ends += actions.contains(&Action(TAG_END)) as u32;
                rejoining += matches!(turn.phase, Phase::Rejoin { .. }) as u32;
                let board = &turn.board;
                for (from, _) in board.men_of(turn.seat) {
                    let moves = board.moves_from(from);
                    assert_eq!(board.has_move(from, false), !moves.is_empty());
                    assert_eq!(board.has_move(from, true), moves.iter().any(|&to| board.get(to).is_none()));
                }
                assert_eq!(board.any_cut_off(turn.seat), !board.cut_off(turn.seat).is_empty());
            }
            for seat in 0..players {
                assert_eq!(p.evaluate(seat), evaluate_by_marks(&p, seat), "{}", p.to_text());
            }
            if p.outcome.is_some() {
                break;
            }
            // A dead end inside a turn: the turn taken back to its start (as a player would undo).
            if actions.is_empty() {
                p = start_of_turn.clone();
                continue;
            }
            let action = actions[next(actions.len() as u64) as usize];
            p.play(action).expect("an option");
            if !p.transient() && p.turn().is_some_and(|t| t.phase == (Phase::Move { group: None, captured: false })) {
                start_of_turn = p.clone();
            }
        }
    }
    assert!(
        compared > 2000 && ends > 500 && rejoining > 100,
        "{compared} compared, {ends} ends, {rejoining} rejoining"
    );
}

/// Four players: White's queen can take Blue's pawn on e3, but Blue's rook on e16 then takes the queen,
/// two turns later (Red moves in between). A search of decisions ends inside White's own turn and takes
/// the pawn with the queen (the Formidable level does: Qe1xe3, Pf2-e2); the Strongest plans its turn
/// whole, plays the other players' replies, and takes with the pawn instead, its queen left where
/// nothing attacks it (see `search::turn_plan`).
#[test]
fn a_four_player_turn_planned_whole_sees_the_reply_two_turns_away() {
    use engine::search::{Memory, TurnBudget, LEVELS};
    let text = "Kr3RbNb9Kb/PrPr4Pb7PbPb/16/16/16/16/16/16/16/16/16/16/16/4Pb11/PwPw3Pw10/Kw3QwBw10 w u 0 1";
    let queen_after_turn = |level: &engine::search::Level| {
        let mut position = Napoleon::from_text(text, 4).expect("valid");
        let (mut budget, mut memory) = (TurnBudget::default(), Memory::default());
        for decision in 0..64 {
            if position.to_move() != 0 {
                break;
            }
            let found = budget.choose(&position, level, &mut || false, decision, &mut memory).expect("a decision");
            rules::Position::play(&mut position, found.action).expect("legal");
        }
        assert_eq!(position.to_move(), 1, "White's turn is over");
        let queen = (0..=255u8)
            .map(Square)
            .find(|&s| position.board().get(s) == Some(Man { seat: 0, kind: QUEEN }))
            .expect("White keeps its queen");
        (queen, position.board().attacked(queen, 0))
    };
    let strongest = LEVELS[LEVELS.len() - 1];
    assert!(Napoleon::from_text(text, 4).expect("valid").plans_turns(strongest.max_nodes));
    let (queen, attacked) = queen_after_turn(&strongest);
    assert!(!attacked, "the Strongest's queen on {queen:?} is attacked");
    // The search of decisions, for contrast: the queen takes and stays on Blue's rook's file.
    let formidable = LEVELS[11];
    assert!(!Napoleon::from_text(text, 4).expect("valid").plans_turns(formidable.max_nodes));
    assert_eq!(queen_after_turn(&formidable), (sq("e3"), true));
}

/// Only four-player games plan their turns, at the levels whose turn is the round's whole budget.
#[test]
fn which_turns_are_planned_whole() {
    use engine::search::LEVELS;
    let (master, strongest) = (LEVELS[12], LEVELS[13]);
    let text = "Kr3RbNb9Kb/PrPr4Pb7PbPb/16/16/16/16/16/16/16/16/16/16/16/4Pb11/PwPw3Pw10/Kw3QwBw10 w u 0 1";
    let four = Napoleon::from_text(text, 4).expect("valid");
    assert!(four.plans_turns(master.max_nodes) && four.plans_turns(strongest.max_nodes));
    assert!(LEVELS[..12].iter().all(|level| !four.plans_turns(level.max_nodes)), "lower levels search decisions");
    assert!(!Napoleon::start(2).plans_turns(strongest.max_nodes), "two players search decisions");
}
