//! This thread's caches of Python objects for the observation serializer (`pyser`): the
//! interned strings of static field names, the last string made for each string value, and a
//! template dict for each shape of struct met (its field names in order).
//!
//! A template is what makes a struct's dict cheap: CPython grows a dict key by key (three
//! resizes for a seat's 23 keys, each a new key table, a rehash and a free) and probes for an
//! empty slot at every insertion; a copy of the template (`PyDict_Copy`: one allocation and a
//! copy of the key table) is born at its final size with every key in place and in order, so
//! each field only replaces a placeholder value.

use std::cell::Cell;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// One slot of the string caches: a text's address and length, and the Python string made of
/// it (one strong reference owned by the slot).
#[derive(Clone, Copy)]
struct Slot {
    addr: usize,
    len: usize,
    string: *mut pyo3::ffi::PyObject,
}

const SLOTS: usize = 1024;
const STR_SLOTS: usize = 512;
const TEMPLATE_SLOTS: usize = 256;
/// The most fields a template is made for (the largest view struct has 25).
const MAX_TEMPLATE_FIELDS: usize = 64;
/// The fewest: CPython's smallest key table holds five keys, so a dict of five or fewer never
/// grows, and copying a template would cost more than the probing it saves (measured: Níjar's
/// two- and three-key workshop dicts were dearer copied).
pub(crate) const MIN_TEMPLATE_FIELDS: usize = 6;
const EMPTY: Slot = Slot {
    addr: 0,
    len: 0,
    string: std::ptr::null_mut(),
};

