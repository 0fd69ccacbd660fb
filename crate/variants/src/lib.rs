//! The variant registry: one crate per variant (`crate/variants/<slug>/`), one line per variant in
//! [`REGISTRY`], and one Cargo feature per variant, so that a build can carry any of them (the page
//! built for one variant carries that one alone). Every feature is on by default.
//!
//! Ids and slugs are stable forever (links carry the id); a variant's `revision` changes whenever its
//! rules or its canonical action order change.
//!
//! Depends on the core and the contract, and on each variant crate behind its feature; the game, the
//! session and the tools find a variant here by slug or id, so nothing above names a variant crate.
#![forbid(unsafe_code)]

use chessfront_core::error::{Error, ErrorCode, Result};
use chessfront_rules::Rules;

/// The variants, in the order the page lists them: one line each (its slug, which is also its Cargo
/// feature and the name of its rules texts; its module here; its crate; its rules). A line makes the
/// variant a module of this crate, an entry of [`REGISTRY`] and a rules text of [`rules_html_in`], each
/// only in builds with its feature.
macro_rules! variants {
    ($($slug:literal => $module:ident: $krate:ident::$rules:ident,)*) => {
        $(
            #[cfg(feature = $slug)]
            pub use $krate as $module;
        )*

        /// Every playable variant this build carries, in the order the page lists them.
        pub static REGISTRY: &[&dyn Rules] = &[$(
            #[cfg(feature = $slug)]
            &$krate::$rules,
        )*];

        /// A variant's rules text in one of [`RULES_LANGUAGES`]: English is `<slug>.rules.html`, another
        /// language `<slug>.rules.<language>.html` (the French twin `<slug>.rules.fr.html`), beside the
        /// variant's crate, with the same tags, diagrams and notation; only the words differ. `None` for a
        /// variant this build does not carry.
        pub fn rules_html_in(slug: &str, language: &str) -> Option<&'static str> {
            match (slug, language) {
                $(
                    #[cfg(feature = $slug)]
                    ($slug, "en") => Some(include_str!(concat!("../", $slug, "/", $slug, ".rules.html"))),
                    #[cfg(feature = $slug)]
                    ($slug, "fr") => Some(include_str!(concat!("../", $slug, "/", $slug, ".rules.fr.html"))),
                )*
                _ => None,
            }
        }
    };
}

variants! {
    "chess" => chess: chessfront_chess::ChessRules,
    "chess2024" => chess2024: chessfront_chess2024::Chess2024Rules,
    "napoleon" => napoleon: chessfront_napoleon::NapoleonRules,
    "gunnery" => gunnery: chessfront_gunnery::GunneryRules,
    "checkered" => checkered: chessfront_checkered::CheckeredRules,
    "wounds" => wounds: chessfront_wounds::WoundsRules,
    "mini" => mini: chessfront_mini::MiniRules,
}

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

/// A variant's rules as the page shows them, in English: a fragment of trusted HTML kept in the
/// variant's crate (`crate/variants/<slug>/<slug>.rules.html`, with diagrams as
/// `<figure class="diagram" data-position="…">` in the variant's notation). The page's wasm leaves it
/// out: the build copies the files to `dist/rules/<slug>.<hash>.html` and the page fetches one when
/// its rules are opened, so the texts weigh nothing on the first load.
pub fn rules_html(slug: &str) -> Option<&'static str> {
    rules_html_in(slug, "en")
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
            for bogus in [chessfront_rules::Action(u64::MAX), chessfront_rules::Action(0xdead_0000_0000)] {
                let err = position.play(bogus).expect_err(rules.info().slug);
                assert_eq!(err.code, ErrorCode::IllegalAction, "{}", rules.info().slug);
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
