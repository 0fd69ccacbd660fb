//! The turn search with a king in check and the search for a way through a turn: dead ends proved,
//! ways found within their budgets, and the order evasions are tried in (`napoleon/in_check.rs`).

use super::*;

#[test]
fn a_king_beyond_saving_is_proved_within_the_budget() {
    // Three cut off, the king among them, none able to rejoin: no turn ends legally.
    let mut b = Board::empty(2);
    put(&mut b, 0, PAWN, &["a2", "b2", "c2"]);
    put(&mut b, 0, KING, &["p8"]);
    put(&mut b, 0, KNIGHT, &["a16", "i14"]);
    put(&mut b, 1, KING, &["h16"]);
    let turn = Turn::begin(b, 0);
    let mut budget = TURN_SEARCH_BUDGET;
    assert_eq!(turn.has_legal_completion(&mut budget), Some(false));
    assert!(turn.proved_without_legal_turn());
}

#[test]
fn a_king_in_check_is_saved_by_the_quick_try() {
    // Black starts in check from the queen on o3 (revealed setups may do that). The game-end search,
    // in square order, spends its whole budget inside the first group's sequences without finding a
    // way out; one man's move is enough, and the quick try finds it. The search made for a king in
    // check (the moves that leave fewer attacks first) finds a way at once.
    let text = "12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R b 1 2";
    let board = Napoleon::from_text(text, 2).expect("valid").board().clone();
    assert!(board.in_check(1));
    let turn = Turn::begin(board, 1);
    let mut budget = TURN_SEARCH_BUDGET;
    assert_eq!(turn.has_legal_completion(&mut budget), None);
    assert!(turn.ends_after_one_move());
    assert!(!turn.proved_without_legal_turn());
    let mut budget = TURN_SEARCH_BUDGET;
    assert_eq!(turn.can_still_end(&mut budget), Some(true));
    assert!(TURN_SEARCH_BUDGET - budget < 1_000, "{} decisions", TURN_SEARCH_BUDGET - budget);
}

/// The way [`Turn::completion`] finds from the start of the turn in `text` (two or four players, by
/// its fields), checked to be a way through the options to a legal end; the decisions it tried.
fn completion_from(text: &str) -> (Vec<TurnAction>, u64) {
    let players = if text.split_whitespace().count() == 5 { 4 } else { 2 };
    let turn = Napoleon::from_text(text, players).expect("valid").turn().expect("in play").clone();
    let mut work = 0;
    let path = turn.completion(&mut work).expect("an answer within the budget").expect("a way");
    let mut t = turn.clone();
    for &a in &path {
        assert!(t.options().contains(&a), "{a:?} is no option");
        t.apply(a);
    }
    assert!(t.phase == Phase::Done && t.can_end(), "{path:?}");
    (path, work)
}

#[test]
fn a_king_checked_by_a_pawn_steps_where_a_man_of_its_group_stood() {
    // White's king on d8 is attacked by the pawn on e9, and every square it can reach is attacked too:
    // a pawn of its group (on c7 or d6) makes way, then the king steps there. (From random setups, at turn 1 of a
    // four-player game; the pieces far away left out.) Every move of the other groups leaves the
    // pawn's attack as it is; the search once spent its whole budget inside the sequences of the
    // queen's group, and the page's "finish the turn" found nothing.
    let (path, work) =
        completion_from("16/16/7k8/16/16/16/3pp11/2nppp10/2PKP11/2P1B1P9/3P2PP8/16/16/NN14/1P4Q9/5RRB8 w 0 1");
    assert!(path.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("d8"))), "{path:?}");
    assert!(work < 2_000, "{work} decisions");
}

