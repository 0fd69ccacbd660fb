//! Opening a game from outside the open one: a link (continued or refused under the trust rules, or for
//! a game this browser does not keep: visited with a free seat to take, or watched when every seat is
//! taken), the seat a visitor takes, a game kept in this browser's list.

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
        match self.continue_stored(incoming, &stored) {
            Ok(update) => Ok(update),
            Err(e) if e.code == ErrorCode::StoredGameUnreadable => Err(e),
            Err(e) => {
                let mut update = self.open_stored(&id);
                update.notice = Some(Notice::error(&e));
                Ok(update)
            }
        }
    }

    /// Takes `incoming` as the continuation of the game this browser keeps as `stored`, under the trust
    /// rules; a refusal changes nothing (the open game stays as it was). Pasted links and live
    /// messages both come here: live play adds no trust path.
    pub(super) fn continue_stored(&mut self, incoming: LinkGame, stored: &StoredGame) -> Result<Update> {
        if stored.mode != "link" {
            return Err(Error::new(ErrorCode::LinkOtherGame, "This link carries the id of one of your games that is not played by link. It was not taken; your game is kept as it was."));
        }
        let stored_game = link::decode(&stored.link).ok();
        let Some(stored_game) = stored_game else {
            // Nothing can show what the unreadable copy held: no link may replace it unseen.
            return Err(Error::new(
                ErrorCode::StoredGameUnreadable,
                "You keep a copy of this game that this version cannot open any more, so the link was not taken and nothing is lost. Delete that copy under \"My games\" to open the link as a new game.",
            ));
        };
        let seat = stored.seat.unwrap_or(0);
        let continuation = trust::judge(&stored_game, &incoming, Some(seat))?;
        let live_now = (self.open.as_ref())
            .filter(|o| o.id == incoming.game_id)
            .and_then(|o| o.live.clone())
            .or_else(|| live::kept(stored));
        if matches!(continuation, Continuation::Extends { .. })
            && live_now.as_ref().is_some_and(|l| l.flagged.is_some())
        {
            return Err(live::over_on_time_error());
        }
        // The same moves may still bring what the stored copy lacks (a commitment, a reveal, a seal).
        let mut game = incoming.game;
        let (problem, locked) = self.bring_link_secrets(&mut game, incoming.game_id, seat);
        self.install(game, incoming.game_id, Mode::Link { seat }, Some(stored.created.clone()));
        if let Some(o) = &mut self.open {
            o.saved = Some(stored.link.clone());
            o.locked = locked;
            o.live = live_now;
        }
        let extends = matches!(continuation, Continuation::Extends { .. });
        let mut update = self.after_change(extends);
        update.notice = problem.or(update.notice);
        update.sound = self.opened_sound().filter(|_| extends);
        Ok(update)
    }

    /// Opens a game this browser does not keep. With a free seat (no key published), the player visits
    /// it as that seat (the seat to move when free: the sender just moved): nothing is stored and no
    /// secret made until the player acts in it. With every seat taken, the player watches it.
    pub(super) fn join(&mut self, incoming: LinkGame, text: &str, seat: Option<Seat>) -> Update {
        let game = &incoming.game;
        let free = |seat: Seat| game.authors().get(seat as usize).is_some_and(|a| a.key.is_none());
        let seats = game.seat_count() as Seat;
        let seat = seat.filter(|&s| free(s)).or_else(|| {
            let to_move = game.to_move();
            (0..seats).map(|i| (to_move + i) % seats).find(|&s| free(s))
        });
        let Some(seat) = seat else { return self.watch(incoming) };
        let LinkGame { game, game_id } = incoming;
        if let Err(e) = self.free_seat(&game, game_id, seat) {
            return Update { notice: Some(Notice::error(&e)), ..Update::default() };
        }
        let names = game.seat_names();
        let seat_name = names.get(seat as usize).copied().unwrap_or("?");
        let notice = Notice {
            action: Some("keep"),
            action_label: Some("Keep this game".into()),
            french: (
                crate::lang::typo(format!("Vous pouvez jouer les {} dans cette partie : jouez votre coup, ou choisissez « Garder cette partie ». Rien n'est enregistré ici avant.", Language::Fr.seat_label(seat_name))),
                Some("Garder cette partie".into()),
            ),
            ..Notice::info(
                "visiting",
                format!("You can play {seat_name} in this game: make your move, or choose Keep this game. Nothing is stored here until then."),
                "",
            )
        };
        self.install(game, game_id, Mode::Link { seat }, None);
        if let Some(o) = &mut self.open {
            o.joined_from = Some(text.to_string());
            o.visiting = true;
        }
        let mut update = self.after_change(true);
        update.notice = Some(notice);
        update.sound = self.opened_sound();
        update
    }

    /// Shows a game whose every seat is played in other browsers: read-only, never stored.
    fn watch(&mut self, incoming: LinkGame) -> Update {
        let LinkGame { game, game_id } = incoming;
        let seat = game.to_move();
        self.install(game, game_id, Mode::Link { seat }, None);
        if let Some(o) = &mut self.open {
            o.watching = true;
            o.locked = true;
        }
        let mut update = self.after_change(true);
        update.notice = Some(Notice::info(
            "watching",
            "You are watching this game: every side is played in another browser, so you can follow it but not play in it. It is not stored here.",
            "Vous regardez cette partie : chaque camp est joué dans un autre navigateur, vous pouvez la suivre mais pas y jouer. Elle n'est pas enregistrée ici.",
        ));
        update
    }

    /// The visitor takes its seat: its key (and chance secret) are made and kept, and the game is
    /// stored from now on. Nothing to do for a game already joined. Returns a notice when storage
    /// refused a secret.
    pub(super) fn take_seat(&mut self) -> Result<Option<Notice>> {
        let Some(o) = self.open.as_ref().filter(|o| o.visiting) else { return Ok(None) };
        let (id, seat, mut game) = (o.id, o.mode.seat().unwrap_or(0), o.game.clone());
        let notice = self.claim(&mut game, id, seat)?;
        if let Some(o) = &mut self.open {
            o.game = game;
            o.visiting = false;
        }
        Ok(notice)
    }

    /// "Keep this game": the visitor takes its seat without deciding anything yet.
    pub fn keep_game(&mut self) -> Update {
        if !self.open.as_ref().is_some_and(|o| o.visiting) {
            let e = Error::bilingual(
                ErrorCode::IllegalAction,
                "This game is already kept here.",
                "Cette partie est déjà gardée ici.",
            );
            return Update { notice: Some(Notice::error(&e)), ..Update::default() };
        }
        match self.take_seat() {
            Ok(notice) => {
                let mut update = self.after_change(false);
                let names = self.game().map(|g| g.seat_names()).unwrap_or_default();
                let seat = self.mode().and_then(Mode::seat).unwrap_or(0);
                let seat_name = names.get(seat as usize).copied().unwrap_or("?");
                update.notice = update.notice.or(notice).or(Some(Notice::info(
                    "joined",
                    format!("You play {seat_name} in this game."),
                    format!("Vous jouez les {} dans cette partie.", Language::Fr.seat_label(seat_name)),
                )));
                update
            }
            Err(e) => Update { notice: Some(Notice::error(&e)), ..Update::default() },
        }
    }

    /// The visitor of a game plays another free seat instead (one that has published no key).
    pub fn take_other_side(&mut self) -> Update {
        let Some((text, seat)) =
            self.open.as_ref().filter(|o| o.visiting).and_then(|o| Some((o.joined_from.clone()?, o.mode.seat()?)))
        else {
            let e = Error::bilingual(
                ErrorCode::IllegalAction,
                "You can change sides only in a game you have not played in yet.",
                "Vous ne pouvez changer de camp que dans une partie où vous n'avez pas encore joué.",
            );
            return Update { notice: Some(Notice::error(&e)), ..Update::default() };
        };
        match link::decode(&text) {
            Ok(incoming) => {
                let seats = incoming.game.seat_count() as Seat;
                let next = (1..seats)
                    .map(|i| (seat + i) % seats)
                    .find(|&s| incoming.game.authors().get(s as usize).is_some_and(|a| a.key.is_none()));
                match next {
                    Some(other) => self.join(incoming, &text, Some(other)),
                    None => {
                        let e = Error::bilingual(
                            ErrorCode::IllegalAction,
                            "Every other side of this game is played in another browser.",
                            "Chacun des autres camps de cette partie est joué dans un autre navigateur.",
                        );
                        Update { notice: Some(Notice::error(&e)), ..Update::default() }
                    }
                }
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
        let own = id_text(decoded.game_id);
        let its_own = |g: StoredGame| link::decode(&g.link).is_ok_and(|d| d.game_id == decoded.game_id);
        if own != id && self.shelf().game(&own).is_some_and(its_own) {
            // A copy kept under another id (storage edited) of a game this browser keeps under its own:
            // that copy is the game, opened as it is kept (mode, seat, secrets); this one is left as it
            // is. Opened as this copy says, it would be saved over the game's own in another mode.
            return self.open_stored(&own);
        }
        let mode = match Mode::of(&stored) {
            // A signed game is played by link, whatever a damaged copy says: played another way, its
            // seats' moves would be saved unsigned over it, and the kept copy would no longer open.
            Mode::Local | Mode::Computer { .. } if decoded.game.signed() => {
                Mode::Link { seat: stored.seat.unwrap_or(0) }
            }
            mode => mode,
        };
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
            o.hints.shown = stored.hints.clone();
            if let Some(live) = live::kept(&stored) {
                o.live = Some(live);
            }
        }
        let mut update = self.after_change(false);
        update.notice = problem.or(update.notice);
        update
    }
}
