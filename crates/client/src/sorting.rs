//! Stable sorting through one compiled sort.
//!
//! The standard library's `sort_by` is compiled anew for each element type and comparison
//! (about 4 KB of wasm each, a dozen times over the app). These functions sort a list of
//! positions with a comparison passed as `dyn`, so the sort itself is compiled once, and
//! then move the elements to their places. Stable: equal elements keep their order.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal elements in their order.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = sorted_positions(
        items.len(),
        &mut |a, b| match (items.get(a), items.get(b)) {
            (Some(a), Some(b)) => compare(a, b),
            _ => Ordering::Equal,
        },
    );
    put_in_order(items, order);
}

/// Sorts `items` by the key `key` gives each, keeping equal keys in their order.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in ascending order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The positions `0..len` in the order `compare` puts them (the one compiled sort: the
/// standard stable `sort_by`, instantiated once here for every element type).
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..len).collect();
    positions.sort_by(|a, b| compare(*a, *b));
    positions
}

/// Moves the element at `order[i]` to place `i`, cycle by cycle (each element moves once).
fn put_in_order<T>(items: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..order.len() {
        let mut place = start;
        while let Some(from) = order
            .get_mut(place)
            .map(|slot| std::mem::replace(slot, DONE))
        {
            if from == DONE || from == start || from >= items.len() {
                break;
            }
            items.swap(place, from);
            place = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        // A fixed linear congruential sequence; pairs whose first halves repeat show stability.
        let mut state: u32 = 7;
        for len in 0..200usize {
            let items: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((state >> 16) % 13, i)
                })
                .collect();
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut theirs = items.clone();
            theirs.sort_by_key(|a| a.0);
            assert_eq!(ours, theirs, "{len} items");
        }
    }

    #[test]
    fn by_key_and_plain() {
        let mut words = vec!["pear", "fig", "apple", "kiwi"];
        sort_by_key(&mut words, |w| w.len());
        assert_eq!(words, ["fig", "pear", "kiwi", "apple"]);
        sort(&mut words);
        assert_eq!(words, ["apple", "fig", "kiwi", "pear"]);
    }

    #[test]
    fn runs_already_in_order_and_reversed_lists() {
        for len in [1_000usize, 1_023, 1_025] {
            let ascending: Vec<usize> = (0..len).collect();
            let mut sorted = ascending.clone();
            sort(&mut sorted);
            assert_eq!(sorted, ascending);
            let mut reversed: Vec<usize> = (0..len).rev().collect();
            sort(&mut reversed);
            assert_eq!(reversed, ascending);
            // Two sorted halves interleaving, each with ties, by the first of each pair.
            let mut halves: Vec<(usize, usize)> =
                (0..len).map(|i| ((i % (len / 2)) / 3, i)).collect();
            let mut theirs = halves.clone();
            theirs.sort_by_key(|p| p.0);
            sort_by_key(&mut halves, |p| p.0);
            assert_eq!(halves, theirs);
        }
    }
}
