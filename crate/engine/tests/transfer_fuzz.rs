//! Fuzzing transfer codes: what a stranger can paste into "Bring a game from another device". Valid codes
//! exported by real sessions of every variant and mode (with chance secrets and sealed setups) are
//! damaged (bytes flipped, cut or added with the checksum repaired, so the damage reaches the reader),
//! rebuilt with one field changed (mode, seat, level, a damaged or foreign link, another secret or seal),
//! or replaced by random bytes. Each input goes to [`transfer::decode`] and to the session's import
//! ([`Session::import_transfer`], and [`Session::open_pasted`], which refuses codes), into an empty
//! browser and into the browser that made the code. Never a panic; every refusal has an error code and a
//! message, and leaves storage exactly as it was.
//!
//! `cargo test --test transfer_fuzz` runs 4,000 inputs. The long run (reproducible: one seed):
//! `TRANSFER_FUZZ_INPUTS=100000 cargo test --release --test transfer_fuzz -- --ignored --nocapture`
//! (with `CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true`), printing the counts.

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use engine::session::keep::{Keep, Kept, MemoryKeep};
use engine::session::{transfer, Mode, NewGame, Session};
use engine::ErrorCode;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

mod common;
use common::{Rng, TestHost};

/// Storage shared between a session and the test, which reads it after each command.
#[derive(Clone, Default)]
struct SharedKeep(Rc<RefCell<MemoryKeep>>);

impl Keep for SharedKeep {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> engine::error::Result<()> {
        self.0.borrow_mut().set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.0.borrow_mut().remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.0.borrow().keys()
    }
}

fn session(keep: &SharedKeep, stream: u64) -> Session {
    Session::new(Box::new(keep.clone()), Box::new(TestHost(stream)))
}

/// One decision of this browser's: its setup when one is due, else a random listed option.
fn decide(s: &mut Session, rng: &mut Rng) -> bool {
    let Some(game) = s.game() else { return false };
    if game.setup_due().is_none() {
        let moves = common::board_moves(game);
        if moves.is_empty() {
            return false;
        }
        let Some(index) = game.index_of(moves[rng.below(moves.len())]) else { return false };
        return s.play(&[index]).is_ok();
    }
    let Ok(text) = s.random_setup() else { return false };
    s.set_up(&text).is_ok()
}

/// A code exported by a browser, with that browser's storage (where the game is already kept).
struct Origin {
    code: String,
    keep: MemoryKeep,
}

/// Two browsers play a link game by passing its link after every decision of theirs; both export.
fn link_pair(variant: &str, settings: Option<Vec<u8>>, decisions: usize, rng: &mut Rng, out: &mut Vec<Origin>) {
    let keeps = [SharedKeep::default(), SharedKeep::default()];
    let mut players = [session(&keeps[0], rng.next()), session(&keeps[1], rng.next())];
    let spec = NewGame { variant: variant.into(), mode: Mode::Link { seat: 0 }, settings, setup: None };
    players[0].new_game(spec).expect("a new link game");
    let mut joined = false;
    for _ in 0..decisions {
        let Some(mover) = (0..2).find(|&p| players[p].decides()) else {
            // Waiting for a reveal or a seal: the other browser answers the latest link.
            let Some(link) = players.iter().find_map(|p| p.link()) else { break };
            players[1].open_link(&link);
            players[0].open_link(&players[1].link().unwrap_or(link));
            if !players.iter().any(Session::decides) {
                break;
            }
            continue;
        };
        if !decide(&mut players[mover], rng) {
            break;
        }
        if players[mover].decides() {
            continue; // the same turn goes on (a Napoleon turn, a setup then a move)
        }
        let Some(link) = players[mover].link() else { break };
        let other = &mut players[1 - mover];
        if joined {
            other.open_link(&link);
        } else {
            other.start(&link);
            joined = true;
        }
    }
    for (p, keep) in players.iter_mut().zip(&keeps) {
        if let Ok(code) = p.export_code() {
            out.push(Origin { code, keep: keep.0.borrow().clone() });
        }
    }
}

/// A game played on one device (pass and play, or against the computer without its replies).
fn one_device(variant: &str, mode: Mode, settings: Option<Vec<u8>>, decisions: usize, rng: &mut Rng) -> Origin {
    let keep = SharedKeep::default();
    let mut s = session(&keep, rng.next());
    s.new_game(NewGame { variant: variant.into(), mode, settings, setup: None }).expect("a new game");
    for _ in 0..decisions {
        if !decide(&mut s, rng) {
            break;
        }
    }
    let code = s.export_code().expect("a game to export");
    let keep = keep.0.borrow().clone();
    Origin { code, keep }
}

