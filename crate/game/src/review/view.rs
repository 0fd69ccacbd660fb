//! What the analysis board shows and says: an analysis turned into a plain view for the page, every
//! score from the first seat's side (White's), as boards show them, and a sentence for a listener.

use crate::lang::Language;
use crate::rules::{Action, Position};
use crate::search::{line_names, Analysis, Score};
use crate::Game;
use serde::Serialize;

/// One line of play as the page lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineView {
    /// Its score from White's side: `+0.35`, `-1.20`, `#3`, `#-2`.
    pub figure: String,
    /// Its moves, as the move list names them.
    pub moves: Vec<String>,
    /// For each of its moves, the option indices of the line's decisions from the analysed position up
    /// to that move (a man picked before it included): what the analysis copy plays when the move is chosen.
    pub paths: Vec<Vec<u32>>,
}

/// The analysis board's view of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisView {
    /// The best line's score from White's side.
    pub figure: String,
    /// White's share of the evaluation bar, 0 to 1: its winning chance (see [`super::win_percent`]).
    pub bar: f64,
    pub lines: Vec<LineView>,
    pub depth: u32,
    pub nodes: f64,
    /// The evaluation and the best line in words, for a listener.
    pub words: String,
}

/// The view of `analysis`, made at the position after `ply` decisions of `game`, in `language`.
pub fn analysis_view(game: &Game, ply: usize, analysis: &Analysis, language: Language) -> AnalysisView {
    let Ok(position) = game.position_at(ply) else {
        return AnalysisView {
            figure: String::new(),
            bar: 0.5,
            lines: Vec::new(),
            depth: 0,
            nodes: 0.0,
            words: String::new(),
        };
    };
    let white = |score: Score| if analysis.seat == 0 { score } else { score.flipped() };
    let lines: Vec<LineView> = analysis
        .lines
        .iter()
        .map(|line| {
            let (moves, paths) = line_steps(position, &line.actions);
            LineView { figure: white(line.score).to_string(), moves, paths }
        })
        .collect();
    let best = white(analysis.lines[0].score);
    let first = game.seat_names().first().copied().unwrap_or("White");
    let second = game.seat_names().get(1).copied().unwrap_or("Black");
    let moves = lines.first().map(|l| l.moves.join(" ")).unwrap_or_default();
    let words = words(best, (first, second), analysis.depth, &moves, language);
    AnalysisView {
        figure: best.to_string(),
        bar: super::win_percent(best) / 100.0,
        lines,
        depth: analysis.depth,
        nodes: analysis.nodes as f64,
        words,
    }
}

/// The names of `actions` played one after another from `position`, as [`line_names`] gives them, and
/// with each the option indices from `position` up to it (the index of an action among the position's
/// actions is its option index in the game: game-level decisions are listed after them).
fn line_steps(position: &dyn Position, actions: &[Action]) -> (Vec<String>, Vec<Vec<u32>>) {
    let mut walk = position.clone_box();
    let (mut names, mut paths, mut indices) = (Vec::new(), Vec::new(), Vec::new());
    let mut listed = Vec::new();
    for &action in actions {
        listed.clear();
        walk.actions(&mut listed);
        let Some(index) = listed.iter().position(|&a| a == action) else { break };
        let name = walk.info(action).name;
        if walk.play(action).is_err() {
            break;
        }
        indices.push(index as u32);
        if !name.is_empty() {
            names.push(name);
            paths.push(indices.clone());
        }
    }
    debug_assert_eq!(names, line_names(position, &actions[..indices.len()]));
    (names, paths)
}

/// "Evaluation +0.35 for White, depth 12. Best line: e4 e5 Nf3." or "White mates in 3, …".
fn words(best: Score, (first, second): (&str, &str), depth: u32, moves: &str, language: Language) -> String {
    match (language, best) {
        (Language::En, Score::Mate(n)) => {
            let who = if n > 0 { first } else { second };
            format!("{who} mates in {}, depth {depth}. Best line: {moves}.", n.abs())
        }
        (Language::En, _) => format!("Evaluation {best} for {first}, depth {depth}. Best line: {moves}."),
        (Language::Fr, Score::Mate(n)) => {
            let who = crate::lang::capital(&language.seat(if n > 0 { first } else { second }));
            format!("{who} matent en {}, profondeur {depth}. Meilleure ligne : {moves}.", n.abs())
        }
        (Language::Fr, _) => {
            format!("Évaluation {best} pour {}, profondeur {depth}. Meilleure ligne : {moves}.", language.seat(first))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{analyse, Level, Memory};

    #[test]
    fn scores_are_shown_from_whites_side_with_words_in_both_languages() {
        // Black to move mates at once: from White's side, #-1.
        let game = Game::from_slug("chess", Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1")).expect("a position");
        let analysis =
            analyse(game.position(), &Level::depth(4), 2, &mut || false, &mut Memory::default()).expect("one");
        let view = analysis_view(&game, 0, &analysis, Language::En);
        assert_eq!(view.figure, "#-1", "{view:?}");
        assert_eq!(view.bar, 0.0);
        assert_eq!(view.words, "Black mates in 1, depth 1. Best line: Ra1#.");
        let french = analysis_view(&game, 0, &analysis, Language::Fr);
        assert_eq!(french.words, "Les Noirs matent en 1, profondeur 1. Meilleure ligne : Ra1#.");
        let start = Game::from_slug("chess", None).expect("a game");
        let analysis =
            analyse(start.position(), &Level::depth(3), 3, &mut || false, &mut Memory::default()).expect("one");
        let view = analysis_view(&start, 0, &analysis, Language::Fr);
        assert_eq!(view.lines.len(), 3);
        assert!(
            view.words.starts_with("Évaluation ") && view.words.contains(" pour les Blancs, profondeur 3."),
            "{}",
            view.words
        );
        assert!(view.bar > 0.4 && view.bar < 0.6);
    }
}
