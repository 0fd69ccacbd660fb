//! Live play between sessions: the handshake, moves over the channel judged as links, a dropped
//! channel, going on by links, a reload. The clock policy itself is tested in `live/clock`.

use super::*;
use crate::live::Connection;
use chessfront_game::live::TimeControl;

pub(super) const T0: u64 = 1_760_000_000_000;
pub(super) const FIVE_THREE: TimeControl = TimeControl { base_ms: 300_000, increment_ms: 3_000 };

pub(super) const OFFER: &str = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:1 1 udp 2122260223 0d5e5b2a-8f5f-4b8c-9c2e-0a1b2c3d4e5f.local 54400 typ host generation 0\r\na=ice-ufrag:ZyPb\r\na=ice-pwd:Lr1bVXEBbQZb0hLB5YEr6mJK\r\na=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\na=setup:actpass\r\na=mid:0\r\n";

pub(super) fn answer_sdp() -> String {
    OFFER.replace("actpass", "active").replace("ZyPb", "Qm7x").replace("54400", "54401")
}

/// Delivers every message an update sends to `to` at `now`; answers `to`'s updates, finished.
pub(super) fn deliver(update: &Update, to: &mut Session, now: u64) -> Vec<Update> {
    update
        .send
        .iter()
        .map(|m| {
            let u = to.live_receive(m, now, None).unwrap_or_else(|e| panic!("{m}: {e}"));
            to.finish(u)
        })
        .collect()
}

/// A command's update as the page gets it (the moves to send are made when it is finished).
pub(super) fn done(session: &mut Session, update: Update) -> Update {
    session.finish(update)
}

/// White invites Black to a live `variant` game and both connect at T0.
pub(super) fn live_pair(
    variant: &str,
    settings: Option<Vec<u8>>,
    control: Option<TimeControl>,
) -> (Session, Session, SharedKeep, SharedKeep) {
    let spec = NewGame { variant: variant.into(), mode: Mode::Link { seat: 0 }, settings, setup: None };
    live_pair_of(spec, control, [1, 2])
}

/// White (the browser of random stream `streams[0]`) invites Black (`streams[1]`) to the live game
/// `spec`, and both connect at T0.
pub(super) fn live_pair_of(
    spec: NewGame,
    control: Option<TimeControl>,
    streams: [u64; 2],
) -> (Session, Session, SharedKeep, SharedKeep) {
    let (mut white, white_keep) = browser(streams[0]);
    white.new_game(spec).expect("new");
    let invited = white.live_invite(control, OFFER, T0, None).expect("invitation");
    let (mut black, black_keep) = browser(streams[1]);
    let opened = black.start(&format!("https://example.org/#{}", invited.invitation));
    assert_eq!(opened.live.as_ref().map(|l| l.role), Some("answer"), "{:?}", opened.notice);
    let answered = black.live_answer(&answer_sdp(), T0).expect("answer");
    let offer = white.open_pasted(&answered.answer);
    assert_eq!(offer.live.as_ref().map(|l| l.role), Some("offer"));
    let hello_w = white.live_connected(T0, None).expect("connected");
    let hello_b = black.live_connected(T0, None).expect("connected");
    deliver(&hello_w, &mut black, T0);
    deliver(&hello_b, &mut white, T0);
    (white, black, white_keep, black_keep)
}

/// `mover` plays `name` at `now`; its move goes over the channel to `to`.
pub(super) fn live_move(mover: &mut Session, to: &mut Session, name: &str, now: u64) {
    mover.set_time(now);
    let game = mover.game().expect("a game");
    let decision = game.find(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let index = game.index_of(decision).expect("an option");
    let update = mover.play(&[index]).unwrap_or_else(|e| panic!("{name}: {e}"));
    let update = done(mover, update);
    assert_eq!(update.send.len(), 1, "{name}: one move message");
    deliver(&update, to, now);
}

pub(super) fn live_of(session: &Session) -> crate::live::view::LiveView {
    *session.presentation(None).expect("a game").live.expect("live")
}

#[test]
fn an_invitation_and_its_answer_carry_the_offer_and_the_answer() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let invited = white.live_invite(Some(FIVE_THREE), OFFER, T0, None).expect("invitation");
    assert!(invited.invitation.starts_with("live=") && invited.seat == 1, "{invited:?}");
    assert!(invited.chars < 400, "a new game's invitation is short: {}", invited.chars);
    let (mut black, _) = browser(2);
    let opened = black.open_pasted(&invited.invitation);
    let live = opened.live.expect("the offer for the page");
    assert_eq!((live.role, live.seat, live.game_id.clone()), ("answer", 1, invited.game_id.clone()));
    assert!(live.offer_sdp.as_deref().is_some_and(|s| s.contains("a=ice-ufrag:ZyPb\r\n")));
    assert_eq!(black.mode(), Some(Mode::Link { seat: 1 }));
    assert!(black.game().expect("joined").authors()[1].key.is_some(), "the seat is taken at once");
    let answered = black.live_answer(&answer_sdp(), T0).expect("answer");
    assert!(answered.answer.starts_with("answer=") && answered.chars < 200, "{answered:?}");
    let read = white.live_read_answer(&format!("https://x/#{}", answered.answer)).expect("read");
    assert!(read.answer_sdp.contains("a=setup:active\r\n") && read.game_id == invited.game_id);
    let opened = white.open_pasted(&answered.answer);
    assert_eq!(opened.live.map(|l| (l.role, l.answer_sdp.is_some())), Some(("offer", true)));
    assert_eq!(live_of(&white).connection, "waiting");
    assert_eq!(live_of(&black).control.map(|c| c.name), Some("5+3".into()));
}

