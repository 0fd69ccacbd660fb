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
mod tests {
    // Mates found and counted in turns, in several variants, each checked against a plain exhaustive
    // search; several lines distinct and ordered.

    use super::*;
    use crate::rules::Position;
    use crate::variants;

    fn position(slug: &str, text: &str) -> Box<dyn Position> {
        variants::by_slug(slug).expect("registered").parse_position(text, &[]).expect("a valid position")
    }

    fn analysed(position: &dyn Position, depth: u32, lines: usize) -> Analysis {
        analyse(position, &Level::depth(depth), lines, &mut || false, &mut Memory::default()).expect("an analysis")
    }

    /// Whether the seat to move at `position` can force a win within `turns` of its own turns, by trying
    /// everything (one decision a turn: the variants tested here).
    fn forces_win(position: &dyn Position, turns: u32) -> bool {
        let seat = position.to_move();
        let mut actions = Vec::new();
        position.actions(&mut actions);
        actions.iter().any(|&a| {
            let mut child = position.clone_box();
            child.play(a).is_ok() && every_reply_loses(child.as_ref(), seat, turns - 1)
        })
    }

    /// Whether every reply at `position` lets `winner` win within `turns` more turns (or has already lost).
    fn every_reply_loses(position: &dyn Position, winner: Seat, turns: u32) -> bool {
        if let Some(outcome) = position.outcome() {
            return outcome.winner == Some(winner);
        }
        if turns == 0 {
            return false;
        }
        let mut actions = Vec::new();
        position.actions(&mut actions);
        !actions.is_empty()
            && actions.iter().all(|&a| {
                let mut child = position.clone_box();
                child.play(a).is_ok() && forces_win(child.as_ref(), turns)
            })
    }

    /// `#n` reported, as the exhaustive search finds: a win in `n` turns and none in fewer.
    fn assert_mate_in(slug: &str, text: &str, n: i32) {
        let p = position(slug, text);
        let analysis = analysed(p.as_ref(), 2 * n as u32 + 1, 1);
        assert_eq!(analysis.lines[0].score, Score::Mate(n), "{slug} {text}: {:?}", analysis.lines[0]);
        assert_eq!(analysis.lines[0].score.to_string(), format!("#{n}"));
        assert!(forces_win(p.as_ref(), n as u32), "{slug}: a mate in {n} exists");
        assert!(n == 1 || !forces_win(p.as_ref(), n as u32 - 1), "{slug}: none shorter");
        // The line is the mate itself, played out to the end.
        let mut walk = p.clone_box();
        for &a in &analysis.lines[0].actions {
            walk.play(a).expect("the line plays");
        }
        assert_eq!(walk.outcome().and_then(|o| o.winner), Some(p.to_move()), "{slug}: the line mates");
        // From the other side, after the first move: mated by the opponent's (n-1)-th turn.
        if n > 1 {
            let mut after = p.clone_box();
            after.play(analysis.lines[0].actions[0]).expect("legal");
            let reply = analysed(after.as_ref(), 2 * n as u32, 1);
            assert_eq!(reply.lines[0].score, Score::Mate(-(n - 1)), "{slug}: the loser's view");
        }
    }

