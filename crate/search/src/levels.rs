//! The computer's playing strengths: [`Level`], the ladder the page offers ([`LEVELS`]) and the five
//! levels offered before it ([`FIVE_LEVELS`]), still read from records and codes written then.

/// A playing strength: what bounds the search and how much it may blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    /// How it plays, in a few words for the level picker.
    pub about: &'static str,
    /// Deepest iteration, in decisions.
    pub max_depth: u32,
    /// Iterations up to this depth finish whatever they cost in nodes (only the caller's clock may stop
    /// them, after the first), so a level is never shallower than the one below it where nodes are
    /// dear.
    pub min_depth: u32,
    /// Nodes after which the search stops (the last complete iteration's answer is kept), counted in
    /// orthodox chess nodes ([`crate::rules::SearchTuning::node_weight`]).
    pub max_nodes: u64,
    /// Time the page's worker allows a computer turn (its clock, a safety net only: the nodes decide;
    /// searches here never read a clock).
    pub millis: u32,
    /// Root scores are shaken by up to this many centipawns (seeded): the weak levels' mistakes.
    pub noise: i32,
    /// Whether the horizon plays out captures (off for the one-ply greedy baseline).
    pub quiescence: bool,
    /// Plays candidate change number `trial` under test (0: none; see [`super::trial`]; only in builds
    /// with the `trials` feature, for matches against the same level without it).
    pub trial: u8,
    /// Its strength in orthodox chess on Stockfish's `UCI_Elo` scale, as measured (0: not measured),
    /// so that a player can tell what a level is like before playing it.
    pub chess_rating: u32,
    /// How many decisions ahead it looks in orthodox chess, as measured in self-play (0: not said).
    /// Said of chess only: the same nodes reach three or four decisions in the wider variants.
    pub chess_depth: u32,
}

impl Level {
    /// No bounds but the given depth: for tests and analysis.
    pub const fn depth(max_depth: u32) -> Level {
        Level {
            name: "analysis",
            about: "",
            max_depth,
            min_depth: 1,
            max_nodes: u64::MAX,
            millis: u32::MAX,
            noise: 0,
            quiescence: true,
            trial: 0,
            chess_rating: 0,
            chess_depth: 0,
        }
    }

    /// A level of the ladder that searches two decisions and shakes its scores by `noise`.
    const fn shaken(name: &'static str, about: &'static str, noise: i32) -> Level {
        Level { name, about, min_depth: 2, millis: 500, noise, ..Level::depth(2) }
    }

    /// A level of the ladder that deepens until it has searched `max_nodes`.
    const fn budgeted(name: &'static str, about: &'static str, min_depth: u32, max_nodes: u64, millis: u32) -> Level {
        Level { name, about, min_depth, max_nodes, millis, ..Level::depth(64) }
    }

    /// The same level with its measured chess rating.
    const fn rated(self, chess_rating: u32) -> Level {
        Level { chess_rating, ..self }
    }

    /// The same level with the depth it reaches in chess.
    const fn looking(self, chess_depth: u32) -> Level {
        Level { chess_depth, ..self }
    }
}

/// The one-ply greedy baseline of the benchmark: the action whose resulting position evaluates best.
pub const GREEDY: Level = Level {
    name: "greedy",
    about: "",
    max_depth: 1,
    min_depth: 1,
    max_nodes: u64::MAX,
    millis: u32::MAX,
    noise: 0,
    quiescence: false,
    trial: 0,
    chess_rating: 0,
    chess_depth: 0,
};

