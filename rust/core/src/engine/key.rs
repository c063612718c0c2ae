//! Information-state keys written straight to text: a value's fields in declaration order,
//! without names, in a terse notation — several times shorter and faster than JSON, where a
//! key's names are most of its text.
//!
//! The notation, for a value of one fixed type (a key is only compared with keys of its own
//! game, so the type is known): integers and floats in decimal, `T`/`F`, strings quoted with
//! `"` and `\` escaped, `~` for `None` and unit values, `#i` for a unit enum variant `i` and
//! `#i(…)` for one with data, `[…]` for sequences, `(…)` for tuples and structs, `{k:v,…}` for
//! maps, `,` between items. Every compound value is delimited, so two values of one type have
//! equal keys exactly when they are equal (maps must iterate in a fixed order, as `BTreeMap`
//! does: the games' tables hold none today).

use std::fmt;

use serde::ser::{self, Serialize};

/// The key of `value` (see the module documentation).
pub fn key_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = KeyWriter {
        out: Vec::with_capacity(4096),
    };
    value
        .serialize(&mut out)
        .expect("a key is written to memory, which cannot fail");
    // Only ASCII and whole `str`s were written.
    String::from_utf8(out.out).expect("a key is UTF-8")
}

/// The serializer behind [`key_string`].
struct KeyWriter {
    out: Vec<u8>,
}

/// Writing a key cannot fail; serde's traits still need an error type.
#[derive(Debug)]
struct KeyError(String);

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KeyError {}

impl ser::Error for KeyError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        KeyError(msg.to_string())
    }
}

impl KeyWriter {
    #[inline]
    fn unsigned(&mut self, mut v: u64) {
        // Keys are mostly small counts and card ids: write those without the general loop
        // (and the copy of its digits).
        if v < 10 {
            self.out.push(b'0' + v as u8);
            return;
        }
        if v < 100 {
            self.out.push(b'0' + (v / 10) as u8);
            self.out.push(b'0' + (v % 10) as u8);
            return;
        }
        if v < 1000 {
            self.out.push(b'0' + (v / 100) as u8);
            self.out.push(b'0' + (v / 10 % 10) as u8);
            self.out.push(b'0' + (v % 10) as u8);
            return;
        }
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.out.extend_from_slice(&digits[i..]);
    }

    fn signed(&mut self, v: i64) {
        if v < 0 {
            self.out.push(b'-');
        }
        self.unsigned(v.unsigned_abs());
    }

    /// Removes the separator after the last item of a compound value (if it had any).
    fn close(&mut self, bracket: u8) {
        if self.out.last() == Some(&b',') {
            self.out.pop();
        }
        self.out.push(bracket);
    }
}

type Result = std::result::Result<(), KeyError>;

