//! Words for players who listen (screen readers): a decision, a square and the whole position as
//! sentences.
//!
//! Made from what every variant already hands out (board views, action infos, the pieces a decision
//! made vanish and appear), so every variant and every kind of action (shots, wounds, rotations,
//! checkered pieces, frontal attacks, substitutions, archers, switches, setups) is described without
//! a line of its own. The page only places these sentences. Each phrase is written whole, so that one
//! catalog can translate them later.
//!
//! Depends on the core (squares, pieces, languages), the contract (what positions hand out) and the
//! search (the levels it puts in words); the game record below it in the stack stores these words.

// The layers below, under the names the engine gives them.
use chessfront_core::lang;
use chessfront_core::pieces;
use chessfront_core::short_sort;
use chessfront_core::square;
use chessfront_rules as rules;
use chessfront_search as search;

mod decision;
mod levels;
pub mod outcome;

pub use decision::decision_words_with;
pub use decision::{
    decision_words, decision_words_in, game_decision_words, game_decision_words_in, setup_words, setup_words_in,
};
pub use levels::{level_about, level_about_in};
pub use outcome::{outcome_text, outcome_text_in};

use crate::lang::{capital, color_group, fr, french_kind, Language};
use crate::pieces::Kind;
use crate::rules::{BoardView, PieceView, Prongs, Seat};
use crate::square::Square;

/// Every kind of piece a view may show, by its picture code.
const KINDS: &[Kind] = &crate::pieces::ALL;

/// The spoken name of a view's kind code ("knight", "elite pawn", "crater").
pub fn kind_name(code: &str) -> &'static str {
    match code {
        // The table's short name is for move texts; a listener hears what it is.
        "A" => "ammunition stack",
        "X" => "crater",
        _ => KINDS.iter().find(|k| k.code == code).map_or("piece", |k| k.name),
    }
}

/// A kind's name in `language`, one or several ("knights", "cavaliers").
fn kind_name_in(code: &str, many: bool, language: Language) -> String {
    match (language, many) {
        (Language::En, false) => kind_name(code).to_string(),
        (Language::En, true) => format!("{}s", kind_name(code)),
        (Language::Fr, false) => french_kind(kind_name(code)).noun.to_string(),
        (Language::Fr, true) => french_kind(kind_name(code)).plural.to_string(),
    }
}

