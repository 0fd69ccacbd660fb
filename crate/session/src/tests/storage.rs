//! Storage that fails or fills up: every failed save is the notice of the update it happens in, and the
//! cap on stored games gives way only with games this browser never played in.

use super::*;
use crate::cap::MAX_GAMES;
use crate::keep::{Kept, Shelf, StoredGame};
use std::cell::Cell;

/// Storage that counts the writes it refused (with `full` set), so a test knows which commands failed
/// to save something.
#[derive(Clone, Default)]
struct CountingKeep {
    keep: SharedKeep,
    refused: Rc<Cell<usize>>,
}

impl Keep for CountingKeep {
    fn get(&self, key: &str) -> Option<String> {
        self.keep.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        let result = self.keep.set(key, value);
        self.refused.set(self.refused.get() + usize::from(result.is_err()));
        result
    }
    fn remove(&mut self, key: &str) {
        self.keep.remove(key)
    }
    fn keys(&self) -> Vec<String> {
        self.keep.keys()
    }
}

fn counting_browser(stream: u64) -> (Session, CountingKeep) {
    let keep = CountingKeep::default();
    (Session::new(Box::new(keep.clone()), Box::new(TestHost { state: stream })), keep)
}

/// Runs a command as the page does (through [`Session::finish`]) and checks that a refused write made
/// its notice a storage failure.
fn checked(s: &mut Session, keep: &CountingKeep, what: &str, command: impl FnOnce(&mut Session) -> Update) -> Update {
    let before = keep.refused.get();
    let update = command(s);
    let update = s.finish(update);
    if keep.refused.get() > before {
        assert_eq!(code(&update), Some("storage-full"), "{what}: a refused write must be the notice: {update:?}");
    }
    update
}

#[test]
fn every_update_whose_save_fails_says_so_whatever_else_it_says() {
    let (mut white, _) = browser(40);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");

    // A browser whose storage is full from the start: joining (its "joined" notice), each move, undo,
    // taking the other side, resigning: every update that could not save says so, not once only.
    let (mut black, keep) = counting_browser(41);
    keep.keep.0.borrow_mut().full = true;
    checked(&mut black, &keep, "joined", |s| s.start(&sent));
    checked(&mut black, &keep, "other side", |s| s.take_other_side());
    checked(&mut black, &keep, "other side again", |s| s.take_other_side());
    for round in 0..2 {
        let update = checked(&mut black, &keep, "e5", |s| {
            let game = s.game().expect("a game");
            let index = game.index_of(game.find("e5").expect("legal")).expect("an option");
            s.play(&[index]).expect("legal")
        });
        assert_eq!(code(&update), Some("storage-full"), "said at every move, not once only");
        if round == 0 {
            checked(&mut black, &keep, "undo", |s| s.undo().expect("undo"));
        }
    }
    checked(&mut black, &keep, "resign", |s| s.resign().expect("resign"));
    assert!(keep.refused.get() >= 4, "the storage refused the saves");

    // Pass and play, a Chess 2024 link game (its secret refused too) and a Napoleon seal.
    let (mut local, keep) = counting_browser(42);
    keep.keep.0.borrow_mut().full = true;
    let chess = || NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    checked(&mut local, &keep, "new game", |s| s.new_game(chess()).expect("new"));
    for _ in 0..3 {
        let update = checked(&mut local, &keep, "a move", |s| {
            s.play(&[0]).expect("legal");
            Update::default()
        });
        assert_eq!(code(&update), Some("storage-full"));
    }
    let spec = NewGame { variant: "chess2024".into(), mode: Mode::Link { seat: 0 }, settings: None, setup: None };
    checked(&mut local, &keep, "a link game with a secret", |s| s.new_game(spec).expect("new"));
    let spec = NewGame { variant: "napoleon".into(), mode: Mode::Link { seat: 0 }, settings: None, setup: None };
    checked(&mut local, &keep, "napoleon", |s| s.new_game(spec).expect("new"));
    let text = local.random_setup().expect("a setup");
    checked(&mut local, &keep, "a sealed setup", |s| s.set_up(&text).expect("sealed"));

    // Storage that takes writes again: the next save says nothing, and nothing stale is left to say.
    keep.keep.0.borrow_mut().full = false;
    let update = checked(&mut local, &keep, "rematch", |s| s.rematch().expect("rematch"));
    assert_eq!(code(&update), None, "{update:?}");
    assert_eq!(local.finish(Update::default()), Update::default());
}

