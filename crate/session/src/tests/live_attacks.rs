//! Live play attacked by a cheating opponent (messages its own modified browser could send: forged,
//! replayed or stretched claims, hellos and answers) and by a hostile page or link (invitations with
//! hostile descriptions, absurd times). Each test names the rule of trust it holds.

use super::live::{done, live_move, live_of, live_pair, FIVE_THREE, OFFER, T0};
use super::*;
use chessfront_game::live::envelope::Message;
use chessfront_game::live::statement::{self, Control};
use chessfront_game::live::TimeControl;

/// The game id of `session`'s open game.
fn id_of(session: &Session) -> u64 {
    crate::link::decode(&session.link().expect("link")).expect("decoded").game_id
}

/// A control statement `kind` with `fields`, signed by `by`'s own seat key for `seat` over its record.
fn signed(by: &Session, kind: &str, seat: Seat, fields: &[u64]) -> [u8; 64] {
    let game = by.game().expect("g");
    let record = statement::record_of(game, game.record().len());
    let c = Control { game_id: id_of(by), kind, seat, fields, record: &record };
    statement::sign(game, &c).expect("a seat of this browser")
}

/// A flag claim by `by` (its seat `seat`) that `flagged`'s time is out, signed as its browser would.
fn claim(by: &Session, flagged: Seat, seat: Seat) -> String {
    let plies = by.game().expect("g").record().len();
    let signature = signed(by, "flag", seat, &[u64::from(flagged), plies as u64]);
    Message::Flag { flagged, seat, plies, signature }.write()
}

fn refusal(session: &mut Session, message: &str, now: u64) -> Option<ErrorCode> {
    session.live_receive(message, now, None).err().map(|e| e.code)
}

fn clocks_of(session: &Session) -> Vec<u64> {
    live_of(session).clocks.iter().map(|c| c.remaining_ms).collect()
}

const ONE_SECOND: TimeControl = TimeControl { base_ms: 1_000, increment_ms: 0 };

#[test]
fn a_flag_claim_for_a_seat_whose_clock_does_not_run_is_refused() {
    // 1 s a side, no increment: White leaves itself 400 ms with its second move; Black's clock runs.
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(ONE_SECOND));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    live_move(&mut white, &mut black, "Nf3", T0 + 600);
    assert_eq!(clocks_of(&white), [400, 1_000]);
    // Black, on move, claims White's flag: White's clock is stopped at 400 ms, not fallen.
    let forged = claim(&black, 0, 1);
    assert_eq!(refusal(&mut white, &forged, T0 + 600), Some(ErrorCode::LiveFlagRefused));
    assert_eq!(live_of(&white).flagged, None, "nothing changed");
    // Nor after the game went on by links (every clock stopped).
    white.go_on_by_links(T0 + 700).expect("links");
    assert_eq!(refusal(&mut white, &forged, T0 + 700), Some(ErrorCode::LiveFlagRefused));
    assert_eq!(live_of(&white).flagged, None);
}

#[test]
fn a_flag_claim_signed_by_another_seat_or_for_another_game_is_refused() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    let honest = claim(&black, 0, 1);
    // The same claim naming White as the claimant (Black's signature, White's name).
    let renamed = honest.replacen("flag 0 1 ", "flag 0 0 ", 1);
    assert_eq!(refusal(&mut white, &renamed, T0 + 300_000), Some(ErrorCode::LiveStale), "in White's own name");
    // A claim Black made in another game (same moves, another id) does not verify in this one.
    let game = black.game().expect("g");
    let record = statement::record_of(game, 2);
    let c = Control { game_id: id_of(&black) ^ 1, kind: "flag", seat: 1, fields: &[0, 2], record: &record };
    let signature = statement::sign(game, &c).expect("Black's key");
    let elsewhere = Message::Flag { flagged: 0, seat: 1, plies: 2, signature }.write();
    assert_eq!(refusal(&mut white, &elsewhere, T0 + 300_000), Some(ErrorCode::LiveBadSignature));
    assert_eq!(live_of(&white).flagged, None);
}

#[test]
fn hellos_repeated_gain_no_more_than_the_allowance_in_a_turn() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    live_move(&mut white, &mut black, "Nf3", T0 + 1_000);
    // Black's clock runs on White's browser from T0 + 1 s. Black sends hello after hello, each
    // reporting its clock untouched (300 s) 10 s later.
    let link = black.link().expect("link");
    let hello = Message::Hello { seat: 1, link, clocks: Some(vec![302_000, 300_000]) }.write();
    for _ in 0..20 {
        white.live_receive(&hello, T0 + 11_000, None).expect("a hello is taken");
    }
    let black_left = clocks_of(&white)[1];
    assert!(black_left <= 290_000 + 500, "at most the allowance in the turn: {black_left}");
}

#[test]
fn a_move_reporting_a_clock_far_above_the_truth_gains_at_most_the_allowance() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    live_move(&mut white, &mut black, "Nf3", T0);
    // Black thinks 60 s, then reports its whole base time left (and later, ten hours).
    black.set_time(T0 + 60_000);
    let game = black.game().expect("g");
    let index = game.index_of(game.find("Nc6").expect("legal")).expect("option");
    let update = black.play(&[index]).expect("played");
    let update = done(&mut black, update);
    let (head, _) = update.send[0].rsplit_once(' ').expect("fields");
    white.live_receive(&format!("{head} 36000000"), T0 + 60_000, None).expect("a legal move is taken");
    assert_eq!(clocks_of(&white)[1], 240_000 + 500 + 3_000, "measured, the allowance and the increment");
}

