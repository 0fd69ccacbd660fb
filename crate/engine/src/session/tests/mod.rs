//! The session's trust rules, each as it would be attacked by a cheating opponent.

use super::keep::{Keep, MemoryKeep};
use super::*;
use crate::chance::{self, ChanceSource, Commitments};
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

/// The same game re-encoded with another chance source (what a forger's tool can make).
fn with_chance(original: &str, chance: ChanceSource, edit: impl Fn(&mut Game)) -> String {
    let decoded = link::decode(original).expect("valid");
    let g = &decoded.game;
    let mut forged = Game::with_chance(g.rules(), Some(g.settings()), g.setup(), chance).expect("same start");
    for entry in g.record() {
        forged.play_index(entry.index).expect("same moves");
    }
    edit(&mut forged);
    link::encode(&forged, decoded.game_id)
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
    assert_eq!(code(&black.start(&sent)), Some("joined"));
    play_any(&mut black);
    let reply = black.link().expect("link");
    let before = stored_links(&keep);

    let scripted = with_chance(&reply, ChanceSource::Scripted(vec![(20, 0)]), |_| {});
    let seeded = with_chance(&reply, ChanceSource::Seeded([3; SEED_BYTES]), |_| {});
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
    let off = link::encode(&off, decoded.game_id);
    assert_eq!(code(&black.open_link(&off)), Some("link-other-game"));
    assert_eq!(stored_links(&keep), before);
    assert_eq!(black.link().expect("kept"), reply, "the stored game is shown");
}

// ---------------------------------------------------------------------------------------------
// Finding 2: commitments are not optional, and never change once seen.

#[test]
fn a_mover_without_commitment_or_a_changed_commitment_is_refused() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, keep) = browser(2);
    black.start(&sent);
    let id = link::decode(&sent).expect("valid").game_id;

    // White's commitment dropped: White moved without committing.
    let dropped = with_chance(&sent, ChanceSource::Committed(Commitments::new(id)), |_| {});
    let (mut fresh, _) = browser(9);
    assert_eq!(code(&fresh.open_link(&dropped)), Some("link-bad-reveal"));

    // Another commitment for White under the same game: refused against the stored copy.
    let before = stored_links(&keep);
    let other = with_chance(&sent, ChanceSource::Committed(Commitments::new(id)), |g| {
        g.adopt_secret(0, [42; SECRET_BYTES]).expect("commit");
    });
    assert_eq!(code(&black.open_link(&other)), Some("link-commitment-changed"));
    assert_eq!(stored_links(&keep), before);
}

// ---------------------------------------------------------------------------------------------
// Finding 3: no reveal, and no chance drawn, before every player has committed.

#[test]
fn near_the_chance_window_nothing_is_revealed_before_the_joiner_commits() {
    // A custom start where White plays ply 19 and chance is due before ply 20.
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, Some(&chess2024_at(19)));
    play(&mut white, "Kf2");
    let sent = white.link().expect("link");
    let published = match link::decode(&sent).expect("valid").game.chance() {
        Some(ChanceSource::Committed(c)) => c.clone(),
        _ => panic!("commit and reveal"),
    };
    assert_eq!(published.revealed(0), None, "White cannot reveal before Black commits");

    // Black joins: the chance waits for White's reveal; Black's link carries Black's commitment.
    let (mut black, _) = browser(2);
    black.start(&sent);
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
    let forged = with_chance(&sent, ChanceSource::Committed(forged_chance), |_| {});
    // With a fake tip for Black the reveal verifies, but the link now claims a commitment Black never
    // made: Black's browser refuses it as a changed commitment...
    let (mut joiner, _) = browser(3);
    let update = joiner.open_link(&forged);
    // ...and a fresh browser will not join a seat committed to a secret it never made.
    assert_eq!(code(&update), Some("link-foreign-commitment"));
}

