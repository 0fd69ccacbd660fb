//! The words of a game's end ("White wins by checkmate", "Les Blancs gagnent par échec et mat"), for
//! the status line, stored results and PGN's Termination tag.

use crate::lang::{capital, Language};
use crate::rules::{EndReason, Outcome};

/// The words of an outcome: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(outcome: Outcome, names: &[&str]) -> String {
    outcome_text_in(outcome, names, Language::En)
}

/// The words of an outcome in `language`: "Les Blancs gagnent par échec et mat".
pub fn outcome_text_in(outcome: Outcome, names: &[&str], language: Language) -> String {
    match (language, outcome.winner) {
        (Language::En, Some(seat)) => format!("{} wins by {}", name(names, seat), outcome.reason.describe()),
        (Language::En, None) => format!("Draw by {}", outcome.reason.describe()),
        (Language::Fr, Some(seat)) => {
            capital(&format!("{} gagnent par {}", subject(names, seat, language), reason_fr(outcome.reason)))
        }
        (Language::Fr, None) => format!("Nulle par {}", reason_fr(outcome.reason)),
    }
}

/// Why a game ended, in French (after « par »).
fn reason_fr(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "échec et mat",
        EndReason::Stalemate => "pat",
        EndReason::Resignation => "abandon",
        EndReason::DrawAgreed => "accord mutuel",
        EndReason::Repetition => "triple répétition",
        EndReason::NoProgress => "absence de progrès (règle des 50 coups)",
        EndReason::InsufficientMaterial => "matériel insuffisant",
        EndReason::AllCaptured => "la prise de toutes les pièces",
        EndReason::BothPassed => "deux passes de suite",
        EndReason::NoLegalTurn => "blocage : l'adversaire n'a plus de tour légal",
        EndReason::LastKingStanding => "dernier roi debout",
    }
}

/// A seat's name, or "Player n" where the game names none.
pub fn name(names: &[&str], seat: u8) -> String {
    names.get(seat as usize).map_or_else(|| format!("Player {}", seat + 1), |n| n.to_string())
}

/// A seat as the subject of a sentence: "White", "les Blancs".
pub fn subject(names: &[&str], seat: u8, language: Language) -> String {
    match language {
        Language::En => name(names, seat),
        Language::Fr => {
            names.get(seat as usize).map_or_else(|| format!("le joueur {}", seat + 1), |n| language.seat(n))
        }
    }
}
