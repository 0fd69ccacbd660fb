//! Takebacks and rematches attacked by a cheating opponent: answers nobody asked for, answers for
//! another takeback, answers replayed from an identical earlier moment, requests that would take back
//! the other side's moves, and rematches that are not new games.

use super::live::{deliver, live_move, live_of, live_pair, FIVE_THREE, T0};
use super::*;
use chessfront_game::live::envelope::Message;
use chessfront_game::live::statement::{self, Control};

fn refusal(session: &mut Session, message: &str) -> Option<ErrorCode> {
    session.live_receive(message, T0, None).err().map(|e| e.code)
}

/// White and Black have played 1. e4 e5 2. Nf3 over the channel.
fn three_plies() -> (Session, Session) {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    live_move(&mut white, &mut black, "Nf3", T0);
    (white, black)
}

#[test]
fn a_declined_answer_cannot_be_turned_into_an_accept_nor_moved_to_another_takeback() {
    let (mut white, mut black) = three_plies();
    let request = white.takeback_request(T0).expect("asked");
    deliver(&request, &mut black, T0);
    let declined = black.takeback_answer(false, T0).expect("declined").send[0].clone();
    let accept = declined.replacen(" decline ", " accept ", 1);
    assert_eq!(refusal(&mut white, &accept), Some(ErrorCode::LiveBadSignature));
    let other_seq = declined.replacen("takeback-answer 2 3 0 ", "takeback-answer 2 3 1 ", 1);
    assert_ne!(other_seq, declined);
    assert_eq!(refusal(&mut white, &other_seq), Some(ErrorCode::LiveStale));
    let other_ply = declined.replacen("takeback-answer 2 3 0 ", "takeback-answer 0 3 0 ", 1);
    assert_eq!(refusal(&mut white, &other_ply), Some(ErrorCode::LiveStale));
    // In White's own name.
    let mine = declined.replacen("takeback-answer 2 3 0 1 ", "takeback-answer 2 3 0 0 ", 1);
    assert_eq!(refusal(&mut white, &mine), Some(ErrorCode::LiveStale));
    assert_eq!(white.game().expect("g").record().len(), 3, "nothing taken back");
}

#[test]
fn an_accept_replayed_at_an_identical_later_moment_is_stale() {
    let (mut white, mut black) = three_plies();
    let request = white.takeback_request(T0).expect("asked");
    deliver(&request, &mut black, T0);
    let accepted = black.takeback_answer(true, T0).expect("accepted");
    deliver(&accepted, &mut white, T0);
    // Nf3 again: the same record as when the first takeback was asked, and White asks once more.
    live_move(&mut white, &mut black, "Nf3", T0);
    let again = white.takeback_request(T0).expect("asked");
    assert!(again.send[0].starts_with("takeback-request 2 3 1 0 "), "{:?}", again.send);
    // Black replays its first accept instead of answering: it names takeback 0, not 1.
    assert_eq!(refusal(&mut white, &accepted.send[0]), Some(ErrorCode::LiveStale));
    assert_eq!(white.game().expect("g").record().len(), 3);
}

#[test]
fn a_request_that_would_take_back_the_other_sides_moves_is_refused() {
    let (mut white, mut black) = three_plies();
    live_move(&mut black, &mut white, "Nc6", T0);
    // Black asks to go back to the start (White's e4 and Nf3 with it), signed with its own key.
    let game = black.game().expect("g");
    let record = statement::record_of(game, 4);
    let id = crate::link::decode(&black.link().expect("l")).expect("d").game_id;
    let fields = [0u64, 4, 0];
    let c = Control { game_id: id, kind: "takeback-request", seat: 1, fields: &fields, record: &record };
    let signature = statement::sign(game, &c).expect("Black's key");
    let request = Message::TakebackRequest { ply: 0, plies: 4, seq: 0, seat: 1, author: None, signature };
    assert_eq!(refusal(&mut white, &request.write()), Some(ErrorCode::LiveTakebackRefused));
    assert_eq!(live_of(&white).takeback, None, "nothing pending");
    // Nor may White then answer it.
    assert_eq!(white.takeback_answer(true, T0).err().map(|e| e.code), Some(ErrorCode::LiveStale));
    // A request in White's own name.
    let honest = black.takeback_request(T0).expect("asked").send[0].clone();
    let in_my_name = honest.replacen("takeback-request 3 4 0 1 ", "takeback-request 3 4 0 0 ", 1);
    assert_ne!(in_my_name, honest);
    assert_eq!(refusal(&mut white, &in_my_name), Some(ErrorCode::LiveStale));
}

