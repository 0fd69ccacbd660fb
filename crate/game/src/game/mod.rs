//! A game of any variant: the record of decisions, undo, resign and draw offers, automatic draws.
//!
//! The game keeps one snapshot per decision, so undo and stepping through the move list never run
//! hand-written inverses. At each decision the options are the variant's actions in canonical order,
//! followed by the game-level decisions in a fixed order: offer a draw (when no offer is pending),
//! accept the opponent's offer (when one is pending), resign. Those indices are what links store.
//!
//! A draw offer is made before one's move (the offerer then moves as usual) and lapses when a player
//! plays a board action instead of accepting. With more than two players every other player still in
//! must accept, each on its own turn before moving.
//!
//! Variants with a setup phase (Napoleon) place setups through the same decisions; a sealed setup is
//! committed first and placed later from this browser's secret (see [`crate::seal`]).

use crate::chance::{ChanceSource, Secret};
use crate::error::{Error, ErrorCode, Result};
use crate::lang::Language;
use crate::rules::{Effects, EndReason, Outcome, Position, Rules, Seat, SetupDue, SetupPhase};
use crate::seal::{self, Salt, Seal};
use crate::square::Square;
use crate::variants;

mod authors;
mod chance_steps;
mod dead_ends;
mod setups;
mod typed;
pub use dead_ends::DEAD_END_MARKS_BUDGET;
pub use typed::Listed;

pub use crate::rules::Decision;

/// The bytes of a game's id, as its links carry it: ids are random, and 40 bits keep links short
/// while two games of one player sharing an id stays unlikely.
pub const GAME_ID_BYTES: usize = 5;
/// The bits of a game's id ([`GAME_ID_BYTES`]).
pub const GAME_ID_MASK: u64 = (1 << (8 * GAME_ID_BYTES)) - 1;

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
    /// The decision in words, as it is announced ("Black: knight g8 to f6, check."; empty for a
    /// decision without a name: [`crate::words`]).
    pub words: String,
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// Pieces that vanished and appeared (empty for game-level decisions).
    pub effects: Effects,
    /// A chance event that happened right after this decision (for the move list).
    pub note: Option<String>,
}

#[derive(Clone)]
struct Step {
    position: Box<dyn Position>,
    /// Seat whose draw offer is pending, and the seats that accepted it so far (bit per seat).
    draw_offer: Option<Seat>,
    accepted: u8,
    outcome: Option<Outcome>,
    /// Repetition key of positions reached by a board action (and of the start).
    key: Option<Vec<u8>>,
    /// A chance is due that this browser cannot resolve yet (a player's secret is not revealed).
    waiting: bool,
    /// The highest chance id resolved on reaching this step.
    resolved: Option<u32>,
}

#[derive(Clone)]
pub struct Game {
    rules: &'static dyn Rules,
    settings: Vec<u8>,
    setup: Option<String>,
    steps: Vec<Step>,
    record: Vec<RecordEntry>,
    /// Where chance comes from, for variants that use it.
    chance: Option<ChanceSource>,
    /// Sealed setups by seat, for variants with a setup phase.
    seals: Vec<Seal>,
    /// Each seat's key and latest signature, in games between browsers ([`crate::authorship`]).
    authors: Vec<crate::authorship::Author>,
    /// Changes made since the game was made ([`Game::changes`]).
    changes: u64,
}

/// The highest chance id resolved in a game's steps (its elements must travel in links).
fn highest_resolved(steps: &[Step]) -> Option<u32> {
    steps.iter().filter_map(|s| s.resolved).max()
}

impl Game {
    /// A new game from the variant's start position, or from a custom setup in its notation.
    /// Chance (for variants that use it) comes from a fixed seed: see [`Game::with_chance`].
    pub fn new(rules: &'static dyn Rules, settings: Option<&[u8]>, setup: Option<&str>) -> Result<Game> {
        Game::with_chance(rules, settings, setup, ChanceSource::Seeded([0; crate::chance::SEED_BYTES]))
    }

