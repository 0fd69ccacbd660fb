//! Part 1: the battlefield rules case by case (cannons and stacks, craters, frontal attacks, elites
//! and jesters, blast checks), the notation, and random games.

use super::*;

#[test]
fn the_start_position_and_its_actions() {
    let g = Game::from_slug("chess2024", None).expect("chess2024");
    assert_eq!(
        text(&g),
        "rnba(3)jqkja(3)bnr/3c4c3/eeppppppppee/12/12/12/12/12/12/EEPPPPPPPPEE/3C4C3/RNBA(3)JQKJA(3)BNR w 0 1"
    );
    // 97 actions, counted by hand: 72 on the board (16 pawn, 12 elite, 2 rook, 2 bishop,
    // 4 jester, 3 queen, 3 king, 12 cannon: 4 moves and 8 shots, 18 frontal attacks) and 25 substitutions
    // taking one of the 25 non-king pieces off (the reserve is empty, so nothing can be brought on).
    assert_eq!(engine::perft::perft(g.position(), 1), 97);
}

#[test]
fn no_firing_from_the_back_rank_or_without_a_loaded_stack() {
    // A cannon on its own first rank has no square behind it.
    let g = game(&with_kings(&[("d1", "C"), ("d2", "A(3)")]), "w");
    assert!(!names(&g).iter().any(|n| n.starts_with("C@")));
    // Loaded: stack directly behind.
    let g = game(&with_kings(&[("d2", "C"), ("d1", "A(3)")]), "w");
    assert_eq!(names(&g).iter().filter(|n| n.starts_with("C@")).count(), 5);
    // A stack beside, not behind, does not load it; an enemy stack behind does not either.
    let g = game(&with_kings(&[("d2", "C"), ("c1", "A(3)")]), "w");
    assert!(!names(&g).iter().any(|n| n.starts_with("C@")));
    // Landing squares must be empty: a piece or a crater blocks that square (the shot flies over them).
    let g = game(&with_kings(&[("d2", "C"), ("d1", "A(3)"), ("d4", "p"), ("d6", "x")]), "w");
    let shots: Vec<String> = names(&g).into_iter().filter(|n| n.starts_with("C@")).collect();
    assert_eq!(shots, ["C@d3", "C@d5", "C@d7"]);
}

#[test]
fn a_blast_removes_friend_and_foe_and_stacks_and_leaves_a_crater() {
    // Cannon d2 fires at d4: own pawns c3 and e3, own bishop c4 and the enemy knight on e5 all go.
    let mut g =
        game(&with_kings(&[("d2", "C"), ("d1", "A(2)"), ("c3", "P"), ("e3", "P"), ("e5", "n"), ("c4", "B")]), "w");
    play(&mut g, &["C@d4"]);
    assert_eq!(board_text(&g), fen(&with_kings(&[("d2", "C"), ("d1", "A(1)"), ("d4", "X")]), "b"));
    // Own and enemy pieces alike went to their owners' reserves and count as losses.
    assert!(text(&g).ends_with(" B1P2/N1 0/0 3/1 4/4"), "{}", text(&g));
    // Firing one square ahead blasts the cannon itself and a stack beside it; the stack behind is safe.
    let mut g = game(&with_kings(&[("d2", "C"), ("d1", "A(3)"), ("e2", "A(1)"), ("c4", "p")]), "w");
    play(&mut g, &["C@d3"]);
    assert_eq!(board_text(&g), fen(&with_kings(&[("d1", "A(2)"), ("d3", "X")]), "b"));
    assert_eq!(
        g.record()[0].effects.vanish.len(),
        4,
        "cannon, stack (its shots counted), pawn; the d1 stack changes count"
    );
}

#[test]
fn a_stack_vanishes_at_zero_shots() {
    let mut g = game(&with_kings(&[("d2", "C"), ("d1", "A(1)")]), "w");
    play(&mut g, &["C@d7"]);
    assert!(!text(&g).contains("A("), "{}", text(&g));
    let mut g = game(&with_kings(&[("d2", "C"), ("d1", "A(2)")]), "w");
    play(&mut g, &["C@d7"]);
    assert!(text(&g).contains("A(1)"), "{}", text(&g));
}

