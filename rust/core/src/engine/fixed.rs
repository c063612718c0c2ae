//! `FixedVec`: a vector of `Copy` items with a fixed capacity, stored inline, that is itself
//! `Copy`. Game states are made of these so that cloning a state is one `memcpy` — the
//! dominant cost of search is cloning, and `ArrayVec`'s element-by-element clone was 10×
//! slower for our ~2 KB states.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` (≤ 255) items of a `Copy` type, inline.
#[derive(Copy)]
pub struct FixedVec<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> FixedVec<T, N> {
    /// An empty vector.
    pub fn new() -> Self {
        const { assert!(N <= 255, "FixedVec holds at most 255 items") };
        FixedVec {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// A vector holding a copy of `items` (at most `N`), copied at once rather than pushed
    /// item by item.
    #[inline]
    pub fn from_slice(items: &[T]) -> Self {
        assert!(items.len() <= N, "FixedVec capacity {N} exceeded");
        let mut v = Self::new();
        v.items[..items.len()].copy_from_slice(items);
        v.len = items.len() as u8;
        v
    }

    /// The capacity `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Appends `item`. Capacities are chosen so that a valid game can never exceed them (each
    /// is the number of cards of that kind in the game); exceeding one is a bug.
    pub fn push(&mut self, item: T) {
        assert!(usize::from(self.len) < N, "FixedVec capacity {N} exceeded");
        self.items[usize::from(self.len)] = item;
        self.len += 1;
    }

    /// Appends `item` if there is room; returns whether it was added.
    pub fn try_push(&mut self, item: T) -> bool {
        if usize::from(self.len) < N {
            self.push(item);
            true
        } else {
            false
        }
    }

    /// Removes and returns the last item.
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[usize::from(self.len)])
    }

    /// Removes the item at `index`, shifting the rest left. Inlined: with the capacity known
    /// at the call the shift is a few moves (a wheel card used up is removed at most steps).
    #[inline]
    pub fn remove(&mut self, index: usize) -> T {
        let len = usize::from(self.len);
        assert!(
            index < len,
            "FixedVec::remove index {index} out of bounds ({len})"
        );
        let item = self.items[index];
        // An element-wise shift, not `copy_within`: the lists are short (a wheel holds 5
        // cards), and `copy_within` calls `memmove`, costlier here than the copy itself.
        let tail = &mut self.items[index..len];
        for i in 1..tail.len() {
            tail[i - 1] = tail[i];
        }
        self.len -= 1;
        item
    }

    /// Inserts `item` at `index`, shifting the rest right.
    pub fn insert(&mut self, index: usize, item: T) {
        let len = usize::from(self.len);
        assert!(
            index <= len && len < N,
            "FixedVec::insert out of bounds or full"
        );
        // Shifted element by element, as in `remove` (short lists: no `memmove` call).
        let tail = &mut self.items[index..=len];
        for i in (1..tail.len()).rev() {
            tail[i] = tail[i - 1];
        }
        tail[0] = item;
        self.len += 1;
    }

    /// Inserts `item` before the first item with a greater key, keeping a sorted list sorted.
    pub fn insert_sorted_by_key<K: Ord>(&mut self, item: T, key: impl Fn(&T) -> K) {
        let k = key(&item);
        let at = self.iter().position(|x| key(x) > k).unwrap_or(self.len());
        self.insert(at, item);
    }

    /// Sorts by `key`, stably, by insertion, inline: for the short lists of a game (a hand
    /// of 4, a wheel of 5) the library sort's out-of-line call costs more than the sorting.
    /// Equal keys keep their order, so the result is the one `sort_by_key` gives, and the one
    /// `sort_unstable_by_key` gives whenever the keys are distinct.
    #[inline]
    pub fn sort_short_by_key<K: Ord>(&mut self, key: impl Fn(&T) -> K) {
        let items = &mut **self;
        for i in 1..items.len() {
            let item = items[i];
            let k = key(&item);
            let mut j = i;
            while j > 0 && key(&items[j - 1]) > k {
                items[j] = items[j - 1];
                j -= 1;
            }
            items[j] = item;
        }
    }

    /// Removes the first `k` items (or all, if fewer), returning them in order.
    pub fn take_front<const K: usize>(&mut self, k: usize) -> FixedVec<T, K> {
        let k = k.min(usize::from(self.len)).min(K);
        let out = self.items[..k].iter().copied().collect();
        let len = usize::from(self.len);
        self.items.copy_within(k..len, 0);
        self.len -= k as u8;
        out
    }

