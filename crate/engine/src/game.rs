//! A game of any variant: the record of decisions, undo, resign and draw offers, automatic draws.
//!
//! The game keeps one snapshot per decision, so undo and stepping through the move list never run
//! hand-written inverses. At each decision the options are the variant's actions in canonical order,
//! followed by the game-level decisions in a fixed order: offer a draw (when no offer is pending),
//! accept the opponent's offer (when one is pending), resign. Those indices are what links store.
//!
//! A draw offer is made before one's move (the offerer then moves as usual) and lapses when the
//! opponent plays a board action instead of accepting.

use crate::error::{Error, ErrorCode, Result};
use crate::rules::{Action, Effects, EndReason, Outcome, Position, Rules, Seat};
use crate::square::Square;
use crate::variants;

/// One option of the current decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Act(Action),
    OfferDraw,
    AcceptDraw,
    Resign,
}

/// A decision as played, with what the move list shows.
#[derive(Clone, Debug)]
pub struct RecordEntry {
    pub decision: Decision,
    /// Its index among the options it was chosen from.
    pub index: u32,
    /// How many options there were (the link stores the index in as few bits as this allows).
    pub option_count: u32,
    pub seat: Seat,
    pub name: String,
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// Pieces that vanished and appeared (empty for game-level decisions).
    pub effects: Effects,
}

#[derive(Clone)]
struct Step {
    position: Box<dyn Position>,
    /// Seat whose draw offer is pending.
    draw_offer: Option<Seat>,
    outcome: Option<Outcome>,
    /// Repetition key of positions reached by a board action (and of the start).
    key: Option<Vec<u8>>,
}

#[derive(Clone)]
pub struct Game {
    rules: &'static dyn Rules,
    options: Vec<u8>,
    setup: Option<String>,
    steps: Vec<Step>,
    record: Vec<RecordEntry>,
}

impl Game {
    /// A new game from the variant's start position, or from a custom setup in its notation.
    pub fn new(rules: &'static dyn Rules, options: Option<&[u8]>, setup: Option<&str>) -> Result<Game> {
        let options = variants::resolve_options(rules, options)?;
        let position = match setup {
            Some(text) => rules.parse_position(text, &options)?,
            None => rules.start(&options),
        };
        let key = Some(position.repetition_key());
        let outcome = position.outcome();
        Ok(Game {
            rules,
            options,
            setup: setup.map(str::to_string),
            steps: vec![Step { position, draw_offer: None, outcome, key }],
            record: Vec::new(),
        })
    }

    /// A new game of the variant with the given slug, default options.
    pub fn from_slug(slug: &str, setup: Option<&str>) -> Result<Game> {
        Game::new(variants::by_slug(slug)?, None, setup)
    }

