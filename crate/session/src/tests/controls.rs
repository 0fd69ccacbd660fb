//! The controls the page shows (undo, resign, move confirmation, rematch, the other side) and who may
//! use them when, in every mode.

use super::*;
use crate::rules::Outcome;

fn view(s: &Session) -> status::Presentation {
    s.presentation(None).expect("a game")
}

fn new(s: &mut Session, variant: &str, mode: Mode, setup: Option<&str>) -> Update {
    let spec = NewGame { variant: variant.into(), mode, settings: None, setup: setup.map(String::from) };
    s.new_game(spec).expect("new game")
}

#[test]
fn undo_in_pass_and_play_takes_back_any_move() {
    let (mut s, _) = browser(1);
    new(&mut s, "chess", Mode::Local, None);
    assert!(!view(&s).undo_enabled, "nothing to take back");
    play(&mut s, "e4");
    assert!(view(&s).undo_enabled);
}

#[test]
fn undo_against_the_computer_needs_a_decision_of_the_player() {
    // The player has White: after its move and the computer's reply, it is its turn again.
    let (mut me, _) = browser(2);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 }, None);
    assert!(!view(&me).undo_enabled);
    play(&mut me, "e4");
    let request = me.think_request().expect("the computer's turn");
    answer(&mut me, request);
    assert_eq!(me.game().expect("game").record().len(), 2);
    assert!(view(&me).undo_enabled, "the player's move and the reply are taken back together");

    // The computer has White: its first move alone is not the player's to take back.
    let (mut me, _) = browser(3);
    let request = new(&mut me, "chess", Mode::Computer { seat: 1, level: 1 }, None).think.expect("White thinks");
    answer(&mut me, request);
    assert!(!view(&me).undo_enabled, "only the computer's move so far");
    play(&mut me, "e5");
    assert!(view(&me).undo_enabled);

    // Napoleon: the computer seals White's setup first; Black's setup is then due.
    let (mut me, _) = browser(4);
    new(&mut me, "napoleon", Mode::Computer { seat: 1, level: 1 }, None);
    assert_eq!(me.game().expect("game").record().len(), 1, "the computer's sealed setup");
    assert!(!view(&me).undo_enabled);
    // The player seals White's setup; the computer sets Black up at once; White's reveal is then due,
    // and the player may still take its setup back.
    let (mut me, _) = browser(5);
    new(&mut me, "napoleon", Mode::Computer { seat: 0, level: 1 }, None);
    me.play(&[0]).expect("sealed");
    let game = me.game().expect("game");
    assert!(game.record().len() > 1 && game.setup_due().is_some_and(|d| d.seat == 0));
    assert!(view(&me).undo_enabled);
}

#[test]
fn undo_in_a_link_game_lasts_until_the_link_is_handed_out() {
    let (mut white, _) = browser(6);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    assert!(white.confirm_moves(), "confirmation is on by default");
    play(&mut white, "e4");
    assert!(view(&white).confirm && view(&white).link.is_none(), "the move waits for confirmation");
    // Handing out is only possible once confirmed: a stray call changes nothing.
    white.link_sent();
    white.confirm_move().expect("a move to confirm");
    assert!(view(&white).undo_enabled, "confirmed, not yet sent");
    white.link_sent();
    assert!(!view(&white).undo_enabled, "the link is out");

    let (mut black, _) = browser(7);
    black.open_link(&white.link().expect("link"));
    assert!(!view(&black).undo_enabled, "White's move is not Black's to take back");
    play(&mut black, "e5");
    assert!(view(&black).undo_enabled);
}

#[test]
fn turning_confirmation_off_shows_the_waiting_link_and_is_kept() {
    let (mut white, keep) = browser(8);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    assert!(view(&white).link.is_none());
    white.set_confirm_moves(false).expect("kept");
    assert!(!white.confirm_moves());
    assert_eq!(view(&white).link, white.link(), "nothing waits any more");
    let tab = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 9 }));
    assert!(!tab.confirm_moves(), "the preference is remembered");
    white.set_confirm_moves(true).expect("kept");
    let tab = Session::new(Box::new(keep), Box::new(TestHost { state: 9 }));
    assert!(tab.confirm_moves());
}