/// Codes of every variant and mode: link games with chance secrets (Chess 2024, past the fortunes of
/// war's first draw) and sealed setups (Napoleon, two and four players), computer and pass-and-play games.
fn corpus(rng: &mut Rng) -> Vec<Origin> {
    let mut out = Vec::new();
    for variant in ["chess", "gunnery", "checkered", "wounds"] {
        link_pair(variant, None, 6, rng, &mut out);
    }
    link_pair("chess2024", None, 26, rng, &mut out);
    link_pair("chess2024", Some(vec![0]), 4, rng, &mut out);
    link_pair("napoleon", None, 3, rng, &mut out);
    link_pair("napoleon", Some(vec![1]), 2, rng, &mut out);
    out.push(one_device("chess", Mode::Local, None, 8, rng));
    out.push(one_device("chess2024", Mode::Local, None, 4, rng));
    out.push(one_device("napoleon", Mode::Local, Some(vec![1]), 4, rng));
    out.push(one_device("chess", Mode::Computer { seat: 0, level: 3 }, None, 1, rng));
    out.push(one_device("napoleon", Mode::Computer { seat: 1, level: 1 }, None, 1, rng));
    out
}

fn payload(code: &str) -> Vec<u8> {
    let bytes = B64.decode(code.strip_prefix(transfer::PREFIX).expect("a code")).expect("base64url");
    bytes[..bytes.len() - 4].to_vec()
}

/// A code of these payload bytes with a good checksum: what a forger's tool makes.
fn with_checksum(mut bytes: Vec<u8>) -> String {
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    format!("{}{}", transfer::PREFIX, B64.encode(bytes))
}

fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    (0..rng.below(max)).map(|_| rng.next() as u8).collect()
}