#[test]
fn handshake_mistakes_are_refused_with_codes() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let no_candidate = OFFER.replace(" udp ", " tcp ");
    assert_eq!(
        white.live_invite(None, &no_candidate, T0, None).err().map(|e| e.code),
        Some(ErrorCode::LiveSdpUnusable)
    );
    assert_eq!(white.live_invite(None, OFFER, T0, Some(0)).err().map(|e| e.code), Some(ErrorCode::BadSetting));
    let invited = white.live_invite(None, OFFER, T0, None).expect("invitation");
    // No invitation opened here: no answer to make.
    assert_eq!(white.live_answer(&answer_sdp(), T0).err().map(|e| e.code), Some(ErrorCode::LiveNotLive));
    let (mut black, _) = browser(2);
    black.open_pasted(&invited.invitation);
    assert_eq!(
        black.live_answer(OFFER, T0).err().map(|e| e.code),
        Some(ErrorCode::LiveSdpUnusable),
        "an offer is no answer"
    );
    // A third browser opens the same invitation: Black's seat is free in the link it carries, so it
    // may join; but once Black's key is published (its hello), the invitation is refused.
    let answered = black.live_answer(&answer_sdp(), T0).expect("answer");
    let (mut stranger, _) = browser(3);
    let refused = stranger.open_pasted(&answered.answer);
    assert_eq!(code(&refused), Some("live-other-game"));
    let whole = invited.invitation.len() - (invited.invitation.len() - 5) % 4;
    let cut = &invited.invitation[..whole - 8];
    assert_eq!(code(&stranger.open_pasted(cut)), Some("live-corrupted"));
    assert_eq!(code(&stranger.open_pasted("live=AAAA")), Some("live-malformed"));
}

#[test]
fn moves_over_the_channel_are_the_games_link() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    assert_eq!((live_of(&white).connection, live_of(&black).connection), ("connected", "connected"));
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3",
        "Nb8", "d4", "Nbd7", "c4", "c6",
    ];
    for (i, name) in moves.iter().enumerate() {
        let now = T0 + 1_000 * (i as u64 + 1);
        if i % 2 == 0 {
            live_move(&mut white, &mut black, name, now);
        } else {
            live_move(&mut black, &mut white, name, now);
        }
    }
    assert_eq!(white.link(), black.link(), "both copies are the same game");
    assert_eq!(white.game().expect("game").record().len(), 22);
    // Each seat thought 1 s a move after its first, with 3 s of increment: 10 timed moves each.
    let view = live_of(&white);
    assert_eq!(
        view.clocks.iter().map(|c| c.remaining_ms).collect::<Vec<_>>(),
        [300_000 + 10 * 2_000, 300_000 + 10 * 2_000]
    );
    assert!(view.clocks[0].running && !view.clocks[1].running);
    assert_eq!(view.words.clocks, ["5:20", "5:20"]);
}

#[test]
fn a_move_over_the_channel_meets_every_rule_of_a_pasted_link() {
    let (mut white, mut black, _, black_keep) = live_pair("chess", None, None);
    live_move(&mut white, &mut black, "e4", T0);
    let before = stored_links(&black_keep);
    // White's browser rewrites its first move: refused as a pasted link would be.
    let (mut forger, _) = browser(1);
    link_game(&mut forger, "chess", 0, None);
    play(&mut forger, "d4");
    let rewrite = format!("move {} -", forger.link().expect("link"));
    assert_eq!(black.live_receive(&rewrite, T0, None).err().map(|e| e.code), Some(ErrorCode::LinkRewrite));
    // A game link of another game, a transfer code, words that are no message.
    let (mut other, _) = browser(9);
    link_game(&mut other, "chess", 0, None);
    play(&mut other, "e4");
    let other_game = format!("move {} -", other.link().expect("link"));
    assert_eq!(black.live_receive(&other_game, T0, None).err().map(|e| e.code), Some(ErrorCode::LiveOtherGame));
    assert_eq!(
        black.live_receive("move cf-transfer1.x -", T0, None).err().map(|e| e.code),
        Some(ErrorCode::LiveMalformed)
    );
    assert_eq!(black.live_receive("hello there", T0, None).err().map(|e| e.code), Some(ErrorCode::LiveMalformed));
    assert_eq!(stored_links(&black_keep), before, "nothing refused changed anything");
    // The same move again, or an older copy, changes nothing and is no error.
    let same = format!("move {} -", white.link().expect("link"));
    assert!(black.live_receive(&same, T0, None).expect("same").notice.is_none());
}

