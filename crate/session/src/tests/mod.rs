//! The session's trust rules, each as it would be attacked by a cheating opponent.

use super::keep::{Keep, MemoryKeep};
use super::*;
use crate::chance::{self, ChanceSource, Commitments, SECRET_BYTES};
use crate::game::Decision;
use crate::seal;
use std::cell::RefCell;
use std::rc::Rc;

/// A deterministic host: the same `stream` gives the same ids, secrets and salts (a forger can then
/// make links with the id of someone else's game, as it could by reading that game's link).
struct TestHost {
    state: u64,
}

impl Host for TestHost {
    fn random(&mut self, out: &mut [u8]) -> bool {
        for b in out {
            self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *b = (self.state >> 56) as u8;
        }
        true
    }
    fn now(&self) -> String {
        "2026-11-23T00:00:00Z".into()
    }
}

/// Storage shared by several sessions (two tabs of one browser).
#[derive(Clone, Default)]
struct SharedKeep(Rc<RefCell<MemoryKeep>>);

impl Keep for SharedKeep {
    fn get(&self, key: &str) -> Option<String> {
        self.0.borrow().get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        self.0.borrow_mut().set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.0.borrow_mut().remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.0.borrow().keys()
    }
}

fn browser(stream: u64) -> (Session, SharedKeep) {
    let keep = SharedKeep::default();
    (Session::new(Box::new(keep.clone()), Box::new(TestHost { state: stream })), keep)
}

fn link_game(session: &mut Session, variant: &str, seat: Seat, setup: Option<&str>) {
    let spec =
        NewGame { variant: variant.into(), mode: Mode::Link { seat }, settings: None, setup: setup.map(String::from) };
    session.new_game(spec).expect("new game");
}

