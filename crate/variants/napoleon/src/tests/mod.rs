//! Unit tests of Napoleon's board, turns, setups and positions.

use super::*;
use crate::rules::ClonePosition;

mod in_check;

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn put(b: &mut Board, seat: u8, kind: u8, squares: &[&str]) {
    for s in squares {
        b.set(sq(s), Some(Man { seat, kind }));
    }
}

/// A valid two-player setup for White: two groups of 8, king and queen apart, bishops on d1 (light:
/// file 3 + rank 0 is odd) and m1 (dark).
fn white_setup() -> Board {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["b1"]);
    put(&mut b, 0, ROOK, &["a1", "c1"]);
    put(&mut b, 0, BISHOP, &["d1", "m1"]);
    put(&mut b, 0, PAWN, &["a2", "b2", "c2", "d2", "j2", "k2", "l2", "m2"]);
    put(&mut b, 0, QUEEN, &["k1"]);
    put(&mut b, 0, KNIGHT, &["j1", "l1"]);
    b
}

#[test]
fn setup_rules_each_reported() {
    let b = white_setup();
    assert!(b.setup_problems(0).is_empty(), "{:?}", b.setup_problems(0));
    // Both bishops on light squares.
    let mut same = b.clone();
    same.set(sq("m1"), Some(Man { seat: 0, kind: KNIGHT }));
    same.set(sq("l1"), Some(Man { seat: 0, kind: BISHOP }));
    assert_eq!(same.setup_problems(0), ["the bishops must stand on squares of different colours"]);
    // King and queen in one group.
    let mut one = b.clone();
    one.set(sq("k1"), None);
    put(&mut one, 0, QUEEN, &["e1"]);
    assert_eq!(one.setup_problems(0), ["the king and the queen must be in different groups"]);
    // A pawn on the back rank.
    let mut back = b.clone();
    back.set(sq("a2"), None);
    put(&mut back, 0, PAWN, &["e1"]);
    assert_eq!(back.setup_problems(0), ["no pawn on the back rank (e1)"]);
    // A man outside the zone is also cut off from every group.
    let mut out = b.clone();
    out.set(sq("a2"), None);
    put(&mut out, 0, PAWN, &["a5"]);
    assert_eq!(out.setup_problems(0), ["a5 is outside the setup zone", "every man must be in a group of at least 3"]);
    // Pawns moved to e2..i2 bridge the two groups into one.
    let mut single = b.clone();
    for s in ["a2", "b2", "c2", "d2", "j2"] {
        single.set(sq(s), None);
    }
    put(&mut single, 0, PAWN, &["e2", "f2", "g2", "h2", "i2"]);
    assert_eq!(
        single.setup_problems(0),
        ["at least two groups are needed", "the king and the queen must be in different groups"]
    );
    // A missing man.
    let mut short = b.clone();
    short.set(sq("j1"), None);
    assert!(short.setup_problems(0).contains(&"2 knights needed, 1 placed".to_string()));
}

/// The old definition of `attacked`: every enemy man's moves, with an enemy of it on the target.
fn attacked_by_moves(board: &Board, target: Square, seat: u8) -> bool {
    let mut probe = board.clone();
    probe.set(target, Some(Man { seat, kind: QUEEN }));
    (0..=255u8)
        .map(Square)
        .any(|from| probe.get(from).is_some_and(|m| m.seat != seat) && probe.moves_from(from).contains(&target))
}

