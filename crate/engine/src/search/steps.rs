//! What was measured of the ladder in each variant other than orthodox chess: a level's score against
//! the level below it (`chessfront match <variant> <n+1> <n>`). The level picker says these and nothing
//! else of a variant: orthodox chess's depths and Stockfish ratings ([`super::Level::chess_rating`]) are
//! chess's alone, and the same budgets play differently where moves are fewer or dearer.

/// One measured step: `level` (counted from 1) against `level - 1`, in `slug` under `settings` (`None`:
/// the variant's defaults), scoring `percent` of the points over `games` games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub slug: &'static str,
    pub settings: Option<&'static [u8]>,
    pub level: u32,
    pub percent: f32,
    pub games: u32,
}

const fn step(slug: &'static str, level: u32, percent: f32, games: u32) -> Step {
    Step { slug, settings: None, level, percent, games }
}

/// The steps measured, by variant (each with the command that measured it).
pub const STEPS: &[Step] = &[
    // `chessfront match gunnery <n+1> <n> --games 40 --threads 1 --seed 2001` (ARCHITECTURE.md,
    // "Budgets are chess nodes").
    step("gunnery", 5, 60.0, 40),
    step("gunnery", 6, 66.0, 40),
    step("gunnery", 7, 62.5, 40),
    step("gunnery", 8, 70.0, 40),
    step("gunnery", 9, 66.0, 40),
    // Four players: `chessfront match napoleon 13 12 --setting 1 --turns 40` (28-12-20 over 60 games;
    // the Master plans its turns whole, the Formidable does not).
    Step { slug: "napoleon", settings: Some(&[1]), level: 13, percent: 63.0, games: 60 },
];

/// The measured step of `level` in `slug` under the resolved `settings` (`defaults`: the variant's).
pub fn measured_step(slug: &str, settings: &[u8], defaults: &[u8], level: u32) -> Option<&'static Step> {
    STEPS.iter().find(|s| s.slug == slug && s.level == level && s.settings.unwrap_or(defaults) == settings)
}