#[test]
fn a_reveal_without_both_commitments_does_not_decode() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, Some(&chess2024_at(19)));
    play(&mut white, "Kf2");
    let sent = white.link().expect("link");
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
    black.start(&sent);
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
fn saving_takes_continuations_replaces_garbage_and_warns_once() {
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

    // A full storage: the first failed save says so, the next ones are silent.
    let full = MemoryKeep { full: true, ..MemoryKeep::default() };
    let mut session = Session::new(Box::new(full), Box::new(TestHost { state: 4 }));
    let local = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    session.new_game(local).expect("new game");
    let first = session.play(&[0]).expect("legal");
    assert_eq!(code(&first), Some("storage-full"));
    let second = session.play(&[0]).expect("legal");
    assert_eq!(code(&second), None, "warned once");
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

// ---------------------------------------------------------------------------------------------
// The continuation rule, case by case.

/// Local games' chance (a transfer code or `chessfront continue` compares them): the same seed or
/// script continues, another one is another game's chance.
#[test]
fn continuation_keeps_a_local_seed_or_script() {
    use continuation::{continues, Continuation};
    let game = |chance: ChanceSource| {
        let rules = variants::by_slug("chess2024").expect("registered");
        let mut g = Game::with_chance(rules, None, None, chance).expect("start");
        let d = g.find("c1b2").expect("legal");
        g.play(d).expect("legal");
        link::decode(&link::encode(&g, 5)).expect("valid")
    };
    let seeded = |seed: u8| game(ChanceSource::Seeded([seed; SEED_BYTES]));
    let scripted = |value: u64| game(ChanceSource::Scripted(vec![(20, value)]));
    assert_eq!(continues(&seeded(1), &seeded(1)), Ok(Continuation::Same));
    assert_eq!(continues(&seeded(1), &seeded(2)).err().map(|e| e.code), Some(ErrorCode::LinkChanceMode));
    assert_eq!(continues(&scripted(7), &scripted(7)), Ok(Continuation::Same));
    assert_eq!(continues(&scripted(7), &scripted(8)).err().map(|e| e.code), Some(ErrorCode::LinkChanceMode));
    assert_eq!(continues(&seeded(1), &scripted(7)).err().map(|e| e.code), Some(ErrorCode::LinkChanceMode));
}

/// A resignation out of turn is taken over the receiver's unsent moves only when it comes right after
/// the last decision both copies share: a link that also rewrites earlier decisions is a rewrite.
#[test]
fn a_resignation_does_not_carry_a_rewrite_with_it() {
    use continuation::continues;
    let game = |moves: &[&str], resign: Option<Seat>| {
        let mut g = Game::from_slug("chess", None).expect("chess");
        for m in moves {
            let d = g.find(m).expect("legal");
            g.play(d).expect("legal");
        }
        if let Some(seat) = resign {
            g.resign_out_of_turn(seat).expect("the waiting player may resign");
        }
        link::decode(&link::encode(&g, 5)).expect("valid")
    };
    let stored = game(&["e4", "e5"], None);
    // White resigned while waiting for Black's reply: taken over Black's e5.
    assert!(continues(&stored, &game(&["e4"], Some(0))).is_ok());
    // The same resignation after a game in which Black played c5 and White Nf3: Black's e5 rewritten.
    let rewrite = continues(&stored, &game(&["e4", "c5", "Nf3"], Some(0)));
    assert_eq!(rewrite.err().map(|e| e.code), Some(ErrorCode::LinkRewrite));
}

/// Once both copies hold a revealed setup, the salt they hold is the same (a continuation).
#[test]
fn a_revealed_setup_continues_with_its_salt() {
    use continuation::{continues, Continuation};
    let (mut white, _) = browser(1);
    link_game(&mut white, "napoleon", 0, None);
    napoleon_setup(&mut white);
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    napoleon_setup(&mut black);
    white.open_link(&black.link().expect("link"));
    let revealed = link::decode(&white.link().expect("link")).expect("valid");
    assert!(revealed.game.seals()[0].salt.is_some(), "White's setup was revealed");
    assert_eq!(continues(&revealed, &revealed), Ok(Continuation::Same));
}

#[test]
fn continuation_same_newer_older_and_rewritten() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let first = link::decode(&white.link().expect("link")).expect("valid");
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    let second = link::decode(&black.link().expect("link")).expect("valid");
    use continuation::{continues, Continuation};
    assert_eq!(continues(&first, &first), Ok(Continuation::Same));
    assert_eq!(continues(&first, &second), Ok(Continuation::Extends { plies: 2 }));
    assert_eq!(continues(&second, &first).err().map(|e| e.code), Some(ErrorCode::LinkOlderCopy));
    let mut other = first.game.clone();
    let d = other.find("c5").expect("legal");
    other.play(d).expect("legal");
    let rewrite = link::decode(&link::encode(&other, first.game_id)).expect("valid");
    assert_eq!(continues(&second, &rewrite).err().map(|e| e.code), Some(ErrorCode::LinkRewrite));
}

