//! Parts of a view that are the same in every view of one card set (a card's printed face),
//! marked so that a serializer able to keep objects builds each of them once and shares it.
//!
//! A [`Shared`] value serializes as its plain value to a human-readable serializer (JSON, the
//! C ABI, text keys), so a document never changes for being marked. A serializer that is not
//! human-readable (the Python binding's) instead receives a newtype variant of the enum named
//! [`SHARED`] whose variant index is the item's number: it may look that up in a table kept
//! per card set and, on a hit, reuse the object built the first time without serializing the
//! value again. (The index travels as a plain argument, so the serializer needs no second
//! serializer to read it.) That is
//! what keeps an observation full of cards cheap to build in Python: each card's dict is made
//! once per card set, not once per observation.

use serde::{Serialize, Serializer};

/// The enum name a [`Shared`] value carries to a non-human-readable serializer.
pub const SHARED: &str = "$craftgames::shared";

/// How many items a card set's kind of card may number: item ids of kind `k` start at
/// `k * ITEMS_PER_KIND`. Every game's card ids fit a byte (its state stores them as `u8`s), so
/// no kind reaches into the next.
pub const ITEMS_PER_KIND: u32 = 512;

/// A value fixed by the card set alone (a card's face), numbered by `item` within its set.
#[derive(Clone, Copy, Debug)]
pub struct Shared<T> {
    item: u32,
    value: T,
}

impl<T> Shared<T> {
    /// Card `id` of the set's `kind`-th kind of card, shown as `value`. Two marks with the
    /// same `(kind, id)` in one card set must show the same value.
    pub fn new(kind: u8, id: usize, value: T) -> Self {
        debug_assert!(
            id < ITEMS_PER_KIND as usize,
            "card id {id} past a kind's items"
        );
        Shared {
            item: u32::from(kind) * ITEMS_PER_KIND + id as u32,
            value,
        }
    }

    /// The item's number in its card set's table.
    pub fn item(&self) -> u32 {
        self.item
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            self.value.serialize(serializer)
        } else {
            serializer.serialize_newtype_variant(SHARED, self.item, SHARED, &self.value)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Face {
        name: &'static str,
        cost: u8,
    }

    #[test]
    fn a_shared_value_is_its_plain_value_in_json() {
        let marked = Shared::new(
            2,
            7,
            Face {
                name: "Kiln",
                cost: 3,
            },
        );
        assert_eq!(marked.item(), 2 * ITEMS_PER_KIND + 7);
        assert_eq!(
            serde_json::to_string(&marked).unwrap(),
            r#"{"name":"Kiln","cost":3}"#
        );
    }
}
