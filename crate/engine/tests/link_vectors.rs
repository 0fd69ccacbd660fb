//! Frozen link vectors (`tests/links/vectors.txt`), shared with the wasm facade's and the browser's
//! tests: links made by earlier builds must keep decoding to the same game and re-encoding to the same
//! bytes, and each kind of damage must keep its error code. A line is `name <TAB> expectation <TAB>
//! link`, the expectation `ok:<final position>` or `error:<code>`. Every variant is there, both
//! Napoleon player counts with sealed setups, and Chess 2024 with each chance mode a link can carry
//! (commit and reveal with a card drawn, a local seed, a script), so the chance and seal sections and
//! every variant's decisions cannot change format unnoticed.
//!
//! `cargo test --test link_vectors -- --ignored --nocapture` prints the vectors the generators make
//! (only to add new ones: an existing line must never change, since that would hide a format break).

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use engine::chance::ChanceSource;
use engine::variants::chess2024::{Card, Chess2024};
use engine::{link, variants, Game};

mod common;
use common::Rng;

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
            assert!(link::spelled_as_encoded(link), "{name} is spelled as the encoder spells it");
            let respelled =
                [format!("#{link}"), format!("https://x.test/#{link}"), format!("{link}="), format!("{link} ")];
            for other in respelled.iter().filter(|t| link::decode(t).is_ok()) {
                assert!(!link::spelled_as_encoded(other), "{name}: {other:?} is not");
            }
        } else {
            let code = expect.strip_prefix("error:").expect("ok: or error:");
            assert_eq!(result.err().map(|e| e.code.as_str()), Some(code), "{name}");
        }
        count += 1;
    }
    assert!(count >= 29, "{count} vectors");
}

/// The vectors name every variant (by the first word of their names), so none can drift unseen.
#[test]
fn every_variant_has_frozen_games() {
    let text = std::fs::read_to_string(path()).expect("vectors file");
    for info in variants::REGISTRY.iter().map(|r| r.info()) {
        let decoded: Vec<Game> = text
            .lines()
            .filter(|l| l.contains("\tok:"))
            .filter_map(|l| link::decode(l.rsplit('\t').next().unwrap_or("")).ok())
            .map(|d| d.game)
            .filter(|g| g.rules().info().slug == info.slug && !g.record().is_empty())
            .collect();
        assert!(!decoded.is_empty(), "no frozen game of {}", info.slug);
    }
}

fn game_link(moves: &[&str], id: u64) -> (String, String) {
    let mut game = Game::from_slug("chess", None).expect("chess");
    for m in moves {
        let d = game.find(m).expect("legal");
        game.play(d).expect("legal");
    }
    (link::encode(&game, id), game.position().to_text())
}

#[test]
#[ignore = "prints vectors to add to the file"]
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
        ("newer_format", "error:link-newer-version".into(), common::edited_link(&mate, |b| b[0] = 9)),
        ("unknown_variant", "error:link-unknown-variant".into(), common::edited_link(&mate, |b| b[2] = 99)),
        ("older_rules", "error:link-rules-revision".into(), common::edited_link(&mate, |b| b[3] = 0)),
        ("illegal_move", "error:link-illegal-move".into(), common::edited_link(&open, |b| b[11] |= 0x1f)),
    ];
    for (name, expect, link) in lines {
        println!("{name}\t{expect}\t{link}");
    }
}

/// A game of random moves (setups sealed and revealed as the page makes them).
/// Seals are bound to the game id the link will carry: [`vector_id`] of the same seed.
fn random_link(slug: &str, settings: Option<&[u8]>, chance: Option<ChanceSource>, seed: u64, plies: usize) -> Game {
    let rules = variants::by_slug(slug).expect("registered");
    let chance = chance.unwrap_or(ChanceSource::Seeded([seed as u8; 12]));
    let mut game = Game::with_chance(rules, settings, None, chance).expect("start");
    common::play_random(&mut game, &mut Rng(seed), vector_id(seed), plies, |_| {});
    game
}

fn vector_id(seed: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) & link::GAME_ID_MASK
}

/// Where a link's chance section starts (no custom setup): version, body length, variant, revision,
/// flags, settings, game id.
fn chance_section(bytes: &[u8], settings: usize) -> usize {
    let length_bytes = bytes[1..].iter().position(|b| b & 0x80 == 0).expect("a varint") + 1;
    1 + length_bytes + 3 + settings + 5
}