#[test]
fn a_hello_from_a_fresh_game_cannot_set_the_clocks_beyond_what_the_game_allows() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    let invited = white.live_invite(Some(FIVE_THREE), OFFER, T0, None).expect("invitation");
    let (mut black, _) = browser(2);
    black.open_pasted(&invited.invitation);
    black.live_answer(&super::live::answer_sdp(), T0).expect("answer");
    black.live_connected(T0, None).expect("connected");
    // White's modified browser says it has ten hours and Black one second, before any move.
    let link = white.link().expect("link");
    let hello = Message::Hello { seat: 0, link, clocks: Some(vec![36_000_000, 1_000]) }.write();
    black.live_receive(&hello, T0, None).expect("a hello is taken");
    assert_eq!(clocks_of(&black), [300_000, 300_000], "nobody has moved: both at the base");
}

#[test]
fn a_fresh_browser_caps_each_clock_by_the_decisions_of_its_seat() {
    // Three moves by links, then White invites Black, who keeps the game but no live state of it.
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut black, _) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    white.open_link(&black.link().expect("link"));
    play(&mut white, "Nf3");
    black.open_link(&white.link().expect("link"));
    let invited = white.live_invite(Some(FIVE_THREE), OFFER, T0, None).expect("invitation");
    let opened = black.open_pasted(&invited.invitation);
    assert_eq!(opened.live.map(|l| l.role), Some("answer"), "{:?}", opened.notice);
    black.live_connected(T0, None).expect("connected");
    let link = white.link().expect("link");
    let hello = Message::Hello { seat: 0, link, clocks: Some(vec![36_000_000, 250_000]) }.write();
    black.live_receive(&hello, T0, None).expect("taken");
    // White has made two decisions: at most the base, two increments and two allowances.
    assert_eq!(clocks_of(&black), [300_000 + 2 * 3_500, 250_000]);
}

#[test]
fn a_hello_that_rewrites_the_game_or_plays_this_browsers_seat_is_refused() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    let older = black.link().expect("link");
    live_move(&mut black, &mut white, "e5", T0);
    let link = white.link().expect("link");
    let before = (white.link(), clocks_of(&white));
    // Black's hello in White's seat.
    let mine = Message::Hello { seat: 0, link: link.clone(), clocks: Some(vec![1, 1]) }.write();
    assert_eq!(refusal(&mut white, &mine, T0), Some(ErrorCode::LiveOtherGame));
    // Another game's link.
    let (mut other, _) = browser(9);
    link_game(&mut other, "chess", 0, None);
    let other_game = Message::Hello { seat: 1, link: other.link().expect("l"), clocks: None }.write();
    assert_eq!(refusal(&mut white, &other_game, T0), Some(ErrorCode::LiveOtherGame));
    // A rewrite: White's own first move replaced (a game Black's browser made up).
    let (mut forger, _) = browser(2);
    link_game(&mut forger, "chess", 0, None);
    play(&mut forger, "d4");
    let rewrite = Message::Hello { seat: 1, link: forger.link().expect("l"), clocks: None }.write();
    assert!(refusal(&mut white, &rewrite, T0).is_some());
    // An older copy (before e5): nothing changes, no error; its clocks cannot rewind White's.
    let old = Message::Hello { seat: 1, link: older, clocks: Some(vec![1_000, 360_000]) }.write();
    white.live_receive(&old, T0 + 1_000, None).expect("an older copy is no error");
    assert_eq!(white.link(), before.0);
    assert_eq!(clocks_of(&white), [299_000, 300_000], "White's measured, Black's untouched");
    assert_eq!(before.1, [300_000, 300_000]);
}

#[test]
fn a_game_without_clocks_ends_on_time_for_nobody() {
    let (mut white, mut black, _, _) = live_pair("chess", None, None);
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    // Black concedes a fall it cannot have: no clock runs in this game.
    let own = claim(&black, 1, 1);
    assert_eq!(refusal(&mut white, &own, T0), Some(ErrorCode::LiveFlagRefused));
    assert_eq!(refusal(&mut white, &claim(&black, 0, 1), T0), Some(ErrorCode::LiveFlagRefused));
    assert_eq!(live_of(&white).flagged, None);
}

#[test]
fn a_seat_concedes_its_own_fall_with_time_on_its_clock() {
    let (mut white, mut black, _, _) = live_pair("chess", None, Some(FIVE_THREE));
    live_move(&mut white, &mut black, "e4", T0);
    live_move(&mut black, &mut white, "e5", T0);
    let own = claim(&black, 1, 1);
    white.live_receive(&own, T0, None).expect("a seat may concede its own fall");
    assert_eq!(live_of(&white).flagged, Some(1));
}

#[test]
fn a_control_statement_covers_the_decisions_it_speaks_of() {
    // Two games of the same length whose decisions differ speak of different records, so a statement
    // signed over one (a claim, an answer) does not verify over the other.
    let (mut a, _) = browser(1);
    link_game(&mut a, "chess", 0, None);
    play(&mut a, "e4");
    let (mut b, _) = browser(1);
    link_game(&mut b, "chess", 0, None);
    play(&mut b, "d4");
    let (ra, rb) = (statement::record_of(a.game().expect("g"), 1), statement::record_of(b.game().expect("g"), 1));
    assert_eq!((ra.len(), rb.len()), (1, 1));
    assert_ne!(ra, rb);
    assert_eq!(ra[0].2, 0, "White's decision");
    assert_eq!(statement::record_of(a.game().expect("g"), 0), vec![], "the first plies only");
}
