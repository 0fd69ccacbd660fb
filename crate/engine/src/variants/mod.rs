//! The variant registry: one file per variant, one line per variant in [`REGISTRY`].
//!
//! Ids and slugs are stable forever (links carry the id); a variant's `revision` changes whenever its
//! rules or its canonical action order change.

use crate::error::{Error, ErrorCode, Result};
use crate::rules::Rules;

pub mod checkered;
pub mod chess;
pub mod chess2024;
pub mod gunnery;
pub mod napoleon;
pub mod wounds;

/// Every playable variant, in the order the page lists them.
pub static REGISTRY: &[&dyn Rules] = &[
    &chess::ChessRules,
    &chess2024::Chess2024Rules,
    &napoleon::NapoleonRules,
    &gunnery::GunneryRules,
    &checkered::CheckeredRules,
    &wounds::WoundsRules,
];

pub fn by_slug(slug: &str) -> Result<&'static dyn Rules> {
    REGISTRY.iter().copied().find(|r| r.info().slug == slug).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|r| r.info().slug).collect();
        Error::new(
            ErrorCode::UnknownVariant,
            format!("Unknown variant '{slug}'. Known variants: {}.", known.join(", ")),
        )
    })
}

/// The languages of the rules texts: every variant has a text in each (a test keeps them in step). The
/// first is the original; the others are its translations.
pub const RULES_LANGUAGES: &[&str] = &["en", "fr"];

/// A variant's rules as the page shows them, in English: a fragment of trusted HTML kept next to the
/// variant's file (`<slug>.rules.html`, with diagrams as `<figure class="diagram" data-position="…">` in
/// the variant's notation). The page's wasm leaves it out: the build copies the files to
/// `dist/rules/<slug>.<hash>.html` and the page fetches one when its rules are opened, so the texts
/// weigh nothing on the first load.
pub fn rules_html(slug: &str) -> Option<&'static str> {
    rules_html_in(slug, "en")
}

/// A variant's rules text in one of [`RULES_LANGUAGES`]: English is `<slug>.rules.html`, another
/// language `<slug>.rules.<language>.html` (the French twin `<slug>.rules.fr.html`), with the same tags,
/// diagrams and notation; only the words differ.
pub fn rules_html_in(slug: &str, language: &str) -> Option<&'static str> {
    macro_rules! texts {
        ($($slug:literal),*) => {
            match (slug, language) {
                $(
                    ($slug, "en") => include_str!(concat!($slug, ".rules.html")),
                    ($slug, "fr") => include_str!(concat!($slug, ".rules.fr.html")),
                )*
                _ => return None,
            }
        };
    }
    Some(texts!("chess", "chess2024", "napoleon", "gunnery", "checkered", "wounds"))
}

pub fn by_id(id: u8) -> Option<&'static dyn Rules> {
    REGISTRY.iter().copied().find(|r| r.info().id == id)
}

/// Setting values for a variant: the given ones checked against its declared settings, or the defaults.
pub fn resolve_settings(rules: &dyn Rules, given: Option<&[u8]>) -> Result<Vec<u8>> {
    let specs = rules.info().settings;
    match given {
        None => Ok(specs.iter().map(|s| s.default).collect()),
        Some(values) => {
            if values.len() != specs.len() {
                return Err(Error::new(
                    ErrorCode::BadSetting,
                    format!("{} takes {} setting values, not {}.", rules.info().name, specs.len(), values.len()),
                ));
            }
            for (spec, &v) in specs.iter().zip(values) {
                if v as usize >= spec.choices.len() {
                    return Err(Error::new(ErrorCode::BadSetting, format!("Setting '{}' has no value {v}.", spec.key)));
                }
            }
            Ok(values.to_vec())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An action that is not an option is an error and changes nothing, in every variant (the play of
    /// a position never ignores what it does not know).
    #[test]
    fn playing_what_is_not_an_option_is_an_error() {
        for &rules in REGISTRY {
            let settings = resolve_settings(rules, None).expect("defaults");
            let mut position = rules.start(&settings);
            let before = position.to_text();
            for bogus in [crate::rules::Action(u64::MAX), crate::rules::Action(0xdead_0000_0000)] {
                let err = position.play(bogus).expect_err(rules.info().slug);
                assert_eq!(err.code, crate::ErrorCode::IllegalAction, "{}", rules.info().slug);
                assert_eq!(position.to_text(), before, "{}", rules.info().slug);
            }
        }
    }

    #[test]
    fn ids_and_slugs_are_unique() {
        for (i, a) in REGISTRY.iter().enumerate() {
            for b in &REGISTRY[i + 1..] {
                assert_ne!(a.info().id, b.info().id);
                assert_ne!(a.info().slug, b.info().slug);
            }
        }
    }

    #[test]
    fn unknown_slug_is_a_typed_error() {
        assert_eq!(by_slug("xiangqi").err().map(|e| e.code), Some(ErrorCode::UnknownVariant));
    }
}
