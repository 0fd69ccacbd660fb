//! Hints in games against the computer: the best next decision for the player, found by the search in
//! the computer's worker (the page never waits for it) and shown on the board.
//!
//! A hint is help from the machine, so it is offered only where the machine is the opponent: never in
//! a link game between people (where even the analysis waits for the game's end, see
//! [`super::analysis`]), nor in pass and play, where the players at the screen are each other's
//! opponents. Each hint shown is counted with the game: the ply it was shown at is kept in the stored
//! game ([`super::keep::StoredGame::hints`]), said in "My games" and written in the game's PGN (a `Hints`
//! tag and a comment on the move it was for). A move taken back leaves its hint counted: it was seen.
//!
//! In a game of several decisions a turn (Napoleon), the hint is the next decision of the best turn the
//! computer finds for the player from where the turn stands ([`super::computer::turn`]).

use super::{no_game, Mode, Session, Update};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Decision;
use crate::lang::Language;
use crate::search::Level;
use crate::square::Square;
use crate::{link, Game, Seat};
use serde::Serialize;

/// The level a hint searches at: the Master's bounds (300,000 nodes) without noise, whatever level
/// the computer plays at: a hint is the best move the computer finds, not the move of the level the
/// player chose to face. Measured with the facade's `ComputerPlayer.hint` in node (release wasm, a
/// fresh player each time, this shared two-core machine, 3 runs each): 0.6-0.9 s at chess's start and
/// in two middle games, 0.8-1.1 s in Gunnery, 2.5-3.5 s at Chess 2024's start (its nodes are dear), 0.15-0.26 s for a
/// Napoleon decision.
pub fn hint_level() -> Level {
    Level { noise: 0, ..crate::search::LEVELS[crate::search::LEVELS.len() - 2] }
}

/// The hint for `seat` in `game`, as the computer's worker finds it: the option index of the first
/// decision of the best turn the computer finds at `level`. `None` when the seat has nothing to decide,
/// or the search finds no way on from where the turn stands (a dead end to take back).
pub fn find_hint(
    game: &Game,
    seat: Seat,
    level: &Level,
    stop: &mut dyn FnMut() -> bool,
    memory: &mut crate::search::Memory,
) -> Option<u32> {
    let turn = super::computer::turn(game, seat, level, 0, stop, memory)?;
    let first = *turn.indices.first()?;
    let board_move = matches!(game.decisions().get(first as usize), Some(Decision::Act(_)));
    (turn.undo == 0 && !turn.resigned && board_move).then_some(first)
}

/// What the computer's worker searches for a hint: the game as a link, for the player's `seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintRequest {
    /// Answers carry it back; an answer for an older request (or a game changed since) is ignored.
    pub id: u32,
    pub link: String,
    pub seat: Seat,
}

/// The hint shown now: the option's squares to mark on the board, its name and the words a listener hears.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintView {
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub name: String,
    pub words: String,
}

/// The open game's hints.
#[derive(Clone, Debug, Default)]
pub(super) struct Hints {
    /// The ply each hint was shown at, in the order taken (stored with the game).
    pub shown: Vec<usize>,
    /// The hint on the board: the game's change count it was found for, and the option's index.
    pub current: Option<(u64, u32)>,
    /// The request under way: its id and the game's change count when asked.
    pub asked: Option<(u32, u64)>,
    next_id: u32,
}

/// Whether a hint may be asked now: against the computer, at the player's own decision (not a setup,
/// which the player makes on the board, nor a chance event).
pub(super) fn offered(session: &Session) -> bool {
    let Some(o) = &session.open else { return false };
    matches!(o.mode, Mode::Computer { .. }) && session.decides() && o.game.setup_due().is_none()
}

fn not_offered() -> Error {
    Error::bilingual(
        ErrorCode::IllegalAction,
        "A hint is offered only in a game against the computer, when it is your move.",
        "Un indice n'est proposé que dans une partie contre l'ordinateur, quand c'est à vous de jouer.",
    )
}