#[test]
fn a_failed_save_is_kept_in_its_own_words_when_the_notice_already_tells_it() {
    let (mut s, keep) = counting_browser(43);
    keep.keep.0.borrow_mut().full = true;
    let spec = NewGame { variant: "chess2024".into(), mode: Mode::Link { seat: 0 }, settings: None, setup: None };
    let update = s.new_game(spec).expect("new");
    let said = update.notice.clone().expect("a notice").text;
    let update = s.finish(update);
    // The secret's notice says more than the game's (what a lost secret means): it stays.
    assert_eq!(code(&update), Some("storage-full"));
    assert_eq!(update.notice.expect("a notice").text, said);
    assert!(said.contains("fortunes of war"), "{said}");
}

// ---------------------------------------------------------------------------------------------
// The cap on stored games

/// A chess link in which White played e4 and Black has not answered.
fn first_move_link() -> String {
    let (mut white, _) = browser(44);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    white.link().expect("link")
}

/// Stores game `n` (id and time from `n`: a higher `n` was played more recently), played as `mode`
/// from `seat`, holding `link`; with a secret, as a link game keeps one.
fn store(keep: &SharedKeep, n: usize, mode: &str, seat: Option<Seat>, link: &str) -> String {
    let id = format!("{n:010x}");
    let game = StoredGame {
        id: id.clone(),
        variant: "chess".into(),
        mode: mode.into(),
        seat,
        link: link.into(),
        updated: format!("2026-01-01T00:{:02}:{:02}Z", n / 60, n % 60),
        ..StoredGame::default()
    };
    let mut k = keep.clone();
    Shelf(&mut k).save_game(&game).expect("stored");
    Shelf(&mut k).save_secret(&id, &Kept { seat: seat.unwrap_or(0), secret: "ab".repeat(16) }).expect("stored");
    id
}

fn stored_ids(keep: &SharedKeep) -> Vec<String> {
    let mut k = keep.clone();
    let mut ids: Vec<String> = Shelf(&mut k).games().into_iter().map(|g| g.id).collect();
    ids.sort();
    ids
}

fn new_local_game(s: &mut Session) -> Update {
    let spec = NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None };
    s.new_game(spec).expect("new");
    play(s, "e4");
    s.finish(Update::default())
}

#[test]
fn at_the_cap_a_new_game_takes_the_place_of_the_oldest_game_never_played_in() {
    let link = first_move_link();
    let (mut s, keep) = browser(45);
    // The oldest games: pass and play and a computer game (never taken), then two links opened as
    // Black and never answered (White's move only), then games played in as White.
    store(&keep, 0, "local", None, &link);
    store(&keep, 1, "computer", Some(1), &link);
    let idle = [store(&keep, 2, "link", Some(1), &link), store(&keep, 3, "link", Some(1), &link)];
    for n in 4..MAX_GAMES {
        store(&keep, n, "link", Some(0), &link);
    }
    assert_eq!(stored_ids(&keep).len(), MAX_GAMES);

    let update = new_local_game(&mut s);
    assert_eq!(code(&update), None, "{update:?}");
    let ids = stored_ids(&keep);
    assert_eq!(ids.len(), MAX_GAMES, "one in, one out");
    let new = s.game_id().expect("open");
    assert!(ids.contains(&new), "the new game is kept");
    assert!(!ids.contains(&idle[0]), "the oldest link never played in made room");
    assert!(ids.contains(&idle[1]) && ids.contains(&format!("{:010x}", 0)) && ids.contains(&format!("{:010x}", 1)));
    assert_eq!(keep.get(&format!("chessfront.secret.{}", idle[0])), None, "with its secret");

    // A game already kept is saved at the cap as before.
    play(&mut s, "e5");
    assert_eq!(code(&s.finish(Update::default())), None);
    assert_eq!(stored_ids(&keep).len(), MAX_GAMES);
    // The next new game takes the other idle game's place; then none is left to give way.
    assert_eq!(code(&new_local_game(&mut s)), None);
    assert!(!stored_ids(&keep).contains(&idle[1]));
    assert_eq!(code(&new_local_game(&mut s)), Some("too-many-games"));
}