#[test]
fn a_king_whose_group_comes_last_on_the_board_is_helped_by_it_first() {
    // Blue's king on k16 (turn 3 of a four-player game from random setups) can only be saved by its
    // own group: a man steps aside and the king moves there. That group comes last in square order,
    // and the other groups' sequences took the search's whole budget (38,000 decisions, no way found).
    let (path, work) = completion_from(
        "2RrQr6Kb5/1NrPr5PbPbPbPb4/6NrRr6QbPb/3Kr3Pr6Rb1/4Pr2Pr5BbBb1/Pr2PrPr7Nb3/BrPr12Rb1/2Br9NbPbPbPb/\
         NwPw4BwRwPuRuPu4Pu/1PwPw3Pw1Pu5Ku1/15Pu/2PwQw6PuPu2Bu1/2Pw8QuRu3/1Pw12PuNu/Nw2Pw1Bw8BuNu/4Kw1Rw9 b - 2 3",
    );
    assert!(path.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("k16"))), "{path:?}");
    assert!(work < 5_000, "{work} decisions");
}

#[test]
fn a_block_that_cuts_its_man_off_comes_after_the_kings_group() {
    // The fourth player's king on j1 is checked along the first rank by the rook on b1. A bishop of
    // another group (k8) can block on d1, but is then cut off and cannot stay; the way out is the
    // king's group's: the king to k2 and a pawn to j3 against the bishop on f7. Ordered by attacks
    // left, the block came first and its group's sequences took the whole budget.
    let (path, work) = completion_from(
        "4Rr4Rb3Rb2/KrRr1Pr1PrNrKbPbPbPb2Pb2/PrBr2Pr8Bb2/Pr9PbPb4/10NbPb4/3Pr1Br3Qb6/1Pr2Qr7Bb3/2NrPr2Pw4Pb1Nb2/\
         6PwKw2Bu5/5BwNw4Nu4/1PwPw2Bw6PuPu1Ru/QwPwNw1Pw7Pu2Qu/Pw14Bu/Rw7Pu2Pu4/Pw7PuNu1PuPu3/1Rw7Ku2Ru3 u - 3 4",
    );
    assert!(path.iter().all(|a| !matches!(a, TurnAction::Go { from, .. } if *from == sq("k8"))), "{path:?}");
    assert!(work < 5_000, "{work} decisions");
}

#[test]
fn a_king_in_double_check_finds_its_way_out_within_the_quick_budget() {
    // Black's king on o12 is attacked along its file by the queen on o7 and along its rank by the rook
    // on c12: the king steps out of its group and is switched onto a man of another (or two men of its
    // group step between). In square order the search tried the other groups' sequences first and ran
    // out of budget.
    let (_, work) = completion_from("9rqr4/8pp6/9p5p/14pb/2R11k1/8np5p/9b6/8pn6/16/14Q1/16/16/16/16/16/K15 b 0 1");
    assert!(work < 2_000, "{work} decisions");
}

#[test]
fn a_king_in_check_tries_first_the_escapes_that_leave_no_man_cut_off() {
    // White's king on a4 is attacked along the a-file by the rook on a16 (from random setups, turn 1).
    // Many moves block the file or step aside but leave men cut off, and the search went through their
    // rejoining steps first (its whole budget); the one-move ways out are the king's steps to b5 and b3,
    // which leave every man in a group.
    let (path, work) = completion_from(
        "rrq13/1npb2p3p5/2p2p1b1pnp4/6k3p5/16/16/16/16/16/16/16/16/KRBP2PP5Q2/N5B6PN1/6PP6PP/15R w 0 1",
    );
    assert!(matches!(path[..], [TurnAction::Go { from, .. }, TurnAction::EndPhase] if from == sq("a4")), "{path:?}");
    assert!(work < 100, "{work} decisions");
}

