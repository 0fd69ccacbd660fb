//! A decision in words, as it is announced when played: "Black: knight g8 to f6, check".
//!
//! Read from the board before and after (which pieces vanished and appeared where) and the action's
//! two squares, so a shot, a wound, a rotation, a switch or a frontal attack is told by what it did.
//! Each phrase is written in both languages where it is made: "Noirs : cavalier g8 en f6, échec."

use super::{and_list_in, colored_kind, kind_name_in, piece_extras, prong_words_in};
use crate::lang::{capital, typo, Language};
use crate::rules::Decision;
use crate::rules::{ActionInfo, BoardView, EndReason, Outcome, PieceView};
use crate::square::Square;

/// A game-level decision in words: "White offers a draw.", "Black resigns."
pub fn game_decision_words(seat: &str, decision: Decision) -> String {
    game_decision_words_in(seat, decision, Language::En)
}

/// [`game_decision_words`] in `language`: "Les Blancs proposent la nulle."
pub fn game_decision_words_in(seat: &str, decision: Decision, language: Language) -> String {
    let who = capital(&language.seat(seat));
    match (decision, language) {
        (Decision::OfferDraw, Language::En) => format!("{seat} offers a draw."),
        (Decision::OfferDraw, Language::Fr) => format!("{who} proposent la nulle."),
        (Decision::AcceptDraw, Language::En) => format!("{seat} accepts the draw."),
        (Decision::AcceptDraw, Language::Fr) => format!("{who} acceptent la nulle."),
        (Decision::Resign, Language::En) => format!("{seat} resigns."),
        (Decision::Resign, Language::Fr) => format!("{who} abandonnent."),
        (Decision::Act(_), _) => String::new(),
    }
}

/// A setup decision in words: "Black: set up.", "White: setup sealed." (empty for a man placed
/// before the setup's named decision).
pub fn setup_words(seat: &str, name: &str) -> String {
    setup_words_in(seat, name, Language::En)
}

/// [`setup_words`] in `language` (the setup's name is its notation).
pub fn setup_words_in(seat: &str, name: &str, language: Language) -> String {
    if name.is_empty() {
        String::new()
    } else {
        said(seat, &language.label(name), language)
    }
}

