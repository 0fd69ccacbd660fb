//! This browser's secrets for its games: signing keys, chance secrets and sealed setups, brought to a
//! game when it is opened and made and kept when the player takes a seat; a seat committed by another
//! browser is never taken.

use super::keep::Kept;
use super::{id_text, Notice, Session};
use crate::authorship::{SigningSeed, KEY_BYTES};
use crate::chance::{ChanceSource, Secret, SECRET_BYTES};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::lang::Language;
use crate::seal::{self, Salt, SALT_BYTES};
use crate::Seat;

impl Session {
    /// A seat is committed only by its own browser: a link that commits the joiner's seat to a secret this
    /// browser does not hold was made by someone who could then foresee every draw (or it is the player's
    /// own game from another device).
    pub(super) fn free_seat(&mut self, game: &Game, game_id: u64, seat: Seat) -> Result<()> {
        let Some(ChanceSource::Committed(c)) = game.chance() else { return Ok(()) };
        let held = self.shelf().secret(&id_text(game_id)).is_some_and(|k| k.seat == seat);
        if c.tip(seat as usize).is_none() || held {
            return Ok(());
        }
        let name = game.seat_names().get(seat as usize).copied().unwrap_or("your side");
        Err(Error::new(
            ErrorCode::LinkForeignCommitment,
            format!("This link already commits {name}'s secret for the fortunes of war, which only {name}'s own browser can do: {name} is played in another browser."),
        ))
    }

    pub(super) fn sealed_secret(&self, seat: Seat) -> Option<Kept> {
        let (text, salt) = self.game()?.seals().get(seat as usize)?.own.clone()?;
        Some(Kept { seat, secret: format!("{}:{text}", seal::to_hex(&salt)) })
    }

    /// Stores this browser's chance secret; a notice when the browser refuses.
    pub(super) fn keep_secret(&mut self, id: u64, seat: Seat, secret: &Secret) -> Option<Notice> {
        let kept = Kept { seat, secret: seal::to_hex(secret) };
        self.shelf().save_secret(&id_text(id), &kept).err().map(|e| {
            Notice::error(&Error::bilingual(
                e.code,
                format!(
                    "{} Without it, this game's fortunes of war cannot be drawn after this page is closed.",
                    e.message
                ),
                format!(
                    "{} Sans lui, les fortunes de la guerre de cette partie ne pourront plus être tirées une fois cette page fermée.",
                    e.text(Language::Fr)
                ),
            ))
        })
    }

    /// Gives a game the sealed setups this browser made for these seats.
    pub(super) fn bring_seals(&mut self, game: &mut Game, id: u64, seats: &[Seat]) -> Option<Notice> {
        let count = game.seat_count();
        for &seat in seats.iter().filter(|&&s| (s as usize) < count) {
            let Some(kept) = self.shelf().seal(&id_text(id), seat) else { continue };
            let adopted = parse_seal(&kept).and_then(|(salt, text)| game.adopt_sealed_setup(seat, text, salt, id));
            if let Err(e) = adopted {
                return Some(Notice::error(&e));
            }
        }
        None
    }

    /// Gives a link game this browser's secrets for its seat: the stored signing seed, chance secret
    /// and sealed setup, and what the seat lacks and has not published yet (a game stored before
    /// signatures gets its key here). Returns a notice to show, and whether the game is locked: the seat
    /// is committed to a key or secret this browser does not hold, so it may decide nothing.
    pub(super) fn bring_link_secrets(&mut self, game: &mut Game, id: u64, seat: Seat) -> (Option<Notice>, bool) {
        // A damaged seal is said, and the seat's key and secret are brought all the same: without its
        // key, the seat's next move would be saved unsigned over the kept copy.
        let seal_notice = self.bring_seals(game, id, &[seat]);
        let (key_notice, locked) = self.bring_key(game, id, seat);
        let key_notice = seal_notice.or(key_notice);
        if locked {
            return (key_notice, true);
        }
        let Some(ChanceSource::Committed(c)) = game.chance() else { return (key_notice, false) };
        let committed = c.tip(seat as usize).is_some();
        let stored = self.shelf().secret(&id_text(id)).filter(|k| k.seat == seat);
        if let Some(kept) = stored {
            let adopted = parse_secret(&kept).and_then(|secret| game.adopt_secret(seat, secret));
            return match adopted {
                Ok(()) => (key_notice, false),
                Err(e) => (Some(Notice::error(&e)), true),
            };
        }
        if committed {
            return (Some(Notice::error(&missing_secret())), true);
        }
        match self.fresh_chance_secret(game, id, seat) {
            Ok(notice) => (notice.or(key_notice), false),
            Err(e) => (Some(Notice::error(&e)), true),
        }
    }

