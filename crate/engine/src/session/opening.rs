//! Opening a game from outside the open one: a link (joined, continued or refused under the trust
//! rules), the other seat of a joined game, a game kept in this browser's list.

use super::*;

impl Session {
    /// Opens a game link (a whole URL or its fragment). A link for a game this browser keeps is taken
    /// only if it continues it; a link for a new game is joined as the seat to move.
    pub fn open_link(&mut self, text: &str) -> Update {
        match self.try_open_link(text) {
            Ok(update) => update,
            Err(e) => Update { notice: Some(Notice::error(&e)), ..Update::default() },
        }
    }

    fn try_open_link(&mut self, text: &str) -> Result<Update> {
        let incoming = read_incoming(text)?;
        let id = id_text(incoming.game_id);
        let Some(stored) = self.shelf().game(&id) else {
            return Ok(self.join(incoming, text, None));
        };
        let stored_game = link::decode(&stored.link).ok();
        let refused = |session: &mut Session, e: Error| -> Result<Update> {
            let mut update = session.open_stored(&id);
            update.notice = Some(Notice::error(&e));
            Ok(update)
        };
        if stored.mode != "link" {
            let e = Error::new(ErrorCode::LinkOtherGame, "This link carries the id of one of your games that is not played by link. It was not taken; your game is kept as it was.");
            return refused(self, e);
        }
        let Some(stored_game) = stored_game else {
            // Nothing can show what the unreadable copy held: no link may replace it unseen.
            return Err(Error::new(
                ErrorCode::StoredGameUnreadable,
                "You keep a copy of this game that this version cannot open any more, so the link was not taken and nothing is lost. Delete that copy under \"My games\" to open the link as a new game.",
            ));
        };
        let seat = stored.seat.unwrap_or(0);
        let verdict = continuation::continues(&stored_game, &incoming)
            .and_then(|c| no_decisions_for(seat, &stored_game.game, &incoming.game).map(|()| c));
        match verdict {
            // The same moves may still bring what the stored copy lacks (a commitment, a reveal, a seal).
            Ok(continuation) => {
                let mut game = incoming.game;
                let (problem, locked) = self.bring_link_secrets(&mut game, incoming.game_id, seat);
                self.install(game, incoming.game_id, Mode::Link { seat }, Some(stored.created.clone()));
                if let Some(o) = &mut self.open {
                    o.saved = Some(stored.link.clone());
                    o.locked = locked;
                }
                let extends = matches!(continuation, Continuation::Extends { .. });
                let mut update = self.after_change(extends);
                update.notice = problem.or(update.notice);
                update.sound = self.opened_sound().filter(|_| extends);
                Ok(update)
            }
            Err(e) => refused(self, e),
        }
    }

    /// Takes a game this browser has not seen, playing `seat` (by default the side to move: the sender
    /// just moved). A player opening its own link on another device takes the other side instead.
    fn join(&mut self, incoming: LinkGame, text: &str, seat: Option<Seat>) -> Update {
        let game = &incoming.game;
        let mut seat = seat.unwrap_or_else(|| match (game.outcome(), game.record().last()) {
            (Some(_), Some(last)) if game.seat_count() == 2 => 1 - last.seat.min(1),
            _ => game.to_move(),
        });
        // A seat already committed belongs to another browser: a two-player link whose other seat is free
        // is joined there (the creator of a game sent its link before moving).
        if let Some(ChanceSource::Committed(c)) = game.chance() {
            let other = 1 - seat.min(1);
            if c.tip(seat as usize).is_some() && c.tip(other as usize).is_none() && game.seat_count() == 2 {
                seat = other;
            }
        }
        self.join_as(incoming, text, seat)
    }