#[test]
fn at_the_cap_with_every_game_played_in_a_new_game_is_not_saved_and_the_player_is_told() {
    let link = first_move_link();
    let (mut s, keep) = browser(46);
    for n in 0..MAX_GAMES {
        store(&keep, n, "link", Some(0), &link);
    }
    // Unreadable copies are not given up either: nothing shows what they held.
    store(&keep, 0, "link", Some(1), "not-a-link");
    let before = stored_links(&keep);

    let update = new_local_game(&mut s);
    let notice = update.notice.expect("a notice");
    assert_eq!(notice.code, "too-many-games");
    assert!(notice.text.contains("Delete the games you no longer need under \"My games\""), "{}", notice.text);
    assert!(notice.french.0.contains("Supprimez sous « Mes parties »"), "{}", notice.french.0);
    assert_eq!(stored_links(&keep), before, "nothing deleted, nothing saved");
    // Said again at every move while the game stays unsaved.
    play(&mut s, "e5");
    assert_eq!(code(&s.finish(Update::default())), Some("too-many-games"));

    // The player deletes a game: the next move saves this one.
    s.delete_game(&format!("{:010x}", 7));
    play(&mut s, "Nf3");
    assert_eq!(code(&s.finish(Update::default())), None);
    assert!(stored_ids(&keep).contains(&s.game_id().expect("open")));
    assert_eq!(stored_ids(&keep).len(), MAX_GAMES);
}

/// A link game of `variant` on seat 0 with its first decision made (a move, or Napoleon's sealed setup),
/// in a browser of its own: that browser's storage, the game's id and its transfer code.
fn link_game_and_its_code(stream: u64, variant: &str) -> (SharedKeep, String, String) {
    let (mut me, keep) = browser(stream);
    link_game(&mut me, variant, 0, None);
    if variant == "napoleon" {
        napoleon_setup(&mut me);
    } else {
        play(&mut me, "e4");
    }
    let id = me.game_id().expect("id");
    let code = me.export_code().expect("export");
    (keep, id, code)
}

/// Where storage keeps game `id`'s "key", "secret" (chance) or "seal" (seat 0's).
fn secret_name(id: &str, what: &str) -> String {
    match what {
        "seal" => format!("chessfront.seal.{id}.0"),
        other => format!("chessfront.{other}.{id}"),
    }
}

/// A game whose copy is gone or damaged may still have its key, chance secret and sealed setup kept here
/// (the only way to go on with it from its link): a transfer code of that game never replaces one of
/// them, damaged or not; one that brings the same secrets is taken, and writes only what is missing.
#[test]
fn a_transfer_code_never_replaces_a_secret_kept_for_a_game_whose_copy_is_gone() {
    for (variant, damaged) in [("chess2024", "key"), ("chess2024", "secret"), ("napoleon", "seal")] {
        let (keep, id, code_text) = link_game_and_its_code(80, variant);
        let secret_key = secret_name(&id, damaged);
        assert!(keep.get(&secret_key).is_some(), "{variant}: {secret_key} kept");
        let mut raw = keep.clone();
        raw.remove(&format!("chessfront.game.{id}"));
        // Intact: the code is taken, and what is kept stays as it is.
        let before = stored_links(&keep);
        let mut laptop = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 81 }));
        laptop.import_code(&code_text).expect("the same secrets: taken");
        let after: Vec<_> =
            stored_links(&keep).into_iter().filter(|(k, _)| before.iter().any(|(b, _)| b == k)).collect();
        assert_eq!(after, before, "{variant}: nothing kept was rewritten");
        // Damaged: refused, and nothing is written.
        raw.remove(&format!("chessfront.game.{id}"));
        raw.set(&secret_key, "{damaged").expect("raw");
        let before = stored_links(&keep);
        let mut laptop = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 82 }));
        let refused = laptop.import_code(&code_text).expect_err("a kept secret would be replaced");
        assert_eq!(refused.code, ErrorCode::BadTransferCode, "{variant} {damaged}");
        assert_eq!(stored_links(&keep), before, "{variant} {damaged}: nothing replaced, nothing written");
    }
}