/// Plays a move by name (SAN or coordinates) as this browser's player.
fn play(session: &mut Session, name: &str) {
    let game = session.game().expect("a game");
    let decision = game.find(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let index = game.index_of(decision).expect("an option");
    session.play(&[index]).unwrap_or_else(|e| panic!("{name}: {e}"));
}

/// Plays the first board action listed (a quiet, legal move).
fn play_any(session: &mut Session) {
    let game = session.game().expect("a game");
    let index = game.decisions().iter().position(|d| matches!(d, Decision::Act(_))).expect("a move") as u32;
    session.play(&[index]).expect("legal");
}

fn stored_links(keep: &SharedKeep) -> Vec<(String, String)> {
    keep.0.borrow().entries.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn code(update: &Update) -> Option<&str> {
    update.notice.as_ref().map(|n| n.code.as_str())
}

/// A Chess 2024 position with ply `ply` to play (kings and a few pieces; fortunes of war on).
fn chess2024_at(ply: u16) -> String {
    let fullmove = (ply - 1) / 2 + 1;
    let turn = if ply % 2 == 1 { "w" } else { "b" };
    format!("r4k6/12/12/12/12/12/12/12/12/12/12/R4K6 {turn} 0 {fullmove}")
}

/// The same game re-encoded with another chance source (what a forger's tool can make), signed again by
/// the seats whose keys the `signers` keep (the forger's own seat: nobody else's key is the forger's).
fn with_chance(original: &str, chance: ChanceSource, edit: impl Fn(&mut Game), signers: &[&SharedKeep]) -> String {
    let decoded = link::decode(original).expect("valid");
    let g = &decoded.game;
    let mut forged = Game::with_chance(g.rules(), Some(g.settings()), g.setup(), chance).expect("same start");
    for entry in g.record() {
        forged.play_index(entry.index).expect("same moves");
    }
    edit(&mut forged);
    signed_again(&mut forged, g, decoded.game_id, signers);
    link::encode(&forged, decoded.game_id)
}

/// A forged game given the original's published keys and signed with the seeds the `signers` keep.
fn signed_again(forged: &mut Game, original: &Game, id: u64, signers: &[&SharedKeep]) {
    let keys = original.authors().iter().map(|a| crate::authorship::Author { key: a.key, ..Default::default() });
    forged.set_authors(keys.collect());
    sign_with(forged, id, signers);
}

/// A decoded game signed again with the seeds the `signers` keep (what a forger holding those keys can
/// sign), for the game `id`.
fn sign_with(game: &mut Game, id: u64, signers: &[&SharedKeep]) {
    for keep in signers {
        if let Some(kept) = keep.get(&format!("chessfront.key.{}", id_text(id))).and_then(|t| keep::Kept::from_json(&t))
        {
            let seed = secrets::parse_key(&kept).expect("a stored key");
            game.adopt_signing_key(kept.seat, seed).expect("the seat's published key");
        }
    }
    game.sign_own(id);
}

/// Opens a link and takes the seat it offers without deciding anything ("Keep this game").
fn join(session: &mut Session, link: &str) -> Update {
    session.start(link);
    session.keep_game()
}

// ---------------------------------------------------------------------------------------------
// Finding 1: a continuation may not switch chance to a seeded or scripted mode, nor turn it off.

#[test]
fn a_link_game_refuses_seeded_or_scripted_chance_and_fortunes_turned_off() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, keep) = browser(2);
    assert_eq!(code(&black.start(&sent)), Some("visiting"));
    play_any(&mut black);
    let reply = black.link().expect("link");
    let before = stored_links(&keep);

    let scripted = with_chance(&reply, ChanceSource::Scripted(vec![(20, 0)]), |_| {}, &[&keep]);
    let seeded = with_chance(&reply, ChanceSource::Seeded([3; SEED_BYTES]), |_| {}, &[&keep]);
    for (forged, mode) in [(&scripted, "by a script of chosen outcomes"), (&seeded, "by a local seed")] {
        let update = black.open_link(forged);
        assert_eq!(code(&update), Some("link-chance-mode"));
        let text = &update.notice.as_ref().expect("a notice").text;
        assert!(text.contains(mode), "the message names the mode: {text}");
        assert_eq!(stored_links(&keep), before, "nothing stored changes");
        let (mut fresh, _) = browser(9);
        assert_eq!(code(&fresh.open_link(forged)), Some("link-chance-mode"), "a fresh browser refuses it too");
    }
    // The fortunes of war turned off: another setting under the same game id.
    let decoded = link::decode(&reply).expect("valid");
    let mut off = Game::new(decoded.game.rules(), Some(&[0]), None).expect("fortunes off");
    for entry in decoded.game.record() {
        off.play_index(entry.index).expect("same moves");
    }
    signed_again(&mut off, &decoded.game, decoded.game_id, &[&keep]);
    let off = link::encode(&off, decoded.game_id);
    assert_eq!(code(&black.open_link(&off)), Some("link-other-game"));
    assert_eq!(stored_links(&keep), before);
    assert_eq!(black.link().expect("kept"), reply, "the stored game is shown");
}

// ---------------------------------------------------------------------------------------------
// Finding 2: commitments are not optional, and never change once seen.

#[test]
fn a_mover_without_commitment_or_a_changed_commitment_is_refused() {
    let (mut white, white_keep) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, keep) = browser(2);
    join(&mut black, &sent);
    let id = link::decode(&sent).expect("valid").game_id;

    // White's commitment dropped: White moved without committing.
    let dropped = with_chance(&sent, ChanceSource::Committed(Commitments::new(id)), |_| {}, &[&white_keep]);
    let (mut fresh, _) = browser(9);
    assert_eq!(code(&fresh.open_link(&dropped)), Some("link-bad-reveal"));

    // Another commitment for White under the same game: refused against the stored copy.
    let before = stored_links(&keep);
    let other = with_chance(
        &sent,
        ChanceSource::Committed(Commitments::new(id)),
        |g| {
            g.adopt_secret(0, [42; SECRET_BYTES]).expect("commit");
        },
        &[&white_keep],
    );
    assert_eq!(code(&black.open_link(&other)), Some("link-commitment-changed"));
    assert_eq!(stored_links(&keep), before);
}

// ---------------------------------------------------------------------------------------------
// Finding 3: no reveal, and no chance drawn, before every player has committed.

