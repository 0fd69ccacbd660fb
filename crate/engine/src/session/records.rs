//! The record written out: PGN out and in, the move list as text, and the transfer code that moves a game (with
//! this browser's secrets for it) to another device.

use super::*;

impl Session {
    /// The open game as PGN ([`crate::pgn`]): the players named by seat, the computer by its level.
    pub fn pgn(&self) -> Result<String> {
        let o = self.open.as_ref().ok_or_else(no_game)?;
        let names = o.game.seat_names();
        let players = (0..names.len() as Seat)
            .map(|seat| match o.mode {
                Mode::Computer { seat: mine, level } if seat != mine => computer_name(level),
                _ => names[seat as usize].to_string(),
            })
            .collect();
        Ok(crate::pgn::export(&o.game, &crate::pgn::Tags { date: Some(o.created.clone()), players }))
    }

    /// The open game's moves as PGN move text.
    pub fn moves_text(&self) -> Result<String> {
        Ok(crate::pgn::moves_text(self.game().ok_or_else(no_game)?))
    }

    /// Opens an orthodox PGN as a new pass-and-play game, to replay or continue it.
    pub fn import_pgn(&mut self, text: &str) -> Result<Update> {
        let game = crate::pgn::import(text)?;
        let id = u64::from_le_bytes(self.random::<8>("a game")?) & GAME_ID_MASK;
        self.install(game, id, Mode::Local, None);
        let mut update = self.after_change(false);
        update.notice = update.notice.or(Some(Notice::info(
            "pgn-imported",
            "The game was read from its PGN: play on, or step through its moves.",
            "La partie a été lue depuis son PGN : jouez la suite, ou parcourez ses coups.",
        )));
        Ok(update)
    }

    // -----------------------------------------------------------------------------------------
    // Moving a game to another device

    /// A code that moves the open game, with this browser's secrets for it, to another device. It is not
    /// a game link and must never be sent to the opponent.
    pub fn export_code(&mut self) -> Result<String> {
        let o = self.open.as_ref().ok_or_else(no_game)?;
        let (id, mode, created) = (id_text(o.id), o.mode, o.created.clone());
        let link = link::encode(&o.game, o.id);
        let secret = self.shelf().secret(&id);
        let seals = (0..4).filter_map(|seat| self.shelf().seal(&id, seat)).collect();
        Ok(transfer::encode(&transfer::Transfer {
            mode: mode.name().into(),
            seat: mode.seat().unwrap_or(0),
            level: match mode {
                Mode::Computer { level, .. } => level,
                _ => 0,
            },
            link,
            created,
            secret,
            seals,
        }))
    }

    /// Takes a game from a transfer code: its link must decode, its secrets must open the game's
    /// commitments, and a stored copy of the same game must be continued by it.
    pub fn import_code(&mut self, code: &str) -> Result<Update> {
        let t = transfer::decode(code)?;
        let LinkGame { mut game, game_id } = link::decode(&t.link)?;
        let id = id_text(game_id);
        let mode = match t.mode.as_str() {
            "link" => Mode::Link { seat: t.seat },
            "computer" => Mode::Computer { seat: t.seat, level: crate::search::ladder_number(t.level) },
            _ => Mode::Local,
        };
        if mode.seat().is_some_and(|seat| seat as usize >= game.seat_count()) {
            return Err(transfer::damaged());
        }
        if matches!(mode, Mode::Link { .. }) {
            require_link_chance(&game)?;
        }
        if let Some(stored) = self.shelf().game(&id) {
            if Mode::of(&stored) != mode {
                return Err(Error::new(
                    ErrorCode::BadTransferCode,
                    "This transfer code is for a game you keep here, but played another way or from another side: it was not taken.",
                ));
            }
        }
        if let Some(kept) = &t.secret {
            if !matches!(game.chance(), Some(ChanceSource::Committed(_))) || Some(kept.seat) != mode.seat() {
                return Err(transfer::damaged());
            }
            game.adopt_secret(kept.seat, parse_secret(kept)?)?;
        }
        for kept in &t.seals {
            let (salt, text) = parse_seal(kept)?;
            game.adopt_sealed_setup(kept.seat, text, salt, game_id)?;
        }
        if let Some(stored) = self.shelf().game(&id) {
            if let Ok(stored_game) = link::decode(&stored.link) {
                let incoming = LinkGame { game: game.clone(), game_id };
                continuation::continues(&stored_game, &incoming)?;
            }
        }
        let mut shelf = self.shelf();
        if let Some(kept) = &t.secret {
            shelf.save_secret(&id, kept)?;
        }
        for kept in &t.seals {
            shelf.save_seal(&id, kept)?;
        }
        let saved = self.shelf().game(&id).map(|g| g.link);
        self.install(game, game_id, mode, Some(t.created.clone()));
        if let Some(o) = &mut self.open {
            o.saved = saved;
        }
        let mut update = self.after_change(false);
        update.notice = update.notice.or(Some(Notice::info(
            "imported",
            "The game was moved to this browser, with your secrets for it.",
            "La partie a été transférée dans ce navigateur, avec vos secrets pour elle.",
        )));
        Ok(update)
    }
}

/// The computer as a PGN player: its level's number and name (the number alone would not say which
/// scale it counts on).
fn computer_name(level: u32) -> String {
    match crate::search::LEVELS.get((level as usize).wrapping_sub(1)) {
        Some(l) => format!("Chessfront computer, level {level} ({})", l.name),
        None => format!("Chessfront computer, level {level}"),
    }
}
