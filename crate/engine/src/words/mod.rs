//! Words for players who listen (screen readers): a decision, a square and the whole position as
//! sentences.
//!
//! Made from what every variant already hands out (board views, action infos, the pieces a decision
//! made vanish and appear), so every variant and every kind of action (shots, wounds, rotations,
//! checkered pieces, frontal attacks, substitutions, archers, switches, setups) is described without
//! a line of its own. The page only places these sentences. Each phrase is written whole, so that one
//! catalog can translate them later.

mod decision;

pub use decision::{decision_words, game_decision_words, setup_words};

use crate::pieces::Kind;
use crate::rules::{BoardView, PieceView, Prongs, Seat};
use crate::square::Square;

/// Every kind of piece a view may show, by its picture code.
const KINDS: &[Kind] = &crate::variants::chess2024::KIND_TABLE;

/// The spoken name of a view's kind code ("knight", "elite pawn", "crater").
pub fn kind_name(code: &str) -> &'static str {
    match code {
        // The table's short name is for move texts; a listener hears what it is.
        "A" => "ammunition stack",
        "X" => "crater",
        _ => KINDS.iter().find(|k| k.code == code).map_or("piece", |k| k.name),
    }
}

fn plural(name: &str) -> String {
    format!("{name}s")
}

const COMPASS: [&str; 8] = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
const LEAPS: [&str; 8] = [
    "north-north-east",
    "east-north-east",
    "east-south-east",
    "south-south-east",
    "south-south-west",
    "west-south-west",
    "west-north-west",
    "north-north-west",
];

/// A list read aloud: "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A Chess with Wounds piece's prongs: "long prongs north and east, short prong south".
pub fn prong_words(p: Prongs) -> String {
    let dirs = |bits: u8, names: &[&str; 8]| -> Vec<String> {
        (0..8).filter(|i| bits & (1 << i) != 0).map(|i| names[i].to_string()).collect()
    };
    let long = dirs(p.long, &COMPASS);
    // A long prong includes the short step: name each direction once, by its longest prong.
    let short = dirs(p.short & !p.long, &COMPASS);
    let knight = dirs(p.knight, &LEAPS);
    let mut parts = Vec::new();
    for (list, one, many) in [
        (long, "long prong", "long prongs"),
        (short, "short prong", "short prongs"),
        (knight, "knight leap", "knight leaps"),
    ] {
        if !list.is_empty() {
            parts.push(format!("{} {}", if list.len() == 1 { one } else { many }, and_list(&list)));
        }
    }
    if parts.is_empty() {
        "no prongs left".to_string()
    } else {
        parts.join(", ")
    }
}

/// What a piece is, without its square: "black knight", "white ammunition stack with 3 shots",
/// "checkered bishop", "white rook with long prongs north and west, short prong east".
pub fn piece_words(p: &PieceView) -> String {
    let mut words = format!("{} {}", p.color, kind_name(p.kind));
    extras(p, &mut words);
    words
}

/// What sets a piece apart from others of its kind (a stack's shots, a wounded piece's prongs):
/// " with 3 shots", or nothing.
pub(crate) fn piece_extras(p: &PieceView) -> String {
    let mut words = String::new();
    extras(p, &mut words);
    words
}

fn extras(p: &PieceView, words: &mut String) {
    if let Some(badge) = &p.badge {
        if p.kind == "A" {
            words.push_str(&if badge == "1" { " with 1 shot".to_string() } else { format!(" with {badge} shots") });
        } else {
            words.push_str(&format!(" marked {badge}"));
        }
    }
    if let Some(prongs) = p.prongs {
        words.push_str(&format!(" with {}", prong_words(prongs)));
    }
}

/// A square as the keyboard cursor reads it: "f6, black knight", "e4, empty", "e1, white king, in
/// check", with what the board marks there (a group cut off, the zone of a setup, a chance event).
pub fn square_words(view: &BoardView, square: Square) -> String {
    let here: Vec<String> = view.pieces.iter().filter(|p| p.square == square).map(piece_words).collect();
    let mut words =
        format!("{}, {}", square.name(), if here.is_empty() { "empty".to_string() } else { and_list(&here) });
    if view.checks.contains(&square) {
        words.push_str(", in check");
    }
    for region in view.regions.iter().filter(|r| r.squares.contains(&square)) {
        match region.style {
            "cut-off" => words.push_str(", cut off from its group"),
            "active" => words.push_str(", in the group moving now"),
            "zone" => words.push_str(&format!(", in {}'s setup zone", region.color)),
            _ => {}
        }
    }
    if view.marks.contains(&square) {
        words.push_str(", struck by the fortune of war");
    }
    words
}

/// The whole position read aloud: who is to move, each colour's pieces by kind with their squares,
/// who is in check, and the lines of state beside the board (reserves, stages).
pub fn position_words(view: &BoardView, seat_names: &[&str], to_move: Seat) -> String {
    let mut sentences = Vec::new();
    if let Some(name) = seat_names.get(to_move as usize) {
        sentences.push(format!("{name} to move."));
    }
    // Colours in the order they first appear on the board, from a1.
    let mut pieces: Vec<&PieceView> = view.pieces.iter().collect();
    // Short lists: the standard library's stable sort costs several KB of wasm per element type.
    crate::short_sort::sort_by(&mut pieces, |a, b| a.square < b.square);
    let mut colors: Vec<&str> = Vec::new();
    for p in &pieces {
        if !colors.contains(&p.color) {
            colors.push(p.color);
        }
    }
    // Seats' colours first, in seat order (white before black), then the others (checkered).
    let seat_order = |c: &str| seat_names.iter().position(|n| n.eq_ignore_ascii_case(c)).unwrap_or(usize::MAX);
    crate::short_sort::sort_by(&mut colors, |a, b| seat_order(a) < seat_order(b));
    for color in colors {
        let mine: Vec<&&PieceView> = pieces.iter().filter(|p| p.color == color).collect();
        let mut kinds: Vec<&str> = Vec::new();
        for p in &mine {
            if !kinds.contains(&p.kind) {
                kinds.push(p.kind);
            }
        }
        // Kings first, then by the table's order.
        let table_order = |k: &str| KINDS.iter().position(|t| t.code == k).unwrap_or(usize::MAX);
        crate::short_sort::sort_by(&mut kinds, |a, b| table_order(a) < table_order(b));
        let groups: Vec<String> = kinds
            .iter()
            .map(|&kind| {
                let squares: Vec<String> = mine
                    .iter()
                    .filter(|p| p.kind == kind)
                    .map(|p| match &p.badge {
                        Some(b) => format!("{} ({b})", p.square.name()),
                        None => p.square.name(),
                    })
                    .collect();
                let name = if squares.len() == 1 { kind_name(kind).to_string() } else { plural(kind_name(kind)) };
                format!("{name} {}", and_list(&squares))
            })
            .collect();
        sentences.push(format!("{}: {}.", capitalized(color), groups.join("; ")));
    }
    if view.pieces.is_empty() {
        sentences.push("The board is empty.".to_string());
    }
    for &seat in &view.checked_seats {
        if let Some(name) = seat_names.get(seat as usize) {
            sentences.push(format!("{name} is in check."));
        }
    }
    sentences.extend(view.notes.iter().cloned());
    sentences.join(" ")
}

pub(crate) fn capitalized(word: &str) -> String {
    let mut out = word.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}
