//! Turns: one group, one capture, switches, rejoining, the king and queen apart, the bishops'
//! colours; the canonical order of a step's moves.

use super::*;

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
