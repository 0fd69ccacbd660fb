//! The order in which a node of [`super`]'s search tries its ranked actions: best rank first, the lower
//! action first among equals (canonical order, so that searches are reproducible).

use crate::rules::Action;

/// How many actions a node picks by selection before it sorts the rest.
const SELECTED: usize = 3;

/// Moves the highest-ranked entry (the lowest action among equals: canonical order) to the front.
fn pick_best(items: &mut [(i64, Action, bool)]) {
    let mut best = 0;
    for (i, item) in items.iter().enumerate().skip(1) {
        let b = &items[best];
        if item.0 > b.0 || (item.0 == b.0 && item.1 < b.1) {
            best = i;
        }
    }
    items.swap(0, best);
}

/// Puts the `i`-th action of the order at `i`, the ones before it being in place: by selection for
/// the first few (most nodes cut off after an action or two), then by sorting the rest once, in the
/// order selection would give.
pub(super) fn bring_next(ranked: &mut [(i64, Action, bool)], i: usize) {
    if i < SELECTED {
        pick_best(&mut ranked[i..]);
    } else if i == SELECTED {
        ranked[i..].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    }
}

/// Sorts by key, highest first, then by action (canonical order).
pub(super) fn sort_ranked(items: &mut [(i64, Action)]) {
    items.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_the_one_selection_gives() {
        let mut seed = 12345u64;
        for len in [0, 1, 3, 4, 5, 40] {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Few distinct keys, so that ties (broken by the action, each distinct) are common.
            let items: Vec<(i64, Action, bool)> = (0..len)
                .map(|j| (((seed >> (j % 60)) % 5) as i64, Action((j as u64 * 7919 + seed % 13) % 997), j % 2 == 0))
                .collect();
            let (mut selected, mut brought) = (items.clone(), items);
            for i in 0..selected.len() {
                pick_best(&mut selected[i..]);
                bring_next(&mut brought, i);
            }
            assert_eq!(brought, selected, "{len} actions");
        }
    }
}
