//! Sorting for short lists: one insertion sort, stable, generic but a few dozen instructions each.
//!
//! The standard library's sorts are fast on long lists but cost 2-8 KB of wasm for every element type
//! they are used with (the page downloads them all). Lists of a few dozen items (the pieces a move or a
//! position names in words, a Napoleon group, a seat's men, a turn's moves, the stored games), and the
//! lists of one decision's options sorted once per search or per check (the root's first order, the
//! dead-end checks' order) sort here; the hot lists (every node's actions, the search's move ordering)
//! and the long ones (a game's positions) keep the standard `sort_unstable`. Insertion sort is
//! quadratic: keep it to lists a player could count.

/// Sorts `items` ascending, keeping equal items in their order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, |a, b| a < b);
}

/// Sorts `items` so that no item is `before` one ahead of it, keeping equal items in their order.
pub fn sort_by<T>(items: &mut [T], mut before: impl FnMut(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library() {
        // Every list of up to 7 values from 0..4 (duplicates included), against the standard sort.
        for len in 0..=7u32 {
            for code in 0..4u32.pow(len) {
                let list: Vec<u32> = (0..len).map(|i| code / 4u32.pow(i) % 4).collect();
                let (mut ours, mut std) = (list.clone(), list.clone());
                sort(&mut ours);
                std.sort();
                assert_eq!(ours, std, "{list:?}");
            }
        }
    }

    #[test]
    fn equal_items_keep_their_order() {
        let mut games = [(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (3, 'e')];
        sort_by(&mut games, |x, y| x.0 > y.0);
        assert_eq!(games, [(3, 'e'), (2, 'a'), (2, 'c'), (1, 'b'), (1, 'd')]);
    }
}
