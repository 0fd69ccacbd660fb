//! What the page draws for one ply of a game: plain serializable views of the engine's game.

use engine::game::{Decision, Game, Listed, RecordEntry};
use engine::rules::{ActionInfo, BoardView, Choice, PieceView, SetupDue};
use engine::session::status::{outcome_text_in, ply_label_in, Presentation};
use engine::square::Square;
use engine::Language;
use serde::Serialize;

/// One option of the current decision, as the page offers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionView {
    index: u32,
    /// The indices to play, in order: `[index]`, or the pick of a piece and then its destination.
    path: Vec<u32>,
    /// "move", "offer-draw", "accept-draw" or "resign".
    kind: &'static str,
    from: Option<Square>,
    to: Option<Square>,
    choice: Option<Choice>,
    name: String,
    coord: String,
    /// Squares the option affects beyond from and to (a blast area, a frontal attack's other pieces).
    marks: Vec<Square>,
    /// Heading for options tied to no square (bring on from the reserve, call archers), or the label
    /// of a board move also offered as a button.
    group: Option<String>,
    /// A shot, an explosion, a wound: drawn apart; on touch, a first tap shows it, a second plays it.
    destroys: bool,
    /// Proved to leave no legal way to finish the turn (the engine's exact turn search); false also
    /// where the search's budget ran out ("not known"), see [`Game::dead_ends`].
    dead_end: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecordView {
    /// "move" for board actions, else the game-level decision ("offer-draw", "accept-draw", "resign").
    kind: &'static str,
    name: String,
    /// The decision in words, as it is announced ("Black: knight g8 to f6, check.").
    words: String,
    /// A chance event that followed this decision.
    note: Option<String>,
    seat: u8,
    from: Option<Square>,
    to: Option<Square>,
}

/// The last board action: its squares to highlight and the pieces it removed and added (to animate).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LastMoveView {
    name: String,
    seat: u8,
    from: Option<Square>,
    to: Option<Square>,
    vanish: Vec<PieceView>,
    appear: Vec<PieceView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutcomeView {
    winner: Option<u8>,
    score: String,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetupView {
    seat: u8,
    /// The setup is to be sealed now (made in secret, placed later).
    seal: bool,
    /// The setup was sealed before and is placed now from the sealing browser's secret.
    sealed: bool,
}

/// Everything the page draws for one ply of the game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateView {
    variant: &'static str,
    variant_name: String,
    /// The seats' names as the page shows them ("White", "Blancs").
    seat_names: Vec<String>,
    game_id: String,
    /// The ply shown, and the number of plies played.
    ply: usize,
    plies: usize,
    /// How a player names the shown ply's move ("2. Nf3", "1… e5", "the start").
    ply_label: String,
    board: BoardView,
    last_move: Option<LastMoveView>,
    to_move: u8,
    /// The seat the players' lines mark as the one to move at the ply shown (none once the game is over).
    moving_seat: Option<u8>,
    draw_offer: Option<u8>,
    outcome: Option<OutcomeView>,
    /// Options of the current decision; empty when an earlier ply is shown, the game is over, or
    /// the decision is not this browser's to make.
    options: Vec<OptionView>,
    record: Vec<RecordView>,
    position: String,
    /// The game waits for a chance event that needs the opponent's secret (it comes with their link).
    waiting_for_chance: bool,
    /// The setup due now, for variants with a setup phase.
    setup: Option<SetupView>,
    /// Turns are made of several steps (Napoleon: a group's moves, rejoining, switches): the move list
    /// gives each turn a row of its own rather than a narrow column per seat.
    turn_rows: bool,
    /// The session's words and controls (absent for a game without a session: benchmarks, tools).
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<Presentation>,
}

/// The last move played on the board before ply `ply`.
fn last_move(game: &Game, ply: usize) -> Option<LastMoveView> {
    // The last move played on the board: a man placed by a setup (Napoleon's revealed setups) is not one.
    // A gesture (a setup placed man by man, a piece picked then moved) starts at the last position
    // before `i` that is not in the middle of one.
    let moved = |i: usize| {
        let mut start = i;
        while start > 0 && game.position_at(start).is_ok_and(|p| p.transient()) {
            start -= 1;
        }
        matches!(game.record()[i].decision, Decision::Act(_))
            && game.position_at(start).is_ok_and(|p| p.setup_due().is_none())
    };
    (0..ply).rev().find(|&i| moved(i)).map(|i| &game.record()[i]).map(|e| LastMoveView {
        name: e.name.clone(),
        seat: e.seat,
        from: e.from,
        to: e.to,
        vanish: e.effects.vanish.clone(),
        appear: e.effects.appear.clone(),
    })
}

/// A live game that ended on time has no outcome in its record (no clock is in the link): the session
/// says whose time ran out, and the view shows it as the game's end.
fn on_time_view(session: Option<&Presentation>, seats: usize) -> Option<OutcomeView> {
    session.and_then(|p| p.ended_on_time.clone()).map(|end| OutcomeView {
        winner: (seats == 2).then_some(1 - end.seat.min(1)),
        score: match (seats, end.seat) {
            (2, 0) => "0-1".to_string(),
            (2, _) => "1-0".to_string(),
            _ => String::new(),
        },
        text: end.words,
    })
}

