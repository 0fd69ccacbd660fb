//! Setups before play (Napoleon's armies): which seat sets up next, presets and random setups, and
//! sealed setups (a commitment first, the setup revealed when every seat has set up).

use super::*;

impl Game {
    /// Whether the decision under way places a setup: its gesture (the men placed so far, each
    /// position in the middle of it transient) began where a setup was due.
    pub(super) fn placing_setup(&self) -> bool {
        self.placing_setup_at(self.steps.len() - 1)
    }

    /// [`Game::placing_setup`] for the decision played from step `last`.
    pub(super) fn placing_setup_at(&self, last: usize) -> bool {
        let mut start = last.min(self.steps.len() - 1);
        while start > 0 && self.steps[start].position.transient() {
            start -= 1;
        }
        self.steps[start].position.setup_due().is_some()
    }

    /// Whether decision `ply` of the record placed a setup (setups are untimed and never taken back
    /// in live play).
    pub fn setup_decision(&self, ply: usize) -> bool {
        ply < self.record.len() && self.placing_setup_at(ply)
    }

    pub fn seals(&self) -> &[Seal] {
        &self.seals
    }

    /// Sets the seats' seals as a link spelled them (the link decoder's; tests forge links with it).
    #[doc(hidden)]
    pub fn set_seals(&mut self, seals: Vec<Seal>) {
        self.changes += 1;
        self.seals = seals;
    }

    /// The setup decision due now, if any.
    pub fn setup_due(&self) -> Option<SetupDue> {
        if self.outcome().is_some() {
            return None;
        }
        self.position().setup_due()
    }

    pub(super) fn due_for(&self, seat: Seat) -> Result<SetupDue> {
        match self.setup_due() {
            Some(due) if due.seat == seat => Ok(due),
            _ => Err(Error::new(
                ErrorCode::IllegalAction,
                format!("It is not {}'s setup now.", self.seat_names().get(seat as usize).unwrap_or(&"?")),
            )),
        }
    }

    /// Ready-made setups for `seat`, in a game with a setup phase.
    pub fn setup_presets(&self, seat: Seat) -> Vec<(&'static str, String)> {
        self.position().setup_phase().map(|s| s.presets(seat)).unwrap_or_default()
    }

    /// A random valid setup for `seat` drawn from `seed`, in a game with a setup phase.
    pub fn random_setup(&self, seat: Seat, seed: u64) -> Option<String> {
        self.position().setup_phase().and_then(|s| s.random_setup(seat, seed))
    }

    /// The variant's setup phase; an error for a game without one.
    pub(super) fn setup_phase(&self) -> Result<&dyn SetupPhase> {
        let none = || Error::new(ErrorCode::IllegalAction, "This game has no setup to place.");
        self.position().setup_phase().ok_or_else(none)
    }

    /// Seals `seat`'s setup: checks it, publishes the commitment and keeps text and salt as this
    /// browser's secret. The setup is placed on the board later, by [`Game::place_setup`].
    pub fn seal_setup(&mut self, seat: Seat, text: &str, salt: Salt, game_id: u64) -> Result<()> {
        self.changes += 1;
        let due = self.due_for(seat)?;
        if !due.seal {
            return Err(Error::new(ErrorCode::IllegalAction, "This setup is placed in the open, not sealed."));
        }
        let canonical = self.setup_phase()?.setup_check(seat, text)?;
        let action = match self.decisions().first() {
            Some(&Decision::Act(a)) => a,
            _ => return Err(Error::new(ErrorCode::IllegalAction, "No setup can be sealed now.")),
        };
        self.seals[seat as usize] = Seal {
            commitment: Some(seal::commitment(&canonical, game_id, seat, &salt)),
            salt: None,
            own: Some((canonical, salt)),
        };
        self.play(Decision::Act(action))
    }

    /// Places the setup due now: the given text for a setup made in the open, this browser's secret for
    /// a sealed one (the text is then ignored; its salt is published with the next link).
    pub fn place_setup(&mut self, seat: Seat, text: Option<&str>) -> Result<()> {
        self.changes += 1;
        let due = self.due_for(seat)?;
        if due.seal {
            return Err(Error::new(ErrorCode::IllegalAction, "This setup is sealed first, then placed."));
        }
        let own = self.seals[seat as usize].own.clone();
        let text = match (due.sealed, &own, text) {
            (true, Some((secret, _)), _) => secret.clone(),
            (true, None, _) => {
                return Err(Error::new(
                    ErrorCode::LinkBadReveal,
                    "This browser does not hold the sealed setup: it can only be revealed where it was made.",
                ))
            }
            (false, _, Some(t)) => t.to_string(),
            (false, _, None) => return Err(Error::new(ErrorCode::IllegalAction, "No setup was given.")),
        };
        let before = self.record.len();
        for action in self.setup_phase()?.setup_actions(&text)? {
            if let Err(e) = self.play(Decision::Act(action)) {
                self.truncate(before);
                return Err(e);
            }
        }
        if due.sealed {
            self.seals[seat as usize].salt = own.map(|(_, salt)| salt);
        }
        Ok(())
    }

    /// Gives the game this browser's secret of a sealed setup (kept in storage between visits); fails
    /// when it does not open the seat's commitment.
    pub fn adopt_sealed_setup(&mut self, seat: Seat, text: &str, salt: Salt, game_id: u64) -> Result<()> {
        self.changes += 1;
        let Some(seal) = self.seals.get_mut(seat as usize) else {
            return Err(Error::new(ErrorCode::BadSetting, format!("There is no seat {seat}.")));
        };
        if !seal.opens(text, game_id, seat, &salt) {
            return Err(Error::new(
                ErrorCode::LinkBadReveal,
                "The sealed setup this browser keeps does not match the game's commitment.",
            ));
        }
        seal.own = Some((text.to_string(), salt));
        Ok(())
    }

    /// Checks the record against the seals: every seat that sealed has a commitment, and every sealed
    /// setup on the board came with a salt that opens it.
    pub fn verify_seals(&self, game_id: u64) -> Result<()> {
        let names = self.seat_names();
        for (i, step) in self.steps.iter().enumerate().take(self.record.len()) {
            if let Some(SetupDue { seat, seal: true, .. }) = step.position.setup_due() {
                if self.seals.get(seat as usize).and_then(|s| s.commitment).is_none() {
                    return Err(Error::new(
                        ErrorCode::LinkBadReveal,
                        format!("Decision {} seals a setup, but the link carries no commitment for it.", i + 1),
                    ));
                }
            }
        }
        for (seat, seal) in self.seals.iter().enumerate() {
            let Some(text) = self.position().setup_text(seat as Seat) else { continue };
            if seal.commitment.is_none() {
                continue;
            }
            let name = names.get(seat).unwrap_or(&"?");
            let opened = seal.salt.is_some_and(|salt| seal.opens(&text, game_id, seat as Seat, &salt));
            if !opened {
                return Err(Error::new(
                    ErrorCode::LinkBadReveal,
                    format!("{name}'s revealed setup does not match the setup {name} sealed: this link was altered."),
                ));
            }
        }
        Ok(())
    }
}
