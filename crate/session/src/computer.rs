//! The computer's whole turn, as a player would take it: one searched decision after another until
//! the turn passes (a Napoleon turn is several decisions). Decisions that walk into a dead end of a
//! multi-step turn are tried again with other seeds; then any legal way through the turn is taken;
//! a turn with none found is resigned (with several players the others play on). A turn handed over
//! already inside a dead end (its first decisions made, and no legal end left from there) is taken back
//! to its start first, as a player would undo, rather than resigned while it still has legal turns.
//!
//! A draw offered to the computer is answered: it accepts when its search finds it clearly worse
//! ([`ACCEPT_DRAW_BELOW`]), and otherwise declines by playing on (the offer lapses with its move).
//!
//! This runs where the search runs (the page's Web Worker): it gets a copy of the game and answers
//! with option indices, which the session checks by playing them on its own copy.

use crate::game::{Decision, Game};
use crate::search::{self, Level};
use crate::Seat;

/// Tries at the searched turn before a fallback (each with another seed).
const ATTEMPTS: u64 = 3;
/// Decisions one turn may take at most (a Napoleon turn moves a group man by man).
const MAX_DECISIONS: usize = 256;
/// The computer accepts a draw when it stands below this (its own view, centipawns: about one and a
/// half pawns down; see [`standing`]).
pub const ACCEPT_DRAW_BELOW: i32 = -150;

/// How the computer playing `seat` stands when a draw is offered, in centipawns. Between two sides it
/// is its search's score (`searched`). With more sides a score is the seat against all the others
/// together (four-player Napoleon: its material less everyone else's, -1,500 to -9,500 in real
/// games), so it would accept any offer: instead its static value less the mean of every seat still
/// playing, which is 0 for a seat as strong as the average and, with that evaluation, twice its
/// material less the average material.
fn standing(game: &Game, seat: Seat, searched: i32) -> i32 {
    let position = game.position();
    let seats = position.active_seats();
    if seats.len() <= 2 {
        return searched;
    }
    let value = |s: Seat| search::evaluate(position, s, 0) as i64;
    let mean = seats.iter().map(|&s| value(s)).sum::<i64>() / seats.len() as i64;
    (value(seat) - mean).clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// The computer's turn: the option indices to play in order, and whether they resign.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ComputerTurn {
    pub indices: Vec<u32>,
    pub resigned: bool,
    /// Decisions of this turn to take back before the indices are played (a turn handed over inside
    /// a dead end is played again from its start).
    pub undo: u32,
}

/// Whether the computer playing `seat` has a decision to make in `game` now.
fn decides(game: &Game, seat: Seat) -> bool {
    game.outcome().is_none() && game.setup_due().is_none() && !game.waiting_for_chance() && game.to_move() == seat
}

/// One try at the turn, with the score of its first decision; `None` when it walked into a dead end.
fn searched_turn(
    game: &Game,
    seat: Seat,
    level: &Level,
    seed: u64,
    stop: &mut dyn FnMut() -> bool,
    budget: &mut search::TurnBudget,
    memory: &mut search::Memory,
) -> Option<(Vec<u32>, Option<i32>)> {
    let mut copy = game.clone();
    let mut indices = Vec::new();
    let mut score = None;
    for i in 0..MAX_DECISIONS {
        if !decides(&copy, seat) {
            return Some((indices, score));
        }
        memory.recall_positions(copy.position_keys());
        let found = budget.choose(copy.position(), level, stop, seed.wrapping_add(i as u64), memory)?;
        score = score.or(Some(found.score));
        let index = copy.index_of(Decision::Act(found.action))?;
        copy.play_index(index).ok()?;
        indices.push(index);
    }
    Some((indices, score))
}

/// Any legal way to finish the turn, as option indices.
fn any_finish(game: &Game) -> Option<Vec<u32>> {
    let mut copy = game.clone();
    let mut indices = Vec::new();
    for action in search::finish_turn(copy.position())? {
        let index = copy.index_of(Decision::Act(action))?;
        copy.play_index(index).ok()?;
        indices.push(index);
    }
    Some(indices)
}

/// The computer's turn for `seat` (see the module documentation); `None` when `seat` has nothing to
/// decide now. `memory` is what the computer's searches keep from one decision to the next (see
/// [`search::Memory`]): the same one for the whole game, a new one for a computer that remembers nothing.
pub fn turn(
    game: &Game,
    seat: Seat,
    level: &Level,
    seed: u64,
    stop: &mut dyn FnMut() -> bool,
    memory: &mut search::Memory,
) -> Option<ComputerTurn> {
    if !decides(game, seat) {
        return None;
    }
    let begun = game.record().len() - turn_start(game, seat);
    if begun > 0 && search::finish_turn(game.position()).is_none() {
        let mut start = game.clone();
        for _ in 0..begun {
            start.undo().ok()?;
        }
        let mut turn = turn(&start, seat, level, seed, stop, memory)?;
        turn.undo = begun as u32;
        return Some(turn);
    }
    // One budget for the whole turn, retries included (see `search::TurnBudget`).
    let mut budget = search::TurnBudget::default();
    let searched = (0..ATTEMPTS).find_map(|attempt| {
        searched_turn(game, seat, level, seed.wrapping_add(attempt * 7919), stop, &mut budget, memory)
    });
    if let Some((_, Some(score))) = &searched {
        if standing(game, seat, *score) < ACCEPT_DRAW_BELOW {
            if let Some(accept) = game.index_of(Decision::AcceptDraw) {
                return Some(ComputerTurn { indices: vec![accept], resigned: false, undo: 0 });
            }
        }
    }
    if let Some(indices) = searched.map(|(indices, _)| indices).or_else(|| any_finish(game)) {
        return Some(ComputerTurn { indices, resigned: false, undo: 0 });
    }
    let resign = game.index_of(Decision::Resign)?;
    Some(ComputerTurn { indices: vec![resign], resigned: true, undo: 0 })
}

