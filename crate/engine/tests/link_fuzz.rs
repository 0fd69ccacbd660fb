//! Fuzzing the link decoder and the continuation rule with what a cheating or careless sender can make:
//! random bytes, and bit flips, cuts and extensions of valid links of every variant with the checksum
//! repaired (so the damage reaches the replay). Every input must give a game or a typed error, never a
//! panic; a decoded link must re-encode to a link that decodes to the same game. Tests run with overflow
//! checks on (the dev profile).
//!
//! `cargo test --test link_fuzz` runs 10^5 inputs (two tests of 5 x 10^4, on two threads). The
//! benchmark runs many more:
//! `FUZZ_INPUTS=10000000 cargo test --release --test link_fuzz -- --ignored --nocapture` (with
//! `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true`), printing the counts.

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use engine::chance::{ChanceSource, Commitments};
use engine::{link, session, variants, Game};
use std::panic::{catch_unwind, AssertUnwindSafe};

mod common;
use common::Rng;

/// A random game of up to `plies` decisions (setups made as the page makes them), as its link.
fn valid_link(slug: &str, settings: Option<&[u8]>, committed: bool, plies: usize, rng: &mut Rng) -> String {
    let rules = variants::by_slug(slug).expect("registered");
    let id = rng.next() & link::GAME_ID_MASK;
    let chance = if committed { ChanceSource::Committed(Commitments::new(id)) } else { ChanceSource::Seeded([7; 12]) };
    let mut game = Game::with_chance(rules, settings, None, chance).expect("start");
    if committed {
        // One browser plays both seats here: both commit first, so chance can be drawn.
        game.adopt_secret(0, [1; 16]).expect("commit");
        game.adopt_secret(1, [2; 16]).ok();
    }
    common::play_random(&mut game, rng, id, plies, |_| {});
    // Signed by every seat, as a game between browsers is: damage must get past the signatures too.
    for seat in 0..game.seat_count() as u8 {
        game.adopt_signing_key(seat, [seat + 1; 32]).expect("a key");
    }
    game.sign_own(id);
    link::encode(&game, id)
}

/// Valid links of every variant, both Napoleon player counts, Chess 2024 with and without fortunes.
fn corpus(rng: &mut Rng) -> Vec<String> {
    let mut out = Vec::new();
    for (slug, settings, committed, plies) in [
        ("chess", None, false, 16),
        ("gunnery", None, false, 16),
        ("checkered", None, false, 16),
        ("wounds", None, false, 16),
        ("chess2024", None, false, 16),
        // Past ply 20, where the fortunes of war may strike: commitments and reveals in the link.
        ("chess2024", None, true, 24),
        ("chess2024", Some(&[0u8][..]), false, 12),
        ("napoleon", None, false, 6),
        ("napoleon", Some(&[1u8][..]), false, 8),
    ] {
        out.push(valid_link(slug, settings, committed, plies, rng));
    }
    out
}

/// Link bytes whose last four (the checksum) are made good again: the damage reaches the replay.
fn repair_checksum(mut bytes: Vec<u8>) -> String {
    if bytes.len() < 4 {
        return B64.encode(bytes);
    }
    bytes.truncate(bytes.len() - 4);
    common::signed(bytes)
}

/// One fuzz input from the corpus: random bytes, or a damaged valid link with its checksum repaired.
fn input(corpus: &[String], rng: &mut Rng) -> String {
    let base = B64.decode(&corpus[rng.below(corpus.len())]).expect("own link");
    match rng.below(7) {
        // Now and then a link as it was sent (the rule's and the page's accepting paths are reached).
        6 => corpus[rng.below(corpus.len())].clone(),
        0 => {
            let len = rng.below(120);
            B64.encode((0..len).map(|_| rng.next() as u8).collect::<Vec<u8>>())
        }
        1 | 2 => {
            let mut bytes = base;
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len().saturating_sub(4));
                bytes[at] ^= 1 << rng.below(8);
            }
            repair_checksum(bytes)
        }
        3 => {
            // Cut the body (keeping room for a checksum), or add bytes before the checksum.
            let mut bytes = base;
            let crc_at = bytes.len() - 4;
            if rng.below(2) == 0 {
                bytes.drain(rng.below(crc_at)..crc_at);
            } else {
                let extra: Vec<u8> = (0..1 + rng.below(8)).map(|_| rng.next() as u8).collect();
                bytes.splice(crc_at..crc_at, extra);
            }
            repair_checksum(bytes)
        }
        4 => {
            let mut bytes = base;
            let at = rng.below(bytes.len().saturating_sub(4));
            bytes[at] = rng.next() as u8;
            repair_checksum(bytes)
        }
        _ => {
            // Text: characters a chat app might leave, including non-ASCII ones.
            let chars = ['A', 'z', '-', '_', '#', '%', 'é', '☃', ' ', '='];
            let mut text = corpus[rng.below(corpus.len())].clone();
            let at = rng.below(text.len());
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            text.insert(at, chars[rng.below(chars.len())]);
            text
        }
    }
}

#[derive(Default, Debug)]
struct Stats {
    inputs: u64,
    games: u64,
    typed_errors: u64,
    panics: u64,
    /// Decoded inputs the continuation rule accepted against the stored game, and refused.
    continued: u64,
    refused: u64,
    /// Of those accepted, the ones the page's whole path (`judge_continuation`) accepted too.
    judged_continued: u64,
}

