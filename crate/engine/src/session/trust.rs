//! The rules an incoming link must pass before the session looks at the stored game: not a transfer
//! code, commit-and-reveal chance only, no decision in the receiver's name; and the continuation rule as
//! the command line's `continue` applies it.

use super::continuation::{self, Continuation};
use super::transfer;
use crate::chance::ChanceSource;
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::lang::Language;
use crate::link::{self, LinkGame};
use crate::Seat;

/// An incoming link may bring the other players' decisions only: one made in this browser's name (a
/// move, a resignation, a draw accepted) was forged by the sender.
pub(super) fn no_decisions_for(seat: Seat, stored: &Game, incoming: &Game) -> Result<()> {
    let new = incoming.record().get(stored.record().len()..).unwrap_or_default();
    match new.iter().position(|e| e.seat == seat) {
        None => Ok(()),
        Some(i) => Err(Error::bilingual(
            ErrorCode::LinkForgedMove,
            format!(
                "This link makes a decision in your name ({}, after {}) that you never made. It was not taken; your game is kept as it was.",
                if new[i].name.is_empty() { "a move" } else { new[i].name.as_str() },
                super::status::ply_label(incoming, stored.record().len() + i)
            ),
            format!(
                "Ce lien prend en votre nom une décision ({}, après {}) que vous n'avez jamais prise. Il n'a pas été accepté ; votre partie est conservée telle quelle.",
                if new[i].name.is_empty() { "un coup" } else { new[i].name.as_str() },
                super::status::ply_label_in(incoming, stored.record().len() + i, Language::Fr)
            ),
        )),
    }
}

/// Reads an incoming link as the page does: a transfer code is not a link, and a link game's chance
/// must be commit and reveal.
pub(super) fn read_incoming(text: &str) -> Result<LinkGame> {
    if transfer::looks_like(text) {
        return Err(Error::new(
            ErrorCode::LinkMalformed,
            "This is a transfer code, not a game link: import it under \"My games\" on the device that should take the game over.",
        ));
    }
    let incoming = link::decode(text)?;
    require_link_chance(&incoming.game)?;
    Ok(incoming)
}

/// The continuation rule exactly as the session applies it when `incoming` is opened in a browser
/// that keeps the link game `stored` and plays `seat` in it (the command line's `continue`; without a
/// seat, the one that made the stored link's last decision: its sender, who keeps it).
pub fn judge_continuation(stored: &str, incoming: &str, seat: Option<Seat>) -> Result<(Continuation, usize)> {
    let incoming = read_incoming(incoming)?;
    let stored = link::decode(stored)?;
    if incoming.game_id != stored.game_id {
        return Err(Error::new(ErrorCode::LinkOtherGame, "The two links are of different games (their ids differ): the incoming one would be opened as a game of its own."));
    }
    let verdict = continuation::continues(&stored, &incoming)?;
    if let Some(seat) = seat.or_else(|| stored.game.record().last().map(|e| e.seat)) {
        no_decisions_for(seat, &stored.game, &incoming.game)?;
    }
    Ok((verdict, incoming.game.record().len()))
}

/// A link game with chance draws it by commit and reveal only: a seeded or scripted link would let its
/// sender choose or foresee the fortunes of war.
pub(super) fn require_link_chance(game: &Game) -> Result<()> {
    match game.chance() {
        None | Some(ChanceSource::Committed(_)) => Ok(()),
        Some(other) => Err(Error::new(
            ErrorCode::LinkChanceMode,
            format!(
                "This game link draws the fortunes of war by {}, which a game between two browsers never does: it was altered or made by another tool.",
                other.mode_name()
            ),
        )),
    }
}
