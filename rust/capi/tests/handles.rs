//! The handle tag: a freed handle, a handle of the other kind, or a pointer that is no handle
//! is `CG_ERR_INVALID_HANDLE`, never undefined behaviour in these (the common) cases; freeing
//! twice is caught and harmless.

use std::ffi::CStr;
use std::ptr;

use craftgames::{
    cg_deal, cg_free, cg_last_error, cg_last_error_code, cg_legal_actions, cg_new, cg_num_players,
    cg_setup_free, cg_setup_new, cg_setup_num_players, CgSetup, CgState, CG_ERR_INVALID_HANDLE,
    CG_ERR_NULL_POINTER, CG_MAX_LEGAL_ACTIONS,
};

fn last_error() -> String {
    // SAFETY: the library's own NUL-terminated message.
    unsafe { CStr::from_ptr(cg_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fn sunrise_setup() -> *mut CgSetup {
    // SAFETY: NUL-terminated literals; NULL options and cards mean the defaults.
    let setup = unsafe { cg_setup_new(c"sunrise".as_ptr(), 2, ptr::null(), ptr::null()) };
    assert!(!setup.is_null(), "{}", last_error());
    setup
}

#[test]
fn live_handles_work() {
    let setup = sunrise_setup();
    // SAFETY: live handles from this library, freed once.
    unsafe {
        assert_eq!(cg_setup_num_players(setup), 2);
        let state = cg_deal(setup, 7);
        assert_eq!(cg_num_players(state), 2);
        let mut legal = vec![0u32; CG_MAX_LEGAL_ACTIONS];
        assert!(cg_legal_actions(state, legal.as_mut_ptr(), legal.len()) > 0);
        cg_free(state);
        cg_setup_free(setup);
    }
}

#[test]
fn a_freed_state_is_an_error_code_and_freeing_it_again_is_caught() {
    // A second state stays live, so the freed box is not simply reused at once.
    // SAFETY: the test passes a freed handle on purpose: the tag check is what is tested.
    unsafe {
        let state = cg_new(c"sunrise".as_ptr(), 2, 1, ptr::null(), ptr::null());
        let other = cg_new(c"sunrise".as_ptr(), 2, 2, ptr::null(), ptr::null());
        cg_free(state);
        assert_eq!(cg_num_players(state), CG_ERR_INVALID_HANDLE);
        assert!(
            last_error().contains("state is not a live CgState"),
            "{}",
            last_error()
        );
        cg_free(state); // a double free: caught, nothing freed
        assert_eq!(cg_last_error_code(), CG_ERR_INVALID_HANDLE);
        assert_eq!(cg_num_players(other), 2);
        cg_free(other);
    }
}

#[test]
fn a_handle_of_the_other_kind_is_an_error_code() {
    let setup = sunrise_setup();
    // SAFETY: a setup passed where a state goes (and back), on purpose.
    unsafe {
        let state = cg_deal(setup, 3);
        assert_eq!(
            cg_num_players(setup.cast::<CgState>()),
            CG_ERR_INVALID_HANDLE
        );
        assert!(
            last_error().contains("not a live CgState"),
            "{}",
            last_error()
        );
        assert_eq!(
            cg_setup_num_players(state.cast::<CgSetup>()),
            CG_ERR_INVALID_HANDLE
        );
        assert!(
            last_error().contains("not a live CgSetup"),
            "{}",
            last_error()
        );
        cg_free(setup.cast::<CgState>()); // wrong kind: left alone
        assert_eq!(cg_last_error_code(), CG_ERR_INVALID_HANDLE);
        assert_eq!(cg_setup_num_players(setup), 2);
        cg_free(state);
        cg_setup_free(setup);
    }
}

#[test]
fn a_pointer_that_is_no_handle_is_an_error_code() {
    let not_a_handle = [0u64; 8];
    // SAFETY: readable memory that is no handle, aligned and not, on purpose.
    unsafe {
        let foreign = not_a_handle.as_ptr().cast::<CgState>();
        assert_eq!(cg_num_players(foreign), CG_ERR_INVALID_HANDLE);
        let misaligned = not_a_handle
            .as_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<CgState>();
        assert_eq!(cg_num_players(misaligned), CG_ERR_INVALID_HANDLE);
        assert_eq!(cg_num_players(ptr::null()), CG_ERR_NULL_POINTER);
    }
}