/// A struct's shape as the serializer meets it: the struct's name, the field count it
/// announces and its first field's name (a struct skipping some fields announces fewer, and
/// enum variants sharing a name differ in their first field), and the field names in the
/// order written, with the template dict: those keys in that order, each mapped to `None`.
///
/// Made once per shape and thread and never freed (leaked, like the string caches'
/// references): the serializer holds `&'static` borrows of it while building, which a
/// reentrant use of the cache (a garbage collection's finalizer serializing again) can then
/// never invalidate.
pub(crate) struct Template {
    name: &'static str,
    announced: usize,
    /// The field names, in order.
    pub(crate) fields: Box<[&'static str]>,
    /// Their Python strings, held by the template.
    pub(crate) keys: Box<[Py<PyString>]>,
    /// The dict copied for each struct of this shape.
    pub(crate) dict: Py<PyDict>,
}

/// Whether two static names are the same text at the same place (the serializer's field
/// names are the derive's literals, so a field is always met at one address).
#[inline]
pub(crate) fn same(a: &'static str, b: &'static str) -> bool {
    a.as_ptr() == b.as_ptr() && a.len() == b.len()
}

/// This thread's caches, borrowed once per top-level call and handed down (a thread-local
/// lookup per field was a tenth of an observation). `Cell` slots, not a `RefCell`: building a
/// Python object may run Python code (a garbage collection's finalizers) that serializes again
/// on this thread, and a slot is only ever read or written whole, so that nested use is
/// harmless. Raw pointers on purpose: a thread-local destructor must not release Python
/// objects after the interpreter is gone, so the references the tables hold at exit are
/// simply never released.
pub(crate) struct Caches {
    /// Static field and variant names by address, open-addressed (linear probing; a few
    /// dozen names in 1024 slots), each interned once for the thread's life.
    keys: [Cell<Slot>; SLOTS],
    /// Recent string values by address, direct-mapped: mostly card names, which live as long
    /// as their card set, so the same few dozen come back in every observation. A hit is
    /// checked against the text itself (an address may be reused by other text), so a miss
    /// only costs making the string as without the cache.
    strs: [Cell<Slot>; STR_SLOTS],
    /// Struct templates by shape, open-addressed (a few dozen shapes in 256 slots).
    templates: [Cell<Option<&'static Template>>; TEMPLATE_SLOTS],
    /// The ints 0..256 (CPython's own cached small ints, one reference held each): most
    /// numbers of a view are counts and ids, and taking a reference here is a few
    /// instructions where `PyLong_FromLong` is a few dozen.
    ints: [Cell<*mut pyo3::ffi::PyObject>; SMALL_INTS],
}

/// How many small ints `Caches::int` keeps.
pub(crate) const SMALL_INTS: usize = 256;

thread_local! {
    pub(crate) static CACHES: Caches = const {
        Caches {
            keys: [const { Cell::new(EMPTY) }; SLOTS],
            strs: [const { Cell::new(EMPTY) }; STR_SLOTS],
            templates: [const { Cell::new(None) }; TEMPLATE_SLOTS],
            ints: [const { Cell::new(std::ptr::null_mut()) }; SMALL_INTS],
        }
    };
}

/// Releases the reference a cache slot held until it was filled anew, if it held one: `held` is
/// what `Cell::replace` handed back. A slot is read again as it is filled, not taken from a read
/// before the new object was made: making it may have run Python code (a garbage collection's
/// finalizer) that serialized on this thread and filled or replaced the slot meanwhile, so the
/// object read before may be released already, and the one there now would otherwise leak.
fn release_replaced(py: Python<'_>, held: *mut pyo3::ffi::PyObject) {
    if !held.is_null() {
        // SAFETY: the slot's own strong reference, released once: the slot no longer names it.
        drop(unsafe { Bound::<PyAny>::from_owned_ptr(py, held) });
    }
}

/// Where `(addr, len)` starts in a table of `2^bits` slots.
fn home(addr: usize, len: usize, bits: u32) -> usize {
    (((addr ^ len) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// Where a struct shape starts in the template table.
fn template_home(name: &'static str, announced: usize, first: &'static str) -> usize {
    let mix = (name.as_ptr() as usize).rotate_left(21) ^ (first.as_ptr() as usize) ^ announced;
    home(mix, first.len(), TEMPLATE_SLOTS.trailing_zeros())
}

/// How many template slots a lookup or an insertion probes.
const TEMPLATE_PROBES: usize = 8;

impl Caches {
    /// The Python string of a static field name, created (interned) on first use.
    pub(crate) fn key<'py>(&self, py: Python<'py>, key: &'static str) -> Bound<'py, PyString> {
        let (addr, len) = (key.as_ptr() as usize, key.len());
        let start = home(addr, len, SLOTS.trailing_zeros());
        // Probe at most a quarter of the table; past that (never, in practice) the name is
        // interned afresh each time rather than cached.
        for i in 0..SLOTS / 4 {
            let cell = &self.keys[(start + i) % SLOTS];
            let slot = cell.get();
            if slot.string.is_null() {
                let string = PyString::intern(py, key);
                let old = cell.replace(Slot {
                    addr,
                    len,
                    string: string.clone().unbind().into_ptr(),
                });
                release_replaced(py, old.string);
                return string;
            }
            if slot.addr == addr && slot.len == len {
                // SAFETY: the table holds a strong reference to this Python string, so it is
                // alive; `from_borrowed_ptr` takes a new reference for the caller.
                return unsafe {
                    Bound::from_borrowed_ptr(py, slot.string).downcast_into_unchecked()
                };
            }
        }
        PyString::intern(py, key)
    }

    /// The Python string of a static field name if it is cached at its home slot, borrowed
    /// from the cache (which holds it for the thread's life); else `None` (see `key`).
    #[inline]
    pub(crate) fn home_key(&self, key: &'static str) -> Option<*mut pyo3::ffi::PyObject> {
        let (addr, len) = (key.as_ptr() as usize, key.len());
        let slot = self.keys[home(addr, len, SLOTS.trailing_zeros())].get();
        (slot.addr == addr && slot.len == len && !slot.string.is_null()).then_some(slot.string)
    }

    /// The Python string of `text`: the one made last time for the same address, if its text
    /// is still `text`, else a new one (kept in the slot in place of the old).
    pub(crate) fn str<'py>(&self, py: Python<'py>, text: &str) -> Bound<'py, PyString> {
        let (addr, len) = (text.as_ptr() as usize, text.len());
        let cell = &self.strs[home(addr, len, STR_SLOTS.trailing_zeros())];
        let slot = cell.get();
        if slot.addr == addr && slot.len == len && !slot.string.is_null() {
            // SAFETY: the slot holds a strong reference to this Python string.
            let kept: Bound<'py, PyString> =
                unsafe { Bound::from_borrowed_ptr(py, slot.string).downcast_into_unchecked() };
            if kept.to_str().is_ok_and(|t| t == text) {
                return kept;
            }
        }
        let string = PyString::new(py, text);
        let old = cell.replace(Slot {
            addr,
            len,
            string: string.clone().unbind().into_ptr(),
        });
        release_replaced(py, old.string);
        string
    }

    /// The Python int `v`, below `SMALL_INTS`.
    #[inline]
    pub(crate) fn int<'py>(&self, py: Python<'py>, v: usize) -> Bound<'py, PyAny> {
        let cell = &self.ints[v];
        let kept = cell.get();
        if !kept.is_null() {
            // SAFETY: the cell holds a strong reference to this int, so it is alive;
            // `from_borrowed_ptr` takes a new reference for the caller.
            return unsafe { Bound::from_borrowed_ptr(py, kept) };
        }
        let made = match v.into_pyobject(py) {
            Ok(made) => made.into_any(),
            Err(never) => match never {},
        };
        release_replaced(py, cell.replace(made.clone().unbind().into_ptr()));
        made
    }