#[test]
fn an_accept_with_nothing_asked_changes_nothing() {
    let (mut white, mut black) = three_plies();
    // Black's own request answered by White, then the answer sent back to White as if from Black.
    live_move(&mut black, &mut white, "Nc6", T0);
    let request = black.takeback_request(T0).expect("asked");
    deliver(&request, &mut white, T0);
    let answer = white.takeback_answer(true, T0).expect("accepted");
    assert_eq!(refusal(&mut white, &answer.send[0]), Some(ErrorCode::LiveStale), "White asked nothing");
}

#[test]
fn a_rematch_must_be_a_new_game_and_gives_no_seat_that_is_taken() {
    let (white, mut black) = three_plies();
    // The game itself offered as a "rematch".
    let same = Message::Rematch { link: white.link().expect("l") }.write();
    assert_eq!(refusal(&mut black, &same), Some(ErrorCode::LiveStale));
    assert!(!live_of(&black).rematch);
    // A game two other browsers play (both seats taken): accepting it seats Black nowhere.
    let (mut c, _) = browser(30);
    link_game(&mut c, "chess", 0, None);
    play(&mut c, "d4");
    let (mut d, _) = browser(31);
    d.start(&c.link().expect("l"));
    play(&mut d, "d5");
    let theirs = Message::Rematch { link: d.link().expect("l") }.write();
    black.live_receive(&theirs, T0, None).expect("offered");
    let accepted = black.live_accept_rematch(T0).expect("opened");
    assert_eq!(code(&accepted), Some("watching"));
    assert!(accepted.send.is_empty(), "no hello: this game is not played live here");
    assert!(black.game().expect("g").authors().iter().all(|a| a.own.is_none()), "no seat of Black's");
    assert!(black.presentation(None).expect("p").live.is_none());
}

#[test]
fn a_request_after_the_game_is_over_is_refused() {
    let (mut white, mut black) = three_plies();
    let resigned = black.resign().expect("resigned");
    let resigned = super::live::done(&mut black, resigned);
    deliver(&resigned, &mut white, T0);
    assert!(white.game().expect("g").outcome().is_some());
    // Black signs a request to take its resignation back, which its own page would not ask.
    let game = black.game().expect("g");
    let record = statement::record_of(game, 4);
    let id = crate::link::decode(&black.link().expect("l")).expect("d").game_id;
    let fields = [3u64, 4, 0];
    let c = Control { game_id: id, kind: "takeback-request", seat: 1, fields: &fields, record: &record };
    let signature = statement::sign(game, &c).expect("Black's key");
    let request = Message::TakebackRequest { ply: 3, plies: 4, seq: 0, seat: 1, author: None, signature };
    assert_eq!(refusal(&mut white, &request.write()), Some(ErrorCode::LiveTakebackRefused));
    assert_eq!(live_of(&white).takeback, None, "nothing pending");
}

#[test]
fn a_game_of_four_takes_nothing_back() {
    let napoleon = crate::variants::by_slug("napoleon").expect("napoleon");
    let four = Game::new(napoleon, Some(&[1]), None).expect("a game of four");
    assert_eq!(four.seat_names().len(), 4);
    let refused = crate::live::takeback_ply(&four, 0).err().map(|e| e.message);
    assert!(refused.is_some_and(|m| m.contains("two players")), "one opponent cannot agree for three");
}