    /// The seat's signing seed: the stored one, or a new one when the seat has published no key (a
    /// game stored before links were signed). Locked when the seat's key is another browser's.
    fn bring_key(&mut self, game: &mut Game, id: u64, seat: Seat) -> (Option<Notice>, bool) {
        let stored = self.shelf().key(&id_text(id)).filter(|k| k.seat == seat);
        if let Some(kept) = stored {
            let adopted = parse_key(&kept).and_then(|seed| game.adopt_signing_key(seat, seed));
            return match adopted {
                Ok(()) => (None, false),
                Err(e) => (Some(Notice::error(&e)), true),
            };
        }
        if game.authors().get(seat as usize).is_some_and(|a| a.key.is_some()) {
            return (Some(Notice::error(&missing_secret())), true);
        }
        match self.fresh_key(game, id, seat) {
            Ok(notice) => (notice, false),
            Err(e) => (Some(Notice::error(&e)), true),
        }
    }

    /// Takes `seat` in `game` for this browser: a new signing key, and a new chance secret where the
    /// game draws chance by commit and reveal and the seat has not committed. Each is kept in storage
    /// (a notice says when storage refused).
    pub(super) fn claim(&mut self, game: &mut Game, id: u64, seat: Seat) -> Result<Option<Notice>> {
        let uncommitted = matches!(game.chance(), Some(ChanceSource::Committed(c)) if c.tip(seat as usize).is_none());
        self.nothing_kept(id, true, uncommitted)?;
        let key_notice = self.fresh_key(game, id, seat)?;
        let chance_notice = if uncommitted { self.fresh_chance_secret(game, id, seat)? } else { None };
        // The chance secret's words say what its loss costs in this game; the key's say it of any game.
        Ok(chance_notice.or(key_notice))
    }

    /// A new signing key (with `key`) or chance secret (with `secret`) for game `id` is refused while
    /// storage holds one: another side's, played in this browser (whose game copy is damaged or was
    /// never saved), or a damaged one. What is kept is never overwritten.
    fn nothing_kept(&mut self, id: u64, key: bool, secret: bool) -> Result<()> {
        let shelf = self.shelf();
        let id = id_text(id);
        if !(key && shelf.holds_key(&id) || secret && shelf.holds_secret(&id)) {
            return Ok(());
        }
        Err(Error::bilingual(
            ErrorCode::IllegalAction,
            "This browser already keeps a secret for this game (for a side played here before, or damaged), which taking this side would replace, so nothing was changed. Continue the game from the side you play in it.",
            "Ce navigateur garde déjà un secret pour cette partie (pour un camp joué ici auparavant, ou endommagé), que prendre ce camp remplacerait : rien n'a donc été changé. Continuez la partie depuis le camp que vous y jouez.",
        ))
    }

    fn fresh_key(&mut self, game: &mut Game, id: u64, seat: Seat) -> Result<Option<Notice>> {
        self.nothing_kept(id, true, false)?;
        let seed = self.random::<KEY_BYTES>("a game between browsers")?;
        game.adopt_signing_key(seat, seed)?;
        let kept = Kept { seat, secret: seal::to_hex(&seed) };
        Ok(self.shelf().save_key(&id_text(id), &kept).err().map(|e| {
            Notice::error(&Error::bilingual(
                e.code,
                format!("{} Without your key, this game cannot be continued after this page is closed.", e.message),
                format!(
                    "{} Sans votre clé, cette partie ne pourra plus être continuée une fois cette page fermée.",
                    e.text(Language::Fr)
                ),
            ))
        }))
    }

    fn fresh_chance_secret(&mut self, game: &mut Game, id: u64, seat: Seat) -> Result<Option<Notice>> {
        self.nothing_kept(id, false, true)?;
        let secret = self.random::<SECRET_BYTES>("the fortunes of war")?;
        game.adopt_secret(seat, secret)?;
        Ok(self.keep_secret(id, seat, &secret))
    }
}

/// This browser lacks the secret or key a seat of its game is committed to.
fn missing_secret() -> Error {
    Error::bilingual(
        ErrorCode::LinkBadReveal,
        "This browser does not have your secrets for this game (its storage was cleared?), so you cannot play it here: continue from the browser you played it on.",
        "Ce navigateur n'a pas vos secrets pour cette partie (son stockage a été effacé ?) : vous ne pouvez pas la jouer ici. Continuez depuis le navigateur où vous l'avez jouée.",
    )
}

pub(super) fn parse_key(kept: &Kept) -> Result<SigningSeed> {
    seal::from_hex::<KEY_BYTES>(&kept.secret)
        .ok_or_else(|| Error::new(ErrorCode::LinkBadReveal, "The stored key for this game is damaged."))
}

pub(super) fn parse_secret(kept: &Kept) -> Result<Secret> {
    seal::from_hex::<SECRET_BYTES>(&kept.secret)
        .ok_or_else(|| Error::new(ErrorCode::LinkBadReveal, "The stored secret for this game is damaged."))
}

pub(super) fn parse_seal(kept: &Kept) -> Result<(Salt, &str)> {
    let damaged = || Error::new(ErrorCode::LinkBadReveal, "The stored sealed setup for this game is damaged.");
    let (salt, text) = kept.secret.split_once(':').ok_or_else(damaged)?;
    Ok((seal::from_hex::<SALT_BYTES>(salt).ok_or_else(damaged)?, text))
}