#[test]
fn a_joined_game_can_be_taken_as_the_other_side() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let sent = white.link().expect("link");
    // A link with no moves is joined as the side to move (White here) and may be taken as Black instead.
    let (mut other, keep) = browser(2);
    let update = other.start(&sent);
    assert_eq!(other.mode(), Some(Mode::Link { seat: 0 }));
    assert_eq!(update.notice.as_ref().and_then(|n| n.action), Some("other-side"));
    let update = other.take_other_side();
    assert_eq!(other.mode(), Some(Mode::Link { seat: 1 }));
    assert_eq!(code(&update), Some("joined"));
    assert_eq!(keep.keys().iter().filter(|k| k.starts_with("chessfront.game.")).count(), 1);
    // With the fortunes of war, White's seat is committed by its creator: the joiner is Black at once,
    // and White's side cannot be taken without White's secret.
    let (mut creator, _) = browser(3);
    link_game(&mut creator, "chess2024", 0, None);
    let (mut joiner, _) = browser(4);
    joiner.start(&creator.link().expect("link"));
    assert_eq!(joiner.mode(), Some(Mode::Link { seat: 1 }));
    assert_eq!(code(&joiner.take_other_side()), Some("link-foreign-commitment"));
    assert_eq!(joiner.mode(), Some(Mode::Link { seat: 1 }), "and the joined game stays");
    assert!(joiner.game_id().is_some_and(|id| joiner.games().iter().any(|g| g.id == id)));
}

#[test]
fn a_game_moves_to_another_device_with_its_secret() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let code_text = white.export_code().expect("export");
    assert!(code_text.starts_with(transfer::PREFIX));
    let (mut laptop, keep) = browser(7);
    assert_eq!(code(&laptop.open_link(&code_text)), Some("link-malformed"), "a transfer code is not a link");
    laptop.import_code(&code_text).expect("import");
    assert_eq!(laptop.link(), white.link());
    let id = white.game_id().expect("id");
    assert!(keep.get(&format!("chessfront.secret.{id}")).is_some());
    // A code whose secret does not open the game's commitment is refused.
    let mut t = transfer::decode(&code_text).expect("valid");
    t.secret = Some(keep::Kept { seat: 0, secret: seal::to_hex(&[1u8; SECRET_BYTES]) });
    let (mut thief, _) = browser(8);
    assert_eq!(thief.import_code(&transfer::encode(&t)).err().map(|e| e.code), Some(ErrorCode::LinkBadReveal));
}

#[test]
fn the_computer_turn_is_asked_for_and_stale_answers_are_ignored() {
    let (mut me, _) = browser(1);
    let spec =
        NewGame { variant: "chess".into(), mode: Mode::Computer { seat: 1, level: 1 }, settings: None, setup: None };
    let update = me.new_game(spec).expect("new game");
    let request = update.think.expect("the computer plays White");
    assert!(!me.decides(), "the player waits while the computer thinks");
    let game = link::decode(&request.link).expect("valid").game;
    let turn = computer::turn(&game, request.seat, &crate::search::Level::depth(1), 1, &mut || false).expect("a turn");
    assert_eq!(me.computer_moved(request.id + 1, &turn), Update::default(), "a stale answer is ignored");
    me.computer_moved(request.id, &turn);
    assert_eq!(me.game().expect("game").record().len(), 1);
    assert!(me.decides());
    play(&mut me, "e5");
    // Undo takes back the player's move and nothing else waits.
    me.undo().expect("undo");
    assert_eq!(me.game().expect("game").record().len(), 1);
}

#[test]
fn link_undo_is_only_for_the_turn_not_yet_sent() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    assert!(white.undo().is_err(), "nothing to take back");
    play(&mut white, "e4");
    let view = white.presentation(None).expect("view");
    assert!(view.confirm && view.link.is_none(), "the move waits for confirmation before its link is made");
    assert!(view.undo_enabled, "a mis-tap is taken back before anything is sent");
    white.undo().expect("taken back");
    assert_eq!(white.game().expect("game").record().len(), 0);
    assert!(!white.presentation(None).expect("view").confirm);
    play(&mut white, "d4");
    white.confirm_move().expect("confirmed");
    let view = white.presentation(None).expect("view");
    assert!(view.link.is_some() && view.undo_enabled, "confirmed: the link is shown, and not sent yet");
    white.link_sent();
    assert!(!white.presentation(None).expect("view").undo_enabled, "the link was handed out: the move is the link's");
    assert_eq!(white.undo().err().map(|e| e.code), Some(ErrorCode::NothingToUndo));
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    assert_eq!(
        black.undo().err().map(|e| e.code),
        Some(ErrorCode::NothingToUndo),
        "White's move is not Black's to take back"
    );
}

