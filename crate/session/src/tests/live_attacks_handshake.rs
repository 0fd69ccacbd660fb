//! Invitations and answers from a hostile page or sender: descriptions that try to smuggle SDP
//! attributes into the one the engine rebuilds, descriptions without what a channel needs, seats the
//! game does not have or that are taken, texts far too long; and answers for another game or seat.

use super::live::{answer_sdp, OFFER, T0};
use super::*;
use chessfront_game::live::handshake::{Answer, Invitation};
use chessfront_game::live::sdp::Compact;

/// White's invitation to its new chess game, as the struct the encoder writes.
fn invitation() -> (Session, Invitation) {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let invited = white.live_invite(None, OFFER, T0, None).expect("invitation");
    let read = Invitation::decode(&invited.invitation).expect("read");
    (white, read)
}

fn opened_code(text: &str) -> (Option<String>, bool) {
    let (mut black, _) = browser(2);
    let opened = black.open_pasted(text);
    (code(&opened).map(str::to_string), opened.live.is_some())
}

#[test]
fn attributes_smuggled_into_a_description_never_reach_the_rebuilt_one() {
    let (mut white, _) = invitation();
    // The page's offer, with extra lines and injected text in the values it carries.
    let hostile = OFFER.replace(
        "a=mid:0\r\n",
        "a=mid:0\r\na=ice-lite\r\na=sctp-port:1\r\na=ice-ufrag:second\r\na=max-message-size:1\r\na=candidate:2 1 tcp 1 10.0.0.9 9 typ host\r\n",
    );
    let invited = white.live_invite(None, &hostile, T0, None).expect("its usable part is taken");
    let (mut black, _) = browser(2);
    let offer = black.open_pasted(&invited.invitation).live.expect("offer").offer_sdp.expect("sdp");
    for smuggled in ["ice-lite", "sctp-port:1\r", "second", "max-message-size:1\r", "10.0.0.9"] {
        assert!(!offer.contains(smuggled), "{smuggled} in {offer}");
    }
    // A credential with a line break in it is no credential at all.
    let injected = OFFER.replace("a=ice-ufrag:ZyPb", "a=ice-ufrag:ZyPb\ra=ice-lite");
    assert!(Compact::from_sdp(&injected, true).map_or(true, |c| c.ufrag == "ZyPb"));
    let spaced = OFFER.replace("a=ice-ufrag:ZyPb", "a=ice-ufrag:Zy Pb a=ice-lite");
    assert_eq!(Compact::from_sdp(&spaced, true).err().map(|e| e.code), Some(ErrorCode::LiveSdpUnusable));
}

#[test]
fn an_invitation_whose_offer_carries_injected_text_or_no_address_is_refused() {
    let (_, good) = invitation();
    let mut injected = good.clone();
    injected.offer.ufrag = "ZyPb\r\na=ice-lite".into();
    let mut empty = good.clone();
    empty.offer.candidates.clear();
    let mut port_zero = good.clone();
    port_zero.offer.candidates[0].port = 0;
    let mut answer_role = good.clone();
    answer_role.offer = Compact::from_sdp(&answer_sdp(), false).expect("answer");
    for (what, hostile) in [("injected", injected), ("empty", empty), ("port 0", port_zero), ("role", answer_role)] {
        assert_eq!(opened_code(&hostile.encode()), (Some("live-malformed".into()), false), "{what}");
    }
    // Far too long, and a long run of nothing but letters.
    let huge = format!("live={}", "A".repeat(4_000_000));
    assert!(matches!(opened_code(&huge), (Some(_), false)));
}

#[test]
fn an_invitation_for_a_taken_seat_or_from_a_seat_the_game_has_not_is_refused() {
    let (_, good) = invitation();
    // The inviter's own seat offered (the inviter named as Black).
    let taken = Invitation { inviter: 1, seat: 0, ..good.clone() };
    assert_eq!(opened_code(&taken.encode()), (Some("live-other-game".into()), false));
    // An inviter playing a seat a chess game does not have.
    let nowhere = Invitation { inviter: 3, ..good.clone() };
    assert_eq!(opened_code(&nowhere.encode()), (Some("live-other-game".into()), false));
    assert!(!opened_code(&Invitation { seat: 3, inviter: 0, ..good }.encode()).1);
}

