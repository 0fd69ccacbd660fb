//! `chessfront analyse`: a position's best lines, one a line, best first: `<rank>. <score> <moves...>`,
//! the score from the side to move in pawns (`+0.35`, `-1.20`) or a mate in its turns (`#3`, `#-2`).
//! The depth and nodes go to standard error, so that standard output is the lines alone.

use crate::{note_start_event, outcome_text, player, Failure, Flags};
use engine::search::{self, Level, Memory};
use engine::Error;

/// The analysis' node budget when neither `--level` nor `--nodes` is given: the Strongest level's.
pub const DEFAULT_NODES: u64 = 1_000_000;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let slug = rest.first().ok_or_else(|| usage("analyse takes a variant"))?;
    let flags = Flags::parse(&rest[1..])?.only(&["--lines", "--level", "--nodes", "--setting"])?;
    let level = budget(&flags)?;
    let lines = flags.number("--lines")?.unwrap_or(search::MAX_LINES as u64);
    if !(1..=search::MAX_LINES as u64).contains(&lines) {
        return Err(usage(&format!("--lines takes 1 to {}", search::MAX_LINES)));
    }
    let game = flags.game(slug, flags.free.first())?;
    note_start_event(&game);
    if game.outcome().is_some() {
        let over = format!("The game is over: {}.", outcome_text(&game));
        return Err(Error::new(engine::ErrorCode::GameOver, over).into());
    }
    let analysis = search::analyse(game.position(), &level, lines as usize, &mut || false, &mut Memory::default())
        .ok_or_else(|| {
            Error::new(engine::ErrorCode::GameOver, "Nothing to analyse here: a setup or a chance event is due.")
        })?;
    for (rank, line) in analysis.lines.iter().enumerate() {
        let moves = search::line_names(game.position(), &line.actions).join(" ");
        println!("{}. {} {moves}", rank + 1, line.score);
    }
    eprintln!("depth {}, {} nodes", analysis.depth, analysis.nodes);
    Ok(())
}

/// The search's bounds: `--level` (a ladder level or any player `think` takes) or `--nodes`, not both;
/// by default [`DEFAULT_NODES`].
pub fn budget(flags: &Flags) -> Result<Level, Failure> {
    match (flags.get("--level"), flags.number("--nodes")?) {
        (Some(_), Some(_)) => Err(Failure::Usage("--level or --nodes, not both".into())),
        (Some(level), None) => Ok(Level { noise: 0, ..player(level)? }),
        (None, nodes) => Ok(Level { max_nodes: nodes.unwrap_or(DEFAULT_NODES).max(1), ..Level::depth(64) }),
    }
}