#[test]
fn who_may_resign_when() {
    // Pass and play: the player to move, until the game ends.
    let (mut s, _) = browser(10);
    new(&mut s, "chess", Mode::Local, None);
    assert!(view(&s).can_resign);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        play(&mut s, m);
    }
    assert!(!view(&s).can_resign, "the game is over");
    assert!(s.resign().is_err());

    // A link game of two: on one's turn (by a decision) and while waiting (out of turn).
    let (mut white, _) = browser(11);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    assert!(view(&white).can_resign);
    white.resign().expect("on White's turn");
    let game = white.game().expect("game");
    assert_eq!(game.outcome(), Some(Outcome::win(1, EndReason::Resignation)));
    assert_eq!(game.resigned_out_of_turn(), None, "a decision of its turn");
    let (mut white, _) = browser(12);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    assert!(view(&white).can_resign, "waiting for Black");
    white.resign().expect("out of turn");
    assert_eq!(white.game().expect("game").resigned_out_of_turn(), Some(0));

    // Against the computer: also while it thinks (its late answer is then ignored).
    let (mut me, _) = browser(13);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 }, None);
    play(&mut me, "e4");
    let request = me.think_request().expect("the computer thinks");
    assert!(view(&me).thinking && view(&me).can_resign);
    me.resign().expect("while the computer thinks");
    assert_eq!(me.game().expect("game").outcome(), Some(Outcome::win(1, EndReason::Resignation)));
    assert_eq!(answer(&mut me, request), Update::default(), "the answer comes too late");

    // Four players: on one's turn only (the others play on without a word from a waiting player).
    let (mut four, _) = browser(14);
    let spec = NewGame {
        variant: "napoleon".into(),
        mode: Mode::Link { seat: 1 },
        settings: Some(vec![1]),
        setup: Some("Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1".into()),
    };
    four.new_game(spec.clone()).expect("four players");
    assert_eq!(four.game().expect("game").to_move(), 0);
    assert!(!view(&four).can_resign, "Red waits: no resigning out of turn among four");
    let (mut four, _) = browser(15);
    four.new_game(NewGame { mode: Mode::Link { seat: 0 }, ..spec }).expect("four players");
    assert!(view(&four).can_resign, "White's turn");
}

#[test]
fn a_rematch_swaps_sides_against_the_computer_and_keeps_its_level() {
    let (mut me, _) = browser(16);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 4 }, None);
    let update = me.rematch().expect("a new game");
    assert_eq!(me.mode(), Some(Mode::Computer { seat: 1, level: 4 }));
    assert!(update.think.is_some(), "the computer opens as White");
    me.rematch().expect("and back");
    assert_eq!(me.mode(), Some(Mode::Computer { seat: 0, level: 4 }));
}

#[test]
fn a_finished_game_between_two_browsers_is_watched_elsewhere() {
    // Black resigned on its turn (its first act in the game takes its seat).
    let (mut white, _) = browser(17);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let (mut black, _) = browser(18);
    black.open_link(&white.link().expect("link"));
    black.resign().expect("Black resigns on its turn");
    let last = black.link().expect("the final link");
    // A third browser holds neither side's key: it watches, and keeps nothing.
    let (mut elsewhere, keep) = browser(19);
    let update = elsewhere.open_link(&last);
    assert_eq!(code(&update), Some("watching"));
    let view = elsewhere.presentation(None).expect("view");
    assert!(!view.decides && !view.can_resign && view.link.is_none());
    assert!(view.watching && !view.confirm_preference, "nothing to confirm for a watcher");
    assert_eq!(view.seat_labels, ["White", "Black"], "nobody is 'you'");
    assert!(keep.keys().is_empty(), "{:?}", keep.keys());
    assert_eq!(code(&elsewhere.take_other_side()), Some("illegal-action"));
}