#[test]
fn near_the_chance_window_nothing_is_revealed_before_the_joiner_commits() {
    // A custom start where White plays ply 19 and chance is due before ply 20.
    let (mut white, white_keep) = browser(1);
    link_game(&mut white, "chess2024", 0, Some(&chess2024_at(19)));
    play(&mut white, "Kf2");
    let sent = white.link().expect("link");
    let published = match link::decode(&sent).expect("valid").game.chance() {
        Some(ChanceSource::Committed(c)) => c.clone(),
        _ => panic!("commit and reveal"),
    };
    assert_eq!(published.revealed(0), None, "White cannot reveal before Black commits");

    // Black joins (keeps the game: it cannot move before the draw): the chance waits for White's
    // reveal; Black's link carries Black's commitment.
    let (mut black, _) = browser(2);
    join(&mut black, &sent);
    assert!(black.game().expect("game").waiting_for_chance());
    assert!(!black.presentation(None).expect("view").decides || black.game().expect("game").decisions().is_empty());
    let commit_link = black.link().expect("link");
    // White's browser takes it and reveals; Black can then draw and move.
    assert_eq!(code(&white.open_link(&commit_link)), None);
    let reveal = white.link().expect("link");
    black.open_link(&reveal);
    assert!(!black.game().expect("game").waiting_for_chance(), "the chance is drawn with Black's own secret");
    play_any(&mut black);

    // A forged link revealing White's element before Black committed is refused by any browser.
    let id = published.game_id;
    let secret = [5; SECRET_BYTES];
    let owner = chance::ChainOwner { game_id: id, seat: 0 };
    let mut c = Commitments::new(id);
    c.adopt_secret(0, secret).expect("commit");
    // Publish the reveal by hand, as a forger would (the engine itself never does before both commit).
    let forged_chance = {
        let mut both = c.clone();
        both.accept_tip(1, [0; SECRET_BYTES]).expect("a fake tip");
        both.accept_reveal(0, 20, chance::element(&secret, owner, 20).expect("in chain")).expect("verifies");
        both
    };
    let forged = with_chance(&sent, ChanceSource::Committed(forged_chance), |_| {}, &[&white_keep]);
    // With a fake tip for Black the reveal verifies, but the link now claims a commitment Black never
    // made: Black's browser refuses it as a changed commitment...
    let (mut joiner, _) = browser(3);
    let update = joiner.open_link(&forged);
    // ...and a fresh browser will not join a seat committed to a secret it never made.
    assert_eq!(code(&update), Some("link-foreign-commitment"));
}

#[test]
fn a_reveal_without_both_commitments_does_not_decode() {
    // White's link as a game of one device would spell it (no signatures: the layout below is fixed).
    let rules = variants::by_slug("chess2024").expect("registered");
    let mut game =
        Game::with_chance(rules, None, Some(&chess2024_at(19)), ChanceSource::Committed(Commitments::new(3)))
            .expect("start");
    game.adopt_secret(0, [7; SECRET_BYTES]).expect("commit");
    game.play(game.find("Kf2").expect("legal")).expect("legal");
    let sent = link::encode(&game, 3);
    // Splice a reveal (presence bit 1) into White's chance entry, with no tip for Black.
    use base64::Engine;
    let b64 = &base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut bytes = b64.decode(&sent).expect("own link");
    let setup_len = chess2024_at(19).len();
    let chance_at = 2 + 3 + 1 + 5 + 1 + setup_len; // version, length, variant, revision, flags, setting, id, setup
    assert_eq!(bytes[chance_at], 4, "commit-and-reveal mode");
    assert_eq!(bytes[chance_at + 1], 1, "White committed, nothing revealed");
    bytes[chance_at + 1] = 3;
    let element = [9u8; SECRET_BYTES];
    let at = chance_at + 2 + SECRET_BYTES;
    let mut spliced: Vec<u8> = bytes[..at].to_vec();
    spliced.push(20);
    spliced.extend_from_slice(&element);
    spliced.extend_from_slice(&bytes[at..bytes.len() - 4]);
    spliced[1] += 1 + SECRET_BYTES as u8; // the body length (one varint byte here)
    let crc = crc32fast::hash(&spliced);
    spliced.extend_from_slice(&crc.to_le_bytes());
    let err = link::decode(&b64.encode(&spliced)).err().expect("refused");
    assert_eq!(err.code, ErrorCode::LinkBadReveal);
    assert!(err.message.contains("before both players"), "{}", err.message);
}

