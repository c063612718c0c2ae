//! `search_until`: a search another thread can stop (the Python binding's Ctrl-C), which
//! otherwise is the very search `search` runs.

use std::sync::atomic::{AtomicBool, Ordering};

use craftgames_core::search::toy::HighBid;
use craftgames_core::search::{search, search_until, MctsOptions};

fn options(iterations: u64, threads: usize) -> MctsOptions {
    MctsOptions {
        iterations: Some(iterations),
        threads,
        seed: 3,
        ..MctsOptions::default()
    }
}

#[test]
fn a_stopped_search_ends_after_one_simulation_a_thread() {
    let root = HighBid::new(3, 1).unwrap();
    let stop = AtomicBool::new(true); // set before it starts: the earliest a caller can stop
    for threads in [1, 4] {
        let result = search_until(&root, &options(u64::MAX, threads), &stop).unwrap();
        assert_eq!(result.iterations, threads as u64);
    }
}

#[test]
fn a_search_that_is_not_stopped_is_the_plain_search() {
    let root = HighBid::new(3, 1).unwrap();
    let never = AtomicBool::new(false);
    for threads in [1, 2] {
        let stoppable = search_until(&root, &options(500, threads), &never).unwrap();
        assert_eq!(stoppable, search(&root, &options(500, threads)).unwrap());
        assert_eq!(stoppable.iterations, 500);
    }
    assert!(!never.load(Ordering::Relaxed));
}

#[test]
fn a_deadline_too_far_for_the_clock_is_no_deadline() {
    let root = HighBid::new(2, 1).unwrap();
    let far = MctsOptions {
        time_ms: Some(u64::MAX),
        ..options(40, 1)
    };
    assert_eq!(search(&root, &far).unwrap().iterations, 40);
}
