//! The continuation rule: when an incoming link may replace the copy of a game this browser keeps.
//!
//! A link continues a stored game only if everything but the new decisions is the same: game id,
//! variant, rules revision, settings, start position, chance mode, every commitment and reveal already
//! seen (reveals may only reach further), every sealed setup's commitment and salt already seen, every
//! seat's signing key already seen, and the stored decisions are a prefix of the incoming ones. Each other case has its own error code; the
//! caller keeps the stored game untouched. Both links are fully decoded (and so replayed and checked)
//! before this rule is applied.

use crate::chance::ChanceSource;
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::link::LinkGame;

/// What an accepted incoming link is to the stored game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Continuation {
    /// The same game, nothing new.
    Same,
    /// New decisions after the stored ones: `plies` in all.
    Extends { plies: usize },
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Error {
    Error::new(code, message)
}

/// Applies the rule; see the module documentation.
pub fn continues(stored: &LinkGame, incoming: &LinkGame) -> Result<Continuation> {
    same_game(stored, incoming)?;
    same_chance(&stored.game, &incoming.game)?;
    same_seals(&stored.game, &incoming.game)?;
    let verdict = same_moves(&stored.game, &incoming.game)?;
    same_keys(&stored.game, &incoming.game)?;
    Ok(verdict)
}

/// How many decisions two records share from the start (the same option of the same count, by the
/// same seat).
pub fn parted_at(stored: &Game, incoming: &Game) -> usize {
    stored
        .record()
        .iter()
        .zip(incoming.record())
        .take_while(|(a, b)| a.index == b.index && a.option_count == b.option_count && a.seat == b.seat)
        .count()
}

/// A seat's key, once seen, never changes: whoever swapped it could sign in that seat's name. It may be
/// missing only from a link that speaks for that seat in nothing new (a player who resigned before
/// seeing the seat's first move never learnt its key).
fn same_keys(stored: &Game, incoming: &Game) -> Result<()> {
    let names = stored.seat_names();
    let new = &incoming.record()[parted_at(stored, incoming)..];
    for (seat, (a, b)) in stored.authors().iter().zip(incoming.authors()).enumerate() {
        let dropped = b.key.is_none() && new.iter().any(|e| e.seat as usize == seat);
        if a.key.is_some() && (b.key.is_some_and(|k| Some(k) != a.key) || dropped) {
            let name = names.get(seat).copied().unwrap_or("A player");
            return Err(refuse(
                ErrorCode::LinkKeyChanged,
                format!("This link changes or drops {name}'s key in one of your games, so its decisions could be signed by someone else. It was not taken; your game is kept as it was."),
            ));
        }
    }
    Ok(())
}

fn same_game(stored: &LinkGame, incoming: &LinkGame) -> Result<()> {
    let (a, b) = (&stored.game, &incoming.game);
    let what = if stored.game_id != incoming.game_id {
        Some("another game id")
    } else if a.rules().info().id != b.rules().info().id {
        Some("another variant")
    } else if a.rules().info().revision != b.rules().info().revision {
        Some("another revision of the rules")
    } else if a.settings() != b.settings() {
        Some("other settings")
    } else if a.setup() != b.setup() {
        Some("another start position")
    } else {
        None
    };
    match what {
        None => Ok(()),
        Some(what) => Err(refuse(
            ErrorCode::LinkOtherGame,
            format!("This link carries the id of one of your games but {what}: it is not a continuation of it. It was not taken; your game is kept as it was."),
        )),
    }
}

fn same_chance(stored: &Game, incoming: &Game) -> Result<()> {
    let changed = || {
        refuse(
            ErrorCode::LinkCommitmentChanged,
            "This link changes or drops a player's commitment for the fortunes of war in one of your games. It was not taken; your game is kept as it was.",
        )
    };
    match (stored.chance(), incoming.chance()) {
        (None, None) => Ok(()),
        (Some(ChanceSource::Committed(a)), Some(ChanceSource::Committed(b))) => {
            if a.extended_by(b) {
                Ok(())
            } else {
                Err(changed())
            }
        }
        (Some(ChanceSource::Seeded(a)), Some(ChanceSource::Seeded(b))) if a == b => Ok(()),
        (Some(ChanceSource::Scripted(a)), Some(ChanceSource::Scripted(b))) if a == b => Ok(()),
        (a, b) => Err(refuse(
            ErrorCode::LinkChanceMode,
            format!(
                "This link draws the fortunes of war by {} where your game draws them by {}. It was not taken; your game is kept as it was.",
                b.map_or("nothing", ChanceSource::mode_name),
                a.map_or("nothing", ChanceSource::mode_name)
            ),
        )),
    }
}

fn same_seals(stored: &Game, incoming: &Game) -> Result<()> {
    let names = stored.seat_names();
    for (seat, (a, b)) in stored.seals().iter().zip(incoming.seals()).enumerate() {
        let commitment_kept = a.commitment.is_none() || a.commitment == b.commitment;
        let salt_kept = a.salt.is_none() || a.salt == b.salt;
        if !commitment_kept || !salt_kept {
            let name = names.get(seat).copied().unwrap_or("A player");
            return Err(refuse(
                ErrorCode::LinkSealChanged,
                format!("This link changes {name}'s sealed setup in one of your games, after it was sealed. It was not taken; your game is kept as it was."),
            ));
        }
    }
    if stored.seals().len() != incoming.seals().len() {
        return Err(refuse(ErrorCode::LinkOtherGame, "This link has another number of players than your game."));
    }
    Ok(())
}

fn same_moves(stored: &Game, incoming: &Game) -> Result<Continuation> {
    let (old, new) = (stored.record(), incoming.record());
    let common =
        old.iter().zip(new).take_while(|(a, b)| a.index == b.index && a.option_count == b.option_count).count();
    if common == old.len() {
        return Ok(if new.len() == old.len() {
            Continuation::Same
        } else {
            Continuation::Extends { plies: new.len() }
        });
    }
    // The sender resigned while waiting for moves of ours it has not seen: its resignation ends the
    // game where it stood (our later moves are dropped; they cannot have changed who won by it).
    let resigner = incoming.resigned_out_of_turn();
    if let Some(resigner) = resigner.filter(|_| new.len() == common + 1 && stored.outcome().is_none()) {
        if old[common..].iter().all(|e| e.seat != resigner) {
            return Ok(Continuation::Extends { plies: new.len() });
        }
    }
    if common == new.len() {
        return Err(refuse(
            ErrorCode::LinkOlderCopy,
            format!(
                "This link is an older copy of a game you have: it stops at {}, yours goes on to {}. Your game is shown.",
                super::status::ply_label(incoming, new.len()),
                super::status::ply_label(stored, old.len())
            ),
        ));
    }
    Err(refuse(
        ErrorCode::LinkRewrite,
        format!(
            "This link rewrites moves already played in one of your games: it differs from yours after {}. It was not taken; your game is kept as it was.",
            super::status::ply_label(stored, common)
        ),
    ))
}
