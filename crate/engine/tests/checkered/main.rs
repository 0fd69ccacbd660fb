//! Checkered Chess (docs/rules.md, "Checkered Chess"): the rules case by case, the reference site's diagrams, and perft checked
//! against a deliberately naive reference generator written here (array board, scan-from-target
//! attack tests), sharing no code with the engine.

use engine::game::Decision;
use engine::{EndReason, Game, Outcome};

#[path = "../common/mod.rs"]
mod common;
mod naive;
use common::{board, has, names, play};
use naive::Naive;

fn game(fen: &str) -> Game {
    Game::from_slug("checkered", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_capture_offers_both_natures() {
    let mut g = Game::from_slug("checkered", None).expect("checkered");
    play(&mut g, &["Nc3", "d5"]);
    assert!(has(&g, "Nxd5") && has(&g, "Nxd5=P"));
    let mut a = g.clone();
    play(&mut a, &["Nxd5"]);
    assert_eq!(board(&a), "rnbqkbnr/ppp1pppp/8/3o4/8/8/PPPPPPPP/R1BQKBNR");
    play(&mut g, &["Nxd5=P"]);
    assert_eq!(board(&g), "rnbqkbnr/ppp1pppp/8/3s4/8/8/PPPPPPPP/R1BQKBNR");
    // Same kinds: one action only.
    let mut g = Game::from_slug("checkered", None).expect("checkered");
    play(&mut g, &["e4", "d5"]);
    assert_eq!(names(&g).iter().filter(|n| n.starts_with("exd5")).count(), 1);
}

#[test]
fn checkered_pieces_belong_to_the_side_to_move_and_cannot_be_captured() {
    let mut g = Game::from_slug("checkered", None).expect("checkered");
    play(&mut g, &["e4", "d5", "exd5"]);
    // Black moves the checkered pawn its own way and cannot take it.
    assert!(has(&g, "d4"));
    assert!(!names(&g).iter().any(|n| n.contains("xd5")));
    play(&mut g, &["d4"]);
    // It went d5-d4 without capturing, so White may not move it straight back to d5.
    assert!(!has(&g, "d5"));
    assert!(has(&g, "Nf3"));
}

#[test]
fn no_undo_after_a_plain_checkered_move_but_fine_after_a_capture() {
    let mut g = Game::from_slug("checkered", None).expect("checkered");
    play(&mut g, &["Nc3", "d5", "Nxd5", "a6"]);
    // The checkered knight on d5 moves for White: d5-f4 (no capture); Black may not play f4-d5 with it.
    play(&mut g, &["Nf4"]);
    assert!(!has(&g, "Nd5"), "B->A right after A->B is forbidden");
    assert!(has(&g, "Nh5"), "its other moves stay legal");
    // The reference site's diagram: after Rxh4=P (a capture that changed the piece) the checkered pawn may go back to h5.
    let mut g = game("2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b 0 iiii0000000000000000 - - 1");
    play(&mut g, &["Rxh4=P"]);
    assert!(has(&g, "h5"), "{:?}", names(&g));
}

#[test]
fn a_pawn_captured_on_its_start_square_keeps_the_two_step() {
    // Black's bishop takes on d2 and becomes a checkered pawn; White may then play d2-d4 with it.
    let mut g = game("rn1qkbnr/ppp1pppp/8/3p2b1/8/8/PPPPPPPP/RNBQKBNR b 3 ahah1111111111111111 - - 1");
    play(&mut g, &["Bxd2=P"]);
    // The checkered pawn on d2 (White's now) even gives check the Black way; d2-d4 answers it.
    assert!(has(&g, "d4") && has(&g, "d3"), "{:?}", names(&g));
    // A two-step uses the file's flag up: a checkered pawn back on d2 may then only step once.
    let mut g = Game::from_slug("checkered", None).expect("checkered");
    play(&mut g, &["d4"]);
    assert_eq!(g.position().to_text().split(' ').nth(3), Some("ahah1110111111111111"));
    let g = game("4k3/8/8/8/8/8/3s4/8 w 0 iiii1110111111111111 - - 1".replace("/8 w", "/4K3 w").as_str());
    assert!(has(&g, "d3") && !has(&g, "d4"), "{:?}", names(&g));
}

#[test]
fn a_checkered_piece_cannot_give_check_to_the_player_who_moved_it() {
    // A checkered bishop on b4 moved by White to a5... simpler: White may not move a checkered piece so that
    // it attacks the White king afterwards (it then belongs to Black).
    let g = game("4k3/8/8/8/8/8/3c4/4K3 w 0 iiii0000000000000000 - - 1");
    // The checkered bishop d2 moved to c3 would attack e1: illegal. To e3 it would not.
    assert!(!has(&g, "Bc3"));
    assert!(has(&g, "Be3"));
    // And the king may not step next to a checkered pawn that would take it on Black's turn (moving down).
    let g = game("4k3/8/8/8/8/3s4/8/4K3 w 0 iiii0000000000000000 - - 1");
    assert!(!has(&g, "Ke2"));
    assert!(has(&g, "Kd2"), "{:?}", names(&g));
}

#[test]
fn castling_refused_through_a_square_a_checkered_bishop_attacks() {
    let g = game("4k3/8/8/8/8/8/4c3/R3K2R w 0 ahii0000000000000000 - - 1");
    // Checkered bishop e2 attacks f1 and d1 (it would be Black's on Black's turn).
    assert!(!has(&g, "O-O") && !has(&g, "O-O-O"));
    let g = game("4k3/8/8/8/8/8/8/R3K2R w 0 ahii0000000000000000 - - 1");
    assert!(has(&g, "O-O") && has(&g, "O-O-O"));
}

#[test]
fn the_seed_mate_diagram_is_mate_with_and_without_the_bishop() {
    for before in [
        "7k/b5pp/8/8/8/6s1/7s/7K b 0 iiii0000000000000000 - - 1",
        "7k/6pp/8/8/8/6s1/7s/7K b 0 iiii0000000000000000 - - 1",
    ] {
        let mut g = game(before);
        play(&mut g, &["g2"]);
        assert_eq!(
            board(&g),
            if before.starts_with("7k/b") { "7k/b5pp/8/8/8/8/6ss/7K" } else { "7k/6pp/8/8/8/8/6ss/7K" }
        );
        assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Checkmate)), "{before}");
        assert_eq!(g.record()[0].name, "g2#");
    }
}

