//! Live play's control messages between sessions: a flag's fall and its claim, takebacks, forged and
//! replayed messages, a rematch; and chance, sealed setups and four players over the channel.

use super::live::{deliver, done, live_move, live_of, live_pair, FIVE_THREE, T0};
use super::*;

fn bent_signature(message: &str) -> String {
    // The signature is the last field: change one of its characters (keeping the spelling).
    let (head, sig) = message.rsplit_once(' ').expect("fields");
    let mut sig = sig.as_bytes().to_vec();
    sig[5] = if sig[5] == b'A' { b'B' } else { b'A' };
    format!("{head} {}", String::from_utf8(sig).expect("ascii"))
}

#[test]
fn a_flag_falls_and_its_claim_is_accepted_only_where_the_clock_agrees() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    // White's clock runs from T0 and falls at T0 + 300 s on White's own browser too: Black ticks first.
    let early = black.live_tick(T0 + 299_000).expect("tick");
    assert!(done(&mut black, early).send.is_empty());
    let fall = black.live_tick(T0 + 300_000).expect("tick");
    let fall = done(&mut black, fall);
    assert_eq!(code(&fall), Some("live-on-time"));
    assert!(fall.send[0].starts_with("flag 0 1 2 "), "{:?}", fall.send);
    assert_eq!(live_of(&black).flagged, Some(0));
    assert!(!black.decides() && black.presentation(None).expect("p").banner.is_some());
    // The game ended there: whose time ran out, no resignation, hint or move confirmation left.
    let shown = black.presentation(None).expect("p");
    assert_eq!(shown.ended_on_time.map(|e| e.seat), Some(0));
    assert_eq!(shown.banner.as_deref(), Some("0-1 · White's time ran out: White loses on time."));
    assert_eq!(shown.status, "The game is over.");
    assert!(!shown.can_resign && !shown.confirm_preference && !shown.hint_offered && shown.rematch);
    // The claim forged (a bit of its signature changed) or replayed by White itself: refused.
    let forged = bent_signature(&fall.send[0]);
    assert_eq!(
        white.live_receive(&forged, T0 + 300_000, None).err().map(|e| e.code),
        Some(ErrorCode::LiveBadSignature)
    );
    // White's own clock says 300 ms are left: within the allowance, the claim holds.
    let taken = deliver(&fall, &mut white, T0 + 299_700);
    assert_eq!(code(&taken[0]), Some("live-on-time"));
    assert_eq!(live_of(&white).flagged, Some(0));
    // A move after the fall is refused in both browsers.
    assert_eq!(white.play(&[0]).err().map(|e| e.code), Some(ErrorCode::IllegalAction));
    let link = white.link().expect("link");
    assert_eq!(
        black.live_receive(&format!("move {link} 1"), T0 + 301_000, None).map(|_| ()),
        Ok(()),
        "the same game is no move"
    );
}

#[test]
fn a_claim_this_browsers_clock_does_not_support_is_refused() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    let fall = black.live_tick(T0 + 300_000).expect("tick");
    let fall = done(&mut black, fall);
    // White's clock started 10 s later here (a slow channel): 10 s are left by its measurement.
    let mut white_late = white;
    let refused = white_late.live_receive(&fall.send[0], T0 + 290_000, None);
    assert_eq!(refused.err().map(|e| e.code), Some(ErrorCode::LiveFlagRefused));
    assert_eq!(live_of(&white_late).flagged, None, "nothing changed");
    // A claim made before a move that crossed it is for another moment of the game.
    let mut stale = fall.send[0].clone();
    stale = stale.replacen("flag 0 1 2 ", "flag 0 1 3 ", 1);
    assert_eq!(white_late.live_receive(&stale, T0 + 300_000, None).err().map(|e| e.code), Some(ErrorCode::LiveStale));
}

