//! The boundary's safety net: status codes, the per-thread last error, the panic catcher, and
//! the checked reading of raw pointers. Every entry point runs its body through [`guard`], so a
//! bad argument or a panic becomes a status code and a message, never undefined behaviour or
//! an unwind into C.

use std::any::Any;
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use craftgames_core::engine::EngineError;

use crate::{
    CG_ERR_BUFFER_TOO_SMALL, CG_ERR_CARD_DATA, CG_ERR_CONFIG, CG_ERR_ILLEGAL_ACTION,
    CG_ERR_INVALID_ARGUMENT, CG_ERR_INVALID_STATE, CG_ERR_NULL_POINTER, CG_ERR_PANIC,
};

/// Why a call failed: its status code and the sentence `cg_last_error` returns.
pub(crate) struct Failure {
    pub(crate) code: i32,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(code: i32, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    pub(crate) fn argument(message: impl Into<String>) -> Self {
        Self::new(CG_ERR_INVALID_ARGUMENT, message)
    }
}

impl From<EngineError> for Failure {
    fn from(err: EngineError) -> Self {
        let code = match &err {
            EngineError::IllegalAction(_) => CG_ERR_ILLEGAL_ACTION,
            EngineError::InvalidState(_) => CG_ERR_INVALID_STATE,
            EngineError::CardData(_) => CG_ERR_CARD_DATA,
            EngineError::Config(_) => CG_ERR_CONFIG,
        };
        Self::new(code, err.to_string())
    }
}

pub(crate) type Outcome<T> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<(i32, CString)> = RefCell::new((0, CString::default()));
}

fn set_last_error(failure: &Failure) {
    // A message with an interior NUL is cut there rather than lost.
    let text = failure.message.split('\0').next().unwrap_or_default();
    let text = CString::new(text).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = (failure.code, text));
}

/// The code of the calling thread's last failure (0 if none yet).
pub(crate) fn last_error_code() -> i32 {
    LAST_ERROR.with(|e| e.borrow().0)
}

/// The calling thread's last error message ("" if none yet). The pointer stays valid until
/// the next failing call on this thread.
pub(crate) fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().1.as_ptr())
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "a panic without a message"
    }
}

/// Runs `body`; on failure records its message for `cg_last_error` and returns `on_error`
/// with the failure's code. A panic is caught here and reported as `CG_ERR_PANIC`.
pub(crate) fn guard<T>(on_error: impl FnOnce(i32) -> T, body: impl FnOnce() -> Outcome<T>) -> T {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => return value,
        Ok(Err(failure)) => failure,
        Err(payload) => Failure::new(
            CG_ERR_PANIC,
            format!(
                "internal error (a bug in craftgames, please report it): {}",
                panic_text(payload.as_ref())
            ),
        ),
    };
    set_last_error(&failure);
    on_error(failure.code)
}

/// `guard` for entry points returning a status (or a count) as `int32_t`.
pub(crate) fn guard_code(body: impl FnOnce() -> Outcome<i32>) -> i32 {
    guard(|code| code, body)
}

/// `guard` for entry points returning a pointer (null on failure).
pub(crate) fn guard_ptr<T>(body: impl FnOnce() -> Outcome<*mut T>) -> *mut T {
    guard(|_| std::ptr::null_mut(), body)
}

/// A NUL-terminated UTF-8 argument; null is `None`. Text that is not UTF-8 is an error.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string that outlives the call.
pub(crate) unsafe fn text<'a>(ptr: *const c_char, what: &str) -> Outcome<Option<&'a str>> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: non-null and NUL-terminated by the caller's contract.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes
        .to_str()
        .map(Some)
        .map_err(|e| Failure::argument(format!("{what} is not UTF-8 text: {e}")))
}

/// A NUL-terminated UTF-8 argument that may not be null.
///
/// # Safety
/// As for [`text`].
pub(crate) unsafe fn required_text<'a>(ptr: *const c_char, what: &str) -> Outcome<&'a str> {
    // SAFETY: forwarded contract.
    unsafe { text(ptr, what) }?
        .ok_or_else(|| Failure::new(CG_ERR_NULL_POINTER, format!("{what} is NULL")))
}

/// The first `need` elements of the caller's buffer `(ptr, len)`, or an error naming `what`
/// when it is null or shorter than `need`.
///
/// # Safety
/// `ptr` is null or valid for writes of `len` elements of `T`, not aliased during the call.
pub(crate) unsafe fn buffer<'a, T>(
    ptr: *mut T,
    len: usize,
    need: usize,
    what: &str,
) -> Outcome<&'a mut [T]> {
    if ptr.is_null() {
        return Err(Failure::new(
            CG_ERR_NULL_POINTER,
            format!("{what} buffer is NULL"),
        ));
    }
    if len < need {
        return Err(Failure::new(
            CG_ERR_BUFFER_TOO_SMALL,
            format!("{what} buffer holds {len} elements; this call needs {need}"),
        ));
    }
    // SAFETY: non-null, valid for `len >= need` elements and unaliased by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, need) })
}

/// A string the caller frees with `cg_string_free`.
pub(crate) fn owned_string(s: String) -> Outcome<*mut c_char> {
    CString::new(s)
        .map(CString::into_raw)
        .map_err(|_| Failure::new(CG_ERR_INVALID_STATE, "the text holds a NUL byte"))
}

#[cfg(test)]
mod tests {
    use std::ffi::CStr;

    use super::*;

    fn last_message() -> String {
        // SAFETY: last_error points at the thread's current message, alive until the next failure.
        unsafe { CStr::from_ptr(last_error()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_panic_becomes_an_error_code_and_a_message() {
        let code = guard_code(|| panic!("boom"));
        assert_eq!(code, CG_ERR_PANIC);
        assert_eq!(last_error_code(), CG_ERR_PANIC);
        assert!(last_message().contains("boom"), "{}", last_message());
        let ptr: *mut u8 = guard_ptr(|| panic!("again"));
        assert!(ptr.is_null());
    }

    #[test]
    fn each_thread_keeps_its_own_last_error() {
        guard_code(|| Err(Failure::argument("main thread")));
        std::thread::spawn(|| {
            assert_eq!(last_error_code(), 0);
            assert_eq!(last_message(), "");
            guard_code(|| Err(Failure::argument("other thread")));
            assert_eq!(last_message(), "other thread");
        })
        .join()
        .expect("the thread ends");
        assert_eq!(last_message(), "main thread");
        assert_eq!(last_error_code(), CG_ERR_INVALID_ARGUMENT);
    }

    #[test]
    fn null_and_short_buffers_are_refused() {
        let mut three = [0_u32; 3];
        // SAFETY: null, or a live array of 3 elements.
        unsafe {
            assert_eq!(
                buffer::<u32>(std::ptr::null_mut(), 3, 1, "x")
                    .err()
                    .map(|f| f.code),
                Some(CG_ERR_NULL_POINTER)
            );
            assert_eq!(
                buffer(three.as_mut_ptr(), 3, 4, "x").err().map(|f| f.code),
                Some(CG_ERR_BUFFER_TOO_SMALL)
            );
            assert_eq!(
                buffer(three.as_mut_ptr(), 3, 2, "x").map(|b| b.len()).ok(),
                Some(2)
            );
        }
    }
}
