//! Frozen link vectors (`tests/links/vectors.txt`), shared with the browser tests: links made by
//! earlier builds must keep decoding to the same game, and each kind of damage to the same error code.
//! A line is `name <TAB> expectation <TAB> link`, the expectation `ok:<final position>` or `error:<code>`.
//! `cargo test --test link_vectors -- --ignored --nocapture` prints a fresh set (only for new vectors:
//! existing lines must never change, since that would hide a format break).

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use engine::{link, Game};

fn path() -> String {
    format!("{}/../../tests/links/vectors.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn frozen_vectors_decode_as_recorded() {
    let text = std::fs::read_to_string(path()).expect("vectors file");
    let mut count = 0;
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let mut parts = line.split('\t');
        let (name, expect, link) =
            (parts.next().expect("name"), parts.next().expect("expectation"), parts.next().unwrap_or(""));
        let result = link::decode(link);
        if let Some(position) = expect.strip_prefix("ok:") {
            let game = result.unwrap_or_else(|e| panic!("{name}: {e}")).game;
            assert_eq!(game.position().to_text(), position, "{name}");
            assert_eq!(
                link::encode(&game, link::decode(link).map(|g| g.game_id).unwrap_or(0)),
                link,
                "{name} re-encodes identically"
            );
        } else {
            let code = expect.strip_prefix("error:").expect("ok: or error:");
            assert_eq!(result.err().map(|e| e.code.as_str()), Some(code), "{name}");
        }
        count += 1;
    }
    assert!(count >= 10);
}

fn game_link(moves: &[&str], id: u64) -> (String, String) {
    let mut game = Game::from_slug("chess", None).expect("chess");
    for m in moves {
        let d = game.find(m).expect("legal");
        game.play(d).expect("legal");
    }
    (link::encode(&game, id), game.position().to_text())
}

/// Re-signs a link after editing its bytes, so only the edit is wrong.
fn edited(link: &str, edit: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut bytes = B64.decode(link).expect("own link");
    bytes.truncate(bytes.len() - 4);
    edit(&mut bytes);
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    B64.encode(bytes)
}

#[test]
#[ignore]
fn print_vectors() {
    let (mate, mate_fen) = game_link(&["f3", "e5", "g4", "Qh4#"], 0xab_cdef_0123);
    let (open, open_fen) = game_link(&["e4", "e5"], 0x12345);
    let (rewrite, rewrite_fen) = game_link(&["d4"], 0x12345);
    let (draw, draw_fen) = game_link(&["e4", "offer-draw", "e5", "accept-draw"], 0x777);
    let mut tampered: Vec<char> = mate.chars().collect();
    tampered[8] = if tampered[8] == 'Q' { 'R' } else { 'Q' };
    let lines = [
        ("fools_mate", format!("ok:{mate_fen}"), mate.clone()),
        ("open_game", format!("ok:{open_fen}"), open.clone()),
        ("rewrite_of_open_game", format!("ok:{rewrite_fen}"), rewrite),
        ("draw_agreed", format!("ok:{draw_fen}"), draw),
        ("garbage", "error:link-malformed".into(), "!!not-a-link!!".into()),
        ("empty", "error:link-malformed".into(), String::new()),
        ("truncated", "error:link-truncated".into(), mate[..mate.len() - 5].to_string()),
        ("tampered", "error:link-corrupted".into(), tampered.into_iter().collect()),
        ("newer_format", "error:link-newer-version".into(), edited(&mate, |b| b[0] = 9)),
        ("unknown_variant", "error:link-unknown-variant".into(), edited(&mate, |b| b[2] = 99)),
        ("older_rules", "error:link-rules-revision".into(), edited(&mate, |b| b[3] = 0)),
        ("illegal_move", "error:link-illegal-move".into(), edited(&open, |b| b[11] |= 0x1f)),
    ];
    for (name, expect, link) in lines {
        println!("{name}\t{expect}\t{link}");
    }
}
