//! The channel in the session: opened (the hello), dropped, a message received, the clocks followed
//! after every command, the move sent, and going on by links.

use super::clock::Turn;
use super::{not_live, Connection, Live};
use crate::error::{Error, ErrorCode, Result};
use crate::game::{Decision, Game};
use crate::{continuation, id_text, link, no_game, trust, Mode, Open, Seat, Session, Update};
use chessfront_game::live::envelope::Message;

/// Whose decision the game waits for, as the clocks see it: nobody's once over or while setting up.
pub(crate) fn turn_of(game: &Game) -> Turn {
    if game.outcome().is_some() {
        return Turn { to_move: None, timed: false };
    }
    let seat = game.to_move();
    let timed = game.setup_due().is_none()
        && game
            .record()
            .iter()
            .enumerate()
            .any(|(i, e)| e.seat == seat && matches!(e.decision, Decision::Act(_)) && !game.setup_decision(i));
    Turn { to_move: Some(seat), timed }
}

/// Whether the copy this browser keeps continues `incoming` (which lacks only what was added here
/// since: a move, a commitment): then it brings nothing, and is no error.
pub(super) fn older_copy(incoming: &crate::link::LinkGame, stored: &crate::keep::StoredGame) -> bool {
    link::decode(&stored.link)
        .ok()
        .is_some_and(|ours| incoming.game_id == ours.game_id && continuation::continues(incoming, &ours).is_ok())
}

/// This browser's seat in a live game, with the game and its live state.
fn live_parts(o: &mut Open) -> Result<(Seat, &mut Game, &mut Live, u64)> {
    let Mode::Link { seat } = o.mode else { return Err(not_live()) };
    let live = o.live.as_mut().ok_or_else(not_live)?;
    Ok((seat, &mut o.game, live, o.id))
}

impl Session {
    pub(super) fn open_live(&mut self) -> Result<(Seat, &mut Game, &mut Live, u64)> {
        live_parts(self.open.as_mut().ok_or_else(no_game)?)
    }

    /// The seat of the peer a channel event is about: the one given, else the opponent of a two-player
    /// game (the first other seat).
    fn peer_or_default(&self, peer: Option<Seat>) -> Option<Seat> {
        let o = self.open.as_ref()?;
        let mine = o.mode.seat()?;
        peer.or_else(|| (0..o.game.seat_count() as Seat).find(|&s| s != mine))
    }

    /// The channel with `peer` opened: clocks stopped by links run again, and the hello is sent.
    pub fn live_connected(&mut self, now: u64, peer: Option<Seat>) -> Result<Update> {
        self.now_ms = now;
        let peer = self.peer_or_default(peer);
        let (mine, game, live, id) = self.open_live()?;
        live.set_connection(peer, Connection::Connected);
        let turn = turn_of(game);
        let link = link::encode(game, id);
        let clocks = live.clocks.as_mut().map(|c| {
            if c.stopped && live.flagged.is_none() {
                c.resume(turn, now);
            }
            (0..c.remaining.len() as Seat).map(|s| c.remaining_at(s, now)).collect()
        });
        live.peer_link = Some(link.clone());
        live.measured_at = now;
        let mut update =
            Update { send: vec![Message::Hello { seat: mine, link, clocks }.write()], ..Update::default() };
        update.notice = self.save();
        Ok(update)
    }

    /// The channel with `peer` (every channel when `None`) dropped: clocks keep running.
    pub fn live_disconnected(&mut self, now: u64, peer: Option<Seat>) -> Result<Update> {
        self.now_ms = now;
        let (_, _, live, _) = self.open_live()?;
        if live.connection != Connection::Links {
            live.set_connection(peer, Connection::Disconnected);
        }
        live.measured_at = now;
        Ok(Update { notice: self.save(), ..Update::default() })
    }

    /// "Go on by links": the clocks stop for good and the game goes on as any link game; a new
    /// invitation resumes it live with the clocks as stored.
    pub fn go_on_by_links(&mut self, now: u64) -> Result<Update> {
        self.now_ms = now;
        let (_, _, live, _) = self.open_live()?;
        live.set_connection(None, Connection::Links);
        live.connection = Connection::Links;
        live.takeback = None;
        if let Some(c) = live.clocks.as_mut() {
            c.stop(now);
        }
        live.measured_at = now;
        Ok(Update { notice: self.save(), ..Update::default() })
    }

