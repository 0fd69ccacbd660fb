//! Orthodox chess through the engine's public face, as the page and the command line use it: the
//! special moves and their names, the ways a game ends, positions read back as written, and a game's
//! link and PGN carrying it whole. (Perft against published figures is in perft.rs.)

use engine::{link, pgn, EndReason, Game, Outcome};

mod common;
use common::{has, names, play};

fn game(fen: &str) -> Game {
    Game::from_slug("chess", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_start_offers_twenty_moves_named_in_san() {
    let g = Game::from_slug("chess", None).expect("chess");
    let all = names(&g);
    assert_eq!(all.len(), 20);
    for name in ["e4", "Nf3", "a3", "Nh3"] {
        assert!(all.iter().any(|n| n == name), "{name} in {all:?}");
    }
}

#[test]
fn castling_both_ways_and_not_through_an_attacked_square() {
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(&g, "O-O") && has(&g, "O-O-O"));
    let mut short = g.clone();
    play(&mut short, &["O-O"]);
    assert_eq!(short.position().to_text(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // A black rook on f8 attacks f1: White may not castle short through it, still long.
    let g = game("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!has(&g, "O-O") && has(&g, "O-O-O"));
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, &["d5"]);
    assert!(has(&g, "exd6"), "{:?}", names(&g));
    play(&mut g, &["exd6"]);
    assert_eq!(g.position().to_text(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    let mut late = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut late, &["d5", "Kd2", "Ke7"]);
    assert!(!has(&late, "exd6"), "the right lapses after one move");
}

#[test]
fn promotion_to_each_piece_and_a_mate_named_with_its_hash() {
    let g = game("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    for name in ["e8=Q+", "e8=R+", "e8=B", "e8=N"] {
        assert!(names(&g).iter().any(|n| n == name), "{name} in {:?}", names(&g));
    }
    let mut mate = game("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1");
    play(&mut mate, &["Re8#"]);
    assert_eq!(mate.outcome(), Some(Outcome::win(0, EndReason::Checkmate)));
}

#[test]
fn stalemate_and_bare_kings_are_draws() {
    let stalemate = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.outcome().map(|o| (o.winner, o.reason)), Some((None, EndReason::Stalemate)));
    let mut bare = game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    play(&mut bare, &["Kxd2"]);
    assert_eq!(bare.outcome().map(|o| (o.winner, o.reason)), Some((None, EndReason::InsufficientMaterial)));
}

#[test]
fn positions_read_back_as_written() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        assert_eq!(game(fen).position().to_text(), fen);
    }
    assert!(Game::from_slug("chess", Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")).is_err(), "seven ranks");
}

#[test]
fn a_game_travels_whole_by_link_and_by_pgn() {
    let mut g = Game::from_slug("chess", None).expect("chess");
    play(&mut g, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]);
    let text = link::encode(&g, 42);
    let back = link::decode(&text).expect("its own link");
    assert_eq!(back.game_id, 42);
    assert_eq!(back.game.position().to_text(), g.position().to_text());
    assert_eq!(link::encode(&back.game, 42), text, "one spelling");
    let exported = pgn::export(&g, &pgn::Tags::default());
    assert!(exported.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"), "{exported}");
    let imported = pgn::import(&exported).expect("its own PGN");
    assert_eq!(imported.position().to_text(), g.position().to_text());
}