/// A fixed xorshift sequence for the randomised tests: each call gives a number below its argument.
fn random_below() -> impl FnMut(u64) -> u64 {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

#[test]
fn attacks_looked_up_from_the_target_agree_with_every_mans_moves() {
    let mut next = random_below();
    let mut attacked = 0;
    for round in 0..400 {
        let players = if round % 2 == 0 { 2 } else { 4 };
        let mut b = Board::empty(players);
        // From sparse to crowded boards, every kind for every seat.
        let men = 4 + next(60);
        for _ in 0..men {
            let man = Man { seat: next(players as u64) as u8, kind: next(6) as u8 };
            b.set(Square(next(256) as u8), Some(man));
        }
        for _ in 0..40 {
            let (target, seat) = (Square(next(256) as u8), next(players as u64) as u8);
            let expected = attacked_by_moves(&b, target, seat);
            assert_eq!(b.attacked(target, seat), expected, "{target} for seat {seat} on {:?}", b);
            attacked += expected as u32;
        }
    }
    assert!(attacked > 1000, "both answers are tested ({attacked} attacked)");
}

#[test]
fn groups_connect_through_diagonal_contact() {
    let mut b = Board::empty(2);
    put(&mut b, 0, PAWN, &["a1", "b2", "c3", "e5"]);
    let groups = b.groups(0);
    assert_eq!(groups, vec![vec![sq("a1"), sq("b2"), sq("c3")], vec![sq("e5")]]);
    assert_eq!(b.cut_off(0), vec![sq("e5")]);
}

#[test]
fn kings_and_pawns_move_up_to_two_squares_without_jumping() {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["h8"]);
    put(&mut b, 0, PAWN, &["h9"]);
    put(&mut b, 1, PAWN, &["j8"]);
    let king = b.moves_from(sq("h8"));
    assert!(king.contains(&sq("h6")) && king.contains(&sq("f10")) && !king.contains(&sq("h10")), "blocked by h9");
    assert!(king.contains(&sq("i8")) && king.contains(&sq("j8")), "captures at distance 2 too");
    // Pawns go any way to empty squares but capture only diagonally forward, never onto the back rank.
    let mut p = Board::empty(2);
    put(&mut p, 0, PAWN, &["e3"]);
    put(&mut p, 1, KNIGHT, &["f4", "e4"]);
    let moves = p.moves_from(sq("e3"));
    assert!(moves.contains(&sq("f4")), "diagonal forward capture");
    assert!(!moves.contains(&sq("e4")), "no straight capture");
    assert!(moves.contains(&sq("e2")) && !moves.contains(&sq("e1")), "never onto its own back rank");
    assert!(moves.contains(&sq("c5")), "two squares diagonally");
}

#[test]
fn check_counts_every_enemy_man_and_kings_at_distance_two() {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["h8"]);
    put(&mut b, 1, KING, &["h10"]);
    assert!(b.in_check(0) && b.in_check(1), "kings attack at distance 2");
    put(&mut b, 0, PAWN, &["h9"]);
    assert!(!b.in_check(0), "blocked");
    let mut four = Board::empty(4);
    put(&mut four, 0, KING, &["d4"]);
    put(&mut four, 2, ROOK, &["d12"]);
    assert!(four.in_check(0), "any opponent counts in four-player games");
}

/// Plays the named moves (`e2e4`-style squares) as `Go` decisions, then ends the phase if asked.
fn go(turn: &mut Turn, from: &str, to: &str) {
    let a = TurnAction::Go { from: sq(from), to: sq(to) };
    assert!(turn.options().contains(&a), "{from}-{to} not offered");
    turn.apply(a);
}

/// Two White groups on the first ranks and a Black king far away: the base of the turn tests.
fn two_groups() -> Board {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["b1"]);
    put(&mut b, 0, PAWN, &["a2", "b2", "c2"]);
    put(&mut b, 0, QUEEN, &["k1"]);
    put(&mut b, 0, PAWN, &["j2", "k2", "l2"]);
    put(&mut b, 1, KING, &["h16"]);
    b
}