    /// A new game whose chance events (if the variant has any) come from `chance`.
    pub fn with_chance(
        rules: &'static dyn Rules,
        settings: Option<&[u8]>,
        setup: Option<&str>,
        chance: ChanceSource,
    ) -> Result<Game> {
        let settings = variants::resolve_settings(rules, settings)?;
        let position = match setup {
            Some(text) => rules.parse_position(text, &settings)?,
            None => rules.start(&settings),
        };
        let chance = position.uses_chance().then_some(chance);
        let mut step =
            Step { position, draw_offer: None, accepted: 0, outcome: None, key: None, waiting: false, resolved: None };
        Game::settle(&chance, &mut step);
        step.key = Some(step.position.repetition_key());
        step.outcome = if step.waiting { None } else { step.position.outcome() };
        let seats = rules.seat_names(&settings).len();
        let seals = vec![Seal::default(); seats];
        Ok(Game {
            rules,
            settings,
            setup: setup.map(str::to_string),
            steps: vec![step],
            record: Vec::new(),
            chance,
            seals,
            authors: vec![Default::default(); seats],
            changes: 0,
        })
    }

    /// How many changes the game has had (a decision played or taken back, a secret or seal adopted, a
    /// setup sealed or placed: each call counts, failed or not). An equal count is the same game.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// A new game of the variant with the given slug, default settings.
    pub fn from_slug(slug: &str, setup: Option<&str>) -> Result<Game> {
        Game::new(variants::by_slug(slug)?, None, setup)
    }

    /// The repetition keys of the positions from the start to now, as the threefold rule counts them.
    pub fn position_keys(&self) -> impl Iterator<Item = &[u8]> {
        self.steps.iter().filter_map(|step| step.key.as_deref())
    }

