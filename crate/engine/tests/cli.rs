//! The command-line tool as a user runs it: output, exit status and error messages.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessfront")).args(args).output().expect("the CLI runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_and_divide() {
    let o = run(&["perft", "chess", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "8902");
    let o = run(&[
        "perft",
        "chess",
        "2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--divide",
    ]);
    let out = stdout(&o);
    assert!(out.contains("e1g1 "), "{out}");
    assert_eq!(out.lines().count(), 49);
    assert_eq!(out.lines().last(), Some("2039"));
}

#[test]
fn every_variant_is_on_the_command_line() {
    let o = run(&["perft", "gunnery", "3"]);
    assert_eq!(stdout(&o).trim(), "8986");
    let o = run(&["play", "gunnery", "Nf3", "Nf6", "f2*f6"]);
    assert!(
        stdout(&o).contains("position: rnbqkb1r/pppppppp/8/8/8/5N2/PPPPP1PP/RNBQKB1R b KQkq - 0 2"),
        "{}",
        stdout(&o)
    );
    let link = stdout(&o).lines().find_map(|l| l.strip_prefix("link: ").map(str::to_string)).expect("link");
    let o = run(&["link", &link]);
    assert!(stdout(&o).contains("variant: gunnery") && stdout(&o).contains("moves: Nf3 Nf6 f2*f6"), "{}", stdout(&o));
    let o = run(&["play", "checkered", "Nc3", "d5", "Nxd5=P"]);
    assert!(
        stdout(&o).contains("position: rnbqkbnr/ppp1pppp/8/3s4/8/8/PPPPPPPP/R1BQKBNR b 3 ahah1111111111101111 - - 1"),
        "{}",
        stdout(&o)
    );
    let o = run(&["perft", "checkered", "3"]);
    assert_eq!(stdout(&o).trim(), "8922");
    let o = run(&["play", "wounds", "e2-e3", "e7-e6", "e3-e4", "e6-e5", "e4~e5", "e5>"]);
    assert!(
        stdout(&o).contains("position: rnbqkbnr/pppp1ppp/8/4p{....s.s.}3/4P3/8/PPPP1PPP/RNBQKBNR w 0 1 4"),
        "{}",
        stdout(&o)
    );
    let o = run(&["variants"]);
    assert!(stdout(&o).contains("gunnery Gunnery Chess (id 4, revision 1)"));
}

#[test]
fn moves_lists_one_action_per_line() {
    let o = run(&["moves", "chess"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "e4 e2e4"));
}

#[test]
fn play_then_decode_its_link() {
    let o = run(&["play", "chess", "f3", "e5", "g4", "Qh4"]);
    let out = stdout(&o);
    assert!(out.contains("moves: f3 e5 g4 Qh4#"), "{out}");
    assert!(out.contains("outcome: 0-1 Black wins by checkmate"), "{out}");
    let link = out.lines().find_map(|l| l.strip_prefix("link: ")).expect("a link line");
    let o = run(&["link", &format!("http://localhost:8080/#{link}")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("moves: f3 e5 g4 Qh4#"));
}

#[test]
fn errors_have_codes_and_exit_status() {
    let o = run(&["perft", "chess", "2", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error [bad-position]"), "{}", stderr(&o));
    let o = run(&["play", "chess", "e4", "e4"]);
    assert!(stderr(&o).contains("error [illegal-action]: move 2"), "{}", stderr(&o));
    let o = run(&["link", "#garbage!"]);
    assert!(stderr(&o).starts_with("error [link-malformed]"), "{}", stderr(&o));
    let o = run(&["moves", "shogi"]);
    assert!(stderr(&o).starts_with("error [unknown-variant]"), "{}", stderr(&o));
    let o = run(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn napoleon_setups_and_a_turn_on_the_command_line() {
    let white = "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2";
    let black = "Kc16 Qh16 Rb16 Rn16 Bd16 Bi16 Ng16 Nm16 Pb15 Pc15 Pd15 Pg15 Ph15 Pm15 Pn15 Po15";
    let o = run(&[
        "play",
        "napoleon",
        "--setup",
        white,
        "--setup",
        black,
        "j1",
        "j1h2",
        "end moves",
        "end rejoining",
        "h2m2s",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("moves: setup sealed set up setup revealed Nj1-h2 end moves end rejoining Nh2⇄Pm2"), "{out}");
    assert!(out.contains("outcome: * Black to move"), "{out}");
    let link = out.lines().find_map(|l| l.strip_prefix("link: ")).expect("a link");
    let back = run(&["link", link]);
    assert!(back.status.success(), "{}", stderr(&back));
    assert!(stdout(&back).contains("Nh2⇄Pm2"));
    // A setup that breaks the rules says which.
    let bad = run(&["play", "napoleon", "--setup", "Kb1"]);
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("1 queen needed, 0 placed"), "{}", stderr(&bad));
}

#[test]
fn think_and_match() {
    let o = run(&["think", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Ra8# (score 999999, depth 1,"), "{}", stdout(&o));
    let o = run(&["match", "wounds", "3", "greedy", "--games", "2", "--turns", "40", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("wounds Club vs greedy: 2 games,"), "{}", stdout(&o));
    let o = run(&["match", "chess", "7", "greedy"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown player '7'"), "{}", stderr(&o));
    let o = run(&["think", "chess", "--level"]);
    assert_eq!(o.status.code(), Some(2), "a flag without its value");
}

#[test]
fn continue_applies_the_pages_continuation_rule() {
    let vectors = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/links/vectors.txt"))
        .expect("vectors");
    let link = |name: &str| {
        vectors
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}\t")).and_then(|rest| rest.split('\t').nth(1)))
            .unwrap_or_else(|| panic!("vector {name}"))
            .to_string()
    };
    let o = run(&["continue", &link("open_game"), &link("open_game")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "accepted: the same game (2 plies), nothing new");
    let mut longer = engine::link::decode(&link("open_game")).expect("valid");
    let nf3 = longer.game.find("Nf3").expect("legal");
    longer.game.play(nf3).expect("legal");
    let longer = engine::link::encode(&longer.game, longer.game_id);
    let o = run(&["continue", &link("open_game"), &longer]);
    assert_eq!(stdout(&o).trim(), "accepted: 3 plies (1 new)");
    let o = run(&["continue", &longer, &link("open_game")]);
    assert!(stderr(&o).starts_with("error [link-older-copy]: "), "{}", stderr(&o));
    let o = run(&["continue", &link("open_game"), &link("rewrite_of_open_game")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error [link-rewrite]: "), "{}", stderr(&o));
    let o = run(&["continue", &link("open_game"), &link("truncated")]);
    assert!(stderr(&o).starts_with("error [link-truncated]: "), "{}", stderr(&o));
    let o = run(&["continue", &link("open_game")]);
    assert_eq!(o.status.code(), Some(2), "usage");
}