// ---------------------------------------------------------------------------------------------
// Found by a review that attacked the session as a cheating opponent.

#[test]
fn a_link_that_commits_the_joiners_seat_is_refused_and_a_game_without_its_secret_is_locked() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "Bb2");
    let sent = white.link().expect("link");
    // Alice commits Black's seat to a secret of her own choosing: she would know every draw.
    let mut forged = link::decode(&sent).expect("valid");
    forged.game.adopt_secret(1, [66; SECRET_BYTES]).expect("commit");
    let forged = link::encode(&forged.game, forged.game_id);
    let (mut bob, keep) = browser(2);
    assert_eq!(code(&bob.open_link(&forged)), Some("link-foreign-commitment"));
    assert!(bob.game().is_none() && keep.keys().is_empty(), "nothing joined, nothing stored");

    // A game whose own secret is gone (storage cleared) may be shown, never played.
    bob.open_link(&sent);
    let id = bob.game_id().expect("joined");
    keep.clone().remove(&format!("chessfront.secret.{id}"));
    let update = bob.open_stored(&id);
    assert_eq!(code(&update), Some("link-bad-reveal"));
    assert!(!bob.decides(), "locked: the draws would not be Bob's");
    assert!(bob.play(&[0]).is_err());
}

#[test]
fn a_link_with_decisions_in_my_name_is_refused() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut black, keep) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    let stored = black.link().expect("link");
    let before = stored_links(&keep);
    // White sends Nf3 and a resignation in Black's name.
    let mut forged = link::decode(&stored).expect("valid");
    for name in ["Nf3", "resign"] {
        let d = forged.game.find(name).expect("legal");
        forged.game.play(d).expect("legal");
    }
    let forged = link::encode(&forged.game, forged.game_id);
    let update = black.open_link(&forged);
    assert_eq!(code(&update), Some("link-forged-move"));
    assert!(update.notice.as_ref().is_some_and(|n| n.text.contains("resigns") && n.text.contains("after 2. Nf3")));
    assert_eq!(stored_links(&keep), before);
    assert_eq!(judge_continuation(&stored, &forged, None).err().map(|e| e.code), Some(ErrorCode::LinkForgedMove));
    // White's move alone is White's to send: accepted by Black (the default seat: the stored link's sender).
    let mut honest = link::decode(&stored).expect("valid");
    let d = honest.game.find("Nf3").expect("legal");
    honest.game.play(d).expect("legal");
    let honest = link::encode(&honest.game, honest.game_id);
    assert!(judge_continuation(&stored, &honest, None).is_ok());
    assert_eq!(judge_continuation(&stored, &honest, Some(0)).err().map(|e| e.code), Some(ErrorCode::LinkForgedMove));
}

#[test]
fn changing_sides_is_only_for_a_fresh_join_and_four_players_offer_the_sender() {
    let (mut white, _) = browser(1);
    let four =
        NewGame { variant: "napoleon".into(), mode: Mode::Link { seat: 0 }, settings: Some(vec![1]), setup: None };
    white.new_game(four).expect("new game");
    napoleon_setup(&mut white);
    let (mut red, keep) = browser(2);
    let update = red.start(&white.link().expect("link"));
    assert_eq!(red.mode(), Some(Mode::Link { seat: 1 }));
    assert_eq!(update.notice.and_then(|n| n.action_label).as_deref(), Some("I play White"));
    napoleon_setup(&mut red);
    let seals_before: Vec<String> = keep.keys().into_iter().filter(|k| k.contains(".seal.")).collect();
    assert_eq!(seals_before.len(), 1, "Red's sealed setup is kept");
    assert_eq!(code(&red.take_other_side()), Some("illegal-action"), "not after deciding");
    assert_eq!(red.mode(), Some(Mode::Link { seat: 1 }));
    assert_eq!(keep.keys().into_iter().filter(|k| k.contains(".seal.")).collect::<Vec<_>>(), seals_before);
}

