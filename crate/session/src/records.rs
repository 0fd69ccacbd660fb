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
        let hints = o.hints.shown.clone();
        Ok(crate::pgn::export(&o.game, &crate::pgn::Tags { date: Some(o.created.clone()), players, hints }))
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
        let key = self.shelf().key(&id);
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
            key,
        }))
    }

    /// Takes a game from a transfer code: its link must decode (a link game's as an incoming link is
    /// read: one spelling, signed, commit-and-reveal chance), its secrets must open the game's
    /// commitments and its key must be the seat's published one. A game this browser already keeps must
    /// be played the same way from the same seat, with the same secrets, and be continued by the code
    /// as an incoming link would (no decision in the seat's name from where the two part).
    pub fn import_code(&mut self, code: &str) -> Result<Update> {
        let t = transfer::decode(code)?;
        let mode = match t.mode.as_str() {
            "link" => Mode::Link { seat: t.seat },
            "computer" => Mode::Computer { seat: t.seat, level: crate::search::ladder_number(t.level) },
            _ => Mode::Local,
        };
        let LinkGame { mut game, game_id } =
            if matches!(mode, Mode::Link { .. }) { read_incoming(&t.link)? } else { link::decode(&t.link)? };
        let id = id_text(game_id);
        if mode.seat().is_some_and(|seat| seat as usize >= game.seat_count()) {
            return Err(transfer::damaged());
        }
        let stored = self.shelf().game(&id);
        if let Some(stored) = &stored {
            if Mode::of(stored) != mode {
                return Err(refused_code(
                    "This transfer code is for a game you keep here, but played another way or from another side: it was not taken.",
                    "Ce code de transfert est celui d'une partie que vous gardez ici, mais jouée autrement ou d'un autre camp : il n'a pas été accepté.",
                ));
            }
            self.same_secrets_as_stored(&id, &t)?;
        }
        // Only a link game has a key and a chance secret of its player's own (every other game draws its
        // chance from a seed in its link): a code bringing one with another game is forged, and what it
        // brought would stay kept under that game's id, for an invitation to it to find as the player's.
        if let Some(kept) = &t.secret {
            let committed = matches!(game.chance(), Some(ChanceSource::Committed(_)));
            if !committed || mode != (Mode::Link { seat: kept.seat }) {
                return Err(transfer::damaged());
            }
            game.adopt_secret(kept.seat, parse_secret(kept)?)?;
        }
        for kept in &t.seals {
            let (salt, text) = parse_seal(kept)?;
            game.adopt_sealed_setup(kept.seat, text, salt, game_id)?;
        }
        if let Mode::Link { seat } = mode {
            let key = t.key.as_ref().filter(|k| k.seat == seat).ok_or_else(transfer::damaged)?;
            if game.authors().get(seat as usize).and_then(|a| a.key).is_none() {
                return Err(transfer::damaged());
            }
            game.adopt_signing_key(seat, parse_key(key)?)?;
        } else if t.key.is_some() {
            return Err(transfer::damaged());
        }
        if let Some(stored_game) = stored.as_ref().and_then(|s| link::decode(&s.link).ok()) {
            let incoming = LinkGame { game: game.clone(), game_id };
            trust::judge(&stored_game, &incoming, mode.seat().filter(|_| matches!(mode, Mode::Link { .. })))?;
        }
        self.nothing_replaced(&id, &t)?;
        // What is kept already is the code's own (just checked): only what is missing is written.
        let mut shelf = self.shelf();
        if let Some(kept) = t.secret.as_ref().filter(|_| !shelf.holds_secret(&id)) {
            shelf.save_secret(&id, kept)?;
        }
        if let Some(kept) = t.key.as_ref().filter(|_| !shelf.holds_key(&id)) {
            shelf.save_key(&id, kept)?;
        }
        for kept in &t.seals {
            if !shelf.holds_seal(&id, kept.seat) {
                shelf.save_seal(&id, kept)?;
            }
        }
        let saved = stored.map(|g| g.link);
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

    /// A secret kept here is never replaced, even where the game's copy is gone or damaged: a key,
    /// chance secret or seal the code brings must be the one kept under its name, if any (a damaged one
    /// too: nothing shows what it held).
    fn nothing_replaced(&mut self, id: &str, t: &transfer::Transfer) -> Result<()> {
        let shelf = self.shelf();
        let other =
            |held: bool, kept: Option<super::keep::Kept>, code: &super::keep::Kept| held && kept.as_ref() != Some(code);
        let replaced = t.secret.as_ref().is_some_and(|k| other(shelf.holds_secret(id), shelf.secret(id), k))
            || t.key.as_ref().is_some_and(|k| other(shelf.holds_key(id), shelf.key(id), k))
            || t.seals.iter().any(|k| other(shelf.holds_seal(id, k.seat), shelf.seal(id, k.seat), k));
        if !replaced {
            return Ok(());
        }
        Err(other_secrets())
    }

    /// A code for a game kept here brings the secrets kept here, no others: a different secret, or one
    /// for a seat this browser keeps none for, would let the code's maker decide or foresee in the
    /// player's name.
    fn same_secrets_as_stored(&mut self, id: &str, t: &transfer::Transfer) -> Result<()> {
        let shelf = self.shelf();
        let same = |here: Option<super::keep::Kept>, there: &Option<super::keep::Kept>| match (here, there) {
            (Some(a), Some(b)) => a == *b,
            (None, None) => true,
            _ => false,
        };
        let seals_same = (0..4).all(|seat| {
            let there = t.seals.iter().find(|k| k.seat == seat).cloned();
            same(shelf.seal(id, seat), &there)
        });
        if same(shelf.secret(id), &t.secret) && same(shelf.key(id), &t.key) && seals_same {
            return Ok(());
        }
        Err(other_secrets())
    }
}

fn other_secrets() -> Error {
    refused_code(
        "This transfer code brings other secrets for a game you keep here: it was not taken. A code made by anyone but you is an attempt to play in your name or to foresee your game's chance.",
        "Ce code de transfert apporte d'autres secrets pour une partie que vous gardez ici : il n'a pas été accepté. Un code créé par quelqu'un d'autre que vous est une tentative de jouer en votre nom ou de prévoir le hasard de votre partie.",
    )
}

fn refused_code(english: &str, french: &str) -> Error {
    Error::bilingual(ErrorCode::BadTransferCode, english, french)
}

/// The computer as a PGN player: its level's number and name (the number alone would not say which
/// scale it counts on).
fn computer_name(level: u32) -> String {
    match crate::search::LEVELS.get((level as usize).wrapping_sub(1)) {
        Some(l) => format!("Chessfront computer, level {level} ({})", l.name),
        None => format!("Chessfront computer, level {level}"),
    }
}
