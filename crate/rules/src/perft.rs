//! Perft: the number of action paths of a given length, the standard check of a move generator.
//!
//! Conventions: every listed action is one node (promotion pieces are separate
//! actions); chance is not a node. Resign and draw offers are game-level decisions, not counted.
//! Also reads the perft data files (`fen <position>` then `perft <depth> <count>` lines).

use crate::{Action, Position};

/// The number of action paths of `depth` decisions from `pos`: the variant's own fast count where it
/// has one ([`crate::OwnPerft`]), else the generic one.
pub fn perft(pos: &dyn Position, depth: u32) -> u64 {
    match pos.own_perft() {
        Some(own) => own.perft(depth),
        None => generic(pos, depth),
    }
}

/// Perft through the generic [`Position`] interface: slower than a variant's own, but it exercises
/// exactly what the page and the link decoder use.
pub fn generic(pos: &dyn Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    pos.actions(&mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|&a| {
            let mut next = pos.clone_box();
            // A listed action always plays; were one not to, it would count nothing (the fast counts
            // are checked against this one).
            next.play(a).map_or(0, |()| generic(next.as_ref(), depth - 1))
        })
        .sum()
}

/// Perft over a variant's own move type: `moves` lists the legal moves of a position, `make` plays one
/// on a copy. The last ply is counted by list length.
pub fn count<P: Clone, M: Copy>(pos: &P, depth: u32, moves: &impl Fn(&P) -> Vec<M>, make: &impl Fn(&mut P, M)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&m| {
            let mut next = pos.clone();
            make(&mut next, m);
            count(&next, depth - 1, moves, make)
        })
        .sum()
}

/// Per-first-action counts, for `perft --divide`.
pub fn divide(pos: &dyn Position, depth: u32) -> Vec<(Action, u64)> {
    let mut actions = Vec::new();
    pos.actions(&mut actions);
    actions
        .iter()
        .map(|&a| {
            let mut next = pos.clone_box();
            let count = match next.play(a) {
                Err(_) => 0,
                Ok(()) if depth <= 1 => 1,
                Ok(()) => perft(next.as_ref(), depth - 1),
            };
            (a, count)
        })
        .collect()
}

/// One position of a perft data file with its expected counts.
#[derive(Debug, Clone)]
pub struct PerftCase {
    pub position: String,
    /// (depth, expected leaf count)
    pub counts: Vec<(u32, u64)>,
}

/// Parses a perft data file; `#` starts a comment line.
pub fn parse_cases(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(position) = line.strip_prefix("fen ") {
            cases.push(PerftCase { position: position.trim().to_string(), counts: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let count = parts.next().and_then(|c| c.parse().ok());
            match (depth, count, cases.last_mut()) {
                (Some(d), Some(c), Some(case)) => case.counts.push((d, c)),
                _ => return Err(format!("line {}: bad perft line '{line}'", n + 1)),
            }
        } else {
            return Err(format!("line {}: unknown line '{line}'", n + 1));
        }
    }
    Ok(cases)
}
