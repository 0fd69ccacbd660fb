//! Found by a review that attacked the session as a cheating opponent.

use super::*;

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
    join(&mut bob, &sent);
    let id = bob.game_id().expect("joined");
    keep.clone().remove(&format!("chessfront.secret.{id}"));
    let update = bob.open_stored(&id);
    assert_eq!(code(&update), Some("link-bad-reveal"));
    assert!(!bob.decides(), "locked: the draws would not be Bob's");
    assert!(bob.play(&[0]).is_err());
}

#[test]
fn a_link_with_decisions_in_my_name_is_refused() {
    let (mut white, white_keep) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut black, keep) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    let stored = black.link().expect("link");
    let before = stored_links(&keep);
    let forge = |names: &[&str]| {
        let mut forged = link::decode(&stored).expect("valid");
        for name in names {
            let d = forged.game.find(name).expect("legal");
            forged.game.play(d).expect("legal");
        }
        sign_with(&mut forged.game, forged.game_id, &[&white_keep]);
        link::encode(&forged.game, forged.game_id)
    };
    // White sends Nf3 and a draw offer in Black's name (Black still to move: the link leaves Black's
    // signature out, and Black's browser knows what Black decided).
    let offered = forge(&["Nf3", "offer-draw"]);
    let update = black.open_link(&offered);
    assert_eq!(code(&update), Some("link-forged-move"));
    assert!(
        update.notice.as_ref().is_some_and(|n| n.text.contains("offer") && n.text.contains("after 2. Nf3")),
        "{:?}",
        update.notice
    );
    assert_eq!(stored_links(&keep), before);
    assert_eq!(judge_continuation(&stored, &offered, None).err().map(|e| e.code), Some(ErrorCode::LinkForgedMove));
    // Nf3 and a resignation in Black's name: the game is over, so Black's signature must be there, and
    // no browser takes it.
    let resigned = forge(&["Nf3", "resign"]);
    assert_eq!(code(&black.open_link(&resigned)), Some("link-unsigned"));
    assert_eq!(code(&browser(7).0.open_link(&resigned)), Some("link-unsigned"), "a third browser too");
    assert_eq!(stored_links(&keep), before);
    // White's move alone is White's to send: accepted by Black (the default seat: the stored link's sender).
    let honest = forge(&["Nf3"]);
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
    assert_eq!(update.notice.and_then(|n| n.action), Some("keep"));
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
    let (mut white, white_keep) = browser(1);
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
    let seeded =
        with_chance(&white.link().expect("link"), ChanceSource::Seeded([1; SEED_BYTES]), |_| {}, &[&white_keep]);
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
        let turn = computer::turn(
            &game,
            1,
            &crate::search::Level::depth(2),
            1,
            &mut || false,
            &mut crate::search::Memory::default(),
        )
        .expect("a turn");
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
    let (mut white, white_keep) = browser(1);
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
    signed_again(&mut reply, &decoded.game, decoded.game_id, &[&white_keep]);
    let forged_link = link::encode(&reply, decoded.game_id);
    let (mut black2, _) = browser(2);
    black2.start(&sent);
    play(&mut black2, "e5");
    black2.confirm_move().expect("confirmed");
    let update = black2.open_link(&forged_link);
    assert_eq!(code(&update), Some("link-unsigned"), "Black's signature is missing: the game is over");
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
    let update =
        me.computer_moved(request.id, &computer::ComputerTurn { indices: vec![resign], resigned: true, undo: 0 });
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
    assert_eq!(code(&black.start(&first)), Some("visiting"));
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
