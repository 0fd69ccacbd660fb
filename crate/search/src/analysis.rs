//! Analysis: a position's best lines with their scores, as a player studying it reads them.
//!
//! The search is the playing search ([`super::pvs`]) asked for several lines ([`super::pvs::lines`]);
//! what this module adds is the reading: a score is from the side to move, in pawns, or a mate counted
//! in the winner's turns (`#3`: the side to move mates with its third turn; `#-2`: it is mated by the
//! opponent's second), which in Napoleon, whose turns are several decisions, is not the decisions the
//! search counts. Where the line found does not reach the mate, each decision past its end is taken
//! for a turn of its own.

use super::pvs::lines::{best_lines, RawLine};
use super::tt::DECIDED;
use super::{Level, Memory, WIN};
use crate::rules::{Action, Position, Seat};
use std::fmt;

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 3;

/// A score for the seat to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in centipawns (100: a pawn ahead).
    Centipawns(i32),
    /// A forced mate: `n > 0`, the seat mates with its `n`-th turn; `n < 0`, it is mated by the
    /// opponent's `-n`-th turn.
    Mate(i32),
    /// The game is over: won (1), drawn (0) or lost (-1) for the seat (a review's last position).
    Ended(i32),
}

impl Score {
    /// The same score for the other side (two players).
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(n) => Score::Mate(-n),
            Score::Ended(n) => Score::Ended(-n),
        }
    }

    /// An order on scores: any mate for beats any evaluation, a nearer mate beats a farther one,
    /// and the reverse for mates against.
    pub fn rank(self) -> i64 {
        match self {
            Score::Centipawns(cp) => cp as i64,
            Score::Mate(n) if n > 0 => i64::from(WIN) - n as i64,
            Score::Mate(n) => -i64::from(WIN) - n as i64,
            Score::Ended(n) => n.signum() as i64 * 2 * i64::from(WIN),
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `0.00`, `#3`, `#-2`; `won`, `drawn`, `lost` once the game is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(0) => write!(f, "0.00"),
            Score::Centipawns(cp) => {
                let sign = if cp > 0 { '+' } else { '-' };
                write!(f, "{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
            Score::Ended(n) => f.write_str(["lost", "drawn", "won"][(n.signum() + 1) as usize]),
        }
    }
}

/// One line of play from the analysed position, with its score for the seat to decide there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub actions: Vec<Action>,
    pub score: Score,
}

/// A position's analysis: its best lines, best first, each beginning with a different action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The seat the scores are for: the one to decide at the position.
    pub seat: Seat,
    pub lines: Vec<Line>,
    /// The deepest iteration finished, in decisions.
    pub depth: u32,
    pub nodes: u64,
}

impl Analysis {
    /// The best line's score for `seat` (another seat than the one to decide takes it flipped).
    pub fn score_for(&self, seat: Seat) -> Score {
        let score = self.lines[0].score;
        if seat == self.seat {
            score
        } else {
            score.flipped()
        }
    }
}

/// Up to `lines` (1 to [`MAX_LINES`]) best lines for the seat to decide at `position`, searched by
/// `level` (its noise ignored) until its depth or node budget, or until `stop` says so after the first
/// iteration; the player's `memory` keeps its table for the next analysis. `None` when there is
/// nothing to decide (the game is over, chance or a setup is due).
pub fn analyse(
    position: &dyn Position,
    level: &Level,
    lines: usize,
    stop: &mut dyn FnMut() -> bool,
    memory: &mut Memory,
) -> Option<Analysis> {
    if position.setup_due().is_some() {
        return None;
    }
    position.search_begins();
    let found = best_lines(position, level, lines.clamp(1, MAX_LINES), stop, memory)?;
    let lines = found.lines.into_iter().map(|raw| read_line(position, raw)).collect();
    Some(Analysis { seat: position.to_move(), lines, depth: found.depth, nodes: found.nodes })
}

/// The names of `actions` played one after another from `position`, as the move list shows them
/// (decisions without a name, such as a man picked before its destination, left out).
pub fn line_names(position: &dyn Position, actions: &[Action]) -> Vec<String> {
    let mut walk = position.clone_box();
    let mut names = Vec::with_capacity(actions.len());
    for &action in actions {
        let name = walk.info(action).name;
        if walk.play(action).is_err() {
            break;
        }
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}

/// A line as the search found it, its score read as a player reads it.
fn read_line(position: &dyn Position, raw: RawLine) -> Line {
    let score = if raw.score.abs() >= DECIDED {
        let decisions = (WIN - raw.score.abs()).max(1) as usize;
        let turns = winner_turns(position, &raw.actions, decisions, raw.score > 0);
        Score::Mate(if raw.score > 0 { turns } else { -turns })
    } else {
        Score::Centipawns(raw.score)
    };
    Line { actions: raw.actions, score }
}

/// How many turns the winner begins within the first `decisions` decisions of `line` from `position`
/// (the winner is the seat to decide when `root_wins`, else its opponent); decisions past the line's
/// end count as one turn each, the sides alternating.
fn winner_turns(position: &dyn Position, line: &[Action], decisions: usize, root_wins: bool) -> i32 {
    let root = position.to_move();
    // For each decision, whether the root's side takes it.
    let mut sides = Vec::with_capacity(decisions);
    let mut walk = position.clone_box();
    for &action in line.iter().take(decisions) {
        sides.push(walk.to_move() == root);
        if walk.play(action).is_err() {
            break;
        }
    }
    while sides.len() < decisions {
        sides.push(!sides.last().copied().unwrap_or(false));
    }
    let starts = sides.iter().enumerate().filter(|&(i, &side)| side == root_wins && (i == 0 || sides[i - 1] != side));
    (starts.count() as i32).max(1)
}

#[cfg(test)]
mod tests;
