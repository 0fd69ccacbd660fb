//! `chessfront perft`: counts move paths (leaf count; per first move with `--divide`).

use crate::{note_start_event, Failure, Flags};
use std::time::Instant;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let divide = rest.iter().any(|a| a == "--divide");
    let args: Vec<String> = rest.iter().filter(|a| *a != "--divide").cloned().collect();
    let flags = Flags::parse(&args)?.only(&["--setting"])?;
    let (slug, depth) = match flags.free.as_slice() {
        [slug, depth] | [slug, depth, _] => (slug, depth),
        _ => return Err(usage("perft takes a variant, a depth and optionally a position")),
    };
    let depth: u32 = depth.parse().map_err(|_| usage("the depth must be a whole number"))?;
    let game = flags.game(slug, flags.free.get(2))?;
    note_start_event(&game);
    let position = game.position();
    let started = Instant::now();
    let total = if divide {
        let mut total = 0;
        for (action, count) in engine::perft::divide(position, depth) {
            println!("{} {count}", position.info(action).coord);
            total += count;
        }
        total
    } else {
        engine::perft::perft(position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!("{:.3} s, {:.1} M nodes/s", seconds, total as f64 / seconds.max(1e-9) / 1e6);
    Ok(())
}
