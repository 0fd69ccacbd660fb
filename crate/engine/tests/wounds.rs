//! Chess with Wounds (docs/rules.md, "Chess with Wounds"), case by case, plus perft regression data and random games.

use engine::{EndReason, Game, Outcome};

mod common;
use common::{board, names, play};

fn game(text: &str) -> Game {
    Game::from_slug("wounds", Some(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn rook_a1_attacking_rook_a8_shortens_the_prong_towards_a1() {
    let mut g = game("r6k/8/8/8/8/8/8/R6K w 0 0 1");
    play(&mut g, &["R~a8"]);
    assert_eq!(board(&g), "r{l.l.s.l.}6k/8/8/8/8/8/8/R6K");
}

#[test]
fn a_rook_attacking_a_rook_shortens_its_prong_and_stays() {
    let mut g = game("k7/r7/8/8/8/8/8/R6K w 0 0 1");
    play(&mut g, &["R~a7"]);
    // a7's south prong (pointing back at a1) is now short; the attacker is still on a1.
    assert_eq!(board(&g), "k7/r{l.l.s.l.}7/8/8/8/8/8/R6K");
    // The same attack again breaks the (now short) prong off.
    play(&mut g, &["Kb8", "R~a7"]);
    assert_eq!(board(&g), "1k6/r{l.l...l.}7/8/8/8/8/8/R6K");
    // With no prong pointing back any more, the next attack captures.
    play(&mut g, &["Kc8", "Rxa7"]);
    assert_eq!(board(&g), "2k5/R7/8/8/8/8/8/7K");
}

#[test]
fn a_rook_attacking_along_a_rank_and_from_a_distance() {
    let mut g = game("k7/8/8/8/8/8/8/R5rK w 0 0 1");
    play(&mut g, &["R~g1"]);
    assert_eq!(board(&g), "k7/8/8/8/8/8/8/R5r{l.l.l.s.}K");
}

#[test]
fn a_bishop_attacking_a_rook_diagonally_captures_it() {
    let mut g = game("k7/8/8/8/8/2r5/8/B6K w 0 0 1");
    play(&mut g, &["Bxc3"]);
    assert_eq!(board(&g), "k7/8/8/8/8/2B5/8/7K");
}

#[test]
fn knight_against_knight_wounds() {
    let mut g = game("k7/8/8/8/8/2n5/8/1N5K w 0 0 1");
    play(&mut g, &["N~c3"]);
    // b1 attacked c3 with the leap (1, 2); c3 loses its leap (-1, -2) back to b1, which is index 4 (SSW).
    assert_eq!(board(&g), "k7/8/8/8/8/2n{kkkk.kkk}5/8/1N5K");
}

#[test]
fn a_queen_takes_a_knight_outright_and_a_knight_takes_a_queen_outright() {
    let mut g = game("k7/8/8/8/8/8/1n6/Q6K w 0 0 1");
    play(&mut g, &["Qxb2"]);
    assert_eq!(board(&g), "k7/8/8/8/8/8/1Q6/7K");
    let mut g = game("k7/8/8/8/8/2q5/8/1N5K w 0 0 1");
    play(&mut g, &["Nxc3"]);
    assert_eq!(board(&g), "k7/8/8/8/8/2N5/8/7K");
}

#[test]
fn a_pawn_hit_from_the_front_loses_its_forward_prong_and_then_moves_only_diagonally() {
    let mut g = game("k7/8/8/8/4r3/8/4P3/7K b 0 0 1");
    play(&mut g, &["R~e2"]);
    assert_eq!(board(&g), "k7/8/8/8/4r3/8/4P{.s.....s}3/7K");
    let moves: Vec<String> = names(&g).into_iter().filter(|n| !n.starts_with('K')).collect();
    // Rotations first (their code points at e2 itself), then the two diagonal steps.
    assert_eq!(moves, ["e2<", "e2>", "e2-d3", "e2-f3"]);
}

#[test]
fn a_pawn_attacked_from_behind_is_captured() {
    let mut g = game("k7/8/8/8/8/4P3/8/4r2K b 0 0 1");
    play(&mut g, &["Rxe3"]);
    assert_eq!(board(&g), "k7/8/8/8/8/4r3/8/7K");
}

#[test]
fn a_wounded_rook_rotated_right_moves_diagonally() {
    let mut g = game("k7/8/8/8/3R{l.l.l...}4/8/8/7K w 0 0 1");
    play(&mut g, &["Rd4>"]);
    assert_eq!(board(&g), "k7/8/8/8/3R{.l.l.l..}4/8/8/7K");
    play(&mut g, &["Kb8"]);
    let rook: Vec<String> = names(&g).into_iter().filter(|n| n.starts_with('R')).collect();
    assert!(
        rook.contains(&"Rh8".to_string()) && rook.contains(&"Ra1".to_string()) && rook.contains(&"Rg1".to_string())
    );
    assert!(!rook.contains(&"Rd5".to_string()), "no straight moves after the rotation");
}

#[test]
fn unwounded_pieces_and_knights_never_rotate() {
    let g = Game::from_slug("wounds", None).expect("wounds");
    assert!(!names(&g).iter().any(|n| n.ends_with('<') || n.ends_with('>')));
    let g = game("k7/8/8/8/3N{kkkk.kkk}4/8/8/7K w 0 0 1");
    assert!(!names(&g).iter().any(|n| n.ends_with('<') || n.ends_with('>')));
    // A queen whose eight prongs are all short is wounded, but no rotation changes it: none is offered.
    let g = game("k7/8/8/8/3Q{ssssssss}4/8/8/7K w 0 0 1");
    assert!(!names(&g).iter().any(|n| n.ends_with('<') || n.ends_with('>')));
    // Four diagonal short prongs: left and right give the same prongs, one action.
    let g = game("k7/8/8/8/3K{.s.s.s.s}4/8/8/8 w 0 0 1");
    let rotations: Vec<String> = names(&g).into_iter().filter(|n| n.ends_with('<') || n.ends_with('>')).collect();
    assert_eq!(rotations.len(), 1, "{rotations:?}");
}

#[test]
fn a_side_without_actions_passes_and_two_passes_draw() {
    // Two wounded knights whose only leaps point off the board: knights never rotate, so neither can act.
    let mut g = game("7n{k.......}/8/8/8/8/8/8/N{....k...}7 w 0 0 1");
    assert_eq!(names(&g), ["pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.outcome(), None);
    assert!(g.position().view().notes.iter().any(|n| n.contains("another pass")));
    assert_eq!(names(&g), ["pass"]);
    play(&mut g, &["pass"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::BothPassed)));
    // A pass followed by a real move does not count towards the draw: Black's king can move here.
    let mut g = game("k7/8/8/8/8/8/8/N{....k...}7 w 0 0 1");
    play(&mut g, &["pass", "Kb8"]);
    assert!(g.position().to_text().contains(" w 0 "), "{}", g.position().to_text());
}

#[test]
fn the_game_ends_when_a_side_has_no_pieces() {
    // The king takes the pawn from the side, where the pawn has no prong pointing back.
    let mut g = game("8/8/8/8/8/8/Kp6/8 w 0 0 1");
    play(&mut g, &["Kxb2"]);
    assert_eq!(g.outcome(), Some(Outcome::win(0, EndReason::AllCaptured)));
}

#[test]
fn notation_round_trips_and_rejects_bad_prongs() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 0 1",
        "k7/r{l.l.s.l.}7/8/8/8/8/8/R6K b 1 12 40",
        "k7/8/8/8/3N{kkkk.kkk}4/8/8/7K w 0 0 1",
    ] {
        assert_eq!(game(text).position().to_text(), text);
    }
    assert_eq!(game("k7/8/8/8/8/8/8/R6K").position().to_text(), "k7/8/8/8/8/8/8/R6K w 0 0 1");
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w 0 0 1",
        "k7/8/8/8/8/8/8/R{l.l.}6K w 0 0 1",
        "k7/8/8/8/8/8/8/N{l.......}6K w 0 0 1",
        "k7/8/8/8/8/8/8/R{........}6K w 0 0 1",
        "k7/8/8/8/8/8/8/R6K w 2 0 1",
        "k7/8/8/8/8/8/8/R6K x",
        "k7/8/8/8/8/8/8/R6K w 0 0 0",
    ] {
        assert!(Game::from_slug("wounds", Some(bad)).is_err(), "{bad}");
    }
}

/// Total prongs of every piece, by square-independent identity is impossible (pieces move), so the
/// property checked is global: the sum of prong "strength" never grows.
fn strength(text: &str) -> usize {
    let board = text.split(' ').next().unwrap_or("");
    let mut total = 0;
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_alphabetic() {
            continue;
        }
        if chars.peek() == Some(&'{') {
            let spec: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
            total += spec
                .chars()
                .map(|c| match c {
                    'l' => 2,
                    's' | 'k' => 1,
                    _ => 0,
                })
                .sum::<usize>();
        } else {
            total += match c.to_ascii_lowercase() {
                'p' => 3,
                'n' => 8,
                'b' | 'r' => 8,
                'q' => 16,
                _ => 8,
            };
        }
    }
    total
}

