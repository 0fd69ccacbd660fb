//! The fall of a flag: a seat's clock reaches zero on this browser (the game ends on time here and a
//! signed claim is sent), and a claim received (accepted only if this browser's own clock agrees).

use super::channel::turn_of;
use super::{Connection, Live};
use crate::error::{Error, ErrorCode, Result};
use crate::{Seat, Session, Update};
use chessfront_game::live::envelope::{Message, Signature};
use chessfront_game::live::statement::{self, Control};

/// What a flag claim's signature covers.
fn claim<'a>(game_id: u64, seat: Seat, fields: &'a [u64], record: &'a [(u32, u32, u8)]) -> Control<'a> {
    Control { game_id, kind: "flag", seat, fields, record }
}

use super::on_time_notice;

fn flag_down(live: &mut Live, flagged: Seat, now: u64) {
    live.flagged = Some(flagged);
    live.takeback = None;
    if let Some(c) = live.clocks.as_mut() {
        c.halt(now);
    }
}

impl Session {
    /// The page's regular call: a seat whose clock reached zero here loses on time; the claim is sent.
    pub fn live_tick(&mut self, now: u64) -> Result<Update> {
        self.now_ms = now;
        let (mine, game, live, id) = self.open_live()?;
        live.measured_at = now;
        let fallen = live.clocks.as_ref().and_then(|c| c.fallen(now));
        let (Some(flagged), None, None) = (fallen, live.flagged, game.outcome()) else {
            return Ok(Update::default());
        };
        // The clocks may not have followed the last command yet (the page ticks between commands).
        if turn_of(game).to_move != Some(flagged) {
            return Ok(Update::default());
        }
        flag_down(live, flagged, now);
        let plies = game.record().len();
        let fields = [u64::from(flagged), plies as u64];
        let record = statement::record_of(game, plies);
        let signature = statement::sign(game, &claim(id, mine, &fields, &record));
        let connected = live.connection == Connection::Connected;
        let names = game.seat_names();
        let mut update = Update { notice: Some(on_time_notice(names, flagged)), ..Update::default() };
        if let (Some(signature), true) = (signature, connected) {
            update.send.push(Message::Flag { flagged, seat: mine, plies, signature }.write());
        }
        update.notice = self.save().or(update.notice);
        Ok(update)
    }

    /// A claim from `seat` that `flagged`'s time ran out with `plies` decisions played.
    pub(super) fn receive_flag(
        &mut self,
        flagged: Seat,
        seat: Seat,
        plies: usize,
        signature: &Signature,
    ) -> Result<Update> {
        let now = self.now_ms;
        let (mine, game, live, id) = self.open_live()?;
        if seat == mine || plies != game.record().len() || game.outcome().is_some() {
            return Err(Error::bilingual(
                ErrorCode::LiveStale,
                "A claim that a clock ran out came for another moment of the game (a move crossed it, or it was replayed): it was not taken.",
                "Une réclamation au temps est arrivée pour un autre moment de la partie (un coup l'a croisée, ou elle a été rejouée) : elle n'a pas été acceptée.",
            ));
        }
        let fields = [u64::from(flagged), plies as u64];
        let record = statement::record_of(game, plies);
        if !statement::verifies(game, &claim(id, seat, &fields, &record), signature) {
            return Err(bad_signature());
        }
        if live.flagged.is_none() {
            // A game without clocks has no fall; a seat may concede its own, another seat's must be seen here.
            let holds = live.clocks.as_ref().is_some_and(|c| flagged == seat || c.claim_holds(flagged, now));
            if !holds {
                return Err(Error::bilingual(
                    ErrorCode::LiveFlagRefused,
                    "Your opponent's browser says a clock ran out, but this browser's clock still has time on it: the claim was refused. Clocks in two browsers can disagree; go on, or go on by links.",
                    "Le navigateur adverse dit qu'une pendule est tombée, mais celle de ce navigateur a encore du temps : la réclamation est refusée. Les pendules de deux navigateurs peuvent différer ; continuez, ou continuez par liens.",
                ));
            }
            flag_down(live, flagged, now);
        }
        let names = game.seat_names();
        let notice = Some(on_time_notice(names, flagged));
        Ok(Update { notice: self.save().or(notice), ..Update::default() })
    }
}

pub(super) fn bad_signature() -> Error {
    Error::bilingual(
        ErrorCode::LiveBadSignature,
        "A live message is not signed by the player it names: it was forged or altered, and was not taken.",
        "Un message de la partie en direct n'est pas signé par le joueur qu'il nomme : il a été falsifié ou modifié, il n'a pas été accepté.",
    )
}
