//! Reopening a kept game (a player coming back to it: the repeat visit start-up is measured on). An unchanged game is
//! opened without writing to storage and without making its stored copy again; a game that opening
//! changes (a commitment made, a sealed setup revealed), a damaged copy, one kept under another game's
//! id or one spelled otherwise than the encoder writes is handled as it always was.

use super::*;
use std::cell::Cell;

/// Storage that records every key written or removed (another tab's storage, shared with `inner`).
#[derive(Clone, Default)]
struct WatchedKeep {
    inner: SharedKeep,
    written: Rc<RefCell<Vec<String>>>,
}

impl Keep for WatchedKeep {
    fn get(&self, key: &str) -> Option<String> {
        self.inner.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        self.written.borrow_mut().push(key.to_string());
        self.inner.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.written.borrow_mut().push(format!("removed {key}"));
        self.inner.remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.inner.keys()
    }
}

/// A host that counts how often the session asks the time: only a stored copy made again (its
/// `updated` stamp) or a game made anew asks it.
struct CountingHost {
    host: TestHost,
    asked: Rc<Cell<usize>>,
}

impl Host for CountingHost {
    fn random(&mut self, out: &mut [u8]) -> bool {
        self.host.random(out)
    }
    fn now(&self) -> String {
        self.asked.set(self.asked.get() + 1);
        self.host.now()
    }
}

/// A session, the keys it wrote, how often it asked the time.
type Watched = (Session, Rc<RefCell<Vec<String>>>, Rc<Cell<usize>>);

/// A new tab over `keep` that records what it writes and how often it asks the time.
fn tab(keep: &SharedKeep, stream: u64) -> Watched {
    let watched = WatchedKeep { inner: keep.clone(), written: Rc::default() };
    let written = watched.written.clone();
    let asked = Rc::new(Cell::new(0));
    let host = CountingHost { host: TestHost { state: stream }, asked: asked.clone() };
    (Session::new(Box::new(watched), Box::new(host)), written, asked)
}

fn stored_game(keep: &SharedKeep, id: &str) -> keep::StoredGame {
    keep::Shelf(&mut keep.clone()).game(id).expect("a stored game")
}

fn store(keep: &SharedKeep, game: &keep::StoredGame) {
    keep::Shelf(&mut keep.clone()).save_game(game).expect("stored");
}

