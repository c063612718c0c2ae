//! Sorting the short lists of small ids that determinizations and deals sort on every search
//! iteration: the library sort's general machinery costs more there than the sorting.

/// Sorts `ids` ascending. Distinct ids (the usual case: card ids of one pool) are sorted by
/// marking them in a 256-bit set and reading it back, linear and without branches on their
/// order; with a repeated id it falls back to the library sort. The result is the same.
pub fn sort_ids(ids: &mut [u8]) {
    let mut set = [0u64; 4];
    for &id in ids.iter() {
        set[usize::from(id >> 6)] |= 1 << (id & 63);
    }
    let marked: u32 = set.iter().map(|w| w.count_ones()).sum();
    if marked as usize != ids.len() {
        ids.sort_unstable();
        return;
    }
    let mut at = 0;
    for (word, &bits) in set.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            ids[at] = (word as u32 * 64 + bits.trailing_zeros()) as u8;
            at += 1;
            bits &= bits - 1;
        }
    }
}

/// Sorts four items ascending with a five-comparator network of `min`/`max` pairs: no branch
/// depends on their order, which a freshly dealt hand makes random.
#[inline]
pub fn sort_four<T: Ord + Copy>(items: &mut [T; 4]) {
    for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (low, high) = (items[i].min(items[j]), items[i].max(items[j]));
        items[i] = low;
        items[j] = high;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    #[test]
    fn sort_ids_matches_the_library_sort_with_and_without_repeats() {
        let mut rng = Rng::seed_from(3);
        for case in 0..2000 {
            let len = rng.below(70);
            // Half the cases draw from a small range, so repeats are common there.
            let range = if case % 2 == 0 { 256 } else { 20 };
            let mut ids: Vec<u8> = (0..len).map(|_| rng.below(range) as u8).collect();
            let mut expected = ids.clone();
            expected.sort_unstable();
            sort_ids(&mut ids);
            assert_eq!(ids, expected);
        }
    }

    #[test]
    fn sort_four_sorts_every_order() {
        let mut rng = Rng::seed_from(4);
        for _ in 0..2000 {
            let mut items = [0u8; 4].map(|_| rng.below(6) as u8);
            let mut expected = items;
            expected.sort_unstable();
            sort_four(&mut items);
            assert_eq!(items, expected);
        }
    }
}
