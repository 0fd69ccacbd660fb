//! Part 2: reserves, substitutions and archers.

use super::*;

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
