//! The setup editor's view: where a man may go, what a click does, and the setup text a draft makes
//! (the page only draws the draft and sends the text).

use super::*;
use crate::setup_editor::{draft_of, draft_text, Placed};

fn napoleon(stream: u64) -> Session {
    let (mut s, _) = browser(stream);
    let spec = NewGame { variant: "napoleon".into(), mode: Mode::Local, settings: None, setup: None };
    s.new_game(spec).expect("new game");
    s
}

#[test]
fn an_empty_draft_offers_the_empty_squares_of_the_zone() {
    let s = napoleon(40);
    let view = s.setup_editor(Vec::new()).expect("a setup is due");
    assert_eq!(view.text, "");
    assert!(!view.problems.is_empty(), "men are missing");
    assert!(view.open.len() >= 16, "room for the whole army: {:?}", view.open);
    let zone: Vec<u8> =
        view.board.regions.iter().filter(|r| r.style == "zone").flat_map(|r| r.squares.iter().map(|sq| sq.0)).collect();
    assert!(view.open.iter().all(|sq| zone.contains(sq)), "only the zone takes a man");
    assert_eq!(view.army.iter().map(|a| a.placed).sum::<u8>(), 0);
}

#[test]
fn a_click_places_a_man_takes_it_back_and_moves_on_to_the_next_kind() {
    let s = napoleon(41);
    let open = s.setup_editor(Vec::new()).expect("due").open;
    let (a, b) = (open[0], open[1]);
    // The one king placed: the next kind still short of men is chosen.
    let edit = s.setup_click(Vec::new(), "K", a).expect("placed");
    assert_eq!(edit.men, [Placed { square: a, kind: "K".into() }]);
    assert_ne!(edit.kind, "K", "the king is complete");
    let view = s.setup_editor(edit.men.clone()).expect("view");
    assert!(!view.open.contains(&a), "a square taken takes no second man");
    assert_eq!(view.text, draft_text(&edit.men));
    // A pawn of eight: still pawns after one.
    let pawn = s.setup_click(edit.men.clone(), "P", b).expect("placed");
    assert_eq!(pawn.kind, "P");
    // A click on a man takes it back; a square outside the zone does nothing.
    let back = s.setup_click(edit.men.clone(), "Q", a).expect("taken back");
    assert!(back.men.is_empty() && back.kind == "Q");
    let outside = (0..=255u8).find(|sq| !open.contains(sq)).expect("a square outside");
    assert_eq!(s.setup_click(Vec::new(), "Q", outside).expect("nothing").men, Vec::<Placed>::new());
}

#[test]
fn a_random_setup_read_as_a_draft_is_sent_as_it_came() {
    let mut s = napoleon(42);
    let text = s.random_setup().expect("due");
    let men = draft_of(&text);
    assert_eq!(men.len(), 16);
    let view = s.setup_editor(men).expect("view");
    assert!(view.problems.is_empty(), "{:?}", view.problems);
    assert_eq!(view.text.split(' ').collect::<Vec<_>>(), text.split_whitespace().collect::<Vec<_>>());
    assert!(view.open.is_empty() || view.board.pieces.len() >= 16);
    s.set_up(&view.text).expect("the text the editor sends is a setup");
    assert_eq!(
        draft_of("Ka1 x Kb2 Qa1"),
        [Placed { square: 0, kind: "Q".into() }, Placed { square: 17, kind: "K".into() }]
    ); // b2: rank 1, file 1
}