/// The continuation rule's verdict on `incoming` against `stored`: acceptance needs the same game id
/// and counts the incoming decisions; a refusal is one of the rule's own codes, and another id is
/// always refused as another game.
fn check_continuation(
    stored: &link::LinkGame,
    incoming: &link::LinkGame,
    verdict: &engine::error::Result<session::continuation::Continuation>,
    text: &str,
) {
    use engine::ErrorCode::*;
    use session::continuation::Continuation;
    let (old, new) = (stored.game.record().len(), incoming.game.record().len());
    match verdict {
        Ok(Continuation::Same) => assert_eq!((stored.game_id, old), (incoming.game_id, new), "{text}"),
        Ok(Continuation::Extends { plies }) => {
            assert_eq!(stored.game_id, incoming.game_id, "{text}");
            // Fewer or as many decisions only when the sender resigned out of turn (dropping ours).
            let resigned = incoming.game.resigned_out_of_turn().is_some();
            assert!(*plies == new && (new > old || resigned), "{plies} plies, {old} stored, {new} incoming: {text}");
        }
        Err(e) => {
            let rule_codes = [
                LinkOtherGame,
                LinkChanceMode,
                LinkCommitmentChanged,
                LinkSealChanged,
                LinkKeyChanged,
                LinkRewrite,
                LinkOlderCopy,
            ];
            assert!(rule_codes.contains(&e.code), "not a refusal of the rule: {e:?} for {text}");
            if stored.game_id != incoming.game_id {
                assert_eq!(e.code, LinkOtherGame, "{text}");
            }
        }
    }
}

fn fuzz(count: u64, seed: u64) -> Stats {
    let mut rng = Rng(seed);
    let corpus = corpus(&mut rng);
    let stored: Vec<link::LinkGame> = corpus.iter().map(|l| link::decode(l).expect("valid")).collect();
    let mut stats = Stats::default();
    for i in 0..count {
        let text = input(&corpus, &mut rng);
        let which = rng.below(corpus.len());
        stats.inputs += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let decoded = link::decode(&text);
            match &decoded {
                Err(e) => assert!(e.code.as_str().starts_with("link-"), "untyped {e:?} for {text}"),
                // A link has one spelling: what decodes re-encodes to the same bytes, and to the same
                // text exactly when the text is spelled as the encoder spells it (the session then
                // knows a stored link is the decoded game's without encoding it again).
                Ok(d) => {
                    let again = link::encode(&d.game, d.game_id);
                    assert_eq!(common::link_bytes(&again), common::link_bytes(link::fragment_of(&text)), "{text}");
                    assert_eq!(link::spelled_as_encoded(&text), again == text, "{text}");
                }
            }
            let (mut verdict, mut judged) = (None, false);
            if let Ok(d) = &decoded {
                // The continuation rule against a stored game: a verdict or one of the rule's refusals.
                let v = session::continuation::continues(&stored[which], d);
                check_continuation(&stored[which], d, &v, &text);
                verdict = Some(v.is_ok());
            }
            // Now and then, and whenever the rule accepted, the whole path the page takes (decoding
            // the stored link too): a verdict that counts the incoming decisions, or a typed link error.
            if i % 64 == 0 || verdict == Some(true) {
                match session::judge_continuation(&corpus[which], &text, None) {
                    Ok((_, plies)) => {
                        let d = decoded.as_ref().expect("a link that continues decodes");
                        assert_eq!(plies, d.game.record().len(), "{text}");
                        judged = true;
                    }
                    Err(e) => assert!(e.code.as_str().starts_with("link-"), "untyped {e:?} for {text}"),
                }
            }
            (decoded.is_ok(), verdict, judged)
        }));
        match outcome {
            Ok((true, verdict, judged)) => {
                stats.games += 1;
                stats.judged_continued += u64::from(judged);
                match verdict {
                    Some(true) => stats.continued += 1,
                    _ => stats.refused += 1,
                }
            }
            Ok((false, _, _)) => stats.typed_errors += 1,
            Err(_) => stats.panics += 1,
        }
    }
    stats
}

/// 5 x 10^4 inputs from one seed, with the checks every run makes.
fn fuzz_half(seed: u64) {
    let stats = fuzz(50_000, seed);
    assert_eq!(stats.panics, 0, "{stats:?}");
    assert_eq!(stats.inputs, 50_000);
    // The damage must reach the replay: some damaged links still decode (a flipped move index that is
    // still legal), most do not.
    assert!(stats.games > 100 && stats.typed_errors > 25_000, "{stats:?}");
    // Both sides of the continuation rule are reached: some damaged links of the stored game still
    // continue it (and pass the page's whole path), most are refused.
    assert!(stats.continued > 0 && stats.judged_continued > 0 && stats.refused > 100, "{stats:?}");
}

// 10^5 inputs in two tests, which the test harness runs on two threads.
#[test]
fn damaged_links_give_typed_errors_never_panics() {
    fuzz_half(0x5eed);
}

#[test]
fn more_damaged_links_give_typed_errors_never_panics() {
    fuzz_half(0xbeef);
}

#[test]
#[ignore = "long: run by the benchmark with FUZZ_INPUTS"]
fn many_damaged_links() {
    let count = std::env::var("FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(10_000_000);
    let started = std::time::Instant::now();
    let stats = fuzz(count, 0xfeed);
    println!(
        "link fuzz: {} inputs, {} games ({} continue the stored game), {} typed errors, {} panics, {:.0} s",
        stats.inputs,
        stats.games,
        stats.continued,
        stats.typed_errors,
        stats.panics,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(stats.panics, 0);
}
