//! The languages the engine writes for a player in: English and French.
//!
//! The engine's sentences (the status line, notices, errors, moves and the position in words) are
//! written once per language where they are made: a `match` on [`Language`] at each sentence, so a
//! sentence without its French is a compile error. The fixed names the variants, the levels and the
//! pieces hand out (variant names, settings, button labels, piece kinds) are English data; they are
//! put into French at the boundary through one table ([`Language::label`], `french.rs`), and a test
//! walks every name the engine can hand out and fails on one the table lacks.
//!
//! The lines the variants write beside the board (stages, phases, reserves, the fortunes of war) are
//! English sentences with numbers and squares in them; [`Language::note`] matches each against its
//! pattern (`notes.rs`) and says it in French, and the same test fails on a line no pattern knows.
//!
//! Notation is international and never translated: move names, PGN, links, position texts.
//! The engine keeps no language: the session holds the one the page set for as long as it lives.

mod french;
mod notes;

/// A language the engine writes in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Language {
    #[default]
    En,
    Fr,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::En, Language::Fr];

    /// The language of a BCP 47 tag ("fr", "fr-CA", "en-GB"): French for French, English for anything
    /// else (the engine's own language).
    pub fn from_tag(tag: &str) -> Language {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("fr") {
            Language::Fr
        } else {
            Language::En
        }
    }

    /// The language's tag: "en" or "fr".
    pub const fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
        }
    }

    /// The name of a kind of piece ("king", "elite pawn") in this language ("roi", "pion d'élite").
    pub fn piece_name(self, english: &str) -> String {
        match self {
            Language::En => english.to_string(),
            Language::Fr => french::kind(english).noun.to_string(),
        }
    }

    /// A fixed name or label the engine hands out in English (a variant's name, a setting, a level, a
    /// button label, a preset), in this language; English itself, or a name the table lacks, as it is.
    pub fn label(self, english: &str) -> String {
        match self {
            Language::En => english.to_string(),
            Language::Fr => french::label(english).unwrap_or_else(|| english.to_string()),
        }
    }

    /// A line the variants write beside the board (a stage, a phase, reserves), a turn's advice, or a
    /// fortune of war, in this language; English, or a line no pattern knows, as it is.
    pub fn note(self, english: &str) -> String {
        match self {
            Language::En => english.to_string(),
            Language::Fr => notes::note(english).unwrap_or_else(|| english.to_string()),
        }
    }

    /// A seat's name as the subject of a sentence ("White", "les Blancs").
    pub fn seat(self, english: &str) -> String {
        match self {
            Language::En => english.to_string(),
            Language::Fr => format!("les {}", french::seat(english)),
        }
    }

    /// A seat's name as a label ("White", "Blancs").
    pub fn seat_label(self, english: &str) -> String {
        match self {
            Language::En => english.to_string(),
            Language::Fr => french::seat(english),
        }
    }
}

/// French typography: a no-break space before `:`, `;`, `!` and `?` (the source writes a plain space,
/// which is easier to read).
pub fn typo(text: String) -> String {
    if !text.contains([':', ';', '!', '?']) {
        return text;
    }
    text.replace(" :", "\u{a0}:").replace(" ;", "\u{a0};").replace(" !", "\u{a0}!").replace(" ?", "\u{a0}?")
}

/// A French sentence with its typography: `fr!("Blancs : {x}")`.
#[macro_export]
#[doc(hidden)]
macro_rules! french_sentence {
    ($($t:tt)*) => { $crate::lang::typo(format!($($t)*)) };
}
pub use french_sentence as fr;

/// The first letter in capitals ("les Blancs" → "Les Blancs", "échiquier" → "Échiquier").
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => std::iter::once(upper(first)).chain(chars).collect(),
        None => String::new(),
    }
}

/// A letter of English or French in capitals; any other character as it is. The standard library's
/// `char::to_uppercase` would do every script, with 13 KB of Unicode tables in each engine module for
/// the few letters the engine's sentences can start with.
fn upper(c: char) -> char {
    match c {
        'a'..='z' => c.to_ascii_uppercase(),
        // Latin-1's small letters with accents (à to þ, but the division sign) sit 32 above their capitals.
        'à'..='þ' if c != '÷' => char::from_u32(c as u32 - 32).unwrap_or(c),
        'ÿ' => 'Ÿ',
        'œ' => 'Œ',
        _ => c,
    }
}

pub use french::{color as french_color, color_group, kind as french_kind, FrenchKind};

#[cfg(test)]
mod tests;
