//! What a player who listens hears (screen readers) when the page shows a state: every decision played
//! since the state last heard (by anyone), what an undo took back, the move that made a ply stepped to,
//! the chance event still to see, and the status line when it changed. The page keeps a [`Heard`] per
//! tab and speaks what this returns; which words to say is decided here.

use super::*;
use serde::Serialize;

/// The last state announced: the game, its decisions' words, the ply shown (none when live), the
/// status line and the chance event.
#[derive(Clone, Debug, Default)]
pub struct Heard {
    game: Option<String>,
    words: Vec<String>,
    ply: Option<usize>,
    status: String,
    event: Option<String>,
}

/// One thing to say. `kind` is "say" (the engine's words, in `text`), "taken-back" (`text`: the words of
/// the decisions taken back), "viewing" (`text`: the label of the ply shown, whose decision has no
/// words) or "start" (the start position is shown): the page words the last three in its language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Announcement {
    pub kind: &'static str,
    pub text: String,
}

fn say(text: impl Into<String>) -> Announcement {
    Announcement { kind: "say", text: text.into() }
}

impl Session {
    /// What to announce now that ply `ply` (the current one when `None`) is shown with `status` on the
    /// status line (the result banner's words first), since `heard`, which it then updates.
    pub fn announcements(&self, heard: &mut Heard, ply: Option<usize>, status: &str) -> Vec<Announcement> {
        let (Some(game), Some(id)) = (self.game(), self.game_id()) else { return Vec::new() };
        let language = self.language();
        let plies = game.record().len();
        let shown = ply.unwrap_or(plies);
        let live = shown == plies;
        let words: Vec<String> = (0..plies).map(|i| game.words_in(i, language)).collect();
        let note = |i: usize| game.record()[i].note.as_ref().map(|n| language.note(n)).filter(|n| !n.is_empty());
        let same_game = heard.game.as_deref() == Some(id.as_str());
        let mut parts = Vec::new();
        if !live {
            // Stepping through the moves: the move that made the shown position.
            if heard.ply != Some(shown) {
                parts.push(match shown.checked_sub(1) {
                    Some(i) if !words[i].is_empty() => say(words[i].clone()),
                    Some(_) => Announcement { kind: "viewing", text: status::ply_label_in(game, shown, language) },
                    None => Announcement { kind: "start", text: String::new() },
                });
            }
        } else if same_game && plies < heard.words.len() {
            // Undo: what was taken back.
            let back: Vec<&str> = heard.words[plies..].iter().filter(|w| !w.is_empty()).map(String::as_str).collect();
            parts.push(Announcement { kind: "taken-back", text: back.join(" ") });
        } else {
            // In the game heard before, every decision since; in a game just opened (an opponent's link,
            // a reload, My games), the last one: the move that is to be answered.
            let since =
                if same_game { heard.words.len() } else { words.iter().rposition(|w| !w.is_empty()).unwrap_or(0) };
            for (i, word) in words.iter().enumerate().take(plies).skip(since) {
                if !word.is_empty() {
                    parts.push(say(word.clone()));
                }
                parts.extend(note(i).map(say));
            }
        }
        // The chance event this player has still to see, once per game and event, unless its note was
        // just read.
        let event = if live { self.presentation(None).and_then(|p| p.event) } else { None };
        let event_key = event.as_ref().map(|e| format!("{id} {}", e.when));
        if let Some(e) = &event {
            if heard.event != event_key && !parts.iter().any(|p| p.text.contains(&e.text)) {
                parts.push(say([e.when.as_str(), &e.title, &e.text].join(". ")));
            }
        }
        if live && (status != heard.status || !parts.is_empty() || !same_game) {
            parts.push(say(status));
        }
        heard.game = Some(id);
        heard.words = words;
        heard.ply = (!live).then_some(shown);
        heard.status = status.to_string();
        if live {
            heard.event = event_key;
        }
        parts
    }
}
