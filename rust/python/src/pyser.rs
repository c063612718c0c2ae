//! A serde serializer that builds Python objects directly from a core value (no JSON tree in
//! between): the fast path of `State.observation`. Struct field names are `&'static str`, so
//! each becomes an interned Python string once per thread, found again by its address; a
//! struct of more than five fields is a copy of a template dict of its shape, born at its
//! final size with its keys in place (`pycache`); a list is made at its announced length and
//! its items set in place as they are built. That is what makes a whole observation cost a
//! few microseconds instead of the JSON tree's tens.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, Mutex, Weak};

use arrayvec::ArrayVec;
use craftgames_core::engine::shared::SHARED;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde::ser::{self, Serialize};

use crate::pycache::{same, Caches, Template, CACHES, MIN_TEMPLATE_FIELDS, SMALL_INTS};

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

    /// A non-negative integer: a kept small int, else a new one.
    #[inline]
    fn uint(self, v: u64) -> Out<'py> {
        match usize::try_from(v) {
            Ok(small) if small < SMALL_INTS => Ok(self.caches.int(self.py, small)),
            _ => Ok(v.into_pyobject(self.py)?.into_any()),
        }
    }

    /// An integer: as [`PySer::uint`] when not negative, else a new one.
    #[inline]
    fn int(self, v: i64) -> Out<'py> {
        match u64::try_from(v) {
            Ok(unsigned) => self.uint(unsigned),
            Err(_) => Ok(v.into_pyobject(self.py)?.into_any()),
        }
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

/// Items a list of unknown length gathers on the stack before it spills to the heap (most
/// such lists of a view are short: a hand, the known cards of a pile).
const INLINE: usize = 16;

struct Seq<'s, 'py> {
    ser: PySer<'s, 'py>,
    /// The list, made at its announced length, with the first `at` of its `len` items set;
    /// `None` for a sequence that does not tell its length (then `items` and `spill`).
    list: Option<Bound<'py, PyList>>,
    len: usize,
    at: usize,
    /// The items so far, while they fit.
    items: ArrayVec<Bound<'py, PyAny>, INLINE>,
    /// All the items, once they did not: empty until then.
    spill: Vec<Bound<'py, PyAny>>,
    /// For a tuple or struct variant: the `{variant: …}` wrapper's key.
    variant: Option<&'static str>,
}

impl<'s, 'py> Seq<'s, 'py> {
    fn new(ser: PySer<'s, 'py>, len: Option<usize>) -> Result<Self, Error> {
        let list = match len {
            Some(n) if n > 0 => Some(new_list(ser.py, n)?),
            _ => None,
        };
        Ok(Seq {
            ser,
            list,
            len: len.unwrap_or(0),
            at: 0,
            items: ArrayVec::new(),
            spill: Vec::new(),
            variant: None,
        })
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let item = value.serialize(self.ser)?;
        if let Some(list) = &self.list {
            if self.at < self.len {
                // SAFETY: the list is alive and `at` is below its length; `PyList_SetItem`
                // takes (steals) the item's reference, even when it fails, and leaves the empty
                // slot's nothing to release.
                let status = unsafe {
                    pyo3::ffi::PyList_SetItem(list.as_ptr(), self.at as isize, item.into_ptr())
                };
                if status < 0 {
                    return Err(PyErr::fetch(self.ser.py).into());
                }
            } else {
                list.append(item)?; // more items than announced
            }
            self.at += 1;
            return Ok(());
        }
        if self.spill.is_empty() {
            match self.items.try_push(item) {
                Ok(()) => return Ok(()),
                Err(full) => {
                    self.spill.reserve(2 * INLINE);
                    self.spill.extend(self.items.drain(..));
                    self.spill.push(full.element());
                }
            }
        } else {
            self.spill.push(item);
        }
        Ok(())
    }

