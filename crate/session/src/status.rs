//! The words the page shows about the game: whose turn, what the player can do, who sits where, and
//! what to do with the link. Written here, with the rest of the game's policy, so the page only places
//! them.

use super::keep::StoredGame;
use super::Mode;
use crate::game::Game;
use crate::lang::{capital, fr, Language};
use crate::rules::Seat;
use crate::rules::{EndReason, Outcome};
use crate::words::outcome::{name, subject};
pub use crate::words::{outcome_text, outcome_text_in};
use serde::Serialize;

/// A live game's end on time: whose time ran out, and the words of it (without the score).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndedOnTime {
    pub seat: Seat,
    pub words: String,
}

/// Everything the page says about the open game besides the board and the move list.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Presentation {
    /// "local", "link" or "computer".
    pub mode: &'static str,
    /// This browser's seat (link and computer games).
    pub seat: Option<u8>,
    /// The status line.
    pub status: String,
    /// The game-over banner, when the game is over.
    pub banner: Option<String>,
    /// Per seat, the name shown beside the board ("White (you)", "Black (computer)").
    pub seat_labels: Vec<String>,
    /// The seat drawn at the bottom; the others share the top.
    pub bottom_seat: u8,
    /// The seat drawn at the bottom with the board upright (`[0]`) and turned (`[1]`), whichever way the
    /// player turns it: with two players, the side nearest; with more, always this player's own seat.
    pub bottom_seats: [u8; 2],
    /// Whether the board is turned by default (a player sees it from its own side; in pass and play with
    /// the preference on, the side to move).
    pub flipped: bool,
    /// The preference "turn the board to the side to move" is offered (pass and play).
    pub turn_board_preference: bool,
    /// Whether this browser decides now (the options are the player's to play).
    pub decides: bool,
    /// The computer is thinking.
    pub thinking: bool,
    /// Undo: shown, and usable now.
    pub undo_shown: bool,
    pub undo_enabled: bool,
    /// A link game's move waits for the player's confirmation (Confirm, or Undo to take it back);
    /// its link is shown once confirmed.
    pub confirm: bool,
    /// The resign button: usable now (also while waiting for the opponent), and its words.
    pub can_resign: bool,
    pub resign_label: String,
    /// Link games: the link fragment to send (none while the player has only the link received) and the
    /// words above it.
    pub link: Option<String>,
    pub link_label: Option<String>,
    /// A rematch is offered (the game is over).
    pub rematch: bool,
    /// The board takes a premove now: a move made at the opponent's turn, played by the page as soon as it
    /// is this browser's turn (against the computer, or live on an open channel).
    pub premoves: bool,
    /// "Play live" is offered: a link game this browser plays in, not over and not connected.
    pub live_offered: bool,
    /// A live game ended on time: the seat whose time ran out (the game's record has no outcome, since
    /// the link format carries no clock; the session keeps the fall with the stored game).
    pub ended_on_time: Option<EndedOnTime>,
    /// A game played live: its clocks, connection and words (`docs/live.md`); `None` otherwise.
    #[cfg(feature = "live")]
    pub live: Option<Box<super::live::view::LiveView>>,
    /// The preference "confirm each move before its link is made" is shown (a link game under way).
    pub confirm_preference: bool,
    /// Every seat is played in other browsers: this browser only watches (nothing to type or confirm).
    pub watching: bool,
    /// The chance event the player at this screen has still to see (shown until their next decision).
    pub event: Option<super::event_card::EventCard>,
    /// The analysis board is offered; when it is not, the words shown where its button would be.
    pub analysis: bool,
    pub analysis_note: Option<String>,
    /// The game review is offered: the game is over and may be analysed.
    pub review: bool,
    /// A hint may be asked now (against the computer, at the player's move); the hint on the board;
    /// how many hints the game has taken, in words (see [`super::hints`]).
    pub hint_offered: bool,
    pub hint: Option<super::HintView>,
    pub hints_note: Option<String>,
}

/// A stored game's result, written in English when it was saved ("1-0 White wins by checkmate"), in
/// `language`: it is one of the outcomes' words after the score.
fn result_in(result: &str, names: &[&str], language: Language) -> String {
    if language == Language::En {
        return result.to_string();
    }
    let (score, words) = result.split_once(' ').unwrap_or(("", result));
    for reason in EndReason::ALL {
        let winners = (0..names.len() as u8).map(Some).chain([None]);
        for winner in winners {
            let outcome = Outcome { winner, reason };
            if outcome_text(outcome, names) == words {
                return format!("{score} {}", outcome_text_in(outcome, names, language)).trim().to_string();
            }
        }
    }
    result.to_string()
}