#[test]
fn a_takeback_accepted_takes_both_copies_back_and_one_declined_changes_nothing() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    for (i, name) in ["e4", "e5", "Nf3"].iter().enumerate() {
        if i % 2 == 0 {
            live_move(&mut white, &mut black, name, T0);
        } else {
            live_move(&mut black, &mut white, name, T0);
        }
    }
    // Not while the channel is down.
    white.live_disconnected(T0, None).expect("dropped");
    assert_eq!(white.takeback_request(T0).err().map(|e| e.code), Some(ErrorCode::LiveTakebackRefused));
    white.live_connected(T0, None).expect("back");
    // An answer with nothing asked: refused.
    assert_eq!(black.takeback_answer(true, T0).err().map(|e| e.code), Some(ErrorCode::LiveStale));
    let request = white.takeback_request(T0 + 1_000).expect("asked");
    assert_eq!(live_of(&white).takeback.map(|t| (t.by, t.ply)), Some(("you", 2)));
    let asked = deliver(&request, &mut black, T0 + 1_000);
    assert_eq!(code(&asked[0]), Some("live-takeback-asked"));
    assert_eq!(live_of(&black).takeback.map(|t| t.by), Some("opponent"));
    let answer = black.takeback_answer(false, T0 + 2_000).expect("declined");
    deliver(&answer, &mut white, T0 + 2_000);
    assert_eq!(white.game().expect("g").record().len(), 3, "declined: nothing taken back");
    // The declined answer replayed: nothing is pending any more.
    assert_eq!(white.live_receive(&answer.send[0], T0, None).err().map(|e| e.code), Some(ErrorCode::LiveStale));
    // Asked again and accepted: both copies go back to 1. e4 e5, White to move, and stay the same game.
    let request = white.takeback_request(T0 + 3_000).expect("asked");
    deliver(&request, &mut black, T0 + 3_000);
    let answer = black.takeback_answer(true, T0 + 4_000).expect("accepted");
    let forged = bent_signature(&answer.send[0]);
    assert_eq!(white.live_receive(&forged, T0, None).err().map(|e| e.code), Some(ErrorCode::LiveBadSignature));
    let taken = deliver(&answer, &mut white, T0 + 4_000);
    assert_eq!(code(&taken[0]), Some("live-takeback-accepted"));
    assert_eq!(white.game().expect("g").record().len(), 2);
    assert_eq!(white.link(), black.link(), "the same game in both browsers");
    assert_eq!(white.open.as_ref().and_then(|o| o.live.as_ref()).map(|l| l.takebacks), Some(1));
    assert_eq!(black.open.as_ref().and_then(|o| o.live.as_ref()).map(|l| l.takebacks), Some(1));
    // The accepted request replayed: it names a count both have passed.
    assert_eq!(black.live_receive(&request.send[0], T0, None).err().map(|e| e.code), Some(ErrorCode::LiveStale));
    // The game goes on over the channel from there, and a replayed accept is refused.
    live_move(&mut white, &mut black, "d4", T0 + 5_000);
    assert_eq!(white.live_receive(&answer.send[0], T0, None).err().map(|e| e.code), Some(ErrorCode::LiveStale));
    live_move(&mut black, &mut white, "exd4", T0 + 6_000);
    assert_eq!(white.link(), black.link());
}

#[test]
fn a_takeback_never_undoes_a_setup() {
    let (mut white, mut black, _, _) = live_pair("napoleon", None, None);
    let setup = white.random_setup().expect("due");
    white.set_time(T0);
    let sealed = white.set_up(&setup).expect("sealed");
    let sealed = done(&mut white, sealed);
    deliver(&sealed, &mut black, T0);
    assert_eq!(white.takeback_request(T0).err().map(|e| e.code), Some(ErrorCode::LiveTakebackRefused));
}

/// Both sessions play the first legal board action in turn until `plies` decisions are made, each move
/// over the channel; answers the number of chance events seen.
fn play_on_channel(white: &mut Session, black: &mut Session, plies: usize) -> usize {
    let mut now = T0;
    while white.game().expect("g").record().len() < plies && white.game().expect("g").outcome().is_none() {
        now += 500;
        let (mover, other) = if white.decides() { (&mut *white, &mut *black) } else { (&mut *black, &mut *white) };
        assert!(mover.decides(), "one of them decides");
        mover.set_time(now);
        let game = mover.game().expect("g");
        // A varied choice of quiet play: the board actions in turn, never the first one twice running.
        let acts: Vec<u32> = (0..game.decisions().len() as u32)
            .filter(|&i| matches!(game.decisions()[i as usize], Decision::Act(_)))
            .collect();
        let index = acts[(game.record().len() * 7 + 3) % acts.len()];
        let update = mover.play(&[index]).expect("legal");
        let update = done(mover, update);
        for u in deliver(&update, other, now) {
            // An automatic step in reply (a reveal) goes back.
            deliver(&u, mover, now);
        }
    }
    white.game().expect("g").record().iter().filter(|e| e.note.is_some()).count()
}