#[test]
fn random_games_never_grow_prongs_back() {
    let mut rng = common::Rng(5);
    for _ in 0..60 {
        let mut g = Game::from_slug("wounds", None).expect("wounds");
        let mut before = strength(&g.position().to_text());
        common::play_random(&mut g, &mut rng, 9, 200, |g| {
            let text = g.position().to_text();
            assert!(strength(&text) <= before, "prongs grew: {text}");
            assert_eq!(game(&text).position().to_text(), text);
            before = strength(&text);
        });
        let back = engine::link::decode(&engine::link::encode(&g, 9)).expect("round trip");
        assert_eq!(back.game.position().to_text(), g.position().to_text());
    }
}

#[test]
fn a_game_drawn_by_two_passes_reads_back_drawn() {
    // Two pawns on their last ranks have nothing to do.
    let mut g = game("3P4/8/8/8/8/8/8/p7 w 0 0 1");
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::BothPassed)));
    let text = g.position().to_text();
    assert_eq!(text, "3P4/8/8/8/8/8/8/p7 w 2 2 2");
    let back = game(&text);
    assert_eq!(back.position().to_text(), text);
    assert_eq!(back.outcome(), Some(Outcome::draw(EndReason::BothPassed)));
    assert!(back.decisions().is_empty());
    // Two passes cannot have happened where a side has a move.
    let err = Game::from_slug("wounds", Some("3P4/8/8/8/8/8/p7/8 w 2 2 2")).err().expect("Black can move");
    assert!(err.message.contains("Black has a move"), "{}", err.message);
    assert!(Game::from_slug("wounds", Some("3P4/8/8/8/8/8/8/p7 w 3 2 2")).is_err());
}