/// How a player names the decision that made ply `ply`: see [`Game::ply_label`].
pub fn ply_label(game: &Game, ply: usize) -> String {
    game.ply_label(ply)
}

/// How a player names ply `ply` in `language` (the move's name is notation: the same in every language).
pub fn ply_label_in(game: &Game, ply: usize, language: Language) -> String {
    game.ply_label_in(ply, language)
}

/// A seat as a label: "White", "Blancs".
fn label(names: &[&str], seat: u8, language: Language) -> String {
    match language {
        Language::En => name(names, seat),
        Language::Fr => {
            names.get(seat as usize).map_or_else(|| format!("Joueur {}", seat + 1), |n| language.seat_label(n))
        }
    }
}

/// The other player of a two-player game.
fn opponent(seat: u8) -> u8 {
    if seat == 0 {
        1
    } else {
        0
    }
}

/// Words about the player to move's check: " Check!" for the mover, or who else is in check.
fn check_text(game: &Game, names: &[&str], language: Language) -> String {
    let checked = &game.position().view().checked_seats;
    if checked.is_empty() {
        return String::new();
    }
    if checked.contains(&game.to_move()) {
        return match language {
            Language::En => " Check!".into(),
            Language::Fr => fr!(" Échec !"),
        };
    }
    let who: Vec<String> = checked.iter().map(|&s| subject(names, s, language)).collect();
    match language {
        Language::En => {
            format!(" {} {} in check.", who.join(" and "), if who.len() > 1 { "are" } else { "is" })
        }
        Language::Fr => format!(" {} sont en échec.", capital(&who.join(" et "))),
    }
}

pub(super) struct Facts<'a> {
    pub game: &'a Game,
    pub mode: Mode,
    pub decides: bool,
    pub thinking: bool,
    pub undo_enabled: bool,
    pub can_resign: bool,
    pub unconfirmed: bool,
    pub link: Option<String>,
    /// Whether a board action is among the current options.
    pub has_board_action: bool,
    pub language: Language,
    /// Every seat is played in other browsers: this one only watches.
    pub watching: bool,
    /// Pass and play turns the board to the side to move (the player's preference).
    pub turn_board: bool,
    /// A live game whose channel is open: decisions travel by themselves, no link is to be sent.
    pub live_connected: bool,
}

pub(super) fn present(f: Facts) -> Presentation {
    let game = f.game;
    let language = f.language;
    let names = game.seat_names();
    let seats = names.len();
    let to_move = game.to_move();
    let my_seat = match f.mode {
        _ if f.watching => None,
        Mode::Local => None,
        Mode::Link { seat } | Mode::Computer { seat, .. } => Some(seat),
    };
    let mode = f.mode.name();
    let seat_labels = seat_labels(&f, names);
    // A player sees the board from its own side; in pass and play, if the players want it, the side to move.
    let facing =
        if f.turn_board && f.mode == Mode::Local && game.outcome().is_none() { Some(to_move) } else { my_seat };
    let flipped = facing.is_some_and(|seat| game.rules().sits_north(game.settings(), seat));
    let bottom_seat = if seats > 2 {
        my_seat.unwrap_or(0)
    } else if flipped {
        1
    } else {
        0
    };
    let bottom_seats = if seats > 2 { [my_seat.unwrap_or(0); 2] } else { [0, 1] };
    let banner =
        game.outcome().zip(game.score()).map(|(o, score)| format!("{score} · {}", outcome_text_in(o, names, language)));
    let status = status_text(&f, names);
    let link_label = f.link.as_ref().map(|_| link_label(&f, my_seat.unwrap_or(0), names));
    // A link game at this player's move holds the link just received: nothing of theirs to send yet (the
    // words above say what to do), unless the fortunes of war wait for the other browser's reveal.
    let received = matches!(f.mode, Mode::Link { seat } if seat == to_move)
        && game.outcome().is_none()
        && !game.record().is_empty()
        && !game.waiting_for_chance();
    let link = f.link.filter(|_| !received);
    let resign_label = resign_label(f.mode, game, names, language);
    let (analysis, analysis_note) = super::analysis::offer(f.mode, game, language);
    Presentation {
        mode,
        seat: my_seat,
        status,
        banner,
        seat_labels,
        bottom_seat,
        bottom_seats,
        flipped,
        turn_board_preference: f.mode == Mode::Local,
        decides: f.decides,
        thinking: f.thinking,
        undo_shown: !matches!(f.mode, Mode::Link { .. }) || f.undo_enabled,
        undo_enabled: f.undo_enabled,
        confirm: f.unconfirmed,
        can_resign: f.can_resign,
        resign_label,
        link,
        link_label,
        rematch: game.outcome().is_some(),
        ended_on_time: None,
        premoves: false,
        live_offered: false,
        #[cfg(feature = "live")]
        live: None,
        confirm_preference: matches!(f.mode, Mode::Link { .. })
            && game.outcome().is_none()
            && !f.watching
            && !f.live_connected,
        watching: f.watching,
        // Pass and play: the player at the screen is the one to move.
        event: super::event_card::unseen(game, my_seat.unwrap_or(to_move), language),
        review: analysis && game.outcome().is_some(),
        analysis,
        analysis_note,
        // The session's own (`Session::presentation`): they need more than these facts.
        hint_offered: false,
        hint: None,
        hints_note: None,
    }
}

