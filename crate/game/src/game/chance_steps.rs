//! The game's chance: the source behind its events (seeded, or commit and reveal), a secret adopted
//! for a seat, and the events each decision settles.

use super::*;

impl Game {
    /// Resolves the chance due in a step, as far as the source allows; returns what happened.
    pub(super) fn settle(chance: &Option<ChanceSource>, step: &mut Step) -> Option<String> {
        let mut notes = Vec::new();
        step.waiting = false;
        while let Some(id) = step.position.pending_chance() {
            match chance.as_ref().and_then(|c| c.value(id)) {
                Some(value) => {
                    step.resolved = Some(step.resolved.map_or(id, |r| r.max(id)));
                    notes.extend(step.position.chance_mut().and_then(|c| c.resolve_chance(value)));
                }
                None => {
                    step.waiting = true;
                    break;
                }
            }
        }
        (!notes.is_empty()).then(|| notes.join(" "))
    }

    pub fn chance(&self) -> Option<&ChanceSource> {
        self.chance.as_ref()
    }

    /// Whether the game waits for a chance this browser cannot resolve (an unrevealed secret).
    pub fn waiting_for_chance(&self) -> bool {
        self.last().waiting
    }

    /// Takes this browser's secret for `seat` in a commit-and-reveal game (committing to it if the seat
    /// has no commitment yet) and resolves a chance that was waiting for it.
    pub fn adopt_secret(&mut self, seat: Seat, secret: Secret) -> Result<()> {
        self.changes += 1;
        let Some(ChanceSource::Committed(c)) = self.chance.as_mut() else {
            return Ok(());
        };
        if let Err(refusal) = c.adopt_secret(seat, secret) {
            let message = match refusal {
                crate::chance::Refusal::NoSuchSeat => format!("This game has no seat {seat} for the fortunes of war."),
                _ => "The secret this browser keeps for the game does not match the game's commitment.".to_string(),
            };
            return Err(Error::new(ErrorCode::LinkBadReveal, message));
        }
        self.resettle_last();
        Ok(())
    }

    pub(super) fn resettle_last(&mut self) {
        let chance = self.chance.clone();
        let last = self.steps.len() - 1;
        if !self.steps[last].waiting {
            return;
        }
        let note = Game::settle(&chance, &mut self.steps[last]);
        let step = &mut self.steps[last];
        if !step.waiting {
            step.key = Some(step.position.repetition_key());
            step.outcome = step.position.outcome();
            if let Some(entry) = self.record.last_mut() {
                entry.note = note;
            }
        }
    }

    /// The chance data a link carries: this browser's reveals extended to what the next chance needs.
    pub(crate) fn chance_for_link(&self) -> Option<ChanceSource> {
        let mut chance = self.chance.clone()?;
        if let ChanceSource::Committed(c) = &mut chance {
            // Up to the next chance (the receiver plays after it), and every chance already resolved
            // (the receiver replays them); never further, or the receiver could foresee later events.
            let horizon = self.position().chance().and_then(|c| c.chance_horizon());
            if let Some(id) = horizon.max(highest_resolved(&self.steps)) {
                c.reveal_up_to(id);
            }
        }
        Some(chance)
    }
}
