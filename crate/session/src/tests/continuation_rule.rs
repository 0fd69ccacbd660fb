//! The continuation rule, case by case.

use super::*;

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
    // Signed with a key of the forger's own: the moves are what the rule refuses first.
    other.adopt_signing_key(1, [9; 32]).expect("Black had no key in White's link");
    other.sign_own(first.game_id);
    let rewrite = link::decode(&link::encode(&other, first.game_id)).expect("valid");
    assert_eq!(continues(&second, &rewrite).err().map(|e| e.code), Some(ErrorCode::LinkRewrite));
}

#[test]
fn a_link_is_visited_as_its_free_seat_and_stored_only_once_kept() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let sent = white.link().expect("link");
    // A link with no moves: White's seat is its creator's (its key is published), so it is offered as
    // Black, and no other side can be taken.
    let (mut other, keep) = browser(2);
    let update = other.start(&sent);
    assert_eq!(other.mode(), Some(Mode::Link { seat: 1 }));
    assert_eq!((code(&update), update.notice.as_ref().and_then(|n| n.action)), (Some("visiting"), Some("keep")));
    assert_eq!(code(&other.take_other_side()), Some("illegal-action"));
    assert!(keep.keys().is_empty(), "nothing stored, no secret made: {:?}", keep.keys());
    assert_eq!(code(&other.keep_game()), Some("joined"));
    assert_eq!(keep.keys().iter().filter(|k| k.starts_with("chessfront.game.")).count(), 1);
    assert_eq!(keep.keys().iter().filter(|k| k.starts_with("chessfront.key.")).count(), 1);
    let kept = link::decode(&other.link().expect("link")).expect("valid");
    assert!(kept.game.authors()[1].key.is_some(), "Black's key is published once kept");
    assert_eq!(code(&other.keep_game()), Some("illegal-action"), "kept once");
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
    let turn = computer_turn(&request);
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
