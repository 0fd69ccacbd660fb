//! Position texts from outside (a game link opened in a browser, the setup field, the command line)
//! never panic: every reader answers with a typed error. Each test here panicked once.

use engine::game::Decision;
use engine::{variants, ErrorCode, Game};

mod common;

/// The error code a variant's reader gives for `text` under the given settings.
fn code(slug: &str, settings: &[u8], text: &str) -> Option<ErrorCode> {
    let rules = variants::by_slug(slug).expect("registered");
    rules.parse_position(text, settings).err().map(|e| e.code)
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

/// A position of a game of `slug` after its setups (Napoleon) and `plies` first listed actions.
fn played(slug: &str, settings: &[u8], plies: usize) -> Game {
    let rules = variants::by_slug(slug).expect("registered");
    let mut game = Game::new(rules, Some(settings), None).expect("start");
    while common::make_due_setup(&mut game, 7, 5) {}
    for _ in 0..plies {
        game.play_index(0).expect("a first option");
    }
    game
}

/// Reads `text`: a bad position, or a game that plays on. When it reads, plays up to 8 actions (the
/// last listed: in Napoleon, the one that ends the step, so that turns go by; a listed action is
/// legal) and reads the text back each time. Returns the game played on, `None` when the text did
/// not read.
fn read_and_play(slug: &str, settings: &[u8], text: &str) -> Option<Game> {
    let mut game = match Game::new(variants::by_slug(slug).expect("registered"), Some(settings), Some(text)) {
        Ok(game) => game,
        Err(e) => {
            assert_eq!(e.code, ErrorCode::BadPosition, "{slug}: '{text}': {e:?}");
            return None;
        }
    };
    loop {
        let written = game.position().to_text();
        let back = Game::new(game.rules(), Some(settings), Some(&written));
        assert!(back.is_ok(), "{slug}: '{text}' wrote '{written}', which does not read back: {:?}", back.err());
        let Some(last) = game.decisions().into_iter().rev().find(|d| matches!(d, Decision::Act(_))) else {
            break;
        };
        if game.record().len() == 8 {
            break;
        }
        game.play(last).unwrap_or_else(|e| panic!("{slug}: '{written}': a listed action is refused: {e:?}"));
    }
    Some(game)
}

#[test]
fn napoleon_digit_runs_and_counters_are_bounded() {
    for players in [0u8, 1] {
        let text = played("napoleon", &[players], 0).position().to_text();
        let fields: Vec<&str> = text.split(' ').collect();
        let (board, counts) = (fields[0], &fields[1..fields.len() - 2]);
        let huge = "99999999999999999999";
        // A run of empty squares that overflows a u32, and one that only sums past 16.
        for bad_board in [
            board.replacen("16", huge, 1),
            board.replacen("16", "4294967295", 1),
            board.replacen("16", "4294967280", 1),
        ] {
            let bad = format!("{bad_board} {}", fields[1..].join(" "));
            assert_eq!(code("napoleon", &[players], &bad), Some(ErrorCode::BadPosition), "{bad}");
        }
        // Counters far beyond any game: a bad position; large ones that read must also play on.
        for number in [huge, "4294967296", "4294967295", "65536"] {
            for (i, bad) in
                [format!("{board} {} {number} 1", counts.join(" ")), format!("{board} {} 0 {number}", counts.join(" "))]
                    .iter()
                    .enumerate()
            {
                assert_eq!(code("napoleon", &[players], bad), Some(ErrorCode::BadPosition), "field {i}: {bad}");
            }
        }
        for number in ["65535", "65534", "199"] {
            // A large turn number reads and plays on (passing, the last option, repeats the position
            // within a few turns, which ends the game).
            let text = format!("{board} {} 0 {number}", counts.join(" "));
            let game = read_and_play("napoleon", &[players], &text).unwrap_or_else(|| panic!("{text} reads"));
            assert!(!game.record().is_empty(), "{text}");
            // A large count of turns without progress reads as a game drawn by it.
            let text = format!("{board} {} {number} 1", counts.join(" "));
            let game = read_and_play("napoleon", &[players], &text).unwrap_or_else(|| panic!("{text} reads"));
            let outcome = game.outcome().map(|o| (o.winner, o.reason));
            assert_eq!(outcome, Some((None, engine::EndReason::NoProgress)), "{text}");
        }
    }
}

#[test]
fn every_number_in_every_variant_is_read_within_bounds() {
    // Each numeric token of a position of every variant replaced by large numbers: a typed error, or a
    // position that plays on and writes text that reads back. Nothing overflows.
    let big = ["99999999999999999999", "18446744073709551615", "4294967295", "65535", "65534", "32768", "255", "254"];
    let mut cases = Vec::new();
    for rules in variants::REGISTRY {
        let slug = rules.info().slug;
        let mut setting_sets = vec![variants::resolve_settings(*rules, None).expect("defaults")];
        if slug == "napoleon" {
            setting_sets.push(vec![1]);
        }
        for settings in setting_sets {
            let mut texts = vec![played(slug, &settings, 3).position().to_text()];
            if slug == "chess2024" {
                // The reserve fields too.
                texts.push("6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 P2N1+1/A3 3/0 2/1 4/4".into());
            }
            for text in texts {
                let tokens: Vec<String> = split_numbers(&text);
                for (i, token) in tokens.iter().enumerate() {
                    if !token.starts_with(|c: char| c.is_ascii_digit()) {
                        continue;
                    }
                    for number in big {
                        let mut changed = tokens.clone();
                        changed[i] = number.to_string();
                        cases.push((slug, settings.clone(), changed.concat()));
                    }
                }
            }
        }
    }
    assert!(cases.len() > 200, "{}", cases.len());
    let total = cases.len();
    let read = cases.into_iter().filter_map(|(slug, settings, text)| read_and_play(slug, &settings, &text)).count();
    // Most large numbers are refused; some read (a move number, a reserve count) and played on.
    assert!(read > 0 && read < total, "{read} of {total} read");
}

/// Splits a text into runs of digits and runs of everything else.
fn split_numbers(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in text.chars() {
        match out.last_mut() {
            Some(last) if last.starts_with(|d: char| d.is_ascii_digit()) == c.is_ascii_digit() => last.push(c),
            _ => out.push(c.to_string()),
        }
    }
    out
}