// ---------------------------------------------------------------------------------------------
// Finding 4: a sealed setup never changes once seen.

fn napoleon_setup(session: &mut Session) {
    let text = session.random_setup().expect("a setup is due");
    session.set_up(&text).expect("valid setup");
}

#[test]
fn a_resealed_napoleon_setup_is_refused() {
    // The forger replays White's browser (same random stream, so the same game id) and seals another setup.
    let (mut white, _) = browser(1);
    link_game(&mut white, "napoleon", 0, None);
    napoleon_setup(&mut white);
    let sealed = white.link().expect("link");
    let (mut black, keep) = browser(2);
    black.start(&sealed);
    napoleon_setup(&mut black);
    let before = stored_links(&keep);

    let (mut forger, _) = browser(1);
    link_game(&mut forger, "napoleon", 0, None);
    let other = forger.game().expect("game").setup_presets(0)[0].1.clone();
    forger.set_up(&other).expect("valid preset");
    let resealed = forger.link().expect("link");
    assert_eq!(link::decode(&resealed).expect("valid").game_id, link::decode(&sealed).expect("valid").game_id);
    assert_eq!(code(&black.open_link(&resealed)), Some("link-seal-changed"));
    assert_eq!(stored_links(&keep), before);
}

// ---------------------------------------------------------------------------------------------
// Finding 5: another start, settings or variant under the same game id is not a continuation.

#[test]
fn another_start_or_variant_under_the_same_id_is_refused() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, keep) = browser(2);
    join(&mut black, &sent);
    let before = stored_links(&keep);

    for (variant, setup) in [("chess", Some("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1")), ("chess", None), ("gunnery", None)] {
        let (mut forger, _) = browser(1);
        link_game(&mut forger, variant, 0, setup);
        play_any(&mut forger);
        let forged = forger.link().expect("link");
        assert_eq!(code(&black.open_link(&forged)), Some("link-other-game"), "{variant} {setup:?}");
        assert_eq!(stored_links(&keep), before);
    }
}

// ---------------------------------------------------------------------------------------------
// Finding 6: bad seats are errors, never panics.

#[test]
fn a_seat_past_the_game_is_an_error() {
    let rules = variants::by_slug("chess2024").expect("registered");
    let mut game = Game::with_chance(rules, None, None, ChanceSource::Committed(Commitments::new(1))).expect("start");
    assert_eq!(game.adopt_secret(2, [1; SECRET_BYTES]).err().map(|e| e.code), Some(ErrorCode::LinkBadReveal));
    assert_eq!(game.adopt_secret(255, [1; SECRET_BYTES]).err().map(|e| e.code), Some(ErrorCode::LinkBadReveal));
    // Said as what it is, not as a secret that does not match.
    let message = game.adopt_secret(2, [1; SECRET_BYTES]).err().map(|e| e.message);
    assert_eq!(message.as_deref(), Some("This game has no seat 2 for the fortunes of war."));
    // A stored game naming a seat the game does not have.
    let (mut white, keep) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    let id = white.game_id().expect("id");
    let key = format!("chessfront.game.{id}");
    let text = keep.get(&key).expect("stored").replace("\"seat\":0", "\"seat\":7");
    keep.clone().set(&key, &text).expect("raw");
    let (mut again, _) = (Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 5 })), ());
    let update = again.open_stored(&id);
    assert!(update.notice.is_some(), "reported, not a panic");
    let new = NewGame { variant: "chess".into(), mode: Mode::Link { seat: 2 }, settings: None, setup: None };
    assert_eq!(again.new_game(new).err().map(|e| e.code), Some(ErrorCode::BadSetting));
}

// ---------------------------------------------------------------------------------------------
// Finding 7: secrets go with their game; two tabs never overwrite a newer copy.