#[test]
fn a_king_in_double_check_takes_the_queen_and_its_own_queen_steps_out_of_its_group() {
    // Red's king on h10 is attacked by Black's queen next door on i10 and knight on i12 (a four-player
    // game from random setups, turn 2): no one move ends the turn, as every king move that escapes puts
    // it in its queen's group; e.g. the king takes on i11 and the queen leaves. Depth first, the search
    // spent its budget on the long sequences of the first king move; the looks with two and then three
    // moves at most find a way.
    let (path, work) = completion_from(
        "8Rb7/8PbRb6/1Pr6KbPb6/PrPrRr3Nr3Pb5/1NrPr2Pr1QrNb1Bb5/2Pr1Br3Nb1Pb5/6BrKrQb7/5PrRrPrPbPbBbPbPb3/\
         2QwPw1PwPwPwNuNu1RuBuPu2/2Pw5Pu2QuPu3/1Pw6Pu5Pu1/6KwPw5Pu2/4BwNw7BuPu1/3Pw12/5Nw2Ru1Pu5/4BwRwRw2Ku6 r - 1 2",
    );
    let moves = path.iter().filter(|a| matches!(a, TurnAction::Go { .. })).count();
    assert!((2..=3).contains(&moves), "{path:?}");
    assert!(work < 20_000, "{work} decisions");
}

/// A plain search over [`Turn::options`], each state once, within `nodes` decisions: what the exact
/// search with its prunings must agree with.
fn plain_completion(turn: &Turn, seen: &mut std::collections::HashSet<Vec<u8>>, nodes: &mut u32) -> Option<bool> {
    if turn.phase == Phase::Done {
        return Some(turn.can_end());
    }
    if !seen.insert(turn.state_key()) {
        return Some(false);
    }
    let mut unknown = false;
    for a in turn.options() {
        if *nodes == 0 {
            return None;
        }
        *nodes -= 1;
        let mut next = turn.clone();
        next.apply(a);
        match plain_completion(&next, seen, nodes) {
            Some(true) => return Some(true),
            None => unknown = true,
            Some(false) => {}
        }
    }
    if unknown {
        None
    } else {
        Some(false)
    }
}

/// The exact search's prunings for a king in check (an attack nothing left to move can block or take)
/// change no verdict: at states part-way through turns that start in check, it agrees with a plain
/// search wherever that one answers.
#[test]
fn the_pruned_search_agrees_with_a_plain_one_in_check() {
    let mut next = random_below();
    let (mut legal, mut dead) = (0, 0);
    for text in [
        "16/16/7k8/16/16/16/3pp11/2nppp10/2PKP11/2P1B1P9/3P2PP8/16/16/NN14/1P4Q9/5RRB8 w 0 1",
        "9rqr4/8pp6/9p5p/14pb/2R11k1/8np5p/9b6/8pn6/16/14Q1/16/16/16/16/16/K15 b 0 1",
        "12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R b 1 2",
    ] {
        let start = Napoleon::from_text(text, 2).expect("valid").turn().expect("in play").clone();
        for _ in 0..40 {
            let mut turn = start.clone();
            for _ in 0..1 + next(6) {
                let options = turn.options();
                if options.is_empty() {
                    break;
                }
                turn.apply(options[next(options.len() as u64) as usize]);
            }
            if turn.phase == Phase::Done {
                continue;
            }
            let mut nodes = 40_000;
            let Some(plain) = plain_completion(&turn, &mut Default::default(), &mut nodes) else { continue };
            let mut budget = 100_000;
            // Running out of budget is allowed (the orders differ); a verdict must be the plain one.
            let Some(pruned) = turn.can_still_end(&mut budget) else { continue };
            assert_eq!(pruned, plain, "{:?} {:?}", turn.step_moves, turn.phase);
            if plain {
                legal += 1;
            } else {
                dead += 1;
            }
        }
    }
    assert!(legal > 10 && dead > 10, "{legal} legal, {dead} dead ends compared");
}

#[test]
fn an_ordinary_turn_is_found_at_once() {
    let t = Turn::begin(two_groups(), 0);
    let mut budget = 100;
    assert_eq!(t.has_legal_completion(&mut budget), Some(true));
    assert!(budget > 90, "passing is tried first");
}
