//! Napoleon (docs/rules.md, "Napoleon"): 16x16 group chess for two or four players, with secret setups.
//!
//! Depends on the core and the contract only.
//!
//! The modules of this folder, in order:
//! - [`Board`]: who stands where, how each man moves ([`Board::moves_from`]), check, groups (men
//!   connected through the 8 neighbours; valid from 3 men) and the setup rules ([`Board::setup_problems`]).
//! - [`Turn`]: one player's turn as a sequence of decisions on its own board copy: the move phase (one
//!   group, each man once, one capture), the rejoining step and the switch step, with the options of
//!   the current decision ("local": legal now, minus what would end the turn illegally at once) and
//!   an exact search for a legal completion ([`Turn::has_legal_completion`], the `completion` module),
//!   and its help for a king in check (the `in_check` module).
//! - [`canonical_order`] (the `canonical` module): the order a step's moves are recorded in (the board
//!   after a step depends only on its set of moves).
//! - Setups: setup text (`Kb1 Qk1 Ra1 …`), presets moved to any seat, random valid setups.
//! - [`Napoleon`], the [`Position`]: the setup plan (White seals, Black sets up in the open, White
//!   reveals; four players: three seal, the fourth sets up, three reveal), then turns; game end at the
//!   start of each turn (the `position` module); position text (`text`); options, play and views with
//!   group outlines (`decisions`); its capabilities (`capabilities`).
//!
//! Decisions and action codes (ascending = canonical order within a decision): `1<<16 | square` places
//! the next man of a setup (king, queen, rooks, bishops, knights, pawns; each kind in square order),
//! `2<<16` seals a setup, `3<<16 | square` picks a man, `4<<16 | square` is its destination, `5<<16 |
//! square` switches the first cut-off man onto that grouped man, `6<<16` loses it, `7<<16` ends the
//! move phase (a pass when nothing moved) or the rejoining step. The page plays a pick and its
//! destination as one gesture ([`crate::rules::ActionInfo::select`]); the game rewrites a step's
//! moves into canonical order when the step ends ([`crate::rules::TurnSteps::canonical_step`]).
//!
//! Game end: at the start of each turn the search looks for a legal turn within a budget of decisions
//! (`TURN_SEARCH_BUDGET`), exploring each distinct state once and pruning rejoining moves that cannot
//! end next to an own man; without a legal turn the player loses (four players: is out). When the
//! budget runs out the player is given the benefit of the doubt and the game goes on (it then ends by
//! resignation if the position really is lost); the positions tested (kings cut off beyond saving)
//! are proved well within it. Quick tries for a way out come first ([`Turn::proved_without_legal_turn`]);
//! they save time, never change a verdict. Verdicts are remembered per thread by board and seat (the
//! search meets the same turn ends again and again) and forgotten as each search begins; the decisions a
//! check tried are recorded with the position (`Work`), so the computer's search counts them in its nodes
//! ([`crate::rules::SearchTuning::play_work`]). The same exact search gives the computer a way through a
//! turn ([`Turn::completion`]) and its dead-end check ([`crate::rules::TurnSteps::turn_can_end`], paid from
//! the budget the computer gives it), made for a king in check there ([`Turn::can_still_end`]: moves that
//! end the turn at once first, then the king's own group's, then by attacks left; states where an
//! attack can no longer be blocked or taken dropped); the game-end search keeps its order, as which
//! games end (and so which old links replay) depends on where its budget runs out.
//!
//! Position text: 16 ranks from 16 down, `/`-separated, empty runs as numbers up to 16, White capitals
//! and Black small letters (four players: a capital and a seat letter `w`, `r`, `b`, `u`), then the
//! player to move, (four players: the players out or `-`,) the turns without progress and the turn
//! number. Mid-turn the text shows the board as it stands; a parsed position starts a turn.
//!
//! Squares are engine-wide [`Square`] values (`rank * 16 + file`), which on a 16x16 board are the
//! index itself.

// The layers below, under the names the engine gives them.
use crate::board_text::{Problem, Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::{
    Action, ActionInfo, ArmyCount, BoardView, EndReason, Outcome, PieceView, Position, RegionView, Rules, Seats,
    SettingSpec, SetupDraft, SetupDue, SetupPhase, TurnSteps, VariantInfo,
};
use crate::square::Square;
use chessfront_core::{board_text, error, pieces, short_sort, square};
use chessfront_rules as rules;

mod board;
mod canonical;
mod capabilities;
mod completion;
mod decisions;
mod eval;
mod in_check;
mod position;
mod setup;
mod text;
mod turn;

#[cfg(test)]
mod tests;

pub use board::*;
pub use canonical::canonical_order;
pub use position::*;
pub use setup::*;
pub use turn::*;

pub struct NapoleonRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 3,
    slug: "napoleon",
    name: "Napoleon",
    revision: 1,
    seat_names: SEAT_NAMES_TWO,
    settings: &[SettingSpec {
        key: "players",
        label: "Players",
        choices: &["Two players", "Four players"],
        default: 0,
    }],
    notation: "Napoleon position text",
    summary: "Group chess on 16x16 for two or four: secret setups, whole groups move at once.",
};

fn players_of(settings: &[u8]) -> u8 {
    if settings.first() == Some(&1) {
        4
    } else {
        2
    }
}

impl Rules for NapoleonRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn seat_names(&self, settings: &[u8]) -> &'static [&'static str] {
        if players_of(settings) == 4 {
            SEAT_NAMES_FOUR
        } else {
            SEAT_NAMES_TWO
        }
    }
    fn start(&self, settings: &[u8]) -> Box<dyn Position> {
        Box::new(Napoleon::start(players_of(settings)))
    }
    fn sits_north(&self, settings: &[u8], seat: rules::Seat) -> bool {
        seats(players_of(settings)).get(seat as usize).is_some_and(|s| s.back_rank == SIDE - 1)
    }
    fn parse_position(&self, text: &str, settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Napoleon::from_text(text, players_of(settings))?))
    }
}
