//! The clock policy of live games, fed the time by the host (milliseconds since 1970).
//!
//! - Every seat starts with the control's base time.
//! - A seat's clock runs only while the game waits for that seat's decision and only once the seat
//!   has made its first board move (setups and each side's first move are untimed, as on lichess).
//! - When the turn passes from a seat whose clock was running, that seat gains the increment.
//! - Each browser runs every clock from its own measurement. A mover's reported time is accepted
//!   within the lag allowance: `clamp(reported, measured, measured + allowance)`, at most
//!   [`LAG_ALLOWANCE_MS`] in all per turn, so a sender who lies gains at most that per turn.
//! - A seat whose clock reaches zero has lost on time ([`Clocks::fallen`]); a claim that a seat's time
//!   is out holds when that seat's clock runs here and this browser measures it at most
//!   [`LAG_ALLOWANCE_MS`] above zero.
//! - Stopped clocks (the game went on by links) never run again until resumed.

use crate::Seat;
use chessfront_game::live::TimeControl;

/// What a received clock may gain over this browser's measurement, per turn (transit and lag).
pub const LAG_ALLOWANCE_MS: u64 = 500;

/// Whose decision the game waits for, as the clocks need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The seat to decide; `None` once the game is over.
    pub to_move: Option<Seat>,
    /// That seat has made a board move (its clock may run).
    pub timed: bool,
}

/// Every seat's clock in one browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    /// Each seat's remaining time, as of `since` for the running seat.
    pub remaining: Vec<u64>,
    pub running: Option<Seat>,
    /// When the running clock was last settled.
    pub since: u64,
    /// The lag allowance granted to the running seat in its turn so far.
    pub granted: u64,
    /// The game went on by links: no clock runs.
    pub stopped: bool,
}

impl Clocks {
    /// Fresh clocks for `seats` seats, none running.
    pub fn new(control: TimeControl, seats: usize, now: u64) -> Clocks {
        Clocks {
            control,
            remaining: vec![control.base_ms; seats],
            running: None,
            since: now,
            granted: 0,
            stopped: false,
        }
    }

    /// `seat`'s remaining time at `now` by this browser's measurement.
    pub fn remaining_at(&self, seat: Seat, now: u64) -> u64 {
        let left = self.remaining.get(seat as usize).copied().unwrap_or(0);
        if self.running == Some(seat) {
            left.saturating_sub(now.saturating_sub(self.since))
        } else {
            left
        }
    }

    /// Charges the running seat up to `now` (a time before the last settled one charges nothing).
    fn settle(&mut self, now: u64) {
        if let Some(seat) = self.running {
            let left = self.remaining_at(seat, now);
            if let Some(slot) = self.remaining.get_mut(seat as usize) {
                *slot = left;
            }
        }
        self.since = self.since.max(now);
    }

    /// The game now waits for `turn`: the seat whose turn ended gains the increment when `increment`
    /// and its clock ran, and the clock of the seat to decide starts if it may run.
    fn advance(&mut self, turn: Turn, increment: bool, now: u64) {
        self.settle(now);
        let next = turn.to_move.filter(|_| turn.timed && !self.stopped);
        if self.running != turn.to_move {
            if let Some(ended) = self.running.filter(|_| increment) {
                if let Some(slot) = self.remaining.get_mut(ended as usize) {
                    *slot = slot.saturating_add(self.control.increment_ms);
                }
            }
            self.granted = 0;
        }
        self.running = next;
    }

    /// This browser's player decided: answers the mover's remaining time when it decided (what its
    /// `move` message reports), then the turn goes on as `turn` says.
    pub fn local_decision(&mut self, mover: Seat, turn: Turn, now: u64) -> u64 {
        self.settle(now);
        let left = self.remaining_at(mover, now);
        self.advance(turn, true, now);
        left
    }

    /// A decision of `mover` arrived, reporting `reported` ms left: accepted within the allowance if
    /// the mover's clock was running here, then the turn goes on as `turn` says.
    pub fn received(&mut self, mover: Seat, reported: Option<u64>, turn: Turn, now: u64) {
        self.settle(now);
        if let (Some(reported), true) = (reported, self.running == Some(mover)) {
            let measured = self.remaining_at(mover, now);
            let accepted = reported.clamp(measured, measured + LAG_ALLOWANCE_MS.saturating_sub(self.granted));
            self.granted += accepted - measured;
            self.remaining[mover as usize] = accepted;
        }
        self.advance(turn, true, now);
    }

