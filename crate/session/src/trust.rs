//! The rules an incoming link must pass before the session looks at the stored game: not a transfer
//! code, spelled as the encoder spells it, signed by its players, commit-and-reveal chance only, no
//! decision in the receiver's name; and the continuation rule as the command line's `continue` applies
//! it.

use super::continuation::{self, Continuation};
use super::transfer;
use crate::chance::ChanceSource;
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::lang::Language;
use crate::link::{self, LinkGame};
use crate::Seat;

/// An incoming link may bring the other players' decisions only: from the first decision where it and
/// the stored game part, one made in this browser's name (a move, a resignation, a draw accepted) was
/// forged by the sender (the link leaves out the receiver's signature: the receiver knows its own).
pub(super) fn no_decisions_for(seat: Seat, stored: &Game, incoming: &Game) -> Result<()> {
    let parted = continuation::parted_at(stored, incoming);
    let new = &incoming.record()[parted..];
    match new.iter().position(|e| e.seat == seat) {
        None => Ok(()),
        Some(i) => Err(Error::bilingual(
            ErrorCode::LinkForgedMove,
            format!(
                "This link makes a decision in your name ({}, after {}) that you never made. It was not taken; your game is kept as it was.",
                if new[i].name.is_empty() { "a move" } else { new[i].name.as_str() },
                super::status::ply_label(incoming, parted + i)
            ),
            format!(
                "Ce lien prend en votre nom une décision ({}, après {}) que vous n'avez jamais prise. Il n'a pas été accepté ; votre partie est conservée telle quelle.",
                if new[i].name.is_empty() { "un coup" } else { new[i].name.as_str() },
                super::status::ply_label_in(incoming, parted + i, Language::Fr)
            ),
        )),
    }
}

/// Reads an incoming link as the page does: a transfer code is not a link; a link has one spelling,
/// is signed by its players and draws its chance by commit and reveal.
pub(super) fn read_incoming(text: &str) -> Result<LinkGame> {
    if transfer::looks_like(text) {
        return Err(Error::bilingual(
            ErrorCode::LinkMalformed,
            "This is a transfer code, not a game link. Transfer codes only move your own game between your own devices; one sent to you by someone else would let them play in your name or foresee your game's chance.",
            "Ceci est un code de transfert, pas un lien de partie. Un code de transfert sert seulement à déplacer votre propre partie entre vos appareils ; un code envoyé par quelqu'un d'autre lui permettrait de jouer en votre nom ou de prévoir le hasard de votre partie.",
        ));
    }
    let incoming = link::decode(text)?;
    if link::encode(&incoming.game, incoming.game_id) != link::fragment_of(text) {
        return Err(Error::bilingual(
            ErrorCode::LinkRespelled,
            "This game link is not written the way Chessfront writes it (it was re-encoded by another tool), so it was not taken.",
            "Ce lien de partie n'est pas écrit comme Chessfront l'écrit (il a été réencodé par un autre outil) : il n'a pas été accepté.",
        ));
    }
    if !incoming.game.signed() {
        return Err(Error::bilingual(
            ErrorCode::LinkUnsigned,
            "This game link carries no signatures, so nothing proves who made its decisions: it was made by an earlier version of Chessfront or by another tool. Start a new game.",
            "Ce lien de partie ne porte aucune signature : rien ne prouve qui a pris ses décisions. Il a été créé par une version antérieure de Chessfront ou par un autre outil. Commencez une nouvelle partie.",
        ));
    }
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
    let seat = seat.or_else(|| stored.game.record().last().map(|e| e.seat));
    let verdict = judge(&stored, &incoming, seat)?;
    Ok((verdict, incoming.game.record().len()))
}

/// Whether `incoming` may replace `stored` in the browser that plays `seat` in it: the continuation
/// rule, then no decision in that seat's name from where the two records part.
pub(super) fn judge(stored: &LinkGame, incoming: &LinkGame, seat: Option<Seat>) -> Result<Continuation> {
    let verdict = continuation::continues(stored, incoming)?;
    if let Some(seat) = seat {
        no_decisions_for(seat, &stored.game, &incoming.game)?;
    }
    Ok(verdict)
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