#[test]
#[ignore = "prints vectors to add to the file"]
fn print_variant_vectors() {
    let mut lines: Vec<(String, String, String)> = Vec::new();
    let mut ok = |name: &str, game: &Game, id: u64| {
        let link = link::encode(game, id);
        lines.push((name.into(), format!("ok:{}", game.position().to_text()), link.clone()));
        link
    };

    let mut custom = Game::from_slug("chess", Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).expect("valid");
    common::play(&mut custom, &["e4", "Kd7", "e5", "Ke6"]);
    ok("chess_custom_start", &custom, vector_id(1));
    for (slug, plies) in [("gunnery", 60), ("wounds", 60), ("checkered", 90)] {
        ok(&format!("{slug}_game"), &random_link(slug, None, None, 7, plies), vector_id(7));
    }
    ok("chess2024_no_fortunes", &random_link("chess2024", Some(&[0]), None, 11, 50), vector_id(11));
    // A local game's seed: the fortune strikes by ply 60 at the latest.
    let seeded = random_link("chess2024", None, Some(ChanceSource::Seeded([42; 12])), 12, 70);
    assert!(seeded.record().iter().any(|e| e.note.is_some()), "the fortune struck");
    ok("chess2024_seeded_fortune", &seeded, vector_id(12));
    // A script (the command line's forced events): the Joker at ply 20.
    let script = ChanceSource::Scripted(vec![(20, Chess2024::forced_chance(20, Card::Joker, 5))]);
    let scripted = random_link("chess2024", None, Some(script), 13, 24);
    assert!(scripted.record().iter().any(|e| e.note.is_some()), "the script's card struck");
    ok("chess2024_scripted_joker", &scripted, vector_id(13));
    // Commit and reveal between two browsers, until a card was drawn and two more plies were played.
    let mut rng = Rng(14);
    let fortune = common::correspondence("chess2024", None, 200, &mut rng, |g| {
        g.record().iter().rposition(|e| e.note.is_some()).is_some_and(|at| at + 2 < g.record().len())
    });
    let decoded = link::decode(&fortune).expect("valid");
    assert!(decoded.game.record().iter().any(|e| e.note.is_some()), "a card was drawn");
    let fortune = ok("chess2024_committed_fortune", &decoded.game, decoded.game_id);
    let early = common::correspondence("chess2024", None, 5, &mut Rng(15), |_| false);
    let decoded = link::decode(&early).expect("valid");
    ok("chess2024_committed_opening", &decoded.game, decoded.game_id);
    let napoleon = random_link("napoleon", None, None, 16, 40);
    let napoleon_link = ok("napoleon_two_players", &napoleon, vector_id(16));
    ok("napoleon_four_players", &random_link("napoleon", Some(&[1]), None, 17, 160), vector_id(17));

    // Damage that only the new sections can carry, re-signed so that only the edit is wrong.
    let bytes = B64.decode(&fortune).expect("own link");
    let at = chance_section(&bytes, 1);
    assert_eq!(bytes[at], 4, "commit and reveal");
    assert_eq!(bytes[at + 1] & 2, 2, "White's reveal is present");
    let white_element_end = at + 2 + 16 + 1 + 16;
    let bad_reveal = common::edited_link(&fortune, |b| b[white_element_end - 1] ^= 1);
    let old_chance = common::edited_link(&fortune, |b| b[at] = 2);
    let napoleon_bytes = B64.decode(&napoleon_link).expect("own link");
    let crc_at = napoleon_bytes.len() - 4;
    let (open_link, _) = game_link(&["e4", "e5"], 0x12345);
    let open_len = B64.decode(&open_link).expect("own link").len();
    let errors = [
        ("chess2024_reveal_altered", bad_reveal),
        ("chess2024_old_chance_mode", old_chance),
        ("chess2024_unknown_chance_mode", common::edited_link(&fortune, |b| b[at] = 9)),
        (
            "napoleon_salt_altered",
            common::edited_link(&napoleon_link, |b| b[crc_at - napoleon_moves_bytes(&napoleon) - 2] ^= 1),
        ),
        // Two moves of 5 bits: 6 bits of padding, which must be zero.
        ("padding_bits_set", common::edited_link(&open_link, |b| b[open_len - 5] |= 0x80)),
        (
            "trailing_byte_signed",
            common::edited_link(&open_link, |b| {
                b.push(0);
                b[1] += 1;
            }),
        ),
    ];
    for (name, link) in errors {
        let code = link::decode(&link).err().map(|e| e.code.as_str().to_string()).unwrap_or_else(|| "none".into());
        lines.push((name.into(), format!("error:{code}"), link));
    }
    for (name, expect, link) in lines {
        println!("{name}\t{expect}\t{link}");
    }
}

/// Bytes of a game's move section after its count (the decisions' bits).
fn napoleon_moves_bytes(game: &Game) -> usize {
    let bits: u32 = game
        .record()
        .iter()
        .map(|e| if e.option_count <= 1 { 0 } else { 32 - (e.option_count - 1).leading_zeros() })
        .sum();
    (bits as usize).div_ceil(8) + if game.record().len() < 128 { 1 } else { 2 }
}

/// Real link games continue link after link through every section a link carries: commitments and
/// reveals (Chess 2024, past the fortune), seals and their salts (Napoleon, past the reveal). Every
/// link is taken by the receiving browser (`correspondence` asserts no refusal).
#[test]
fn link_games_continue_through_reveals_and_seals() {
    for (variant, plies) in [("napoleon", 150), ("chess2024", 70)] {
        let last = common::correspondence(variant, None, plies, &mut Rng(21), |_| false);
        let game = link::decode(&last).expect("valid").game;
        assert!(game.record().len() >= 20, "{variant}: {} decisions", game.record().len());
        if variant == "napoleon" {
            assert!(game.seals().iter().any(|s| s.salt.is_some()), "White's sealed setup was revealed");
            assert!(game.seals().iter().all(|s| s.commitment.is_none() || s.salt.is_some()));
        } else {
            assert!(game.record().iter().any(|e| e.note.is_some()), "the fortune struck");
        }
    }
}

