//! The sound an update makes, as a fact of the game: the page plays it and guesses nothing (it never
//! compares pictures or reads a variant's name). One sound per update, the strongest of what happened:
//! the end of the game, a chance event, a check, a shot or explosion, a capture, a move; and on opening
//! a link, the player's turn.

use crate::game::{Decision, Game, RecordEntry};
use serde::Serialize;

/// What the page plays (it draws the tone of each; the names are the stable words it reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sound {
    Move,
    Capture,
    /// A shot, an explosion, a wound: the action destroys rather than moves or captures.
    Blast,
    Check,
    /// A chance event struck (a card of the fortunes of war).
    Chance,
    End,
    /// A link was opened and the decision is this browser's.
    YourTurn,
}

/// The sound of the decisions played from record index `from` on: none when nothing was played, or
/// only game-level decisions that do not end the game (a draw offered).
pub fn of_decisions(game: &Game, from: usize) -> Option<Sound> {
    let new = game.record().get(from..).filter(|n| !n.is_empty())?;
    if game.outcome().is_some() {
        return Some(Sound::End);
    }
    if new.iter().any(|e| e.note.is_some()) {
        return Some(Sound::Chance);
    }
    if !new.iter().any(|e| matches!(e.decision, Decision::Act(_))) {
        return None;
    }
    if !game.position().view().checked_seats.is_empty() {
        return Some(Sound::Check);
    }
    let destroys = |(i, e): (usize, &RecordEntry)| match e.decision {
        Decision::Act(a) => game.position_at(from + i).is_ok_and(|p| p.info(a).destroys),
        _ => false,
    };
    if new.iter().enumerate().any(destroys) {
        return Some(Sound::Blast);
    }
    Some(if new.iter().any(captures) { Sound::Capture } else { Sound::Move })
}

/// The sound of a link just opened: the end if it ended the game, else the player's turn if the
/// decision is this browser's (`decides`).
pub fn of_opening(game: &Game, decides: bool) -> Option<Sound> {
    if game.outcome().is_some() {
        Some(Sound::End)
    } else {
        decides.then_some(Sound::YourTurn)
    }
}

/// Whether a decision removed a piece: one that vanished from a square other than the mover's and did
/// not come back as itself (a castling rook comes back elsewhere; a captured piece does not, whatever
/// the capturer turns into).
fn captures(e: &RecordEntry) -> bool {
    let effects = &e.effects;
    effects.vanish.iter().any(|gone| {
        Some(gone.square) != e.from && !effects.appear.iter().any(|p| p.kind == gone.kind && p.color == gone.color)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::ChanceSource;
    use crate::variants;

    fn game(slug: &str, position: Option<&str>) -> Game {
        Game::from_slug(slug, position).unwrap_or_else(|e| panic!("{slug}: {e}"))
    }

    /// The sound of one decision, named as the move list names it.
    fn sound_of(g: &mut Game, name: &str) -> Option<Sound> {
        let before = g.record().len();
        let decision = g.find(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        g.play(decision).expect("legal");
        of_decisions(g, before)
    }

    #[test]
    fn chess_moves_captures_checks_and_the_end() {
        let mut g = game("chess", None);
        assert_eq!(of_decisions(&g, 0), None, "nothing played: silence");
        assert_eq!(sound_of(&mut g, "e4"), Some(Sound::Move));
        assert_eq!(sound_of(&mut g, "d5"), Some(Sound::Move));
        assert_eq!(sound_of(&mut g, "exd5"), Some(Sound::Capture));
        assert_eq!(sound_of(&mut g, "offer-draw"), None, "a draw offer makes no sound");
        assert_eq!(sound_of(&mut g, "Qxd5"), Some(Sound::Capture));
        assert_eq!(sound_of(&mut g, "Bb5"), Some(Sound::Check));
        let mut mate = game("chess", None);
        for m in ["f3", "e5", "g4"] {
            sound_of(&mut mate, m);
        }
        assert_eq!(sound_of(&mut mate, "Qh4"), Some(Sound::End));
        assert_eq!(sound_of(&mut game("chess", None), "resign"), Some(Sound::End));
    }

    #[test]
    fn castling_is_a_move_and_en_passant_a_capture() {
        let mut g = game("chess", Some("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1"));
        assert_eq!(sound_of(&mut g, "exd6"), Some(Sound::Capture), "the victim is not on the target square");
        let mut g = game("chess", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
        assert_eq!(sound_of(&mut g, "O-O"), Some(Sound::Move), "the rook comes back on f1");
    }

    #[test]
    fn a_promotion_is_a_move_or_a_capture() {
        let mut g = game("chess", Some("1r2k3/P6p/8/8/8/8/8/4K3 w - - 0 1"));
        assert_eq!(sound_of(&mut g.clone(), "a8=Q"), Some(Sound::Move), "the rook on b8 shields the king");
        assert_eq!(sound_of(&mut g, "axb8=N"), Some(Sound::Capture));
    }

    #[test]
    fn shots_and_wounds_are_blasts() {
        let mut g = game("gunnery", Some("r3k3/8/8/4p3/8/4N3/4P3/R3K3 w - - 0 1"));
        assert_eq!(sound_of(&mut g, "e2*e5"), Some(Sound::Blast));
        let mut g = game("wounds", None);
        for m in ["e2-e3", "e7-e6", "e3-e4", "e6-e5"] {
            sound_of(&mut g, m);
        }
        assert_eq!(sound_of(&mut g, "e4~e5"), Some(Sound::Blast), "a wound leaves the piece, with fewer prongs");
    }

    #[test]
    fn a_checkered_capture_is_a_capture_although_the_capturer_changes() {
        let mut g = game("checkered", None);
        for m in ["e4", "d5"] {
            sound_of(&mut g, m);
        }
        let before = g.record().len();
        let capture = g
            .decisions()
            .into_iter()
            .find(|&d| matches!(d, Decision::Act(a) if g.position().info(a).name.starts_with("exd5")));
        g.play(capture.expect("exd5 is listed")).expect("legal");
        let effects = &g.record()[before].effects;
        assert!(effects.appear.iter().any(|p| p.color == "checkered"), "the capturer turned checkered");
        assert_eq!(of_decisions(&g, before), Some(Sound::Capture));
    }

    #[test]
    fn a_chance_event_is_heard_over_the_move_that_brought_it() {
        // Chess 2024, White plays ply 19; the Queen of Hearts is forced before ply 20.
        let rules = variants::by_slug("chess2024").expect("registered");
        let start = "r4k6/12/12/12/12/12/12/12/12/12/12/R4K6 w 0 10";
        let chance = ChanceSource::Scripted(vec![(20, 0)]);
        let mut g = Game::with_chance(rules, None, Some(start), chance).expect("position");
        assert_eq!(sound_of(&mut g, "Kf2"), Some(Sound::Chance));
        assert!(g.record()[0].note.is_some(), "the record notes the event");
        assert_eq!(sound_of(&mut g, "Kf11"), Some(Sound::Move), "no event after it");
    }

    #[test]
    fn opening_a_link_is_the_players_turn_or_the_end() {
        let mut g = game("chess", None);
        assert_eq!(of_opening(&g, true), Some(Sound::YourTurn));
        assert_eq!(of_opening(&g, false), None, "the opponent's turn: silence");
        sound_of(&mut g, "resign");
        assert_eq!(of_opening(&g, false), Some(Sound::End));
    }
}