/// A browser that holds neither seat's key of a game under way watches it: it can neither move nor
/// resign for anyone.
#[test]
fn a_watcher_of_a_game_under_way_can_neither_move_nor_resign() {
    let (mut white, _) = browser(24);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let (mut black, _) = browser(25);
    black.open_link(&white.link().expect("link"));
    play(&mut black, "e5");
    black.confirm_move().expect("confirmed");
    let (mut elsewhere, keep) = browser(26);
    assert_eq!(code(&elsewhere.open_link(&black.link().expect("link"))), Some("watching"));
    let view = elsewhere.presentation(None).expect("view");
    assert!(view.watching && !view.decides && !view.can_resign, "a watcher decides nothing");
    assert_eq!(
        elsewhere.resign().err().map(|e| e.code),
        Some(ErrorCode::IllegalAction),
        "a watcher resigns for nobody"
    );
    assert!(keep.keys().is_empty(), "{:?}", keep.keys());
}

#[test]
fn a_new_link_is_offered_as_its_free_seat() {
    let (mut white, _) = browser(20);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    // Sent before any move: White's seat is its creator's, the opener is offered Black.
    let (mut opener, _) = browser(21);
    let notice = opener.open_link(&white.link().expect("link")).notice.expect("a notice");
    assert_eq!((opener.mode(), notice.action), (Some(Mode::Link { seat: 1 }), Some("keep")));
    assert!(notice.text.contains("You can play Black"), "{}", notice.text);
    assert_eq!(notice.action_label.as_deref(), Some("Keep this game"));
    let french = notice.clone().in_language(Language::Fr);
    assert!(french.text.contains("Vous pouvez jouer les Noirs"), "{}", french.text);
    assert_eq!(french.action_label.as_deref(), Some("Garder cette partie"));
    // A Chess 2024 game whose creator committed before moving: the same.
    let (mut creator, _) = browser(22);
    new(&mut creator, "chess2024", Mode::Link { seat: 0 }, None);
    let (mut joiner, _) = browser(23);
    joiner.open_link(&creator.link().expect("link"));
    assert_eq!(joiner.mode(), Some(Mode::Link { seat: 1 }));
    // The same game with nobody's key (a link without signatures) is not a game between browsers.
    let mut bare = link::decode(&creator.link().expect("link")).expect("valid");
    bare.game.set_authors(vec![Default::default(); 2]);
    let unsigned = link::encode(&bare.game, bare.game_id);
    let (mut anyone, _) = browser(24);
    assert_eq!(code(&anyone.open_link(&unsigned)), Some("link-unsigned"));
}

#[test]
fn changing_sides_is_refused_once_a_game_was_not_just_joined() {
    let (mut s, _) = browser(25);
    new(&mut s, "chess", Mode::Local, None);
    let notice = s.take_other_side().notice.expect("a notice");
    assert_eq!(notice.code, "illegal-action");
    assert!(notice.text.contains("change sides only in a game you have not played in"), "{}", notice.text);
}

#[test]
fn stored_games_that_cannot_be_opened_say_why() {
    let (mut s, keep) = browser(26);
    let missing = s.open_stored("00000000ff").notice.expect("a notice");
    assert_eq!(missing.code, "no-game");
    new(&mut s, "chess", Mode::Local, None);
    play(&mut s, "e4");
    let id = s.game_id().expect("saved");
    let key = format!("chessfront.game.{id}");
    let stored = keep.get(&key).expect("stored");
    let link = s.link().expect("link");
    keep.clone().set(&key, &stored.replace(&link, "AQsBAQBF")).expect("damaged");
    let damaged = s.open_stored(&id).notice.expect("a notice");
    assert!(damaged.code.starts_with("link-"), "{}", damaged.code);
    assert!(damaged.text.starts_with("This saved game could not be opened: "), "{}", damaged.text);
}