#[test]
fn a_dropped_channel_keeps_the_clocks_running_and_a_reload_keeps_the_live_state() {
    let (mut white, mut black, white_keep, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0 + 1_000);
    white.live_disconnected(T0 + 2_000, None).expect("dropped");
    white.set_time(T0 + 62_000);
    let view = live_of(&white);
    assert_eq!((view.connection, view.clocks[0].remaining_ms), ("disconnected", 300_000 - 61_000));
    assert!(view.words.connection.contains("go on by links"), "{}", view.words.connection);
    // The page reloads: the same storage, a new session.
    let mut reloaded = Session::new(Box::new(white_keep.clone()), Box::new(TestHost { state: 7 }));
    reloaded.set_time(T0 + 62_000);
    reloaded.start("");
    let view = live_of(&reloaded);
    assert_eq!((view.connection, view.clocks[0].remaining_ms, view.clocks[0].running), ("disconnected", 239_000, true));
}

#[test]
fn going_on_by_links_stops_the_clocks_and_a_new_handshake_resumes_them() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0 + 1_000);
    white.go_on_by_links(T0 + 11_000).expect("links");
    black.go_on_by_links(T0 + 11_000).expect("links");
    // An ordinary link game now: a move's link is pasted, hours later; the clocks do not move.
    white.set_time(T0 + 9_000_000);
    play(&mut white, "Nf3");
    let update = done(&mut white, Update::default());
    assert!(update.send.is_empty(), "nothing goes over a channel");
    black.set_time(T0 + 9_500_000);
    let opened = black.open_pasted(&white.link().expect("link"));
    assert!(opened.notice.is_none(), "{:?}", opened.notice);
    let view = live_of(&black);
    assert_eq!(view.connection, "links");
    assert_eq!(
        view.clocks.iter().map(|c| (c.remaining_ms, c.running)).collect::<Vec<_>>(),
        [(290_000, false), (300_000, false)]
    );
    // Play live again: a new invitation and answer; the clocks run on as stored (Black to move).
    let invited = white
        .live_invite(Some(TimeControl { base_ms: 60_000, increment_ms: 0 }), OFFER, T0 + 9_600_000, None)
        .expect("invite");
    assert!(black.open_pasted(&invited.invitation).live.is_some());
    let hello_b = black.live_connected(T0 + 9_700_000, None).expect("connected");
    let hello_w = white.live_connected(T0 + 9_700_000, None).expect("connected");
    deliver(&hello_b, &mut white, T0 + 9_700_000);
    deliver(&hello_w, &mut black, T0 + 9_700_000);
    black.set_time(T0 + 9_705_000);
    let view = live_of(&black);
    assert_eq!(view.control.map(|c| c.name), Some("5+3".into()), "the stored control is kept");
    assert_eq!((view.connection, view.clocks[1].remaining_ms, view.clocks[1].running), ("connected", 295_000, true));
}

#[test]
fn live_words_are_in_the_sessions_language() {
    let (mut white, _, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    white.set_language("fr");
    let view = live_of(&white);
    assert!(view.words.connection.starts_with("Connecté\u{a0}:"), "{}", view.words.connection);
    assert_eq!(crate::live::view::clock_text(9_450), "9.4");
    assert_eq!(crate::live::view::clock_text(3_723_000), "1:02:03");
    assert_eq!(Connection::Links.name(), "links");
}

#[test]
fn an_invitation_behind_the_invitees_copy_resumes_the_invitees_game() {
    let (mut white, mut black, _, _) = live_pair("chess2024", None, None);
    live_move(&mut white, &mut black, "e4", T0);
    white.go_on_by_links(T0).expect("links");
    black.go_on_by_links(T0).expect("links");
    // Black moves by link; White has not opened it when it invites Black to play live again.
    play_any(&mut black);
    let invited = white.live_invite(None, OFFER, T0, None).expect("invite");
    let opened = black.open_pasted(&invited.invitation);
    assert_eq!(opened.live.map(|l| l.role), Some("answer"), "{:?}", opened.notice);
    assert_eq!(black.game().expect("g").record().len(), 2, "Black's own copy is kept");
    let hello_b = black.live_connected(T0, None).expect("connected");
    white.live_connected(T0, None).expect("connected");
    deliver(&hello_b, &mut white, T0);
    assert_eq!(white.link(), black.link(), "the hello brought White Black's move");
}
