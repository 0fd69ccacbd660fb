//! The walk through a game's record that a review makes: its turns found, each position a turn starts
//! from analysed once (the analysis before a turn is the one after the turn before), each turn judged.

use super::{summarise, Judged, Label, Review, Row};
use crate::game::{Decision, Game};
use crate::rules::{Action, Position, Seat};
use crate::search::{self, line_names, Analysis, Level, Memory, Score};
use std::collections::HashMap;

/// Reviews `game` (any game, finished or not): each turn's position analysed by `level`, one line.
/// `stop` is passed to each analysis (it stops deepening, never the review).
pub fn review(game: &Game, level: &Level, stop: &mut dyn FnMut() -> bool) -> Review {
    let mut judge = Judge { game, level, stop, memory: Memory::default(), analyses: HashMap::new() };
    let record = game.record();
    let mut rows = Vec::new();
    let mut i = 0;
    while i < record.len() {
        let Some(end) = turn_end(game, i) else {
            i += 1;
            continue;
        };
        rows.push(Row::Turn(judge.turn(i, end)));
        if let Some(note) = &record[end - 1].note {
            rows.push(Row::Chance { after: end - 1, note: note.clone() });
        }
        i = end;
    }
    let summaries = summarise(&rows, game.seat_count());
    Review { rows, summaries }
}

/// The end (exclusive) of the turn whose first record entry is `first`, or `None` when that entry
/// begins no judged turn (a draw offer, a resignation, a setup). A turn runs while the same seat
/// makes board decisions, and a chance event ends it.
fn turn_end(game: &Game, first: usize) -> Option<usize> {
    let record = game.record();
    let entry = &record[first];
    let judged = |i: usize| {
        matches!(record[i].decision, Decision::Act(_)) && game.position_at(i).is_ok_and(|p| p.setup_due().is_none())
    };
    if !judged(first) {
        return None;
    }
    let mut end = first + 1;
    while end < record.len() && record[end - 1].note.is_none() && record[end].seat == entry.seat && judged(end) {
        end += 1;
    }
    Some(end)
}

/// What a review keeps while it walks: the analyses of the positions met, by record index.
struct Judge<'a, 'b> {
    game: &'a Game,
    level: &'a Level,
    stop: &'b mut dyn FnMut() -> bool,
    memory: Memory,
    analyses: HashMap<usize, Option<Analysis>>,
}

impl Judge<'_, '_> {
    /// The analysis of the position before record entry `ply` (`None`: nothing to decide there).
    fn analysis(&mut self, ply: usize) -> Option<&Analysis> {
        if !self.analyses.contains_key(&ply) {
            let found = self
                .game
                .position_at(ply)
                .ok()
                .and_then(|position| search::analyse(position, self.level, 1, self.stop, &mut self.memory));
            self.analyses.insert(ply, found);
        }
        self.analyses.get(&ply).and_then(Option::as_ref)
    }

    /// The value for `seat` of the position before record entry `ply`.
    fn value_at(&mut self, ply: usize, seat: Seat) -> Score {
        if let Some(analysis) = self.analysis(ply) {
            return analysis.score_for(seat);
        }
        match self.game.position_at(ply) {
            Ok(position) => static_value(position, seat),
            Err(_) => Score::Centipawns(0),
        }
    }

    /// Record entries `first..end`, one turn, judged.
    fn turn(&mut self, first: usize, end: usize) -> Judged {
        let record = self.game.record();
        let seat = record[first].seat;
        let played: Vec<Action> = record[first..end]
            .iter()
            .filter_map(|e| match e.decision {
                Decision::Act(a) => Some(a),
                _ => None,
            })
            .collect();
        let names: Vec<&str> = record[first..end].iter().map(|e| e.name.as_str()).filter(|n| !n.is_empty()).collect();
        let game = self.game;
        let (before, (best, whole)) = match (self.analysis(first), game.position_at(first)) {
            (Some(analysis), Ok(position)) => {
                (analysis.score_for(seat), own_turn(position, &analysis.lines[0].actions, seat))
            }
            _ => (self.value_at(first, seat), (Vec::new(), true)),
        };
        let best_names = game.position_at(first).map(|p| line_names(p, &best).join(" ")).unwrap_or_default();
        let after = self.after(end, seat);
        let lost = (super::win_percent(before) - super::win_percent(after)).max(0.0);
        // A best line whose turn the search's horizon cut short is the same turn as one it begins.
        let is_best = !best.is_empty() && (played == best || (!whole && played.starts_with(&best)));
        let label = Label::of(lost, is_best);
        Judged { seat, first, end, played: names.join(" "), best, best_names, before, after, lost, label }
    }

    /// The value for `seat` after the turn ending before record entry `end`: the game's end, the
    /// position before a chance event that followed it, or the analysis of the next position.
    fn after(&mut self, end: usize, seat: Seat) -> Score {
        let record = self.game.record();
        let last = &record[end - 1];
        if last.note.is_some() {
            if let (Ok(before), Decision::Act(action)) = (self.game.position_at(end - 1), last.decision) {
                let mut drawn = before.clone_box();
                if drawn.play(action).is_ok() {
                    return static_value(drawn.as_ref(), seat);
                }
            }
        }
        if end == record.len() {
            if let Some(outcome) = self.game.outcome() {
                return Score::Ended(match outcome.winner {
                    Some(w) if w == seat => 1,
                    Some(_) => -1,
                    None => 0,
                });
            }
        }
        self.value_at(end, seat)
    }
}

/// A position's value for `seat` without a search: its end, or the variant's static evaluation.
fn static_value(position: &dyn Position, seat: Seat) -> Score {
    match position.outcome() {
        Some(outcome) => Score::Ended(match outcome.winner {
            Some(w) if w == seat => 1,
            Some(_) => -1,
            None => 0,
        }),
        None => Score::Centipawns(search::evaluate(position, seat, 0)),
    }
}

/// The first decisions of `line` that `seat` takes in its turn from `position`, and whether the line
/// goes on past the turn's end (the turn is whole).
fn own_turn(position: &dyn Position, line: &[Action], seat: Seat) -> (Vec<Action>, bool) {
    let mut walk = position.clone_box();
    let mut turn = Vec::new();
    for &action in line {
        if walk.to_move() != seat || walk.outcome().is_some() {
            return (turn, true);
        }
        if walk.play(action).is_err() {
            break;
        }
        turn.push(action);
    }
    let whole = walk.to_move() != seat || walk.outcome().is_some();
    (turn, whole)
}