/// The view of ply `ply` (the current position when `None`); options only when `decides`; the words
/// (labels, the record's words, the outcome) in `language`, names and notation as they are.
pub fn state(
    game: &Game,
    game_id: String,
    ply: Option<usize>,
    decides: bool,
    language: Language,
    session: impl FnOnce(Option<bool>) -> Option<Presentation>,
) -> engine::error::Result<StateView> {
    let plies = game.record().len();
    let ply = ply.unwrap_or(plies);
    let live = ply == plies;
    let position = game.position_at(ply)?;
    let info = game.rules().info();
    let last_move = last_move(game, ply);
    let mut board = position.view();
    if live {
        board.notes.extend(position.turn_steps().map(|t| t.advice()).unwrap_or_default());
    }
    // The variant's lines beside the board and its chance event, in the language.
    for note in &mut board.notes {
        *note = language.note(note);
    }
    if let Some(event) = &mut board.event {
        event.title = language.note(&event.title);
        event.text = language.note(&event.text);
    }
    let seat_names = game.seat_names();
    let setup = if live { game.setup_due() } else { None };
    // The options are listed once, for the page and for the session's words about them.
    let options = if live && decides { options(game, language) } else { Vec::new() };
    let listed = (live && decides).then(|| options.iter().any(|o| o.kind == "move"));
    let session = session(listed);
    let on_time = on_time_view(session.as_ref(), seat_names.len()).filter(|_| live);
    Ok(StateView {
        variant: info.slug,
        variant_name: language.label(info.name),
        seat_names: seat_names.iter().map(|n| language.seat_label(n)).collect(),
        game_id,
        ply,
        plies,
        ply_label: ply_label_in(game, ply, language),
        board,
        last_move,
        to_move: position.to_move(),
        moving_seat: (!live || (game.outcome().is_none() && on_time.is_none())).then(|| position.to_move()),
        draw_offer: if live { game.draw_offer() } else { None },
        outcome: if live {
            game.outcome()
                .map(|o| OutcomeView {
                    winner: o.winner,
                    score: game.score().unwrap_or_default(),
                    text: outcome_text_in(o, seat_names, language),
                })
                .or(on_time)
        } else {
            None
        },
        options,
        record: game.record().iter().enumerate().map(|(i, e)| record_view(game, i, e, language)).collect(),
        position: position.to_text(),
        waiting_for_chance: live && game.waiting_for_chance(),
        setup: setup.map(|SetupDue { seat, seal, sealed }| SetupView { seat, seal, sealed }),
        turn_rows: position.turn_steps().is_some(),
        session,
    })
}

fn record_view(game: &Game, i: usize, e: &RecordEntry, language: Language) -> RecordView {
    RecordView {
        kind: decision_kind(e.decision),
        // A board move's name is notation; a game-level decision's ("draw offered") is words.
        name: match e.decision {
            Decision::Act(_) if e.from.is_some() || e.to.is_some() => e.name.clone(),
            _ => language.label(&e.name),
        },
        words: game.words_in(i, language),
        note: e.note.as_ref().map(|n| language.note(n)),
        seat: e.seat,
        from: e.from,
        to: e.to,
    }
}

fn options(game: &Game, language: Language) -> Vec<OptionView> {
    let listed = game.listed_options();
    let dead_ends = game.dead_ends(&listed);
    listed
        .into_iter()
        .zip(dead_ends)
        .map(|(Listed { path, decision, info }, dead_end)| {
            let info = match decision {
                Decision::Act(_) => info,
                Decision::OfferDraw => plain(&language.label("Offer a draw")),
                Decision::AcceptDraw => plain(&language.label("Accept the draw")),
                Decision::Resign => plain(&language.label("Resign")),
            };
            let choice = info.choice.map(|c| Choice { label: language.label(&c.label), ..c });
            OptionView {
                index: path[0],
                path,
                kind: decision_kind(decision),
                from: info.from,
                to: info.to,
                choice,
                // A decision named in words rather than notation ("end moves") is said in the language.
                name: if info.from.is_none() && info.to.is_none() { language.label(&info.name) } else { info.name },
                coord: info.coord,
                marks: info.marks,
                group: info.group.map(|g| language.label(g)),
                destroys: info.destroys,
                dead_end,
            }
        })
        .collect()
}

/// The stable name of a decision's kind, as the page sees it.
fn decision_kind(d: Decision) -> &'static str {
    match d {
        Decision::Act(_) => "move",
        Decision::OfferDraw => "offer-draw",
        Decision::AcceptDraw => "accept-draw",
        Decision::Resign => "resign",
    }
}

fn plain(name: &str) -> ActionInfo {
    ActionInfo { name: name.to_string(), ..ActionInfo::default() }
}