    fn finish(self) -> Out<'py> {
        let list = match self.list {
            Some(list) => {
                if self.at < self.len {
                    // Fewer items than announced: the empty slots go.
                    list.del_slice(self.at, self.len)?;
                }
                list
            }
            // Made at its final length from the items (no growth, no heap for the short).
            None if self.spill.is_empty() => PyList::new(self.ser.py, self.items)?,
            None => PyList::new(self.ser.py, self.spill)?,
        };
        self.ser.wrap(self.variant, list.into_any())
    }
}

/// A list of `len` empty slots, each to be set (`PyList_SetItem`) before anything reads it.
fn new_list(py: Python<'_>, len: usize) -> Result<Bound<'_, PyList>, Error> {
    // SAFETY: `PyList_New` returns a new reference or null with an exception set, which
    // `from_owned_ptr_or_err` turns into an error; the object is a list. Its slots are empty
    // (null) until the serializer sets them, one per item as each is built, before the list
    // is handed to anyone, and CPython's list code (set, delete, free) takes empty slots; the
    // one way Python code could read them meanwhile is a garbage collection's finalizer
    // walking `gc.get_objects()`, the window pyo3's own `PyList::new` has too. Made at its
    // length, a list of a view costs one allocation and no copy of its items.
    unsafe {
        Ok(
            Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyList_New(len as isize))?
                .downcast_into_unchecked(),
        )
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
    /// The struct's (or struct variant's) name and the field count it announced: with its
    /// first field's name, the shape a template is found by (`pycache::Template`).
    name: &'static str,
    announced: usize,
    build: Build<'py>,
    /// For a struct variant: the `{variant: …}` wrapper's key.
    variant: Option<&'static str>,
}

/// How a struct's dict is being built.
enum Build<'py> {
    /// No field yet: the dict is made at the first, once the shape is known.
    Start,
    /// A copy of `template` whose first `at` fields are set (the others hold `None`).
    Copy {
        dict: Bound<'py, PyDict>,
        template: &'static Template,
        at: usize,
    },
    /// Key by key, for a shape without a template; `learn` records the field names while
    /// one may be made of them.
    Plain {
        dict: Bound<'py, PyDict>,
        learn: Option<Vec<&'static str>>,
    },
}

/// `dict[key] = value`, the key borrowed.
fn set_item(
    py: Python<'_>,
    dict: &Bound<'_, PyDict>,
    key: *mut pyo3::ffi::PyObject,
    value: &Bound<'_, PyAny>,
) -> Result<(), Error> {
    // SAFETY: the dict and the value are alive (the caller owns them), and so is the key (the
    // thread's cache or a template holds it for the thread's life, or the caller a reference);
    // `PyDict_SetItem` takes its own references to both and leaves ours, so the value is
    // released when the caller's goes out of scope. Straight to the C call: taking and
    // releasing a reference to the key around each insertion is two function calls under
    // the stable ABI, for every key of an observation.
    let status = unsafe { pyo3::ffi::PyDict_SetItem(dict.as_ptr(), key, value.as_ptr()) };
    if status < 0 {
        return Err(PyErr::fetch(py).into());
    }
    Ok(())
}

/// A fresh dict of the first `at` fields of `copy`, a copy of `template` (the struct left
/// the template's shape after them, or ended there).
fn prefix<'py>(
    py: Python<'py>,
    copy: &Bound<'py, PyDict>,
    template: &Template,
    at: usize,
) -> Result<Bound<'py, PyDict>, Error> {
    let dict = PyDict::new(py);
    for key in &template.keys[..at] {
        let key = key.bind(py);
        if let Some(value) = copy.get_item(key)? {
            dict.set_item(key, value)?;
        }
    }
    Ok(dict)
}

impl<'s, 'py> Obj<'s, 'py> {
    fn new(ser: PySer<'s, 'py>, name: &'static str, announced: usize) -> Self {
        Obj {
            ser,
            name,
            announced,
            build: Build::Start,
            variant: None,
        }
    }

