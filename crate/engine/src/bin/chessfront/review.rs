//! `chessfront review`: a game link reviewed, one line per judged turn (its number and seat, the
//! move, the evaluation before and after it from the mover's side, its label, and the better move
//! where there was one), the chance events where they happened, then each player's summary; or, with
//! `--format pgn`, the game as PGN with lichess's `[%eval ...]` comments and glyphs.

use crate::analyse::budget;
use crate::{Failure, Flags};
use engine::review::{self, Label, Row};
use engine::{link, Language};

/// The review's node budget per position when neither `--level` nor `--nodes` is given.
const REVIEW_NODES: u64 = 200_000;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let text = rest.first().ok_or_else(|| usage("review takes a link (a URL or its fragment)"))?;
    let flags = Flags::parse(&rest[1..])?.only(&["--level", "--nodes", "--format"])?;
    let mut level = budget(&flags)?;
    if flags.get("--level").is_none() && flags.get("--nodes").is_none() {
        level.max_nodes = REVIEW_NODES;
    }
    let pgn = match flags.get("--format").unwrap_or("text") {
        "text" => false,
        "pgn" => true,
        other => return Err(usage(&format!("--format takes text or pgn, not {other}"))),
    };
    let game = link::decode(text)?.game;
    let review = review::review(&game, &level, &mut || false);
    if pgn {
        print!("{}", review::pgn(&game, &engine::pgn::Tags::default(), &review));
        return Ok(());
    }
    let names = game.seat_names();
    let name = |seat: u8| names.get(seat as usize).copied().unwrap_or("?");
    for row in &review.rows {
        match row {
            Row::Turn(j) => {
                let better = if j.label > Label::Good && !j.best_names.is_empty() {
                    format!(" (best: {})", j.best_names)
                } else {
                    String::new()
                };
                let label = j.label.name(Language::En);
                println!("{}. {}: {}  {} {}  {label}{better}", j.first + 1, name(j.seat), j.played, j.before, j.after);
            }
            Row::Chance { note, .. } => println!("   chance: {note}"),
        }
    }
    for summary in &review.summaries {
        let counts: Vec<String> = Label::ALL
            .iter()
            .zip(summary.counts)
            .map(|(label, count)| format!("{count} {}", label.name(Language::En)))
            .collect();
        println!("{}: {}; accuracy {:.1}%", name(summary.seat), counts.join(", "), summary.accuracy);
    }
    Ok(())
}
