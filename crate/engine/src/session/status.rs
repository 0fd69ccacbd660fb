//! The words the page shows about the game: whose turn, what the player can do, who sits where, and
//! what to do with the link. Written here, with the rest of the game's policy, so the page only places
//! them.

use super::keep::StoredGame;
use super::Mode;
use crate::game::Game;
use crate::rules::Outcome;
use serde::Serialize;

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
    /// Whether the board is turned by default (a player sees it from its own side).
    pub flipped: bool,
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
    /// Link games: the link fragment to send and the words above it.
    pub link: Option<String>,
    pub link_label: Option<String>,
    /// A rematch is offered (the game is over).
    pub rematch: bool,
    /// The preference "confirm each move before its link is made" is shown (a link game under way).
    pub confirm_preference: bool,
}

/// The words of an outcome: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(outcome: Outcome, names: &[&str]) -> String {
    match outcome.winner {
        Some(seat) => format!("{} wins by {}", name(names, seat), outcome.reason.describe()),
        None => format!("Draw by {}", outcome.reason.describe()),
    }
}

/// How a player names the decision that made ply `ply`: see [`Game::ply_label`].
pub fn ply_label(game: &Game, ply: usize) -> String {
    game.ply_label(ply)
}

fn name(names: &[&str], seat: u8) -> String {
    names.get(seat as usize).map_or_else(|| format!("Player {}", seat + 1), |n| n.to_string())
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
fn check_text(game: &Game, names: &[&str], mover: &str) -> String {
    let checked: Vec<String> = game.position().view().checked_seats.iter().map(|&s| name(names, s)).collect();
    if checked.is_empty() {
        return String::new();
    }
    if checked.iter().any(|c| c == mover) {
        return " Check!".into();
    }
    format!(" {} {} in check.", checked.join(" and "), if checked.len() > 1 { "are" } else { "is" })
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
}

pub(super) fn present(f: Facts) -> Presentation {
    let game = f.game;
    let names = game.seat_names();
    let seats = names.len();
    let to_move = game.to_move();
    let mover = name(names, to_move);
    let my_seat = match f.mode {
        Mode::Local => None,
        Mode::Link { seat } | Mode::Computer { seat, .. } => Some(seat),
    };
    let mode = match f.mode {
        Mode::Local => "local",
        Mode::Link { .. } => "link",
        Mode::Computer { .. } => "computer",
    };
    let seat_labels = (0..seats as u8)
        .map(|seat| {
            let who = match f.mode {
                Mode::Computer { seat: mine, .. } if seat == mine => " (you)",
                Mode::Computer { .. } => " (computer)",
                Mode::Link { seat: mine } if seat == mine => " (you)",
                _ => "",
            };
            format!("{}{who}", name(names, seat))
        })
        .collect();
    let flipped = my_seat.is_some_and(|seat| game.rules().sits_north(game.settings(), seat));
    let bottom_seat = if seats > 2 {
        my_seat.unwrap_or(0)
    } else if flipped {
        1
    } else {
        0
    };
    let banner = game.outcome().map(|o| format!("{} · {}", o.score_for(seats), outcome_text(o, names)));
    let status = status_text(&f, names, &mover);
    let link_label = f.link.as_ref().map(|_| link_label(game, my_seat.unwrap_or(0), names));
    Presentation {
        mode,
        seat: my_seat,
        status,
        banner,
        seat_labels,
        bottom_seat,
        flipped,
        decides: f.decides,
        thinking: f.thinking,
        undo_shown: !matches!(f.mode, Mode::Link { .. }) || f.undo_enabled,
        undo_enabled: f.undo_enabled,
        confirm: f.unconfirmed,
        can_resign: f.can_resign,
        resign_label: match f.mode {
            Mode::Local if game.outcome().is_none() => format!("Resign ({mover})"),
            _ => "Resign".into(),
        },
        link: f.link,
        link_label,
        rematch: game.outcome().is_some(),
        confirm_preference: matches!(f.mode, Mode::Link { .. }) && game.outcome().is_none(),
    }
}

/// The words of a stored game's line in "My games": what the game is and who plays it ("Chess · you
/// play White against the computer"), and where it stands ("Black to move · last e5").
pub fn game_line(g: &StoredGame) -> (String, String) {
    let names: Vec<&str> = if g.seat_names.is_empty() {
        vec!["White", "Black"]
    } else {
        g.seat_names.iter().map(String::as_str).collect()
    };
    let seat = |s: Option<u8>| s.and_then(|s| names.get(s as usize)).copied().unwrap_or("?");
    let who = match g.mode.as_str() {
        "link" => format!("you play {}", seat(g.seat)),
        "computer" => format!("you play {} against the computer", seat(g.seat)),
        _ => "pass and play".to_string(),
    };
    let variant = if g.variant_name.is_empty() { &g.variant } else { &g.variant_name };
    let standing = if !g.result.is_empty() {
        g.result.clone()
    } else {
        g.to_move.map_or_else(String::new, |m| format!("{} to move", seat(Some(m))))
    };
    let last = if g.last_move.is_empty() { "no moves yet".to_string() } else { format!("last {}", g.last_move) };
    (format!("{variant} · {who}"), format!("{standing} · {last}"))
}

fn status_text(f: &Facts, names: &[&str], mover: &str) -> String {
    let game = f.game;
    if f.unconfirmed {
        return "Confirm your move to get its link, or take it back.".into();
    }
    if game.outcome().is_some() {
        return "The game is over.".into();
    }
    let to_move = game.to_move();
    if game.waiting_for_chance() {
        let other = match f.mode {
            Mode::Link { seat } => name(names, opponent(seat)),
            _ => "the other player".into(),
        };
        return format!("The fortunes of war are about to be drawn: they need {other}'s secret, which comes with {other}'s next link.");
    }
    let setup = game.setup_due();
    let mine = match f.mode {
        Mode::Local => true,
        Mode::Link { seat } | Mode::Computer { seat, .. } => seat == to_move,
    };
    let stuck = setup.is_none() && !f.has_board_action;
    if stuck && mine {
        return format!("{mover} cannot finish this turn from here: take back a move with Undo.");
    }
    if let Some(due) = setup.filter(|d| !d.sealed) {
        let _ = due;
        return match f.mode {
            Mode::Local => format!("{mover} sets up. The other player looks away."),
            _ if mine => format!("Your setup ({mover}): place your men in your zone, then confirm."),
            Mode::Computer { .. } => format!("{mover} (computer) sets up."),
            Mode::Link { .. } => format!("Waiting for {mover} to set up: send them the link below."),
        };
    }
    let check = check_text(game, names, mover);
    let offer = match game.draw_offer() {
        Some(by) if by != to_move => format!(" {} offers a draw.", name(names, by)),
        _ => String::new(),
    };
    match f.mode {
        Mode::Local => format!("{mover} to move.{check}{offer}"),
        Mode::Computer { .. } if !mine => {
            if f.thinking {
                format!("The computer ({mover}) is thinking…{check}")
            } else {
                format!("{mover} (computer) to move.{check}")
            }
        }
        _ if mine => format!("Your move ({mover}).{check}{offer}"),
        _ => format!("Waiting for {mover}: send them the link below.{offer}"),
    }
}

fn link_label(game: &Game, seat: u8, names: &[&str]) -> String {
    let many = names.len() > 2;
    let opponent = name(names, opponent(seat));
    if game.outcome().is_some() {
        // Only the player who made the last decision has news to send; the other received it.
        let mine = game.record().last().is_some_and(|e| e.seat == seat);
        return match (mine, many) {
            (true, true) => "Game over. Send the final link to the other players:".into(),
            (true, false) => format!("Game over. Send the final link to {opponent}:"),
            (false, true) => "Game over. The final link, for the players who have not seen it yet:".into(),
            (false, false) => "Game over. The game's final link (nothing more to send):".into(),
        };
    }
    if game.to_move() == seat {
        if game.waiting_for_chance() {
            return format!("Send this link to {opponent}: their browser reveals what the fortunes of war need.");
        }
        return if game.record().is_empty() {
            format!("You play {}. Make your first move, then send the link.", name(names, seat))
        } else {
            "Your move. Make it, then send the new link.".into()
        };
    }
    let to = if many { name(names, game.to_move()) } else { opponent };
    format!("Send this link to {to}:")
}