/// A resignation made while waiting for the opponent's move (flag bit 3 and the seat after the other
/// sections), and the same link naming the player to move, who resigns by a decision instead.
#[test]
#[ignore = "prints vectors to add to the file"]
fn print_resignation_vectors() {
    let mut game = Game::from_slug("chess", None).expect("chess");
    common::play(&mut game, &["e4"]);
    game.resign_out_of_turn(0).expect("White waits for Black's move");
    let id = vector_id(31);
    let resigned = link::encode(&game, id);
    let at = chance_section(&B64.decode(&resigned).expect("own link"), 0);
    let wrong_seat = common::edited_link(&resigned, |b| {
        assert_eq!(b[at], 0, "the resigning seat follows the game id");
        b[at] = 1;
    });
    let code = link::decode(&wrong_seat).err().map(|e| e.code.as_str().to_string()).unwrap_or_else(|| "none".into());
    println!("resigned_while_waiting\tok:{}\t{resigned}", game.position().to_text());
    println!("resigned_by_the_player_to_move\terror:{code}\t{wrong_seat}");
}

/// Signed links (games between browsers, as the session makes them): their games, and the two ways a
/// signature fails, missing and not matching.
#[test]
#[ignore = "prints vectors to add to the file"]
fn print_signed_vectors() {
    let ok = |name: &str, link: &str| {
        let game = link::decode(link).expect("valid").game;
        println!("{name}\tok:{}\t{link}", game.position().to_text());
    };
    ok("signed_chess_game", &common::correspondence("chess", None, 30, &mut Rng(30), |_| false));
    let fortune = common::correspondence("chess2024", None, 200, &mut Rng(31), |g| {
        g.record().iter().rposition(|e| e.note.is_some()).is_some_and(|at| at + 2 < g.record().len())
    });
    ok("signed_chess2024_fortune", &fortune);
    ok("signed_napoleon_two_players", &common::correspondence("napoleon", None, 14, &mut Rng(32), |_| false));
    ok("signed_checkered_game", &common::correspondence("checkered", None, 24, &mut Rng(33), |_| false));
    // The waiting player's resignation, sent by the other player (who cannot sign for it).
    let open = common::correspondence("chess", None, 6, &mut Rng(34), |_| false);
    let mut forged = link::decode(&open).expect("valid");
    let waiting = 1 - forged.game.to_move();
    forged.game.resign_out_of_turn(waiting).expect("the waiting player");
    println!("signed_resignation_unsigned\terror:link-unsigned\t{}", link::encode(&forged.game, forged.game_id));
    // A signature with one bit changed, the checksum made good again.
    let mut bytes = B64.decode(&open).expect("own link");
    let at = bytes.len() - 4 - 1 - 10;
    bytes[at] ^= 1;
    bytes.truncate(bytes.len() - 4);
    println!("signed_signature_bent\terror:link-bad-signature\t{}", common::signed(bytes));
}

/// What signatures cost in a link, in characters: a chess game between two browsers against the same
/// game unsigned, and a four-player Napoleon game (every seat signed but the one to move).
#[test]
#[ignore = "prints the figures of the signatures' cost"]
fn print_signature_cost() {
    for plies in [0, 1, 2, 40, 100] {
        let signed = common::correspondence("chess", None, plies, &mut Rng(50), |_| false);
        let decoded = link::decode(&signed).expect("valid");
        let mut bare = Game::from_slug("chess", None).expect("chess");
        for e in decoded.game.record() {
            bare.play_index(e.index).expect("same moves");
        }
        let unsigned = link::encode(&bare, decoded.game_id);
        let keys = decoded.game.authors().iter().filter(|a| a.key.is_some()).count();
        println!(
            "chess {:3} plies: unsigned {:3}, signed {:3} (+{}), {keys} keys, {} signatures",
            bare.record().len(),
            unsigned.len(),
            signed.len(),
            signed.len() - unsigned.len(),
            decoded.game.authors().iter().filter(|a| a.signed.is_some()).count()
        );
    }
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let start = "Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1";
    let mut game = Game::new(rules, Some(&[1]), Some(start)).expect("four");
    for _ in 0..3 {
        game.play(game.find("pass").expect("a pass")).expect("passed");
    }
    let unsigned = link::encode(&game, 9);
    for seat in 0..4u8 {
        game.adopt_signing_key(seat, [seat + 1; 32]).expect("a key");
    }
    game.sign_own(9);
    let signed = link::encode(&game, 9);
    println!(
        "napoleon, four players, 3 turns: unsigned {}, signed {} (+{})",
        unsigned.len(),
        signed.len(),
        signed.len() - unsigned.len()
    );
}
