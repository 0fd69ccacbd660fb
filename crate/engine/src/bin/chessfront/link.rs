//! `chessfront link`: decodes a game link, checking every move, and prints the game.

use crate::{print_game, Failure};
use engine::link;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let text = rest.first().ok_or_else(|| usage("link takes a URL or a fragment"))?;
    let decoded = link::decode(text)?;
    println!("game id: {:010x}", decoded.game_id);
    print_game(&decoded.game);
    Ok(())
}