/// The words of a stored game's line in "My games": what the game is and who plays it ("Chess · you
/// play White against the computer"), and where it stands ("Black to move · last e5").
pub fn game_line(g: &StoredGame, language: Language) -> (String, String) {
    let names: Vec<&str> = if g.seat_names.is_empty() {
        vec!["White", "Black"]
    } else {
        g.seat_names.iter().map(String::as_str).collect()
    };
    let seat = |s: Option<u8>| s.and_then(|s| names.get(s as usize)).copied().unwrap_or("?");
    let variant = if g.variant_name.is_empty() { g.variant.clone() } else { language.label(&g.variant_name) };
    let last_move = &g.last_move;
    match language {
        Language::En => {
            let who = match g.mode.as_str() {
                "link" => format!("you play {}", seat(g.seat)),
                "computer" => format!("you play {} against the computer", seat(g.seat)),
                _ => "pass and play".to_string(),
            };
            let standing = if !g.result.is_empty() {
                g.result.clone()
            } else {
                g.to_move.map_or_else(String::new, |m| format!("{} to move", seat(Some(m))))
            };
            let last = if last_move.is_empty() { "no moves yet".to_string() } else { format!("last {last_move}") };
            let hints = match g.hints.len() {
                0 => String::new(),
                1 => " · 1 hint".to_string(),
                n => format!(" · {n} hints"),
            };
            (format!("{variant} · {who}"), format!("{standing} · {last}{hints}"))
        }
        Language::Fr => {
            let who = match g.mode.as_str() {
                "link" => format!("vous jouez {}", language.seat(seat(g.seat))),
                "computer" => format!("vous jouez {} contre l'ordinateur", language.seat(seat(g.seat))),
                _ => "à deux sur cet appareil".to_string(),
            };
            let standing = if !g.result.is_empty() {
                result_in(&g.result, &names, language)
            } else {
                g.to_move.map_or_else(String::new, |m| format!("Aux {} de jouer", language.seat_label(seat(Some(m)))))
            };
            let last =
                if last_move.is_empty() { "aucun coup joué".to_string() } else { format!("dernier coup {last_move}") };
            let hints = match g.hints.len() {
                0 => String::new(),
                1 => " · 1 indice".to_string(),
                n => format!(" · {n} indices"),
            };
            (format!("{variant} · {who}"), format!("{standing} · {last}{hints}"))
        }
    }
}

/// Each seat's name as the players' lines show it, with "(you)" or "(computer)".
fn seat_labels(f: &Facts, names: &[&str]) -> Vec<String> {
    let language = f.language;
    (0..names.len() as u8)
        .map(|seat| {
            let who = match (f.mode, language) {
                _ if f.watching => "",
                (Mode::Computer { seat: mine, .. } | Mode::Link { seat: mine }, Language::En) if seat == mine => {
                    " (you)"
                }
                (Mode::Computer { seat: mine, .. } | Mode::Link { seat: mine }, Language::Fr) if seat == mine => {
                    " (vous)"
                }
                (Mode::Computer { .. }, Language::En) => " (computer)",
                (Mode::Computer { .. }, Language::Fr) => " (ordinateur)",
                _ => "",
            };
            format!("{}{who}", label(names, seat, language))
        })
        .collect()
}