    /// A message from the channel (`from`: the peer's seat, for a hub). A refused message is an error
    /// with its code and changes nothing. A hub relays what it took to its other peers.
    pub fn live_receive(&mut self, text: &str, now: u64, from: Option<Seat>) -> Result<Update> {
        self.now_ms = now;
        let message = Message::parse(text)?;
        let (mine, _, live, _) = self.open_live()?;
        live.measured_at = now;
        let hub = live.peers.len() > 1;
        let mut update = match message {
            Message::Move { link, clock } => self.receive_link(&link, clock)?,
            Message::Hello { seat, link, clocks } => {
                if seat == mine || from.is_some_and(|from| from != seat) {
                    return Err(Error::bilingual(
                        ErrorCode::LiveOtherGame,
                        "The other browser plays the same side as you in this game, or another side than its channel's.",
                        "L'autre navigateur joue le même camp que vous dans cette partie, ou un autre camp que celui de sa connexion.",
                    ));
                }
                let update = self.receive_link(&link, None)?;
                let (_, game, live, _) = self.open_live()?;
                live.set_connection(Some(from.unwrap_or(seat)), Connection::Connected);
                if let (Some(c), Some(reported)) = (live.clocks.as_mut(), clocks) {
                    let decisions: Vec<usize> = (0..game.seat_count())
                        .map(|s| game.record().iter().filter(|e| usize::from(e.seat) == s).count())
                        .collect();
                    c.hello(seat, &reported, live.fresh.then_some(&decisions[..]), now);
                }
                live.fresh = false;
                return Ok(Update { notice: self.save().or(update.notice), ..update });
            }
            Message::Flag { flagged, seat, plies, signature } => self.receive_flag(flagged, seat, plies, &signature)?,
            Message::TakebackRequest { ply, plies, seq, seat, author, signature } => {
                self.receive_takeback_request(ply, plies, seq, seat, author, &signature)?
            }
            Message::TakebackAnswer { ply, plies, seq, seat, accept, author, signature } => {
                self.receive_takeback_answer((ply, plies, seq, seat, accept), author, &signature)?
            }
            Message::Rematch { link } => self.receive_rematch(&link)?,
        };
        if hub {
            update.relay.push(text.to_string());
        }
        Ok(update)
    }

    /// A game link from the channel: judged exactly as a pasted link of the open game; an older copy
    /// or the same game changes nothing. The clocks then follow the decisions it brought.
    fn receive_link(&mut self, text: &str, clock: Option<u64>) -> Result<Update> {
        let incoming = trust::read_incoming(text)?;
        let o = self.open.as_ref().ok_or_else(no_game)?;
        if incoming.game_id != o.id {
            return Err(Error::bilingual(
                ErrorCode::LiveOtherGame,
                "A move for another game came over the channel: it was not taken.",
                "Un coup d'une autre partie est arrivé par la connexion : il n'a pas été accepté.",
            ));
        }
        let (id, current) = (o.id, link::encode(&o.game, o.id));
        let stored = match self.shelf().game(&id_text(id)) {
            Some(stored) => stored,
            None => self.open_as_stored(current).ok_or_else(no_game)?,
        };
        let older = older_copy(&incoming, &stored);
        let update = match self.continue_stored(incoming, &stored) {
            Ok(update) => update,
            Err(_) if older => return Ok(Update::default()),
            Err(e) => return Err(e),
        };
        let now = self.now_ms;
        let (mine, game, live, _) = self.open_live()?;
        let plies = game.record().len();
        if plies != live.seen {
            live.takeback = None;
            let turn = turn_of(game);
            let mover = game.record().last().map(|e| e.seat);
            if let Some(c) = live.clocks.as_mut() {
                match mover {
                    Some(mover) if plies > live.seen && mover != mine => c.received(mover, clock, turn, now),
                    _ => c.taken_back(turn, now),
                }
                if turn.to_move.is_none() {
                    c.halt(now);
                }
            }
            live.seen = plies;
        }
        live.peer_link = Some(text.to_string());
        Ok(Update { notice: self.save().or(update.notice), ..update })
    }

    /// After every command (from [`Session::finish`]): the clocks follow the decisions made here, and in
    /// a connected live game the link the peers do not have yet is sent (moves wait for no confirmation).
    pub(crate) fn live_outgoing(&mut self, mut update: Update) -> Update {
        let now = self.now_ms;
        let Some(o) = self.open.as_mut() else { return update };
        let visiting = o.visiting || o.watching;
        let Ok((mine, game, live, id)) = live_parts(o) else { return update };
        let plies = game.record().len();
        let mut changed = false;
        if plies != live.seen {
            let turn = turn_of(game);
            let mover = game.record().last().map(|e| e.seat);
            if let Some(c) = live.clocks.as_mut() {
                match mover {
                    Some(m) if plies > live.seen && m == mine => live.report = Some(c.local_decision(mine, turn, now)),
                    Some(m) if plies > live.seen => c.received(m, None, turn, now),
                    _ => c.taken_back(turn, now),
                }
                if turn.to_move.is_none() {
                    c.halt(now);
                }
            }
            live.takeback = None;
            live.seen = plies;
            changed = true;
        }
        live.measured_at = now;
        if live.connection == Connection::Connected && !visiting {
            let link = link::encode(game, id);
            if live.peer_link.as_deref() != Some(link.as_str()) {
                let mine_last = game.record().last().is_some_and(|e| e.seat == mine);
                let clock = live.clocks.as_ref().and(live.report).filter(|_| mine_last);
                update.send.push(Message::Move { link: link.clone(), clock }.write());
                live.peer_link = Some(link);
                if let Some(o) = self.open.as_mut() {
                    o.unconfirmed = false;
                    o.sent = plies;
                }
                changed = true;
            }
        }
        if changed {
            if let Some(notice) = self.save() {
                update.notice = Some(notice);
            }
        }
        update
    }
}
