//! French for the lines the variants write beside the board (a view's notes: stages, phases, reserves),
//! the turn's advice and the fortunes of war (the move list's note, the event's title and text). The
//! variants write them in English with numbers, squares and seats in them; each is matched here against
//! its pattern and said again in French. `crate/engine/tests/language.rs` walks every variant's views and
//! fails on a line no pattern knows.

use super::french;

/// (English, French): each `{}` of the English is a hole, filled in the French in the same order, each
/// hole's text said in French by [`hole`]. More particular patterns come before more general ones.
const NOTES: &[(&str, &str)] = &[
    // Checkered Chess's stages.
    (
        "Stage 1: checkered pieces move for the side to move. The switch is allowed.",
        "Phase 1 : les pièces échiquetées jouent pour le camp qui a le trait. Le changement est permis.",
    ),
    (
        "Stage 1: checkered pieces move for the side to move (game without switch).",
        "Phase 1 : les pièces échiquetées jouent pour le camp qui a le trait (partie sans changement).",
    ),
    (
        "Stage 2: {} holds the checkered army; {} moves the white and black pieces.",
        "Phase 2 : les {} ont l'armée échiquetée ; les {} jouent les pièces blanches et noires.",
    ),
    // Chess 2024: shots, reserves, the fortunes of war.
    ("Shots on the board: White {}, Black {}.", "Obus sur l'échiquier : Blancs {}, Noirs {}."),
    ("{}: reserve {}, {} credits, {} losses, {}.", "{} : réserve {}, {} crédits, {} pertes, {}."),
    ("Fortunes of war: this game's event has happened.", "Fortunes de la guerre : l'événement de cette partie a eu lieu."),
    (
        "Fortunes of war: one event will strike once, at a ply between {} and {} nobody can foresee.",
        "Fortunes de la guerre : un événement frappera une fois, à un demi-coup entre le {} et le {} que personne ne peut prévoir.",
    ),
    ("Fortunes of war: {}! {}", "Fortunes de la guerre : {} ! {}"),
    (
        "Good news for {}: {} joins {}'s reserve and may be brought on at no cost.",
        "Bonne nouvelle pour les {} : {} rejoint la réserve des {} et peut entrer sans frais.",
    ),
    ("Bad times for {}: {} ({} lost; kings are immune).", "Mauvais temps pour les {} : {} ({} perdues ; les rois sont épargnés)."),
    ("every piece on {} and {} is killed", "toutes les pièces en {} et en {} sont tuées"),
    ("every isolated {} piece is killed", "toutes les pièces isolées des {} sont tuées"),
    (
        "The game goes back {} plies, restoring everything: {} plays move {} again; the event is used.",
        "La partie revient {} demi-coups en arrière, et tout est rétabli : les {} jouent à nouveau leur coup {} ; l'événement a eu lieu.",
    ),
    // Napoleon's setups, phases and players out.
    ("{} is out ({}).", "Les {} sont hors de la partie ({})."),
    (
        "{} turns without a capture or a man lost: the game is drawn at {}.",
        "{} tours sans prise ni pièce perdue : la partie est nulle à {}.",
    ),
    (
        "{} sets up in secret: the setup is sealed now and revealed when the others have set up.",
        "Les {} font leur mise en place en secret : elle est scellée maintenant et révélée quand les autres auront fait la leur.",
    ),
    ("{} reveals the sealed setup.", "Les {} révèlent leur mise en place scellée."),
    ("{} sets up.", "Les {} font leur mise en place."),
    ("{}: move phase. Move men of one group, or pass.", "{} : déplacements. Déplacez des pièces d'un groupe, ou passez."),
    (
        "{}: move phase. 1 more man of this group may move{}; or end the moves.",
        "{} : déplacements. Encore 1 pièce de ce groupe peut se déplacer{} ; ou finissez les déplacements.",
    ),
    (
        "{}: move phase. {} more men of this group may move{}; or end the moves.",
        "{} : déplacements. Encore {} pièces de ce groupe peuvent se déplacer{} ; ou finissez les déplacements.",
    ),
    (
        "{}: connection phase. Cut-off men may each make one quiet move to rejoin a group{}.",
        "{} : ralliement. Chaque pièce isolée peut faire un coup sans prise pour rejoindre un groupe{}.",
    ),
    (
        "{}: {} is cut off. Switch it onto a grouped man (not the king), or lose it.",
        "{} : {} est isolée. Échangez-la avec une pièce groupée (pas le roi), ou perdez-la.",
    ),
    ("Pick the destination.", "Choisissez la case d'arrivée."),
    (
        "No legal way to finish this turn from here: take moves back with Undo.",
        "Aucune façon légale de finir ce tour d'ici : reprenez des coups avec «\u{a0}Annuler le coup\u{a0}».",
    ),
    // Napoleon's setup editor: what a draft setup breaks (`setup_problems`, a square taken).
    ("{} needed, {} placed", "il faut {}, {} en place"),
    ("{} is outside the setup zone", "{} est hors de la zone de mise en place"),
    ("no pawn on the back rank ({})", "pas de pion sur la rangée du fond ({})"),
    (
        "the bishops must stand on squares of different colours",
        "les fous doivent être sur des cases de couleurs différentes",
    ),
    ("every man must be in a group of at least 3", "chaque pièce doit être dans un groupe d'au moins 3"),
    ("at least two groups are needed", "il faut au moins deux groupes"),
    ("the king and the queen must be in different groups", "le roi et la dame doivent être dans des groupes différents"),
    ("{} is taken", "{} est occupée"),
];