/// The levels the page offers, weakest first: a ladder on which each level beats the one below it by
/// 60-75% of the points, so that a player who wins at one level has a next one to aim for.
///
/// The three weakest search two decisions and shake their judgement with noise; the others deepen
/// within a node budget, about 1.9 times the one below, each finishing a minimum depth so that it sees
/// further than the level below even where nodes are dear (Chess 2024). The top step is 3.3 times:
/// up there a doubling of nodes is worth less (13-12 scored 59% at 1.9 times), and the Strongest
/// spends what the ladder allows it, a second a move: a million chess nodes take 0.6-0.76 s natively
/// here (0.93 s before the search's lists and the evaluation's pawns got faster).
/// Depth and nodes make a level's strength the same on every machine; the time limit only keeps a
/// slow machine from waiting too long (after the first iteration the clock may stop any search).
/// The Strongest's limit is that second itself: in wasm a million nodes take 0.81-0.9 s here (`node`
/// on the facade's `thinkAt`, chess middle games, with the king danger; 0.72-0.83 s without it in the
/// same run; 1.1-1.4 s before the search got faster, when the second stopped it at 700,000-935,000
/// nodes), so in the browser it plays its whole budget here, and on a machine several
/// times slower it may play no better
/// than the Master, which waits up to 5 s for its 300,000. A Napoleon turn at this level takes
/// 0.1-0.16 s natively (`examples/napoleon_turns.rs 2 14 30 7`), far inside it.
///
/// Each step, measured in orthodox chess (`chessfront match chess <n+1> <n> --games <g> --seed 2001`,
/// the first step `--seed 1001`): 2-1 67% (60 games), 3-2 71% (60), 4-3 71% (60), 5-4 63% (60),
/// 6-5 70% (60), 7-6 74% (60), 8-7 60% (40), 9-8 70% (40), 10-9 66% (40), 11-10 60% (30), 12-11 70%
/// (40: 16-4-20 over two chunks, the second `--seed 2021`), 13-12 59% (40: 16-9-15; its error bar is
/// about 12 points), 14-13 69% (40: 16-1-23, played as
/// `13:nodes=1000000` against `13` before level 14 existed, the two chunks of 12-11; mean depth 14.4
/// against 12.2). The ratings are on Stockfish 15.1's
/// `UCI_Elo` scale (`scripts/stockfish-match.mjs`, 0.3 s a move for Stockfish), from five anchors:
/// level 2 scored 50% against 1350; level 5 78% against 1350; level 9 85% against 1650 and 10%
/// against 2000 (20 games each; about 1800 from both); level 13 80% against 1800, 48% against 2000 and
/// 15% against 2200 (50 games; about 1980), and again once it kept its table and saw the game's
/// repetitions, 40 games each in one run: 30-7-3 (79%) against 2000 and 3-29-8 (17.5%) against 2200.
/// Stockfish's steps are not even on our scale (2000 to 2200 is nearly 500 points here), so its rating
/// stays the one its 2200 games give, the anchor the Strongest is rated on too; level 14 against
/// 2200, 120 games in all: 11-18-11 (41%) in
/// one session (on its first 20 games level 13 scored 2-15-3), then side by side in one run of the
/// same 40 games 4-21-15 (29%) with the same search and 6-20-14 (33%) with the evaluation's threats and
/// the continuation history: 34% together, about 2085. Then, keeping its table from one move to the
/// next (`search::Memory`, played through `think chess -` as the page's worker plays), 13-15-12 (47.5%)
/// on the same 40 games, about 2180. Once it also saw the game's repetitions (b265461), 24-50-26 (37%)
/// over 100 games in two later sessions (games 0-59, then 0-39), about 2110. With the evaluation's
/// king danger (`eval/king_danger.rs`), 43-37-20 (53%) over games 0-99 in one session (games 0-39
/// 15-14-11, where the build before had scored 9-19-12), about 2220: its rating now (rounded down to
/// 25). In the same session two anchors were measured again with the king danger, 40 games each:
/// level 13 against 2200 6-23-11 (28.75%, about 2040; it had scored 17.5%), so the Master is rated
/// 2025, and level 9 against 2000 3-30-7 (16%; it had scored 10% over 20), which leaves level 9 at
/// 1800; levels 10-12 are placed between them again by their steps. The levels below level 9 also
/// keep their tables now and play with the king danger, and were not measured again; their ratings
/// are likely a little low. The levels
/// between are placed by their self-play steps,
/// scaled to fit the anchors on either side (Stockfish's scale is about half as wide as self-play's
/// here), level 1 below Stockfish's floor of 1350 the same way; rounded to 25. Each is good to about
/// a hundred points either way. docs/measurements.md ("The computer's levels") has the table.
///
/// In Napoleon, whose turn is many searched decisions, a budgeted level bounds the whole turn instead
/// ([`crate::rules::SearchTuning::turn_nodes`], shared by [`super::TurnBudget`], which also counts the
/// turn's game-end and dead-end checks): the Master's and the Strongest level's
/// four-player turn spends 900,000 weighted nodes, its two-player turn 450,000, aimed at a round of
/// three computers under 3 s in the browser.
///
/// The ladder's new-against-old matches, which retired the search of before (every variant's level 13
/// against the old Strongest), are in docs/measurements.md.
pub const LEVELS: [Level; 14] = [
    Level::shaken("Beginner", "misses threats and gives material away", 60).rated(1275),
    Level::shaken("Novice", "sees simple threats, often drifts", 30).rated(1350),
    Level::shaken("Casual", "sees simple threats and takes what is offered", 12).rated(1425),
    Level::budgeted("Improver", "", 2, 800, 500).rated(1525).looking(3),
    Level::budgeted("Intermediate", "", 2, 1_900, 500).rated(1575).looking(4),
    Level::budgeted("Club", "", 2, 3_600, 1000).rated(1625).looking(5),
    Level::budgeted("Seasoned", "", 2, 6_700, 1000).rated(1700).looking(6),
    Level::budgeted("Advanced", "", 3, 12_600, 1500).rated(1725).looking(7),
    Level::budgeted("Tournament", "", 3, 24_000, 2500).rated(1800).looking(8),
    Level::budgeted("Expert", "", 3, 45_000, 2500).rated(1875).looking(9),
    Level::budgeted("Strong", "", 4, 85_000, 4000).rated(1900).looking(10),
    Level::budgeted("Formidable", "", 4, 160_000, 5000).rated(2000).looking(11),
    Level::budgeted("Master", "", 4, 300_000, 5000).rated(2025).looking(12),
    Level::budgeted("Strongest", "thinks up to a second a move", 4, 1_000_000, 1000).rated(2200).looking(14),
];

