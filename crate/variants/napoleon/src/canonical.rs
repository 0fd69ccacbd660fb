//! The canonical order a step's moves are recorded in: the board after a step depends only on its set
//! of moves, so a link stores one order of them.

use super::*;

/// The squares strictly between `from` and `to` when they share a line (none for a knight's leap).
pub(super) fn between(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let unit = (df.signum(), dr.signum());
    let mut squares = Vec::new();
    let mut at = from;
    while let Some(next) = step(at, unit).filter(|&next| next != to) {
        squares.push(next);
        at = next;
    }
    squares
}

/// The canonical order of one step's moves (docs/rules.md, Napoleon, "Decisions and canonical order"): the board
/// after a step depends only on its set of moves, so a link records them as the smallest order by
/// start square that can still be played. A move waits for a man leaving its destination or its path,
/// and goes before any move landing on its path or on its start square. `moves` must be a set the
/// player actually played; each man moves at most once in a step, which keeps these constraints
/// acyclic.
pub fn canonical_order(moves: &[(Square, Square)]) -> Vec<(Square, Square)> {
    let n = moves.len();
    let paths: Vec<Vec<Square>> = moves.iter().map(|&(from, to)| between(from, to)).collect();
    // Move x must precede move y when y lands where x started, x started on y's path, or y lands on x's path.
    let precedes = |x: usize, y: usize| {
        moves[x].0 == moves[y].1 || paths[y].contains(&moves[x].0) || paths[x].contains(&moves[y].1)
    };
    let after: Vec<Vec<usize>> = (0..n).map(|x| (0..n).filter(|&y| y != x && precedes(x, y)).collect()).collect();
    let mut waiting_for = vec![0usize; n];
    for &y in after.iter().flatten() {
        waiting_for[y] += 1;
    }
    // The moves free to go next; the one from the lowest square (then the earliest listed) goes first. A
    // scan of a plain list: a turn moves a few men, and collecting a BTreeSet brought a stable sort of
    // about 9 KB into the page's wasm for this list alone.
    let mut ready: Vec<(Square, usize)> = (0..n).filter(|&i| waiting_for[i] == 0).map(|i| (moves[i].0, i)).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(first) = (0..ready.len()).min_by_key(|&k| ready[k]) {
        let (_, i) = ready.swap_remove(first);
        order.push(moves[i]);
        for &j in &after[i] {
            waiting_for[j] -= 1;
            if waiting_for[j] == 0 {
                ready.push((moves[j].0, j));
            }
        }
    }
    // A set that was never played could hold a cycle; keep its remaining moves rather than drop them.
    if order.len() < n {
        let mut rest: Vec<_> = moves.iter().filter(|m| !order.contains(m)).copied().collect();
        crate::short_sort::sort(&mut rest);
        order.extend(rest);
    }
    order
}