#[test]
fn chess_2024_draws_its_fortunes_of_war_live_by_commit_and_reveal() {
    let (mut white, mut black, _, _) = live_pair("chess2024", None, Some(FIVE_THREE));
    let events = play_on_channel(&mut white, &mut black, 64);
    assert_eq!(white.link(), black.link(), "the same game in both browsers");
    assert!(events > 0, "a card is drawn by ply 60");
    assert!(matches!(white.game().expect("g").chance(), Some(ChanceSource::Committed(_))));
    // A takeback is refused past the card.
    let mover = if white.decides() { &mut black } else { &mut white };
    let last_noted = mover.game().expect("g").record().iter().rposition(|e| e.note.is_some());
    let len = mover.game().expect("g").record().len();
    if last_noted.is_some_and(|i| i + 2 >= len) {
        assert_eq!(mover.takeback_request(T0).err().map(|e| e.code), Some(ErrorCode::LiveTakebackRefused));
    }
}

#[test]
fn napoleon_seals_and_reveals_its_setups_live() {
    let (mut white, mut black, _, _) = live_pair("napoleon", None, None);
    let setup = white.random_setup().expect("due");
    let update = white.set_up(&setup).expect("sealed");
    let update = done(&mut white, update);
    deliver(&update, &mut black, T0);
    let setup = black.random_setup().expect("due");
    let update = black.set_up(&setup).expect("sealed");
    let update = done(&mut black, update);
    for u in deliver(&update, &mut white, T0) {
        deliver(&u, &mut black, T0);
    }
    assert!(white.game().expect("g").setup_due().is_none(), "every setup is placed");
    assert_eq!(white.link(), black.link());
    play_on_channel(&mut white, &mut black, 14);
    assert_eq!(white.link(), black.link());
}

/// Carries messages round a table of four: a seat's go to the hub, which relays them to the other
/// seats and sends its own to all; until nobody has anything more to say. Checks the hub relays what
/// each seat sends as it came.
fn pump(hub: &mut Session, seats: &mut [Session], first: Vec<(usize, Vec<String>)>) {
    let mut queue: std::collections::VecDeque<(usize, String)> =
        first.into_iter().flat_map(|(from, list)| list.into_iter().map(move |m| (from, m))).collect();
    while let Some((from, message)) = queue.pop_front() {
        if from == 0 {
            for (i, seat) in seats.iter_mut().enumerate() {
                let update = seat.live_receive(&message, T0, None).expect("taken by a seat");
                let update = done(seat, update);
                queue.extend(update.send.into_iter().map(|m| (i + 1, m)));
            }
        } else {
            let update = hub.live_receive(&message, T0, Some(from as u8)).expect("taken by the hub");
            let update = done(hub, update);
            assert_eq!(update.relay, std::slice::from_ref(&message), "relayed as it came");
            for (i, seat) in seats.iter_mut().enumerate().filter(|(i, _)| i + 1 != from) {
                let relayed = seat.live_receive(&message, T0, None).expect("relayed");
                queue.extend(done(seat, relayed).send.into_iter().map(|m| (i + 1, m)));
            }
            queue.extend(update.send.into_iter().map(|m| (0, m)));
        }
    }
}

#[test]
fn four_players_talk_through_the_hub_which_relays_every_message() {
    let (mut hub, _) = browser(1);
    hub.new_game(NewGame {
        variant: "napoleon".into(),
        mode: Mode::Link { seat: 0 },
        settings: Some(vec![1]),
        setup: None,
    })
    .expect("four");
    let mut seats = Vec::new();
    for seat in 1..4u8 {
        let invited = hub.live_invite(None, super::live::OFFER, T0, Some(seat)).expect("invite");
        let (mut player, _) = browser(10 + u64::from(seat));
        let opened = player.open_pasted(&invited.invitation);
        assert_eq!(opened.live.map(|l| l.seat), Some(seat), "{:?}", opened.notice);
        let answer = player.live_answer(&super::live::answer_sdp(), T0).expect("answer");
        assert_eq!(hub.open_pasted(&answer.answer).live.map(|l| l.seat), Some(seat));
        seats.push(player);
    }
    for (i, player) in seats.iter_mut().enumerate() {
        let seat = i as u8 + 1;
        let hello = hub.live_connected(T0, Some(seat)).expect("connected");
        player.live_receive(&hello.send[0], T0, None).expect("hello");
        let theirs = player.live_connected(T0, None).expect("connected");
        let taken = hub.live_receive(&theirs.send[0], T0, Some(seat)).expect("hello");
        assert!(taken.relay.is_empty() || i == 0, "a hello is for the hub alone");
    }
    assert_eq!(live_of(&hub).peers.len(), 3);
    // Every seat seals its setup: a seat's message goes to the hub, which relays it to the others.
    let setup = hub.random_setup().expect("due");
    let update = hub.set_up(&setup).expect("sealed");
    let update = done(&mut hub, update);
    pump(&mut hub, &mut seats, vec![(0, update.send)]);
    for i in 0..3 {
        let setup = seats[i].random_setup().expect("due");
        let update = seats[i].set_up(&setup).expect("sealed");
        let update = done(&mut seats[i], update);
        pump(&mut hub, &mut seats, vec![(i + 1, update.send)]);
    }
    let link = hub.link();
    for s in &seats {
        assert_eq!(s.game().expect("g").record().len(), hub.game().expect("g").record().len());
        assert_eq!(s.link(), link, "every browser has the same game");
    }
}