#[test]
fn an_answer_for_the_inviters_own_seat_or_another_game_is_refused() {
    let (mut white, good) = invitation();
    let answer = Compact::from_sdp(&answer_sdp(), false).expect("answer");
    let id = crate::link::decode(&good.link).expect("link").game_id;
    let own_seat = Answer { game_id: id, seat: 0, answer: answer.clone() }.encode();
    assert_eq!(code(&white.open_pasted(&own_seat)), Some("live-other-game"));
    let other = Answer { game_id: id ^ 1, seat: 1, answer: answer.clone() }.encode();
    assert_eq!(code(&white.open_pasted(&other)), Some("live-other-game"));
    let fine = Answer { game_id: id, seat: 1, answer }.encode();
    assert_eq!(white.open_pasted(&fine).live.map(|l| l.role), Some("offer"));
}

/// White (browser 1) and Black (browser 2) have played 1. e4 e5 by links; both keep the game.
fn kept_by_both() -> (Session, Session) {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    white.open_link(&black.link().expect("link"));
    (white, black)
}

#[test]
fn an_invitation_cannot_seat_this_browser_on_a_side_it_does_not_play() {
    let (mut white, mut black) = kept_by_both();
    let invited = white.live_invite(None, OFFER, T0, None).expect("invitation");
    let read = Invitation::decode(&invited.invitation).expect("read");
    // The same invitation, offering Black White's side (from "Black").
    let swapped = Invitation { inviter: 1, seat: 0, ..read }.encode();
    let opened = black.open_pasted(&swapped);
    assert_eq!((code(&opened), opened.live.is_some()), (Some("live-other-game"), false));
    assert_eq!(black.mode(), Some(Mode::Link { seat: 1 }));
}

#[test]
fn an_invitation_carrying_a_rewrite_of_a_kept_game_is_refused_not_played_over() {
    let (_, mut black) = kept_by_both();
    // White's browser (the same keys and game id) makes up 1. d4 instead and invites with it.
    let (mut forger, _) = browser(1);
    link_game(&mut forger, "chess", 0, None);
    play(&mut forger, "d4");
    let invited = forger.live_invite(None, OFFER, T0, None).expect("invitation");
    let opened = black.open_pasted(&invited.invitation);
    assert_eq!((code(&opened), opened.live.is_some()), (Some("link-rewrite"), false));
}

#[test]
fn nobody_is_invited_to_a_game_that_is_over() {
    let (mut white, _) = kept_by_both();
    white.set_time(T0);
    let resigned = white.resign().expect("resigned");
    white.finish(resigned);
    assert_eq!(white.live_invite(None, OFFER, T0, None).err().map(|e| e.code), Some(ErrorCode::IllegalAction));
}

#[test]
fn an_invitation_to_a_side_already_played_elsewhere_is_refused_with_its_code() {
    let (mut white, _) = kept_by_both();
    // White invites to Black's side again (to resume it live): a third browser may not take it.
    let invited = white.live_invite(None, OFFER, T0, Some(1)).expect("invitation");
    let (mut stranger, _) = browser(3);
    let opened = stranger.open_pasted(&invited.invitation);
    assert_eq!((code(&opened), opened.live.is_some()), (Some("live-other-game"), false));
    // Black, who plays it, is invited: told so, and handed the offer.
    let (_, mut black) = kept_by_both();
    let opened = black.open_pasted(&invited.invitation);
    assert_eq!(code(&opened), Some("live-invited"));
    assert_eq!(opened.live.map(|l| l.role), Some("answer"));
}

#[test]
fn an_answer_opens_the_game_it_answers() {
    let (mut white, _) = invitation();
    let invited = white.live_invite(None, OFFER, T0, None).expect("invitation");
    let (mut black, _) = browser(2);
    black.open_pasted(&invited.invitation);
    let answer = black.live_answer(&answer_sdp(), T0).expect("answer");
    // White has opened another game since.
    link_game(&mut white, "chess", 0, None);
    assert_ne!(white.game_id(), Some(invited.game_id.clone()));
    let opened = white.open_pasted(&answer.answer);
    assert_eq!(opened.live.map(|l| l.role), Some("offer"));
    assert_eq!(white.game_id(), Some(invited.game_id));
}

#[test]
fn nobody_is_invited_by_a_browser_that_only_watches() {
    let (white, _) = kept_by_both();
    let (mut watcher, _) = browser(3);
    watcher.open_link(&white.link().expect("link"));
    assert!(watcher.game().expect("g").authors().iter().all(|a| a.own.is_none()), "watching");
    assert_eq!(watcher.live_invite(None, OFFER, T0, None).err().map(|e| e.code), Some(ErrorCode::IllegalAction));
}