/// "My games" deletes the games it lists: an id that is no stored game (its copy damaged, or no copy
/// at all) deletes nothing, not the secrets a damaged game still has here.
#[test]
fn deleting_an_id_that_is_no_stored_game_deletes_nothing() {
    let (mut me, keep) = browser(83);
    link_game(&mut me, "chess2024", 0, None);
    play(&mut me, "e4");
    let id = me.game_id().expect("id");
    let mut raw = keep.clone();
    raw.set(&format!("chessfront.game.{id}"), "{not json").expect("raw");
    raw.set(&format!("chessfront.game.{id}.x"), "stray").expect("raw");
    let before = stored_links(&keep);
    let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 84 }));
    assert!(again.games().is_empty(), "the damaged copy is not listed");
    for unlisted in [id.as_str(), &format!("{id}.x"), "", "0123456789"] {
        again.delete_game(unlisted);
        assert_eq!(stored_links(&keep), before, "{unlisted:?}: nothing deleted");
    }
}

/// A damaged copy may keep the player on seat 255 (a seat the game does not have, the last one a seat
/// number names): a rematch of it starts a game on a seat the new game has, and never overflows.
#[test]
fn a_rematch_of_a_game_kept_on_the_last_seat_number_starts_a_game() {
    for mode in [Mode::Computer { seat: 0, level: 1 }, Mode::Link { seat: 0 }] {
        let (mut me, keep) = browser(85);
        me.new_game(NewGame { variant: "chess".into(), mode, settings: None, setup: None }).expect("new");
        play(&mut me, "e4");
        let id = me.game_id().expect("id");
        let mut k = keep.clone();
        let stored = Shelf(&mut k).game(&id).expect("stored");
        Shelf(&mut k).save_game(&StoredGame { seat: Some(255), ..stored }).expect("edited");
        let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 86 }));
        again.open_stored(&id);
        assert_eq!(again.game_id(), Some(id.clone()), "{mode:?}: opened");
        again.rematch().expect("a rematch");
        let seat = again.mode().and_then(Mode::seat).expect("a seat");
        assert!((seat as usize) < again.game().expect("a game").seat_count(), "{mode:?}: seat {seat}");
    }
}

/// A transfer code is how a player takes a game to another browser: there, it brings the game's key,
/// chance secret and sealed setup, each as it was kept; where some are kept already (the same ones), it
/// writes the others.
#[test]
fn a_transfer_code_brings_every_secret_of_its_game_and_writes_only_what_is_missing() {
    for (variant, secrets) in [("chess2024", ["key", "secret"]), ("napoleon", ["key", "seal"])] {
        let (keep, id, code_text) = link_game_and_its_code(87, variant);
        let name = |what: &str| secret_name(&id, what);
        let kept = |what: &str| keep.get(&name(what)).unwrap_or_else(|| panic!("{variant}: {what} kept"));
        // Into an empty browser: every secret, as it was kept.
        let (mut laptop, laptop_keep) = browser(88);
        laptop.import_code(&code_text).expect("taken");
        for what in secrets {
            assert_eq!(laptop_keep.get(&name(what)), Some(kept(what)), "{variant}: {what} brought");
        }
        // Into a browser keeping the first already: the second is written beside it.
        let (mut phone, phone_keep) = browser(89);
        phone_keep.clone().set(&name(secrets[0]), &kept(secrets[0])).expect("raw");
        phone.import_code(&code_text).expect("the same secret kept: taken");
        for what in secrets {
            assert_eq!(phone_keep.get(&name(what)), Some(kept(what)), "{variant}: {what} there");
        }
    }
}
