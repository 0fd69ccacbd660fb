//! The computer's turns in the session: its setups, the turn it is asked to think about (in the page's
//! worker), and its answer played (or its failure reported), with what it says about a draw offer.

use super::*;

impl Session {
    /// The computer's answer to a [`ThinkRequest`]: its option indices, played as one turn (all or none).
    pub fn computer_moved(&mut self, think_id: u32, turn: &computer::ComputerTurn) -> Update {
        if think_id != self.think_id || !self.thinking {
            return Update::default(); // an answer for a game that has changed since
        }
        self.thinking = false;
        let Some(o) = self.open.as_mut() else { return Update::default() };
        let mover = o.game.seat_names().get(o.game.to_move() as usize).copied().unwrap_or("The computer");
        // The computer's seat as the subject of a French sentence ("Les Noirs (ordinateur) …").
        let who = crate::lang::capital(&Language::Fr.seat(mover));
        let me = o.mode.seat();
        let offer = o.game.draw_offer().filter(|&by| Some(by) == me);
        // A turn handed over inside a dead end is played again from its start: only the decisions of
        // the turn under way may be taken back.
        let mut next = o.game.clone();
        let begun = next.record().len() - computer::turn_start(&next, next.to_move());
        let taken_back = if turn.undo as usize <= begun {
            (0..turn.undo).try_for_each(|_| next.undo())
        } else {
            Err(Error::new(ErrorCode::IllegalAction, "The computer would take back more than its own turn."))
        };
        let before = next.record().len();
        if let Err(e) = taken_back.and_then(|()| next.play_path(&turn.indices)) {
            let code = e.code.as_str();
            let error = Error::bilingual(
                e.code,
                format!("The computer's move was refused ({code}). Undo or start a new game."),
                format!("Le coup de l'ordinateur a été refusé ({code}). Annulez ou commencez une nouvelle partie."),
            );
            return Update { notice: Some(Notice::error(&error)), ..Update::default() };
        }
        o.game = next;
        let accepted = self
            .open
            .as_ref()
            .and_then(|o| o.game.record().last())
            .is_some_and(|e| e.decision == crate::game::Decision::AcceptDraw);
        let agreed =
            self.open.as_ref().and_then(|o| o.game.outcome()).is_some_and(|o| o.reason == EndReason::DrawAgreed);
        let mut update = self.after_change(true);
        update.sound = self.open.as_ref().and_then(|o| sound::of_decisions(&o.game, before));
        if turn.resigned {
            // The rules make a player without a legal turn lose (with several players: leave the game).
            update.notice = Some(Notice::info(
                "computer-resigned",
                format!("{mover} (computer) had no legal turn left, so it is out of the game, as the rules say."),
                format!("{who} (ordinateur) n'avaient plus de tour légal : ils sont hors de la partie, comme le veulent les règles."),
            ));
        } else if agreed || accepted {
            let (text, texte) = if agreed {
                (".", ".")
            } else {
                (": the others must accept it too.", " : les autres doivent l'accepter aussi.")
            };
            update.notice = Some(Notice::info(
                "draw-accepted",
                format!("{mover} (computer) accepts your draw offer{text}"),
                format!("{who} (ordinateur) acceptent votre proposition de nulle{texte}"),
            ));
        } else if offer.is_some() {
            update.notice = Some(Notice::info(
                "draw-declined",
                format!("{mover} (computer) declines your draw offer and plays on."),
                format!("{who} (ordinateur) refusent votre proposition de nulle et jouent."),
            ));
        }
        update
    }

    /// The computer's worker failed: the game stays as it is.
    pub fn computer_failed(&mut self, think_id: u32, message: &str) -> Update {
        if think_id != self.think_id {
            return Update::default();
        }
        self.thinking = false;
        let text = format!("The computer player stopped ({message}). Undo or start a new game.");
        Update {
            notice: Some(Notice {
                code: "computer-failed".into(),
                text,
                french: (
                    format!("L'ordinateur s'est arrêté ({message}). Annulez ou commencez une nouvelle partie."),
                    None,
                ),
                info: false,
                action: None,
                action_label: None,
            }),
            ..Update::default()
        }
    }

    /// The computer's setups: random valid ones, sealed first when the rules seal them.
    pub(super) fn computer_setups(&mut self) -> Result<()> {
        for _ in 0..8 {
            let Some(o) = &self.open else { return Ok(()) };
            let Mode::Computer { seat: mine, .. } = o.mode else { return Ok(()) };
            let Some(due) = o.game.setup_due() else { return Ok(()) };
            if due.seat == mine {
                return Ok(());
            }
            let seed = u64::from_le_bytes(self.random::<8>("the computer's setup")?);
            let salt: Salt = self.random::<SALT_BYTES>("a sealed setup")?;
            let Some(o) = &mut self.open else { return Ok(()) };
            if due.sealed {
                o.game.place_setup(due.seat, None)?;
            } else {
                let text = o.game.random_setup(due.seat, seed).unwrap_or_default();
                if due.seal {
                    o.game.seal_setup(due.seat, &text, salt, o.id)?;
                    if let Some(kept) = self.sealed_secret(due.seat) {
                        let id = id_text(self.open.as_ref().map_or(0, |o| o.id));
                        let _ = self.shelf().save_seal(&id, &kept);
                    }
                } else {
                    o.game.place_setup(due.seat, Some(&text))?;
                }
            }
            self.reveal_when_due()?;
        }
        Ok(())
    }

    pub(super) fn think_request(&mut self) -> Option<ThinkRequest> {
        let o = self.open.as_ref()?;
        let Mode::Computer { seat, level } = o.mode else { return None };
        let game = &o.game;
        if game.outcome().is_some() || game.setup_due().is_some() || game.waiting_for_chance() || game.to_move() == seat
        {
            return None;
        }
        let link = link::encode(game, o.id);
        let to_move = game.to_move();
        let seed = u32::from_le_bytes(self.random::<4>("the computer").unwrap_or([7; 4]));
        self.think_id = self.think_id.wrapping_add(1);
        self.thinking = true;
        Some(ThinkRequest { id: self.think_id, link, seat: to_move, level, seed })
    }
}
