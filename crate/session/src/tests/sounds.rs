//! The update's sound: a move played here, the computer's reply, a link opened on the player's turn
//! (and silence for what makes none).

use super::*;
use crate::computer::ComputerTurn;
use crate::sound::Sound;

/// Plays a move by name and answers the update's sound.
fn heard(s: &mut Session, name: &str) -> Option<Sound> {
    let game = s.game().expect("a game");
    let index = game.index_of(game.find(name).expect("listed")).expect("an option");
    s.play(&[index]).expect("legal").sound
}

#[test]
fn a_move_played_here_sounds_as_what_it_did() {
    let (mut me, _) = browser(1);
    let update =
        me.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    assert_eq!(update.sound, None, "a new game is silent");
    assert_eq!(heard(&mut me, "e4"), Some(Sound::Move));
    assert_eq!(heard(&mut me, "d5"), Some(Sound::Move));
    assert_eq!(heard(&mut me, "exd5"), Some(Sound::Capture));
    assert_eq!(heard(&mut me, "e6"), Some(Sound::Move));
    assert_eq!(heard(&mut me, "Bb5"), Some(Sound::Check));
    assert_eq!(me.undo().expect("undo").sound, None, "taking back is silent");
    assert_eq!(me.resign().expect("resign").sound, Some(Sound::End));
}

#[test]
fn the_computers_reply_sounds_too() {
    let (mut me, _) = browser(2);
    let mode = Mode::Computer { seat: 0, level: 1 };
    me.new_game(NewGame { variant: "chess".into(), mode, settings: None, setup: None }).expect("new");
    for m in ["e4", "Nf3"] {
        heard(&mut me, m);
        let request = me.think_request().expect("Black thinks");
        let game = me.game().expect("game");
        let reply = if m == "e4" { "d5" } else { "dxe4" };
        let index = game.index_of(game.find(reply).expect("listed")).expect("an option");
        let update = me.computer_moved(request.id, &ComputerTurn { indices: vec![index], resigned: false, undo: 0 });
        let expected = if m == "e4" { Sound::Move } else { Sound::Capture };
        assert_eq!(update.sound, Some(expected), "{reply}");
    }
}

#[test]
fn a_link_opened_on_the_players_turn_says_so_and_the_last_link_says_the_end() {
    let (mut white, _) = browser(3);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, _) = browser(4);
    assert_eq!(black.start(&sent).sound, Some(Sound::YourTurn));
    play(&mut black, "e5");
    assert_eq!(white.open_link(&black.link().expect("link")).sound, Some(Sound::YourTurn));
    // The same link again continues nothing: silence.
    assert_eq!(white.open_link(&black.link().expect("link")).sound, None);
    assert_eq!(white.resign().expect("resign").sound, Some(Sound::End));
    assert_eq!(black.open_link(&white.link().expect("link")).sound, Some(Sound::End));
}
