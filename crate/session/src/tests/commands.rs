//! The session's commands beyond a move: undo against the computer, the computer's answers and
//! failures, storage events, game records and transfer codes, the automatic reveals.

use super::*;
use crate::computer::ComputerTurn;

fn new(s: &mut Session, variant: &str, mode: Mode) -> Update {
    s.new_game(NewGame { variant: variant.into(), mode, settings: None, setup: None }).expect("new game")
}

fn plies(s: &Session) -> usize {
    s.game().expect("a game").record().len()
}

#[test]
fn undo_against_the_computer_takes_back_its_reply_as_well() {
    let (mut me, _) = browser(1);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    play(&mut me, "e4");
    let request = me.think_request().expect("Black thinks");
    let update = answer(&mut me, request);
    assert_eq!(update.notice, None, "an ordinary move says nothing");
    assert_eq!(plies(&me), 2);
    me.undo().expect("undo");
    assert_eq!(plies(&me), 0, "the reply and the player's move");
    assert!(me.decides());
}

#[test]
fn the_computer_accepts_or_declines_a_draw_in_its_own_words() {
    // Declined: the computer plays on.
    let (mut me, _) = browser(2);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    let offer = me.game().expect("game").index_of(Decision::OfferDraw).expect("an offer");
    me.play(&[offer]).expect("offered");
    play(&mut me, "e4");
    let request = me.think_request().expect("Black thinks");
    let update = answer(&mut me, request);
    let notice = update.notice.expect("a notice");
    assert_eq!(
        (notice.code.as_str(), notice.text.as_str()),
        ("draw-declined", "Black (computer) declines your draw offer and plays on.")
    );

    // Accepted between two: the game is drawn.
    let (mut me, _) = browser(3);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    let offer = me.game().expect("game").index_of(Decision::OfferDraw).expect("an offer");
    me.play(&[offer]).expect("offered");
    play(&mut me, "e4");
    let request = me.think_request().expect("Black thinks");
    let accept = me.game().expect("game").index_of(Decision::AcceptDraw).expect("an accept");
    let notice =
        me.computer_moved(request.id, &ComputerTurn { indices: vec![accept], resigned: false, undo: 0 }).notice;
    assert_eq!(notice.map(|n| n.text).as_deref(), Some("Black (computer) accepts your draw offer."));

    // Accepted by one of three computers: the others must accept as well.
    let (mut me, _) = browser(4);
    let spec = NewGame {
        variant: "napoleon".into(),
        mode: Mode::Computer { seat: 0, level: 1 },
        settings: Some(vec![1]),
        setup: Some("Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1".into()),
    };
    me.new_game(spec).expect("four players");
    let offer = me.game().expect("game").index_of(Decision::OfferDraw).expect("an offer");
    me.play(&[offer]).expect("offered");
    let pass = me.game().expect("game").find("pass").expect("a pass");
    let index = me.game().expect("game").index_of(pass).expect("listed");
    let update = me.play(&[index]).expect("passed");
    let request = update.think.expect("Red thinks");
    let accept = me.game().expect("game").index_of(Decision::AcceptDraw).expect("an accept");
    let notice =
        me.computer_moved(request.id, &ComputerTurn { indices: vec![accept], resigned: false, undo: 0 }).notice;
    assert_eq!(
        notice.map(|n| n.text).as_deref(),
        Some("Red (computer) accepts your draw offer: the others must accept it too.")
    );
}

#[test]
fn a_refused_or_failed_computer_turn_leaves_the_game_as_it_was() {
    let (mut me, _) = browser(5);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    play(&mut me, "e4");
    let request = me.think_request().expect("Black thinks");
    let notice = me.computer_moved(request.id, &ComputerTurn { indices: vec![9999], resigned: false, undo: 0 }).notice;
    let notice = notice.expect("a notice");
    assert!(notice.text.starts_with("The computer's move was refused ("), "{}", notice.text);
    assert_eq!(plies(&me), 1);

    let request = me.think_request().expect("asked again");
    assert_eq!(me.computer_failed(request.id + 1, "stale"), Update::default(), "another request's failure");
    assert!(me.presentation(None).expect("view").thinking);
    let shown = me.presentation(None).expect("view");
    assert!(shown.premoves && !shown.live_offered, "a premove while the computer thinks; no live play");
    let notice = me.computer_failed(request.id, "out of memory").notice.expect("a notice");
    assert_eq!((notice.code.as_str(), notice.info), ("computer-failed", false));
    assert!(notice.text.contains("out of memory"));
    assert!(!me.presentation(None).expect("view").thinking);
    assert_eq!(plies(&me), 1);
}

#[test]
fn no_computer_turn_is_asked_for_once_the_game_is_over() {
    let (mut me, _) = browser(6);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    play(&mut me, "e4");
    me.think_request().expect("Black thinks");
    let update = me.resign().expect("resigned while the computer thinks");
    assert_eq!(update.think, None);
}

