//! The board field of every variant's position text, read and written by the one shared reader
//! (`engine::board_text`): each problem keeps the words its variant has always used, and what the
//! engine writes reads back the same.

use engine::{variants, ErrorCode, Game};

mod common;

/// The message of the error `text` gives (it must be a bad position).
fn message(slug: &str, settings: &[u8], text: &str) -> String {
    let rules = variants::by_slug(slug).expect("registered");
    match rules.parse_position(text, settings) {
        Ok(_) => panic!("{slug}: '{text}' reads"),
        Err(e) => {
            assert_eq!(e.code, ErrorCode::BadPosition, "{slug}: '{text}'");
            e.message
        }
    }
}

/// The text a position reads back as.
fn written(slug: &str, settings: &[u8], text: &str) -> String {
    let rules = variants::by_slug(slug).expect("registered");
    rules.parse_position(text, settings).unwrap_or_else(|e| panic!("{slug}: '{text}': {e:?}")).to_text()
}

/// A 16-rank Napoleon board with `top` as its 16th rank and `rest` after the board.
fn napoleon(top: &str, rest: &str) -> String {
    format!("{top}{} {rest}", "/16".repeat(15))
}

#[test]
fn chess_board_messages() {
    let fen = |board: &str| format!("{board} w - - 0 1");
    for (board, expected) in [
        ("8/8/8/8/8/8/8", "the board has 7 ranks instead of 8"),
        ("4k3/8/8/8/8/8/8/4K2Z", "unknown character 'Z' on rank 1"),
        ("4k3/8/8/8/8/8/8/4K2", "rank 1 has 7 squares instead of 8"),
        // FEN's runs are single digits from 1 to 8: a 9 is an unknown character, counted as one square.
        ("4k3/8/8/8/8/8/8/4K9", "unknown character '9' on rank 1; rank 1 has 6 squares instead of 8"),
        ("4k3/8/8/8/8/8/8/4K3R", "rank 1 has 9 squares instead of 8"),
    ] {
        assert_eq!(message("chess", &[], &fen(board)), format!("Invalid FEN: {expected}."), "{board}");
    }
    // Digits add up, as FEN readers have always allowed; the engine writes the sum.
    assert_eq!(written("chess", &[], &fen("4k3/8/8/44/8/8/8/4K3")), fen("4k3/8/8/8/8/8/8/4K3"));
    assert_eq!(written("gunnery", &[], &fen("4k3/8/8/8/8/8/8/4K3")), fen("4k3/8/8/8/8/8/8/4K3"));
}

#[test]
fn checkered_board_messages() {
    for (board, expected) in [
        ("8/8/8/8/8/8/8/8/8", "the board has 9 ranks instead of 8"),
        ("4k3/8/8/8/8/8/8/4K2z", "unknown character 'z' on rank 1"),
        ("4k3/8/8/8/8/8/8/4K4", "rank 1 has 9 squares instead of 8"),
    ] {
        assert_eq!(message("checkered", &[1], board), format!("Invalid position: {expected}."), "{board}");
    }
    // Checkered pieces in either case read, and are written in small letters.
    let text = written("checkered", &[1], "4k3/8/8/3T4/2s5/8/8/4K3");
    assert!(text.starts_with("4k3/8/8/3t4/2s5/8/8/4K3 w "), "{text}");
    assert_eq!(written("checkered", &[1], &text), text);
}

#[test]
fn chess2024_board_messages() {
    let board = |first: &str| format!("6k5{}/{first} w 0 1", "/12".repeat(10));
    for (first, expected) in [
        ("6K0X4", "bad run of empty squares '0' on rank 1"),
        ("136K5", "bad run of empty squares '13' on rank 1; rank 1 has 25 squares instead of 12"),
        ("A(7)5K5", "a stack on rank 1 holds '7' shots (1 to 6)"),
        ("A(x)5K5", "a stack on rank 1 holds 'x' shots (1 to 6)"),
        ("A5K5", "a stack on rank 1 needs its shots, like A(3)"),
        ("6K5Z", "unknown character 'Z' on rank 1; rank 1 has 13 squares instead of 12"),
        ("6K4", "rank 1 has 11 squares instead of 12"),
    ] {
        assert_eq!(message("chess2024", &[1], &board(first)), format!("Invalid position: {expected}."), "{first}");
    }
    assert_eq!(message("chess2024", &[1], "12/12 w 0 1"), "Invalid position: the board has 2 ranks instead of 12.");
    // Runs of two digits, a stack with its shots, craters of both sides.
    let text = board("A(3)1Xx2K5");
    assert_eq!(written("chess2024", &[1], &text), text);
}

#[test]
fn wounds_board_messages() {
    let board = |first: &str| format!("4k3/8/8/8/8/8/8/{first} w 0 0 1");
    for (first, expected) in [
        ("R{lx}3K3", "prongs '{lx}' on rank 1: 8 characters of . s l (k for knights)"),
        ("N{ssssssss}3K3", "prongs '{ssssssss}' on rank 1: 8 characters of . s l (k for knights)"),
        ("R{........}3K3", "a piece on rank 1 has no prongs left"),
        ("R{l.l.s.l.3K3", "prongs '{l.l.s.l.3K3}' on rank 1: 8 characters of . s l (k for knights); rank 1 has 1 squares instead of 8"),
        ("9", "unknown character '9' on rank 1; rank 1 has 1 squares instead of 8"),
    ] {
        assert_eq!(message("wounds", &[], &board(first)), format!("Invalid position: {expected}."), "{first}");
    }
    assert_eq!(message("wounds", &[], "8/8 w"), "Invalid position: the board has 2 ranks instead of 8.");
    // A wounded rook and a knight with two leaps left write back as they read.
    let text = board("R{l.l.s.l.}N{k......k}2K3");
    assert_eq!(written("wounds", &[], &text), text);
}

#[test]
fn napoleon_board_messages() {
    for (top, expected) in [
        ("0", "Rank 16: an empty run of 0 squares."),
        ("17", "Rank 16 has more than 16 squares."),
        ("99999999999999999999", "Rank 16 has more than 16 squares."),
        ("15KK", "Rank 16 has more than 16 squares."),
        ("10K6", "Rank 16 has more than 16 squares."),
        ("Z15", "Rank 16: 'Z' is not a man (K, Q, R, B, N, P) or a run length."),
        ("15", "Rank 16 has 15 squares, not 16."),
    ] {
        assert_eq!(message("napoleon", &[0], &napoleon(top, "w 0 1")), expected, "{top}");
    }
    assert_eq!(message("napoleon", &[0], "16/16 w 0 1"), "The board needs 16 ranks separated by '/', not 2.");
    for (top, expected) in [
        ("k15", "Rank 16: four-player men are written in capitals, then their seat letter (Kw)."),
        ("Kz15", "Rank 16: 'Kz' needs a seat letter w, r, b or u after the man."),
        ("15K", "Rank 16: 'K ' needs a seat letter w, r, b or u after the man."),
    ] {
        assert_eq!(message("napoleon", &[1], &napoleon(top, "w - 0 1")), expected, "{top}");
    }
}

#[test]
fn napoleon_boards_write_back_as_they_read() {
    for settings in [[0u8], [1]] {
        let rules = variants::by_slug("napoleon").expect("registered");
        let mut game = Game::new(rules, Some(&settings), None).expect("start");
        while common::make_due_setup(&mut game, 3, 9) {}
        let text = game.position().to_text();
        assert!(text.chars().any(|c| c.is_ascii_alphabetic()), "{text}");
        assert_eq!(written("napoleon", &settings, &text), text);
    }
}
