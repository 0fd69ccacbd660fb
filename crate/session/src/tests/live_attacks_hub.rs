//! The hub of a four-player game attacked by one of its peers: a hello in another seat's name, and a
//! message the hub refuses, which it then relays to nobody.

use super::live::{done, live_of, OFFER, T0};
use super::*;
use chessfront_game::live::envelope::Message;

/// A Napoleon hub (seat 0) with its three peers connected, hellos exchanged.
fn table() -> (Session, Vec<Session>) {
    let (mut hub, _) = browser(1);
    let four =
        NewGame { variant: "napoleon".into(), mode: Mode::Link { seat: 0 }, settings: Some(vec![1]), setup: None };
    hub.new_game(four).expect("four");
    let mut seats = Vec::new();
    for seat in 1..4u8 {
        let invited = hub.live_invite(None, OFFER, T0, Some(seat)).expect("invite");
        let (mut player, _) = browser(10 + u64::from(seat));
        player.open_pasted(&invited.invitation);
        let answer = player.live_answer(&super::live::answer_sdp(), T0).expect("answer");
        hub.open_pasted(&answer.answer);
        seats.push(player);
    }
    for (i, player) in seats.iter_mut().enumerate() {
        let seat = i as u8 + 1;
        let hello = hub.live_connected(T0, Some(seat)).expect("connected");
        player.live_receive(&hello.send[0], T0, None).expect("hello");
        let theirs = player.live_connected(T0, None).expect("connected");
        hub.live_receive(&theirs.send[0], T0, Some(seat)).expect("hello");
    }
    (hub, seats)
}

#[test]
fn a_peer_says_hello_only_in_its_own_channels_seat() {
    let (mut hub, seats) = table();
    let link = seats[0].link().expect("link");
    let as_seat_two = Message::Hello { seat: 2, link, clocks: None }.write();
    let refused = hub.live_receive(&as_seat_two, T0, Some(1)).err().map(|e| e.code);
    assert_eq!(refused, Some(ErrorCode::LiveOtherGame));
    assert!(live_of(&hub).peers.iter().all(|p| p.connection == "connected"));
}

#[test]
fn a_message_the_hub_refuses_is_relayed_to_nobody() {
    let (mut hub, mut seats) = table();
    let setup = hub.random_setup().expect("due");
    let sealed = hub.set_up(&setup).expect("sealed");
    let sealed = done(&mut hub, sealed);
    for s in seats.iter_mut() {
        s.live_receive(&sealed.send[0], T0, None).expect("the hub's seal");
    }
    let setup = seats[0].random_setup().expect("due");
    let update = seats[0].set_up(&setup).expect("sealed");
    let update = done(&mut seats[0], update);
    // Seat 1's channel carries another game's link, then its own link altered: refused, not relayed.
    let (mut other, _) = browser(40);
    link_game(&mut other, "chess", 0, None);
    let elsewhere = format!("move {} -", other.link().expect("l"));
    assert_eq!(hub.live_receive(&elsewhere, T0, Some(1)).err().map(|e| e.code), Some(ErrorCode::LiveOtherGame));
    let (head, tail) = update.send[0].rsplit_once(' ').expect("fields");
    let last = if head.ends_with('A') { 'B' } else { 'A' };
    let altered = format!("{}{last} {tail}", &head[..head.len() - 1]);
    assert!(hub.live_receive(&altered, T0, Some(1)).is_err(), "{altered}");
    // The real message is taken and relayed as received.
    let taken = hub.live_receive(&update.send[0], T0, Some(1)).expect("taken");
    assert_eq!(taken.relay, vec![update.send[0].clone()]);
}
