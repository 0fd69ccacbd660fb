//! Takebacks in live play: asked for (to the start of the requester's last turn, never past a chance
//! event or a setup), answered (signed), and an accept that takes both copies back; and the rematch
//! offered over the channel.

use super::channel::turn_of;
use super::flag::bad_signature;
use super::{not_live, Connection, Live, Takeback};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::{trust, Mode, Notice, Seat, Session, Update};
use chessfront_game::live::envelope::{Message, Signature};
use chessfront_game::live::statement::{self, Control};

fn refused(english: &str, french: &str) -> Error {
    Error::bilingual(ErrorCode::LiveTakebackRefused, english, french)
}

fn stale() -> Error {
    Error::bilingual(
        ErrorCode::LiveStale,
        "This takeback message answers nothing pending now (the game moved on, or it was replayed): it was not taken.",
        "Ce message de reprise ne répond à rien en attente (la partie a continué, ou il a été rejoué) : il n'a pas été accepté.",
    )
}

/// The record's length after taking back `seat`'s last turn, if the rules allow it: a game of two
/// players (in a game of four, one opponent's accept cannot speak for the others), the seat has a
/// decision, and nothing taken back is a setup or was followed by a chance event.
pub(crate) fn takeback_ply(game: &Game, seat: Seat) -> Result<usize> {
    if game.seat_names().len() != 2 {
        return Err(refused(
            "Takebacks are for games of two players: in a game of four, one opponent cannot agree for the others.",
            "Les reprises sont réservées aux parties à deux : à quatre, un adversaire ne peut pas accepter pour les autres.",
        ));
    }
    let record = game.record();
    let last = record
        .iter()
        .rposition(|e| e.seat == seat)
        .ok_or_else(|| refused("You have no move to take back.", "Vous n'avez aucun coup à reprendre."))?;
    let mut ply = last;
    while ply > 0 && record[ply - 1].seat == seat {
        ply -= 1;
    }
    let past_chance = record[ply..].iter().any(|e| e.note.is_some());
    if past_chance || (ply..record.len()).any(|i| game.setup_decision(i)) {
        return Err(refused(
            "That move cannot be taken back: a chance event or a setup came with it, which no takeback undoes.",
            "Ce coup ne peut pas être repris : un tirage du hasard ou une mise en place l'a accompagné, ce qu'aucune reprise n'annule.",
        ));
    }
    Ok(ply)
}

/// `game` taken back to `ply` decisions, with this browser's seats signed again.
fn shortened(game: &Game, ply: usize, game_id: u64) -> Result<Game> {
    let mut copy = game.clone();
    while copy.record().len() > ply {
        copy.undo_move()?;
    }
    copy.sign_own(game_id);
    Ok(copy)
}

fn control<'a>(
    game_id: u64,
    kind: &'a str,
    seat: Seat,
    fields: &'a [u64],
    record: &'a [(u32, u32, u8)],
) -> Control<'a> {
    Control { game_id, kind, seat, fields, record }
}

impl Session {
    /// Asks the opponent to take back this browser's last turn.
    pub fn takeback_request(&mut self, now: u64) -> Result<Update> {
        self.now_ms = now;
        let (mine, game, live, id) = self.open_live()?;
        if live.connection != Connection::Connected || live.flagged.is_some() || game.outcome().is_some() {
            return Err(refused(
                "A takeback is asked for only in a live game under way.",
                "Une reprise ne se demande que dans une partie en direct en cours.",
            ));
        }
        if live.takeback.is_some() {
            return Err(refused("A takeback is already asked for.", "Une reprise est déjà demandée."));
        }
        let ply = takeback_ply(game, mine)?;
        let plies = game.record().len();
        let seq = live.takebacks;
        let author = shortened(game, ply, id)?.own_signature(mine);
        let fields = [ply as u64, plies as u64, u64::from(seq)];
        let record = statement::record_of(game, plies);
        let signature =
            statement::sign(game, &control(id, "takeback-request", mine, &fields, &record)).ok_or_else(not_live)?;
        live.takeback = Some(Takeback { by: mine, ply, seq, plies, author_signature: author });
        live.measured_at = now;
        let send = vec![Message::TakebackRequest { ply, plies, seq, seat: mine, author, signature }.write()];
        Ok(Update { send, ..Update::default() })
    }

