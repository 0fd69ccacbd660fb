//! A decision in words, as it is announced when played: "Black: knight g8 to f6, check".
//!
//! Read from the board before and after (which pieces vanished and appeared where) and the action's
//! two squares, so a shot, a wound, a rotation, a switch or a frontal attack is told by what it did.

use super::{and_list, kind_name, piece_extras, prong_words};
use crate::game::Decision;
use crate::rules::{ActionInfo, BoardView, EndReason, Outcome, PieceView};
use crate::square::Square;

/// A game-level decision in words: "White offers a draw.", "Black resigns."
pub fn game_decision_words(seat: &str, decision: Decision) -> String {
    match decision {
        Decision::OfferDraw => format!("{seat} offers a draw."),
        Decision::AcceptDraw => format!("{seat} accepts the draw."),
        Decision::Resign => format!("{seat} resigns."),
        Decision::Act(_) => String::new(),
    }
}

/// A setup decision in words: "Black: set up.", "White: setup sealed." (empty for a man placed
/// before the setup's named decision).
pub fn setup_words(seat: &str, name: &str) -> String {
    if name.is_empty() {
        String::new()
    } else {
        format!("{seat}: {name}.")
    }
}

/// The pieces a decision changed, taken out as the sentence names them.
struct Changes {
    vanish: Vec<PieceView>,
    appear: Vec<PieceView>,
}

impl Changes {
    fn take(list: &mut Vec<PieceView>, found: impl Fn(&PieceView) -> bool) -> Option<PieceView> {
        list.iter().position(found).map(|i| list.remove(i))
    }
    fn vanished_at(&mut self, sq: Square) -> Option<PieceView> {
        Changes::take(&mut self.vanish, |p| p.square == sq)
    }
    fn appeared_at(&mut self, sq: Square) -> Option<PieceView> {
        Changes::take(&mut self.appear, |p| p.square == sq)
    }
}

/// A board decision in words, "White: pawn e2 to e4." (an unnamed decision, the pick of a piece or
/// a man of a setup, is part of the named one after it: no words). `seat` is the mover's seat name.
pub fn decision_words(
    seat: &str,
    info: &ActionInfo,
    before: &BoardView,
    after: &BoardView,
    outcome: Option<Outcome>,
) -> String {
    if info.name.is_empty() {
        return String::new();
    }
    let effects = crate::rules::Effects::between(before, after);
    let mut changes = Changes { vanish: effects.vanish, appear: effects.appear };
    let own = seat.to_ascii_lowercase();
    // A piece as a move names it: its kind, and its colour unless it is the mover's own; what sets it
    // apart (shots, prongs) is said only where it changed.
    let name = |p: &PieceView| {
        if p.color == own {
            kind_name(p.kind).to_string()
        } else {
            format!("{} {}", p.color, kind_name(p.kind))
        }
    };
    let at = |p: &PieceView| format!("{} {}", name(p), p.square.name());
    let mover_before = |sq: Square| before.pieces.iter().find(|p| p.square == sq).cloned();
    let mut clauses = Vec::new();
    match (info.from, info.to) {
        // Nothing changed on the board (Checkered's switch): the label the page shows it under says it.
        (Some(_), Some(_)) if changes.vanish.is_empty() && changes.appear.is_empty() => {
            return format!("{seat}: {}.", info.group.unwrap_or(info.name.as_str()));
        }
        (Some(from), Some(to)) if from != to => clauses.push(move_clause(&mut changes, before, from, to, &name, &at)),
        (Some(from), _) => {
            // In place: a rotation, a piece taken off or replaced, a man lost.
            let vanished = changes.vanished_at(from);
            let stayed = vanished.is_none();
            let Some(m) = vanished.or_else(|| mover_before(from)) else {
                return format!("{seat}: {}.", info.name);
            };
            clauses.push(match changes.appeared_at(from) {
                Some(p) if p.kind == m.kind && p.color == m.color => match p.prongs {
                    Some(prongs) => format!("{} turns: {}", at(&m), prong_words(prongs)),
                    None => format!("{} now{}", at(&m), piece_extras(&p)),
                },
                Some(p) => format!("{} replaced by {}", at(&m), name(&p)),
                None if stayed && changes.vanish.is_empty() && changes.appear.is_empty() => {
                    // Nothing changed on the board (a piece picked, a turn of steps ended): its name says it.
                    return format!("{seat}: {}.", info.name);
                }
                None => format!("{} leaves the board", at(&m)),
            });
        }
        (None, _) if changes.vanish.is_empty() && changes.appear.is_empty() => {
            // Pass, end a phase: no piece changed, the name is the words.
            return format!("{seat}: {}.", info.name);
        }
        (None, _) => {}
    }
    let first = clauses.is_empty();
    clauses.extend(rest_clauses(&mut changes, &name, &at, first));
    let mut words = format!("{seat}: {}", clauses.join(", "));
    if matches!(outcome, Some(Outcome { reason: EndReason::Checkmate, .. })) {
        words.push_str(", checkmate");
    } else if !after.checked_seats.is_empty() {
        words.push_str(", check");
    }
    words.push('.');
    words
}