#[test]
fn a_stored_copy_that_no_longer_opens_is_not_replaced_by_a_link() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let id = white.game_id().expect("id");
    let (mut black, keep) = browser(2);
    let stored = format!(r#"{{"id":"{id}","variant":"chess","mode":"link","seat":1,"link":"damaged!"}}"#);
    keep.clone().set(&format!("chessfront.game.{id}"), &stored).expect("raw");
    assert_eq!(code(&black.open_link(&sent)), Some("stored-game-unreadable"));
    assert_eq!(keep.get(&format!("chessfront.game.{id}")).as_deref(), Some(stored.as_str()));
}

#[test]
fn a_transfer_code_cannot_turn_a_link_game_into_another_kind() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "Bb2");
    let good = white.export_code().expect("export");
    let (mut laptop, _) = browser(3);
    laptop.import_code(&good).expect("import");
    // The same game as pass and play: refused where the link game is kept.
    let mut local = transfer::decode(&good).expect("valid");
    local.mode = "local".into();
    local.secret = None;
    assert_eq!(laptop.import_code(&transfer::encode(&local)).err().map(|e| e.code), Some(ErrorCode::BadTransferCode));
    // A "link" game whose chance is a seed: refused anywhere.
    let decoded = link::decode(&good).ok();
    assert!(decoded.is_none(), "a transfer code is not a link");
    let seeded = with_chance(&white.link().expect("link"), ChanceSource::Seeded([1; SEED_BYTES]), |_| {});
    let forged = transfer::Transfer { link: seeded, secret: None, ..transfer::decode(&good).expect("valid") };
    let (mut fresh, _) = browser(4);
    assert_eq!(fresh.import_code(&transfer::encode(&forged)).err().map(|e| e.code), Some(ErrorCode::LinkChanceMode));
}

#[test]
fn a_move_taken_back_in_another_tab_is_shown_not_replayed() {
    let (mut tab_a, keep) = browser(1);
    let local = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    tab_a.new_game(local).expect("new game");
    play(&mut tab_a, "e4");
    play(&mut tab_a, "e5");
    let id = tab_a.game_id().expect("id");
    let mut tab_b = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 2 }));
    tab_b.open_stored(&id);
    tab_a.undo().expect("undo");
    assert_eq!(code(&tab_b.storage_changed()), Some("updated-elsewhere"));
    assert_eq!(tab_b.game().expect("game").record().len(), 1, "the take-back is shown");
    play(&mut tab_b, "c5");
    assert!(keep.get(&format!("chessfront.game.{id}")).expect("stored").contains(&tab_b.link().expect("link")));
}

#[test]
fn move_confirmation_is_a_kept_preference_and_a_link_opened_counts_as_sent() {
    let (mut white, keep) = browser(1);
    white.set_confirm_moves(false).expect("kept");
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let view = white.presentation(None).expect("view");
    assert!(!view.confirm && view.link.is_some(), "no confirmation asked");
    let again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 9 }));
    assert!(!again.confirm_moves(), "the preference is kept between visits");
    // Reopened (a reload, another tab), nothing of the game can be taken back: it may have been sent.
    white.resume();
    assert!(!white.presentation(None).expect("view").undo_enabled);
    // Black's moves are never White's to take back, sent or not.
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    assert!(black.presentation(None).expect("view").undo_enabled);
    black.confirm_move().expect("confirmed");
    white.start(&black.link().expect("link"));
    assert!(!white.presentation(None).expect("view").undo_enabled, "the opponent's move");
}

#[test]
fn the_final_link_is_sent_by_the_player_who_ended_the_game_only() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "f3");
    white.confirm_move().expect("confirmed");
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    black.confirm_move().expect("confirmed");
    white.start(&black.link().expect("link"));
    play(&mut white, "g4");
    white.confirm_move().expect("confirmed");
    black.start(&white.link().expect("link"));
    play(&mut black, "Qh4");
    black.confirm_move().expect("confirmed");
    let label = black.presentation(None).expect("view").link_label.expect("a label");
    assert!(label.contains("Send the final link to White"), "{label}");
    white.start(&black.link().expect("link"));
    let view = white.presentation(None).expect("view");
    let label = view.link_label.expect("a label");
    assert!(!label.contains("Send"), "White received the final link: {label}");
    assert_eq!(view.banner.as_deref(), Some("0-1 · Black wins by checkmate"));
}

