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
    // `chessfront match gunnery <n+1> <n> --games 40 --threads 1 --seed 2001` (docs/measurements.md,
    // "Budgets are chess nodes").
    step("gunnery", 5, 60.0, 40),
    step("gunnery", 6, 66.0, 40),
    step("gunnery", 7, 62.5, 40),
    step("gunnery", 8, 70.0, 40),
    step("gunnery", 9, 66.0, 40),
    // `chessfront match <variant> <n+1> <n> --games 40 --threads 1`, `--seed 1001` for 2-1 and `--seed
    // 2001` above, wins-losses-draws: Chess 2024 15-11-14, 18-9-13, 13-19-8 (the Improver's 800 nodes reach
    // the same two decisions as the Casual there, without its noise's luck), 17-7-16; Checkered 22-15-3,
    // 24-15-1, 16-24-0; Wounds 17-12-11, 13-15-12, 29-6-5. About ±15 points each at 40 games.
    step("chess2024", 2, 55.0, 40),
    step("chess2024", 3, 61.25, 40),
    step("chess2024", 4, 42.5, 40),
    step("chess2024", 5, 62.5, 40),
    step("checkered", 2, 58.75, 40),
    step("checkered", 3, 61.25, 40),
    step("checkered", 4, 40.0, 40),
    step("wounds", 2, 56.25, 40),
    step("wounds", 3, 47.5, 40),
    step("wounds", 4, 78.75, 40),
    // Four players: `chessfront match napoleon 13 12 --setting 1 --turns 40` (28-12-20 over 60 games;
    // the Master plans its turns whole, the Formidable does not).
    Step { slug: "napoleon", settings: Some(&[1]), level: 13, percent: 63.0, games: 60 },
];

/// The measured step of `level` in `slug` under the resolved `settings` (`defaults`: the variant's).
pub fn measured_step(slug: &str, settings: &[u8], defaults: &[u8], level: u32) -> Option<&'static Step> {
    STEPS.iter().find(|s| s.slug == slug && s.level == level && s.settings.unwrap_or(defaults) == settings)
}
