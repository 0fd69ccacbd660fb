//! Position texts from outside (a game link opened in a browser, the setup field, the command line)
//! never panic: every reader answers with a typed error. Each test here panicked once.

use engine::{variants, ErrorCode, Game};

/// The error code a variant's reader gives for `text` under the given options.
fn code(slug: &str, options: &[u8], text: &str) -> Option<ErrorCode> {
    let rules = variants::by_slug(slug).expect("registered");
    rules.parse_position(text, options).err().map(|e| e.code)
}

#[test]
fn checkered_last_move_with_multibyte_characters_is_a_bad_position() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 -";
    // Four bytes, but the second character straddles byte 2: slicing there used to panic.
    for last in ["aé4", "éé", "e4€", "€e", "g3g²", "ｇ3"] {
        assert_eq!(code("checkered", &[1], &format!("{board} {last} 1")), Some(ErrorCode::BadPosition), "{last}");
    }
    // The well-formed field still reads.
    assert!(Game::from_slug("checkered", Some(&format!("{board} g3g2 1"))).is_ok());
}