/// A piece of colour `color` and kind `code`: "black knight", "cavalier noir".
pub(crate) fn colored_kind(color: &str, code: &str, language: Language) -> String {
    match language {
        Language::En => format!("{color} {}", kind_name(code)),
        Language::Fr => {
            let kind = french_kind(kind_name(code));
            format!("{} {}", kind.noun, crate::lang::french_color(color, kind.feminine))
        }
    }
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
const COMPASS_FR: [&str; 8] = ["nord", "nord-est", "est", "sud-est", "sud", "sud-ouest", "ouest", "nord-ouest"];
const LEAPS_FR: [&str; 8] = [
    "nord-nord-est",
    "est-nord-est",
    "est-sud-est",
    "sud-sud-est",
    "sud-sud-ouest",
    "ouest-sud-ouest",
    "ouest-nord-ouest",
    "nord-nord-ouest",
];

/// A list read aloud: "a", "a and b", "a, b and c"; "a, b et c".
pub(crate) fn and_list_in(items: &[String], language: Language) -> String {
    let and = match language {
        Language::En => "and",
        Language::Fr => "et",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {and} {last}", rest.join(", ")),
    }
}

/// A Chess with Wounds piece's prongs: "long prongs north and east, short prong south".
pub fn prong_words(p: Prongs) -> String {
    prong_words_in(p, Language::En)
}

/// [`prong_words`] in `language`: "branches longues nord et est, branche courte sud".
pub fn prong_words_in(p: Prongs, language: Language) -> String {
    let (compass, leaps) = match language {
        Language::En => (&COMPASS, &LEAPS),
        Language::Fr => (&COMPASS_FR, &LEAPS_FR),
    };
    let dirs = |bits: u8, names: &[&str; 8]| -> Vec<String> {
        (0..8).filter(|i| bits & (1 << i) != 0).map(|i| names[i].to_string()).collect()
    };
    let long = dirs(p.long, compass);
    // A long prong includes the short step: name each direction once, by its longest prong.
    let short = dirs(p.short & !p.long, compass);
    let knight = dirs(p.knight, leaps);
    let names = match language {
        Language::En => {
            [("long prong", "long prongs"), ("short prong", "short prongs"), ("knight leap", "knight leaps")]
        }
        Language::Fr => [
            ("branche longue", "branches longues"),
            ("branche courte", "branches courtes"),
            ("branche de cavalier", "branches de cavalier"),
        ],
    };
    let mut parts = Vec::new();
    for (list, (one, many)) in [long, short, knight].into_iter().zip(names) {
        if !list.is_empty() {
            parts.push(format!("{} {}", if list.len() == 1 { one } else { many }, and_list_in(&list, language)));
        }
    }
    match (parts.is_empty(), language) {
        (true, Language::En) => "no prongs left".to_string(),
        (true, Language::Fr) => "plus aucune branche".to_string(),
        (false, _) => parts.join(", "),
    }
}

/// What a piece is, without its square: "black knight", "white ammunition stack with 3 shots",
/// "checkered bishop", "white rook with long prongs north and west, short prong east".
pub fn piece_words(p: &PieceView) -> String {
    piece_words_in(p, Language::En)
}

/// [`piece_words`] in `language`: "cavalier noir", "pile de munitions blanche avec 3 obus".
pub fn piece_words_in(p: &PieceView, language: Language) -> String {
    let mut words = colored_kind(p.color, p.kind, language);
    extras(p, &mut words, language);
    words
}

/// What sets a piece apart from others of its kind (a stack's shots, a wounded piece's prongs):
/// " with 3 shots", or nothing.
pub(crate) fn piece_extras(p: &PieceView, language: Language) -> String {
    let mut words = String::new();
    extras(p, &mut words, language);
    words
}

fn extras(p: &PieceView, words: &mut String, language: Language) {
    if let Some(badge) = &p.badge {
        words.push_str(&match (p.kind == "A", language) {
            (true, Language::En) if badge == "1" => " with 1 shot".to_string(),
            (true, Language::En) => format!(" with {badge} shots"),
            (true, Language::Fr) => format!(" avec {badge} obus"),
            (false, Language::En) => format!(" marked {badge}"),
            (false, Language::Fr) => format!(" marquée {badge}"),
        });
    }
    if let Some(prongs) = p.prongs {
        let with = match language {
            Language::En => "with",
            Language::Fr => "avec",
        };
        words.push_str(&format!(" {with} {}", prong_words_in(prongs, language)));
    }
}

/// A square as the keyboard cursor reads it: "f6, black knight", "e4, empty", "e1, white king, in
/// check", with what the board marks there (a group cut off, the zone of a setup, a chance event).
pub fn square_words(view: &BoardView, square: Square) -> String {
    square_words_in(view, square, Language::En)
}

/// [`square_words`] in `language`: "f6, cavalier noir", "e4, vide".
pub fn square_words_in(view: &BoardView, square: Square, language: Language) -> String {
    let here: Vec<String> =
        view.pieces.iter().filter(|p| p.square == square).map(|p| piece_words_in(p, language)).collect();
    let empty = match language {
        Language::En => "empty",
        Language::Fr => "vide",
    };
    let mut words = format!(
        "{}, {}",
        square.name(),
        if here.is_empty() { empty.to_string() } else { and_list_in(&here, language) }
    );
    let fr = language == Language::Fr;
    if view.checks.contains(&square) {
        words.push_str(if fr { ", en échec" } else { ", in check" });
    }
    for region in view.regions.iter().filter(|r| r.squares.contains(&square)) {
        match (region.style, language) {
            ("cut-off", Language::En) => words.push_str(", cut off from its group"),
            ("cut-off", Language::Fr) => words.push_str(", coupée de son groupe"),
            ("active", Language::En) => words.push_str(", in the group moving now"),
            ("active", Language::Fr) => words.push_str(", dans le groupe qui se déplace"),
            ("zone", Language::En) => words.push_str(&format!(", in {}'s setup zone", region.color)),
            ("zone", Language::Fr) => {
                words.push_str(&format!(", dans la zone de mise en place des {}", color_group(region.color)))
            }
            _ => {}
        }
    }
    if view.marks.contains(&square) {
        words.push_str(if fr { ", frappée par la fortune de la guerre" } else { ", struck by the fortune of war" });
    }
    words
}

/// The whole position read aloud: who is to move, each colour's pieces by kind with their squares,
/// who is in check, and the lines of state beside the board (reserves, stages).
pub fn position_words(view: &BoardView, seat_names: &[&str], to_move: Seat) -> String {
    position_words_in(view, seat_names, to_move, Language::En)
}

/// [`position_words`] in `language`.
pub fn position_words_in(view: &BoardView, seat_names: &[&str], to_move: Seat, language: Language) -> String {
    let mut sentences = Vec::new();
    if let Some(name) = seat_names.get(to_move as usize) {
        sentences.push(match language {
            Language::En => format!("{name} to move."),
            Language::Fr => format!("Aux {} de jouer.", language.seat_label(name)),
        });
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
                let name = kind_name_in(kind, squares.len() > 1, language);
                format!("{name} {}", and_list_in(&squares, language))
            })
            .collect();
        sentences.push(match language {
            Language::En => format!("{}: {}.", capitalized(color), groups.join("; ")),
            Language::Fr => fr!("{} : {}.", color_group(color), groups.join(" ; ")),
        });
    }
    if view.pieces.is_empty() {
        sentences.push(match language {
            Language::En => "The board is empty.".to_string(),
            Language::Fr => "L'échiquier est vide.".to_string(),
        });
    }
    for &seat in &view.checked_seats {
        if let Some(name) = seat_names.get(seat as usize) {
            sentences.push(match language {
                Language::En => format!("{name} is in check."),
                Language::Fr => format!("{} sont en échec.", capital(&language.seat(name))),
            });
        }
    }
    sentences.extend(view.notes.iter().map(|n| language.note(n)));
    sentences.join(" ")
}

pub(crate) fn capitalized(word: &str) -> String {
    let mut out = word.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}
