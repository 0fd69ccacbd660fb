//! A fortunes-of-war card can give the move to the player who did not draw it: a Joker drawn at Black's
//! turn that goes back an odd number of plies (to the game's start, when it began fewer than ten plies
//! before) makes White the side to move again. The browser that drew it has no move to make, so its
//! link (which carries its reveal) is what hands the move, and the card, to the other player; neither
//! player may be left waiting for the other, by links or live.

use super::*;

/// Kings only, White to play ply 17 (fullmove 9): both players have committed before the window opens
/// at ply 20, and a Joker drawn at Black's plies 20 to 26 goes back to this start, an odd number of
/// plies, giving the move back to White.
const KINGS_AT_17: &str = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 9";

/// The king move of the side to move: g to h and back, on its own back rank.
fn king_move(session: &Session) -> &'static str {
    let game = session.game().expect("a game");
    let text = game.position().to_text();
    let board = text.split(' ').next().expect("the board");
    let white = game.to_move() == 0;
    let rank = if white { board.split('/').next_back() } else { board.split('/').next() }.expect("ranks");
    match (white, rank.starts_with('6')) {
        (true, true) => "g1h1",
        (true, false) => "h1g1",
        (false, true) => "g12h12",
        (false, false) => "h12g12",
    }
}

fn decides(session: &Session) -> bool {
    session.presentation(None).is_some_and(|p| p.decides)
}

fn event_drawn(session: &Session) -> bool {
    session.game().is_some_and(|g| g.record().iter().any(|e| e.note.is_some()))
}

/// Plays a link game between two fresh browsers until its event; answers whether it was a Joker that
/// gave the move back to White, after checking the game goes on by links either way.
fn play_to_the_event(pair: u64) -> bool {
    let (mut white, _) = browser(1_000 + 2 * pair);
    let (mut black, _) = browser(1_001 + 2 * pair);
    link_game(&mut white, "chess2024", 0, Some(KINGS_AT_17));
    let players = [&mut white, &mut black];
    let mut mover = 0;
    let mut flipped = false;
    for _ in 0..60 {
        assert!(decides(players[mover]), "pair {pair}: seat {mover} holds the move");
        let name = king_move(players[mover]);
        play(players[mover], name);
        let link = players[mover].link().expect("link");
        let other = 1 - mover;
        if players[other].game().is_none() {
            join(players[other], &link);
        } else {
            assert_eq!(code(&players[other].open_link(&link)), None, "pair {pair}");
        }
        if !event_drawn(players[other]) {
            mover = other;
            continue;
        }
        // The card was drawn by the receiver's browser on opening the link.
        let card = players[other].game().expect("game").record().iter().find_map(|e| e.note.clone()).expect("note");
        if decides(players[other]) {
            return false;
        }
        // The drawer has no move: its link carries the reveal and gives the move to the player who just moved.
        assert!(card.contains("Joker"), "pair {pair}: only the Joker moves the turn: {card}");
        flipped = true;
        let reveal = players[other].link().expect("the drawer's link");
        assert_eq!(code(&players[mover].open_link(&reveal)), None, "pair {pair}");
        assert!(event_drawn(players[mover]), "pair {pair}: the card reaches the other player");
        assert!(decides(players[mover]), "pair {pair}: the player who moved before the card moves again");
        let position = |s: &Session| s.game().expect("game").position().to_text();
        assert_eq!(position(players[mover]), position(players[other]));
        assert!(position(players[mover]).starts_with(KINGS_AT_17), "back to the start");
        // And the game goes on: White moves, Black replies.
        play(players[mover], king_move(players[mover]));
        assert_eq!(code(&players[other].open_link(&players[mover].link().expect("link"))), None);
        assert!(decides(players[other]), "pair {pair}: Black moves after White's replay");
        play(players[other], king_move(players[other]));
        break;
    }
    flipped
}

#[test]
fn a_joker_that_gives_the_move_back_to_white_goes_on_by_links() {
    // The browsers' random streams are fixed: the first pairs' games are the same at every run, and
    // among them are games whose Joker gives the move back (about one in 25).
    let flipped: Vec<u64> = (0..200).filter(|&pair| play_to_the_event(pair)).take(2).collect();
    assert_eq!(flipped.len(), 2, "two games drew a Joker that gave the move back: {flipped:?}");
}

/// Live: the drawer's browser sends its link (with its reveal) over the channel as soon as the card is
/// drawn, so the other player's board goes back too and it is their move; then the game goes on.
#[cfg(feature = "live")]
#[test]
fn a_joker_that_gives_the_move_back_to_white_goes_on_live() {
    use super::live::{deliver, done, live_pair_of, T0};
    let spec = NewGame {
        variant: "chess2024".into(),
        mode: Mode::Link { seat: 0 },
        settings: None,
        setup: Some(KINGS_AT_17.into()),
    };
    // The pairs whose link game above drew the Joker at Black's turn (the same secrets live).
    let mut flipped = 0;
    for pair in 0..200u64 {
        let (mut white, mut black, _, _) = live_pair_of(spec.clone(), None, [1_000 + 2 * pair, 1_001 + 2 * pair]);
        let mut now = T0;
        let mut drew_flip = false;
        for _ in 0..50 {
            now += 1_000;
            let (mover, other) = if decides(&white) { (&mut white, &mut black) } else { (&mut black, &mut white) };
            assert!(decides(mover), "pair {pair}: somebody holds the move");
            mover.set_time(now);
            let name = king_move(mover);
            let game = mover.game().expect("a game");
            let index = game.index_of(game.find(name).expect("legal")).expect("an option");
            let update = mover.play(&[index]).expect("played");
            let update = done(mover, update);
            // Everything each side sends reaches the other, until nothing more is sent.
            let mut replies = deliver(&update, other, now);
            while !replies.is_empty() {
                let answers: Vec<Update> = replies.iter().flat_map(|u| deliver(u, mover, now)).collect();
                replies = answers.iter().flat_map(|u| deliver(u, other, now)).collect();
            }
            if event_drawn(other) {
                assert!(event_drawn(mover), "pair {pair}: the card reached the mover at once");
                let position = |s: &Session| s.game().expect("game").position().to_text();
                assert_eq!(position(mover), position(other), "pair {pair}");
                drew_flip = !decides(other);
                if drew_flip {
                    assert!(decides(mover), "pair {pair}: the player who moved before the Joker moves again");
                    assert!(position(mover).starts_with(KINGS_AT_17), "pair {pair}: back to the start");
                }
                break;
            }
        }
        if drew_flip {
            flipped += 1;
            // The game goes on live: White moves, Black replies.
            for _ in 0..2 {
                let (mover, other) = if decides(&white) { (&mut white, &mut black) } else { (&mut black, &mut white) };
                let name = king_move(mover);
                super::live::live_move(mover, other, name, now);
            }
            if flipped == 2 {
                return;
            }
        }
    }
    panic!("two live games drew a Joker that gave the move back: {flipped}");
}
