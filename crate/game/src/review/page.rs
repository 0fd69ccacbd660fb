//! What the page shows of a review: its rows in words, the evaluation graph's points and the players'
//! summaries, in the session's language, and the game as PGN with the review in it.

use super::{pgn, win_percent, Label, Review, Row};
use crate::lang::Language;
use crate::pgn::Tags;
use crate::search::Score;
use crate::Game;
use serde::Serialize;

/// One row of the review as the page lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewRow {
    /// The position to show when the row is chosen: after its decisions.
    pub ply: usize,
    /// "turn" or "chance".
    pub kind: &'static str,
    /// The row in words: "12. Black: Nf6 (+0.46 → #-1), blunder; best g6", or the chance event.
    pub text: String,
    /// The label's key (`best`, `good`, `inaccuracy`, `mistake`, `blunder`) for its colour; none for chance.
    pub label: Option<&'static str>,
}

/// A point of the evaluation graph: White's winning chance (0 to 1) after `ply` decisions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphPoint {
    pub ply: usize,
    pub white: f64,
}

/// The review as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewView {
    pub rows: Vec<ReviewRow>,
    /// From the start (ply 0) to the last turn.
    pub graph: Vec<GraphPoint>,
    /// One sentence per player.
    pub summaries: Vec<String>,
    /// The game as PGN with the review's evaluations and glyphs.
    pub pgn: String,
}

const KEYS: [&str; 5] = ["best", "good", "inaccuracy", "mistake", "blunder"];

/// The page's view of `review`, a review of `game`, in `language`.
pub fn review_view(game: &Game, review: &Review, language: Language) -> ReviewView {
    review_view_with_hints(game, review, language, &[])
}

/// [`review_view`] of a game against the computer whose player took hints at `hints` (the plies they
/// were shown at): each player's summary counts theirs, and the PGN carries them as the session's does.
pub fn review_view_with_hints(game: &Game, review: &Review, language: Language, hints: &[usize]) -> ReviewView {
    let names = game.seat_names();
    let seat = |s: u8| language.seat_label(names.get(s as usize).copied().unwrap_or("?"));
    let white =
        |judged_seat: u8, score: Score| win_percent(if judged_seat == 0 { score } else { score.flipped() }) / 100.0;
    let mut graph = Vec::new();
    let mut rows = Vec::new();
    for row in &review.rows {
        match row {
            Row::Turn(j) => {
                if graph.is_empty() {
                    graph.push(GraphPoint { ply: j.first, white: white(j.seat, j.before) });
                }
                graph.push(GraphPoint { ply: j.end, white: white(j.seat, j.after) });
                let best = match (j.label > Label::Good && !j.best_names.is_empty(), language) {
                    (true, Language::En) => format!("; best {}", j.best_names),
                    (true, Language::Fr) => format!(" ; meilleur {}", j.best_names),
                    (false, _) => String::new(),
                };
                let colon = if language == Language::Fr { " :" } else { ":" };
                let text = format!(
                    "{}. {}{colon} {} ({} → {}), {}{best}",
                    j.first + 1,
                    seat(j.seat),
                    j.played,
                    j.before,
                    j.after,
                    j.label.name(language)
                );
                rows.push(ReviewRow { ply: j.end, kind: "turn", text, label: Some(KEYS[j.label as usize]) });
            }
            Row::Chance { after, note } => {
                rows.push(ReviewRow { ply: after + 1, kind: "chance", text: language.note(note), label: None })
            }
        }
    }
    let hints_of = |s: u8| hints.iter().filter(|&&ply| game.position_at(ply).is_ok_and(|p| p.to_move() == s)).count();
    let summaries = review
        .summaries
        .iter()
        .map(|s| {
            let hints = match (hints_of(s.seat), language) {
                (0, _) => String::new(),
                (1, Language::En) => "; 1 hint".into(),
                (n, Language::En) => format!("; {n} hints"),
                (1, Language::Fr) => " ; 1 indice".into(),
                (n, Language::Fr) => format!(" ; {n} indices"),
            };
            format!("{}{hints}", summary(&seat(s.seat), s, language))
        })
        .collect();
    let tags = Tags { hints: hints.to_vec(), ..Tags::default() };
    ReviewView { rows, graph, summaries, pgn: pgn(game, &tags, review) }
}

/// A percentage from 0 to 100 rounded as `{:.0}` writes it (half to even).
pub(super) fn whole_percent(percent: f64) -> u32 {
    percent.round_ties_even() as u32
}

/// "White: 12 best, 8 good, 2 inaccuracies, 1 mistake, 0 blunders; accuracy 87%".
fn summary(name: &str, s: &super::Summary, language: Language) -> String {
    let counts: Vec<String> =
        Label::ALL.iter().zip(s.counts).map(|(label, n)| format!("{n} {}", label.name(language))).collect();
    // `{:.0}` of the float, to the integer first: formatting floats would bring about 20 KB of wasm.
    let accuracy = whole_percent(s.accuracy);
    match language {
        Language::En => format!("{name}: {}; accuracy {accuracy}%", counts.join(", ")),
        Language::Fr => format!("{name} : {} ; précision {accuracy} %", counts.join(", ")),
    }
}
