//! What a tuner needs of the orthodox evaluation (the page never calls it): a position's
//! term counts ([`trace`]), the weights now played ([`current`]), and Rust source for a fitted table
//! ([`source`]). The fitting itself is `examples/tune_orthodox.rs`.

use super::weights::{term, weights};
use super::{king_dangers, phase, side_terms, threat_terms, Score, Terms, FULL_PHASE};
use crate::{Chess, BLACK, WHITE};

/// A position's evaluation as counts: the evaluation is, from White's side,
/// `((sum(count * mg) + fixed.0) * phase + (sum(count * eg) + fixed.1) * (FULL_PHASE - phase)) / FULL_PHASE`
/// over `terms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// From [`FULL_PHASE`] (every piece on the board) down to 0.
    pub phase: i32,
    /// (term, White's count minus Black's), non-zero counts only.
    pub terms: Vec<(u16, i32)>,
    /// What is not fitted (the king danger, White's less Black's): middle game, endgame.
    pub fixed: (i32, i32),
}

/// [`FULL_PHASE`], for the tuner's blend.
pub const PHASES: i32 = FULL_PHASE;
/// How many weights there are.
pub const TERMS: usize = term::COUNT;

/// Counts a side's terms with a sign (+1 White, -1 Black) into one list.
struct Counts(Vec<i32>, i32);

impl Terms for Counts {
    fn add(&mut self, term: usize, count: i32) {
        self.0[term] += self.1 * count;
    }
}

/// The trace of the position in `fen`; `None` when the text is no position, or the position is not
/// quiet (the side to move is in check, or can win material at once): a static evaluation
/// cannot be right there, and a tuner should not learn from it.
pub fn trace(fen: &str) -> Option<Trace> {
    let board = Chess::from_fen(fen).ok()?;
    if !quiet(&board) {
        return None;
    }
    let mut counts = Counts(vec![0; term::COUNT], 1);
    let white = side_terms(&board, WHITE, &mut counts);
    counts.1 = -1;
    let black = side_terms(&board, BLACK, &mut counts);
    if board.turn() == WHITE {
        counts.1 = 1;
        threat_terms(&board, WHITE, &white, &black, &mut counts);
    } else {
        threat_terms(&board, BLACK, &black, &white, &mut counts);
    }
    counts.0[term::TEMPO] = if board.turn() == WHITE { 1 } else { -1 };
    let terms = counts.0.iter().enumerate().filter(|(_, &c)| c != 0).map(|(t, &c)| (t as u16, c)).collect();
    let Score(mg, eg) = king_dangers(&board, &white, &black);
    Some(Trace { phase: phase(&board), terms, fixed: (mg, eg) })
}

fn quiet(board: &Chess) -> bool {
    if board.in_check() {
        return false;
    }
    let mut list = crate::MoveList::new();
    board.legal_moves(&mut list);
    !list.as_slice().iter().any(|m| board.wins_material(m.action()))
}

/// The weights played now, (middle game, endgame) by term.
pub fn current() -> Vec<(i32, i32)> {
    weights().iter().map(|&Score(mg, eg)| (mg, eg)).collect()
}

/// Rust source of a weights table `name` holding `weights` (by term), for `orthodox/weights/fitted.rs`
/// below its doc comment: by term, the placement tables a rank a line from each side's first.
pub fn source(name: &str, weights: &[(i32, i32)]) -> String {
    use std::fmt::Write;
    let mut out =
        format!("use super::super::Score;\nuse super::term;\n\npub(super) const {name}: [Score; term::COUNT] = [\n");
    let pair = |(mg, eg): (i32, i32)| format!("Score({mg}, {eg})");
    out.push_str("    // material: pawn, knight, bishop, rook, queen\n    ");
    out.push_str(&weights[..term::PLACEMENT].iter().map(|&w| pair(w)).collect::<Vec<_>>().join(", "));
    out.push_str(",\n");
    for (kind, name) in ["pawn", "knight", "bishop", "rook", "queen", "king"].iter().enumerate() {
        let _ = writeln!(out, "    // placement: {name}, rank 1 first");
        for rank in 0..8 {
            let row = term::PLACEMENT + 64 * kind + 8 * rank;
            let cells: Vec<_> = weights[row..row + 8].iter().map(|&w| pair(w)).collect();
            let _ = writeln!(out, "    {},", cells.join(", "));
        }
    }
    out.push_str(
        "    // mobility (knight, bishop, rook, queen), bishop pair, outpost, rook on an open and a half-open file,\n",
    );
    out.push_str("    // pawn threat, doubled, isolated, passed by ranks (0-7), passed pawn's kings (theirs,\n");
    out.push_str("    // ours), king shield, pawns near the king, storm (2, 3, 4 ranks), king's open and half-open files, tempo,\n");
    out.push_str("    // the side to move's threatened pieces: by a minor, by a rook, hanging, forked\n");
    for chunk in weights[term::MOBILITY..].chunks(6) {
        let cells: Vec<_> = chunk.iter().map(|&w| pair(w)).collect();
        let _ = writeln!(out, "    {},", cells.join(", "));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trace reproduces the evaluation exactly: the tuner fits the function the search plays.
    #[test]
    fn a_trace_times_the_weights_is_the_evaluation() {
        for fen in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
            "8/5pk1/6p1/8/3P4/6P1/5PK1/8 b - - 0 40",
            "r4rk1/1b3ppp/pq2p3/4P3/8/P1N3Q1/1P3PPP/R4RK1 w - - 0 20",
        ] {
            let t = trace(fen).expect("quiet");
            let w = current();
            let (mg, eg) = t
                .terms
                .iter()
                .fold(t.fixed, |(mg, eg), &(term, c)| (mg + c * w[term as usize].0, eg + c * w[term as usize].1));
            let blended = (mg * t.phase + eg * (PHASES - t.phase)) / PHASES;
            assert_eq!(blended, super::super::orthodox(&Chess::from_fen(fen).expect("valid"), WHITE), "{fen}");
        }
        // Not quiet: a queen hangs to a pawn.
        assert_eq!(trace("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1"), None);
    }
}
