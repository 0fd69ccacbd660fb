//! Hints: offered only against the computer at the player's move, shown until the game moves on, and
//! counted with the game (storage, "My games", PGN), in every variant.

use super::*;

/// A computer game of `variant` from `setup`, the player on `seat`.
fn computer_game(variant: &str, seat: Seat, setup: Option<&str>) -> (Session, SharedKeep) {
    let (mut me, keep) = browser(5);
    let spec = NewGame {
        variant: variant.into(),
        mode: Mode::Computer { seat, level: 3 },
        settings: None,
        setup: setup.map(String::from),
    };
    me.new_game(spec).expect("a game");
    (me, keep)
}

/// What the worker answers to a hint request, found by a small search.
fn worker_hint(request: &HintRequest) -> Option<u32> {
    let game = link::decode(&request.link).expect("valid").game;
    let level = crate::search::Level { max_nodes: 20_000, ..crate::search::Level::depth(6) };
    find_hint(&game, request.seat, &level, &mut || false, &mut crate::search::Memory::default())
}

#[test]
fn a_hint_is_offered_only_against_the_computer_at_the_players_move() {
    for mode in [Mode::Local, Mode::Link { seat: 0 }] {
        let (mut me, _) = browser(6);
        me.new_game(NewGame { variant: "chess".into(), mode, settings: None, setup: None }).expect("a game");
        assert!(!me.presentation(None).expect("a game").hint_offered, "{mode:?}");
        let refused = me.hint_request().expect_err("no hint between people");
        assert!(refused.message.contains("against the computer"), "{}", refused.message);
    }
    let (mut me, _) = computer_game("chess", 1, None);
    assert!(me.presentation(None).expect("a game").thinking, "the computer moves first");
    assert!(!me.presentation(None).expect("a game").hint_offered);
    assert!(me.hint_request().is_err(), "not while the computer thinks");
}

#[test]
fn a_hint_shows_the_best_move_and_is_counted_stored_and_written_in_the_pgn() {
    let (mut me, keep) = computer_game("chess", 0, Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
    assert!(me.presentation(None).expect("a game").hint_offered);
    assert_eq!(me.hints_note(), None);
    let request = me.hint_request().expect("offered");
    let index = worker_hint(&request);
    me.hint_found(request.id, index).expect("shown");
    let shown = me.presentation(None).expect("a game");
    let hint = shown.hint.expect("a hint on the board");
    assert_eq!((hint.from.map(|s| s.name()), hint.to.map(|s| s.name())), (Some("a1".into()), Some("a8".into())));
    assert_eq!(hint.name, "Ra8#");
    assert!(hint.words.starts_with("Hint: White: rook a1 to a8"), "{}", hint.words);
    assert_eq!(shown.hints_note.as_deref(), Some("1 hint taken in this game."));
    me.set_language("fr");
    let hint = me.presentation(None).and_then(|p| p.hint).expect("a hint");
    assert!(hint.words.starts_with("Indice\u{a0}: Blancs\u{a0}: tour a1 en a8"), "{}", hint.words);
    assert_eq!(me.hints_note().as_deref(), Some("1 indice pris dans cette partie."));
    me.set_language("en");

    // The answer to an older request, or to a game changed since, is ignored: nothing more is counted.
    assert_eq!(me.hint_found(request.id, index).expect("ignored"), Update::default());
    let again = me.hint_request().expect("offered");
    let _ = me.hint_request().expect("asked again");
    assert_eq!(me.hint_found(again.id, index).expect("ignored"), Update::default());
    assert_eq!(me.hints_taken(), [0]);

    play(&mut me, "Ra8#");
    assert!(me.presentation(None).expect("a game").hint.is_none(), "gone once the move is played");
    let pgn = me.pgn().expect("a record");
    assert!(pgn.contains("[Hints \"1\"]") && pgn.contains("Ra8# {A hint was shown for this move.}"), "{pgn}");
    let id = me.game_id().expect("an id");
    assert!(keep.get(&format!("chessfront.game.{id}")).is_some_and(|json| json.contains(r#""hints":["0"]"#)));
    // Reopened in another tab: the count came with the game, and "My games" says it.
    let (mut other, _) = (Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 9 })), ());
    other.open_stored(&id);
    assert_eq!(other.hints_taken(), [0]);
    let line = other.games().into_iter().find(|g| g.id == id).expect("listed");
    assert!(line.detail.ends_with(" · 1 hint"), "{}", line.detail);
}

#[test]
fn a_hint_taken_back_stays_counted_and_is_saved_without_a_new_move() {
    let (mut me, keep) = computer_game("chess", 0, None);
    let game = me.game().expect("a game");
    let e4 = game.index_of(game.find("e4").expect("legal")).expect("an option");
    let think = me.play(&[e4]).expect("played").think.expect("the computer's turn");
    answer(&mut me, think);
    let request = me.hint_request().expect("offered");
    me.hint_found(request.id, worker_hint(&request)).expect("shown");
    let id = me.game_id().expect("an id");
    // Saved at once: the link did not change, the stored game did.
    assert!(keep.get(&format!("chessfront.game.{id}")).is_some_and(|json| json.contains(r#""hints":["2"]"#)));
    me.undo().expect("taken back");
    assert_eq!(me.hints_taken(), [2], "a hint seen stays counted");
    assert!(me.presentation(None).expect("a game").hint.is_none());
}

#[test]
fn a_napoleon_hint_is_the_next_decision_of_the_best_turn() {
    let setup = "15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1";
    let (mut me, _) = computer_game("napoleon", 0, Some(setup));
    let request = me.hint_request().expect("offered");
    let index = worker_hint(&request).expect("a decision");
    me.hint_found(request.id, Some(index)).expect("shown");
    let hint = me.presentation(None).and_then(|p| p.hint).expect("a hint");
    assert!(hint.from.is_some() && hint.words.starts_with("Hint: "), "{hint:?}");
    // It is the first decision of the turn: played, the rest of the turn is still the player's.
    me.play(&[index]).expect("legal");
    assert_eq!(me.hints_taken(), [0]);
}