    #[test]
    fn mates_in_one_two_and_three_in_chess() {
        assert_mate_in("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1);
        assert_mate_in("chess", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2);
        assert_mate_in("chess", "8/8/6k1/1R6/8/8/R7/6K1 w - - 0 1", 3);
    }

    #[test]
    fn mates_in_one_two_and_three_in_gunnery() {
        assert_mate_in("gunnery", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1);
        assert_mate_in("gunnery", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2);
        assert_mate_in("gunnery", "8/8/6k1/1R6/8/8/R7/6K1 w - - 0 1", 3);
    }

    #[test]
    fn mates_in_one_two_and_three_in_checkered_chess() {
        assert_mate_in("checkered", "6k1/5ppp/8/8/8/8/8/R5K1 w 0 iiii0000000000000000 - - 1", 1);
        assert_mate_in("checkered", "7k/8/8/8/8/8/R7/1R4K1 w 0 iiii0000000000000000 - - 1", 2);
        assert_mate_in("checkered", "8/8/6k1/1R6/8/8/R7/6K1 w 0 iiii0000000000000000 - - 1", 3);
    }

    #[test]
    fn scores_read_as_pawns_or_mates() {
        let shown: Vec<String> = [
            Score::Centipawns(35),
            Score::Centipawns(-120),
            Score::Centipawns(0),
            Score::Centipawns(-5),
            Score::Mate(3),
            Score::Mate(-2),
        ]
        .iter()
        .map(Score::to_string)
        .collect();
        assert_eq!(shown, ["+0.35", "-1.20", "0.00", "-0.05", "#3", "#-2"]);
        assert!(Score::Mate(1).rank() > Score::Mate(2).rank());
        assert!(Score::Mate(2).rank() > Score::Centipawns(5000).rank());
        assert!(Score::Mate(-2).rank() > Score::Mate(-1).rank(), "a later mate against is better");
        assert!(Score::Centipawns(-5000).rank() > Score::Mate(-9).rank());
    }

    /// Three lines, each beginning with another action, best first, in every variant's start.
    #[test]
    fn several_lines_are_distinct_and_ordered_in_every_variant() {
        for &rules in variants::REGISTRY {
            let slug = rules.info().slug;
            let mut game = engine::Game::new(rules, None, None).expect("a game");
            while let Some(due) = game.setup_due() {
                engine::arena::make_setup(&mut game, due, 1).expect("a setup");
            }
            let level = Level { max_nodes: 20_000, ..Level::depth(64) };
            let analysis =
                analyse(game.position(), &level, 3, &mut || false, &mut Memory::default()).expect("analysed");
            assert_eq!(analysis.lines.len(), 3, "{slug}");
            let firsts: Vec<Action> = analysis.lines.iter().map(|l| l.actions[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{slug}: {firsts:?}");
            assert!(analysis.lines.windows(2).all(|w| w[0].score.rank() >= w[1].score.rank()), "{slug}: ordered");
            let mut options = Vec::new();
            game.position().actions(&mut options);
            for line in &analysis.lines {
                let mut walk = game.position().clone_box();
                for &a in &line.actions {
                    walk.play(a).unwrap_or_else(|e| panic!("{slug}: the line plays: {e:?}"));
                }
            }
            assert!(analysis.depth >= 1 && analysis.nodes > 0, "{slug}");
        }
    }

    /// One line asked: the playing search's choice and score at the same depth.
    #[test]
    fn one_line_is_the_playing_searchs_choice() {
        let p = position("chess", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let analysis = analysed(p.as_ref(), 5, 1);
        let found = super::super::best_action(p.as_ref(), &Level::depth(5), &mut || false, 0).expect("a move");
        assert_eq!(analysis.lines[0].score, Score::Centipawns(found.score));
        assert!(analysis.lines[0].actions.len() >= 2, "a line, not a move: {:?}", analysis.lines[0]);
    }

    #[test]
    fn nothing_to_analyse_once_the_game_is_over() {
        let mated = position("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
        assert!(analyse(mated.as_ref(), &Level::depth(3), 3, &mut || false, &mut Memory::default()).is_none());
    }

    /// Napoleon counts a mate in turns, not decisions: a win seven decisions deep (a pass with a switch,
    /// Black's pass, then a capture that leaves Black no legal turn) is White's second turn.
    #[test]
    fn a_napoleon_mate_is_counted_in_turns() {
        let p = position("napoleon", "16/16/16/16/16/16/16/16/16/16/16/B15/16/PRP13/ppPP12/kppK12 w 0 1");
        let analysis = analysed(p.as_ref(), 8, 1);
        assert_eq!(analysis.lines[0].score, Score::Mate(2), "{:?}", analysis.lines[0]);
        let win = analysed(
            position("napoleon", "15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1").as_ref(),
            6,
            1,
        );
        assert_eq!(win.lines[0].score, Score::Mate(1), "{:?}", win.lines[0]);
    }
}
