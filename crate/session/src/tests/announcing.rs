//! What a listening player hears when the page shows a state: the decisions since the state last heard,
//! what an undo took back, the ply stepped to, and the status line when it changed.

use super::*;
use crate::announce::{Announcement, Heard};

fn said(text: &str) -> Announcement {
    Announcement { kind: "say", text: text.into() }
}

#[test]
fn every_decision_since_the_state_last_heard_then_the_status_when_it_changed() {
    let (mut s, _) = browser(50);
    s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    let mut heard = Heard::default();
    // A game just opened: nothing played, the status.
    assert_eq!(s.announcements(&mut heard, None, "White to move."), [said("White to move.")]);
    assert_eq!(s.announcements(&mut heard, None, "White to move."), [], "nothing new: nothing said");
    play(&mut s, "e4");
    play(&mut s, "e5");
    let game = s.game().expect("game");
    let (e4, e5) = (game.words_in(0, Language::En), game.words_in(1, Language::En));
    assert!(!e4.is_empty() && !e5.is_empty());
    assert_eq!(s.announcements(&mut heard, None, "White to move."), [said(&e4), said(&e5), said("White to move.")]);
    // Stepping back: the move that made the position shown; to the start: the start.
    assert_eq!(s.announcements(&mut heard, Some(1), "Viewing."), [said(&e4)]);
    assert_eq!(s.announcements(&mut heard, Some(1), "Viewing."), [], "the same ply again");
    assert_eq!(s.announcements(&mut heard, Some(0), "Viewing."), [Announcement { kind: "start", text: String::new() }]);
    // Back to the game: the moves since the state heard (none), and the status.
    assert_eq!(s.announcements(&mut heard, None, "White to move."), [said("White to move.")]);
    // Undo: what was taken back.
    s.undo().expect("undo");
    let back = s.announcements(&mut heard, None, "Black to move.");
    assert_eq!(back, [Announcement { kind: "taken-back", text: e5.clone() }, said("Black to move.")]);
}

#[test]
fn a_game_opened_anew_announces_its_last_decision_only() {
    let (mut s, _) = browser(51);
    s.new_game(NewGame { variant: "chess".into(), mode: Mode::Local, settings: None, setup: None }).expect("new");
    play(&mut s, "e4");
    play(&mut s, "e5");
    let e5 = s.game().expect("game").words_in(1, Language::En);
    let mut heard = Heard::default();
    assert_eq!(s.announcements(&mut heard, None, "White to move."), [said(&e5), said("White to move.")]);
}
