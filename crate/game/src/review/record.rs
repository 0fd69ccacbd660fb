//! A reviewed game as PGN: lichess's conventions, so that lichess and other tools read the review
//! back. After each judged turn's last move: its label as a glyph (`?!`, `?`, `??`), the evaluation
//! after it from White's side as `[%eval 0.35]` (`[%eval #-2]` for a mate) in a comment of its own,
//! and for a label from inaccuracy up, lichess's sentence naming the better move. Games of more than
//! two players carry the glyphs and sentences only (their evaluations have no White's side).

use super::{Judged, Label, Review};
use crate::game::Game;
use crate::pgn::{export_annotated, Annotation, Tags};
use crate::search::Score;

/// `game` as PGN with `review`'s evaluations and labels.
pub fn pgn(game: &Game, tags: &Tags, review: &Review) -> String {
    let two = game.seat_count() == 2;
    let annotate = |index: usize| match review.turns().find(|j| j.end == index + 1) {
        Some(judged) => annotation(judged, two),
        None => Annotation::default(),
    };
    export_annotated(game, tags, &annotate)
}

fn annotation(judged: &Judged, two: bool) -> Annotation {
    let mut comments = Vec::new();
    if judged.label >= Label::Inaccuracy && !judged.best_names.is_empty() {
        let word = match judged.label {
            Label::Inaccuracy => "Inaccuracy",
            Label::Mistake => "Mistake",
            _ => "Blunder",
        };
        comments.push(format!("{word}. {} was best.", judged.best_names));
    }
    if two {
        let white = if judged.seat == 0 { judged.after } else { judged.after.flipped() };
        if let Some(eval) = eval_text(white) {
            comments.push(format!("[%eval {eval}]"));
        }
    }
    Annotation { glyph: judged.label.glyph(), comments }
}

/// A score as lichess's `%eval` writes it: pawns with two decimals (`0.35`, `-1.2` as `-1.20`) or a
/// mate (`#3`, `#-2`); none for a finished game.
pub fn eval_text(score: Score) -> Option<String> {
    match score {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            Some(format!("{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100))
        }
        Score::Mate(n) => Some(format!("#{n}")),
        Score::Ended(_) => None,
    }
}
