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

/// `think <variant> -`: one answer a line, in order, an error line for a position it cannot read
/// (and the lines after it still answered), and the same answer as `think` alone for the first.
#[test]
fn think_answers_a_position_a_line_from_standard_input() {
    use std::io::Write;
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessfront"))
        .args(["think", "chess", "-", "--level", "d3"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the CLI runs");
    let input = format!("{mate}\nnot a position\n\n{mate}\n");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("written");
    let o = child.wait_with_output().expect("it ends with its input");
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("Ra8# (score 999999, depth 1,"), "{}", lines[0]);
    assert!(lines[1].starts_with("error [bad-position]: "), "{}", lines[1]);
    assert!(lines[2].starts_with("Ra8# "), "{}", lines[2]);
    let alone = run(&["think", "chess", mate, "--level", "d3"]);
    assert_eq!(stdout(&alone).split(" (").next(), lines[0].split(" (").next());
}

#[test]
fn think_and_match() {
    let o = run(&["think", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--level", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Ra8# (score 999999, depth 1,"), "{}", stdout(&o));
    let o = run(&["match", "wounds", "6", "greedy", "--games", "2", "--turns", "40", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("wounds Club vs greedy: 2 games,"), "{}", stdout(&o));
    let o = run(&["match", "chess", "15", "greedy"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown player '15'"), "{}", stderr(&o));
    // A level can be tried with other bounds; the retired search's players are gone.
    let o = run(&["match", "chess", "3:nodes=600", "d1", "--games", "1", "--turns", "6", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("chess 3:nodes=600 vs analysis: 1 games,"), "{}", stdout(&o));
    assert!(stdout(&o).contains("vs depth 1.0,"), "d1 searches one decision: {}", stdout(&o));
    for bad in ["old1", "new3", "3:nodes=x", "3:speed=2", "strongest:"] {
        let o = run(&["match", "chess", bad, "greedy"]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
    }
    let o = run(&["think", "chess", "--level"]);
    assert_eq!(o.status.code(), Some(2), "a flag without its value");
}

/// A chess game between two browsers, each seat signing with a key of its own (White's seed 1, Black's
/// 2), after `moves`; `resigned` adds a resignation out of turn by that seat.
fn signed_chess(moves: &[&str], resigned: Option<u8>, signers: &[u8]) -> String {
    let mut g = engine::Game::from_slug("chess", None).expect("chess");
    for &seat in signers {
        g.adopt_signing_key(seat, [seat + 1; 32]).expect("a key");
    }
    for m in moves {
        let d = g.find(m).expect("legal");
        g.play(d).expect("legal");
        g.sign_own(0x4242);
    }
    if let Some(seat) = resigned {
        g.resign_out_of_turn(seat).expect("the waiting player");
        g.sign_own(0x4242);
    }
    engine::link::encode(&g, 0x4242)
}

#[test]
fn continue_applies_the_pages_continuation_rule() {
    let open_game = signed_chess(&["e4", "e5"], None, &[0, 1]);
    let o = run(&["continue", &open_game, &open_game]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "accepted: the same game (2 plies), nothing new");
    let longer = signed_chess(&["e4", "e5", "Nf3"], None, &[0, 1]);
    let o = run(&["continue", &open_game, &longer]);
    assert_eq!(stdout(&o).trim(), "accepted: 3 plies (1 new)", "{}", stderr(&o));
    let o = run(&["continue", &longer, &open_game]);
    assert!(stderr(&o).starts_with("error [link-older-copy]: "), "{}", stderr(&o));
    let o = run(&["continue", &open_game, &signed_chess(&["d4"], None, &[0])]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error [link-rewrite]: "), "{}", stderr(&o));
    let o = run(&["continue", &open_game, &open_game[..open_game.len() - 10]]);
    assert!(stderr(&o).starts_with("error [link-truncated]: "), "{}", stderr(&o));
    // White drops its Nf3 and sends "Black resigns" to Black, who opened Nf3: no signature of Black's.
    let forged = signed_chess(&["e4", "e5"], Some(1), &[0]);
    let o = run(&["continue", &longer, &forged, "--seat", "1"]);
    assert!(stderr(&o).starts_with("error [link-unsigned]: "), "{}", stderr(&o));
    // A link of an earlier version (no signatures) is not continued.
    let vectors = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/links/vectors.txt"))
        .expect("vectors");
    let unsigned = vectors.lines().find_map(|l| l.strip_prefix("open_game\t")).and_then(|r| r.split('\t').nth(1));
    let o = run(&["continue", &open_game, unsigned.expect("the vector")]);
    assert!(stderr(&o).starts_with("error [link-unsigned]: "), "{}", stderr(&o));
    let o = run(&["continue", &open_game]);
    assert_eq!(o.status.code(), Some(2), "usage");
}

// ------------------------------------------------------------------------------------------------
// Positions read back as written, and the commands agree with each other.

/// The `position:` line of `play`'s output.
fn position_line(o: &Output) -> String {
    stdout(o).lines().find_map(|l| l.strip_prefix("position: ")).unwrap_or_else(|| panic!("{}", stdout(o))).to_string()
}

#[test]
fn a_wounds_game_drawn_by_passing_reads_back() {
    // Item 1.
    let o = run(&["play", "wounds", "--position", "3P4/8/8/8/8/8/8/p7 w 0 0 1", "pass", "pass"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let position = position_line(&o);
    assert_eq!(position, "3P4/8/8/8/8/8/8/p7 w 2 2 2");
    let o = run(&["moves", "wounds", &position]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "outcome: 1/2-1/2 draw by both sides passing\n");
}

#[test]
fn moves_and_perft_take_the_variant_settings() {
    // Item 2: a four-player Napoleon position, made by `play` with random setups.
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let four = engine::Game::new(rules, Some(&[1]), None).expect("a four-player game");
    let mut args: Vec<String> = ["play", "napoleon", "--setting", "1"].map(String::from).to_vec();
    for seat in 0..4 {
        args.push("--setup".into());
        args.push(four.random_setup(seat, 11).expect("a setup"));
    }
    let o = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let position = position_line(&o);
    assert_eq!(position.split(' ').count(), 5, "{position}");
    let listed = run(&["moves", "napoleon", &position, "--setting", "1"]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    let count = stdout(&listed).lines().count();
    assert!(count > 10, "{}", stdout(&listed));
    let perft = run(&["perft", "napoleon", "1", &position, "--setting", "1"]);
    assert!(perft.status.success(), "{}", stderr(&perft));
    assert_eq!(stdout(&perft).trim(), count.to_string(), "perft 1 counts what moves lists");
    let think = run(&["think", "napoleon", &position, "--setting", "1", "--level", "1"]);
    assert!(think.status.success(), "{}", stderr(&think));
    // Without the setting the position does not fit two players; a bad setting value is an error too.
    let two = run(&["moves", "napoleon", &position]);
    assert!(
        stderr(&two).starts_with("error [bad-position]") && stderr(&two).contains("four-player setting"),
        "{}",
        stderr(&two)
    );
    let bad = run(&["moves", "napoleon", &position, "--setting", "2"]);
    // `bad-option`: the published code, from before settings had their name.
    assert!(stderr(&bad).starts_with("error [bad-option]"), "{}", stderr(&bad));
    let bad = run(&["perft", "napoleon", "1", "--setting", "four"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    let bad = run(&["match", "chess2024", "greedy", "greedy", "--setting", "x"]);
    assert_eq!(bad.status.code(), Some(2), "a bad setting is not ignored: {}", stderr(&bad));
    // `variants` says which settings there are.
    let o = run(&["variants"]);
    assert!(
        stdout(&o).contains("Players: --setting 0 (Two players, the default) or --setting 1 (Four players)"),
        "{}",
        stdout(&o)
    );
    // `--option`, the old name of `--setting`, still works (scripts written before the rename).
    for command in [
        &["moves", "napoleon", &position, "--option", "1"][..],
        &["perft", "napoleon", "1", &position, "--option", "1"],
    ] {
        let old = run(command);
        assert!(old.status.success(), "{}", stderr(&old));
    }
    let mut old_play = args.clone();
    old_play[2] = "--option".into();
    let o = run(&old_play.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(position_line(&o), position, "play takes --option as --setting");
}

#[test]
fn moves_lists_nothing_in_a_finished_position_and_says_why() {
    // Item 3: stalemate, though the switch would be listed by the position's raw actions.
    let stalemate = "7b/8/7k/8/8/n7/Pu6/K7 w";
    let played = run(&["play", "checkered", "--position", stalemate]);
    assert!(stdout(&played).contains("outcome: 1/2-1/2 draw by stalemate"), "{}", stdout(&played));
    let o = run(&["moves", "checkered", stalemate]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "outcome: 1/2-1/2 draw by stalemate\n");
    // The computer has nothing to choose there either.
    let o = run(&["think", "checkered", stalemate]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error [game-over]: The game is over: 1/2-1/2 draw by stalemate"), "{}", stderr(&o));
    let o = run(&["moves", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert_eq!(stdout(&o), "outcome: 1/2-1/2 draw by stalemate\n");
    let o = run(&["moves", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"]);
    assert_eq!(stdout(&o), "outcome: 0-1 Black wins by checkmate\n");
}

/// A Chess 2024 position at ply 21 (White's): the king on b1 and a rook beside it on c1, an isolated
/// knight on f6.
const PLY_21: &str = "6k5/12/12/12/12/12/5N6/12/12/12/12/1KR9 w 0 11";

#[test]
fn the_detail_chooses_within_the_named_card_only() {
    // Item 4: pair 1 is b1-c1 (the rook dies, the king is immune); the isolated knight lives.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "ace-squares", "--at", "21", "--detail", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(position_line(&o).starts_with("6k5/12/12/12/12/12/5N6/12/12/12/12/1K10 w 0 11 R1/- "), "{}", stdout(&o));
    // The isolated-pieces card: the knight dies, the rook beside the king lives.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "ace-isolated", "--at", "21"]);
    assert!(position_line(&o).starts_with("6k5/12/12/12/12/12/12/12/12/12/12/1KR9 w 0 11 N1/- "), "{}", stdout(&o));
    // A detail outside the card's range, or for a card without details, is a usage error with the range.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "queen", "--at", "21", "--detail", "8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--detail of queen is 0 to 7, not 8"), "{}", stderr(&o));
    let o = run(&["play", "chess2024", "--card", "ace-squares", "--at", "21", "--detail", "264"]);
    assert!(stderr(&o).contains("--detail of ace-squares is 0 to 263"), "{}", stderr(&o));
    let o = run(&["play", "chess2024", "--card", "joker", "--at", "21", "--detail", "1"]);
    assert!(stderr(&o).contains("joker takes no --detail"), "{}", stderr(&o));
    let o = run(&["play", "chess2024", "--card", "queen", "--at", "19"]);
    assert!(stderr(&o).contains("--at takes a ply from 20 to 60"), "{}", stderr(&o));
    let o = run(&["play", "chess", "--card", "queen", "--at", "21"]);
    assert_eq!(o.status.code(), Some(2), "chess has no chance: {}", stderr(&o));
    // A card forced at a ply the position is already past, or after its event, is refused with the reason.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "joker", "--at", "20"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("--card joker --at 20: this position is at ply 21, already past ply 20"),
        "{}",
        stderr(&o)
    );
    let used = "6k5/12/12/12/12/12/5N6/12/12/12/12/1KR9 w 0 11 -/- 0/0 0/0 4/4 used";
    let o = run(&["play", "chess2024", "--position", used, "--card", "queen", "--at", "30"]);
    assert!(stderr(&o).contains("this position's event has already happened"), "{}", stderr(&o));
    let o = run(&["play", "--help"]);
    assert!(stdout(&o).contains("ace-squares   0-263"), "{}", stdout(&o));
}

#[test]
fn a_chance_event_before_the_first_move_is_printed() {
    // Item 5.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "queen", "--at", "21"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("before move 1: Queen of Hearts! Good news for White: a queen joins White's reserve"),
        "{out}"
    );
    // The game's link replays it, the event included.
    let link = out.lines().find_map(|l| l.strip_prefix("link: ")).expect("a link");
    let back = stdout(&run(&["link", link]));
    assert!(back.contains("before move 1: Queen of Hearts!"), "{back}");
    assert_eq!(back.lines().find(|l| l.starts_with("position: ")), out.lines().find(|l| l.starts_with("position: ")));
    // Later events keep their place after the move they follow.
    let o = run(&["play", "chess2024", "--position", PLY_21, "--card", "queen", "--at", "22", "Kb2"]);
    let out = stdout(&o);
    assert!(!out.contains("before move 1") && out.contains("after move 1: Fortunes of war: Queen of Hearts!"), "{out}");
    // `moves` says so too, apart from its list (at ply 60 the event always strikes).
    let o = run(&["moves", "chess2024", "6k5/12/12/12/12/12/5N6/12/12/12/12/1KR9 b 0 30"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("note: before the first move, "), "{}", stderr(&o));
    assert!(stdout(&o).lines().all(|l| l.starts_with('K')), "{}", stdout(&o));
    let o = run(&["perft", "chess2024", "1", "6k5/12/12/12/12/12/5N6/12/12/12/12/1KR9 b 0 30"]);
    assert!(stderr(&o).starts_with("note: before the first move, "), "{}", stderr(&o));
}

#[test]
fn help_prints_usage() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("usage:\n  chessfront perft"), "{}", stdout(&o));
    }
    for command in ["perft", "moves", "play", "link", "think", "match", "variants"] {
        let o = run(&[command, "--help"]);
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        let out = stdout(&o);
        let first = out.lines().nth(1).unwrap_or_default();
        assert!(
            first == format!("  chessfront {command}") || first.starts_with(&format!("  chessfront {command} ")),
            "{out}"
        );
        assert_eq!(out.lines().filter(|l| l.starts_with("  chessfront ")).count(), 1, "only its usage: {out}");
        let o = run(&["help", command]);
        assert_eq!(stdout(&o), out);
    }
    // Usage errors show the command's usage, on standard error.
    let o = run(&["moves", "chess", "--bogus", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("unknown flag --bogus\nusage:\n  chessfront moves "), "{}", stderr(&o));
}

/// `analyse`: one line per line of play, `<rank>. <score> <moves...>`, best first, mates as `#N`.
#[test]
fn analyse_prints_ranked_lines_with_scores_from_the_side_to_move() {
    let o = run(&["analyse", "chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "--lines", "2", "--nodes", "50000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("1. #2 ") && lines[1].starts_with("2. #2 "), "{out}");
    assert!(stderr(&o).starts_with("depth "), "{}", stderr(&o));
    // The loser's view: mated by the opponent's first turn.
    let o = run(&["analyse", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", "--lines", "1", "--level", "5"]);
    let out = stdout(&o);
    assert!(out.starts_with("1. ") && out.lines().count() == 1, "{out}");
    let o = run(&["analyse", "gunnery", "--lines", "3", "--nodes", "20000"]);
    let out = stdout(&o);
    let scores: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).expect("a score")).collect();
    assert_eq!(scores.len(), 3, "{out}");
    assert!(scores.iter().all(|s| s.starts_with(['+', '-', '#']) || *s == "0.00"), "{out}");
    assert_eq!(run(&["analyse", "chess", "--lines", "4"]).status.code(), Some(2));
    assert_eq!(run(&["analyse", "chess", "--level", "3", "--nodes", "5"]).status.code(), Some(2));
    let over = run(&["analyse", "chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"]);
    assert_eq!(over.status.code(), Some(1));
    assert!(stderr(&over).contains("game-over"), "{}", stderr(&over));
}

/// `review`: one line per turn with the move, the evaluations before and after and the label, then
/// each player's summary; `--format pgn` with lichess's eval comments and glyphs.
#[test]
fn review_labels_each_turn_and_sums_up_each_player() {
    let played = run(&["play", "chess", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let link = stdout(&played).lines().find_map(|l| l.strip_prefix("link: ")).expect("a link").to_string();
    let o = run(&["review", &link, "--nodes", "30000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9, "seven turns and two summaries:\n{out}");
    assert!(lines[0].starts_with("1. White: e4  "), "{out}");
    assert!(lines[5].starts_with("6. Black: Nf6  ") && lines[5].contains(" #-1  blunder (best: "), "{out}");
    assert!(lines[6].starts_with("7. White: Qxf7#  #1 won  best"), "{out}");
    assert!(lines[7].starts_with("White: ") && lines[7].contains("accuracy"), "{out}");
    assert!(lines[8].starts_with("Black: ") && lines[8].contains("1 blunder"), "{out}");
    let o = run(&["review", &link, "--nodes", "30000", "--format", "pgn"]);
    let pgn = stdout(&o);
    assert!(pgn.contains("1. e4 {[%eval ") && pgn.contains("3... Nf6??") && pgn.contains("[%eval #1]"), "{pgn}");
    assert_eq!(run(&["review", "not-a-link"]).status.code(), Some(1));
    assert_eq!(run(&["review", &link, "--format", "xml"]).status.code(), Some(2));
}
