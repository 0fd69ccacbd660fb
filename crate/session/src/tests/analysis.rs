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
    let refused = white.analysis_request(None, &[]).expect_err("not during the game");
    assert!(refused.message.contains("when the game ends"), "{}", refused.message);
    white.set_language("fr");
    assert!(white.presentation(None).and_then(|p| p.analysis_note).is_some_and(|n| n.contains("l'honneur")));
    white.set_language("en");

    white.resign().expect("resigns while waiting");
    let shown = white.presentation(None).expect("a game");
    assert!(shown.analysis && shown.analysis_note.is_none());
    let request = white.analysis_request(Some(1), &[]).expect("offered");
    assert_eq!((request.ply, request.lines), (1, crate::search::MAX_LINES));
    assert!(crate::link::decode(&request.link).is_ok());
}

#[test]
fn pass_and_play_and_computer_games_are_analysed_at_any_time() {
    for mode in [Mode::Local, Mode::Computer { seat: 0, level: 3 }] {
        let (mut me, _) = browser(2);
        me.new_game(NewGame { variant: "gunnery".into(), mode, settings: None, setup: None }).expect("a game");
        assert!(me.presentation(None).expect("a game").analysis, "{mode:?}");
        let request = me.analysis_request(Some(99), &[]).expect("offered");
        assert_eq!(request.ply, me.game().expect("a game").record().len(), "a ply past the record is now");
    }
}

/// "Play on against the computer from here": a computer game from the position shown, the player
/// taking the side to move, at the computer's level of the game it came from.
#[test]
fn play_on_starts_a_computer_game_from_the_position_shown() {
    let (mut me, _) = browser(3);
    me.new_game(NewGame {
        variant: "chess".into(),
        mode: Mode::Computer { seat: 0, level: 7 },
        settings: None,
        setup: None,
    })
    .expect("a game");
    play(&mut me, "e4");
    let text = me.game().expect("a game").position_at(1).expect("ply 1").to_text();
    me.play_on(Some(1), &[]).expect("played on");
    let game = me.game().expect("a new game");
    assert!(game.record().is_empty());
    assert_eq!(game.position().to_text(), text);
    assert_eq!(me.mode(), Some(Mode::Computer { seat: 1, level: 7 }), "Black to move: the player is Black");

    let (mut them, _) = browser(4);
    link_game(&mut them, "chess", 0, None);
    play(&mut them, "e4");
    assert!(them.play_on(None, &[]).is_err(), "not during a link game");
}

/// A line of the analysis is played on a copy of the game: the game itself is untouched, the copy is
/// what the worker analyses next and what "play on" starts from.
#[test]
fn a_line_is_played_on_the_analysis_copy_not_on_the_game() {
    let (mut me, keep) = browser(5);
    me.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("a game");
    for name in ["e4", "e5", "Nf3"] {
        play(&mut me, name);
    }
    let before = stored_links(&keep);
    // From the position after 1. e4 (ply 1), the line 1... c5 2. Nf3 as the analysis view hands it over.
    let game = me.game().expect("a game");
    let position = game.position_at(1).expect("ply 1");
    let analysis = crate::search::analyse(
        position,
        &crate::search::Level::depth(2),
        1,
        &mut || false,
        &mut crate::search::Memory::default(),
    )
    .expect("lines");
    let view = crate::review::analysis_view(game, 1, &analysis, crate::Language::En);
    let line = &view.lines[0];
    assert_eq!(line.paths.len(), line.moves.len());
    let request = me.analysis_request(Some(1), &line.paths[1]).expect("offered");
    assert_eq!(request.ply, 3, "the copy: ply 1 and the line's two moves");
    let copy = link::decode(&request.link).expect("valid").game;
    let names: Vec<&str> = copy.record().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names[..1], ["e4"]);
    assert_eq!(names[1..], [line.moves[0].as_str(), line.moves[1].as_str()]);
    assert_eq!(me.game().expect("a game").record().len(), 3, "the game is as it was");
    assert_eq!(stored_links(&keep), before, "and nothing stored changed");
    assert!(me.analysis_copy(Some(1), &[9999]).is_err(), "an option the copy does not have");
    // Played on against the computer from the line's end.
    let text = copy.position().to_text();
    me.play_on(Some(1), &line.paths[1]).expect("played on");
    assert_eq!(me.game().expect("a new game").position().to_text(), text);
}
