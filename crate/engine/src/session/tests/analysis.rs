//! The analysis board's policy: closed during a link game (the button's place says why), open once it
//! ends, and open at any time in pass and play and against the computer.

use super::*;

#[test]
fn a_link_game_is_analysed_only_once_it_is_over() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let shown = white.presentation(None).expect("a game");
    assert!(!shown.analysis);
    assert!(shown.analysis_note.as_deref().is_some_and(|n| n.contains("honour")), "{:?}", shown.analysis_note);
    let refused = white.analysis_request(None).expect_err("not during the game");
    assert!(refused.message.contains("when the game ends"), "{}", refused.message);
    white.set_language("fr");
    assert!(white.presentation(None).and_then(|p| p.analysis_note).is_some_and(|n| n.contains("l'honneur")));
    white.set_language("en");

    white.resign().expect("resigns while waiting");
    let shown = white.presentation(None).expect("a game");
    assert!(shown.analysis && shown.analysis_note.is_none());
    let request = white.analysis_request(Some(1)).expect("offered");
    assert_eq!((request.ply, request.lines), (1, crate::search::MAX_LINES));
    assert!(crate::link::decode(&request.link).is_ok());
}

#[test]
fn pass_and_play_and_computer_games_are_analysed_at_any_time() {
    for mode in [Mode::Local, Mode::Computer { seat: 0, level: 3 }] {
        let (mut me, _) = browser(2);
        me.new_game(NewGame { variant: "gunnery".into(), mode, settings: None, setup: None }).expect("a game");
        assert!(me.presentation(None).expect("a game").analysis, "{mode:?}");
        let request = me.analysis_request(Some(99)).expect("offered");
        assert_eq!(request.ply, me.game().expect("a game").record().len(), "a ply past the record is now");
    }
}