    /// Makes this vector a copy of `source`, copying its items only: what lies past a
    /// vector's items is never read (an item is written before the length grows over it), so
    /// the copy equals `source` at a fraction of a whole copy when it holds a few of its `N`.
    #[inline]
    pub fn copy_items_from(&mut self, source: &Self) {
        let len = usize::from(source.len);
        self.items[..len].copy_from_slice(&source.items[..len]);
        self.len = source.len;
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` items.
    pub fn truncate(&mut self, len: usize) {
        if len < usize::from(self.len) {
            self.len = len as u8;
        }
    }
}

impl<T: Copy + Default, const N: usize> Clone for FixedVec<T, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

// The items, without a bounds check: every vector is read through these (a game's rules
// index its rows at every step), and the check, though never failing, was a few percent of
// Níjar's random play.
impl<T: Copy + Default, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        debug_assert!(usize::from(self.len) <= N);
        // SAFETY: `len <= N` always: `len` is private, and every method that raises it
        // (`push` and `insert` assert room first, `from_slice` asserts the length, `try_push`
        // and deserialization go through `push`'s check, `copy_items_from` copies a vector's
        // own length) keeps it within the capacity; the others only lower it.
        unsafe { self.items.get_unchecked(..usize::from(self.len)) }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for FixedVec<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        debug_assert!(usize::from(self.len) <= N);
        // SAFETY: as for `deref`: `len <= N` always.
        unsafe { self.items.get_unchecked_mut(..usize::from(self.len)) }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for FixedVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        for item in iter {
            v.push(item);
        }
        v
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a FixedVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for FixedVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for item in self.iter() {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for FixedVec<T, N>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SeqVisitor<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Visitor<'de> for SeqVisitor<T, N> {
            type Value = FixedVec<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut v = FixedVec::new();
                while let Some(item) = seq.next_element()? {
                    if !v.try_push(item) {
                        return Err(de::Error::invalid_length(N + 1, &self));
                    }
                }
                Ok(v)
            }
        }
        deserializer.deserialize_seq(SeqVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::FixedVec;

    #[test]
    fn behaves_like_a_vector() {
        let mut v: FixedVec<u8, 5> = [3, 1, 4].into_iter().collect();
        v.insert(1, 9);
        assert_eq!(&*v, &[3, 9, 1, 4]);
        assert_eq!(v.remove(0), 3);
        let front: FixedVec<u8, 3> = v.take_front(2);
        assert_eq!(&*front, &[9, 1]);
        assert_eq!(&*v, &[4]);
        v.sort_unstable();
        assert_eq!(v.pop(), Some(4));
        assert!(v.is_empty());
    }

    #[test]
    fn shifts_and_the_short_sort_agree_with_a_vec() {
        // Every insert/remove position of every length, and the short sort against the
        // library's stable sort (equal keys keep their order) on many small lists.
        let mut seed = 12345u32;
        for len in 0..=6usize {
            for at in 0..=len {
                let mut v: FixedVec<u8, 7> = (0..len as u8).collect();
                let mut w: Vec<u8> = (0..len as u8).collect();
                v.insert(at, 99);
                w.insert(at, 99);
                assert_eq!(&*v, &w[..]);
                assert_eq!(v.remove(at), w.remove(at));
                assert_eq!(&*v, &w[..]);
                if at < len {
                    assert_eq!(v.remove(at), w.remove(at));
                    assert_eq!(&*v, &w[..]);
                }
            }
            let from: FixedVec<u8, 7> = FixedVec::from_slice(&[5, 6, 7, 8, 9, 10][..len]);
            assert_eq!(&*from, &[5, 6, 7, 8, 9, 10][..len]);
            for _ in 0..200 {
                let pairs: Vec<(u8, u8)> = (0..len as u8)
                    .map(|i| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                        (((seed >> 16) % 4) as u8, i)
                    })
                    .collect();
                let mut v: FixedVec<(u8, u8), 7> = pairs.iter().copied().collect();
                let mut w = pairs.clone();
                v.sort_short_by_key(|p| p.0);
                w.sort_by_key(|p| p.0);
                assert_eq!(&*v, &w[..]);
            }
        }
    }

    #[test]
    fn deserializing_too_many_items_is_an_error_not_a_panic() {
        let err = serde_json::from_str::<FixedVec<u8, 2>>("[1,2,3]").unwrap_err();
        assert!(err.to_string().contains("at most 2"));
        let ok: FixedVec<u8, 2> = serde_json::from_str("[1,2]").unwrap();
        assert_eq!(&*ok, &[1, 2]);
    }
}