#[test]
fn deleting_another_game_does_not_lose_the_open_one() {
    let (mut me, _) = browser(7);
    new(&mut me, "chess", Mode::Local);
    play(&mut me, "d4");
    let other = me.game_id().expect("saved");
    new(&mut me, "chess", Mode::Local);
    play(&mut me, "e4");
    play(&mut me, "e5");
    me.delete_game(&other);
    let update = me.undo().expect("undo");
    assert_eq!(update.notice, None, "{:?}", update.notice);
    assert_eq!(plies(&me), 1, "the undo is kept, not replaced by the stored copy");
}

#[test]
fn a_storage_event_never_replaces_moves_storage_could_not_take() {
    let (mut me, keep) = browser(8);
    new(&mut me, "chess", Mode::Local);
    play(&mut me, "e4");
    keep.0.borrow_mut().full = true;
    play(&mut me, "e5");
    assert_eq!(me.storage_changed(), Update::default(), "storage holds our own last save");
    assert_eq!(plies(&me), 2);
}

#[test]
fn a_game_played_on_in_another_tab_is_shown_as_played_on() {
    let (mut a, keep) = browser(9);
    new(&mut a, "chess", Mode::Local);
    play(&mut a, "e4");
    let id = a.game_id().expect("saved");
    let mut b = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 10 }));
    b.open_stored(&id);
    play(&mut b, "e5");
    let update = a.storage_changed();
    let notice = update.notice.expect("a notice");
    assert_eq!(notice.text, "This game was played on in another tab: its latest position is shown.");
    assert!(update.animate);
    assert_eq!(plies(&a), 2);
}

#[test]
fn game_records_name_the_computer_and_list_the_moves() {
    let (mut me, _) = browser(11);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 3 });
    play(&mut me, "e4");
    let pgn = me.pgn().expect("pgn");
    assert!(pgn.contains("[White \"White\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Chessfront computer, level 3 (Casual)\"]"), "{pgn}");
    assert!(me.moves_text().expect("moves").starts_with("1. e4"));

    let (mut reader, _) = browser(12);
    let update = reader.import_pgn(&pgn).expect("imported");
    assert_eq!(update.notice.map(|n| n.code).as_deref(), Some("pgn-imported"));
    let id = reader.game_id().expect("an id");
    let link = reader.link().expect("a link");
    assert_eq!(id_text(link::decode(&link).expect("valid").game_id), id, "the id the link carries");
    assert_eq!(plies(&reader), 1);
    // Each import is a game of its own (a fresh id), never written over the last one.
    reader.import_pgn(&pgn).expect("imported again");
    assert_ne!(reader.game_id().expect("an id"), id);
    assert_eq!(reader.games().len(), 2);
}

#[test]
fn a_computer_game_moves_to_another_device_at_its_level() {
    let (mut me, _) = browser(13);
    new(&mut me, "chess", Mode::Computer { seat: 1, level: 4 });
    let code_text = me.export_code().expect("export");
    let (mut laptop, _) = browser(14);
    laptop.import_code(&code_text).expect("import");
    assert_eq!(laptop.mode(), Some(Mode::Computer { seat: 1, level: 4 }));
}

#[test]
fn a_transfer_code_with_a_secret_for_a_game_without_chance_is_damaged() {
    let (mut me, _) = browser(15);
    new(&mut me, "chess", Mode::Link { seat: 0 });
    play(&mut me, "e4");
    let mut t = transfer::decode(&me.export_code().expect("export")).expect("valid");
    t.secret = Some(keep::Kept { seat: 0, secret: seal::to_hex(&[1u8; SECRET_BYTES]) });
    let (mut laptop, _) = browser(16);
    assert_eq!(laptop.import_code(&transfer::encode(&t)).err().map(|e| e.code), Some(ErrorCode::BadTransferCode));
}

#[test]
fn sealed_setups_of_pass_and_play_are_revealed_by_themselves() {
    // White seals its setup (Black must not see it); Black sets up in the open; White's setup is then
    // placed by itself: there is nothing to decide.
    let (mut s, _) = browser(17);
    new(&mut s, "napoleon", Mode::Local);
    for (seat, seal) in [(0, true), (1, false)] {
        let due = s.game().expect("game").setup_due().expect("a setup due");
        assert_eq!((due.seat, due.seal), (seat, seal));
        let text = s.random_setup().expect("a setup");
        s.set_up(&text).expect("made");
    }
    let game = s.game().expect("game");
    assert_eq!(game.setup_due(), None, "White's setup revealed and placed");
    assert!(game.seals()[0].salt.is_some());
    // Undo takes back the reveal with Black's setup: the automatic reveal is not replayed at once.
    s.undo().expect("undo");
    let due = s.game().expect("game").setup_due().expect("due again");
    assert_eq!((due.seat, due.seal), (1, false), "Black sets up again");
}

