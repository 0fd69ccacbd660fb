//! This browser's secrets for its games: chance secrets and sealed setups, brought to a game when it is
//! opened and kept when they are made; a seat committed by another browser is never taken.

use super::keep::Kept;
use super::{id_text, Notice, Session};
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
            format!("This link already commits {name}'s secret for the fortunes of war, which only {name}'s own browser can do: it was altered, or it is your game from another device (move it here with a transfer code)."),
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

    /// Gives a link game this browser's secrets for its seat: the stored ones, or a fresh chance secret
    /// when the seat has not committed yet. Returns a notice to show, and whether the game is locked: the
    /// seat is committed to a secret this browser does not hold, so it may decide nothing (its draws
    /// would come from someone else's secrets).
    pub(super) fn bring_link_secrets(&mut self, game: &mut Game, id: u64, seat: Seat) -> (Option<Notice>, bool) {
        if let Some(notice) = self.bring_seals(game, id, &[seat]) {
            return (Some(notice), false);
        }
        let Some(ChanceSource::Committed(c)) = game.chance() else { return (None, false) };
        let committed = c.tip(seat as usize).is_some();
        let stored = self.shelf().secret(&id_text(id)).filter(|k| k.seat == seat);
        if let Some(kept) = stored {
            let adopted = parse_secret(&kept).and_then(|secret| game.adopt_secret(seat, secret));
            return match adopted {
                Ok(()) => (None, false),
                Err(e) => (Some(Notice::error(&e)), true),
            };
        }
        if committed {
            let e = Error::new(
                ErrorCode::LinkBadReveal,
                "This browser does not have your secret for this game (its storage was cleared?), so you cannot play it here: the fortunes of war would not be yours. Continue from the browser you played it on, or move the game here with a transfer code.",
            );
            return (Some(Notice::error(&e)), true);
        }
        let secret = match self.random::<SECRET_BYTES>("the fortunes of war") {
            Ok(s) => s,
            Err(e) => return (Some(Notice::error(&e)), true),
        };
        if let Err(e) = game.adopt_secret(seat, secret) {
            return (Some(Notice::error(&e)), true);
        }
        (self.keep_secret(id, seat, &secret), false)
    }
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
