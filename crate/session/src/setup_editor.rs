//! The setup editor's view (games with a setup phase): the board with the draft on it, the men still to
//! place, the rules the draft breaks, where a man may go, and the setup text the draft makes. The page
//! keeps the draft (the men placed, in the order placed) and draws what this says; the notation of a
//! setup and which squares take a man are the engine's.

use super::*;
use crate::rules::{ArmyCount, BoardView, SetupDraft};
use crate::square::Square;
use serde::Serialize;

/// A man of the draft: its square and its kind's picture code ("K", "P").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    pub square: u8,
    pub kind: String,
}

/// What the setup editor shows for a draft.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SetupEditor {
    /// The board with the draft on it.
    pub board: BoardView,
    /// Per kind of man: how many the setup needs and how many the draft places (names in the language).
    pub army: Vec<ArmyCount>,
    /// The rules the draft breaks, in the language: none when it may be sealed or placed.
    pub problems: Vec<String>,
    /// The draft's men (as given, or as read from a setup text).
    pub men: Vec<Placed>,
    /// The setup text the draft makes: what to seal or place, and the board the cursor reads.
    pub text: String,
    /// The squares a man may be placed on now: the seat's zone, empty.
    pub open: Vec<u8>,
}

/// A click on the editor's board: the draft after it and the kind of man chosen next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupEdit {
    pub men: Vec<Placed>,
    pub kind: String,
}

/// The draft as setup text: each man's kind and square ("Ka1 Pb2").
pub fn draft_text(men: &[Placed]) -> String {
    men.iter().map(|m| format!("{}{}", m.kind, Square(m.square).name())).collect::<Vec<_>>().join(" ")
}

/// The men of a setup text (a ready-made or random setup); words that name no man are left out.
pub fn draft_of(text: &str) -> Vec<Placed> {
    let mut men: Vec<Placed> = Vec::new();
    for word in text.split_whitespace() {
        let Some(kind) = word.chars().next() else { continue };
        let Some(square) = Square::parse(&word[kind.len_utf8()..]) else { continue };
        // A square named twice holds the last man named.
        match men.iter_mut().find(|m| m.square == square.0) {
            Some(m) => m.kind = kind.to_string(),
            None => men.push(Placed { square: square.0, kind: kind.to_string() }),
        }
    }
    men
}

impl Session {
    /// The editor's view of `men` for the seat setting up now.
    pub fn setup_editor(&self, men: Vec<Placed>) -> Result<SetupEditor> {
        let game = self.game().ok_or_else(no_game)?;
        let seat = game.setup_due().map_or(game.to_move(), |d| d.seat);
        let language = self.language();
        let text = draft_text(&men);
        let draft = match game.position().setup_phase() {
            Some(setups) => {
                let mut draft = setups.setup_preview(seat, &text);
                draft.problems = draft.problems.iter().map(|p| language.note(p)).collect();
                for count in &mut draft.army {
                    count.name = language.piece_name(&count.name);
                }
                draft
            }
            None => SetupDraft {
                board: game.position().view(),
                army: Vec::new(),
                problems: vec![match language {
                    Language::En => "This game has no setup phase.".into(),
                    Language::Fr => "Cette partie n'a pas de phase de mise en place.".into(),
                }],
            },
        };
        let zone = draft.board.regions.iter().filter(|r| r.style == "zone").flat_map(|r| r.squares.iter());
        let taken = |sq: &Square| draft.board.pieces.iter().any(|p| p.square == *sq);
        // In order, once each: a square's mark in a table of every square rather than a sort (whose code
        // for this element type the module would carry for this one list).
        let mut free = [false; 256];
        zone.filter(|sq| !taken(sq)).for_each(|sq| free[usize::from(sq.0)] = true);
        let open: Vec<u8> = (0..=u8::MAX).filter(|&sq| free[usize::from(sq)]).collect();
        Ok(SetupEditor { board: draft.board, army: draft.army, problems: draft.problems, men, text, open })
    }

    /// A click on `square` while placing men of `kind`: takes back the man there, or places one where a
    /// man may go; once `kind` is complete, the next kind still short of men is chosen.
    pub fn setup_click(&self, men: Vec<Placed>, kind: &str, square: u8) -> Result<SetupEdit> {
        let view = self.setup_editor(men)?;
        let mut men = view.men;
        let mut kind = kind.to_string();
        if let Some(at) = men.iter().position(|m| m.square == square) {
            men.remove(at);
        } else if view.open.contains(&square) {
            men.push(Placed { square, kind: kind.clone() });
            let complete = view.army.iter().find(|a| a.kind == kind).is_some_and(|a| a.placed + 1 >= a.needed);
            if let Some(next) = view.army.iter().find(|a| complete && a.kind != kind && a.placed < a.needed) {
                kind = next.kind.to_string();
            }
        }
        Ok(SetupEdit { men, kind })
    }
}