/// A piece acting from one square onto another: a move, a capture, a shot, a wound, a switch.
fn move_clause(
    changes: &mut Changes,
    before: &BoardView,
    from: Square,
    to: Square,
    name: &dyn Fn(&PieceView) -> String,
    at: &dyn Fn(&PieceView) -> String,
) -> String {
    let Some(m) = changes.vanished_at(from) else {
        // The piece stays where it is and acts at a distance: a wound, a cannon's shot.
        let target = changes.vanished_at(to);
        let mover = before.pieces.iter().find(|p| p.square == from);
        let what = mover.map(at).unwrap_or_else(|| from.name());
        return match (target, changes.appeared_at(to)) {
            (Some(t), Some(after)) if t.kind == after.kind && t.color == after.color => match after.prongs {
                Some(p) => format!("{what} wounds {}, leaving it {}", at(&t), prong_words(p)),
                None => format!("{what} hits {}", at(&t)),
            },
            (Some(t), Some(after)) => format!("{what} fires at {}, leaving a {} there", at(&t), name(&after)),
            (Some(t), None) => format!("{what} fires at {}, destroying it", at(&t)),
            (None, Some(after)) => format!("{what} fires at {}, leaving a {} there", to.name(), name(&after)),
            (None, None) => format!("{what} acts on {}", to.name()),
        };
    };
    let victim = changes.vanished_at(to);
    let Some(arrived) = changes.appeared_at(to) else {
        // The mover is gone and nothing stands on the target: an explosion (Gunnery's cannon pawn).
        return match victim {
            Some(v) => format!("{} fires at {}, destroying both", at(&m), at(&v)),
            None => format!("{} fires at {}, destroying itself", at(&m), to.name()),
        };
    };
    let mut clause = match &victim {
        // Two men of one side trade places, or one takes an own man's place (Napoleon's switch).
        Some(v) if v.color == m.color && changes.appeared_at(from).is_some() => {
            format!("{} swaps with {} {}", at(&m), name(v), to.name())
        }
        Some(v) if v.color == m.color => format!("{} replaces {} {}", at(&m), name(v), to.name()),
        Some(v) if v.kind == "X" => format!("{} to {}, filling the crater", at(&m), to.name()),
        Some(v) => format!("{} takes {}", at(&m), at(v)),
        None => format!("{} to {}", at(&m), to.name()),
    };
    if arrived.kind != m.kind || arrived.color != m.color {
        let becomes = if arrived.color != m.color {
            format!("{} {}", arrived.color, kind_name(arrived.kind))
        } else {
            name(&arrived)
        };
        clause.push_str(&format!(", becomes {becomes}"));
    }
    clause
}

/// Everything else the decision changed: pieces moved along (castling's rook, a frontal attack's run),
/// pieces changed where they stand (a stack's shots, a wounded piece), removed or added.
fn rest_clauses(
    changes: &mut Changes,
    name: &dyn Fn(&PieceView) -> String,
    at: &dyn Fn(&PieceView) -> String,
    first: bool,
) -> Vec<String> {
    let mut clauses = Vec::new();
    // Changed in place.
    let mut i = 0;
    while i < changes.vanish.len() {
        let v = changes.vanish[i].clone();
        if let Some(p) = Changes::take(&mut changes.appear, |p| p.square == v.square) {
            changes.vanish.remove(i);
            clauses.push(if p.kind == v.kind && p.color == v.color {
                format!("{} now{}", at(&v), piece_extras(&p))
            } else {
                format!("{} becomes {}", at(&v), name(&p))
            });
        } else {
            i += 1;
        }
    }
    // Moved along: the same piece vanished on one square and appeared on another.
    let mut i = 0;
    while i < changes.vanish.len() {
        let v = changes.vanish[i].clone();
        if let Some(p) =
            Changes::take(&mut changes.appear, |p| p.kind == v.kind && p.color == v.color && p.prongs == v.prongs)
        {
            changes.vanish.remove(i);
            clauses.push(format!("{} to {}", at(&v), p.square.name()));
        } else {
            i += 1;
        }
    }
    if !changes.vanish.is_empty() {
        let gone: Vec<String> = changes.vanish.drain(..).map(|p| at(&p)).collect();
        clauses.push(format!("removing {}", and_list(&gone)));
    }
    if !changes.appear.is_empty() {
        let mut added: Vec<PieceView> = changes.appear.drain(..).collect();
        crate::short_sort::sort_by(&mut added, |a, b| a.square < b.square);
        let named: Vec<String> = added.iter().map(at).collect();
        let what = if named.len() > 8 { format!("{} pieces", named.len()) } else { and_list(&named) };
        // Alone (a piece brought on, archers called, men set up) it is the sentence's verb.
        clauses.push(if first && clauses.is_empty() { format!("brings on {what}") } else { format!("placing {what}") });
    }
    clauses
}