/// "{seat}: {words}." in `language` ("Noirs : …").
fn said(seat: &str, words: &str, language: Language) -> String {
    match language {
        Language::En => format!("{seat}: {words}."),
        Language::Fr => typo(format!("{} : {words}.", language.seat_label(seat))),
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

/// How the sentence names pieces: by kind, with the colour unless it is the mover's own.
struct Namer {
    own: String,
    language: Language,
}

impl Namer {
    /// A piece as a move names it: its kind, and its colour unless it is the mover's own; what sets it
    /// apart (shots, prongs) is said only where it changed.
    fn name(&self, p: &PieceView) -> String {
        if p.color == self.own {
            kind_name_in(p.kind, false, self.language)
        } else {
            colored_kind(p.color, p.kind, self.language)
        }
    }
    fn at(&self, p: &PieceView) -> String {
        format!("{} {}", self.name(p), p.square.name())
    }
    /// Whether French agrees with this piece in the feminine ("détruite").
    fn feminine(&self, p: &PieceView) -> bool {
        crate::lang::french_kind(super::kind_name(p.kind)).feminine
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
    decision_words_in(seat, info, before, after, outcome, Language::En)
}

/// [`decision_words`] in `language`: "Noirs : cavalier g8 en f6, échec."
pub fn decision_words_in(
    seat: &str,
    info: &ActionInfo,
    before: &BoardView,
    after: &BoardView,
    outcome: Option<Outcome>,
    language: Language,
) -> String {
    if info.name.is_empty() {
        return String::new();
    }
    words_of(seat, info, before, after, crate::rules::Effects::between(before, after), outcome, language)
}

/// [`decision_words`] with the decision's effects already worked out (the game has them for its record:
/// replaying a game then compares its boards once per decision, not twice).
pub fn decision_words_with(
    seat: &str,
    info: &ActionInfo,
    before: &BoardView,
    after: &BoardView,
    effects: crate::rules::Effects,
    outcome: Option<Outcome>,
) -> String {
    words_of(seat, info, before, after, effects, outcome, Language::En)
}

fn words_of(
    seat: &str,
    info: &ActionInfo,
    before: &BoardView,
    after: &BoardView,
    effects: crate::rules::Effects,
    outcome: Option<Outcome>,
    language: Language,
) -> String {
    if info.name.is_empty() {
        return String::new();
    }
    let en = language == Language::En;
    let mut changes = Changes { vanish: effects.vanish, appear: effects.appear };
    let n = Namer { own: seat.to_ascii_lowercase(), language };
    let mover_before = |sq: Square| before.pieces.iter().find(|p| p.square == sq).cloned();
    // A decision whose name says it all (the label the page shows it under, when it has one): in French
    // the label, the name being notation.
    let named = |label: &str| match language {
        Language::En => said(seat, label, language),
        Language::Fr => said(seat, &language.label(label), language),
    };
    let mut clauses = Vec::new();
    match (info.from, info.to) {
        // Nothing changed on the board (Checkered's switch): the label the page shows it under says it.
        (Some(_), Some(_)) if changes.vanish.is_empty() && changes.appear.is_empty() => {
            return named(info.group.unwrap_or(info.name.as_str()));
        }
        (Some(from), Some(to)) if from != to => clauses.push(move_clause(&mut changes, before, from, to, &n)),
        (Some(from), _) => {
            // In place: a rotation, a piece taken off or replaced, a man lost.
            let vanished = changes.vanished_at(from);
            let stayed = vanished.is_none();
            let Some(m) = vanished.or_else(|| mover_before(from)) else {
                return said(seat, &language.label(&info.name), language);
            };
            clauses.push(match changes.appeared_at(from) {
                Some(p) if p.kind == m.kind && p.color == m.color => match (p.prongs, en) {
                    (Some(prongs), true) => format!("{} turns: {}", n.at(&m), prong_words_in(prongs, language)),
                    (Some(prongs), false) => format!("{} pivote : {}", n.at(&m), prong_words_in(prongs, language)),
                    (None, true) => format!("{} now{}", n.at(&m), piece_extras(&p, language)),
                    (None, false) => format!("{} désormais{}", n.at(&m), piece_extras(&p, language)),
                },
                Some(p) if en => format!("{} replaced by {}", n.at(&m), n.name(&p)),
                Some(p) => format!("{} remplacé{} par {}", n.at(&m), e(n.feminine(&m)), n.name(&p)),
                None if stayed && changes.vanish.is_empty() && changes.appear.is_empty() => {
                    // Nothing changed on the board (a piece picked, a turn of steps ended): its name says it.
                    return said(seat, &language.label(&info.name), language);
                }
                None if en => format!("{} leaves the board", n.at(&m)),
                None => format!("{} quitte l'échiquier", n.at(&m)),
            });
        }
        (None, _) if changes.vanish.is_empty() && changes.appear.is_empty() => {
            // Pass, end a phase: no piece changed, the name is the words.
            return said(seat, &language.label(&info.name), language);
        }
        (None, _) => {}
    }
    let first = clauses.is_empty();
    clauses.extend(rest_clauses(&mut changes, &n, first));
    let mut words = clauses.join(", ");
    let mate = matches!(outcome, Some(Outcome { reason: EndReason::Checkmate, .. }));
    match (mate, !after.checked_seats.is_empty(), en) {
        (true, _, true) => words.push_str(", checkmate"),
        (true, _, false) => words.push_str(", échec et mat"),
        (false, true, true) => words.push_str(", check"),
        (false, true, false) => words.push_str(", échec"),
        (false, false, _) => {}
    }
    said(seat, &words, language)
}

/// French agreement: "e" for the feminine.
fn e(feminine: bool) -> &'static str {
    if feminine {
        "e"
    } else {
        ""
    }
}

/// A piece acting from one square onto another: a move, a capture, a shot, a wound, a switch.
fn move_clause(changes: &mut Changes, before: &BoardView, from: Square, to: Square, n: &Namer) -> String {
    let en = n.language == Language::En;
    let Some(m) = changes.vanished_at(from) else {
        // The piece stays where it is and acts at a distance: a wound, a cannon's shot.
        let target = changes.vanished_at(to);
        let mover = before.pieces.iter().find(|p| p.square == from);
        let what = mover.map(|p| n.at(p)).unwrap_or_else(|| from.name());
        let wounds = |t: &PieceView, p| match en {
            true => format!("{what} wounds {}, leaving it {}", n.at(t), prong_words_in(p, n.language)),
            false => format!("{what} blesse {}, qui garde {}", n.at(t), prong_words_in(p, n.language)),
        };
        return match (target, changes.appeared_at(to)) {
            (Some(t), Some(after)) if t.kind == after.kind && t.color == after.color => match (after.prongs, en) {
                (Some(p), _) => wounds(&t, p),
                (None, true) => format!("{what} hits {}", n.at(&t)),
                (None, false) => format!("{what} touche {}", n.at(&t)),
            },
            (Some(t), Some(after)) if en => format!("{what} fires at {}, leaving a {} there", n.at(&t), n.name(&after)),
            (Some(t), Some(after)) => format!("{what} tire sur {}, laissant {}", n.at(&t), a(n, &after)),
            (Some(t), None) if en => format!("{what} fires at {}, destroying it", n.at(&t)),
            (Some(t), None) => format!("{what} tire sur {}, détruit{}", n.at(&t), e(n.feminine(&t))),
            (None, Some(after)) if en => format!("{what} fires at {}, leaving a {} there", to.name(), n.name(&after)),
            (None, Some(after)) => format!("{what} tire sur {}, laissant {}", to.name(), a(n, &after)),
            (None, None) if en => format!("{what} acts on {}", to.name()),
            (None, None) => format!("{what} agit sur {}", to.name()),
        };
    };
    let victim = changes.vanished_at(to);
    let Some(arrived) = changes.appeared_at(to) else {
        // The mover is gone and nothing stands on the target: an explosion (Gunnery's cannon pawn).
        return match (victim, en) {
            (Some(v), true) => format!("{} fires at {}, destroying both", n.at(&m), n.at(&v)),
            (Some(v), false) => format!("{} tire sur {}, les détruisant tous deux", n.at(&m), n.at(&v)),
            (None, true) => format!("{} fires at {}, destroying itself", n.at(&m), to.name()),
            (None, false) => format!("{} tire sur {} et se détruit", n.at(&m), to.name()),
        };
    };
    let mut clause = match (&victim, en) {
        // Two men of one side trade places, or one takes an own man's place (Napoleon's switch).
        (Some(v), _) if v.color == m.color && changes.appeared_at(from).is_some() => match en {
            true => format!("{} swaps with {} {}", n.at(&m), n.name(v), to.name()),
            false => format!("{} s'échange avec {} {}", n.at(&m), n.name(v), to.name()),
        },
        (Some(v), true) if v.color == m.color => format!("{} replaces {} {}", n.at(&m), n.name(v), to.name()),
        (Some(v), false) if v.color == m.color => format!("{} remplace {} {}", n.at(&m), n.name(v), to.name()),
        (Some(v), true) if v.kind == "X" => format!("{} to {}, filling the crater", n.at(&m), to.name()),
        (Some(v), false) if v.kind == "X" => format!("{} en {}, réparant le cratère", n.at(&m), to.name()),
        (Some(v), true) => format!("{} takes {}", n.at(&m), n.at(v)),
        (Some(v), false) => format!("{} prend {}", n.at(&m), n.at(v)),
        (None, true) => format!("{} to {}", n.at(&m), to.name()),
        (None, false) => format!("{} en {}", n.at(&m), to.name()),
    };
    if arrived.kind != m.kind || arrived.color != m.color {
        let becomes = if arrived.color != m.color {
            colored_kind(arrived.color, arrived.kind, n.language)
        } else {
            n.name(&arrived)
        };
        clause.push_str(&match en {
            true => format!(", becomes {becomes}"),
            false => format!(", devient {becomes}"),
        });
    }
    clause
}

/// A piece with its French article: "un cratère", "une pile de munitions".
fn a(n: &Namer, p: &PieceView) -> String {
    format!("{} {}", if n.feminine(p) { "une" } else { "un" }, n.name(p))
}

/// Everything else the decision changed: pieces moved along (castling's rook, a frontal attack's run),
/// pieces changed where they stand (a stack's shots, a wounded piece), removed or added.
fn rest_clauses(changes: &mut Changes, n: &Namer, first: bool) -> Vec<String> {
    let en = n.language == Language::En;
    let mut clauses = Vec::new();
    // Changed in place.
    let mut i = 0;
    while i < changes.vanish.len() {
        let v = changes.vanish[i].clone();
        if let Some(p) = Changes::take(&mut changes.appear, |p| p.square == v.square) {
            changes.vanish.remove(i);
            let same = p.kind == v.kind && p.color == v.color;
            clauses.push(match (same, en) {
                (true, true) => format!("{} now{}", n.at(&v), piece_extras(&p, n.language)),
                (true, false) => format!("{} désormais{}", n.at(&v), piece_extras(&p, n.language)),
                (false, true) => format!("{} becomes {}", n.at(&v), n.name(&p)),
                (false, false) => format!("{} devient {}", n.at(&v), n.name(&p)),
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
            clauses.push(match en {
                true => format!("{} to {}", n.at(&v), p.square.name()),
                false => format!("{} en {}", n.at(&v), p.square.name()),
            });
        } else {
            i += 1;
        }
    }
    if !changes.vanish.is_empty() {
        let gone: Vec<String> = changes.vanish.drain(..).map(|p| n.at(&p)).collect();
        clauses.push(match en {
            true => format!("removing {}", and_list_in(&gone, n.language)),
            false => format!("retirant {}", and_list_in(&gone, n.language)),
        });
    }
    if !changes.appear.is_empty() {
        let mut added: Vec<PieceView> = changes.appear.drain(..).collect();
        crate::short_sort::sort_by(&mut added, |a, b| a.square < b.square);
        let named: Vec<String> = added.iter().map(|p| n.at(p)).collect();
        let what = match (named.len() > 8, en) {
            (true, true) => format!("{} pieces", named.len()),
            (true, false) => format!("{} pièces", named.len()),
            (false, _) => and_list_in(&named, n.language),
        };
        // Alone (a piece brought on, archers called, men set up) it is the sentence's verb.
        let alone = first && clauses.is_empty();
        clauses.push(match (alone, en) {
            (true, true) => format!("brings on {what}"),
            (true, false) => format!("fait entrer {what}"),
            (false, true) => format!("placing {what}"),
            (false, false) => format!("plaçant {what}"),
        });
    }
    clauses
}