/// A browser without a secure random source cannot start even the default game: it says so.
#[test]
fn no_random_source_is_said_at_the_start() {
    struct NoRandom;
    impl Host for NoRandom {
        fn random(&mut self, _: &mut [u8]) -> bool {
            false
        }
        fn now(&self) -> String {
            "2026-11-23T00:00:00Z".into()
        }
    }
    let mut s = Session::new(Box::new(MemoryKeep::default()), Box::new(NoRandom));
    let notice = s.start("").notice.expect("a notice");
    assert!(notice.text.contains("no secure random source"), "{}", notice.text);
}

#[test]
fn rematch_and_the_confirmation_preference_are_offered_by_the_session() {
    let (mut s, _) = browser(31);
    new(&mut s, "chess", Mode::Link { seat: 0 }, None);
    assert!(view(&s).confirm_preference, "a link game under way");
    assert!(!view(&s).rematch, "not before the game is over");
    s.resign().expect("resigned");
    assert!(view(&s).rematch, "the game is over");
    assert!(!view(&s).confirm_preference, "no move left to confirm");
    for mode in [Mode::Local, Mode::Computer { seat: 0, level: 1 }] {
        new(&mut s, "chess", mode, None);
        assert!(!view(&s).confirm_preference, "{mode:?}: moves are not sent by link");
        assert!(!view(&s).rematch);
        s.resign().expect("resigned");
        assert!(view(&s).rematch, "{mode:?}: over");
    }
}

#[test]
fn my_games_lines_are_written_by_the_session() {
    let (mut s, _) = browser(32);
    let request = new(&mut s, "gunnery", Mode::Computer { seat: 1, level: 2 }, None).think.expect("White's turn");
    answer(&mut s, request);
    let first = s.game().expect("game").record()[0].name.clone();
    new(&mut s, "chess", Mode::Link { seat: 0 }, None);
    play(&mut s, "e4");
    s.confirm_move().expect("confirmed");
    new(&mut s, "wounds", Mode::Local, None);
    play(&mut s, "e2-e3");
    s.resign().expect("resigned");
    let lines: Vec<(String, String)> = s.games().into_iter().map(|g| (g.title, g.detail)).collect();
    let line = |title: &str| lines.iter().find(|(t, _)| t == title).map(|(_, d)| d.as_str());
    assert_eq!(
        line("Gunnery Chess · you play Black against the computer"),
        Some(format!("Black to move · last {first}").as_str()),
        "{lines:?}"
    );
    assert_eq!(line("Chess · you play White"), Some("Black to move · last e4"), "{lines:?}");
    assert_eq!(
        line("Chess with Wounds · pass and play"),
        Some("1-0 White wins by resignation · last resigns"),
        "{lines:?}"
    );
}