#[test]
fn a_rematch_is_offered_over_the_channel_and_played_live() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    white.set_time(T0);
    let resigned = white.resign().expect("resigned");
    let resigned = done(&mut white, resigned);
    deliver(&resigned, &mut black, T0);
    let offered = white.rematch().expect("rematch");
    let offered = done(&mut white, offered);
    assert!(offered.send.len() == 1 && offered.send[0].starts_with("rematch "), "{:?}", offered.send);
    deliver(&offered, &mut black, T0);
    assert!(live_of(&black).rematch);
    let accepted = black.live_accept_rematch(T0 + 1_000).expect("accepted");
    assert_eq!(black.mode(), Some(Mode::Link { seat: 0 }), "colours swapped");
    deliver(&accepted, &mut white, T0 + 1_000);
    assert_eq!(live_of(&black).connection, "connected");
    assert_eq!(live_of(&white).control.map(|c| c.name), Some("5+3".into()));
    live_move(&mut black, &mut white, "d4", T0 + 2_000);
    assert_eq!(white.link(), black.link());
}

#[test]
fn a_connected_live_game_asks_for_no_link_and_one_that_went_on_by_links_does() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    let shown = white.presentation(None).expect("p");
    assert_eq!(shown.status, "Waiting for Black's move.");
    assert!(!shown.confirm_preference, "moves are not confirmed in a connected game");
    assert!(shown.link_label.is_some_and(|l| l.contains("live connection")));
    assert!(shown.premoves && !shown.live_offered, "premoves at the opponent's turn; already live");
    assert!(shown.live.as_ref().is_some_and(|l| l.takeback_offered), "White may ask to take e4 back");
    black.set_language("fr");
    live_move(&mut black, &mut white, "e5", T0);
    assert_eq!(black.presentation(None).expect("p").status, "En attente du coup des Blancs.");
    // Gone on by links: the game asks for its link again.
    let by_links = white.go_on_by_links(T0 + 1_000).expect("links");
    done(&mut white, by_links);
    let game = white.game().expect("a game");
    let nf3 = game.index_of(game.find("Nf3").expect("legal")).expect("an option");
    let played = white.play(&[nf3]).expect("played");
    assert!(done(&mut white, played).send.is_empty(), "nothing goes over a channel once by links");
    white.confirm_move().expect("confirmed: a correspondence game confirms its moves again");
    let shown = white.presentation(None).expect("p");
    assert!(shown.status.contains("send them the link below"), "{}", shown.status);
    assert!(shown.confirm_preference);
    assert!(!shown.premoves && shown.live_offered, "no premoves by links; live can start again");
    assert!(shown.live.as_ref().is_some_and(|l| !l.takeback_offered), "no takeback by links");
}

#[test]
fn a_second_tab_never_writes_a_live_game_back_only_because_it_holds_no_channel() {
    let (mut white, mut black, white_keep, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    let id = white.link().map(|_| crate::id_text(white.open.as_ref().expect("open").id)).expect("an id");
    let key = format!("chessfront.game.{id}");
    let written = white_keep.get(&key).expect("stored");
    assert!(written.contains("connected"), "the game's tab keeps its channel's state: {written}");
    // Another tab of the same browser (the one an answer link was opened in) shows the game: it reads
    // the channel as dropped, and writes nothing.
    let mut other = Session::new(Box::new(white_keep.clone()), Box::new(TestHost { state: 9 }));
    other.open_stored(&id);
    assert_eq!(white_keep.get(&key).as_deref(), Some(written.as_str()), "opening it wrote nothing");
    live_move(&mut black, &mut white, "e5", T0 + 1_000);
    let after_reply = white_keep.get(&key).expect("stored");
    other.storage_changed();
    assert_eq!(white_keep.get(&key), Some(after_reply), "following the other tab wrote nothing");
}