/// The ladder's level `number` (counted from 1, weakest first), brought into the ladder: numbers come
/// from links, stored records and the page, so an out-of-range one means the nearest end, never a panic.
pub fn ladder_number(number: u32) -> u32 {
    number.clamp(1, LEVELS.len() as u32)
}

/// The ladder's level `number` (counted from 1; out of range: the nearest end, see [`ladder_number`]).
pub fn ladder_level(number: u32) -> &'static Level {
    &LEVELS[ladder_number(number) as usize - 1]
}

/// The five levels the page offered before the ladder, weakest first. Records and transfer codes
/// written then count their level on this scale ([`level_of_the_five_level_scale`]), and the match
/// command no longer plays them: the ladder's levels measure against each other.
///
/// Their figures against the search of before are in docs/measurements.md.
pub const FIVE_LEVELS: [Level; 5] = [
    Level {
        max_depth: 1,
        min_depth: 1,
        millis: 300,
        noise: 150,
        quiescence: false,
        ..Level::shaken("Beginner", "", 0)
    },
    Level { quiescence: false, ..Level::shaken("Casual", "", 40) },
    Level::budgeted("Club", "", 2, 12_000, 1000),
    Level::budgeted("Strong", "", 3, 60_000, 2500),
    Level::budgeted("Strongest", "", 4, 300_000, 5000),
];

/// The ladder's level (counted from 1) that plays most like level `five` (1-5) of the five-level
/// scale, so that a game kept from then goes on against a computer of about the same strength.
pub fn level_of_the_five_level_scale(five: u32) -> u32 {
    // Beginner and Casual were weaker than anything on the ladder; Club (12,000 nodes) and Strong
    // (60,000) sit between rungs and take the one below, the Strongest level is the same.
    const LADDER_LEVEL: [u32; 5] = [1, 1, 8, 10, 13];
    LADDER_LEVEL[five.clamp(1, 5) as usize - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_number_from_outside_is_brought_into_the_ladder() {
        assert_eq!(ladder_number(0), 1, "no level 0: the weakest");
        assert_eq!(ladder_number(1), 1);
        assert_eq!(ladder_number(7), 7);
        assert_eq!(ladder_number(13), 13);
        assert_eq!(ladder_number(14), 14);
        assert_eq!(ladder_number(15), 14, "past the top: the strongest");
        assert_eq!(ladder_number(u32::MAX), 14);
        assert_eq!(ladder_level(0).name, "Beginner");
        assert_eq!(ladder_level(6).name, "Club");
        assert_eq!(ladder_level(u32::MAX).name, "Strongest");
    }

    #[test]
    fn the_five_level_scale_maps_onto_the_ladder_and_out_of_range_means_its_ends() {
        let mapped: Vec<&str> = (0..=6).map(|five| ladder_level(level_of_the_five_level_scale(five)).name).collect();
        // The five levels' Strongest (300,000 nodes) is the ladder's Master: the same budget.
        assert_eq!(mapped, ["Beginner", "Beginner", "Beginner", "Advanced", "Expert", "Master", "Master"]);
    }
}