    /// Decisions were taken back: no increment, the clock of the seat to decide runs if it may.
    pub fn taken_back(&mut self, turn: Turn, now: u64) {
        self.advance(turn, false, now);
    }

    /// The seat whose clock has reached zero at `now`, if any.
    pub fn fallen(&self, now: u64) -> Option<Seat> {
        self.running.filter(|&seat| self.remaining_at(seat, now) == 0)
    }

    /// Whether a claim that `seat`'s time is out holds by this browser's measurement: only the clock
    /// that runs can fall (a seat not to move, or clocks stopped by links, have lost no time since).
    pub fn claim_holds(&self, seat: Seat, now: u64) -> bool {
        self.running == Some(seat) && self.remaining_at(seat, now) <= LAG_ALLOWANCE_MS
    }

    /// The game ended (on time, or otherwise): no clock runs from now.
    pub fn halt(&mut self, now: u64) {
        self.settle(now);
        self.running = None;
    }

    /// The game goes on by links: the clocks stop for good (until [`Clocks::resume`]).
    pub fn stop(&mut self, now: u64) {
        self.halt(now);
        self.stopped = true;
    }

    /// A new handshake: the clocks run again as stored, from `now` (or from the time they stopped, if
    /// `now` is earlier: a time going backwards never charges the years before it).
    pub fn resume(&mut self, turn: Turn, now: u64) {
        self.stopped = false;
        self.advance(turn, false, now);
    }

    /// The most a seat's clock can hold after `decisions` decisions of its own: the base, and per
    /// decision the increment and the lag allowance.
    pub fn ceiling(&self, decisions: usize) -> u64 {
        let per_turn = self.control.increment_ms + LAG_ALLOWANCE_MS;
        self.control.base_ms.saturating_add(per_turn.saturating_mul(decisions as u64))
    }

