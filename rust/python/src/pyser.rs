//! A serde serializer that builds Python objects directly from a core value (no JSON tree in
//! between): the fast path of `State.observation`. Struct field names are `&'static str`, so
//! each becomes an interned Python string once per thread, found again by its address; that,
//! and building lists at their final length, is what makes a whole observation cost a few
//! microseconds instead of the JSON tree's tens.

use std::any::Any;
use std::cell::Cell;
use std::fmt;
use std::sync::{Arc, Mutex, Weak};

use craftgames_core::engine::shared::SHARED;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde::ser::{self, Serialize};

/// A Python error raised while building (only a failed allocation or a non-string map key).
pub struct Error(pub PyErr);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(e)
    }
}

impl From<std::convert::Infallible> for Error {
    fn from(e: std::convert::Infallible) -> Self {
        match e {}
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> Self {
        e.0
    }
}

/// One slot of the field-name cache: a static name's address and length, and the Python
/// string made of it (one strong reference owned by the slot).
#[derive(Clone, Copy)]
struct Slot {
    addr: usize,
    len: usize,
    string: *mut pyo3::ffi::PyObject,
}

const SLOTS: usize = 1024;
const EMPTY: Slot = Slot {
    addr: 0,
    len: 0,
    string: std::ptr::null_mut(),
};

/// This thread's caches of Python strings, borrowed once per top-level call and handed down
/// (a thread-local lookup per field was a tenth of an observation). `Cell` slots, not a
/// `RefCell`: building a Python string may run Python code (a garbage collection's
/// finalizers) that serializes again on this thread, and a slot is only ever read or written
/// whole, so that nested use is harmless. Raw pointers on purpose: a thread-local destructor
/// must not release Python objects after the interpreter is gone, so the references the
/// tables hold at exit are simply never released.
struct Caches {
    /// Static field and variant names by address, open-addressed (linear probing; a few
    /// dozen names in 1024 slots), each interned once for the thread's life.
    keys: [Cell<Slot>; SLOTS],
    /// Recent string values by address, direct-mapped: mostly card names, which live as long
    /// as their card set, so the same few dozen come back in every observation. A hit is
    /// checked against the text itself (an address may be reused by other text), so a miss
    /// only costs making the string as without the cache.
    strs: [Cell<Slot>; STR_SLOTS],
}

const STR_SLOTS: usize = 512;

thread_local! {
    static CACHES: Caches = const {
        Caches {
            keys: [const { Cell::new(EMPTY) }; SLOTS],
            strs: [const { Cell::new(EMPTY) }; STR_SLOTS],
        }
    };
}

/// Where `(addr, len)` starts in a table of `2^bits` slots.
fn home(addr: usize, len: usize, bits: u32) -> usize {
    (((addr ^ len) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

impl Caches {
    /// The Python string of a static field name, created (interned) on first use.
    fn key<'py>(&self, py: Python<'py>, key: &'static str) -> Bound<'py, PyString> {
        let (addr, len) = (key.as_ptr() as usize, key.len());
        let start = home(addr, len, SLOTS.trailing_zeros());
        // Probe at most a quarter of the table; past that (never, in practice) the name is
        // interned afresh each time rather than cached.
        for i in 0..SLOTS / 4 {
            let cell = &self.keys[(start + i) % SLOTS];
            let slot = cell.get();
            if slot.string.is_null() {
                let string = PyString::intern(py, key);
                cell.set(Slot {
                    addr,
                    len,
                    string: string.clone().unbind().into_ptr(),
                });
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
    fn home_key(&self, key: &'static str) -> Option<*mut pyo3::ffi::PyObject> {
        let (addr, len) = (key.as_ptr() as usize, key.len());
        let slot = self.keys[home(addr, len, SLOTS.trailing_zeros())].get();
        (slot.addr == addr && slot.len == len && !slot.string.is_null()).then_some(slot.string)
    }

    /// The Python string of `text`: the one made last time for the same address, if its text
    /// is still `text`, else a new one (kept in the slot in place of the old).
    fn str<'py>(&self, py: Python<'py>, text: &str) -> Bound<'py, PyString> {
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
        cell.set(Slot {
            addr,
            len,
            string: string.clone().unbind().into_ptr(),
        });
        if !slot.string.is_null() {
            // SAFETY: the slot's reference to the string it held, now released.
            drop(unsafe { Bound::<PyAny>::from_owned_ptr(py, slot.string) });
        }
        string
    }
}

/// Serializes `value` into a Python object (dicts, lists, ints, floats, strings, None).
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    CACHES.with(|caches| {
        value
            .serialize(PySer {
                py,
                caches,
                faces: None,
            })
            .map_err(PyErr::from)
    })
}

/// As [`to_py`], with the shared parts of `value` (`engine::Shared`: card faces) taken from
/// `faces`, the table of the value's card set ([`face_table`]): each is built the first time
/// it is met and the same object is reused after, in this and every later value of the set.
pub fn to_py_shared<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
    faces: &Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyAny>> {
    CACHES.with(|caches| {
        value
            .serialize(PySer {
                py,
                caches,
                faces: Some(faces),
            })
            .map_err(PyErr::from)
    })
}

/// The tables of shared faces made so far, one per live card set (by its `Arc`). Entries
/// whose card set is gone are dropped when a new one is added; a `Weak` keeps its set's
/// allocation, so a new set can never reuse a listed set's address (and find its faces).
static FACE_TABLES: Mutex<Vec<FaceTableEntry>> = Mutex::new(Vec::new());

/// A card set (held weakly, as `Any`: every game's set type) and its table of faces.
type FaceTableEntry = (Weak<dyn Any + Send + Sync>, Py<PyList>);

/// The table of shared faces of card set `set` (a list indexed by item, `None` where a face
/// was not built yet), made on first use.
pub fn face_table<'py, T: Any + Send + Sync>(
    py: Python<'py>,
    set: &Arc<T>,
) -> PyResult<Bound<'py, PyList>> {
    let address = Arc::as_ptr(set).cast::<()>();
    let find = |tables: &[FaceTableEntry]| {
        tables
            .iter()
            .find(|(s, _)| std::ptr::eq(s.as_ptr().cast::<()>(), address))
            .map(|(_, table)| table.bind(py).clone())
    };
    let lock = || FACE_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(table) = find(&lock()) {
        return Ok(table);
    }
    // Made with the lock released: a Python allocation may collect garbage and run any code,
    // which could come back here on this thread.
    let table = PyList::empty(py);
    let mut tables = lock();
    if let Some(other) = find(&tables) {
        return Ok(other); // another thread made one meanwhile: one table per set
    }
    tables.retain(|(s, _)| s.strong_count() > 0);
    let weak: Weak<dyn Any + Send + Sync> = Arc::downgrade(set) as Weak<dyn Any + Send + Sync>;
    tables.push((weak, table.clone().unbind()));
    Ok(table)
}

/// The serializer: the interpreter, this thread's field-name cache and the card set's faces,
/// handed down to every nested value.
#[derive(Clone, Copy)]
struct PySer<'s, 'py> {
    py: Python<'py>,
    caches: &'s Caches,
    /// The card set's shared faces, when the caller has a table for them.
    faces: Option<&'s Bound<'py, PyList>>,
}

impl<'s, 'py> PySer<'s, 'py> {
    /// Shared item `item`: the table's object if it was built before, else `value` built now
    /// and kept there (the table grows with `None` up to the item).
    fn shared<T: Serialize + ?Sized>(
        self,
        faces: &Bound<'py, PyList>,
        item: u32,
        value: &T,
    ) -> Out<'py> {
        let index = item as usize;
        if index < faces.len() {
            let kept = faces.get_item(index)?;
            if !kept.is_none() {
                return Ok(kept);
            }
        }
        let built = value.serialize(self)?;
        while faces.len() <= index {
            faces.append(self.py.None())?;
        }
        faces.set_item(index, &built)?;
        Ok(built)
    }

    fn key(self, name: &'static str) -> Bound<'py, PyString> {
        self.caches.key(self.py, name)
    }

    /// `inner`, or `{variant: inner}` for a variant with data.
    #[inline]
    fn wrap(self, variant: Option<&'static str>, inner: Bound<'py, PyAny>) -> Out<'py> {
        match variant {
            None => Ok(inner),
            Some(name) => {
                let dict = PyDict::new(self.py);
                dict.set_item(self.key(name), inner)?;
                Ok(dict.into_any())
            }
        }
    }
}

type Out<'py> = Result<Bound<'py, PyAny>, Error>;

struct Seq<'s, 'py> {
    ser: PySer<'s, 'py>,
    items: Vec<Bound<'py, PyAny>>,
    /// For a tuple or struct variant: the `{variant: …}` wrapper's key.
    variant: Option<&'static str>,
}

impl<'s, 'py> Seq<'s, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(self.ser)?);
        Ok(())
    }
    fn finish(self) -> Out<'py> {
        let list = PyList::new(self.ser.py, self.items)?.into_any();
        self.ser.wrap(self.variant, list)
    }
}

