//! The core's integration tests, one module each, built as one test binary: one link and one
//! copy of the generic engine and search code instead of one per file, and the tests run in
//! parallel instead of binary after binary (`tests/search_allocs.rs` stays a binary of its
//! own: it installs a counting global allocator).
//!
//! Run one module with a filter, e.g. `cargo test --test rules hidden_sorcery::`.

mod common;

mod bounds;
mod golden;
mod greedy_reference;
mod hidden_nijar;
mod hidden_sorcery;
mod hidden_sunrise;
mod nijar_fuzz;
mod nijar_golden;
mod nijar_random;
mod search_cancel;
mod sorcery_fuzz;
mod sorcery_golden;
mod sorcery_random;
mod sunrise_fuzz;
mod sunrise_random;
mod tensor_bounds;