#[test]
fn the_switch_and_stage_two() {
    // A checkered knight on e5 that would attack no king: the switch is offered.
    let mut g = game("4k3/8/8/4o3/8/8/8/4K3 w 0 iiii0000000000000000 - - 1");
    assert!(has(&g, "S"));
    let d = g.find("S").expect("the switch");
    assert_eq!(
        g.position()
            .info(match d {
                Decision::Act(a) => a,
                _ => unreachable!("a board action"),
            })
            .coord,
        "e1e8s"
    );
    play(&mut g, &["S"]);
    // Same player, now moving only checkered pieces.
    assert_eq!(g.to_move(), 0);
    assert!(g.position().to_text().ends_with(" 2w"));
    assert!(names(&g).iter().all(|n| n.starts_with('N')), "{:?}", names(&g));
    // Refused when a checkered piece would then attack a king: the pawn on d2 attacks e3 once it may
    // move both ways.
    let g = game("4k3/8/8/8/8/4K3/3s4/8 w 0 iiii0000000000000000 - - 1");
    assert!(!has(&g, "S"));
    // Without the setting, never offered.
    let g = game("4k3/8/8/4o3/8/8/8/4K3 w 0 iiii0000000000000000 - - 1-");
    assert!(!has(&g, "S"));
}

#[test]
fn stage_two_promotion_stays_checkered_and_pawns_go_both_ways() {
    // Stage 2, White holds the checkered army; checkered pawn on b2 can go to b1 (promoting) or b3.
    let g = game("4k3/8/8/8/8/8/1s6/4K3 w 0 iiii0000000000000000 - - 2w");
    let legal = names(&g);
    assert!(legal.contains(&"b3".to_string()) && legal.iter().any(|n| n.starts_with("b1=Q")), "{legal:?}");
    let mut g = g;
    play(&mut g, &["b1=Q"]);
    assert!(board(&g).ends_with("/1t2K3"), "{}", board(&g));
}

#[test]
fn stage_two_results_keep_the_original_colours() {
    // Black holds the checkered army and mates the White king: 0-1.
    let mut g = game("4k3/8/8/8/8/7t/t7/4K3 b 0 iiii0000000000000000 - - 2b");
    play(&mut g, &["Qh1"]);
    assert_eq!(g.record()[0].name, "Qh1#");
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Checkmate)), "{:?}", names(&g));
    // The white/black side takes the last checkered piece: the checkered side (White) loses, 0-1.
    let mut g = game("4k3/8/8/8/8/8/8/3tK3 b 0 iiii0000000000000000 - - 2w");
    // The white king is in check, and so is Black, who moves it in this stage.
    let view = g.position().view();
    assert_eq!((view.checks.len(), view.checked_seats), (1, vec![1]));
    play(&mut g, &["Kxd1"]);
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::AllCaptured)));
    assert_eq!(g.outcome().map(|o| o.score()), Some("0-1"));
}