#[test]
fn cannons_and_stacks_stay_in_their_home_base() {
    let g = game(&with_kings(&[("d3", "C"), ("h3", "A(1)")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"d3c3".to_string()) && c.contains(&"d3d2".to_string()));
    assert!(!c.contains(&"d3d4".to_string()), "a cannon never leaves ranks 1-3");
    assert!(!c.contains(&"h3h4".to_string()), "nor does a stack");
    // Black's home base is ranks 10-12.
    let g = game(&with_kings(&[("d10", "c")]), "b");
    assert!(!coords(&g).contains(&"d10d9".to_string()));
    // Cannons and stacks never capture.
    let g = game(&with_kings(&[("d2", "C"), ("d3", "p"), ("c2", "p")]), "w");
    assert!(!names(&g).iter().any(|n| n.starts_with("Cx")));
}

#[test]
fn a_crater_blocks_a_rook_but_not_a_knight() {
    let g = game(&with_kings(&[("a1", "R"), ("a4", "x"), ("b1", "N"), ("c3", "x")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"a1a3".to_string()) && !c.contains(&"a1a5".to_string()));
    // The knight jumps over the crater at c3? It lands beyond: b1-c3 is a landing square, a crater of
    // Black's: the knight may repair it; b1-a3 and b1-d2 are free.
    assert!(c.contains(&"b1d2".to_string()) && c.contains(&"b1a3".to_string()));
    // A knight jumps over craters: from a1 with craters all around it still reaches b3 and c2.
    let g = game(&with_kings(&[("a1", "N"), ("a2", "X"), ("b2", "X"), ("b1", "X")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"a1b3".to_string()) && c.contains(&"a1c2".to_string()));
}

#[test]
fn only_the_other_side_repairs_a_crater() {
    // a4 is Black's crater: White's rook may repair it (and stops there).
    let mut g = game(&with_kings(&[("a1", "R"), ("a4", "x")]), "w");
    assert!(has(&g, "Rxa4"));
    play(&mut g, &["Rxa4"]);
    assert!(text(&g).contains("/R11/"), "{}", text(&g));
    // White's own crater: blocked, no repair.
    let g = game(&with_kings(&[("a1", "R"), ("a4", "X")]), "w");
    assert!(!coords(&g).contains(&"a1a4".to_string()));
    // Pawns repair only diagonally forward; cannons never.
    let g = game(&with_kings(&[("c3", "P"), ("c4", "x"), ("d4", "x")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"c3d4".to_string()) && !c.contains(&"c3c4".to_string()));
    let g = game(&with_kings(&[("c2", "C"), ("c3", "x")]), "w");
    assert!(!coords(&g).contains(&"c2c3".to_string()));
}

#[test]
fn a_king_in_a_loaded_cannons_blast_area_is_in_check_and_may_not_step_into_one() {
    // Black cannon d11 with a loaded stack on d12 can land on d10..d6; White's king on e7 is next to d7.
    let g = Game::from_slug("chess2024", Some(&fen(&[("e7", "K"), ("a12", "k"), ("d11", "c"), ("d12", "a(1)")], "w")))
        .expect("valid");
    assert!(!g.position().view().checks.is_empty(), "blast check");
    let legal = names(&g);
    // Steps that stay next to a landing square (d6..d10) are illegal: e6, e8, d7? (d7 is itself a
    // landing square: standing on it blocks that shot, but d6 and d8 still blast it).
    for illegal in ["Ke6", "Ke8", "Kd7", "Kd8", "Kd6"] {
        assert!(!legal.contains(&illegal.to_string()), "{illegal} in {legal:?}");
    }
    for fine in ["Kf6", "Kf7", "Kf8"] {
        assert!(legal.contains(&fine.to_string()), "{fine} in {legal:?}");
    }
    // Without ammunition there is no threat.
    let g = Game::from_slug("chess2024", Some(&fen(&[("e7", "K"), ("a12", "k"), ("d11", "c")], "w"))).expect("valid");
    assert!(g.position().view().checks.is_empty());
    assert!(has(&g, "Ke6"));
}

#[test]
fn firing_that_would_blast_ones_own_king_is_refused() {
    // White king on e4: a shot on d3..d5 would blast it; d6 and d7 are fine.
    let g = Game::from_slug("chess2024", Some(&fen(&[("e4", "K"), ("g12", "k"), ("d2", "C"), ("d1", "A(3)")], "w")))
        .expect("valid");
    let shots: Vec<String> = names(&g).into_iter().filter(|n| n.starts_with("C@")).collect();
    assert_eq!(shots, ["C@d6", "C@d7"]);
}

#[test]
fn frontal_attacks_of_five_and_three_pawns() {
    let g = game(
        &with_kings(&[
            ("c3", "P"),
            ("d3", "P"),
            ("e3", "P"),
            ("f3", "P"),
            ("g3", "P"),
            ("h3", "P"),
            ("i3", "P"),
            ("j3", "P"),
        ]),
        "w",
    );
    let frontal: Vec<String> = names(&g).into_iter().filter(|n| n.contains('(')).collect();
    assert!(frontal.contains(&"c4(5)".to_string()) && frontal.contains(&"c5(5)".to_string()), "{frontal:?}");
    assert!(frontal.contains(&"h4(3)".to_string()), "{frontal:?}");
    let mut g = g;
    play(&mut g, &["h5(3)"]);
    let t = text(&g);
    assert!(t.contains("/7PPP2/"), "h5, i5, j5: {t}");
    assert!(t.contains("/2PPPPP5/"), "c3..g3 stay: {t}");
}

#[test]
fn a_run_is_broken_by_another_kind_or_an_obstructed_square() {
    // e3 pawn, f3 elite: different kinds, so no run from e3.
    let g = game(&with_kings(&[("d3", "P"), ("e3", "P"), ("f3", "E"), ("g3", "E")]), "w");
    let frontal: Vec<String> = names(&g).into_iter().filter(|n| n.contains('(')).collect();
    assert!(frontal.contains(&"d4(2)".to_string()) && frontal.contains(&"Ef4(2)".to_string()), "{frontal:?}");
    assert!(!frontal.iter().any(|n| n.contains("(3)") || n.contains("(4)")));
    // An obstructed member cancels that attack at that distance: e5 blocked, so only the one-step attack.
    let g = game(&with_kings(&[("d3", "P"), ("e3", "P"), ("e5", "n")]), "w");
    let frontal: Vec<String> = names(&g).into_iter().filter(|n| n.contains('(')).collect();
    assert_eq!(frontal, ["d4(2)"]);
    // A crater in front of a member blocks too.
    let g = game(&with_kings(&[("d3", "P"), ("e3", "P"), ("e4", "x")]), "w");
    assert!(!names(&g).iter().any(|n| n.contains('(')));
}

#[test]
fn a_jester_frontal_attack_stops_at_its_first_capture() {
    // Jesters on c5, d5, e5 advance one square; d6 holds an enemy knight: c5 moves, d5 captures, e5 stays.
    let mut g = game(&with_kings(&[("c5", "J"), ("d5", "J"), ("e5", "J"), ("d6", "n")]), "w");
    // Other jesters reach c6 too, so the name is disambiguated; the coordinate form is c5c6a.
    assert!(has(&g, "Jcc6(3)"), "{:?}", names(&g));
    play(&mut g, &["c5c6a"]);
    let t = text(&g);
    assert!(t.contains("/2JJ8/4J7/"), "c6 and d6 hold jesters, e5 stays: {t}");
    // A lead that captures at once is just its ordinary move: no frontal attack is offered for it.
    let g = game(&with_kings(&[("c5", "J"), ("d5", "J"), ("c6", "n")]), "w");
    assert!(!names(&g).iter().any(|n| n.starts_with("Jxc6(")));
    // A crater repair does not end the attack.
    let mut g = game(&with_kings(&[("c5", "J"), ("d5", "J"), ("c6", "x")]), "w");
    play(&mut g, &["c5c6a"]);
    assert!(text(&g).contains("/2JJ8/"), "{}", text(&g));
}

#[test]
fn elites_and_jesters_move_as_described() {
    let g = game(&with_kings(&[("e5", "E")]), "w");
    let c = coords(&g);
    for to in ["e6", "e7", "e4", "e3", "d5", "f5"] {
        assert!(c.contains(&format!("e5{to}")), "{to}");
    }
    assert!(!c.contains(&"e5d6".to_string()), "elites never move diagonally without capturing");
    let g = game(&with_kings(&[("e5", "E"), ("e6", "p"), ("d6", "p")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"e5d6".to_string()) && !c.contains(&"e5e6".to_string()) && !c.contains(&"e5e7".to_string()));
    let g = game(&with_kings(&[("e5", "J"), ("e6", "p")]), "w");
    let c = coords(&g);
    assert!(c.contains(&"e5e6".to_string()) && !c.contains(&"e5e7".to_string()) && c.contains(&"e5c3".to_string()));
    assert!(!c.contains(&"e5b2".to_string()), "at most two squares");
}

#[test]
fn checkmate_by_a_blast_threat() {
    // Black moves its stack behind the cannon on b10: shots on b5 and b6 would blast a5 and every square
    // the White king could go to.
    let mut g = game(&[("a5", "K"), ("l12", "k"), ("b10", "c"), ("c11", "a(1)")], "b");
    play(&mut g, &["Ab11"]);
    assert_eq!(g.record()[0].name, "Ab11#");
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Checkmate)));
}

#[test]
fn notation_round_trips_and_reports_errors() {
    let t = "rnba(3)jqkja(3)bnr/3c4c3/eeppppppppee/12/12/12/3x8/12/12/EEPPPPPPPPEE/3C4C3/RNBA(3)JQKJA(2)BNR b 3 2";
    assert_eq!(Game::from_slug("chess2024", Some(t)).expect("valid").position().to_text(), t);
    for bad in [
        "",
        "12/12/12/12/12/12/12/12/12/12/12/12 w 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/6K4 w 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/3A6K5 w 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/3A(7)2K5 w 0 1",
        "6k5/12/12/12/12/12/3C8/12/12/12/12/6K5 w 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/6K5 z 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/6K13 w 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/3A(4)A(3)1K5 w 0 1",
    ] {
        assert!(Game::from_slug("chess2024", Some(bad)).is_err(), "{bad}");
    }
}

#[test]
fn random_games_keep_invariants() {
    let mut rng = common::Rng(3);
    let mut fired = 0;
    let mut checked = 0;
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    for _ in 0..20 {
        let mut g = Game::from_slug("chess2024", None).expect("chess2024");
        common::play_random(&mut g, &mut rng, 2, 120, |g| {
            if g.record().last().is_some_and(|e| e.name.starts_with("C@")) {
                fired += 1;
            }
            let t = g.position().to_text();
            assert_eq!(Game::from_slug("chess2024", Some(&t)).expect("own notation").position().to_text(), t);
            // The search's cheap look at the outcome (no legal list yet) agrees with the full one, but
            // for the stalemates it leaves to the full look.
            let fresh = rules.parse_position(&t, &[1]).expect("own notation");
            if let Some(cheap) = fresh.outcome_without_listing() {
                let full = fresh.outcome();
                assert!(
                    cheap == full || full.is_some_and(|o| o.reason == EndReason::Stalemate),
                    "{t}: {cheap:?} vs {full:?}"
                );
                checked += 1;
            }
        });
        let back = engine::link::decode(&engine::link::encode(&g, 2)).expect("round trip");
        assert_eq!(back.game.position().to_text(), g.position().to_text());
        if let Some(o) = g.outcome() {
            assert!(matches!(
                o.reason,
                EndReason::Checkmate | EndReason::Stalemate | EndReason::NoProgress | EndReason::Repetition
            ));
        }
    }
    assert!(fired > 0, "random games should fire now and then");
    assert!(checked > 1000, "most positions are judged cheaply ({checked})");
}
