//! The game review: each decision of a finished (or any) game judged from the evaluation before and
//! after it, labelled, and summed up per player.
//!
//! A decision here is a whole turn: the consecutive board decisions of one seat (a Napoleon turn of
//! several moves, a Checkered switch and its move, a chess move), judged as one. Draw offers,
//! resignations and setups are not judged. A chance event (Chess 2024's fortunes of war) is shown
//! where it happened, between the turn it followed and the next, and the turn before it is judged by
//! the position before the event: nobody chose it.
//!
//! Labels come from the winning chance the turn gave away, in percentage points, by lichess's model
//! ([`win_percent`]): the winning chance of an evaluation `cp` in centipawns for the side is
//! `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`; a mate for the side is 100, against it 0.
//! Lost chance = chance before (the best line's) minus chance after the turn, never below 0:
//! - **best**: the turn the analysis would have played (its best line's turn);
//! - **good**: less than [`INACCURACY`] (5 points);
//! - **inaccuracy**: 5 to 10 points; **mistake**: 10 to 15 ([`MISTAKE`]); **blunder**: 15 or more
//!   ([`BLUNDER`]): lichess's thresholds (0.1, 0.2, 0.3 on its winning-chances scale of -1 to 1).
//!
//! Measured in chances rather than pawns, a queen given away in an even position (50% to about 4%) is
//! a blunder, while the same queen given away at fifteen pawns up (99.6% to 90%) is an inaccuracy: the
//! game is still won. A player's accuracy is lichess's too: each turn's `103.1668 * exp(-0.04354 * lost) -
//! 3.1669`, between 0 and 100, averaged over the player's turns.

mod page;
mod record;
mod view;
mod walk;

pub use page::{review_view, review_view_with_hints, GraphPoint, ReviewRow, ReviewView};
pub use record::{eval_text, pgn};
pub use view::{analysis_view, AnalysisView, LineView};
pub use walk::review;

use crate::lang::Language;
use crate::rules::{Action, Seat};
use crate::search::Score;

/// Lost winning chance (percentage points) from which a turn is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// From which it is a mistake.
pub const MISTAKE: f64 = 10.0;
/// From which it is a blunder.
pub const BLUNDER: f64 = 15.0;

/// A turn's label, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    pub const ALL: [Label; 5] = [Label::Best, Label::Good, Label::Inaccuracy, Label::Mistake, Label::Blunder];

    /// The label for a turn that lost `lost` points of winning chance; `best` when it is the analysis'
    /// own choice.
    pub fn of(lost: f64, best: bool) -> Label {
        match lost {
            _ if best => Label::Best,
            l if l >= BLUNDER => Label::Blunder,
            l if l >= MISTAKE => Label::Mistake,
            l if l >= INACCURACY => Label::Inaccuracy,
            _ => Label::Good,
        }
    }

    /// The label's word, as players read and hear it.
    pub fn name(self, language: Language) -> &'static str {
        match (self, language) {
            (Label::Best, Language::En) => "best",
            (Label::Good, Language::En) => "good",
            (Label::Inaccuracy, Language::En) => "inaccuracy",
            (Label::Mistake, Language::En) => "mistake",
            (Label::Blunder, Language::En) => "blunder",
            (Label::Best, Language::Fr) => "meilleur coup",
            (Label::Good, Language::Fr) => "bon coup",
            (Label::Inaccuracy, Language::Fr) => "imprécision",
            (Label::Mistake, Language::Fr) => "erreur",
            (Label::Blunder, Language::Fr) => "gaffe",
        }
    }

    /// The PGN annotation glyph lichess writes for it (none for best and good).
    pub fn glyph(self) -> Option<&'static str> {
        match self {
            Label::Inaccuracy => Some("?!"),
            Label::Mistake => Some("?"),
            Label::Blunder => Some("??"),
            Label::Best | Label::Good => None,
        }
    }

    /// The numeric annotation glyph of the PGN standard (`$6` `?!`, `$2` `?`, `$4` `??`).
    pub fn nag(self) -> Option<u8> {
        match self {
            Label::Inaccuracy => Some(6),
            Label::Mistake => Some(2),
            Label::Blunder => Some(4),
            Label::Best | Label::Good => None,
        }
    }
}

/// The winning chance, in percent, of a score for the side it is for (lichess's model).
pub fn win_percent(score: Score) -> f64 {
    match score {
        Score::Centipawns(cp) => 50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp as f64).exp()) - 1.0),
        Score::Mate(n) | Score::Ended(n) if n > 0 => 100.0,
        Score::Ended(0) => 50.0,
        Score::Mate(_) | Score::Ended(_) => 0.0,
    }
}

/// A turn's accuracy in percent from the winning chance it lost (lichess's formula).
pub fn accuracy(lost: f64) -> f64 {
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One judged turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub seat: Seat,
    /// The record entries of the turn: `first..end`.
    pub first: usize,
    pub end: usize,
    /// The turn's decisions' names, as the move list shows them, joined by spaces.
    pub played: String,
    /// The analysis' turn and its names, where the position could be analysed.
    pub best: Vec<Action>,
    pub best_names: String,
    /// The evaluation for the mover before the turn (its best line's) and after it.
    pub before: Score,
    pub after: Score,
    /// Winning chance lost, in percentage points (0 or more).
    pub lost: f64,
    pub label: Label,
}

/// A row of the review, in the game's order.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    Turn(Judged),
    /// A chance event that happened after record entry `after`, as the move list says it.
    Chance {
        after: usize,
        note: String,
    },
}

/// A player's summary: how many of its turns got each label, and its accuracy.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub seat: Seat,
    /// Counts in [`Label::ALL`]'s order.
    pub counts: [u32; 5],
    pub turns: u32,
    /// Average accuracy in percent (100 with no turn).
    pub accuracy: f64,
}

/// A game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub rows: Vec<Row>,
    /// One per seat, in seat order.
    pub summaries: Vec<Summary>,
}

impl Review {
    /// The judged turns, in order.
    pub fn turns(&self) -> impl Iterator<Item = &Judged> {
        self.rows.iter().filter_map(|r| match r {
            Row::Turn(j) => Some(j),
            Row::Chance { .. } => None,
        })
    }

    /// The judged turn that includes record entry `index`.
    pub fn turn_of(&self, index: usize) -> Option<&Judged> {
        self.turns().find(|j| (j.first..j.end).contains(&index))
    }
}

/// The summaries of `seats` seats from the judged turns of `rows`.
fn summarise(rows: &[Row], seats: usize) -> Vec<Summary> {
    (0..seats)
        .map(|seat| {
            let seat = seat as Seat;
            let mine: Vec<&Judged> = rows
                .iter()
                .filter_map(|r| match r {
                    Row::Turn(j) if j.seat == seat => Some(j),
                    _ => None,
                })
                .collect();
            let mut counts = [0; 5];
            for j in &mine {
                counts[j.label as usize] += 1;
            }
            let accuracy = if mine.is_empty() {
                100.0
            } else {
                mine.iter().map(|j| accuracy(j.lost)).sum::<f64>() / mine.len() as f64
            };
            Summary { seat, counts, turns: mine.len() as u32, accuracy }
        })
        .collect()
}

#[cfg(test)]
mod tests;