    pub(super) fn receive_takeback_request(
        &mut self,
        ply: usize,
        plies: usize,
        seq: u32,
        seat: Seat,
        author: Option<Signature>,
        signature: &Signature,
    ) -> Result<Update> {
        let (mine, game, live, id) = self.open_live()?;
        if seat == mine || plies != game.record().len() || seq != live.takebacks || live.flagged.is_some() {
            return Err(stale());
        }
        if game.outcome().is_some() {
            return Err(refused(
                "The game is over: nothing is taken back.",
                "La partie est terminée : rien ne se reprend.",
            ));
        }
        let fields = [ply as u64, plies as u64, u64::from(seq)];
        let record = statement::record_of(game, plies);
        if !statement::verifies(game, &control(id, "takeback-request", seat, &fields, &record), signature) {
            return Err(bad_signature());
        }
        if takeback_ply(game, seat)? != ply {
            return Err(refused(
                "The takeback asked for is not of the asker's last turn.",
                "La reprise demandée n'est pas celle du dernier tour du demandeur.",
            ));
        }
        live.takeback = Some(Takeback { by: seat, ply, seq, plies, author_signature: author });
        let notice = Notice::info(
            "live-takeback-asked",
            "Your opponent asks to take back their last move.",
            "Votre adversaire demande à reprendre son dernier coup.",
        );
        Ok(Update { notice: Some(notice), ..Update::default() })
    }

    /// Answers the opponent's takeback request; an accept takes the game back here at once.
    pub fn takeback_answer(&mut self, accept: bool, now: u64) -> Result<Update> {
        self.now_ms = now;
        let (mine, game, live, id) = self.open_live()?;
        let pending = live.takeback.clone().filter(|t| t.by != mine).ok_or_else(stale)?;
        live.takeback = None;
        if pending.plies != game.record().len() {
            return Err(stale());
        }
        let fields = [pending.ply as u64, pending.plies as u64, u64::from(pending.seq), u64::from(accept)];
        let record = statement::record_of(game, pending.plies);
        let signature =
            statement::sign(game, &control(id, "takeback-answer", mine, &fields, &record)).ok_or_else(not_live)?;
        let mut author = None;
        if accept {
            let mut copy = shortened(game, pending.ply, id)?;
            if let Some(theirs) = pending.author_signature {
                copy.accept_signature(id, pending.by, theirs).map_err(|_| bad_signature())?;
            }
            author = copy.own_signature(mine);
            self.take_back_to(copy, now);
        }
        let (ply, plies, seq) = (pending.ply, pending.plies, pending.seq);
        let send = vec![Message::TakebackAnswer { ply, plies, seq, seat: mine, accept, author, signature }.write()];
        Ok(Update { send, notice: self.save(), ..Update::default() })
    }

    pub(super) fn receive_takeback_answer(
        &mut self,
        (ply, plies, seq, seat, accept): (usize, usize, u32, Seat, bool),
        author: Option<Signature>,
        signature: &Signature,
    ) -> Result<Update> {
        let now = self.now_ms;
        let (mine, game, live, id) = self.open_live()?;
        let pending = live.takeback.clone().filter(|t| t.by == mine && seat != mine).ok_or_else(stale)?;
        if (pending.ply, pending.plies, pending.seq) != (ply, plies, seq) || plies != game.record().len() {
            return Err(stale());
        }
        let fields = [ply as u64, plies as u64, u64::from(seq), u64::from(accept)];
        let record = statement::record_of(game, plies);
        if !statement::verifies(game, &control(id, "takeback-answer", seat, &fields, &record), signature) {
            return Err(bad_signature());
        }
        live.takeback = None;
        let notice = if accept {
            let mut copy = shortened(game, ply, id)?;
            if let Some(theirs) = author {
                copy.accept_signature(id, seat, theirs).map_err(|_| bad_signature())?;
            }
            self.take_back_to(copy, now);
            Notice::info(
                "live-takeback-accepted",
                "Your opponent accepted: your move is taken back.",
                "Votre adversaire a accepté : votre coup est repris.",
            )
        } else {
            Notice::info(
                "live-takeback-declined",
                "Your opponent declined to take your move back.",
                "Votre adversaire a refusé de reprendre votre coup.",
            )
        };
        Ok(Update { notice: self.save().or(Some(notice)), ..Update::default() })
    }