/// A map's dict being built (keys of any kind, as they come).
struct Map<'s, 'py> {
    ser: PySer<'s, 'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

/// A struct's dict being built (keys its static field names).
struct Obj<'s, 'py> {
    ser: PySer<'s, 'py>,
    dict: Bound<'py, PyDict>,
    /// For a struct variant: the `{variant: …}` wrapper's key.
    variant: Option<&'static str>,
}

impl<'s, 'py> Obj<'s, 'py> {
    fn new(ser: PySer<'s, 'py>) -> Self {
        Obj {
            ser,
            dict: PyDict::new(ser.py),
            variant: None,
        }
    }
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        let value = value.serialize(self.ser)?;
        // The key borrowed from the cache at its home slot, else (rarely: a name probed past
        // it) a reference of our own, held until the insertion is done.
        let held;
        let key = match self.ser.caches.home_key(key) {
            Some(string) => string,
            None => {
                held = self.ser.key(key);
                held.as_ptr()
            }
        };
        // SAFETY: the dict and the value are alive (owned here), and so is the key (the
        // thread's cache or `held` holds it); `PyDict_SetItem` takes its own references to
        // both and leaves ours, so the value is released when it goes out of scope. Straight
        // to the C call: taking and releasing a reference to the key around each insertion is
        // two function calls under the stable ABI, for every key of an observation.
        let status = unsafe { pyo3::ffi::PyDict_SetItem(self.dict.as_ptr(), key, value.as_ptr()) };
        if status < 0 {
            return Err(PyErr::fetch(self.ser.py).into());
        }
        Ok(())
    }
    fn finish(self) -> Out<'py> {
        self.ser.wrap(self.variant, self.dict.into_any())
    }
}

