//! The cap on the games a browser keeps: a page that opens Chessfront with one new link after another
//! must not fill the browser's storage (after which every save, the player's real games' too, fails).
//! At the cap, a new game first makes room by deleting games this browser never decided in (links
//! opened and never answered), least recently played first; the player's own games are never deleted
//! for it, and when no such game is left the new game is not saved and the player is told what to do.

use super::keep::StoredGame;
use super::Session;
use crate::error::{Error, ErrorCode, Result};
use crate::link;

/// The most games a browser keeps. Far more than anyone plays at once, and small enough that the list
/// (read whole to show "My games" and when a new game is saved) stays quick and that 200 games with
/// their secrets (a few KB each at most) stay well under the 5 MB that browsers give a page's storage.
pub const MAX_GAMES: usize = 200;

impl Session {
    /// Makes room for one more stored game (see the module documentation).
    pub(super) fn make_room(&mut self) -> Result<()> {
        let games = self.shelf().games(); // most recently played first
        let excess = (games.len() + 1).saturating_sub(MAX_GAMES);
        if excess == 0 {
            return Ok(());
        }
        // Lazily, oldest first: a link is decoded only until enough games are found.
        let idle: Vec<&StoredGame> = games.iter().rev().filter(|g| never_decided(g)).take(excess).collect();
        if idle.len() < excess {
            return Err(too_many_games());
        }
        for g in idle {
            self.shelf().delete_game(&g.id);
        }
        Ok(())
    }
}

/// A link game whose record holds no decision of this browser's seat. A copy that cannot be read is
/// kept: nothing shows what it held.
fn never_decided(g: &StoredGame) -> bool {
    let Some(seat) = g.seat.filter(|_| g.mode == "link") else { return false };
    link::decode(&g.link).is_ok_and(|d| d.game.record().iter().all(|e| e.seat != seat))
}

fn too_many_games() -> Error {
    Error::bilingual(
        ErrorCode::TooManyGames,
        format!("This browser already keeps {MAX_GAMES} games, the most it keeps, and you have played in each of them, so this new game was not saved here (its link still holds the whole game). Delete the games you no longer need under \"My games\": this game is then saved with your next move."),
        format!("Ce navigateur garde déjà {MAX_GAMES} parties, le plus qu'il en garde, et vous avez joué dans chacune : cette nouvelle partie n'a donc pas été enregistrée ici (son lien contient toujours toute la partie). Supprimez sous « Mes parties » celles dont vous n'avez plus besoin : cette partie sera alors enregistrée à votre prochain coup."),
    )
}
