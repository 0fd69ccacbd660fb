//! `chessfront play`: plays moves (setups first where due, forced fortunes of war with `--card`) and prints the game and its link.

use crate::{parse_seed, print_game, Failure};
use engine::chance::{ChanceSource, SEED_BYTES};
use engine::variants::chess2024::{Card, Chess2024, FORTUNE_PLIES, GIFT_KINDS, SQUARE_PAIRS};
use engine::{link, variants, Error, Game};

pub fn run(rest: &[String]) -> Result<(), Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let slug = rest.first().ok_or_else(|| usage("play takes a variant and moves"))?;
    let mut setup = None;
    let mut settings: Vec<u8> = Vec::new();
    let mut chance = ChanceSource::Seeded([0; SEED_BYTES]);
    let (mut card, mut at, mut detail) = (None, None, None);
    let mut moves = Vec::new();
    let mut setups = Vec::new();
    let mut iter = rest[1..].iter();
    while let Some(arg) = iter.next() {
        let mut value =
            |what: &str| iter.next().map(|s| s.as_str()).ok_or_else(|| usage(&format!("{arg} needs {what}")));
        match arg.as_str() {
            "--position" => setup = Some(value("a position")?),
            "--setup" => setups.push(value("a setup")?),
            // `--option`: the old name of `--setting`, still accepted.
            "--setting" | "--option" => {
                settings.push(value("a number")?.parse().map_err(|_| usage("--setting takes a number"))?)
            }
            "--seed" => {
                chance = ChanceSource::Seeded(
                    parse_seed(value("24 hex digits")?).ok_or_else(|| usage("--seed takes 24 hex digits"))?,
                )
            }
            "--card" => card = Some(value("a card")?.to_string()),
            "--at" => at = Some(value("a ply")?.parse::<u16>().map_err(|_| usage("--at takes a ply number"))?),
            "--detail" => {
                detail = Some(value("a number")?.parse::<u64>().map_err(|_| usage("--detail takes a number"))?)
            }
            flag if flag.starts_with("--") => return Err(Failure::Usage(format!("play has no flag {flag}"))),
            _ => moves.push(arg.as_str()),
        }
    }
    if let Some(card) = &card {
        chance = forced_chance(card, at, detail)?;
    } else if at.is_some() || detail.is_some() {
        return Err(usage("--at and --detail go with --card"));
    }
    let rules = variants::by_slug(slug)?;
    let settings = (!settings.is_empty()).then_some(settings);
    let mut game = Game::with_chance(rules, settings.as_deref(), setup, chance)?;
    if card.is_some() && !game.position().uses_chance() {
        return Err(usage("--card needs a game with chance: Chess 2024 with the fortunes of war on"));
    }
    // A card that could never strike is refused, not replaced by what chance would draw.
    if let (Some(card), Some(at), Some(text)) = (&card, at, setup) {
        if let Some(why) = Chess2024::from_text(text).ok().and_then(|p| p.forced_card_refusal(at)) {
            return Err(Failure::Usage(format!("--card {card} --at {at}: {why}")));
        }
    }
    // Setups (Napoleon), in the order they are due; a sealed one is revealed when its turn comes.
    let mut setups = setups.into_iter();
    while let Some(due) = game.setup_due() {
        if due.sealed {
            game.place_setup(due.seat, None)?;
            continue;
        }
        let Some(text) = setups.next() else { break };
        if due.seal {
            game.seal_setup(due.seat, text, [0; engine::seal::SALT_BYTES], 0)?;
        } else {
            game.place_setup(due.seat, Some(text))?;
        }
    }
    for (i, text) in moves.iter().enumerate() {
        let decision = game.find(text).map_err(|e| Error::new(e.code, format!("move {}: {}", i + 1, e.message)))?;
        game.play(decision)?;
    }
    print_game(&game);
    println!("link: {}", link::encode(&game, 0));
    Ok(())
}

/// Forced fortunes of war (Chess 2024): the named card strikes before ply `at`, with `detail` choosing
/// within that card only (see `Chess2024::forced_chance` for the encoding).
fn forced_chance(card: &str, at: Option<u16>, detail: Option<u64>) -> Result<ChanceSource, Failure> {
    let usage = |m: &str| Failure::Usage(m.to_string());
    let within = |count: u64| match detail {
        Some(d) if d >= count => Err(Failure::Usage(format!("--detail of {card} is 0 to {}, not {d}", count - 1))),
        d => Ok(d.unwrap_or(0)),
    };
    let none = || match detail {
        Some(_) => Err(Failure::Usage(format!("{card} takes no --detail"))),
        None => Ok(0),
    };
    let (card, detail) = match card {
        "queen" => (Card::QueenOfHearts, within(GIFT_KINDS)?),
        "ace-squares" => (Card::AceOfSpades, within(SQUARE_PAIRS)? * 2),
        "ace-isolated" => (Card::AceOfSpades, none()? * 2 + 1),
        "joker" => (Card::Joker, none()?),
        other => {
            return Err(Failure::Usage(format!("unknown card '{other}': queen, ace-squares, ace-isolated or joker")))
        }
    };
    let ply = at.ok_or_else(|| usage("--card needs --at <ply>"))?;
    let (first, last) = FORTUNE_PLIES;
    if !(first..=last).contains(&ply) {
        return Err(Failure::Usage(format!("--at takes a ply from {first} to {last}, not {ply}")));
    }
    Ok(ChanceSource::Scripted(vec![(ply as u32, Chess2024::forced_chance(ply, card, detail))]))
}