    /// A `hello` from `sender` with its clocks: its own seat's clock, if it runs, is taken within what
    /// is left of the turn's allowance (a hello sent again gains nothing more); every other seat keeps
    /// this browser's measurement. A browser that had no clocks of its own for the game (`fresh`)
    /// takes them all, each within what its seat's `decisions` (one count a seat) allow: the base
    /// for a seat that has not decided yet, at most [`Clocks::ceiling`] for another.
    pub fn hello(&mut self, sender: Seat, reported: &[u64], fresh: Option<&[usize]>, now: u64) {
        self.settle(now);
        if reported.len() != self.remaining.len() {
            return;
        }
        if let Some(decisions) = fresh {
            for (seat, &theirs) in reported.iter().enumerate() {
                let n = decisions.get(seat).copied().unwrap_or(0);
                let floor = if n == 0 { self.control.base_ms } else { 0 };
                self.remaining[seat] = theirs.clamp(floor, self.ceiling(n));
            }
            return;
        }
        if self.running != Some(sender) {
            return;
        }
        let seat = sender as usize;
        let measured = self.remaining[seat];
        let accepted = reported[seat].clamp(measured, measured + LAG_ALLOWANCE_MS.saturating_sub(self.granted));
        self.granted += accepted - measured;
        self.remaining[seat] = accepted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessfront_game::live::control::PRESETS;

    const FIVE_THREE: TimeControl = TimeControl { base_ms: 300_000, increment_ms: 3_000 };
    const T0: u64 = 1_760_000_000_000;

    fn turn(seat: Seat, timed: bool) -> Turn {
        Turn { to_move: Some(seat), timed }
    }

    /// White and Black have each made their first move at T0 (both untimed): White's clock now runs.
    fn under_way() -> Clocks {
        let mut c = Clocks::new(FIVE_THREE, 2, T0);
        c.local_decision(0, turn(1, false), T0);
        c.received(1, Some(300_000), turn(0, true), T0);
        c
    }

    #[test]
    fn every_preset_starts_every_seat_at_its_base_with_nothing_running() {
        for p in PRESETS {
            for seats in [2, 4] {
                let c = Clocks::new(p, seats, T0);
                assert_eq!(c.remaining, vec![p.base_ms; seats]);
                assert_eq!((c.running, c.fallen(T0 + 10 * p.base_ms)), (None, None), "nothing runs before a move");
            }
        }
    }

    #[test]
    fn the_first_move_of_each_side_is_untimed() {
        let mut c = Clocks::new(FIVE_THREE, 2, T0);
        // White thinks 20 s over its first move: not charged, no increment.
        assert_eq!(c.local_decision(0, turn(1, false), T0 + 20_000), 300_000);
        assert_eq!((c.remaining_at(0, T0 + 20_000), c.running), (300_000, None));
        // Black thinks 30 s over its first move: not charged either; White's clock starts.
        c.received(1, Some(300_000), turn(0, true), T0 + 50_000);
        assert_eq!(c.remaining, vec![300_000, 300_000]);
        assert_eq!(c.running, Some(0));
        assert_eq!(c.remaining_at(0, T0 + 60_000), 290_000);
        assert_eq!(c.remaining_at(1, T0 + 60_000), 300_000, "only the seat to move runs");
    }

    #[test]
    fn a_turn_that_ends_gains_the_increment_and_starts_the_next_clock() {
        let mut c = under_way();
        assert_eq!(c.local_decision(0, turn(1, true), T0 + 10_000), 290_000, "reported before the increment");
        assert_eq!(c.remaining_at(0, T0 + 10_000), 293_000);
        assert_eq!(c.running, Some(1));
        assert_eq!(c.remaining_at(1, T0 + 14_000), 296_000);
        // A step of a turn of several steps (the same seat decides again): no increment.
        c.received(1, None, turn(1, true), T0 + 14_000);
        assert_eq!((c.remaining_at(1, T0 + 14_000), c.running), (296_000, Some(1)));
        c.received(1, None, turn(0, true), T0 + 15_000);
        assert_eq!(c.remaining_at(1, T0 + 15_000), 298_000, "295 s left, plus 3");
        let untimed = Clocks { control: TimeControl { base_ms: 60_000, increment_ms: 0 }, ..under_way() };
        let mut u = untimed;
        u.local_decision(0, turn(1, true), T0 + 1_000);
        assert_eq!(u.remaining_at(0, T0 + 1_000), 299_000, "no increment in a control without one");
    }

    #[test]
    fn a_received_clock_is_accepted_within_the_lag_allowance() {
        // Black's clock runs from T0 + 10 s; Black moves and its message arrives 12 s later.
        let base = || {
            let mut c = under_way();
            c.local_decision(0, turn(1, true), T0 + 10_000);
            c
        };
        let arrived = T0 + 22_000; // measured: 300 - 12 = 288 s
        for (reported, accepted) in [(288_300, 288_300), (288_500, 288_500), (299_000, 288_500), (280_000, 288_000)] {
            let mut c = base();
            c.received(1, Some(reported), turn(0, true), arrived);
            assert_eq!(c.remaining_at(1, arrived), accepted + 3_000, "reported {reported}");
        }
    }

    #[test]
    fn the_allowance_is_per_turn_not_per_message() {
        let mut c = under_way();
        c.local_decision(0, turn(1, true), T0);
        // Black's turn has two steps, each reporting a second more than measured.
        c.received(1, Some(299_000 + 1_000), turn(1, true), T0 + 1_000);
        assert_eq!(c.remaining_at(1, T0 + 1_000), 299_500);
        c.received(1, Some(298_500 + 1_000), turn(0, true), T0 + 2_000);
        assert_eq!(c.remaining_at(1, T0 + 2_000), 298_500 + 3_000, "nothing more this turn");
        // The next turn has its own allowance.
        c.local_decision(0, turn(1, true), T0 + 2_000);
        c.received(1, Some(400_000), turn(0, true), T0 + 3_000);
        assert_eq!(c.remaining_at(1, T0 + 3_000), 301_500 - 1_000 + 500 + 3_000);
    }

    #[test]
    fn a_report_for_a_clock_that_did_not_run_is_ignored() {
        let mut c = Clocks::new(FIVE_THREE, 2, T0);
        c.local_decision(0, turn(1, false), T0);
        c.received(1, Some(300_400), turn(0, true), T0 + 5_000);
        assert_eq!(c.remaining, vec![300_000, 300_000], "Black's first move is untimed: nothing to accept");
    }

    #[test]
    fn a_flag_falls_at_zero_and_a_claim_holds_only_near_zero() {
        let mut c = under_way();
        assert_eq!(c.fallen(T0 + 299_999), None);
        assert_eq!(c.fallen(T0 + 300_000), Some(0));
        assert_eq!(c.fallen(T0 + 900_000), Some(0));
        assert_eq!(c.remaining_at(0, T0 + 900_000), 0, "never below zero");
        assert!(c.claim_holds(0, T0 + 299_500), "500 ms above zero: accepted");
        assert!(!c.claim_holds(0, T0 + 299_499), "more: refused");
        assert!(!c.claim_holds(1, T0 + 900_000), "a clock that does not run");
        assert!(!c.claim_holds(7, T0), "a seat the game does not have");
        let mut low = c.clone();
        low.remaining[1] = 400;
        assert!(!low.claim_holds(1, T0), "near zero but not running: it has lost no time");
        c.halt(T0 + 300_000);
        assert_eq!((c.running, c.fallen(T0 + 400_000)), (None, None));
    }

    #[test]
    fn a_disconnection_keeps_the_clocks_running() {
        // Nothing is called while the channel is down; time simply passes on the running clock.
        let c = under_way();
        assert_eq!(c.remaining_at(0, T0 + 120_000), 180_000);
        assert_eq!(c.fallen(T0 + 300_000), Some(0));
    }

    #[test]
    fn going_on_by_links_stops_the_clocks_for_good_until_resumed() {
        let mut c = under_way();
        c.stop(T0 + 10_000);
        assert_eq!((c.running, c.remaining[0], c.stopped), (None, 290_000, true));
        // Moves by link afterwards run nothing.
        c.received(1, Some(1), turn(1, true), T0 + 900_000);
        c.local_decision(0, turn(0, true), T0 + 900_000);
        assert_eq!((c.remaining.clone(), c.running), (vec![290_000, 300_000], None));
        // A new handshake resumes with the clocks as stored, no increment for the pause.
        c.resume(turn(0, true), T0 + 2_000_000);
        assert_eq!((c.running, c.remaining_at(0, T0 + 2_001_000)), (Some(0), 289_000));
    }

    #[test]
    fn a_takeback_gives_no_increment_and_time_spent_stays_spent() {
        let mut c = under_way();
        c.local_decision(0, turn(1, true), T0 + 10_000);
        c.taken_back(turn(0, true), T0 + 15_000);
        assert_eq!(c.remaining_at(1, T0 + 15_000), 295_000);
        assert_eq!((c.running, c.remaining_at(0, T0 + 15_000)), (Some(0), 293_000));
        c.taken_back(turn(0, false), T0 + 16_000);
        assert_eq!(c.running, None, "the first move taken back is untimed again");
    }

    #[test]
    fn a_hello_takes_the_senders_own_clock_within_the_allowance() {
        let mut c = under_way();
        c.halt(T0 + 1_000);
        c.hello(1, &[1_000, 299_000], None, T0 + 1_000);
        assert_eq!(
            c.remaining,
            vec![299_000, 300_000],
            "the other seat keeps this browser's figure; the sender's can't gain"
        );
        c.hello(1, &[1_000, 100_000], None, T0 + 1_000);
        assert_eq!(c.remaining, vec![299_000, 300_000], "nor lose below this browser's measurement");
        let mut fresh = Clocks::new(FIVE_THREE, 2, T0);
        fresh.hello(0, &[120_000, 90_000], Some(&[3, 3]), T0);
        assert_eq!(fresh.remaining, vec![120_000, 90_000], "a browser without clocks of its own takes them");
        fresh.hello(0, &[1, 2, 3], Some(&[3, 3]), T0);
        assert_eq!(fresh.remaining, vec![120_000, 90_000], "another number of seats is ignored");
    }

    #[test]
    fn hellos_gain_the_running_sender_no_more_than_the_turns_allowance() {
        // White's clock runs (299 s left at T0 + 1 s): White says hello again and again.
        let mut c = under_way();
        for _ in 0..5 {
            c.hello(0, &[300_000, 300_000], None, T0 + 1_000);
        }
        assert_eq!(c.remaining_at(0, T0 + 1_000), 299_500, "one allowance in all");
        // The allowance is shared with the move that ends the turn.
        c.received(0, Some(300_000), turn(1, true), T0 + 1_000);
        assert_eq!(c.remaining_at(0, T0 + 1_000), 299_500 + 3_000, "no more gain, then the increment");
        // Black's clock did not run before its hello: its figure stays.
        c.hello(0, &[1, 1], None, T0 + 1_000);
        assert_eq!(c.remaining_at(1, T0 + 1_000), 300_000);
    }

    #[test]
    fn a_fresh_browser_takes_clocks_within_what_the_decisions_allow() {
        let mut fresh = Clocks::new(FIVE_THREE, 2, T0);
        fresh.hello(0, &[36_000_000, 1_000], Some(&[0, 0]), T0);
        assert_eq!(fresh.remaining, vec![300_000, 300_000], "nobody decided: the base");
        fresh.hello(0, &[36_000_000, 1_000], Some(&[2, 1]), T0);
        assert_eq!(fresh.remaining, vec![307_000, 1_000], "two decisions: two increments and allowances");
        assert_eq!(fresh.ceiling(usize::MAX), u64::MAX, "saturates");
    }

    #[test]
    fn the_game_over_stops_every_clock() {
        let mut c = under_way();
        c.local_decision(0, Turn { to_move: None, timed: false }, T0 + 1_000);
        assert_eq!((c.running, c.remaining_at(0, T0 + 1_000)), (None, 302_000));
        assert_eq!(c.fallen(T0 + 10_000_000), None);
    }

    #[test]
    fn time_going_backwards_charges_nothing() {
        let mut c = under_way();
        c.local_decision(0, turn(1, true), T0 - 5_000);
        assert_eq!(c.remaining_at(0, T0), 303_000);
        assert_eq!(c.since, T0);
    }

    #[test]
    fn resuming_at_an_earlier_time_charges_nothing_before_the_stop() {
        let mut c = under_way();
        c.stop(T0 + 10_000);
        assert_eq!(c.remaining_at(0, T0 + 10_000), 290_000);
        c.resume(turn(0, true), 0);
        assert_eq!(c.running, Some(0));
        assert_eq!(c.remaining_at(0, T0 + 11_000), 289_000, "charged from the stop, not from 1970");
    }

    #[test]
    fn the_turns_allowance_is_counted_across_hellos_and_steps() {
        // A hello takes 200 ms of White's allowance in its turn: its move may gain 300 ms more, no more.
        let mut c = under_way();
        c.hello(0, &[299_200, 300_000], None, T0 + 1_000);
        assert_eq!(c.remaining_at(0, T0 + 1_000), 299_200);
        c.received(0, Some(300_000), turn(1, true), T0 + 2_000);
        assert_eq!(c.remaining_at(0, T0 + 2_000), 298_500 + 3_000);
        // A step of a turn of several steps takes 200 ms: a hello later in the turn, 300 ms more.
        let mut c = under_way();
        c.received(0, Some(299_200), turn(0, true), T0 + 1_000);
        c.hello(0, &[300_000, 300_000], None, T0 + 2_000);
        assert_eq!(c.remaining_at(0, T0 + 2_000), 298_500);
    }

    #[test]
    fn what_is_left_of_the_allowance_carries_over_within_the_turn() {
        let mut c = under_way();
        c.local_decision(0, turn(1, true), T0);
        // The first step gains 200 ms, the second may gain the other 300, no more.
        c.received(1, Some(299_000 + 200), turn(1, true), T0 + 1_000);
        assert_eq!((c.remaining_at(1, T0 + 1_000), c.granted), (299_200, 200));
        c.received(1, Some(298_200 + 1_000), turn(0, true), T0 + 2_000);
        assert_eq!(c.remaining_at(1, T0 + 2_000), 298_200 + 300 + 3_000);
    }

    #[test]
    fn a_claim_for_a_seat_just_past_the_last_is_refused() {
        let c = under_way();
        assert!(!c.claim_holds(2, T0 + 900_000), "two seats: 0 and 1");
    }

    #[test]
    fn a_hello_may_give_the_sender_at_most_the_allowance() {
        // White's clock runs: its hello may take it up to the allowance above this browser's figure.
        let mut c = under_way();
        c.hello(0, &[301_000, 300_000], None, T0);
        assert_eq!(c.remaining, vec![300_500, 300_000]);
    }
}