    /// The template of struct `name` announcing `announced` fields, the first `first`, if one
    /// was made.
    #[inline]
    pub(crate) fn template(
        &self,
        name: &'static str,
        announced: usize,
        first: &'static str,
    ) -> Option<&'static Template> {
        let start = template_home(name, announced, first);
        for i in 0..TEMPLATE_PROBES {
            let t = self.templates[(start + i) % TEMPLATE_SLOTS].get()?;
            if same(t.name, name) && t.announced == announced && same(t.fields[0], first) {
                return Some(t);
            }
        }
        None
    }

    /// Whether a template of this shape may be made (there is a free slot within its probes):
    /// the serializer records a struct's field names only then, so a shape without room is
    /// never recorded again and again.
    pub(crate) fn may_learn(
        &self,
        name: &'static str,
        announced: usize,
        first: &'static str,
    ) -> bool {
        (MIN_TEMPLATE_FIELDS..=MAX_TEMPLATE_FIELDS).contains(&announced)
            && self.free_slot(name, announced, first).is_some()
    }

    /// The first empty slot among a shape's probes.
    fn free_slot(
        &self,
        name: &'static str,
        announced: usize,
        first: &'static str,
    ) -> Option<&Cell<Option<&'static Template>>> {
        let start = template_home(name, announced, first);
        (0..TEMPLATE_PROBES)
            .map(|i| &self.templates[(start + i) % TEMPLATE_SLOTS])
            .find(|cell| cell.get().is_none())
    }

    /// Makes and keeps the template of a struct whose fields were written as `fields` (its
    /// first one included); nothing if there is no room for it, or another was made meanwhile.
    pub(crate) fn learn(
        &self,
        py: Python<'_>,
        name: &'static str,
        announced: usize,
        fields: &[&'static str],
    ) -> PyResult<()> {
        let Some(&first) = fields.first() else {
            return Ok(());
        };
        if fields.len() > MAX_TEMPLATE_FIELDS {
            return Ok(());
        }
        let keys: Box<[Py<PyString>]> = fields.iter().map(|&f| self.key(py, f).unbind()).collect();
        let dict = PyDict::new(py);
        for key in &keys {
            dict.set_item(key.bind(py), py.None())?;
        }
        // Building it may have run Python code that made the same template (a finalizer
        // serializing again): look again before storing.
        if self.template(name, announced, first).is_some() {
            return Ok(());
        }
        let Some(cell) = self.free_slot(name, announced, first) else {
            return Ok(()); // no room near its home: built without a template
        };
        let template = Template {
            name,
            announced,
            fields: fields.into(),
            keys,
            dict: dict.unbind(),
        };
        // Leaked on purpose: see `Template`.
        cell.set(Some(Box::leak(Box::new(template))));
        Ok(())
    }
}