#[test]
fn deleting_a_game_deletes_its_secret() {
    let (mut white, keep) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    let id = white.game_id().expect("id");
    assert!(keep.get(&format!("chessfront.secret.{id}")).is_some());
    white.delete_game(&id);
    assert!(keep.keys().iter().all(|k| !k.contains(&id)), "{:?}", keep.keys());
}

#[test]
fn two_tabs_never_overwrite_the_newer_copy() {
    let (mut tab_a, keep) = browser(1);
    let local = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    tab_a.new_game(local).expect("new game");
    play(&mut tab_a, "Nf3"); // an empty game is not kept
    let id = tab_a.game_id().expect("id");
    let mut tab_b = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 2 }));
    tab_b.open_stored(&id);
    play(&mut tab_a, "Nf6");
    let newer = tab_a.link().expect("link");
    // Tab B has not heard of it yet and plays another move: its copy is older, and is not saved.
    let mut other = tab_b.game().expect("game").clone();
    let update = {
        let d = other.find("d5").expect("legal");
        let i = other.index_of(d).expect("option");
        other.play_index(i).expect("legal");
        tab_b.play(&[i]).expect("legal")
    };
    assert_eq!(code(&update), Some("changed-elsewhere"));
    assert_eq!(tab_b.link(), Some(newer.clone()), "tab B shows tab A's game");
    let stored = keep.get(&format!("chessfront.game.{id}")).expect("stored");
    assert!(stored.contains(&newer), "tab A's move is what is stored");
    // The storage event: a tab that did nothing takes the newer copy.
    let mut tab_c = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 3 }));
    tab_c.open_stored(&id);
    play(&mut tab_a, "g3");
    assert_eq!(code(&tab_c.storage_changed()), Some("updated-elsewhere"));
    assert_eq!(tab_c.link(), tab_a.link());
}

/// A link that arrives in a tab whose copy is behind storage is still saved when it continues the
/// stored copy; an unreadable stored copy is replaced; a failing save warns once, not at every move.
#[test]
fn saving_takes_continuations_replaces_garbage_and_warns_every_time() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut tab_a, keep) = browser(2);
    tab_a.start(&white.link().expect("link"));
    let id = tab_a.game_id().expect("id");
    let mut tab_b = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 3 }));
    tab_b.open_stored(&id);
    play(&mut tab_a, "e5");
    // White's reply reaches tab B, whose copy is one move behind storage: it continues what is stored.
    let e5 = tab_a.link().expect("link");
    white.open_link(&e5);
    play(&mut white, "Nf3");
    let update = tab_b.open_link(&white.link().expect("link"));
    assert_eq!(code(&update), None, "{:?}", update.notice);
    let stored = keep.get(&format!("chessfront.game.{id}")).expect("stored");
    assert!(stored.contains(&white.link().expect("link")), "the continuation is saved");

    // Garbage in place of the stored link holds nothing to lose: the next move is saved over it.
    let garbage = stored.replace(&white.link().expect("link"), "not-a-link");
    keep.clone().set(&format!("chessfront.game.{id}"), &garbage).expect("stored");
    play(&mut tab_b, "Nc6");
    let stored = keep.get(&format!("chessfront.game.{id}")).expect("stored");
    assert!(stored.contains(&tab_b.link().expect("link")), "saved over the unreadable copy");

    // A full storage: every failed save says so (a player who plays on unsaved keeps being told).
    let full = MemoryKeep { full: true, ..MemoryKeep::default() };
    let mut session = Session::new(Box::new(full), Box::new(TestHost { state: 4 }));
    let local = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    session.new_game(local).expect("new game");
    let first = session.play(&[0]).expect("legal");
    assert_eq!(code(&first), Some("storage-full"));
    let second = session.play(&[0]).expect("legal");
    assert_eq!(code(&second), Some("storage-full"), "said again");
}