/// Fixed pieces of the lines, said in French where they fill a hole.
const PIECES: &[(&str, &str)] = &[
    ("", ""),
    ("empty", "vide"),
    (" (the capture is made)", " (la prise est faite)"),
    ("out", "abandon"),
    ("resigned", "abandon"),
    ("checkmated", "mat"),
    ("no legal turn", "plus de tour légal"),
    ("Queen of Hearts", "Dame de cœur"),
    ("Ace of Spades", "As de pique"),
    ("Joker", "Joker"),
];

/// The English line in French, or `None` when no pattern knows it.
pub(super) fn note(english: &str) -> Option<String> {
    if let Some((_, fr)) = PIECES.iter().find(|(en, _)| *en == english && !en.is_empty()) {
        return Some(fr.to_string());
    }
    NOTES.iter().find_map(|&(en, fr)| {
        let holes = holes(english, en)?;
        let mut out = String::new();
        let mut filled = holes.iter();
        let mut parts = fr.split("{}");
        out.push_str(parts.next().unwrap_or(""));
        for part in parts {
            out.push_str(&hole(filled.next().copied().unwrap_or("")));
            out.push_str(part);
        }
        Some(super::typo(out))
    })
}

/// The texts of `pattern`'s holes in `text`, in order, when `text` has the pattern's shape (a hole may
/// hold the text that follows it, as a list holds ", ": every place is tried, the longest first).
fn holes<'a>(text: &'a str, pattern: &str) -> Option<Vec<&'a str>> {
    let parts: Vec<&str> = pattern.split("{}").collect();
    let rest = text.strip_prefix(parts[0])?;
    let mut out = Vec::new();
    fill(rest, &parts[1..], &mut out).then_some(out)
}

/// Matches `rest` against a hole followed by `parts[0]`, then the rest of the parts.
fn fill<'a>(rest: &'a str, parts: &[&str], out: &mut Vec<&'a str>) -> bool {
    let Some((part, later)) = parts.split_first() else { return rest.is_empty() };
    if later.is_empty() {
        // The last hole takes everything up to the pattern's end.
        return match rest.strip_suffix(part) {
            Some(hole) => {
                out.push(hole);
                true
            }
            None => false,
        };
    }
    if part.is_empty() {
        return false; // two holes side by side: no pattern has them
    }
    // The longest hole first: a list ("2 knights, 1 shot") holds the separator that follows it.
    for (at, _) in rest.rmatch_indices(part) {
        out.push(&rest[..at]);
        if fill(&rest[at + part.len()..], later, out) {
            return true;
        }
        out.pop();
    }
    false
}

/// A hole's text in French: a seat, a fixed piece of a line, a list of reserves, a line of its own
/// (an event's text), or as it is (numbers, squares, men's names).
fn hole(text: &str) -> String {
    if let Some((_, fr)) = PIECES.iter().find(|(en, _)| *en == text) {
        return fr.to_string();
    }
    if ["White", "Black", "Red", "Blue"].contains(&text) {
        return french::seat(text);
    }
    if let Some(line) = note(text) {
        return line;
    }
    if let Some(list) = reserve(text) {
        return list;
    }
    if let Some(archers) = archers(text) {
        return archers;
    }
    text.to_string()
}

/// Chess 2024's reserve and gifts: "2 knights (1 free), 1 shot", "a jester".
fn reserve(text: &str) -> Option<String> {
    if let Some(name) = text.strip_prefix("a ").or_else(|| text.strip_prefix("an ")) {
        let k = french::kind(if name == "shot" { "stack" } else { name });
        return match name {
            "shot" => Some("un obus".into()),
            _ if k.noun == "pièce" && name != "piece" => None,
            _ => Some(format!("{} {}", if k.feminine { "une" } else { "un" }, k.noun)),
        };
    }
    let parts: Option<Vec<String>> = text
        .split(", ")
        .map(|part| {
            let (count, rest) = part.split_once(' ')?;
            let n: u32 = count.parse().ok()?;
            let (kind, free) = match rest.split_once(" (") {
                Some((kind, free)) => (kind, Some(free.strip_suffix(" free)")?)),
                None => (rest, None),
            };
            let english = match kind.trim_end_matches('s') {
                "elite" => "elite pawn",
                "shot" => "shot",
                other => other,
            };
            let name = match (english, n == 1) {
                ("shot", _) => "obus".to_string(),
                (_, true) => french::kind(english).noun.to_string(),
                (_, false) => french::kind(english).plural.to_string(),
            };
            if name == "pièce" || name == "pièces" {
                return None;
            }
            let free =
                free.map_or(String::new(), |f| format!(" ({f} {})", if f == "1" { "gratuit" } else { "gratuits" }));
            Some(format!("{n} {name}{free}"))
        })
        .collect();
    parts.map(|p| p.join(", "))
}

/// Chess 2024's archers: "1 archer to call", "2 archers to call", "archers after 3 more losses".
fn archers(text: &str) -> Option<String> {
    if let Some(n) = text.strip_suffix(" archers to call") {
        return Some(format!("{n} archers à appeler"));
    }
    if text == "1 archer to call" {
        return Some("1 archer à appeler".into());
    }
    let n = text.strip_prefix("archers after ")?.strip_suffix(" more losses")?;
    Some(format!("archers après {n} pertes de plus"))
}