    pub fn rules(&self) -> &'static dyn Rules {
        self.rules
    }
    pub fn settings(&self) -> &[u8] {
        &self.settings
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
        self.steps.get(ply).map(|s| s.position.as_ref()).ok_or_else(|| {
            Error::bilingual(
                ErrorCode::NoSuchPly,
                format!("The game has no ply {ply}."),
                format!("La partie n'a pas de demi-coup {ply}."),
            )
        })
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.last().outcome
    }
    /// The score of a finished game, every seat's ([`Outcome::score_for`]: a draw is shared by the
    /// players still in); `None` while it goes on.
    pub fn score(&self) -> Option<String> {
        self.outcome().map(|o| o.score_for(self.seat_count(), &self.position().active_seats()))
    }
    pub fn draw_offer(&self) -> Option<Seat> {
        self.last().draw_offer
    }
    pub fn to_move(&self) -> Seat {
        self.position().to_move()
    }
    pub fn seat_count(&self) -> usize {
        self.seat_names().len()
    }
    pub fn seat_names(&self) -> &'static [&'static str] {
        self.rules.seat_names(&self.settings)
    }

    /// The options of the current decision, in the order links index them. Empty once the game is over,
    /// and while a chance waits for a secret this browser does not have.
    pub fn decisions(&self) -> Vec<Decision> {
        let step = self.last();
        if step.outcome.is_some() || step.waiting {
            return Vec::new();
        }
        let mut actions = Vec::new();
        step.position.actions(&mut actions);
        let mut out: Vec<Decision> = actions.into_iter().map(Decision::Act).collect();
        // Game-level decisions are not offered in the middle of a gesture (a piece picked).
        if step.position.transient() {
            return out;
        }
        let seat = step.position.to_move();
        match step.draw_offer {
            None => out.push(Decision::OfferDraw),
            Some(by) if by != seat && step.accepted & (1 << seat) == 0 => out.push(Decision::AcceptDraw),
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
            Error::bilingual(
                ErrorCode::IllegalAction,
                format!("There is no option {index}: only {} are legal now.", options.len()),
                format!("Il n'y a pas d'option {index} : seules {} sont légales maintenant.", options.len()),
            )
        })?;
        self.apply_canonically(decision, index, options.len() as u32)
    }

    /// Applies a decision; when it closes a step the record keeps in canonical order, rewrites the
    /// step's decisions in that order first (the board is the same either way).
    fn apply_canonically(&mut self, decision: Decision, index: u32, option_count: u32) -> Result<()> {
        let replay = match decision {
            Decision::Act(a) => self.position().turn_steps().and_then(|t| t.canonical_step(a)),
            _ => None,
        };
        let Some((count, actions)) = replay.filter(|(count, _)| *count <= self.record.len()) else {
            return self.apply(decision, index, option_count);
        };
        // Check the canonical order on a copy of the position the step started from (it always plays
        // for a step that was played; should it not, the record stays as played).
        let mut probe = self.steps[self.record.len() - count].position.clone();
        let replayable = actions.iter().all(|&action| {
            let mut listed = Vec::new();
            probe.actions(&mut listed);
            listed.contains(&action) && probe.play(action).is_ok()
        });
        if !replayable {
            return self.apply(decision, index, option_count);
        }
        self.truncate(self.record.len() - count);
        for action in actions.into_iter().map(Decision::Act).chain([decision]) {
            let options = self.decisions();
            if let Some(i) = options.iter().position(|&d| d == action) {
                self.apply(action, i as u32, options.len() as u32)?;
            }
        }
        Ok(())
    }

    /// Plays a decision if it is one of the current options.
    pub fn play(&mut self, decision: Decision) -> Result<()> {
        if self.outcome().is_some() {
            return Err(Error::new(ErrorCode::GameOver, "The game is over."));
        }
        let options = self.decisions();
        match options.iter().position(|&d| d == decision) {
            Some(i) => self.apply_canonically(decision, i as u32, options.len() as u32),
            None => Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "That move is not legal now.",
                "Ce coup n'est pas légal maintenant.",
            )),
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

    fn apply(&mut self, decision: Decision, index: u32, option_count: u32) -> Result<()> {
        self.changes += 1;
        let step = self.last();
        let seat = step.position.to_move();
        let mut next = Step {
            position: step.position.clone(),
            draw_offer: step.draw_offer,
            accepted: step.accepted,
            outcome: None,
            key: None,
            waiting: false,
            resolved: None,
        };
        let mut effects = Effects::default();
        let mut note = None;
        let seat_text = seat_name(self.seat_names(), seat);
        let mut words = crate::words::game_decision_words(&seat_text, decision);
        let (name, from, to) = match decision {
            Decision::Act(action) => {
                let info = step.position.info(action);
                next.position.play(action)?;
                note = Game::settle(&self.chance, &mut next);
                let (before, after) = (step.position.view(), next.position.view());
                effects = Effects::between(&before, &after);
                if next.draw_offer.is_some_and(|s| s != seat) && next.accepted & (1 << seat) == 0 {
                    next.draw_offer = None;
                    next.accepted = 0;
                }
                let key = next.position.repetition_key();
                let seen = self.steps.iter().filter(|s| s.key.as_ref() == Some(&key)).count();
                next.outcome = if next.waiting {
                    None
                } else {
                    next.position.outcome().or_else(|| (seen >= 2).then_some(Outcome::draw(EndReason::Repetition)))
                };
                next.key = Some(key);
                // A setup is placed man by man: its named decision is the whole setup, not its last man.
                words = if self.placing_setup() {
                    crate::words::setup_words(&seat_text, &info.name)
                } else {
                    crate::words::decision_words_with(&seat_text, &info, &before, &after, effects.clone(), next.outcome)
                };
                (info.name, info.from, info.to)
            }
            Decision::OfferDraw => {
                next.draw_offer = Some(seat);
                next.accepted = 0;
                ("draw offered".to_string(), None, None)
            }
            Decision::AcceptDraw => {
                next.accepted |= 1 << seat;
                let offerer = next.draw_offer.unwrap_or(seat);
                let everyone =
                    next.position.active_seats().iter().all(|&s| s == offerer || next.accepted & (1 << s) != 0);
                if everyone {
                    next.outcome = Some(Outcome::draw(EndReason::DrawAgreed));
                }
                ("draw accepted".to_string(), None, None)
            }
            Decision::Resign => {
                let before = step.position.view();
                if next.position.seats_mut().is_some_and(|s| s.resign(seat)) {
                    // Several players: the resigning one leaves, the others play on.
                    effects = Effects::between(&before, &next.position.view());
                    next.outcome = next.position.outcome();
                    next.key = Some(next.position.repetition_key());
                } else {
                    let seats = self.seat_count() as Seat;
                    next.outcome = Some(Outcome::win((seat + 1) % seats, EndReason::Resignation));
                }
                ("resigns".to_string(), None, None)
            }
        };
        self.steps.push(next);
        self.record.push(RecordEntry { decision, index, option_count, seat, name, words, from, to, effects, note });
        Ok(())
    }

    /// A player who is not to move resigns: a link game's player waiting for the opponent's move. Two
    /// players only (the other wins). The record keeps it as a resignation by `seat` that no option list
    /// held (`option_count` 0); links carry it after the decisions ([`crate::link`]).
    pub fn resign_out_of_turn(&mut self, seat: Seat) -> Result<()> {
        self.changes += 1;
        if self.outcome().is_some() {
            return Err(Error::new(ErrorCode::GameOver, "The game is over."));
        }
        if self.seat_count() != 2 || seat > 1 || seat == self.to_move() || self.position().transient() {
            return Err(Error::new(
                ErrorCode::IllegalAction,
                "Only the player waiting in a two-player game resigns out of turn.",
            ));
        }
        let step = self.last();
        let next = Step {
            position: step.position.clone(),
            draw_offer: None,
            accepted: 0,
            outcome: Some(Outcome::win(1 - seat, EndReason::Resignation)),
            key: None,
            waiting: false,
            resolved: None,
        };
        self.steps.push(next);
        self.record.push(RecordEntry {
            decision: Decision::Resign,
            index: 0,
            option_count: 0,
            seat,
            name: "resigns".to_string(),
            words: crate::words::game_decision_words(&seat_name(self.seat_names(), seat), Decision::Resign),
            from: None,
            to: None,
            effects: Effects::default(),
            note: None,
        });
        Ok(())
    }

    /// The seat that resigned out of turn, when that is the record's last entry.
    pub fn resigned_out_of_turn(&self) -> Option<Seat> {
        self.record.last().filter(|e| e.option_count == 0).map(|e| e.seat)
    }

    /// How a player names the decision that made ply `ply` (counted from 1, as the move list numbers
    /// rounds): "2. Nf3", "1… e5", with more than two players "3. Red Nj1-h2", "White: draw offered";
    /// "the start" for 0. Plies are never shown as a count: a player counts moves, not plies.
    pub fn ply_label(&self, ply: usize) -> String {
        self.ply_label_in(ply, Language::En)
    }

    /// [`Game::ply_label`] in `language`: "le départ", "Noirs : nulle proposée" (a move's name is
    /// notation, the same in every language).
    pub fn ply_label_in(&self, ply: usize, language: Language) -> String {
        let names = self.seat_names();
        let seat_label = |seat: Seat| language.seat_label(&seat_name(names, seat));
        let record = &self.record[..ply.min(self.record.len())];
        // The move list's rounds: a turn (a seat's run of board decisions) opens a new row when its seat
        // does not come after the last turn's in the row; a game-level decision closes the row.
        let mut rounds = 0;
        let mut column: Option<u8> = None;
        let mut round_of = Vec::with_capacity(record.len());
        for (i, e) in record.iter().enumerate() {
            let act = matches!(e.decision, Decision::Act(_));
            if !act {
                column = None;
            } else if i == 0 || record[i - 1].seat != e.seat || column.is_none() {
                if column.map_or(true, |c| e.seat <= c) {
                    rounds += 1;
                }
                column = Some(e.seat);
            }
            round_of.push(rounds);
        }
        let Some(i) = record.iter().rposition(|e| !e.name.is_empty()) else {
            return match language {
                Language::En => "the start".into(),
                Language::Fr => "le départ".into(),
            };
        };
        let e = &record[i];
        if !matches!(e.decision, Decision::Act(_)) {
            return crate::lang::typo(format!(
                "{}{}: {}",
                seat_label(e.seat),
                spaced(language),
                language.label(&e.name)
            ));
        }
        match (names.len() > 2, e.seat) {
            (true, seat) => format!("{}. {} {}", round_of[i], seat_label(seat), e.name),
            (false, 0) => format!("{}. {}", round_of[i], e.name),
            (false, _) => format!("{}… {}", round_of[i], e.name),
        }
    }

    /// The words of the record's decision `i` in `language`: as announced when it was played in
    /// English, made again from the boards before and after it in another language.
    pub fn words_in(&self, i: usize, language: Language) -> String {
        let Some(e) = self.record.get(i) else { return String::new() };
        if language == Language::En {
            return e.words.clone();
        }
        let seat = seat_name(self.seat_names(), e.seat);
        let (Decision::Act(action), Some(before), Some(after)) = (e.decision, self.steps.get(i), self.steps.get(i + 1))
        else {
            return crate::words::game_decision_words_in(&seat, e.decision, language);
        };
        let info = before.position.info(action);
        if self.placing_setup_at(i) {
            crate::words::setup_words_in(&seat, &info.name, language)
        } else {
            let (before, after_view) = (before.position.view(), after.position.view());
            crate::words::decision_words_in(&seat, &info, &before, &after_view, after.outcome, language)
        }
    }

    /// Takes back the last decision.
    pub fn undo(&mut self) -> Result<()> {
        self.changes += 1;
        if self.record.is_empty() {
            return Err(Error::new(ErrorCode::NothingToUndo, "Nothing to undo: this is the start of the game."));
        }
        self.record.pop();
        self.steps.pop();
        // A reveal taken back is no longer published.
        for seat in 0..self.seals.len() {
            if self.position().setup_text(seat as Seat).is_none() && self.seals[seat].own.is_some() {
                self.seals[seat].salt = None;
            }
        }
        Ok(())
    }

    /// Takes back the last move as the player made it: the last decision and the ones before it that
    /// were part of the same gesture (the pick of a piece, a setup placed man by man).
    pub fn undo_move(&mut self) -> Result<()> {
        self.undo()?;
        while !self.record.is_empty() && self.position().transient() {
            self.undo()?;
        }
        Ok(())
    }

    /// Plays a sequence of option indices (a piece picked, then its destination) as one gesture: all
    /// of them or, on any failure, none.
    pub fn play_path(&mut self, path: &[u32]) -> Result<()> {
        let before = self.record.len();
        for &index in path {
            if let Err(e) = self.play_index(index) {
                self.truncate(before);
                return Err(e);
            }
        }
        Ok(())
    }

    fn truncate(&mut self, len: usize) {
        self.changes += 1;
        self.record.truncate(len);
        self.steps.truncate(len + 1);
    }

    // -----------------------------------------------------------------------------------------
    // Setups
}

/// The space French puts before a colon (none in English).
fn spaced(language: Language) -> &'static str {
    match language {
        Language::En => "",
        Language::Fr => " ",
    }
}

fn seat_name(names: &[&str], seat: Seat) -> String {
    names.get(seat as usize).map_or_else(|| format!("Player {}", seat + 1), |n| n.to_string())
}

#[cfg(test)]
mod tests;