/// Bytes flipped, replaced, cut or added (never a whole new text): the damage a tool or a careless hand
/// does to an otherwise good byte string.
fn damage(mut bytes: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    if bytes.is_empty() {
        return random_bytes(rng, 16);
    }
    match rng.below(4) {
        0 => {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        1 => {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        2 => {
            let at = rng.below(bytes.len());
            bytes.truncate(at);
        }
        _ => {
            let at = rng.below(bytes.len() + 1);
            let extra = random_bytes(rng, 9);
            bytes.splice(at..at, extra);
        }
    }
    bytes
}

/// A game link damaged with its own checksum repaired (the transfer code around it is then made good).
fn damaged_link(link: &str, rng: &mut Rng) -> String {
    match common::link_bytes(link) {
        Some(bytes) if bytes.len() > 4 => common::signed(damage(bytes[..bytes.len() - 4].to_vec(), rng)),
        _ => B64.encode(random_bytes(rng, 40)),
    }
}

/// A valid code rebuilt with one field changed: the checks of the import are reached.
fn one_field_changed(corpus: &[Origin], which: usize, rng: &mut Rng) -> String {
    let mut t = transfer::decode(&corpus[which].code).expect("own code");
    let other = transfer::decode(&corpus[rng.below(corpus.len())].code).expect("own code");
    match rng.below(9) {
        0 => t.mode = ["local", "link", "computer"][rng.below(3)].into(),
        1 => t.seat = rng.below(6) as u8,
        2 => t.level = rng.below(300) as u32,
        3 | 4 => t.link = damaged_link(&t.link, rng),
        5 => t.link = other.link,
        6 => {
            t.secret = match rng.below(4) {
                0 => None,
                1 => other.secret,
                _ => {
                    let mut hex: Vec<u8> = t.secret.map_or_else(|| b"00".repeat(16), |k| k.secret.into_bytes());
                    let at = rng.below(hex.len().max(1));
                    if let Some(c) = hex.get_mut(at) {
                        *c = b"0123456789abcdefxZ "[rng.below(19)];
                    }
                    Some(Kept { seat: rng.below(5) as u8, secret: String::from_utf8_lossy(&hex).into_owned() })
                }
            }
        }
        7 => {
            t.seals = match rng.below(3) {
                0 => Vec::new(),
                1 => other.seals,
                _ => {
                    let mut seals = t.seals;
                    let seat = rng.below(5) as u8;
                    let text =
                        String::from_utf8_lossy(&damage(b"00112233445566778899aabbccddeeff:Kb1 Qk1".to_vec(), rng))
                            .into_owned();
                    seals.push(Kept { seat, secret: text });
                    seals
                }
            }
        }
        _ => t.created = String::from_utf8_lossy(&random_bytes(rng, 30)).into_owned(),
    }
    transfer::encode(&t)
}

/// One fuzz input made from the code `which` (or from nothing).
fn input(corpus: &[Origin], which: usize, rng: &mut Rng) -> String {
    let code = &corpus[which].code;
    match rng.below(8) {
        // Random bytes, with a good checksum half the time (else nearly all stop at the checksum).
        0 => {
            let bytes = random_bytes(rng, 200);
            if rng.below(2) == 0 {
                with_checksum(bytes)
            } else {
                format!("{}{}", transfer::PREFIX, B64.encode(bytes))
            }
        }
        1 | 2 => with_checksum(damage(payload(code), rng)),
        3..=5 => one_field_changed(corpus, which, rng),
        // The text itself damaged: a character added or the end cut off, as chat apps do.
        6 => {
            let mut text = code.clone();
            let chars = ['A', '-', '_', '#', '%', 'é', ' ', '=', '\n', ':'];
            let at = rng.below(text.len() + 1);
            if rng.below(2) == 0 {
                text.insert(at, chars[rng.below(chars.len())]);
            } else {
                text.truncate(at);
            }
            text
        }
        // A valid code, bare or in an address (it must still import into an empty browser).
        _ => {
            if rng.below(2) == 0 {
                code.clone()
            } else {
                format!("https://example.org/#{code}")
            }
        }
    }
}

#[derive(Default, Debug)]
struct Stats {
    /// Valid codes the inputs are made from, and how many of them hold a chance secret or a seal.
    codes: usize,
    with_secrets: usize,
    inputs: u64,
    decoded: u64,
    /// Imports into an empty browser and into the browser that made a code: taken, refused.
    imported: u64,
    refused: u64,
    panics: u64,
}

type Entries = BTreeMap<String, String>;

/// The session's import of `text` into a browser holding `entries` (through "Bring a game from another
/// device"): a refusal has a code and a message and changes nothing stored; an import keeps the game it
/// opened. Pasted as a link instead, a code is refused and nothing is stored.
fn import(entries: &Entries, text: &str, stream: u64) -> bool {
    let keep = SharedKeep::default();
    keep.0.borrow_mut().entries = entries.clone();
    if transfer::looks_like(text) {
        let notice = session(&keep, stream).open_pasted(text).notice.expect("a refusal");
        assert_eq!((notice.code.as_str(), notice.info), ("link-malformed", false), "{text}");
        assert_eq!(&keep.0.borrow().entries, entries, "a code pasted as a link stores nothing: {text}");
    }
    let mut s = session(&keep, stream);
    match s.import_transfer(text) {
        Ok(update) => {
            if let Some(n) = update.notice.filter(|n| !n.info) {
                assert!(!n.code.is_empty() && !n.text.is_empty(), "{n:?} for {text}");
            }
            let id = s.game_id().expect("an imported game is open");
            assert!(keep.get(&format!("chessfront.game.{id}")).is_some(), "an imported game is kept: {text}");
            true
        }
        Err(e) => {
            assert!(!e.code.as_str().is_empty() && !e.message.is_empty(), "{e:?} for {text}");
            assert_eq!(&keep.0.borrow().entries, entries, "a refused code stores nothing ({e:?}): {text}");
            false
        }
    }
}

fn fuzz(count: u64, seed: u64) -> Stats {
    let mut rng = Rng(seed);
    let corpus = corpus(&mut rng);
    let held = |o: &&Origin, f: fn(&transfer::Transfer) -> bool| transfer::decode(&o.code).is_ok_and(|t| f(&t));
    let secrets = corpus.iter().filter(|o| held(o, |t| t.secret.is_some())).count();
    let seals = corpus.iter().filter(|o| held(o, |t| !t.seals.is_empty())).count();
    assert!(
        corpus.len() >= 20 && secrets >= 2 && seals >= 2,
        "{} codes, {secrets} secrets, {seals} seals",
        corpus.len()
    );
    let empty = Entries::new();
    let mut stats = Stats { codes: corpus.len(), with_secrets: secrets + seals, ..Stats::default() };
    for _ in 0..count {
        let which = rng.below(corpus.len());
        let text = input(&corpus, which, &mut rng);
        let stream = rng.next();
        stats.inputs += 1;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let decoded = match transfer::decode(&text) {
                Ok(t) => {
                    // What decodes encodes again to a code of the same content.
                    assert_eq!(transfer::decode(&transfer::encode(&t)).as_ref(), Ok(&t), "{text}");
                    true
                }
                Err(e) => {
                    assert_eq!(e.code, ErrorCode::BadTransferCode, "{e:?} for {text}");
                    assert!(!e.message.is_empty());
                    false
                }
            };
            let here = [import(&empty, &text, stream), import(&corpus[which].keep.entries, &text, stream)];
            (decoded, here)
        }));
        match outcome {
            Ok((decoded, here)) => {
                stats.decoded += u64::from(decoded);
                for taken in here {
                    if taken {
                        stats.imported += 1;
                    } else {
                        stats.refused += 1;
                    }
                }
            }
            Err(_) => stats.panics += 1,
        }
    }
    stats
}

#[test]
fn damaged_transfer_codes_give_typed_errors_never_panics() {
    let stats = fuzz(4_000, 0x7ca5);
    assert_eq!(stats.panics, 0, "{stats:?}");
    // Both sides are reached: codes that decode and import, and many refusals past the checksum.
    assert!(stats.decoded > 1_000 && stats.imported > 500 && stats.refused > 2_000, "{stats:?}");
}

#[test]
#[ignore = "long: TRANSFER_FUZZ_INPUTS inputs (10^5 by default)"]
fn many_damaged_transfer_codes() {
    let count = std::env::var("TRANSFER_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let started = std::time::Instant::now();
    let stats = fuzz(count, 0x7ca6);
    println!(
        "transfer fuzz: {} codes ({} secrets or seals), {} inputs, {} decoded, {} imports taken, {} refused, {} panics, {:.0} s",
        stats.codes,
        stats.with_secrets,
        stats.inputs,
        stats.decoded,
        stats.imported,
        stats.refused,
        stats.panics,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(stats.panics, 0, "{stats:?}");
}