/// The resign button's words: in pass and play, whose resignation it is.
fn resign_label(mode: Mode, game: &Game, names: &[&str], language: Language) -> String {
    let to_move = game.to_move();
    match (mode, language) {
        (Mode::Local, Language::En) if game.outcome().is_none() => format!("Resign ({})", name(names, to_move)),
        (Mode::Local, Language::Fr) if game.outcome().is_none() => {
            format!("Abandonner ({})", label(names, to_move, language))
        }
        (_, Language::En) => "Resign".into(),
        (_, Language::Fr) => "Abandonner".into(),
    }
}

fn status_text(f: &Facts, names: &[&str]) -> String {
    let game = f.game;
    let language = f.language;
    let to_move = game.to_move();
    // The mover as a label ("White", "Blancs") and as a subject ("White", "les Blancs").
    let mover = label(names, to_move, language);
    let who = subject(names, to_move, language);
    if f.unconfirmed {
        return match language {
            Language::En => "Confirm your move to get its link, or take it back.".into(),
            Language::Fr => "Confirmez votre coup pour obtenir son lien, ou reprenez-le.".into(),
        };
    }
    if game.outcome().is_some() {
        return match language {
            Language::En => "The game is over.".into(),
            Language::Fr => "La partie est terminée.".into(),
        };
    }
    if f.watching {
        return match language {
            Language::En => {
                format!("You are watching this game: every side is played in another browser. {mover} to move.")
            }
            Language::Fr => {
                fr!("Vous regardez cette partie : chaque camp est joué dans un autre navigateur. Aux {mover} de jouer.")
            }
        };
    }
    if game.waiting_for_chance() {
        let other = match f.mode {
            Mode::Link { seat } => Some(opponent(seat)),
            _ => None,
        };
        return match (language, other) {
            (Language::En, Some(o)) => {
                let other = name(names, o);
                format!("The fortunes of war are about to be drawn: they need {other}'s secret, which comes with {other}'s next link.")
            }
            (Language::En, None) => "The fortunes of war are about to be drawn: they need the other player's secret, which comes with the other player's next link.".into(),
            (Language::Fr, Some(o)) => fr!(
                "Les fortunes de la guerre vont être tirées : il leur faut le secret des {}, qui arrive avec leur prochain lien.",
                label(names, o, language)
            ),
            (Language::Fr, None) => fr!("Les fortunes de la guerre vont être tirées : il leur faut le secret de l'autre joueur, qui arrive avec son prochain lien."),
        };
    }
    let setup = game.setup_due();
    let mine = match f.mode {
        Mode::Local => true,
        Mode::Link { seat } | Mode::Computer { seat, .. } => seat == to_move,
    };
    let stuck = setup.is_none() && !f.has_board_action;
    if stuck && mine {
        return match language {
            Language::En => format!("{mover} cannot finish this turn from here: take back a move with Undo."),
            Language::Fr => {
                fr!(
                    "{} ne peuvent pas finir ce tour d'ici : reprenez un coup avec «\u{a0}Annuler le coup\u{a0}».",
                    capital(&who)
                )
            }
        };
    }
    if setup.is_some_and(|d| !d.sealed) {
        return setup_words(f, &mover, &who, mine);
    }
    let check = check_text(game, names, language);
    let offer = match game.draw_offer() {
        Some(by) if by != to_move => match language {
            Language::En => format!(" {} offers a draw.", name(names, by)),
            Language::Fr => format!(" {} proposent la nulle.", capital(&subject(names, by, language))),
        },
        _ => String::new(),
    };
    turn_words(f, &mover, mine, &check, &offer)
}

/// The words of a setup under way, not yet sealed.
fn setup_words(f: &Facts, mover: &str, who: &str, mine: bool) -> String {
    let language = f.language;
    match (f.mode, language) {
        (Mode::Local, Language::En) => format!("{mover} sets up. The other player looks away."),
        (Mode::Local, Language::Fr) => {
            format!("{} font leur mise en place. L'autre joueur détourne les yeux.", capital(who))
        }
        (_, Language::En) if mine => format!("Your setup ({mover}): place your men in your zone, then confirm."),
        (_, Language::Fr) if mine => {
            fr!("Votre mise en place ({mover}) : placez vos pièces dans votre zone, puis confirmez.")
        }
        (Mode::Computer { .. }, Language::En) => format!("{mover} (computer) sets up."),
        (Mode::Computer { .. }, Language::Fr) => format!("{} (ordinateur) font leur mise en place.", capital(who)),
        (_, Language::En) if f.live_connected => format!("Waiting for {mover} to set up."),
        (_, Language::Fr) if f.live_connected => fr!("En attente de la mise en place des {mover}."),
        (_, Language::En) => format!("Waiting for {mover} to set up: send them the link below."),
        (_, Language::Fr) => {
            fr!("En attente de la mise en place des {mover} : envoyez-leur le lien ci-dessous.")
        }
    }
}

