//! Chess 2024, part 1 (docs/rules.md, "Chess 2024"): the battlefield rules case by case, perft regression data and
//! random games.

use engine::{EndReason, Game, Outcome};

/// A position from a list of (square, token) with the side to move; tokens as in the notation
/// (`K`, `A(2)`, `X` a White crater, `x` a Black one).
fn fen(pieces: &[(&str, &str)], turn: &str) -> String {
    let mut grid = vec![vec![String::new(); 12]; 12];
    for (sq, token) in pieces {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse::<usize>().expect("rank") - 1;
        grid[rank][file] = token.to_string();
    }
    let rows: Vec<String> = (0..12)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut empty = 0;
            for token in &grid[r] {
                if token.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(token);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("{} {turn} 0 1", rows.join("/"))
}

fn game(pieces: &[(&str, &str)], turn: &str) -> Game {
    let text = fen(pieces, turn);
    Game::from_slug("chess2024", Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn coords(g: &Game) -> Vec<String> {
    let mut actions = Vec::new();
    g.position().actions(&mut actions);
    actions.iter().map(|&a| g.position().info(a).coord).collect()
}

fn text(g: &Game) -> String {
    g.position().to_text()
}

/// Board, side to move and clocks: the part-1 fields.
fn board_text(g: &Game) -> String {
    g.position().to_text().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

const KINGS: [(&str, &str); 2] = [("g1", "K"), ("g12", "k")];

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

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

// ------------------------------------------------------------------------------------------------
// Part 2: reserves, substitutions and archers.

/// A position with the part-2 fields: reserves (White/Black), credits, losses and archers left.
fn game2(pieces: &[(&str, &str)], turn: &str, reserves: &str, credits: &str, losses: &str, archers: &str) -> Game {
    let text = format!("{} {reserves} {credits} {losses} {archers}", fen(pieces, turn));
    Game::from_slug("chess2024", Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn credits(g: &Game) -> String {
    text(g).split(' ').nth(5).unwrap_or("0/0").to_string()
}

#[test]
fn taking_off_gives_each_kinds_credit() {
    let table = [("Q", 8), ("R", 4), ("B", 2), ("N", 2), ("P", 1), ("E", 1), ("J", 3), ("C", 3), ("A(3)", 3)];
    for (token, credit) in table {
        // Cannons and stacks live in the home base; the others anywhere.
        let sq = if token.starts_with('C') || token.starts_with('A') { "c2" } else { "c5" };
        let mut g = game(&with_kings(&[(sq, token)]), "w");
        let letter = &token[..1];
        play(&mut g, &[&format!("-{letter}{sq}")]);
        assert_eq!(credits(&g), format!("{credit}/0"), "{token}");
        let reserve = text(&g).split(' ').nth(4).unwrap_or("").to_string();
        let expected = if token.starts_with('A') { "A3/-".to_string() } else { format!("{letter}1/-") };
        assert_eq!(reserve, expected, "{token}");
    }
}

#[test]
fn bringing_on_costs_each_kinds_price() {
    let table = [("Q", 9), ("R", 5), ("B", 3), ("N", 3), ("P", 1), ("E", 2), ("J", 4), ("C", 4), ("A", 1)];
    for (letter, cost) in table {
        let reserve = format!("{letter}1/-");
        // Exactly enough credits: offered; one short: not.
        let g = game2(&KINGS, "w", &reserve, &format!("{cost}/0"), "0/0", "4/4");
        let bring = format!("+{letter}a1");
        assert!(has(&g, &bring), "{letter} with {cost}: {:?}", names(&g));
        let poorer = game2(&KINGS, "w", &reserve, &format!("{}/0", cost - 1), "0/0", "4/4");
        assert!(!has(&poorer, &bring), "{letter} with {}", cost - 1);
        let mut g = g;
        play(&mut g, &[&bring]);
        assert_eq!(credits(&g), "0/0", "{letter}");
    }
}

#[test]
fn a_substitution_may_take_off_and_bring_on_in_one_turn_but_not_the_same_kind() {
    // Knight off (credit 2) plus 1 credit pays a bishop (3); a1 is taken by the rook, so the first free
    // back-rank square from White's left is the knight's own, b1.
    let mut g = game2(&with_kings(&[("b1", "N"), ("a1", "R")]), "w", "B1N1/-", "1/0", "0/0", "4/4");
    assert!(has(&g, "-Nb1+Bb1"), "{:?}", names(&g));
    assert!(!has(&g, "-Nb1+Nb1"), "never the kind just taken off");
    play(&mut g, &["-Nb1+Bb1"]);
    assert_eq!(board_text(&g), fen(&with_kings(&[("b1", "B"), ("a1", "R")]), "b"));
    assert_eq!(credits(&g), "0/0");
    // Black places from its own left: l12 first.
    let g = game2(&KINGS, "b", "-/P1", "0/1", "0/0", "4/4");
    assert!(has(&g, "+Pl12"), "{:?}", names(&g));
}

#[test]
fn no_bringing_on_with_a_full_back_rank_and_never_the_king() {
    let back: Vec<(String, &str)> =
        (0..12).map(|f| (format!("{}1", (b'a' + f) as char), if f == 6 { "K" } else { "N" })).collect();
    let mut pieces: Vec<(&str, &str)> = back.iter().map(|(s, t)| (s.as_str(), *t)).collect();
    pieces.push(("g12", "k"));
    let g = game2(&pieces, "w", "Q1/-", "20/0", "0/0", "4/4");
    assert!(!names(&g).iter().any(|n| n.starts_with("+Q")), "full back rank: no place");
    // Taking a knight off frees its square for the queen.
    assert!(has(&g, "-Na1+Qa1"));
    assert!(!names(&g).iter().any(|n| n.starts_with("-K")), "the king is never taken off");
}

#[test]
fn shots_go_onto_a_chosen_stack_or_a_new_one_never_above_six() {
    let g = game2(&with_kings(&[("d1", "A(2)"), ("i1", "A(3)")]), "w", "A1/-", "1/0", "0/0", "4/4");
    let shots: Vec<String> = names(&g).into_iter().filter(|n| n.starts_with("+A")).collect();
    assert_eq!(shots, ["+Aa1", "+Ad1", "+Ai1"], "a new stack on a1, or onto either stack");
    let mut onto = g.clone();
    play(&mut onto, &["+Ad1"]);
    assert!(board_text(&onto).contains("/3A(3)2K1A(3)3 "), "{}", board_text(&onto));
    let full = game2(&with_kings(&[("d1", "A(3)"), ("i1", "A(3)")]), "w", "A1/-", "1/0", "0/0", "4/4");
    assert!(!names(&full).iter().any(|n| n.starts_with("+A")), "six shots already on the board");
}

#[test]
fn a_gift_of_fortune_comes_on_for_free() {
    let mut g = game2(&KINGS, "w", "Q1+1/-", "0/0", "0/0", "4/4");
    assert!(has(&g, "+Qa1"));
    play(&mut g, &["+Qa1"]);
    assert_eq!(credits(&g), "0/0");
}

#[test]
fn archers_are_locked_at_fifteen_losses_and_called_at_sixteen() {
    let g = game2(&KINGS, "w", "-/-", "0/0", "15/0", "4/4");
    assert!(!names(&g).iter().any(|n| n.starts_with("+H")));
    let g = game2(&KINGS, "w", "-/-", "0/0", "16/0", "4/4");
    let calls: Vec<String> = names(&g).into_iter().filter(|n| n.starts_with("+H")).collect();
    // 11 free back-rank squares (g1 holds the king): C(11,1)+C(11,2)+C(11,3)+C(11,4) = 11+55+165+330.
    assert_eq!(calls.len(), 561);
    let mut g = g;
    play(&mut g, &["+H[a1,c1]"]);
    assert!(board_text(&g).ends_with("/H1H3K5 b 0 1"), "{}", board_text(&g));
    assert!(text(&g).ends_with(" 2/4"), "two archers left: {}", text(&g));
    // With two left, at most two more at once.
    play(&mut g, &["Kf12"]);
    assert!(names(&g).iter().filter(|n| n.starts_with("+H")).all(|n| n.matches(',').count() <= 1));
}

#[test]
fn losses_count_captures_and_blasts_but_not_stacks_or_substitutions() {
    // A substitution adds credit and reserve, never a loss.
    let mut g = game(&with_kings(&[("c5", "N")]), "w");
    play(&mut g, &["-Nc5"]);
    assert!(text(&g).contains(" 0/0 4/4"), "{}", text(&g));
    // A captured stack puts its shots in the reserve but is not a loss; a captured knight is.
    let mut g = game(&with_kings(&[("c11", "a(2)"), ("c10", "R"), ("e5", "n"), ("e4", "R")]), "w");
    play(&mut g, &["Rxc11"]);
    assert!(text(&g).ends_with(" -/A2 0/0 0/0 4/4"), "{}", text(&g));
    play(&mut g, &["Kf12", "Rxe5"]);
    assert!(text(&g).ends_with(" -/N1A2 0/0 0/1 4/4"), "{}", text(&g));
}

#[test]
fn an_archer_captures_only_an_enemy_with_nothing_behind_it() {
    // Archer e6, black pawn e9: e10 empty, so the pawn can be taken; with a piece on e10 it cannot.
    let g = game(&with_kings(&[("e6", "H"), ("e9", "p")]), "w");
    assert!(has(&g, "Hxe9"));
    let g = game(&with_kings(&[("e6", "H"), ("e9", "p"), ("e10", "p")]), "w");
    assert!(!has(&g, "Hxe9"));
    // It flies over its own pieces and craters, not over an enemy.
    let g = game(&with_kings(&[("e6", "H"), ("e7", "P"), ("e8", "X"), ("e9", "p")]), "w");
    assert!(has(&g, "Hxe9"));
    let g = game(&with_kings(&[("e6", "H"), ("e7", "n"), ("e9", "p")]), "w");
    assert!(!has(&g, "Hxe9") && has(&g, "Hxe7"), "the knight stops it; e8 behind the knight is empty");
}

// ------------------------------------------------------------------------------------------------
// Part 2: the fortunes of war.

use engine::chance::{self as fair, ChanceSource, Commitments};
use engine::variants::chess2024::{Card, Chess2024};

mod common;
use common::{has, names, play};

/// A game that reaches ply `ply` with `card` forced there (moves: kings shuffle).
fn forced(pieces: &[(&str, &str)], ply: u16, card: Card, detail: u64) -> Game {
    let fullmove = (ply - 1) / 2 + 1;
    let turn = if (ply - 1) % 2 == 0 { "w" } else { "b" };
    let text = fen(pieces, turn).replace(" 0 1", &format!(" 0 {fullmove}"));
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let script = ChanceSource::Scripted(vec![(ply as u32, Chess2024::forced_chance(ply, card, detail))]);
    Game::with_chance(rules, None, Some(&text), script).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_queen_of_hearts_gives_a_free_piece() {
    let g = forced(&with_kings(&[("c5", "N")]), 21, Card::QueenOfHearts, 0);
    // Ply 21 is White's: detail 0 gives a queen.
    assert!(text(&g).contains(" Q1+1/- "), "{}", text(&g));
    let view = g.position().view();
    assert_eq!(view.event.map(|e| e.title), Some("Queen of Hearts".to_string()));
    assert!(has(&g, "+Qa1"), "brought on at no cost: {:?}", names(&g));
}

#[test]
fn the_ace_of_spades_kills_two_adjacent_squares_but_never_a_king() {
    // Pair 0 is a1-b1: White's rook there dies, the king on b1 is immune.
    let g = forced(&[("b1", "K"), ("a1", "R"), ("g12", "k")], 21, Card::AceOfSpades, 0);
    assert_eq!(board_text(&g), fen(&[("b1", "K"), ("g12", "k")], "w").replace(" 0 1", " 0 11"));
    assert_eq!(g.position().view().marks.len(), 2);
    assert!(text(&g).contains(" R1/- "), "the rook went to the reserve: {}", text(&g));
}

#[test]
fn the_ace_of_spades_kills_every_isolated_piece_of_the_side_to_move() {
    // Odd detail: isolated pieces of the side to move (White at ply 21): the knight on c5 (alone) dies,
    // the pawns on e5/f5 (touching) live, the king is immune, Black's lone bishop is untouched.
    let g = forced(&with_kings(&[("c5", "N"), ("e5", "P"), ("f5", "P"), ("j8", "b")]), 21, Card::AceOfSpades, 1);
    let t = board_text(&g);
    assert!(!t.contains('N') && t.contains("PP") && t.contains('b') && t.contains('K'), "{t}");
}

#[test]
fn the_joker_goes_back_ten_plies_restoring_credits_reserves_and_shots() {
    // Play 12 plies of a real game (a shot and a substitution among them), then force the Joker.
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let script = ChanceSource::Scripted(vec![(20, Chess2024::forced_chance(20, Card::Joker, 0))]);
    let start = "rnba(3)jqkja(3)bnr/3c4c3/eeppppppppee/12/12/12/12/12/12/EEPPPPPPPPEE/3C4C3/RNBA(3)JQKJA(3)BNR w 0 5";
    let mut g = Game::with_chance(rules, None, Some(start), script).expect("valid");
    // Ply 9 is the first played here; the Joker is forced on the chance before ply 20.
    play(&mut g, &["C@d7"]);
    let ten_plies_back = g.position().to_text();
    play(&mut g, &["C@d6", "-Nb1", "-Nb12"]);
    assert!(text(&g).contains(" N1/N1 2/2 "), "credits and reserves changed: {}", text(&g));
    play(&mut g, &["Kh2", "Kh11", "Kg1", "Kg12", "Kh2", "Kh11"]);
    assert!(g.record().iter().all(|e| e.note.is_none()));
    play(&mut g, &["Kg1"]); // ply 19; then the chance before ply 20 draws the Joker
    let note = g.record().last().and_then(|e| e.note.clone()).unwrap_or_default();
    assert!(note.contains("Joker") && note.contains("10 plies"), "{note}");
    assert_eq!(
        g.position().to_text(),
        format!("{ten_plies_back} -/- 0/0 0/0 4/4 used"),
        "shots, craters, credits and reserves are back as they were 10 plies ago, and the event is used"
    );
    assert_eq!(g.position().view().event.map(|e| e.title), Some("Joker".to_string()));
}

#[test]
fn the_event_happens_exactly_once_between_plies_20_and_60() {
    for seed in 0..30u8 {
        let rules = engine::variants::by_slug("chess2024").expect("registered");
        let mut g = Game::with_chance(rules, None, None, ChanceSource::Seeded([seed; 12])).expect("start");
        let mut events = Vec::new();
        let mut rng = common::Rng(seed as u64 + 1);
        common::play_random(&mut g, &mut rng, 0, 70, |g| {
            if let Some(note) = g.record().last().and_then(|e| e.note.clone()) {
                events.push((g.record().len(), note));
            }
        });
        if g.record().len() >= 60 {
            assert_eq!(events.len(), 1, "seed {seed}: {events:?}");
            let ply = events[0].0 + 1;
            assert!((20..=60).contains(&ply), "seed {seed}: event before ply {ply}");
        }
    }
}

/// One player's browser: its own game copy and secret, exchanging links with the other.
struct Browser {
    seat: u8,
    secret: fair::Secret,
    game: Option<Game>,
}

impl Browser {
    fn receive(&mut self, link: &str) {
        let mut game = engine::link::decode(link).expect("valid link").game;
        game.adopt_secret(self.seat, self.secret).expect("own commitment");
        self.game = Some(game);
    }
    fn send(&self) -> String {
        engine::link::encode(self.game.as_ref().expect("a game"), 77)
    }
}

#[test]
fn two_browsers_playing_by_link_see_the_same_fortune() {
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let mut white = Browser { seat: 0, secret: [7; 16], game: None };
    let mut black = Browser { seat: 1, secret: [9; 16], game: None };
    let mut first = Game::with_chance(rules, None, None, ChanceSource::Committed(Commitments::new(77))).expect("start");
    first.adopt_secret(0, white.secret).expect("commit");
    white.game = Some(first);
    let mut rng = common::Rng(99);
    let mut event_seen_by_mover = None;
    for ply in 1..=70 {
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        let game = mover.game.as_mut().expect("game");
        assert!(!game.waiting_for_chance(), "ply {ply}: the mover can always draw the chance due");
        if game.outcome().is_some() {
            break;
        }
        if let Some(note) = game.record().last().and_then(|e| e.note.clone()) {
            event_seen_by_mover = Some((ply, note));
        }
        common::play_random(game, &mut rng, 77, 1, |_| {});
        let link = mover.send();
        other.receive(&link);
        // Both copies agree, except that the sender may not be able to draw the next chance yet.
        let sent = mover.game.as_ref().expect("game");
        let received = other.game.as_ref().expect("game");
        assert_eq!(sent.record().len(), received.record().len());
        if !sent.waiting_for_chance() {
            assert_eq!(sent.position().to_text(), received.position().to_text(), "ply {ply}");
        }
    }
    let (ply, note) = event_seen_by_mover.expect("the event happened within 70 plies");
    assert!((20..=61).contains(&ply), "{ply}: {note}");
    // A third party with neither secret replays the whole game from the last link.
    let last = white.send();
    let observer = engine::link::decode(&last).expect("replayable by anyone");
    assert!(observer.game.record().iter().any(|e| e.note.is_some()));
}

#[test]
fn a_forged_reveal_is_rejected() {
    use base64::Engine;
    let b64 = &base64::engine::general_purpose::URL_SAFE_NO_PAD;
    // Play 25 plies between two browsers so that both have revealed chain elements.
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let mut white = Browser { seat: 0, secret: [7; 16], game: None };
    let mut black = Browser { seat: 1, secret: [9; 16], game: None };
    let mut first = Game::with_chance(rules, None, None, ChanceSource::Committed(Commitments::new(77))).expect("start");
    first.adopt_secret(0, white.secret).expect("commit");
    white.game = Some(first);
    let mut rng = common::Rng(5);
    for ply in 1..=25 {
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        let game = mover.game.as_mut().expect("game");
        common::play_random(game, &mut rng, 77, 1, |_| {});
        let link = mover.send();
        other.receive(&link);
    }
    let link = black.send();
    assert!(engine::link::decode(&link).is_ok());
    // Layout: version, length, variant, revision, flags, 1 setting, 5-byte id, chance mode, then White's
    // presence byte, 16-byte commitment, revealed id and 16-byte element (bytes 30..46).
    let bytes = b64.decode(&link).expect("own link");
    assert_eq!(bytes[11], 4, "commit-and-reveal mode");
    assert_eq!(bytes[12], 3, "White has a commitment and a reveal");
    let forged = common::edited_link(&link, |b| b[30] ^= 0x55);
    assert_eq!(engine::link::decode(&forged).err().map(|e| e.code), Some(engine::ErrorCode::LinkBadReveal));
    // The browser's own secret must match the game's commitment too.
    let mut copy = engine::link::decode(&link).expect("valid").game;
    assert_eq!(copy.adopt_secret(0, [3; 16]).err().map(|e| e.code), Some(engine::ErrorCode::LinkBadReveal));
}

#[test]
fn a_position_whose_chance_was_drawn_says_so_and_reads_back_the_same() {
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    // Ply 19 is White's; on reaching ply 20 the chance is drawn and (nothing scripted) misses.
    let start = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 10";
    let mut g = Game::with_chance(rules, None, Some(start), ChanceSource::Scripted(Vec::new())).expect("valid");
    play(&mut g, &["Kh1"]);
    let written = g.position().to_text();
    assert_eq!(written, "6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 10 -/- 0/0 0/0 4/4 drawn");
    let back = rules.parse_position(&written, &[1]).expect("own notation");
    assert_eq!(back.pending_chance(), None, "the chance of ply 20 is not drawn twice");
    assert_eq!(back.repetition_key(), g.position().repetition_key());
    // The old form, without the mark: the chance of the ply is still to be drawn, as before.
    let unmarked = rules.parse_position("6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 10", &[1]).expect("valid");
    assert_eq!(unmarked.pending_chance(), Some(20));
    // Outside plies 20 to 60 nothing can have been drawn.
    let early = "6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 9 -/- 0/0 0/0 4/4 drawn";
    assert_eq!(rules.parse_position(early, &[1]).err().map(|e| e.code), Some(engine::ErrorCode::BadPosition));
}