/// The first ply of `seat`'s turn under way: the plies after it are its own board decisions of this
/// turn (a setup placed, or a draw offered, comes before the turn and stays).
pub(crate) fn turn_start(game: &Game, seat: Seat) -> usize {
    let record = game.record();
    let mut start = record.len();
    while start > 0
        && record[start - 1].seat == seat
        && matches!(record[start - 1].decision, Decision::Act(_))
        && game.position_at(start - 1).is_ok_and(|p| p.setup_due().is_none() && p.to_move() == seat)
    {
        start -= 1;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_plays_a_legal_turn_and_only_its_own() {
        let game = Game::from_slug("chess", None).expect("chess");
        let level = Level::depth(1);
        let turn =
            turn(&game, 0, &level, 1, &mut || false, &mut crate::search::Memory::default()).expect("White decides");
        assert_eq!(turn.indices.len(), 1);
        assert!(!turn.resigned);
        let mut copy = game.clone();
        copy.play_index(turn.indices[0]).expect("legal");
        assert!(
            super::turn(&game, 1, &level, 1, &mut || false, &mut crate::search::Memory::default()).is_none(),
            "not Black's turn"
        );
    }

    #[test]
    fn the_computer_mates_in_one_when_it_can() {
        let game = Game::from_slug("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")).expect("valid");
        let turn =
            turn(&game, 0, &Level::depth(2), 1, &mut || false, &mut crate::search::Memory::default()).expect("decides");
        let mut copy = game.clone();
        copy.play_index(turn.indices[0]).expect("legal");
        assert_eq!(copy.record()[0].name, "Ra8#");
    }

    #[test]
    fn the_computer_sees_the_draw_the_game_has_repeated_into() {
        // A queen down, Black has been to e8 twice with this queen on a1: going back draws by the
        // threefold rule, which only the game's own positions show (the search's line is new).
        let mut game = Game::from_slug("chess", Some("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")).expect("valid");
        for name in ["Qb1", "Kf7", "Qa1", "Ke8", "Qb1", "Kf7", "Qa1"] {
            game.play(game.find(name).expect("legal")).expect("move");
        }
        let turn =
            turn(&game, 1, &Level::depth(3), 1, &mut || false, &mut crate::search::Memory::default()).expect("decides");
        game.play_index(turn.indices[0]).expect("legal");
        assert_eq!(game.record().last().map(|r| r.name.as_str()), Some("Ke8"));
        assert_eq!(game.outcome(), Some(crate::rules::Outcome::draw(crate::rules::EndReason::Repetition)));
    }

    #[test]
    fn the_computer_answers_a_draw_offer_by_how_it_stands() {
        // White offers a draw: Black, a rook down, accepts; a rook up, it declines by playing on.
        for (position, accepts) in
            [("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", true), ("r5k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", false)]
        {
            let mut game = Game::from_slug("chess", Some(position)).expect("valid");
            game.play(Decision::OfferDraw).expect("offer");
            game.play(game.find("Kf1").expect("legal")).expect("move");
            let turn = turn(&game, 1, &Level::depth(2), 1, &mut || false, &mut crate::search::Memory::default())
                .expect("Black decides");
            let accept = game.index_of(Decision::AcceptDraw).expect("an offer to answer");
            assert_eq!(turn.indices == vec![accept], accepts, "{position}");
        }
    }

    #[test]
    fn with_four_players_the_computer_answers_a_draw_offer_by_how_it_stands_among_them() {
        // White offers a draw and passes; Red decides. Level with everyone, Red plays on (its
        // score against the three others together, about minus twice its material, would have
        // accepted); two pawns to everyone else's four, it accepts.
        let level = crate::search::LEVELS[0];
        for (setup, accepts) in [
            ("Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1", false),
            ("Kr14Kb/PrPr10PbPbPbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPwPwPw8PuPuPuPu/Kw14Ku w - 0 1", true),
        ] {
            let rules = crate::variants::by_slug("napoleon").expect("registered");
            let mut game = Game::new(rules, Some(&[1]), Some(setup)).expect("four players");
            game.play(Decision::OfferDraw).expect("offer");
            game.play(game.find("pass").expect("a pass")).expect("passed");
            assert_eq!(game.to_move(), 1, "Red decides");
            let turn =
                turn(&game, 1, &level, 1, &mut || false, &mut crate::search::Memory::default()).expect("Red decides");
            let accept = game.index_of(Decision::AcceptDraw).expect("an offer to answer");
            assert_eq!(turn.indices == vec![accept], accepts, "{setup}");
        }
    }
}
