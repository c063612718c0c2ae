//! Handles: each `CgState *` and `CgSetup *` points at a tagged box, and every call reads the
//! tag before it uses the object. A handle that was freed (its tag overwritten), a handle of
//! the other kind, or a pointer that is no handle at all is then an error code
//! (`CG_ERR_INVALID_HANDLE`) instead of undefined behaviour, in the common cases: this is a
//! safety net for mistakes, not a proof. Memory the allocator has reused for a new handle of
//! the same kind cannot be told from that handle, so the header's contract stands.

use std::ptr;

use crate::guard::{Failure, Outcome};
use crate::{CG_ERR_INVALID_HANDLE, CG_ERR_NULL_POINTER};

/// An object the C ABI hands out behind a pointer, with the tag that marks it live.
pub(crate) trait Tagged {
    /// Stored first in every live box of this kind; distinct per kind.
    const TAG: u64;
    /// The C type's name, for messages.
    const NAME: &'static str;
}

/// Written over the tag when a handle is freed, so a second use or free is caught.
const FREED: u64 = u64::from_be_bytes(*b"cgFREED!");

/// The box behind a handle: the tag at offset 0 (`repr(C)`), whatever the object.
#[repr(C)]
struct Slot<T> {
    tag: u64,
    value: T,
}

/// A new handle owning `value`.
pub(crate) fn boxed<T: Tagged>(value: T) -> *mut T {
    Box::into_raw(Box::new(Slot { tag: T::TAG, value })).cast()
}

/// The box behind `ptr` if its tag says it is a live `T`, or the error naming `what`.
///
/// # Safety
/// `ptr` is null, or points to memory that may be read for a `u64` (a live or freed handle
/// of this library; anything else is caught only if readable).
unsafe fn slot<T: Tagged>(ptr: *const T, what: &str) -> Outcome<*mut Slot<T>> {
    let slot = ptr.cast::<Slot<T>>().cast_mut();
    if slot.is_null() {
        return Err(Failure::new(CG_ERR_NULL_POINTER, format!("{what} is NULL")));
    }
    let invalid = || {
        Failure::new(
            CG_ERR_INVALID_HANDLE,
            format!(
                "{what} is not a live {} (freed already, or not a {} at all)",
                T::NAME,
                T::NAME
            ),
        )
    };
    if !slot.cast::<u64>().is_aligned() {
        return Err(invalid()); // no box of ours is misaligned; reading it would be UB
    }
    // SAFETY: non-null and aligned; readable by the caller's contract. Volatile, so the
    // check is not optimised away on the assumption that the pointer is valid.
    let tag = unsafe { ptr::addr_of!((*slot).tag).read_volatile() };
    if tag != T::TAG {
        return Err(invalid());
    }
    Ok(slot)
}

/// A reference to the object behind a handle: `CG_ERR_NULL_POINTER` or
/// `CG_ERR_INVALID_HANDLE` naming `what` if it is none.
///
/// # Safety
/// As [`slot`]; a live handle is not used mutably elsewhere during the call.
pub(crate) unsafe fn handle<'a, T: Tagged>(ptr: *const T, what: &str) -> Outcome<&'a T> {
    // SAFETY: the tag says the box is live; no one mutates it now by the contract.
    unsafe { slot(ptr, what).map(|s| &(*s).value) }
}

/// A mutable reference to the object behind a handle (errors as [`handle`]).
///
/// # Safety
/// As [`slot`]; a live handle is used by no one else during the call.
pub(crate) unsafe fn handle_mut<'a, T: Tagged>(ptr: *mut T, what: &str) -> Outcome<&'a mut T> {
    // SAFETY: the tag says the box is live; it is not aliased by the contract.
    unsafe { slot(ptr.cast_const(), what).map(|s| &mut (*s).value) }
}

/// Frees the handle `ptr` (null is ignored). A handle that is not live is left alone and the
/// failure recorded for `cg_last_error`: freeing twice does no harm.
///
/// # Safety
/// As [`slot`]; the handle is not used by anyone during or after the call.
pub(crate) unsafe fn free<T: Tagged>(ptr: *mut T, what: &str) -> Outcome<()> {
    if ptr.is_null() {
        return Ok(());
    }
    // SAFETY: forwarded contract.
    let slot = unsafe { slot(ptr.cast_const(), what) }?;
    // SAFETY: a live box made by `boxed`, freed once: its tag is overwritten first.
    unsafe {
        ptr::addr_of_mut!((*slot).tag).write_volatile(FREED);
        drop(Box::from_raw(slot));
    }
    Ok(())
}
