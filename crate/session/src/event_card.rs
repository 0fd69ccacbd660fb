//! The chance event (a card of Chess 2024's fortunes of war) a player at this screen has still to see:
//! the game's latest event, shown until that player's next decision. So every player sees it the first
//! time their browser shows the game after it, whoever's browser drew it: in a link game the one who
//! opens the next link, in a computer game the player after the computer's reply, in pass and play the
//! player after the one the event struck before.

use crate::game::{Decision, Game};
use crate::lang::Language;
use crate::Seat;
use serde::Serialize;

/// The card to show: its face (the card's English title, which the page's pictures are named by), its
/// title and what it did (in the session's language), and when it struck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventCard {
    pub face: String,
    pub title: String,
    pub text: String,
    pub when: String,
}

/// The latest event of `game` if `viewer` (the player at this screen) has made no decision since it
/// struck; `None` otherwise.
pub(super) fn unseen(game: &Game, viewer: Seat, language: Language) -> Option<EventCard> {
    let record = game.record();
    let struck = record.iter().rposition(|e| e.note.is_some())?;
    if record[struck + 1..].iter().any(|e| e.seat == viewer && matches!(e.decision, Decision::Act(_))) {
        return None;
    }
    let event = game.position_at(struck + 1).ok()?.view().event?;
    let after = game.ply_label_in(struck + 1, language);
    let when = match language {
        Language::En => format!("Fortunes of war, after {after}"),
        Language::Fr => format!("Fortunes de la guerre, après {after}"),
    };
    Some(EventCard { title: language.note(&event.title), text: language.note(&event.text), face: event.title, when })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::ChanceSource;
    use crate::variants::chess2024::{Card, Chess2024};

    /// Chess 2024 at White's move 10 (ply 19), the one event forced at ply `at`.
    fn forced(card: Card, at: u16) -> Game {
        let rules = crate::variants::by_slug("chess2024").expect("registered");
        let chance = ChanceSource::Scripted(vec![(u32::from(at), Chess2024::forced_chance(at, card, 0))]);
        Game::with_chance(rules, None, Some("6k5/12/p11/12/6r5/12/12/12/12/12/6B5/6K5 w 0 10"), chance).expect("valid")
    }

    fn play(game: &mut Game, name: &str) {
        let decision = game.find(name).expect("legal");
        game.play(decision).expect("played");
    }

    #[test]
    fn every_player_sees_the_card_until_their_own_next_decision() {
        let mut game = forced(Card::QueenOfHearts, 20);
        assert_eq!(unseen(&game, 0, Language::En), None, "nothing has struck");
        play(&mut game, "Kh1");
        // The card struck before Black's move: both players have it to see.
        let card = unseen(&game, 1, Language::En).expect("Black sees the card it drew");
        assert_eq!((card.face.as_str(), card.title.as_str()), ("Queen of Hearts", "Queen of Hearts"));
        assert!(card.text.starts_with("Good news for Black"), "{}", card.text);
        assert_eq!(card.when, "Fortunes of war, after 1. Kh1");
        assert_eq!(unseen(&game, 0, Language::En), Some(card.clone()), "and White, who made the move before it");
        // Black moves: White (whose browser may show the game only now) still has it; Black has seen it.
        play(&mut game, "Kf11");
        assert_eq!(unseen(&game, 0, Language::En), Some(card), "White sees it after Black's reply");
        assert_eq!(unseen(&game, 1, Language::En), None);
        play(&mut game, "Kg1");
        assert_eq!(unseen(&game, 0, Language::En), None, "White has seen it once it moved");
        // In French, with the face kept for the pictures.
        let mut game = forced(Card::QueenOfHearts, 20);
        play(&mut game, "Kh1");
        let card = unseen(&game, 0, Language::Fr).expect("a card");
        assert_eq!(
            (card.face.as_str(), card.when.as_str()),
            ("Queen of Hearts", "Fortunes de la guerre, après 1. Kh1")
        );
        assert!(card.text.starts_with("Bonne nouvelle pour les Noirs"), "{}", card.text);
    }

    #[test]
    fn the_joker_says_where_the_board_went_back_to() {
        let mut game = forced(Card::Joker, 22);
        for name in ["Kh1", "Kf11", "Kg1"] {
            play(&mut game, name);
        }
        let card = unseen(&game, 0, Language::En).expect("the Joker struck before Black's move 11");
        assert_eq!(
            card.text,
            "The game goes back 3 plies, restoring everything: White plays move 10 again; the event is used."
        );
        assert_eq!(game.position().to_move(), 0);
        let card = unseen(&game, 1, Language::Fr).expect("in French");
        assert!(card.text.contains("les Blancs jouent à nouveau leur coup 10"), "{}", card.text);
    }
}