#[test]
fn undoing_a_seal_among_four_takes_back_that_seal_only() {
    let (mut s, _) = browser(18);
    s.new_game(NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: Some(vec![1]), setup: None })
        .expect("four");
    for seat in [0, 1] {
        let due = s.game().expect("game").setup_due().expect("a setup due");
        assert_eq!((due.seat, due.seal), (seat, true));
        let text = s.random_setup().expect("a setup");
        s.set_up(&text).expect("sealed");
    }
    assert_eq!(plies(&s), 2);
    s.undo().expect("undo");
    assert_eq!(plies(&s), 1, "White's seal stays");
    let due = s.game().expect("game").setup_due().expect("due");
    assert_eq!((due.seat, due.seal), (1, true), "Red seals again");
}

#[test]
fn an_undo_storage_could_not_take_is_said_every_time() {
    let (mut s, keep) = browser(19);
    new(&mut s, "chess", Mode::Local);
    play(&mut s, "e4");
    play(&mut s, "e5");
    play(&mut s, "Nf3");
    keep.0.borrow_mut().full = true;
    let notice = s.undo().expect("undo").notice.expect("a notice");
    assert_eq!(notice.code, "storage-full");
    assert_eq!(code(&s.undo().expect("undo")), Some("storage-full"), "said again");
}

#[test]
fn reopening_a_game_between_two_seals_places_nothing_by_itself() {
    let (mut s, keep) = browser(20);
    s.new_game(NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: Some(vec![1]), setup: None })
        .expect("four");
    for _ in 0..2 {
        let text = s.random_setup().expect("a setup");
        s.set_up(&text).expect("sealed");
    }
    s.undo().expect("Red's seal taken back");
    let id = s.game_id().expect("saved");
    let mut tab = Session::new(Box::new(keep), Box::new(TestHost { state: 21 }));
    let update = tab.open_stored(&id);
    assert_eq!(update.notice, None, "{:?}", update.notice);
    let due = tab.game().expect("game").setup_due().expect("due");
    assert_eq!((due.seat, due.seal, tab.game().expect("game").record().len()), (1, true, 1), "Red seals again");
}

/// Each seat of a game built by hand takes a key of its own and signs its decisions.
fn signed_by_every_seat(game: &mut Game, id: u64) {
    for seat in 0..game.seat_count() as Seat {
        if game.record().iter().any(|e| e.seat == seat) {
            game.adopt_signing_key(seat, [seat + 1; 32]).expect("a key");
        }
    }
    game.sign_own(id);
}

/// Four players: a link is offered as the seat to move; the seats that decided are taken.
#[test]
fn a_four_player_link_offers_the_seat_to_move() {
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let start = "Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1";
    let mut game = Game::new(rules, Some(&[1]), Some(start)).expect("four");
    for _ in 0..2 {
        let pass = game.find("pass").expect("a pass");
        game.play(pass).expect("passed");
    }
    assert_eq!(game.to_move(), 2);
    signed_by_every_seat(&mut game, 0x77);
    let (mut blue, _) = browser(22);
    let notice = blue.open_link(&link::encode(&game, 0x77)).notice.expect("a notice");
    assert_eq!(blue.mode(), Some(Mode::Link { seat: 2 }));
    assert_eq!(notice.action, Some("keep"));
    // Only Blue's seat is free besides: it can be chosen instead, and back.
    blue.take_other_side();
    assert_eq!(blue.mode(), Some(Mode::Link { seat: 3 }));
    // A finished game of four is offered as its seat to move, not by the rule for two.
    let mut game = Game::new(rules, Some(&[1]), Some(start)).expect("four");
    for name in ["resign", "resign", "resign"] {
        let d = game.find(name).expect("a resignation");
        game.play(d).expect("resigned");
    }
    assert!(game.outcome().is_some());
    signed_by_every_seat(&mut game, 0x78);
    let to_move = game.to_move();
    let (mut late, _) = browser(23);
    late.open_link(&link::encode(&game, 0x78));
    assert_eq!(late.mode(), Some(Mode::Link { seat: to_move }));
    assert_ne!(to_move, 0, "the rule for two would say White");
}

#[test]
fn taking_a_side_another_browser_committed_is_refused() {
    let (mut creator, _) = browser(24);
    new(&mut creator, "chess2024", Mode::Link { seat: 0 });
    play(&mut creator, "e4");
    creator.confirm_move().expect("confirmed");
    let (mut bob, _) = browser(25);
    bob.open_link(&creator.link().expect("link"));
    assert_eq!(bob.mode(), Some(Mode::Link { seat: 1 }));
    let notice = bob.take_other_side().notice.expect("a notice");
    assert_eq!(notice.code, "illegal-action", "White's key is published: its seat is the creator's");
    assert_eq!(bob.mode(), Some(Mode::Link { seat: 1 }), "still Black");
}