/// Whoever made a transfer code decides for the seat it brings: a code is taken only through its own
/// dialog, never as a pasted or clicked link, and the refusal does not send the player to that dialog.
#[test]
fn a_transfer_code_is_taken_only_by_its_own_dialog() {
    let (mut me, _) = browser(33);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 4 }, None);
    play(&mut me, "e4");
    let code = me.export_code().expect("export");
    let address = format!("https://example.org/#{code}");
    for text in [format!("  {code}\n"), address.clone()] {
        let (mut laptop, keep) = browser(34);
        let notice = laptop.open_pasted(&text).notice.expect("a refusal");
        let (english, french) = (notice.text.clone(), notice.french.0.clone());
        assert_eq!((notice.code.as_str(), notice.info), ("link-malformed", false));
        assert!(english.starts_with("This is a transfer code, not a game link"), "{english}");
        assert!(french.starts_with("Ceci est un code de transfert, pas un lien de partie"), "{french}");
        for steer in ["import", "My games", "Bring", "move it here"] {
            assert!(!english.contains(steer), "no advice to take it: {english}");
        }
        for steer in ["import", "Mes parties", "Apporter"] {
            assert!(!french.contains(steer), "no advice to take it: {french}");
        }
        assert_eq!((laptop.game().is_none(), stored_links(&keep)), (true, vec![]), "nothing opened or stored");
        // Opened as an address (a click, a reload): the same refusal, over a game of this browser's own.
        let update = laptop.start(&text);
        assert_eq!(update.notice.map(|n| n.text), Some(english));
        assert_eq!(laptop.mode(), Some(Mode::Local));
    }
    // The dialog takes it, bare or in an address.
    for text in [format!("  {code}\n"), address] {
        let (mut laptop, _) = browser(35);
        let update = laptop.import_transfer(&text).expect("taken");
        assert_eq!(update.notice.map(|n| n.code).as_deref(), Some("imported"));
        assert_eq!(laptop.mode(), Some(Mode::Computer { seat: 0, level: 4 }));
    }
    // A damaged code is said as a transfer code; a game link is sent where links are opened.
    let damaged = browser(36).0.import_transfer(&code[..code.len() - 6]).err();
    assert_eq!(damaged.map(|e| e.code), Some(ErrorCode::BadTransferCode));
    let game_link = browser(36).0.import_transfer(&me.link().expect("link")).expect_err("a link");
    assert_eq!(game_link.code, ErrorCode::BadTransferCode);
    assert!(game_link.message.starts_with("This is a game link, not a transfer code"), "{}", game_link.message);
    assert!(game_link.text(Language::Fr).starts_with("Ceci est un lien de partie"));
    // Text that is neither is not called a game link.
    let neither = browser(36).0.import_transfer("hello").expect_err("neither");
    assert_eq!(neither.code, ErrorCode::BadTransferCode);
    assert!(!neither.message.contains("game link"), "{}", neither.message);
}

#[test]
fn pasted_text_is_opened_as_a_link() {
    let (mut white, _) = browser(37);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let (mut black, _) = browser(38);
    let update = black.open_pasted(&format!("https://example.org/#{}", white.link().expect("link")));
    assert_eq!(update.notice.map(|n| n.code).as_deref(), Some("visiting"));
    assert_eq!(black.mode(), Some(Mode::Link { seat: 1 }));
    let update = black.open_pasted("not a link");
    assert!(update.notice.is_some_and(|n| !n.info), "a refusal");
}

#[test]
fn a_stored_computer_game_without_a_level_plays_at_the_default_level() {
    let stored = keep::StoredGame { mode: "computer".into(), seat: Some(1), level: None, ..Default::default() };
    assert_eq!(Mode::of(&stored), Mode::Computer { seat: 1, level: DEFAULT_LEVEL });
    assert_eq!(DEFAULT_LEVEL, 5);
}

#[test]
fn a_link_just_received_is_not_offered_as_the_players_own() {
    let (mut white, _) = browser(11);
    link_game(&mut white, "chess", 0, None);
    assert!(view(&white).link.is_some(), "the creator's first link (the game itself) is there to send");
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let (mut black, _) = browser(12);
    black.start(&white.link().expect("link"));
    let shown = view(&black);
    assert_eq!(shown.link, None, "Black has only White's link: nothing of its own to send yet");
    assert_eq!(shown.link_label.as_deref(), Some("Your move. Make it, then send the new link."));
    play(&mut black, "e5");
    black.confirm_move().expect("confirmed");
    assert!(view(&black).link.is_some(), "after its move, Black's link is there to send");
}

#[test]
fn the_start_screen_closed_by_the_player_stays_closed() {
    let (mut s, keep) = browser(13);
    assert!(s.start("").welcome, "a first visit");
    assert!(s.start("").welcome, "still one: nothing was played or closed");
    s.welcome_closed().expect("kept");
    let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 14 }));
    assert!(!again.start("").welcome, "closed once, not shown again");
}

/// The start hint as storage holds it.
fn start_hint(keep: &SharedKeep) -> Option<String> {
    keep.get(keep::START)
}