/// Whose turn it is, with a check and a draw offer.
fn turn_words(f: &Facts, mover: &str, mine: bool, check: &str, offer: &str) -> String {
    let language = f.language;
    match (f.mode, language) {
        (Mode::Local, Language::En) => format!("{mover} to move.{check}{offer}"),
        (Mode::Local, Language::Fr) => format!("Aux {mover} de jouer.{check}{offer}"),
        (Mode::Computer { .. }, _) if !mine => match (f.thinking, language) {
            (true, Language::En) => format!("The computer ({mover}) is thinking…{check}"),
            (true, Language::Fr) => format!("L'ordinateur ({mover}) réfléchit…{check}"),
            (false, Language::En) => format!("{mover} (computer) to move.{check}"),
            (false, Language::Fr) => format!("Aux {mover} (ordinateur) de jouer.{check}"),
        },
        (_, Language::En) if mine => format!("Your move ({mover}).{check}{offer}"),
        (_, Language::Fr) if mine => format!("À vous de jouer ({mover}).{check}{offer}"),
        (_, Language::En) if f.live_connected => format!("Waiting for {mover}'s move.{offer}"),
        (_, Language::Fr) if f.live_connected => fr!("En attente du coup des {mover}.{offer}"),
        (_, Language::En) => format!("Waiting for {mover}: send them the link below.{offer}"),
        (_, Language::Fr) => fr!("En attente des {mover} : envoyez-leur le lien ci-dessous.{offer}"),
    }
}

/// The words above the link: what to do with it.
fn link_label(f: &Facts, seat: u8, names: &[&str]) -> String {
    let (game, language) = (f.game, f.language);
    if f.live_connected && game.outcome().is_none() {
        return match language {
            Language::En => "The game's link: moves go over the live connection; keep it to go on by links.".into(),
            Language::Fr => fr!(
                "Le lien de la partie : les coups passent par la connexion en direct ; gardez-le pour continuer par liens."
            ),
        };
    }
    let many = names.len() > 2;
    let opponent = opponent(seat);
    let en = language == Language::En;
    if game.outcome().is_some() {
        // Only the player who made the last decision has news to send; the other received it.
        let mine = game.record().last().is_some_and(|e| e.seat == seat);
        return match (mine, many, en) {
            (true, true, true) => "Game over. Send the final link to the other players:".into(),
            (true, true, false) => fr!("Partie terminée. Envoyez le lien final aux autres joueurs :"),
            (true, false, true) => format!("Game over. Send the final link to {}:", name(names, opponent)),
            (true, false, false) => {
                fr!("Partie terminée. Envoyez le lien final aux {} :", label(names, opponent, language))
            }
            (false, true, true) => "Game over. The final link, for the players who have not seen it yet:".into(),
            (false, true, false) => {
                fr!("Partie terminée. Le lien final, pour les joueurs qui ne l'ont pas encore vu :")
            }
            (false, false, true) => "Game over. The game's final link (nothing more to send):".into(),
            (false, false, false) => fr!("Partie terminée. Le lien final de la partie (plus rien à envoyer) :"),
        };
    }
    if game.to_move() == seat {
        if game.waiting_for_chance() {
            return match language {
                Language::En => format!(
                    "Send this link to {}: their browser reveals what the fortunes of war need.",
                    name(names, opponent)
                ),
                Language::Fr => fr!(
                    "Envoyez ce lien aux {} : leur navigateur révèle ce qu'il faut aux fortunes de la guerre.",
                    label(names, opponent, language)
                ),
            };
        }
        return match (game.record().is_empty(), language) {
            (true, Language::En) => {
                format!("You play {}. Make your first move, then send the link.", name(names, seat))
            }
            (true, Language::Fr) => format!(
                "Vous jouez les {}. Jouez votre premier coup, puis envoyez le lien.",
                label(names, seat, language)
            ),
            (false, Language::En) => "Your move. Make it, then send the new link.".into(),
            (false, Language::Fr) => "À vous de jouer. Jouez, puis envoyez le nouveau lien.".into(),
        };
    }
    let to = if many { game.to_move() } else { opponent };
    match language {
        Language::En => format!("Send this link to {}:", name(names, to)),
        Language::Fr => fr!("Envoyez ce lien aux {} :", label(names, to, language)),
    }
}