#[test]
fn one_group_at_most_one_capture() {
    let mut b = two_groups();
    put(&mut b, 1, KNIGHT, &["a3", "d3"]);
    let mut t = Turn::begin(b, 0);
    go(&mut t, "b2", "a3"); // the first capture
    let options = t.options();
    assert!(!options.contains(&TurnAction::Go { from: sq("c2"), to: sq("d3") }), "a second capture is refused");
    assert!(options.contains(&TurnAction::Go { from: sq("c2"), to: sq("c3") }), "quiet moves go on");
    assert!(
        !options.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("k2"))),
        "only the first man's group moves"
    );
    assert!(
        !options.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("a3"))),
        "each man moves once"
    );
}

#[test]
fn a_discovered_check_during_the_move_phase_is_judged_at_the_end() {
    let mut b = two_groups();
    put(&mut b, 1, ROOK, &["b8"]);
    let mut t = Turn::begin(b, 0);
    go(&mut t, "b2", "c3"); // opens the b-file: the king is in check, and the phase goes on
    assert!(t.board.in_check(0));
    assert!(!t.options().contains(&TurnAction::EndPhase), "the turn may not end in check");
    go(&mut t, "a2", "b3"); // blocks again
    assert!(t.options().contains(&TurnAction::EndPhase));
}

#[test]
fn switches_for_one_and_two_cut_off_men_and_three_are_lost() {
    // One cut-off knight, too far to rejoin: lose it or switch it onto a grouped non-king man.
    let mut b = two_groups();
    put(&mut b, 0, KNIGHT, &["h8"]);
    let mut t = Turn::begin(b.clone(), 0);
    t.apply(TurnAction::EndPhase);
    assert!(matches!(t.phase, Phase::Rejoin { .. }));
    t.apply(TurnAction::EndPhase);
    let options = t.options();
    assert_eq!(options[0], TurnAction::Lose(sq("h8")));
    assert_eq!(options.len(), 1 + 7, "lose it, or switch onto any of the 7 grouped men but the king: {options:?}");
    t.apply(TurnAction::SwitchOnto { man: sq("h8"), target: sq("c2") });
    assert_eq!(t.phase, Phase::Done);
    assert_eq!(t.board.get(sq("c2")).map(|m| m.kind), Some(KNIGHT));
    assert!(t.can_end());
    // Two cut-off men (a pair is no group): two switch decisions.
    let mut two = b.clone();
    put(&mut two, 0, BISHOP, &["h9"]);
    let mut t = Turn::begin(two, 0);
    t.apply(TurnAction::EndPhase);
    t.apply(TurnAction::EndPhase);
    t.apply(TurnAction::Lose(sq("h8")));
    assert_eq!(t.options()[0], TurnAction::Lose(sq("h9")));
    // Three cut-off men are all lost at once.
    let mut three = b;
    put(&mut three, 0, BISHOP, &["h10"]);
    put(&mut three, 0, ROOK, &["h12"]);
    let mut t = Turn::begin(three, 0);
    t.apply(TurnAction::EndPhase);
    t.apply(TurnAction::EndPhase);
    assert_eq!(t.phase, Phase::Done);
    assert!(t.board.get(sq("h8")).is_none() && t.board.get(sq("h10")).is_none() && t.board.get(sq("h12")).is_none());
}

#[test]
fn a_rejoining_man_must_end_in_a_valid_group() {
    let mut b = two_groups();
    put(&mut b, 0, KNIGHT, &["e4"]);
    let mut t = Turn::begin(b, 0);
    t.apply(TurnAction::EndPhase);
    // e4-d2 reaches the first group (next to c2); e4-g5 stays cut off, so the step cannot end after it.
    let mut joined = t.clone();
    go(&mut joined, "e4", "d2");
    assert!(joined.options().contains(&TurnAction::EndPhase));
    let mut astray = t.clone();
    go(&mut astray, "e4", "g5");
    assert!(!astray.options().contains(&TurnAction::EndPhase));
}

#[test]
fn king_and_queen_may_not_end_in_one_group() {
    let b = two_groups();
    let mut t = Turn::begin(b, 0);
    go(&mut t, "k1", "d1"); // the queen joins the king's group
    assert!(!t.options().contains(&TurnAction::EndPhase));
}

