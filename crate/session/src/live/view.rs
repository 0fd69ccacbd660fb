//! What the page draws of a live game (`state().session.live`): the connection, the clocks as this
//! browser measures them, a takeback under way, a fall of the flag, a rematch offered, and their words
//! in the session's language.

use super::{Connection, Live};
use crate::lang::Language;
use crate::Seat;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControlView {
    pub name: String,
    pub base_ms: u64,
    pub increment_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockView {
    pub seat: Seat,
    pub remaining_ms: u64,
    pub running: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TakebackView {
    /// "you" or "opponent".
    pub by: &'static str,
    pub ply: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeerView {
    pub seat: Seat,
    pub connection: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Words {
    pub connection: String,
    pub clocks: Vec<String>,
    pub takeback: Option<String>,
    pub flagged: Option<String>,
    pub rematch: Option<String>,
}

/// `state().session.live`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveView {
    pub connection: &'static str,
    pub control: Option<ControlView>,
    pub clocks: Vec<ClockView>,
    pub measured_at_ms: u64,
    pub takeback: Option<TakebackView>,
    pub flagged: Option<Seat>,
    pub rematch: bool,
    /// "Ask to take back" is offered: connected, the game under way, nothing asked yet, and the
    /// player's last turn may be taken back (a game of two, no chance event or setup in it).
    pub takeback_offered: bool,
    pub peers: Vec<PeerView>,
    pub words: Words,
}

fn say(fr: bool, text: &str) -> String {
    if fr {
        crate::lang::typo(text.to_string())
    } else {
        text.to_string()
    }
}

/// A clock as players read it: "4:59", "1:02:03", and tenths under ten seconds ("9.4").
pub fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    if ms < 10_000 {
        format!("{}.{}", seconds, (ms % 1000) / 100)
    } else if seconds >= 3600 {
        format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

fn connection_words(c: Connection, language: Language) -> &'static str {
    match (c, language) {
        (Connection::Waiting, Language::En) => "Waiting for the other player to connect.",
        (Connection::Waiting, Language::Fr) => "En attente de la connexion de l'autre joueur.",
        (Connection::Connected, Language::En) => "Connected: playing live.",
        (Connection::Connected, Language::Fr) => "Connecté : partie en direct.",
        (Connection::Disconnected, Language::En) => {
            "Your opponent is disconnected. The clocks keep running: keep waiting, or go on by links."
        }
        (Connection::Disconnected, Language::Fr) => {
            "Votre adversaire est déconnecté. Les pendules tournent : attendez encore, ou continuez par liens."
        }
        (Connection::Links, Language::En) => "Going on by links: the clocks are stopped.",
        (Connection::Links, Language::Fr) => "La partie continue par liens : les pendules sont arrêtées.",
    }
}

/// The view of `live` at `now` for the browser playing `mine`, with `names` the seats' names.
pub fn of(live: &Live, mine: Seat, names: &[&str], language: Language, now: u64) -> LiveView {
    let clocks: Vec<ClockView> = live
        .clocks
        .as_ref()
        .map(|c| {
            (0..c.remaining.len() as Seat)
                .map(|seat| ClockView {
                    seat,
                    remaining_ms: c.remaining_at(seat, now),
                    running: c.running == Some(seat),
                })
                .collect()
        })
        .unwrap_or_default();
    let fr = language == Language::Fr;
    let takeback =
        live.takeback.as_ref().map(|t| TakebackView { by: if t.by == mine { "you" } else { "opponent" }, ply: t.ply });
    let takeback_words = takeback.as_ref().map(|t| {
        match (t.by, fr) {
            ("you", false) => "You asked to take back your last move: waiting for the answer.",
            ("you", true) => "Vous avez demandé à reprendre votre dernier coup : en attente de la réponse.",
            (_, false) => "Your opponent asks to take back their last move.",
            (_, true) => "Votre adversaire demande à reprendre son dernier coup.",
        }
        .to_string()
    });
    let flagged_words = live.flagged.map(|seat| {
        let notice = super::on_time_notice(names, seat).in_language(language);
        notice.text
    });
    let rematch_words = live.rematch.as_ref().map(|_| {
        if fr { "Votre adversaire propose une revanche." } else { "Your opponent offers a rematch." }.to_string()
    });
    LiveView {
        connection: live.connection.name(),
        control: live.control().map(|c| ControlView {
            name: c.name(),
            base_ms: c.base_ms,
            increment_ms: c.increment_ms,
        }),
        words: Words {
            connection: say(fr, connection_words(live.connection, language)),
            clocks: clocks.iter().map(|c| clock_text(c.remaining_ms)).collect(),
            takeback: takeback_words.map(|w| say(fr, &w)),
            flagged: flagged_words,
            rematch: rematch_words.map(|w| say(fr, &w)),
        },
        clocks,
        measured_at_ms: now,
        takeback,
        flagged: live.flagged,
        rematch: live.rematch.is_some(),
        takeback_offered: false,
        peers: live.peers.iter().map(|(seat, c)| PeerView { seat: *seat, connection: c.name() }).collect(),
    }
}