#[test]
fn moves_are_named_as_players_count_them() {
    let mut game = Game::from_slug("chess", None).expect("chess");
    assert_eq!(status::ply_label(&game, 0), "the start");
    for name in ["e4", "e5", "Nf3"] {
        game.play(game.find(name).expect("legal")).expect("played");
    }
    assert_eq!(status::ply_label(&game, 2), "1… e5");
    assert_eq!(status::ply_label(&game, 3), "2. Nf3");
    game.play(Decision::OfferDraw).expect("offer");
    assert_eq!(status::ply_label(&game, 4), "Black: draw offered");
}

#[test]
fn the_computer_answers_a_draw_offer() {
    let (mut me, _) = browser(4);
    let spec = NewGame {
        variant: "chess".into(),
        mode: Mode::Computer { seat: 0, level: 1 },
        settings: None,
        setup: Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".into()),
    };
    me.new_game(spec).expect("new game");
    let game = me.game().expect("game");
    let offer = game.index_of(Decision::OfferDraw).expect("an offer");
    me.play(&[offer]).expect("offered");
    play(&mut me, "Kf1");
    let update = {
        let game = me.game().expect("game").clone();
        let id = me.think_id;
        let turn = computer::turn(&game, 1, &crate::search::Level::depth(2), 1, &mut || false).expect("a turn");
        me.computer_moved(id, &turn)
    };
    assert_eq!(code(&update), Some("draw-accepted"), "a rook down, the computer takes the draw");
    assert_eq!(me.presentation(None).expect("view").banner.as_deref(), Some("1/2-1/2 · Draw by agreement"));
}

/// A host whose clock moves on a minute at every reading, so that "My games" have an order by date.
struct TickingHost {
    inner: TestHost,
    minutes: std::cell::Cell<u32>,
}

impl Host for TickingHost {
    fn random(&mut self, out: &mut [u8]) -> bool {
        self.inner.random(out)
    }
    fn now(&self) -> String {
        let m = self.minutes.get();
        self.minutes.set(m + 1);
        format!("2026-11-23T{:02}:{:02}:00Z", m / 60, m % 60)
    }
}

#[test]
fn a_rematch_swaps_colours_and_my_games_put_my_turn_first() {
    let host = TickingHost { inner: TestHost { state: 1 }, minutes: std::cell::Cell::new(0) };
    let mut white = Session::new(Box::new(MemoryKeep::default()), Box::new(host));
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let first = white.game_id().expect("id");
    white.rematch().expect("rematch");
    assert_ne!(white.game_id().expect("id"), first);
    assert_eq!(white.mode(), Some(Mode::Link { seat: 1 }), "the other colour, by link again");
    let games = white.games();
    assert_eq!(games.len(), 2);
    assert!(!games.iter().any(|g| g.your_turn), "both games wait for the opponent");
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "d4");
    black.confirm_move().expect("confirmed");
    white.start(&black.link().expect("link"));
    let answer = white.game_id().expect("id");
    // A newer game that waits for its opponent (White plays Black in it): the list by date alone would
    // put it first.
    link_game(&mut white, "chess", 1, None);
    let newest = white.game_id().expect("id");
    let games = white.games();
    assert_eq!(games.len(), 3);
    let by_id = |id: &str| games.iter().find(|g| g.id == id).expect("listed").updated.clone();
    assert!(by_id(&newest) > by_id(&answer), "the waiting game is the newer");
    assert!(games[0].your_turn && !games[1].your_turn && !games[2].your_turn, "the game to answer comes first");
    assert_eq!(games[0].id, answer);
    assert_eq!(games[1].id, newest, "then the others, newest first");
}