#[test]
fn a_switch_may_not_leave_both_bishops_on_one_colour() {
    // c1 is dark; the cut-off bishop on h9 is light. b2 is dark, a2 light.
    let mut b = two_groups();
    put(&mut b, 0, BISHOP, &["c1", "h9"]);
    let mut t = Turn::begin(b, 0);
    t.apply(TurnAction::EndPhase);
    t.apply(TurnAction::EndPhase);
    let options = t.options();
    assert!(!options.contains(&TurnAction::SwitchOnto { man: sq("h9"), target: sq("b2") }));
    assert!(options.contains(&TurnAction::SwitchOnto { man: sq("h9"), target: sq("a2") }));
}

fn moves(list: &[(&str, &str)]) -> Vec<(Square, Square)> {
    list.iter().map(|&(from, to)| (sq(from), sq(to))).collect()
}

#[test]
fn canonical_order_sorts_by_start_square_where_the_board_allows() {
    // Independent moves: start-square order, whatever order they were played in.
    let played = moves(&[("k2", "k4"), ("a2", "a3")]);
    assert_eq!(canonical_order(&played), moves(&[("a2", "a3"), ("k2", "k4")]));
    // The knight on a2 must leave before the king steps there, though a1 comes first.
    let played = moves(&[("a2", "c3"), ("a1", "a2")]);
    assert_eq!(canonical_order(&played), moves(&[("a2", "c3"), ("a1", "a2")]));
    // The man on a3 must leave the rook's path first.
    let played = moves(&[("a3", "b4"), ("a1", "a5")]);
    assert_eq!(canonical_order(&played), moves(&[("a3", "b4"), ("a1", "a5")]));
    // The knight lands on the rook's path, so the rook goes first though b1 comes before a5.
    let played = moves(&[("a5", "a1"), ("b1", "a3")]);
    assert_eq!(canonical_order(&played), moves(&[("a5", "a1"), ("b1", "a3")]));
    assert_eq!(canonical_order(&[]), Vec::new());
}

/// Plays random group moves on a full setup and checks that the canonical order of what was played
/// can be replayed move by move, reaches the same board, and does not depend on the order played.
#[test]
fn canonical_order_replays_every_played_step() {
    let mut start = white_setup();
    put(&mut start, 1, KING, &["h16"]);
    let mut seed: u64 = 0x5eed;
    let mut next = |below: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % below
    };
    for _ in 0..300 {
        let mut turn = Turn::begin(start.clone(), 0);
        let mut played = Vec::new();
        for _ in 0..1 + next(6) {
            let goes: Vec<_> = turn
                .options()
                .into_iter()
                .filter_map(|a| match a {
                    TurnAction::Go { from, to } => Some((from, to)),
                    _ => None,
                })
                .collect();
            if goes.is_empty() {
                break;
            }
            let (from, to) = goes[next(goes.len())];
            turn.apply(TurnAction::Go { from, to });
            played.push((from, to));
        }
        let order = canonical_order(&played);
        let mut replay = Turn::begin(start.clone(), 0);
        for &(from, to) in &order {
            let a = TurnAction::Go { from, to };
            assert!(replay.options().contains(&a), "{played:?} -> {order:?}: {} not offered", from.name());
            replay.apply(a);
        }
        assert_eq!(replay.board, turn.board, "{played:?}");
        let mut shuffled = played.clone();
        shuffled.reverse();
        assert_eq!(canonical_order(&shuffled), order);
    }
}

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

#[test]
fn four_player_zones() {
    let s = seats(4);
    assert_eq!(s[0].files, (0, 7));
    assert_eq!((s[1].back_rank, s[1].forward), (15, -1));
    assert_eq!(s[2].files, (8, 15));
    assert_eq!((s[3].back_rank, s[3].forward), (0, 1));
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
                let mut slow = super::decisions::options_as_actions(turn);
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
