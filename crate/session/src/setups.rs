//! Setups in the session: the player's (sealed, kept in this browser, or placed in the open), sealed
//! setups placed as soon as they are due, and random setups for the editor.

use super::*;

impl Session {
    /// Makes the setup due now from `text`: sealed (kept secret in this browser) or placed in the open.
    pub fn set_up(&mut self, text: &str) -> Result<Update> {
        if !self.decides() {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "It is not your setup to make now.",
                "Ce n'est pas à vous de faire votre mise en place maintenant.",
            ));
        }
        let salt: Salt = self.random::<SALT_BYTES>("a sealed setup")?;
        let claimed = self.take_seat()?;
        let o = self.open.as_mut().ok_or_else(no_game)?;
        let due = o.game.setup_due().ok_or_else(no_setup_due)?;
        o.joined_from = None;
        let mut notice = None;
        if due.seal {
            o.game.seal_setup(due.seat, text, salt, o.id)?;
            let id = o.id;
            let kept = self.sealed_secret(due.seat);
            if let Some(kept) = kept {
                if let Err(e) = self.shelf().save_seal(&id_text(id), &kept) {
                    notice = Some(Notice::error(&Error::bilingual(
                        e.code,
                        format!(
                            "{} The sealed setup could not be kept: it can only be revealed from this open page.",
                            e.message
                        ),
                        format!(
                            "{} La mise en place scellée n'a pas pu être conservée : elle ne peut être révélée que depuis cette page ouverte.",
                            e.text(Language::Fr)
                        ),
                    )));
                }
            }
        } else {
            o.game.place_setup(due.seat, Some(text))?;
        }
        let mut update = self.after_change(false);
        if let Some(o) = &mut self.open {
            o.turn_start = o.game.record().len();
        }
        update.notice = notice.or(claimed).or(update.notice);
        Ok(update)
    }

    /// A random valid setup for the seat setting up now.
    pub fn random_setup(&mut self) -> Result<String> {
        let seed = u64::from_le_bytes(self.random::<8>("a random setup")?);
        let game = self.game().ok_or_else(no_game)?;
        let due = game.setup_due().ok_or_else(no_setup_due)?;
        game.random_setup(due.seat, seed).ok_or_else(|| {
            Error::bilingual(
                ErrorCode::IllegalAction,
                "This game has no setup to make.",
                "Cette partie n'a pas de mise en place à faire.",
            )
        })
    }

    /// A sealed setup this browser holds is placed as soon as it is due (there is nothing to decide).
    pub(super) fn reveal_when_due(&mut self) -> Result<()> {
        let Some(o) = &mut self.open else { return Ok(()) };
        for _ in 0..8 {
            let Some(due) = o.game.setup_due() else { return Ok(()) };
            let held = o.game.seals().get(due.seat as usize).is_some_and(|s| s.own.is_some());
            if !due.sealed
                || !held
                || o.mode.seat().is_some_and(|s| s != due.seat && matches!(o.mode, Mode::Link { .. }))
            {
                return Ok(());
            }
            o.game.place_setup(due.seat, None)?;
        }
        Ok(())
    }
}