impl Session {
    /// Asks for a hint: what the computer's worker searches (see [`hint_level`]).
    pub fn hint_request(&mut self) -> Result<HintRequest> {
        if !offered(self) {
            return Err(not_offered());
        }
        let o = self.open.as_mut().ok_or_else(no_game)?;
        o.hints.next_id = o.hints.next_id.wrapping_add(1);
        let id = o.hints.next_id;
        o.hints.asked = Some((id, o.game.changes()));
        Ok(HintRequest { id, link: link::encode(&o.game, o.id), seat: o.game.to_move() })
    }

    /// The worker's answer to hint request `id`: the option index of the decision to suggest (none when
    /// the search found no way through the turn from here). Shown and counted if the game is where it
    /// was when asked; an answer for an older request is ignored.
    pub fn hint_found(&mut self, id: u32, index: Option<u32>) -> Result<Update> {
        let o = self.open.as_mut().ok_or_else(no_game)?;
        if o.hints.asked != Some((id, o.game.changes())) {
            return Ok(Update::default());
        }
        o.hints.asked = None;
        let act = index.filter(|&i| matches!(o.game.decisions().get(i as usize), Some(Decision::Act(_))));
        let Some(index) = act else {
            return Err(Error::bilingual(
                ErrorCode::DeadEnd,
                "The computer finds no way on from here: take back this turn's moves.",
                "L'ordinateur ne trouve pas de suite d'ici : reprenez les coups de ce tour.",
            ));
        };
        o.hints.current = Some((o.game.changes(), index));
        o.hints.shown.push(o.game.record().len());
        let notice = self.save();
        Ok(Update { notice, ..Update::default() })
    }

    /// The hint on the board now, if the game is still where it was found.
    pub fn hint(&self) -> Option<HintView> {
        let o = self.open.as_ref()?;
        let (changes, index) = o.hints.current?;
        if changes != o.game.changes() || !self.decides() {
            return None;
        }
        let Some(Decision::Act(action)) = o.game.decisions().get(index as usize).copied() else { return None };
        let position = o.game.position();
        let info = position.info(action);
        let mut after = position.clone_box();
        after.play(action).ok()?;
        let seat = o.game.seat_names().get(position.to_move() as usize).copied().unwrap_or("?");
        let said = crate::words::decision_words_in(
            seat,
            &info,
            &position.view(),
            &after.view(),
            after.outcome(),
            self.language,
        );
        // A decision without a name is the pick of a man (Napoleon): said by its square.
        let square = info.from.map(|s| s.name()).unwrap_or_default();
        let words = match (self.language, said.is_empty()) {
            (Language::En, false) => format!("Hint: {said}"),
            (Language::En, true) => format!("Hint: pick the man on {square}."),
            (Language::Fr, false) => crate::lang::fr!("Indice : {said}"),
            (Language::Fr, true) => crate::lang::fr!("Indice : prenez l'homme en {square}."),
        };
        Some(HintView { from: info.from, to: info.to, name: info.name, words })
    }

    /// How many hints the player has taken in the open game, in words (none said before the first).
    pub fn hints_note(&self) -> Option<String> {
        let n = self.open.as_ref()?.hints.shown.len();
        match (n, self.language) {
            (0, _) => None,
            (1, Language::En) => Some("1 hint taken in this game.".into()),
            (n, Language::En) => Some(format!("{n} hints taken in this game.")),
            (1, Language::Fr) => Some("1 indice pris dans cette partie.".into()),
            (n, Language::Fr) => Some(format!("{n} indices pris dans cette partie.")),
        }
    }

    /// The plies the open game's hints were shown at.
    pub fn hints_taken(&self) -> &[usize] {
        self.open.as_ref().map_or(&[], |o| &o.hints.shown)
    }
}