#[test]
fn notation_round_trips_and_reports_errors() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - - 1",
        "2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b 12 iiii0000000000000000 - - 1",
        "4k3/8/8/8/8/8/1s6/4K3 w 0 iiii0000000000000000 - - 2w",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b 3 ahah1111011111110111 e3 - 1-",
    ] {
        assert_eq!(game(fen).position().to_text(), fen);
    }
    // The reference site's bare diagrams.
    assert_eq!(
        game("7k/b5pp/8/8/8/8/6ss/7K").position().to_text(),
        "7k/b5pp/8/8/8/8/6ss/7K w 0 iiii1111111111111111 - - 1"
    );
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w 0 iiii0000000000000000 - - 1",
        "4k3/8/8/8/8/8/8/4K3 w 0 ahah111 - - 1",
        "4k3/8/8/8/8/8/8/4K3 w 0 iiii0000000000000000 - - 3",
        "4k3/8/8/8/8/8/8/4K3 w 0 iiii0000000000000000 - e2 1",
        "4k3/8/8/8/8/8/8/4K3 x",
        "4k3/8/8/8/8/8/8/4K3 w zero",
        "4k3/8/8/8/8/8/8/4K3 w 0 bhah0000000000000000",
        "4kz2/8/8/8/8/8/8/4K3",
    ] {
        assert!(Game::from_slug("checkered", Some(bad)).is_err(), "{bad}");
    }
}

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - - 1",
    "rnbqkbnr/ppp1pppp/8/3o4/8/8/PPPPPPPP/R1BQKBNR b 3 ahah1111111111111111 - - 1",
    "2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b 12 iiii0000000000000000 - - 1",
    "r3k2r/ppp2ppp/2n1b3/3so3/2B1P3/2N5/PPP2PPP/R3K2R w 10 ahah1111011111110111 - - 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b 3 ahah1111011111110111 e3 - 1",
    "4k3/1p6/8/2P5/8/1s6/8/R3K3 w 20 aiii0000000000000000 - - 2w",
    "r3k3/pp6/8/3t4/8/2s5/PP6/R3K2R b 20 ahai1100000011000000 - - 2w",
    "4k3/8/8/8/2s5/8/1P6/4K3 w 9 iiii1111111111111111 - c5c4 1",
];

#[test]
fn perft_agrees_with_the_naive_reference() {
    for fen in POSITIONS {
        let g = game(fen);
        let naive = Naive::parse(fen);
        for depth in 1..=3 {
            assert_eq!(engine::perft::perft(g.position(), depth), naive.perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn random_games_of_both_stages() {
    let mut rng = common::Rng(11);
    let mut reached_stage_two = 0;
    for _ in 0..60 {
        let mut g = Game::from_slug("checkered", None).expect("checkered");
        for _ in 0..150 {
            let moves: Vec<Decision> = g.decisions().into_iter().filter(|d| matches!(d, Decision::Act(_))).collect();
            if moves.is_empty() {
                break;
            }
            let roll = rng.next();
            // Prefer the switch when offered, so stage 2 gets exercised.
            let switch = moves.iter().copied().find(|&d| match d {
                Decision::Act(a) => g.position().info(a).name == "S",
                _ => false,
            });
            let d = match switch {
                Some(s) if roll % 4 == 0 => s,
                _ => moves[roll as usize % moves.len()],
            };
            let before = Naive::parse(&g.position().to_text());
            let legal_count = before.legal().len();
            assert_eq!(moves.len(), legal_count, "move count differs from the reference in {}", g.position().to_text());
            g.play(d).expect("listed");
            let text = g.position().to_text();
            assert_eq!(game(&text).position().to_text(), text, "notation round trip");
        }
        if g.position().to_text().contains(" 2") {
            reached_stage_two += 1;
        }
        let back = engine::link::decode(&engine::link::encode(&g, 3)).expect("round trip");
        assert_eq!(back.game.position().to_text(), g.position().to_text());
    }
    assert!(reached_stage_two > 0, "random games should reach stage 2 sometimes");
}

#[test]
fn the_no_progress_clock_is_written_and_read_back() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w 0 iiii0000000000000000 - - 1 98");
    play(&mut g, &["Ra2"]);
    assert_eq!(g.position().to_text(), "4k3/8/8/8/8/8/R7/4K3 b 1 iiii0000000000000000 - - 1 99");
    assert_eq!(game(&g.position().to_text()).position().to_text(), g.position().to_text());
    play(&mut g, &["Kd7"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::NoProgress)));
    // The finished position reads back finished.
    assert_eq!(game(&g.position().to_text()).outcome(), Some(Outcome::draw(EndReason::NoProgress)));
    // The vchess form without the clock reads as 0, and a capture or a pawn move writes no clock.
    assert!(game("4k3/8/8/8/8/8/8/R3K3 w 0 iiii0000000000000000 - - 1").decisions().len() > 2);
    assert!(Game::from_slug("checkered", Some("4k3/8/8/8/8/8/8/R3K3 w 0 iiii0000000000000000 - - 1 x")).is_err());
}