#[test]
fn a_player_waiting_for_the_opponent_may_resign_and_the_link_carries_it() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let sent = white.link().expect("link");
    let (mut black, _) = browser(2);
    black.start(&sent);
    // Black answers, but White has not opened it yet and resigns while waiting.
    play(&mut black, "e5");
    black.confirm_move().expect("confirmed");
    assert!(white.presentation(None).expect("view").can_resign, "resigning while waiting");
    white.resign().expect("resigned out of turn");
    let game = white.game().expect("game");
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(1)));
    assert_eq!(game.resigned_out_of_turn(), Some(0));
    let resigned = white.link().expect("link");
    let decoded = link::decode(&resigned).expect("the link carries the resignation");
    assert_eq!(decoded.game.resigned_out_of_turn(), Some(0));
    assert_eq!(link::encode(&decoded.game, decoded.game_id), resigned, "round trip");
    // Black's browser holds its own reply beyond it: the resignation is taken all the same.
    let update = black.start(&resigned);
    assert_eq!(code(&update), None, "{:?}", update.notice);
    let view = black.presentation(None).expect("view");
    assert_eq!(view.banner.as_deref(), Some("0-1 · Black wins by resignation"));
    // A resignation forged in Black's name (Black waiting after its reply) is refused by Black's browser.
    let mut reply = Game::from_slug("chess", None).expect("chess");
    for name in ["e4", "e5"] {
        reply.play(reply.find(name).expect("legal")).expect("played");
    }
    reply.resign_out_of_turn(1).expect("Black waits");
    let forged_link = link::encode(&reply, decoded.game_id);
    let (mut black2, _) = browser(2);
    black2.start(&sent);
    play(&mut black2, "e5");
    black2.confirm_move().expect("confirmed");
    let update = black2.open_link(&forged_link);
    assert_eq!(code(&update), Some("link-forged-move"));
}

#[test]
fn a_first_visit_is_welcomed_and_an_empty_game_is_not_kept() {
    let (mut me, keep) = browser(5);
    let update = me.start("");
    assert!(update.welcome, "nothing kept, no link: the start screen");
    assert!(me.game().is_some(), "a board to draw behind it");
    assert!(stored_links(&keep).is_empty(), "the empty game is not kept");
    play(&mut me, "e4");
    assert_eq!(me.games().len(), 1, "a game with a move is");
    let (mut again, _) = (Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 6 })), ());
    let update = again.start("");
    assert!(!update.welcome, "a returning player gets the last game");
    assert_eq!(again.game().expect("game").record().len(), 1);
}

#[test]
fn a_computer_without_a_legal_turn_is_out_by_the_rules_not_a_failure() {
    let (mut me, _) = browser(7);
    let spec =
        NewGame { variant: "chess".into(), mode: Mode::Computer { seat: 1, level: 1 }, settings: None, setup: None };
    let request = me.new_game(spec).expect("new game").think.expect("the computer plays White");
    let resign = me.game().expect("game").index_of(Decision::Resign).expect("an option");
    let update = me.computer_moved(request.id, &computer::ComputerTurn { indices: vec![resign], resigned: true });
    let notice = update.notice.expect("a notice");
    assert_eq!(notice.code, "computer-resigned");
    assert!(notice.info, "information, not an error");
    assert_eq!(notice.text, "White (computer) had no legal turn left, so it is out of the game, as the rules say.");
}

/// An older copy of the game is information (nothing is wrong, the newer copy stays); a refused link
/// is a problem the page shows as one.
#[test]
fn an_older_copy_is_information_and_a_refused_link_is_not() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let first = white.link().expect("link");
    let (mut black, _) = browser(2);
    assert_eq!(code(&black.start(&first)), Some("joined"));
    play(&mut black, "e5");
    let reply = black.link().expect("link");
    white.open_link(&reply);
    let older = white.open_link(&first).notice.expect("a notice");
    assert_eq!((older.code.as_str(), older.info), ("link-older-copy", true), "{}", older.text);
    let damaged = white.open_link("#not-a-link!").notice.expect("a notice");
    assert_eq!((damaged.code.as_str(), damaged.info), ("link-malformed", false), "{}", damaged.text);
}

/// The address bar holds a link game's link only (a reload or a bookmark reopens it); a pass-and-play
/// game keeps it empty. A finished game asks nobody for a decision.
#[test]
fn the_address_bar_holds_link_games_only_and_a_finished_game_decides_nothing() {
    let (mut local, _) = browser(1);
    local.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    play(&mut local, "e4");
    assert_eq!(local.fragment(), None);
    assert_eq!(local.presentation(None).and_then(|p| p.link), None);
    assert!(local.decides());
    for m in ["e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
        play(&mut local, m);
    }
    assert!(local.game().is_some_and(|g| g.outcome().is_some()));
    assert!(!local.decides(), "the game is over");

    let (mut white, _) = browser(2);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    white.confirm_move().ok();
    let link = white.link().expect("link");
    assert_eq!(white.fragment().as_deref(), Some(link.as_str()));
    assert_eq!(white.presentation(None).and_then(|p| p.link).as_deref(), Some(link.as_str()));
}

mod commands;
mod controls;