    /// The dict, made at the struct's first field `first`: a copy of its shape's template if
    /// there is one, else an empty dict (recording the fields if a template may be made).
    fn start(&self, first: &'static str) -> Result<Build<'py>, Error> {
        let caches = self.ser.caches;
        if self.announced < MIN_TEMPLATE_FIELDS {
            // A small dict never grows: key by key is cheapest (see `MIN_TEMPLATE_FIELDS`).
            return Ok(Build::Plain {
                dict: PyDict::new(self.ser.py),
                learn: None,
            });
        }
        if let Some(template) = caches.template(self.name, self.announced, first) {
            let dict = template.dict.bind(self.ser.py).copy()?;
            return Ok(Build::Copy {
                dict,
                template,
                at: 0,
            });
        }
        let learn = caches
            .may_learn(self.name, self.announced, first)
            .then(|| Vec::with_capacity(self.announced));
        Ok(Build::Plain {
            dict: PyDict::new(self.ser.py),
            learn,
        })
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        let value = value.serialize(self.ser)?;
        let py = self.ser.py;
        // The two common cases inline (the next field of a template; a small dict's key);
        // the rest out of line, so that each type's copy of `field` stays small.
        match &mut self.build {
            Build::Copy { dict, template, at }
                if template.fields.get(*at).is_some_and(|&f| same(f, key)) =>
            {
                set_item(py, dict, template.keys[*at].as_ptr(), &value)?;
                *at += 1;
                Ok(())
            }
            Build::Plain { dict, learn: None } => match self.ser.caches.home_key(key) {
                Some(key_ptr) => set_item(py, dict, key_ptr, &value),
                None => self.insert(key, &value),
            },
            _ => self.insert(key, &value),
        }
    }

    /// Sets field `key` to `value`, every case. Not generic and kept out of line: inlined
    /// into each type's `field` it made the serializer's code too big for the instruction
    /// cache (callgrind: 4× the misses).
    #[inline(never)]
    fn insert(&mut self, key: &'static str, value: &Bound<'py, PyAny>) -> Result<(), Error> {
        let py = self.ser.py;
        loop {
            match &mut self.build {
                Build::Start => self.build = self.start(key)?,
                Build::Copy { dict, template, at } => {
                    if template.fields.get(*at).is_some_and(|&f| same(f, key)) {
                        set_item(py, dict, template.keys[*at].as_ptr(), value)?;
                        *at += 1;
                        return Ok(());
                    }
                    // Off the template's shape: the fields so far, then key by key.
                    let dict = prefix(py, dict, template, *at)?;
                    self.build = Build::Plain { dict, learn: None };
                }
                Build::Plain { dict, learn } => {
                    // The key borrowed from the cache at its home slot, else (rarely: a name
                    // probed past it) a reference of our own, held until the insertion.
                    let held;
                    let key_ptr = match self.ser.caches.home_key(key) {
                        Some(string) => string,
                        None => {
                            held = self.ser.key(key);
                            held.as_ptr()
                        }
                    };
                    set_item(py, dict, key_ptr, value)?;
                    if let Some(fields) = learn {
                        fields.push(key);
                    }
                    return Ok(());
                }
            }
        }
    }

    fn finish(self) -> Out<'py> {
        let py = self.ser.py;
        let dict = match self.build {
            Build::Start => PyDict::new(py),
            Build::Copy { dict, template, at } if at == template.fields.len() => dict,
            // Fewer fields than the template's: those written, without the placeholders.
            Build::Copy { dict, template, at } => prefix(py, &dict, template, at)?,
            Build::Plain { dict, learn } => {
                if let Some(fields) = learn {
                    self.ser
                        .caches
                        .learn(py, self.name, self.announced, &fields)?;
                }
                dict
            }
        };
        self.ser.wrap(self.variant, dict.into_any())
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
        self.int(v.into())
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.int(v.into())
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.int(v.into())
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.uint(v.into())
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.uint(v.into())
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.uint(v.into())
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        self.uint(v)
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
        Seq::new(self, len)
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
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Obj<'s, 'py>, Error> {
        Ok(Obj::new(self, name, len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Obj<'s, 'py>, Error> {
        let mut obj = Obj::new(self, variant, len);
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
