//! The handshake in the session: an invitation made for the open game, an invitation opened (the game
//! joined or continued through the link trust rules, then the offer handed to the page), the answer
//! made, and an answer opened or read.

use super::{not_live, Answering, Connection, Live, Opened};
use crate::error::{Error, ErrorCode, Result};
use crate::lang::Language;
use crate::{id_text, no_game, trust, Mode, Notice, Seat, Session, Update};
use chessfront_game::live::handshake::{Answer, Invitation};
use chessfront_game::live::sdp::Compact;
use chessfront_game::live::TimeControl;
use serde::Serialize;

/// An invitation made: the fragment text (without `#`), the game, the seat offered, its length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invited {
    pub invitation: String,
    pub game_id: String,
    pub seat: Seat,
    pub chars: usize,
}

/// An answer made: the fragment text (without `#`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Answered {
    pub answer: String,
    pub game_id: String,
    pub seat: Seat,
    pub chars: usize,
}

/// An answer read: the description to set on the waiting offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadAnswer {
    pub answer_sdp: String,
    pub game_id: String,
    pub seat: Seat,
}

fn other_game(english: impl Into<String>, french: impl Into<String>) -> Error {
    Error::bilingual(ErrorCode::LiveOtherGame, english, french)
}

impl Session {
    /// Invites a friend to play the open link game live as `seat` (default: the first seat other than
    /// this browser's), with `control` (`None`: no clocks; a game played live before keeps its own).
    /// `offer_sdp` is the page's offer after ICE gathering.
    pub fn live_invite(
        &mut self,
        control: Option<TimeControl>,
        offer_sdp: &str,
        now: u64,
        seat: Option<Seat>,
    ) -> Result<Invited> {
        self.now_ms = now;
        let offer = Compact::from_sdp(offer_sdp, true)?;
        let o = self.open.as_ref().ok_or_else(no_game)?;
        let Mode::Link { seat: mine } = o.mode else {
            return Err(Error::bilingual(
                ErrorCode::LiveNotLive,
                "Only a game played between browsers can be played live: start one with \"Play a friend\".",
                "Seule une partie jouée entre navigateurs peut se jouer en direct : commencez-en une avec « Jouer avec un ami ».",
            ));
        };
        if o.watching || o.locked || o.game.outcome().is_some() || super::over_on_time(o) {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "You cannot invite anyone to this game: it is over, or not yours to play here.",
                "Vous ne pouvez inviter personne à cette partie : elle est terminée, ou ce n'est pas à vous d'y jouer ici.",
            ));
        }
        let seats = o.game.seat_count() as Seat;
        let seat = seat.unwrap_or(if mine == 0 { 1 } else { 0 });
        if seat >= seats || seat == mine {
            return Err(Error::bilingual(
                ErrorCode::BadSetting,
                format!("This game has no other seat {seat} to offer."),
                format!("Cette partie n'a pas d'autre place {seat} à offrir."),
            ));
        }
        let claimed = self.take_seat()?;
        let o = self.open.as_mut().ok_or_else(no_game)?;
        let plies = o.game.record().len();
        let live = o.live.get_or_insert_with(|| Box::new(Live::new(control, seats as usize, plies, now)));
        live.set_connection(Some(seat), Connection::Waiting);
        live.measured_at = now;
        let control = live.control();
        if let Some(notice) = self.save().or(claimed) {
            // The game could not be kept: its invitation would be for a game this browser forgets.
            return Err(Error::bilingual(ErrorCode::StorageFull, notice.text, notice.french.0));
        }
        self.link_sent();
        let link = self.link().ok_or_else(no_game)?;
        let invitation = Invitation { control, inviter: mine, seat, offer, link }.encode();
        let chars = invitation.len();
        Ok(Invited { invitation, game_id: self.game_id().unwrap_or_default(), seat, chars })
    }

    /// Opens an invitation: its game link goes through the trust rules like any pasted link (joined as
    /// the seat offered, or continued when this browser keeps the game), then the offer is handed to
    /// the page. A refusal is the update's notice.
    pub(crate) fn open_invitation(&mut self, text: &str) -> Update {
        match self.try_open_invitation(text) {
            Ok(update) => update,
            Err(e) => {
                let mut update = if self.open.is_some() { Update::default() } else { self.resume() };
                update.notice = Some(Notice::error(&e));
                update
            }
        }
    }

    fn try_open_invitation(&mut self, text: &str) -> Result<Update> {
        let invitation = Invitation::decode(text)?;
        let incoming = trust::read_incoming(&invitation.link)?;
        let (game_id, seat) = (incoming.game_id, invitation.seat);
        // The inviter plays a seat of the game, its key published (it took the seat to invite).
        if !incoming.game.authors().get(usize::from(invitation.inviter)).is_some_and(|a| a.key.is_some()) {
            return Err(other_game(
                "This invitation comes from a side nobody plays in its game: it was altered.",
                "Cette invitation vient d'un camp que personne ne joue dans sa partie : elle a été modifiée.",
            ));
        }
        let id = id_text(game_id);
        let mut update = match self.shelf().game(&id) {
            Some(stored) => {
                if stored.mode != "link" || stored.seat != Some(seat) {
                    return Err(other_game(
                        "This invitation is for a side you do not play in this game (or for a game of yours not played by link).",
                        "Cette invitation est pour un camp que vous ne jouez pas dans cette partie (ou pour une de vos parties qui ne se joue pas par lien).",
                    ));
                }
                let older = super::channel::older_copy(&incoming, &stored);
                match self.continue_stored(incoming, &stored) {
                    Ok(update) => update,
                    // The inviter's copy is behind this one (moves sent by link since): ours is played.
                    Err(_) if older => self.open_stored(&id),
                    Err(e) => return Err(e),
                }
            }
            None => {
                let free = incoming.game.authors().get(seat as usize).is_some_and(|a| a.key.is_none());
                if !free || (seat as usize) >= incoming.game.seat_count() {
                    return Err(other_game(
                        "The side this invitation offers is already played in another browser.",
                        "Le camp que propose cette invitation est déjà joué dans un autre navigateur.",
                    ));
                }
                let joined = self.join(incoming, &invitation.link, Some(seat));
                if self.mode() != Some(Mode::Link { seat }) || self.game_id() != Some(id.clone()) {
                    return Ok(joined);
                }
                let claimed = self.take_seat()?;
                let mut update = self.after_change(true);
                update.notice = claimed.or(update.notice);
                update.sound = joined.sound;
                update
            }
        };
        let now = self.now_ms;
        let o = self.open.as_mut().ok_or_else(no_game)?;
        let plies = o.game.record().len();
        let seats = o.game.seat_count();
        let live = o
            .live
            .get_or_insert_with(|| Box::new(Live { fresh: true, ..Live::new(invitation.control, seats, plies, now) }));
        live.set_connection(Some(invitation.inviter), Connection::Waiting);
        live.measured_at = now;
        let _ = self.save();
        self.answering = Some(Answering { game_id, seat });
        let names = self.game().map(|g| g.seat_names()).unwrap_or_default();
        let name = names.get(seat as usize).copied().unwrap_or("?");
        update.notice = update.notice.filter(|n| !n.info).or(Some(Notice::info(
            "live-invited",
            format!("You are invited to play {name} live. Send the answer back to your friend: the game starts when it is opened."),
            format!(
                "Vous êtes invité à jouer les {} en direct. Renvoyez la réponse à votre ami : la partie commence quand il l'ouvre.",
                Language::Fr.seat_label(name)
            ),
        )));
        update.live = Some(Opened {
            role: "answer",
            offer_sdp: Some(invitation.offer.to_sdp()),
            answer_sdp: None,
            game_id: id,
            seat,
        });
        Ok(update)
    }

    /// The answer to the invitation opened in this session, from the page's answer description.
    pub fn live_answer(&mut self, answer_sdp: &str, now: u64) -> Result<Answered> {
        self.now_ms = now;
        let answering = self.answering.clone().filter(|a| self.open.as_ref().is_some_and(|o| o.id == a.game_id));
        let Some(Answering { game_id, seat }) = answering else { return Err(not_live()) };
        let answer = Compact::from_sdp(answer_sdp, false)?;
        let answer = Answer { game_id, seat, answer }.encode();
        let chars = answer.len();
        Ok(Answered { answer, game_id: id_text(game_id), seat, chars })
    }

    /// Reads an answer (an address or its fragment) without changing anything.
    pub fn live_read_answer(&self, text: &str) -> Result<ReadAnswer> {
        let answer = Answer::decode(text)?;
        Ok(ReadAnswer { answer_sdp: answer.answer.to_sdp(), game_id: id_text(answer.game_id), seat: answer.seat })
    }

    /// Opens an answer link: the game it answers is opened (this browser keeps it) and its answer handed
    /// to the page for the waiting offer.
    pub(crate) fn open_answer(&mut self, text: &str) -> Update {
        let read = self.live_read_answer(text).and_then(|read| {
            let kept = self.shelf().game(&read.game_id).is_some_and(|s| s.mode == "link" && s.seat != Some(read.seat));
            if kept {
                Ok(read)
            } else {
                Err(other_game(
                    "This answer is for a live game this browser did not invite anyone to.",
                    "Cette réponse concerne une partie en direct à laquelle ce navigateur n'a invité personne.",
                ))
            }
        });
        match read {
            Ok(read) => {
                let mut update = if self.game_id().as_deref() == Some(read.game_id.as_str()) {
                    Update::default()
                } else {
                    self.open_stored(&read.game_id)
                };
                update.live = Some(Opened {
                    role: "offer",
                    offer_sdp: None,
                    answer_sdp: Some(read.answer_sdp),
                    game_id: read.game_id,
                    seat: read.seat,
                });
                update
            }
            Err(e) => {
                let mut update = if self.open.is_some() { Update::default() } else { self.resume() };
                update.notice = Some(Notice::error(&e));
                update
            }
        }
    }
}
