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
//! Both copy the table in one `memcpy` and put the history back (`copy_all_but_history`, the
//! one `unsafe` block of the core). That is sound only while every field but the history is
//! `Copy`; `Clone::clone` copies them with the struct update `..*self`, which compiles only
//! then: a field that owns memory added later fails to compile here instead of being
//! duplicated bitwise.

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
                self.t.copy_all_but_history(&source.t, history);
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
                self.copy_all_but_history(source, history);
            }
        }

        impl $table {
            /// Makes this table a copy of `source` but for its history, which becomes
            /// `history`; this table's own history must have been taken out (left empty).
            ///
            /// One copy of the whole table, then the history put back: written as the struct
            /// update `$table { history, ..*source }`, the copy is made field by field into a
            /// temporary and moved again after the old table is dropped, which made a greedy
            /// candidate's copy a fifth of Níjar's search; this is one `memcpy`.
            #[inline]
            fn copy_all_but_history(&mut self, source: &Self, history: Vec<crate::engine::Action>) {
                debug_assert_eq!(self.history.capacity(), 0, "the history was not taken out");
                // SAFETY: `self.history` owns no memory (taken out by the caller), and every
                // other field is `Copy` (`clone` above copies them with `..*self`, which
                // compiles only then), so overwriting the table skips no destructor. The
                // bitwise copy of `source.history` this leaves in `self.history` is
                // overwritten by `ptr::write` at once, before anything can read or drop it,
                // so `source`'s buffer never has a second owner.
                unsafe {
                    std::ptr::copy_nonoverlapping(source, self, 1);
                    std::ptr::write(std::ptr::addr_of_mut!(self.history), history);
                }
            }
        }
    };
}

pub(crate) use search_copies;
