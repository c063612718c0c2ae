//! Long calls that Ctrl-C can stop: the work runs on a thread of its own with the GIL
//! released, while the calling thread wakes every [`SIGNAL_CHECK_INTERVAL`] to let Python
//! run its signal handlers. When one raises (`KeyboardInterrupt` for Ctrl-C), the work is told
//! to stop through an atomic flag, its answer is thrown away, and the exception propagates.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

/// How long Ctrl-C may go unnoticed during a long call (plus one unit of work: a game or a
/// simulation, well under a millisecond).
pub const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(50);

/// Runs `work` with the GIL released, checking for Python signals every
/// [`SIGNAL_CHECK_INTERVAL`]. `work` must return soon after its `stop` flag is set; its
/// result then is discarded and the signal handler's exception (e.g. `KeyboardInterrupt`) is
/// returned instead.
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, mut finished) = mpsc::sync_channel(1);
        let stop = &stop;
        scope.spawn(move || {
            // The receiver may be gone (the caller was interrupted): nobody wants the answer.
            let _ = done.send(work(stop));
        });
        loop {
            // The receiver goes into the GIL-free closure and comes back (it is not `Sync`).
            let (receiver, outcome) = py.detach(move || {
                let outcome = finished.recv_timeout(SIGNAL_CHECK_INTERVAL);
                (finished, outcome)
            });
            finished = receiver;
            match outcome {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        // Wait for the worker, which stops at its next check, without the GIL.
                        py.detach(move || drop(finished.recv()));
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // Only if `work` panicked; the scope re-raises that panic on exit, which
                    // PyO3 turns into a PanicException.
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "a worker thread of the engine stopped unexpectedly",
                    ));
                }
            }
        }
    })
}