impl ser::Serializer for &mut KeyWriter {
    type Ok = ();
    type Error = KeyError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result {
        self.out.push(if v { b'T' } else { b'F' });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result {
        self.out.extend_from_slice(format!("{v:?}").as_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result {
        self.out.push(b'"');
        for &b in v.as_bytes() {
            if b == b'"' || b == b'\\' {
                self.out.push(b'\\');
            }
            self.out.push(b);
        }
        self.out.push(b'"');
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result {
        self.out.push(b'[');
        for &b in v {
            self.unsigned(u64::from(b));
            self.out.push(b',');
        }
        self.close(b']');
        Ok(())
    }
    fn serialize_none(self) -> Result {
        self.out.push(b'~');
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        self.out.push(b'~');
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, index: u32, _variant: &str) -> Result {
        self.out.push(b'#');
        self.unsigned(u64::from(index));
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result {
        self.serialize_unit_variant("", index, "")?;
        self.out.push(b'(');
        value.serialize(&mut *self)?;
        self.out.push(b')');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> std::result::Result<Self, KeyError> {
        self.out.push(b'[');
        Ok(self)
    }
    fn serialize_tuple(self, _len: usize) -> std::result::Result<Self, KeyError> {
        self.out.push(b'(');
        Ok(self)
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> std::result::Result<Self, KeyError> {
        self.serialize_tuple(len)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> std::result::Result<Self, KeyError> {
        self.serialize_unit_variant("", index, "")?;
        self.serialize_tuple(len)
    }
    fn serialize_map(self, _len: Option<usize>) -> std::result::Result<Self, KeyError> {
        self.out.push(b'{');
        Ok(self)
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> std::result::Result<Self, KeyError> {
        self.serialize_tuple(len)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> std::result::Result<Self, KeyError> {
        self.serialize_tuple_variant("", index, "", len)
    }
}

/// Every compound value: its items, each followed by a separator the closing bracket drops.
macro_rules! items {
    ($trait:ident, $method:ident, $bracket:literal) => {
        impl ser::$trait for &mut KeyWriter {
            type Ok = ();
            type Error = KeyError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
                value.serialize(&mut **self)?;
                self.out.push(b',');
                Ok(())
            }
            fn end(self) -> Result {
                self.close($bracket);
                Ok(())
            }
        }
    };
}

items!(SerializeSeq, serialize_element, b']');
items!(SerializeTuple, serialize_element, b')');
items!(SerializeTupleStruct, serialize_field, b')');
items!(SerializeTupleVariant, serialize_field, b')');

/// A record's fields: written as a tuple's items, their names left out.
macro_rules! fields {
    ($trait:ident) => {
        impl ser::$trait for &mut KeyWriter {
            type Ok = ();
            type Error = KeyError;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _key: &'static str,
                value: &T,
            ) -> Result {
                value.serialize(&mut **self)?;
                self.out.push(b',');
                Ok(())
            }
            fn end(self) -> Result {
                self.close(b')');
                Ok(())
            }
        }
    };
}

fields!(SerializeStruct);
fields!(SerializeStructVariant);

impl ser::SerializeMap for &mut KeyWriter {
    type Ok = ();
    type Error = KeyError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        key.serialize(&mut **self)?;
        self.out.push(b':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        value.serialize(&mut **self)?;
        self.out.push(b',');
        Ok(())
    }
    fn end(self) -> Result {
        self.close(b'}');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::key_string;
    use serde::Serialize;

    #[derive(Serialize)]
    enum Step {
        Idle,
        Draw(u8),
        Pay { left: i32, paid: Vec<u8> },
    }

    #[derive(Serialize)]
    struct Table {
        seat: usize,
        hand: Vec<u8>,
        empty: Vec<u8>,
        pending: Option<(u8, bool)>,
        nothing: Option<u8>,
        steps: [Step; 3],
        name: &'static str,
    }

    #[test]
    fn a_key_is_the_values_in_order_each_compound_delimited() {
        let t = Table {
            seat: 2,
            hand: vec![0, 17, 255],
            empty: vec![],
            pending: Some((4, true)),
            nothing: None,
            steps: [
                Step::Idle,
                Step::Draw(3),
                Step::Pay {
                    left: -12,
                    paid: vec![1],
                },
            ],
            name: "a \"b\" \\",
        };
        assert_eq!(
            key_string(&t),
            r#"(2,[0,17,255],[],(4,T),~,(#0,#1(3),#2(-12,[1])),"a \"b\" \\")"#
        );
    }

    #[test]
    fn numbers_of_every_length_are_written_in_full() {
        let numbers: Vec<u64> = vec![0, 7, 10, 99, 100, 999, 1000, 65_535, u64::MAX];
        assert_eq!(
            key_string(&numbers),
            "[0,7,10,99,100,999,1000,65535,18446744073709551615]"
        );
        assert_eq!(key_string(&(-5i32, i64::MIN)), "(-5,-9223372036854775808)");
    }

    #[test]
    fn a_separator_is_never_dropped_from_a_nested_empty_value() {
        // `[[],[]]`: the closing of the inner `[]` must not eat the outer list's separator.
        let nested: Vec<Vec<u8>> = vec![vec![], vec![], vec![1]];
        assert_eq!(key_string(&nested), "[[],[],[1]]");
        let empty_strings = vec!["", ","];
        assert_eq!(key_string(&empty_strings), r#"["",","]"#);
    }
}