/// Every kind of kept game, each played a little and left as the current game of its own browser.
fn kept_games() -> Vec<(&'static str, SharedKeep)> {
    let mut kept = Vec::new();
    let (mut s, keep) = browser(31);
    s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    for name in ["e4", "e5", "Nf3"] {
        play(&mut s, name);
    }
    kept.push(("pass and play", keep));

    let (mut s, keep) = browser(32);
    let computer = Mode::Computer { seat: 0, level: 2 };
    s.new_game(NewGame { variant: "chess".into(), mode: computer, settings: None, setup: None }).expect("new");
    play(&mut s, "d4");
    kept.push(("against the computer, its turn", keep));

    let (mut white, keep) = browser(33);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    kept.push(("a link game, waiting", keep));

    // Chess 2024 with the fortunes of war: both players committed, this browser keeps its secret.
    let (mut white, _) = browser(34);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let (mut black, keep) = browser(35);
    assert_eq!(code(&black.start(&white.link().expect("link"))), Some("visiting"));
    play_any(&mut black);
    kept.push(("a link game with chance and a secret", keep));

    // Napoleon in pass and play: White's sealed setup is kept in this browser, Black sets up next.
    let (mut s, keep) = browser(36);
    s.new_game(NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    let text = s.random_setup().expect("a setup");
    s.set_up(&text).expect("sealed");
    kept.push(("Napoleon with a sealed setup kept", keep));
    kept
}

#[test]
fn reopening_an_unchanged_game_writes_nothing_and_makes_no_stored_copy() {
    for (what, keep) in kept_games() {
        let before = stored_links(&keep);
        let id = keep.get("chessfront.current").expect("a current game");
        let link = stored_game(&keep, &id).link;
        let (mut returning, written, asked) = tab(&keep, 40);
        let update = returning.start("");
        assert_eq!(update.notice, None, "{what}: {:?}", update.notice);
        assert_eq!(returning.game_id().as_deref(), Some(id.as_str()), "{what}: the kept game is open");
        assert_eq!(returning.link().as_deref(), Some(link.as_str()), "{what}: as it was kept");
        assert_eq!(*written.borrow(), Vec::<String>::new(), "{what}: nothing written");
        assert_eq!(stored_links(&keep), before, "{what}: storage as it was");
        assert_eq!(asked.get(), 0, "{what}: no stored copy made again (it would be stamped with the time)");
        // The reopened game plays on and is saved as before.
        if returning.decides() {
            play_any(&mut returning);
            assert!(written.borrow().iter().any(|k| k == &format!("chessfront.game.{id}")), "{what}: a move is saved");
            assert_eq!(stored_game(&keep, &id).link, returning.link().expect("link"), "{what}");
        }
    }
}

#[test]
fn opening_another_kept_game_only_makes_it_the_current_one() {
    let (mut s, keep) = browser(41);
    let local = || NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    s.new_game(local()).expect("new");
    play(&mut s, "e4");
    let first = s.game_id().expect("id");
    s.new_game(local()).expect("new");
    play(&mut s, "d4");
    let before = stored_links(&keep);
    let (mut other, written, asked) = tab(&keep, 42);
    let update = other.open_stored(&first);
    assert_eq!(update.notice, None);
    assert_eq!(*written.borrow(), ["chessfront.current"]);
    assert_eq!(keep.get("chessfront.current"), Some(first.clone()));
    assert_eq!(asked.get(), 0);
    let after: Vec<_> = stored_links(&keep).into_iter().filter(|(k, _)| k != "chessfront.current").collect();
    let before: Vec<_> = before.into_iter().filter(|(k, _)| k != "chessfront.current").collect();
    assert_eq!(after, before, "every game as it was");
}

/// A link game kept before this browser committed (a copy from an older version, or storage edited):
/// reopening commits a fresh secret and keeps it, and the game with the commitment is saved.
#[test]
fn a_game_that_reopening_commits_is_saved() {
    let (mut white, _) = browser(43);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let id = white.game_id().expect("id");
    let keep = SharedKeep::default();
    let copy = keep::StoredGame {
        id: id.clone(),
        variant: "chess2024".into(),
        mode: "link".into(),
        seat: Some(1),
        link: sent.clone(),
        created: "2026-11-01T00:00:00Z".into(),
        ..keep::StoredGame::default()
    };
    store(&keep, &copy);
    keep.clone().set("chessfront.current", &id).expect("stored");
    let (mut black, written, _) = tab(&keep, 44);
    let update = black.start("");
    assert_eq!(update.notice, None, "{:?}", update.notice);
    let saved = stored_game(&keep, &id);
    assert_ne!(saved.link, sent, "the commitment is saved");
    assert_eq!(Some(saved.link.clone()), black.link());
    let Some(ChanceSource::Committed(c)) = link::decode(&saved.link).expect("valid").game.chance().cloned() else {
        panic!("commit and reveal")
    };
    assert!(c.tip(1).is_some(), "Black's commitment is in the saved link");
    assert_eq!(saved.created, copy.created, "the game keeps its date");
    let written = written.borrow();
    assert!(written.contains(&format!("chessfront.secret.{id}")), "{written:?}");
    assert!(written.contains(&format!("chessfront.game.{id}")), "{written:?}");
}

/// A pass-and-play Napoleon game kept while White's sealed setup was due to be placed (a save that
/// failed, say): reopening places it, and the game with the reveal is saved.
#[test]
fn a_game_that_reopening_reveals_in_is_saved() {
    let (mut s, keep) = browser(45);
    s.new_game(NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    let white = s.random_setup().expect("a setup");
    s.set_up(&white).expect("sealed");
    let id = s.game_id().expect("id");
    let sealed = link::decode(&s.link().expect("link")).expect("valid");
    let mut game = sealed.game;
    let black = s.random_setup().expect("Black's setup");
    game.place_setup(1, Some(&black)).expect("Black sets up in the open");
    assert!(game.setup_due().is_some_and(|d| d.seat == 0 && d.sealed), "White's reveal is due");
    let due = link::encode(&game, sealed.game_id);
    let mut copy = stored_game(&keep, &id);
    copy.link = due.clone();
    store(&keep, &copy);
    let (mut reopened, written, _) = tab(&keep, 46);
    let update = reopened.start("");
    assert_eq!(update.notice, None, "{:?}", update.notice);
    let game = reopened.game().expect("game");
    assert_eq!(game.setup_due(), None, "White's setup placed by itself");
    assert!(game.seals()[0].salt.is_some(), "and its salt published");
    let saved = stored_game(&keep, &id);
    assert_ne!(saved.link, due);
    assert_eq!(Some(saved.link), reopened.link(), "the reveal is saved");
    assert!(written.borrow().contains(&format!("chessfront.game.{id}")));
}

/// A kept copy that no longer decodes (storage edited, or a link changed by hand) is not opened and
/// stays as it is; a new game is started in its place and nothing is written.
#[test]
fn a_damaged_kept_game_is_reported_and_left_as_it_is() {
    let (mut s, keep) = browser(47);
    s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    play(&mut s, "e4");
    play(&mut s, "e5");
    let id = s.game_id().expect("id");
    let mut copy = stored_game(&keep, &id);
    let mut link = copy.link.into_bytes();
    let last = link.len() - 3;
    link[last] = if link[last] == b'A' { b'B' } else { b'A' };
    copy.link = String::from_utf8(link).expect("text");
    store(&keep, &copy);
    let before = stored_links(&keep);
    let (mut returning, written, _) = tab(&keep, 48);
    let update = returning.start("");
    assert_eq!(code(&update), Some("no-game"));
    assert_ne!(returning.game_id(), Some(id.clone()), "a new game, not the damaged one");
    assert_eq!(*written.borrow(), Vec::<String>::new());
    assert_eq!(stored_links(&keep), before, "the damaged copy is kept for the player to see");
}

/// A copy kept under one id whose link is another game's (storage edited): opened as before, which
/// saves that game under its own id and says the kept game could not be reopened.
#[test]
fn a_kept_game_under_another_id_is_handled_as_before() {
    let (mut s, keep) = browser(49);
    s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    play(&mut s, "c4");
    let id = s.game_id().expect("id");
    let (mut other, _) = browser(50);
    other.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    play(&mut other, "g3");
    let other_id = other.game_id().expect("id");
    assert_ne!(id, other_id);
    let mut copy = stored_game(&keep, &id);
    copy.link = other.link().expect("link");
    store(&keep, &copy);
    let (mut returning, written, _) = tab(&keep, 51);
    let update = returning.start("");
    assert_eq!(code(&update), Some("no-game"));
    assert!(written.borrow().contains(&format!("chessfront.game.{other_id}")), "{:?}", written.borrow());
    assert_eq!(stored_game(&keep, &id).link, other.link().expect("link"), "the kept copy is left as it is");
}

/// A kept link spelled otherwise than the encoder writes it (with its '#', or padded): the game opens,
/// and its link is saved again as the encoder spells it, as before.
#[test]
fn a_kept_link_spelled_otherwise_is_saved_as_the_encoder_spells_it() {
    let padded = |l: &str| format!("{l}{}", "=".repeat((4 - l.len() % 4) % 4));
    for respell in [|l: &str| format!("#{l}"), padded, |l: &str| format!(" {l}")] {
        let (mut s, keep) = browser(52);
        s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
        play(&mut s, "e4");
        let id = s.game_id().expect("id");
        let link = s.link().expect("link");
        let mut copy = stored_game(&keep, &id);
        copy.link = respell(&link);
        store(&keep, &copy);
        let (mut returning, written, _) = tab(&keep, 53);
        let update = returning.start("");
        assert_eq!(update.notice, None, "{:?}", update.notice);
        assert_eq!(returning.link(), Some(link.clone()));
        assert_ne!(copy.link, link);
        assert_eq!(stored_game(&keep, &id).link, link, "{}", copy.link);
        assert!(written.borrow().contains(&format!("chessfront.game.{id}")));
    }
}

/// A local game of `variant` made by `s`, kept after its first move: answers its id.
fn local_game(s: &mut Session, variant: &str) -> String {
    s.new_game(NewGame { variant: variant.into(), mode: Mode::Local, settings: None, setup: None }).expect("new game");
    play_any(s);
    s.game_id().expect("open")
}

#[test]
fn a_stored_game_handed_to_a_build_with_its_rules_is_the_one_an_address_without_a_game_reopens() {
    let keep = SharedKeep::default();
    let (mut s, _, _) = tab(&keep, 90);
    let checkered = local_game(&mut s, "checkered");
    let chess = local_game(&mut s, "chess");
    assert!(s.has_rules_for_stored(&checkered) && s.has_rules_for_stored(&chess));
    assert!(s.has_rules_for_stored("0000000000"), "an id that is not stored: its opening says so");
    // A stored game of a variant this build does not have (a one-variant module's case).
    keep.clone()
        .set(
            "chessfront.game.00000000ff",
            &keep
                .get(&format!("chessfront.game.{chess}"))
                .expect("kept")
                .replace(&chess, "00000000ff")
                .replace("\"chess\"", "\"xiangqi\""),
        )
        .expect("raw");
    assert!(!s.has_rules_for_stored("00000000ff"));

    assert_eq!(
        s.reopen_next("0000000000").map_err(|e| e.code),
        Err(ErrorCode::NoGame),
        "nothing stored: nothing changes"
    );
    assert_eq!(s.game_id().as_deref(), Some(chess.as_str()));
    s.reopen_next(&checkered).expect("stored");
    // The reloaded tab, at the address without a game, opens it.
    let (mut reloaded, _, _) = tab(&keep, 91);
    reloaded.start("");
    assert_eq!(reloaded.game_id().as_deref(), Some(checkered.as_str()));
    assert_eq!(reloaded.game().expect("open").rules().info().slug, "checkered");
}

/// A link game whose kept sealed setup is damaged says so, and still gets the player's key: the turn
/// played next is signed, and its save continues the kept copy (unsigned, it replaced the kept copy with
/// one that no longer opens).
#[test]
fn a_damaged_seal_is_said_and_the_players_moves_are_still_signed() {
    let (mut white, keep) = browser(60);
    link_game(&mut white, "napoleon", 0, None);
    napoleon_setup(&mut white);
    let (mut black, _) = browser(61);
    black.start(&white.link().expect("link"));
    napoleon_setup(&mut black);
    white.open_link(&black.link().expect("link"));
    assert!(white.decides(), "White's move");
    let id = white.game_id().expect("id");
    // The seal's setup with a man added: it reads, but no longer matches the game's commitment.
    let seal = format!("chessfront.seal.{id}.0");
    let kept = keep::Kept::from_json(&keep.get(&seal).expect("White's seal")).expect("readable");
    let damaged = keep::Kept { secret: format!("{} Pa5", kept.secret), ..kept };
    keep.clone().set(&seal, &damaged.to_json()).expect("raw");
    let kept = stored_game(&keep, &id).link;
    let (mut again, _, _) = tab(&keep, 62);
    assert_eq!(code(&again.open_stored(&id)), Some("link-bad-reveal"));
    // White's turn played to its end (a Napoleon turn takes several steps), which its signature covers.
    let mut steps = 0;
    while again.decides() && steps < 20 {
        let game = again.game().expect("a game");
        let ending = game.decisions().into_iter().find(|d| match d {
            Decision::Act(a) => matches!(game.position().info(*a).name.as_str(), "pass" | "end moves"),
            _ => false,
        });
        match ending.and_then(|d| game.index_of(d)) {
            Some(index) if steps > 0 => drop(again.play(&[index]).expect("legal")),
            _ => play_any(&mut again),
        }
        steps += 1;
    }
    assert!(!again.decides(), "the turn is over: {:?}", again.game().map(|g| g.record().len()));
    let saved = stored_game(&keep, &id).link;
    let (kept, saved) = (link::decode(&kept).expect("kept"), link::decode(&saved).expect("a signed link"));
    assert_eq!(saved.game.record().len(), kept.game.record().len() + steps);
    assert!(continuation::continues(&kept, &saved).is_ok(), "the move continues the kept copy");
}

/// A copy of a link game kept under another id (storage edited: a local game's copy given the link
/// game's link) opens the link game as it is kept under its own id, and neither copy is rewritten: opened
/// as the other copy says (pass and play), it was saved over the link game's own copy.
#[test]
fn a_copy_under_another_id_of_a_game_kept_under_its_own_opens_that_game_as_kept() {
    let (mut s, keep) = browser(63);
    link_game(&mut s, "chess", 0, None);
    play(&mut s, "e4");
    let link_id = s.game_id().expect("id");
    let local = local_game(&mut s, "chess");
    let mut copy = stored_game(&keep, &local);
    copy.link = stored_game(&keep, &link_id).link;
    store(&keep, &copy);
    let games = |keep: &SharedKeep| {
        [keep.get(&format!("chessfront.game.{local}")), keep.get(&format!("chessfront.game.{link_id}"))]
    };
    let before = games(&keep);
    let (mut returning, _, _) = tab(&keep, 64);
    returning.open_stored(&local);
    assert_eq!(returning.game_id(), Some(link_id.clone()));
    assert_eq!(returning.mode(), Some(Mode::Link { seat: 0 }), "played as kept under its own id");
    assert_eq!(games(&keep), before, "neither copy rewritten");
}

/// The same from the second seat: the game is opened from the seat it is kept under its own id with,
/// not from the seat the copy under another id says (none: pass and play).
#[test]
fn a_copy_under_another_id_opens_the_game_from_the_seat_kept_under_its_own() {
    let (mut s, keep) = browser(68);
    link_game(&mut s, "chess", 1, None);
    let link_id = s.game_id().expect("id");
    let local = local_game(&mut s, "chess");
    let mut copy = stored_game(&keep, &local);
    copy.link = stored_game(&keep, &link_id).link;
    store(&keep, &copy);
    let (mut returning, _, _) = tab(&keep, 69);
    returning.open_stored(&local);
    assert_eq!(returning.game_id(), Some(link_id));
    assert_eq!(returning.mode(), Some(Mode::Link { seat: 1 }), "played from the seat kept under its own id");
}

/// A link game's copy whose mode is damaged (pass and play, or the computer) is still played by link:
/// its player's key is brought, so the turn played next is signed and saved as a continuation (played
/// as its copy said, unsigned, it replaced the kept copy with one that no longer opened).
#[test]
fn a_link_games_copy_with_a_damaged_mode_is_still_played_by_link() {
    for mode in ["local", "computer"] {
        let (mut white, keep) = browser(65);
        link_game(&mut white, "chess", 0, None);
        play(&mut white, "e4");
        let (mut black, _) = browser(66);
        black.start(&white.link().expect("link"));
        play(&mut black, "e5");
        white.open_link(&black.link().expect("link"));
        let id = white.game_id().expect("id");
        let mut copy = stored_game(&keep, &id);
        let kept = link::decode(&copy.link).expect("kept");
        copy.mode = mode.into();
        store(&keep, &copy);
        let (mut again, _, _) = tab(&keep, 67);
        again.open_stored(&id);
        assert_eq!(again.mode(), Some(Mode::Link { seat: 0 }), "{mode}");
        play(&mut again, "Nf3");
        let saved = link::decode(&stored_game(&keep, &id).link).expect("a signed link");
        assert_eq!(saved.game.record().len(), kept.game.record().len() + 1, "{mode}");
        assert!(continuation::continues(&kept, &saved).is_ok(), "{mode}");
    }
}