/// Reopening a pass-and-play game brings back the sealed setups of its seats only: a kept seal for a seat
/// the game does not have (storage edited by hand) is not offered to the game.
#[test]
fn reopening_brings_seals_of_the_games_seats_only() {
    let (mut tab, keep) = browser(1);
    let local = NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: None, setup: None };
    tab.new_game(local).expect("new game");
    napoleon_setup(&mut tab);
    let id = tab.game_id().expect("id");
    let stray = keep::Kept { seat: 2, secret: format!("{}:Kb1", "00".repeat(16)) };
    keep.clone().set(&format!("chessfront.seal.{id}.2"), &stray.to_json()).expect("stored");
    let mut reopened = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 2 }));
    let update = reopened.open_stored(&id);
    assert_eq!(code(&update), None, "{:?}", update.notice);
    assert!(reopened.game().is_some_and(|g| g.seals()[0].own.is_some()), "White's own seal is back");
}

/// Another tab stored a copy this tab has not seen, but this tab's game continues it (the other tab
/// made the same moves, say from the same link): this tab's game is saved, not refused.
#[test]
fn a_copy_that_continues_what_another_tab_stored_is_saved() {
    let (mut tab_a, keep) = browser(1);
    let local = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    tab_a.new_game(local).expect("new game");
    play(&mut tab_a, "Nf3");
    let first = tab_a.link().expect("link");
    play(&mut tab_a, "Nf6");
    let id = tab_a.game_id().expect("id");
    let mut tab_b = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 2 }));
    tab_b.open_stored(&id);
    // Tab B last saw the first copy; storage holds the second, which tab B's game continues.
    tab_b.open.as_mut().expect("open").saved = Some(first);
    let update = tab_b.play(&[0]).expect("legal");
    assert_eq!(code(&update), None, "{:?}", update.notice);
    let stored = keep.get(&format!("chessfront.game.{id}")).expect("stored");
    assert!(stored.contains(&tab_b.link().expect("link")), "tab B's longer game is saved");
}

/// A computer game reopens at its level (a new tab resumes it from storage).
#[test]
fn a_computer_game_keeps_its_level() {
    let (mut tab, keep) = browser(1);
    let spec =
        NewGame { variant: "chess".into(), mode: Mode::Computer { seat: 0, level: 5 }, settings: None, setup: None };
    tab.new_game(spec).expect("new game");
    play(&mut tab, "e4");
    let mut reopened = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 2 }));
    reopened.resume();
    assert_eq!(reopened.mode(), Some(Mode::Computer { seat: 0, level: 5 }));
}

// ---------------------------------------------------------------------------------------------
// Finding 8: a damaged link in a fresh browser keeps its message.

#[test]
fn a_damaged_link_in_a_fresh_browser_is_reported() {
    let (mut fresh, _) = browser(1);
    let update = fresh.start("#AQwBAQAAAAAAAAQOvQh_UGl");
    assert_eq!(code(&update), Some("link-truncated"));
    assert!(fresh.game().is_some(), "a game is open all the same");
    let (mut fresh, _) = browser(1);
    assert_eq!(code(&fresh.start("#garbage!")), Some("link-malformed"));
}

/// The computer's turn for a request, found by a one-decision search.
fn computer_turn(request: &ThinkRequest) -> computer::ComputerTurn {
    let game = link::decode(&request.link).expect("valid").game;
    let level = crate::search::Level::depth(1);
    computer::turn(&game, request.seat, &level, 1, &mut || false, &mut crate::search::Memory::default())
        .expect("a turn")
}

/// The computer's answer to a request, found by a one-decision search, played.
fn answer(me: &mut Session, request: ThinkRequest) -> Update {
    let turn = computer_turn(&request);
    me.computer_moved(request.id, &turn)
}

mod analysis;
mod announcing;
mod authorship;
mod commands;
mod continuation_rule;
mod controls;
mod fortune_turns;
mod hints;
mod language;
#[cfg(feature = "live")]
mod live;
#[cfg(feature = "live")]
mod live_attacks;
#[cfg(feature = "live")]
mod live_attacks_handshake;
#[cfg(feature = "live")]
mod live_attacks_hub;
#[cfg(feature = "live")]
mod live_attacks_takeback;
#[cfg(feature = "live")]
mod live_attacks_time;
#[cfg(feature = "live")]
mod live_control;
mod reopening;
mod review;
mod seating;
mod setup_editing;
mod sounds;
mod storage;
