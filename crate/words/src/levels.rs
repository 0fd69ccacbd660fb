//! How a computer level plays, in words for the level picker: its own words and what was measured of
//! it, in chess or in the variant at hand (never a figure nobody measured).

use crate::lang::{typo, Language};
use crate::search::{steps::Step, Level};

/// How a computer level plays, for the level picker: its words and, where they were measured, how
/// far it looks and how strong it is in orthodox chess (Stockfish's scale). Both are said to be
/// chess's: the same level looks three or four decisions ahead in the wider variants.
pub fn level_about(language: Language, level: &Level) -> String {
    let (depth, rating) = (level.chess_depth, level.chess_rating);
    let chess = match (language, depth, rating) {
        (_, 0, 0) => None,
        (Language::En, d, 0) => Some(format!("in chess, looks about {d} moves ahead")),
        (Language::En, 0, r) => Some(format!("in chess, about {r} on Stockfish's scale")),
        (Language::En, d, r) => {
            Some(format!("in chess, looks about {d} moves ahead and plays at about {r} on Stockfish's scale"))
        }
        (Language::Fr, d, 0) => Some(format!("aux échecs, voit environ {d} coups à l'avance")),
        (Language::Fr, 0, r) => Some(format!("aux échecs, environ {r} sur l'échelle de Stockfish")),
        (Language::Fr, d, r) => Some(format!(
            "aux échecs, voit environ {d} coups à l'avance et joue à environ {r} sur l'échelle de Stockfish"
        )),
    };
    join_about(language, level, chess)
}

/// How a computer level plays in the variant `slug`, for that variant's level picker: its words and
/// what was measured in that variant only. Orthodox chess says its depth and Stockfish rating
/// ([`level_about`]); another variant its measured step over the level below (`step`,
/// [`crate::search::steps`]), or no figure where none was measured.
pub fn level_about_in(language: Language, level: &Level, slug: &str, step: Option<&Step>) -> String {
    if slug == "chess" {
        return level_about(language, level);
    }
    let measured = step.map(|s| {
        let percent = one_decimal(s.percent);
        match language {
            Language::En => {
                format!("here it scored {percent}% of the points against the level below ({} games)", s.games)
            }
            Language::Fr => format!(
                "ici, {}\u{a0}% des points contre le niveau inférieur ({} parties)",
                percent.replace('.', ","),
                s.games
            ),
        }
    });
    join_about(language, level, measured)
}

/// A measured share with at most one decimal, as the matches' error bars (several points) allow: what
/// `{:.1}` writes (half to even) without its trailing ".0", computed on integers, because formatting
/// floats would bring about 20 KB of code into every engine module.
fn one_decimal(percent: f32) -> String {
    let tenths = (f64::from(percent) * 10.0).round_ties_even() as i64;
    match tenths % 10 {
        0 => format!("{}", tenths / 10),
        tenth => format!("{}.{tenth}", tenths / 10),
    }
}

/// A level's own words, then what was measured of it (`measured`), in one line.
fn join_about(language: Language, level: &Level, measured: Option<String>) -> String {
    let (about, chess) = ((!level.about.is_empty()).then(|| language.label(level.about)), measured);
    match (about, chess, language) {
        (Some(about), Some(chess), Language::En) => format!("{about}; {chess}"),
        // French puts a (non-breaking) space before a semicolon (`typo`).
        (Some(about), Some(chess), Language::Fr) => typo(format!("{about} ; {chess}")),
        (Some(only), None, _) | (None, Some(only), _) => only,
        (None, None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_says_how_it_plays_and_what_was_measured_in_chess() {
        let level = crate::search::Level { about: "", chess_depth: 5, chess_rating: 1500, ..crate::search::LEVELS[5] };
        assert_eq!(
            level_about(Language::En, &level),
            "in chess, looks about 5 moves ahead and plays at about 1500 on Stockfish's scale"
        );
        assert_eq!(
            level_about(Language::Fr, &level),
            "aux échecs, voit environ 5 coups à l'avance et joue à environ 1500 sur l'échelle de Stockfish"
        );
        let worded = crate::search::Level { about: "misses threats and gives material away", chess_depth: 0, ..level };
        assert_eq!(
            level_about(Language::En, &worded),
            "misses threats and gives material away; in chess, about 1500 on Stockfish's scale"
        );
        assert_eq!(
            level_about(Language::Fr, &worded),
            "ne voit pas les menaces et donne du matériel\u{a0}; aux échecs, environ 1500 sur l'échelle de Stockfish"
        );
        let unmeasured = crate::search::Level { chess_rating: 0, chess_depth: 0, ..worded };
        assert_eq!(
            level_about(Language::En, &unmeasured),
            "misses threats and gives material away",
            "no figure is made up"
        );
        let depth_only = crate::search::Level { chess_rating: 0, chess_depth: 7, about: "", ..level };
        assert_eq!(level_about(Language::En, &depth_only), "in chess, looks about 7 moves ahead");
        // Every level of the ladder says both figures, and says they are chess's.
        for level in &crate::search::LEVELS {
            let text = level_about(Language::En, level);
            assert!(text.contains("in chess") && text.contains("Stockfish's scale"), "{text}");
        }
    }

    #[test]
    fn a_level_says_of_each_variant_only_what_was_measured_there() {
        use crate::search::{steps, LEVELS};
        let step = |slug, settings: &[u8], defaults: &[u8], n| steps::measured_step(slug, settings, defaults, n);
        // Chess 2024, Wounds and the others: no chess figure, ever.
        for slug in ["chess2024", "gunnery", "napoleon", "checkered", "wounds"] {
            for (level, n) in LEVELS.iter().zip(1..) {
                for language in [Language::En, Language::Fr] {
                    let text = level_about_in(language, level, slug, step(slug, &[], &[], n));
                    assert!(
                        !text.contains("Stockfish") && !text.contains("chess") && !text.contains("échecs"),
                        "{slug}: {text}"
                    );
                }
            }
        }
        // A measured step is said, with its games: Gunnery's Seasoned over the Club, four-player Napoleon's
        // Master over the Formidable (and not with two players).
        assert_eq!(
            level_about_in(Language::En, &LEVELS[6], "gunnery", step("gunnery", &[], &[], 7)),
            "here it scored 62.5% of the points against the level below (40 games)"
        );
        assert_eq!(
            level_about_in(Language::Fr, &LEVELS[6], "gunnery", step("gunnery", &[], &[], 7)),
            "ici, 62,5\u{a0}% des points contre le niveau inférieur (40 parties)"
        );
        assert!(step("napoleon", &[1], &[0], 13).is_some() && step("napoleon", &[0], &[0], 13).is_none());
        // A level with words keeps them; orthodox chess keeps its own figures.
        assert_eq!(
            level_about_in(Language::En, &LEVELS[0], "chess2024", None),
            "misses threats and gives material away"
        );
        assert_eq!(level_about_in(Language::En, &LEVELS[4], "chess", None), level_about(Language::En, &LEVELS[4]));
    }

    #[test]
    fn a_share_is_written_as_one_decimal_float_formatting_writes_it() {
        let mut shares: Vec<f32> = crate::search::steps::STEPS.iter().map(|s| s.percent).collect();
        shares.extend((0..=1000).map(|tenths| tenths as f32 / 10.0));
        shares.extend([0.25, 0.35, 12.25, 66.66, 89.95, 99.99, 100.0]);
        for share in shares {
            assert_eq!(one_decimal(share), format!("{share:.1}").trim_end_matches(".0"), "{share}");
        }
    }
}
