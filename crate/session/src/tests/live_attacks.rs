//! Live play attacked by a cheating opponent (messages its own modified browser could send: forged,
//! replayed or stretched claims, hellos and answers) and by a hostile page or link (invitations with
//! hostile descriptions, absurd times). Each test names the rule of trust it holds.

use super::live::{deliver, done, live_move, live_of, live_pair, FIVE_THREE, OFFER, T0};
use super::*;
use chessfront_game::live::envelope::{Message, MAX_MESSAGE_CHARS};
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

