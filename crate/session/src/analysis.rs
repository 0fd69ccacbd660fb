//! When the analysis board is offered, and what the page's worker is asked to analyse.
//!
//! Analysis is the computer's judgement, so it is policy where a game between people is under way: in
//! a link game it is offered only once the game is over, and the place of the button says so. Nothing
//! can enforce that (either player could paste the position into any engine); it is honour-based, as
//! on lichess and in correspondence chess, and the page does not make help from a machine one click
//! away. Pass and play and games against the computer may be analysed at any time, and from any
//! position analysed the player may play on against the computer ([`Session::play_on`]).
//!
//! A line of the analysis may be played out on a copy of the game ([`Session::analysis_copy`]: the game
//! up to the ply analysed, then the line's decisions), never on the game itself; the page shows the
//! copy and analyses it, and goes back to the game by asking without the line.

use super::{no_game, Mode, NewGame, Session, Update, DEFAULT_LEVEL};
use crate::error::{Error, ErrorCode, Result};
use crate::lang::Language;
use crate::link;
use crate::search::MAX_LINES;
use crate::Game;
use serde::Serialize;

/// What the worker analyses: the game as a link, the position after `ply` decisions, `lines` lines (the
/// link of the analysis copy when a line is played on it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisRequest {
    pub link: String,
    pub ply: usize,
    pub lines: usize,
    /// The plies the game's hints were shown at (a game against the computer), for its review.
    pub hints: Vec<usize>,
}

/// Whether the open game may be analysed now, and when it may not, the words shown where the button
/// would be.
pub(super) fn offer(mode: Mode, game: &Game, language: Language) -> (bool, Option<String>) {
    if !matches!(mode, Mode::Link { .. }) || game.outcome().is_some() {
        return (true, None);
    }
    let note = match language {
        Language::En => "Analysis opens when the game ends: during a game between people it stays closed, on your honour.",
        Language::Fr => {
            "L'analyse s'ouvre à la fin de la partie : pendant une partie entre personnes, elle reste fermée, sur l'honneur."
        }
    };
    (false, Some(note.to_string()))
}

impl Session {
    /// The position after `ply` decisions of the open game (now when absent) for the analysis board,
    /// then the decisions of `line` (option indices) played on a copy, if the analysis is offered (see
    /// [`offer`]).
    pub fn analysis_request(&self, ply: Option<usize>, line: &[u32]) -> Result<AnalysisRequest> {
        let o = self.open.as_ref().ok_or_else(no_game)?;
        if line.is_empty() {
            let ply = self.analysed_ply(ply)?;
            let hints = o.hints.shown.clone();
            return Ok(AnalysisRequest { link: link::encode(&o.game, o.id), ply, lines: MAX_LINES, hints });
        }
        let copy = self.analysis_copy(ply, line)?;
        let (link, ply) = (link::encode(&copy, o.id), copy.record().len());
        Ok(AnalysisRequest { link, ply, lines: MAX_LINES, hints: Vec::new() })
    }

    /// The ply the analysis board shows (now when absent, or past the record), if analysis is offered.
    fn analysed_ply(&self, ply: Option<usize>) -> Result<usize> {
        let o = self.open.as_ref().ok_or_else(no_game)?;
        if !offer(o.mode, &o.game, self.language).0 {
            let english = offer(o.mode, &o.game, Language::En).1.unwrap_or_default();
            let french = offer(o.mode, &o.game, Language::Fr).1.unwrap_or_default();
            return Err(Error::bilingual(ErrorCode::IllegalAction, english, french));
        }
        Ok(ply.unwrap_or(o.game.record().len()).min(o.game.record().len()))
    }

    /// The analysis copy: the open game up to `ply` decisions (now when absent), then `line`'s option
    /// indices played one after another. The game itself is not touched.
    pub fn analysis_copy(&self, ply: Option<usize>, line: &[u32]) -> Result<Game> {
        let ply = self.analysed_ply(ply)?;
        let mut copy = self.open.as_ref().ok_or_else(no_game)?.game.clone();
        while copy.record().len() > ply {
            copy.undo()?;
        }
        for &index in line {
            copy.play_index(index)?;
        }
        Ok(copy)
    }

    /// "Play on against the computer from here": a new game against the computer from the position
    /// after `ply` decisions (now when absent) and the analysis line `line` played on a copy, the player
    /// taking the side to move there, at the level of the game's computer (the default level
    /// otherwise). Offered where analysis is.
    pub fn play_on(&mut self, ply: Option<usize>, line: &[u32]) -> Result<Update> {
        let copy = self.analysis_copy(ply, line)?;
        let o = self.open.as_ref().ok_or_else(no_game)?;
        let position = copy.position();
        if position.outcome().is_some() || position.setup_due().is_some() || position.pending_chance().is_some() {
            return Err(Error::bilingual(
                ErrorCode::GameOver,
                "There is nothing to play on from this position.",
                "Il n'y a rien à jouer depuis cette position.",
            ));
        }
        let level = match o.mode {
            Mode::Computer { level, .. } => level,
            _ => DEFAULT_LEVEL,
        };
        let spec = NewGame {
            variant: copy.rules().info().slug.to_string(),
            mode: Mode::Computer { seat: position.to_move(), level },
            settings: Some(copy.settings().to_vec()),
            setup: Some(position.to_text()),
        };
        self.new_game(spec)
    }
}