    fn join_as(&mut self, incoming: LinkGame, text: &str, seat: Seat) -> Update {
        let LinkGame { mut game, game_id } = incoming;
        if let Err(e) = self.free_seat(&game, game_id, seat) {
            return Update { notice: Some(Notice::error(&e)), ..Update::default() };
        }
        let (problem, _) = self.bring_link_secrets(&mut game, game_id, seat);
        let names = game.seat_names();
        let other = other_side(&game, seat);
        // The guess (the side to move) is wrong when a player opens its own link on another device: the
        // notice offers the other side.
        let seat_name = names.get(seat as usize).copied().unwrap_or("?");
        let notice = problem.unwrap_or_else(|| {
            Notice::info(
                "joined",
                format!("You play {seat_name} in this game."),
                format!("Vous jouez les {} dans cette partie.", Language::Fr.seat_label(seat_name)),
            )
        });
        let other_name = names.get(other as usize).copied();
        let notice =
            Notice {
                action: Some("other-side"),
                action_label: Some(format!("I play {}", other_name.unwrap_or("the other side"))),
                french: (
                    notice.french.0.clone(),
                    Some(other_name.map_or("Je joue l'autre camp".into(), |n| {
                        format!("Je joue les {}", Language::Fr.seat_label(n))
                    })),
                ),
                ..notice
            };
        self.install(game, game_id, Mode::Link { seat }, None);
        if let Some(o) = &mut self.open {
            o.joined_from = Some(text.to_string());
        }
        let mut update = self.after_change(true);
        update.notice = Some(notice);
        update.sound = self.opened_sound();
        update
    }

    /// The player of a just-joined game plays the other side: the game is opened again from its link, so
    /// nothing committed for the wrong side is kept.
    pub fn take_other_side(&mut self) -> Update {
        let Some((text, id, seat)) =
            self.open.as_ref().and_then(|o| Some((o.joined_from.clone()?, o.id, o.mode.seat()?)))
        else {
            let e = Error::new(
                ErrorCode::IllegalAction,
                "You can change sides only right after opening a game's first link here, before deciding anything.",
            );
            return Update { notice: Some(Notice::error(&e)), ..Update::default() };
        };
        match link::decode(&text) {
            Ok(incoming) => {
                let other = other_side(&incoming.game, seat);
                if let Err(e) = self.free_seat(&incoming.game, incoming.game_id, other) {
                    return Update { notice: Some(Notice::error(&e)), ..Update::default() };
                }
                // Only what joining made is deleted (the game and a fresh secret): nothing was decided yet.
                self.shelf().delete_game(&id_text(id));
                self.open = None;
                self.join_as(incoming, &text, other)
            }
            Err(e) => Update { notice: Some(Notice::error(&e)), ..Update::default() },
        }
    }

    /// The sound of a link just opened: the end, or this browser's turn.
    fn opened_sound(&self) -> Option<sound::Sound> {
        self.open.as_ref().and_then(|o| sound::of_opening(&o.game, self.decides()))
    }

    /// Opens a stored game by id.
    pub fn open_stored(&mut self, id: &str) -> Update {
        let Some(stored) = self.shelf().game(id) else {
            return Update { notice: Some(Notice::error(&no_game())), ..Update::default() };
        };
        let decoded = match link::decode(&stored.link) {
            Ok(d) => d,
            Err(e) => {
                let text = format!("This saved game could not be opened: {}", e.message);
                let texte = format!("Cette partie enregistrée n'a pas pu être ouverte : {}", e.text(Language::Fr));
                return Update {
                    notice: Some(Notice::error(&Error::bilingual(e.code, text, texte))),
                    ..Update::default()
                };
            }
        };
        let mode = Mode::of(&stored);
        let LinkGame { mut game, game_id } = decoded;
        // Storage holds this game as decoded, unless it keeps it under another id or spells it otherwise.
        let stored_as = (id_text(game_id) == id && link::spelled_as_encoded(&stored.link)).then(|| game.changes());
        let (problem, locked) = match mode {
            Mode::Link { seat } => self.bring_link_secrets(&mut game, game_id, seat),
            _ => (self.bring_seals(&mut game, game_id, &[0, 1, 2, 3]), false),
        };
        self.install(game, game_id, mode, Some(stored.created.clone()));
        if let Some(o) = &mut self.open {
            o.saved = Some(stored.link.clone());
            o.stored_as = stored_as;
            o.locked = locked;
        }
        let mut update = self.after_change(false);
        update.notice = problem.or(update.notice);
        update
    }
}

/// The side a player who joined `game` as `seat` is offered instead. The guess (the side to move) is
/// wrong when a player opens its own link on another device: then it is the side that sent the link
/// (the last to decide).
fn other_side(game: &Game, seat: Seat) -> Seat {
    game.record().last().map(|e| e.seat).filter(|&s| s != seat).unwrap_or(if seat == 0 { 1 } else { 0 })
}
