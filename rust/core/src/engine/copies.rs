//! Search-friendly copies of a game state, one definition for every game.
//!
//! Search copies a state for every determinization and every greedy candidate, into scratch
//! states it keeps. A game state here is a card set behind an `Arc` (`cards`) and a table
//! (`t`) whose only field that owns memory is its `history`. The copies this writes:
//! - `clone_from` writes into the scratch's own history buffer and skips the card set's
//!   reference count when both already share it, so a copy allocates nothing and touches no
//!   atomic (the derived `clone_from` is `*self = source.clone()`: a new history, the old one
//!   freed, and two atomic count updates per copy);
//! - `copy_position_from` copies everything but the history, left empty (the rules never read
//!   it), for look-ahead copies.
//!
//! The table's copy uses the struct update `..*source`, which compiles only while every other
//! field is `Copy`: a field that owns memory added later fails to compile here instead of
//! silently allocating in search.

/// Implements `Clone` (with a buffer-reusing `clone_from`) for `$state` and its `$table`, and
/// `$state::copy_position_from`; see the module.
macro_rules! search_copies {
    ($state:ident, $table:ident) => {
        impl Clone for $state {
            fn clone(&self) -> Self {
                $state {
                    cards: std::sync::Arc::clone(&self.cards),
                    t: self.t.clone(),
                }
            }

            fn clone_from(&mut self, source: &Self) {
                if !std::sync::Arc::ptr_eq(&self.cards, &source.cards) {
                    self.cards = std::sync::Arc::clone(&source.cards);
                }
                self.t.clone_from(&source.t);
            }
        }

        impl $state {
            /// [`crate::engine::GameState::clone_position_from`]: a copy of `source` whose
            /// history is left empty (the rules never read it).
            pub(crate) fn copy_position_from(&mut self, source: &Self) {
                if !std::sync::Arc::ptr_eq(&self.cards, &source.cards) {
                    self.cards = std::sync::Arc::clone(&source.cards);
                }
                let mut history = std::mem::take(&mut self.t.history);
                history.clear();
                self.t = $table {
                    history,
                    ..source.t
                };
            }
        }

        impl Clone for $table {
            fn clone(&self) -> Self {
                $table {
                    history: self.history.clone(),
                    ..*self
                }
            }

            fn clone_from(&mut self, source: &Self) {
                let mut history = std::mem::take(&mut self.history);
                history.clone_from(&source.history);
                *self = $table { history, ..*source };
            }
        }
    };
}

pub(crate) use search_copies;
