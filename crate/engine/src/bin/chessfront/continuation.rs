//! `chessfront continue`: what the page does when a browser that keeps one link opens another (the session's continuation rule).

use crate::Failure;
use engine::link;

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let (links, seat) = match rest {
        [stored, incoming] => ([stored, incoming], None),
        [stored, incoming, flag, seat] if flag == "--seat" => {
            ([stored, incoming], Some(seat.parse::<u8>().map_err(|_| usage("--seat takes a seat number"))?))
        }
        _ => return Err(usage("continue takes a stored link, an incoming link and optionally --seat <n>")),
    };
    let [stored, incoming] = links;
    let (verdict, plies) = engine::session::judge_continuation(stored, incoming, seat)?;
    match verdict {
        engine::session::continuation::Continuation::Same => {
            println!("accepted: the same game ({plies} plies), nothing new")
        }
        engine::session::continuation::Continuation::Extends { .. } => {
            let before = link::decode(stored)?.game.record().len();
            println!("accepted: {plies} plies ({} new)", plies - before)
        }
    }
    Ok(())
}