    /// Replaces the open game by its shortened copy; the clocks follow (no increment).
    fn take_back_to(&mut self, copy: Game, now: u64) {
        let Some(o) = self.open.as_mut() else { return };
        let plies = copy.record().len();
        let turn = turn_of(&copy);
        o.game = copy;
        o.turn_start = plies;
        o.sent = plies;
        o.unconfirmed = false;
        if let Some(live) = o.live.as_mut() {
            live.takebacks += 1;
            live.seen = plies;
            if let Some(c) = live.clocks.as_mut() {
                c.taken_back(turn, now);
            }
            live.peer_link = Some(crate::link::encode(&o.game, o.id));
        }
    }

    /// A rematch offered over the channel: kept until the player accepts it.
    pub(super) fn receive_rematch(&mut self, text: &str) -> Result<Update> {
        let incoming = trust::read_incoming(text)?;
        let (_, _, live, id) = self.open_live()?;
        if incoming.game_id == id {
            return Err(stale());
        }
        live.rematch = Some(text.to_string());
        let notice =
            Notice::info("live-rematch", "Your opponent offers a rematch.", "Votre adversaire propose une revanche.");
        Ok(Update { notice: Some(notice), ..Update::default() })
    }

    /// Plays the rematch the opponent offered: joined as its free seat, live on the same channel.
    pub fn live_accept_rematch(&mut self, now: u64) -> Result<Update> {
        self.now_ms = now;
        let (_, _, live, _) = self.open_live()?;
        let text = live.rematch.take().ok_or_else(stale)?;
        let (control, peers) = (live.control(), live.peers.clone());
        let incoming = trust::read_incoming(&text)?;
        let update = self.join(incoming, &text, None);
        if !self.open.as_ref().is_some_and(|o| o.visiting) {
            return Ok(update);
        }
        let claimed = self.take_seat()?;
        self.start_live_copy(control, peers, now);
        let mut update = Update { notice: claimed, ..self.after_change(false) };
        let hello = self.live_connected(now, None)?;
        update.send = hello.send;
        Ok(update)
    }

    /// The open game (new) is played live on the channels of the last one.
    pub(crate) fn start_live_copy(
        &mut self,
        control: Option<chessfront_game::live::TimeControl>,
        peers: Vec<(Seat, Connection)>,
        now: u64,
    ) {
        if let Some(o) = self.open.as_mut() {
            let mut live = Live::new(control, o.game.seat_count(), o.game.record().len(), now);
            live.peers = peers;
            live.connection = Connection::Connected;
            o.live = Some(Box::new(live));
        }
    }

    /// After [`Session::rematch`] of a live game: the new game is live on the same channel and its link
    /// offered to the opponent.
    pub(crate) fn live_rematch(&mut self, before: Option<Live>, mut update: Update) -> Update {
        let Some(before) = before.filter(|l| l.connection == Connection::Connected) else { return update };
        let now = self.now_ms;
        if !matches!(self.mode(), Some(Mode::Link { .. })) {
            return update;
        }
        self.start_live_copy(before.control(), before.peers, now);
        let Some(link) = self.link() else { return update };
        if let Some(live) = self.open.as_mut().and_then(|o| o.live.as_mut()) {
            live.peer_link = Some(link.clone());
        }
        update.send.push(Message::Rematch { link }.write());
        update.notice = self.save().or(update.notice);
        update
    }
}