#[test]
fn the_start_hint_says_when_an_address_without_a_game_opens_on_one() {
    let (mut s, keep) = browser(16);
    assert!(s.start("").welcome);
    assert_eq!(start_hint(&keep), None, "a first visit: the start screen, no hint");
    play(&mut s, "e4");
    assert_eq!(start_hint(&keep).as_deref(), Some(keep::OPENS_ON_A_GAME), "a game kept: it opens on it");
    let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 17 }));
    assert!(!again.start("").welcome);
    assert_eq!(start_hint(&keep).as_deref(), Some(keep::OPENS_ON_A_GAME));
    let id = again.game_id().expect("the game kept");
    again.delete_game(&id);
    assert_eq!(start_hint(&keep), None, "the last game deleted: the start screen again");
    let mut third = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 18 }));
    assert!(third.start("").welcome, "the hint and the session agree");
    third.welcome_closed().expect("kept");
    assert_eq!(start_hint(&keep).as_deref(), Some(keep::OPENS_ON_A_GAME), "closed: not shown again");
    assert!(!Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 19 })).start("").welcome);
}

#[test]
fn the_start_hint_is_set_right_at_every_start_and_decides_nothing() {
    // Storage from a build before the hint: a game kept, no hint. The start writes it.
    let (mut s, keep) = browser(20);
    s.start("");
    play(&mut s, "e4");
    keep.clone().remove(keep::START);
    let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 21 }));
    assert!(!again.start("").welcome, "the game kept decides, not the missing hint");
    assert_eq!(start_hint(&keep).as_deref(), Some(keep::OPENS_ON_A_GAME));
    // A hint written by anyone else over empty storage: the start screen all the same, and the hint goes.
    let (mut fresh, keep) = browser(22);
    keep.clone().set(keep::START, keep::OPENS_ON_A_GAME).expect("set");
    assert!(fresh.start("").welcome, "a stale hint decides nothing");
    assert_eq!(start_hint(&keep), None);
    // A link opened and answered is a game kept.
    let (mut white, _) = browser(23);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let (mut black, keep) = browser(24);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    black.confirm_move().expect("confirmed");
    assert_eq!(start_hint(&keep).as_deref(), Some(keep::OPENS_ON_A_GAME));
}

#[test]
fn pass_and_play_turns_the_board_to_the_side_to_move_when_asked() {
    let (mut s, _) = browser(15);
    new(&mut s, "chess", Mode::Local, None);
    play(&mut s, "e4");
    assert!(view(&s).turn_board_preference);
    assert!(!view(&s).flipped, "off by default: Black to move, the board as it was");
    s.set_turn_board(true).expect("kept");
    assert!(s.turn_board());
    assert!(view(&s).flipped && view(&s).bottom_seat == 1, "Black to move sees its side");
    play(&mut s, "e5");
    assert!(!view(&s).flipped, "White to move");
    // Not offered where a player has a side of its own.
    let (mut other, _) = browser(16);
    link_game(&mut other, "chess", 1, None);
    assert!(!view(&other).turn_board_preference);
}

/// Keeping a visited game takes its seat with a fresh key: without the browser's randomness that
/// fails, and the player is told why; nothing is kept.
#[test]
fn keeping_a_game_without_randomness_says_why() {
    struct NoRandomness;
    impl Host for NoRandomness {
        fn random(&mut self, _out: &mut [u8]) -> bool {
            false
        }
        fn now(&self) -> String {
            "2026-11-23T00:00:00Z".into()
        }
    }
    let (mut white, _) = browser(30);
    new(&mut white, "chess", Mode::Link { seat: 0 }, None);
    play(&mut white, "e4");
    white.confirm_move().expect("confirmed");
    let keep = SharedKeep::default();
    let mut visitor = Session::new(Box::new(keep.clone()), Box::new(NoRandomness));
    visitor.open_link(&white.link().expect("link"));
    let notice = visitor.keep_game().notice.expect("told why");
    assert!(!notice.info, "{notice:?}");
    assert!(keep.keys().is_empty(), "{:?}", keep.keys());
}
