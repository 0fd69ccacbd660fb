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
mod tests;