    pub fn rules(&self) -> &'static dyn Rules {
        self.rules
    }
    pub fn options(&self) -> &[u8] {
        &self.options
    }
    pub fn setup(&self) -> Option<&str> {
        self.setup.as_deref()
    }
    pub fn record(&self) -> &[RecordEntry] {
        &self.record
    }
    fn last(&self) -> &Step {
        // `steps` always holds the start step: constructors push it and undo never pops it.
        &self.steps[self.steps.len() - 1]
    }
    pub fn position(&self) -> &dyn Position {
        self.last().position.as_ref()
    }
    /// The position after `ply` decisions (0 = start).
    pub fn position_at(&self, ply: usize) -> Result<&dyn Position> {
        self.steps
            .get(ply)
            .map(|s| s.position.as_ref())
            .ok_or_else(|| Error::new(ErrorCode::NoSuchPly, format!("The game has no ply {ply}.")))
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.last().outcome
    }
    pub fn draw_offer(&self) -> Option<Seat> {
        self.last().draw_offer
    }
    pub fn to_move(&self) -> Seat {
        self.position().to_move()
    }
    pub fn seat_count(&self) -> usize {
        self.rules.info().seat_names.len()
    }

    /// The options of the current decision, in the order links index them. Empty once the game is over.
    pub fn decisions(&self) -> Vec<Decision> {
        let step = self.last();
        if step.outcome.is_some() {
            return Vec::new();
        }
        let mut actions = Vec::new();
        step.position.actions(&mut actions);
        let mut out: Vec<Decision> = actions.into_iter().map(Decision::Act).collect();
        match step.draw_offer {
            None => out.push(Decision::OfferDraw),
            Some(seat) if seat != step.position.to_move() => out.push(Decision::AcceptDraw),
            Some(_) => {}
        }
        out.push(Decision::Resign);
        out
    }

    /// Plays the option with this index in [`Game::decisions`].
    pub fn play_index(&mut self, index: u32) -> Result<()> {
        if self.outcome().is_some() {
            return Err(Error::new(ErrorCode::GameOver, "The game is over."));
        }
        let options = self.decisions();
        let decision = *options.get(index as usize).ok_or_else(|| {
            Error::new(
                ErrorCode::IllegalAction,
                format!("There is no option {index}: only {} are legal now.", options.len()),
            )
        })?;
        self.apply(decision, index, options.len() as u32);
        Ok(())
    }

    /// Plays a decision if it is one of the current options.
    pub fn play(&mut self, decision: Decision) -> Result<()> {
        if self.outcome().is_some() {
            return Err(Error::new(ErrorCode::GameOver, "The game is over."));
        }
        let options = self.decisions();
        match options.iter().position(|&d| d == decision) {
            Some(i) => {
                self.apply(decision, i as u32, options.len() as u32);
                Ok(())
            }
            None => Err(Error::new(ErrorCode::IllegalAction, "That move is not legal now.")),
        }
    }

    /// The option named by `text`: the move list's name (check signs optional), coordinate notation,
    /// or `resign`, `offer-draw`, `accept-draw`.
    pub fn find(&self, text: &str) -> Result<Decision> {
        let wanted = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let options = self.decisions();
        for &d in &options {
            let matches = match d {
                Decision::Act(a) => {
                    let info = self.position().info(a);
                    info.name.trim_end_matches(['+', '#']) == wanted || info.coord == wanted
                }
                Decision::OfferDraw => wanted == "offer-draw",
                Decision::AcceptDraw => wanted == "accept-draw",
                Decision::Resign => wanted == "resign",
            };
            if matches {
                return Ok(d);
            }
        }
        let message = if options.is_empty() {
            format!("'{text}' cannot be played: the game is over.")
        } else {
            format!("'{text}' is not a legal move here.")
        };
        Err(Error::new(ErrorCode::IllegalAction, message))
    }

    fn apply(&mut self, decision: Decision, index: u32, option_count: u32) {
        let step = self.last();
        let seat = step.position.to_move();
        let mut next = Step { position: step.position.clone(), draw_offer: step.draw_offer, outcome: None, key: None };
        let mut effects = Effects::default();
        let (name, from, to) = match decision {
            Decision::Act(action) => {
                let info = step.position.info(action);
                next.position.play(action);
                effects = Effects::between(&step.position.view(), &next.position.view());
                if next.draw_offer.is_some_and(|s| s != seat) {
                    next.draw_offer = None;
                }
                let key = next.position.repetition_key();
                let seen = self.steps.iter().filter(|s| s.key.as_ref() == Some(&key)).count();
                next.outcome =
                    next.position.outcome().or_else(|| (seen >= 2).then_some(Outcome::draw(EndReason::Repetition)));
                next.key = Some(key);
                (info.name, info.from, info.to)
            }
            Decision::OfferDraw => {
                next.draw_offer = Some(seat);
                ("draw offered".to_string(), None, None)
            }
            Decision::AcceptDraw => {
                next.outcome = Some(Outcome::draw(EndReason::DrawAgreed));
                ("draw accepted".to_string(), None, None)
            }
            Decision::Resign => {
                let seats = self.seat_count() as Seat;
                next.outcome = Some(Outcome::win((seat + 1) % seats, EndReason::Resignation));
                ("resigns".to_string(), None, None)
            }
        };
        self.steps.push(next);
        self.record.push(RecordEntry { decision, index, option_count, seat, name, from, to, effects });
    }

    /// Takes back the last decision.
    pub fn undo(&mut self) -> Result<()> {
        if self.record.is_empty() {
            return Err(Error::new(ErrorCode::NothingToUndo, "Nothing to undo: this is the start of the game."));
        }
        self.record.pop();
        self.steps.pop();
        Ok(())
    }

    /// Index of the current option list's entry for a decision, if it is an option now.
    pub fn index_of(&self, decision: Decision) -> Option<u32> {
        self.decisions().iter().position(|&d| d == decision).map(|i| i as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(game: &mut Game, moves: &[&str]) {
        for m in moves {
            let d = game.find(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            game.play(d).expect("found decisions are legal");
        }
    }

    #[test]
    fn fools_mate_ends_the_game() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        play_all(&mut g, &["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Checkmate)));
        assert!(g.decisions().is_empty());
        assert_eq!(g.play_index(0).err().map(|e| e.code), Some(ErrorCode::GameOver));
        assert_eq!(g.record()[3].name, "Qh4#");
    }

    #[test]
    fn threefold_repetition_is_automatic() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
        assert_eq!(g.outcome(), None);
        play_all(&mut g, &["Ng8"]);
        assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    }

    #[test]
    fn draw_offer_accept_and_lapse() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        play_all(&mut g, &["offer-draw", "e4"]);
        assert!(g.decisions().contains(&Decision::AcceptDraw));
        assert!(!g.decisions().contains(&Decision::OfferDraw));
        play_all(&mut g, &["e5"]);
        assert!(!g.decisions().contains(&Decision::AcceptDraw), "offer lapses when declined by moving");
        play_all(&mut g, &["offer-draw", "Nf3", "accept-draw"]);
        assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::DrawAgreed)));
    }

    #[test]
    fn resignation_and_undo() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        play_all(&mut g, &["e4", "resign"]);
        assert_eq!(g.outcome(), Some(Outcome::win(0, EndReason::Resignation)));
        g.undo().expect("one decision to undo");
        assert_eq!(g.outcome(), None);
        g.undo().expect("one more");
        assert_eq!(g.undo().err().map(|e| e.code), Some(ErrorCode::NothingToUndo));
    }

    #[test]
    fn effects_list_what_vanished_and_appeared() {
        let mut g = Game::from_slug("chess", Some("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1")).expect("valid");
        play_all(&mut g, &["exd6"]);
        let e = &g.record()[0].effects;
        let names =
            |v: &[crate::rules::PieceView]| v.iter().map(|p| format!("{}{}", p.kind, p.square)).collect::<Vec<_>>();
        assert_eq!(names(&e.vanish), ["Pd5", "Pe5"]);
        assert_eq!(names(&e.appear), ["Pd6"]);
        play_all(&mut g, &["Kd7", "O-O-O"]);
        let e = &g.record()[2].effects;
        assert_eq!(names(&e.vanish), ["Ra1", "Ke1"]);
        assert_eq!(names(&e.appear), ["Kc1", "Rd1"]);
    }

    #[test]
    fn bad_indices_and_names_are_typed_errors() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        assert_eq!(g.play_index(999).err().map(|e| e.code), Some(ErrorCode::IllegalAction));
        assert_eq!(g.find("e5").err().map(|e| e.code), Some(ErrorCode::IllegalAction));
        assert_eq!(g.find("accept-draw").err().map(|e| e.code), Some(ErrorCode::IllegalAction));
        assert!(g.find("e2e4").is_ok());
    }
}