impl<'s, 'py> ser::Serializer for PySer<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'s, 'py>;
    type SerializeTuple = Seq<'s, 'py>;
    type SerializeTupleStruct = Seq<'s, 'py>;
    type SerializeTupleVariant = Seq<'s, 'py>;
    type SerializeMap = Map<'s, 'py>;
    type SerializeStruct = Obj<'s, 'py>;
    type SerializeStructVariant = Obj<'s, 'py>;

    /// Not human-readable: `engine::Shared` values then come as [`SHARED`] variants.
    fn is_human_readable(&self) -> bool {
        false
    }

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_f32(self, v: f32) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_f64(self, v: f64) -> Out<'py> {
        Ok(v.into_pyobject(self.py)?.into_any())
    }
    fn serialize_char(self, v: char) -> Out<'py> {
        Ok(PyString::new(self.py, v.encode_utf8(&mut [0; 4])).into_any())
    }
    fn serialize_str(self, v: &str) -> Out<'py> {
        Ok(self.caches.str(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        Ok(PyBytes::new(self.py, v).into_any())
    }
    fn serialize_none(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
    ) -> Out<'py> {
        Ok(self.key(variant).into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        i: u32,
        variant: &'static str,
        value: &T,
    ) -> Out<'py> {
        if name == SHARED {
            // A card face (`engine::Shared`), item `i` of its set: shared when there is a
            // table, else built like any value (never wrapped in the marker's variant).
            return match self.faces {
                Some(faces) => self.shared(faces, i, value),
                None => value.serialize(self),
            };
        }
        let inner = value.serialize(self)?;
        self.wrap(Some(variant), inner)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'s, 'py>, Error> {
        Ok(Seq {
            ser: self,
            items: Vec::with_capacity(len.unwrap_or(0)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'s, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Seq<'s, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'s, 'py>, Error> {
        let mut seq = self.serialize_seq(Some(len))?;
        seq.variant = Some(variant);
        Ok(seq)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'s, 'py>, Error> {
        Ok(Map {
            ser: self,
            dict: PyDict::new(self.py),
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Obj<'s, 'py>, Error> {
        Ok(Obj::new(self))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Obj<'s, 'py>, Error> {
        let mut obj = Obj::new(self);
        obj.variant = Some(variant);
        Ok(obj)
    }
}

impl<'s, 'py> ser::SerializeSeq for Seq<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'s, 'py> ser::SerializeTuple for Seq<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'s, 'py> ser::SerializeTupleStruct for Seq<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'s, 'py> ser::SerializeTupleVariant for Seq<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'s, 'py> ser::SerializeMap for Map<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(self.ser)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.dict.set_item(key, value.serialize(self.ser)?)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'s, 'py> ser::SerializeStruct for Obj<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}

impl<'s, 'py> ser::SerializeStructVariant for Obj<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Out<'py> {
        self.finish()
    }
}
