//! Live play fed odd times and odd moments by its own page: time going backwards, a time of 0 (what
//! the facade makes of NaN, infinities and negative numbers) or far in the future; messages when the
//! game went on by links; storage full during a live move.

use super::live::{done, live_move, live_of, live_pair, FIVE_THREE, T0};
use super::*;
use chessfront_game::live::envelope::Message;

fn clocks_of(session: &Session) -> Vec<u64> {
    live_of(session).clocks.iter().map(|c| c.remaining_ms).collect()
}

/// 1. e4 e5 over the channel at T0: White's clock runs in both browsers from T0.
fn under_way() -> (Session, Session, SharedKeep, SharedKeep) {
    let (mut white, mut black, wk, bk) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    (white, black, wk, bk)
}

#[test]
fn time_going_backwards_charges_nothing_and_flags_nobody() {
    let (mut white, _, _, _) = under_way();
    white.live_tick(T0 + 10_000).expect("tick");
    assert_eq!(clocks_of(&white), [290_000, 300_000]);
    for now in [T0 + 5_000, T0, 0] {
        let update = white.live_tick(now).expect("tick");
        assert!(update.send.is_empty() && live_of(&white).flagged.is_none(), "at {now}");
    }
    white.live_tick(T0 + 12_000).expect("tick");
    assert_eq!(clocks_of(&white)[0], 288_000, "charged from the latest time seen, once");
}

#[test]
fn a_time_of_zero_when_the_channel_opens_again_does_not_charge_the_years_since_1970() {
    let (mut white, mut black, _, _) = under_way();
    white.go_on_by_links(T0 + 10_000).expect("links");
    black.go_on_by_links(T0 + 10_000).expect("links");
    // The page hands a NaN (0 through the facade) as the channel opens again.
    white.live_connected(0, None).expect("connected");
    let tick = white.live_tick(T0 + 11_000).expect("tick");
    assert!(tick.send.is_empty() && live_of(&white).flagged.is_none(), "{:?}", tick.notice);
    assert!(clocks_of(&white)[0] >= 289_000, "{:?}", clocks_of(&white));
}

#[test]
fn the_farthest_time_panics_nowhere() {
    let (mut white, mut black, _, _) = under_way();
    let far = u64::MAX;
    white.live_tick(far).expect("tick");
    white.live_disconnected(far, None).expect("dropped");
    white.live_connected(far, None).expect("connected");
    let _ = white.takeback_request(far);
    let _ = black.takeback_answer(true, far);
    black.live_tick(far).expect("tick");
    let _ = black.live_receive(&format!("move {} 1125899906842624", white.link().expect("l")), far, None);
    white.go_on_by_links(far).expect("links");
    let _ = white.presentation(None);
}

#[test]
fn after_going_on_by_links_a_move_with_a_clock_starts_no_clock() {
    let (mut white, mut black, _, _) = under_way();
    white.go_on_by_links(T0 + 1_000).expect("links");
    let stopped = clocks_of(&white);
    // White plays on by links; Black, whose channel still counts as open, answers over it with a
    // fat clock.
    white.set_time(T0 + 2_000);
    let game = white.game().expect("g");
    let index = game.index_of(game.find("Nf3").expect("legal")).expect("option");
    let update = white.play(&[index]).expect("played");
    assert!(done(&mut white, update).send.is_empty(), "nothing goes over a channel left for links");
    let by_link = format!("move {} -", white.link().expect("l"));
    black.live_receive(&by_link, T0 + 2_000, None).expect("taken");
    black.set_time(T0 + 3_000);
    let update = black.play(&[0]).expect("a move");
    let update = done(&mut black, update);
    let (head, _) = update.send[0].rsplit_once(' ').expect("fields");
    white.live_receive(&format!("{head} 900000"), T0 + 3_000, None).expect("a link move is taken");
    assert_eq!(clocks_of(&white), stopped, "stopped clocks stay as they were");
    assert!(live_of(&white).clocks.iter().all(|c| !c.running));
    white.live_tick(T0 + 900_000).expect("tick");
    assert_eq!(live_of(&white).flagged, None);
}

#[test]
fn storage_full_during_a_live_move_is_said() {
    let (mut white, mut black, _, black_keep) = under_way();
    live_move(&mut white, &mut black, "Nf3", T0 + 1_000);
    black_keep.0.borrow_mut().full = true;
    black.set_time(T0 + 2_000);
    let game = black.game().expect("g");
    let index = game.index_of(game.find("Nc6").expect("legal")).expect("option");
    let update = black.play(&[index]).expect("played");
    let update = done(&mut black, update);
    assert_eq!(code(&update), Some("storage-full"), "{:?}", update.notice);
    // The move still goes (as a link game's link is still shown when it cannot be kept): the player
    // is told, and the opponent's copy holds the game.
    assert!(matches!(Message::parse(&update.send[0]), Ok(Message::Move { .. })));
    white.live_receive(&update.send[0], T0 + 2_000, None).expect("taken");
    assert_eq!(white.link(), black.link());
}
