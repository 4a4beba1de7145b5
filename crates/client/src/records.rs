//! Typed records from decoded JSON ([`from_value`]), in place of `serde_json::from_value`.
//!
//! Why a reader of its own: through `serde_json`'s reader, every `Decimal` field could be
//! handed a JSON number as an `f64`, and `rust_decimal` turns that into text with Rust's
//! float formatter — about 7 KB brotli of formatting code in every section that reads a
//! list. Here a JSON number with a fraction reaches the field as the shortest text that
//! reads back as the same `f64` (`0.0544`, `1e-7`: the same digits Rust's formatter and
//! `zmij`, already in the app for `serde_json`'s writer, both give), so a `Decimal` parses it
//! exactly as before, and nothing calls the float formatter.
//!
//! A record that does not fit is a [`Misfit`], which names the kind of misfit in a few
//! fixed words and never formats the offending value: the app shows the person plain words
//! of its own, and a skipped record is only counted.

use std::fmt;

use serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::Visitor;
use serde::de::{self, DeserializeOwned, Deserializer, Expected, IntoDeserializer, Unexpected};
use serde_json::{Map, Number, Value};

/// Reads `value` into `T`; the error names what did not fit, never the value itself.
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Misfit> {
    T::deserialize(Record(value))
}

/// Why a JSON value could not be read into the record's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misfit {
    /// A value of another kind than the field takes (text for a number, a list for text…).
    WrongType,
    /// A value of the right kind that the field does not take (a negative count…).
    WrongValue,
    /// A list with more or fewer items than the field takes.
    WrongLength,
    /// A required field is absent.
    MissingField(&'static str),
    /// A field appears twice.
    DuplicateField(&'static str),
    /// A variant the type does not know (open enums keep every value, so this is rare).
    UnknownVariant,
    /// Any other reason a type gave.
    Other,
}

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongType => f.write_str("a value of another type than expected"),
            Self::WrongValue => f.write_str("a value out of the expected range"),
            Self::WrongLength => f.write_str("a list of another length than expected"),
            Self::MissingField(name) => write!(f, "missing field `{name}`"),
            Self::DuplicateField(name) => write!(f, "duplicate field `{name}`"),
            Self::UnknownVariant => f.write_str("an unknown variant"),
            Self::Other => f.write_str("a value that does not fit"),
        }
    }
}

impl std::error::Error for Misfit {}

/// Each constructor drops the message serde would have formatted: its arguments are never
/// read, so their formatting code is never linked in.
impl de::Error for Misfit {
    #[inline(always)]
    fn custom<T: fmt::Display>(_message: T) -> Self {
        Self::Other
    }

    #[inline(always)]
    fn invalid_type(_unexpected: Unexpected<'_>, _expected: &dyn Expected) -> Self {
        Self::WrongType
    }

    #[inline(always)]
    fn invalid_value(_unexpected: Unexpected<'_>, _expected: &dyn Expected) -> Self {
        Self::WrongValue
    }

    #[inline(always)]
    fn invalid_length(_len: usize, _expected: &dyn Expected) -> Self {
        Self::WrongLength
    }

    #[inline(always)]
    fn unknown_variant(_variant: &str, _expected: &'static [&'static str]) -> Self {
        Self::UnknownVariant
    }

    #[inline(always)]
    fn unknown_field(_field: &str, _expected: &'static [&'static str]) -> Self {
        Self::Other
    }

    #[inline(always)]
    fn missing_field(field: &'static str) -> Self {
        Self::MissingField(field)
    }

    #[inline(always)]
    fn duplicate_field(field: &'static str) -> Self {
        Self::DuplicateField(field)
    }
}

/// One JSON value being read into a typed field.
struct Record(Value);

impl<'de> IntoDeserializer<'de, Misfit> for Record {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// The integer readers other than `u64`'s: each takes what `deserialize_u64` takes (the
/// visitor checks the range and the sign).
macro_rules! integers_as_u64 {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
                self.deserialize_u64(visitor)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for Record {
    type Error = Misfit;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_string(s),
            Value::Array(items) => visit_seq(items, visitor),
            Value::Object(map) => visit_map(map, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(Record(other)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Misfit> {
        visitor.visit_newtype_struct(self)
    }

    /// A unit variant is its name as text; a variant with data is an object of one entry.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::String(name) => {
                visitor.visit_enum(IntoDeserializer::<Misfit>::into_deserializer(name))
            }
            Value::Object(map) if map.len() == 1 => {
                let entries = map.into_iter().map(|(k, v)| (k, Record(v)));
                visitor.visit_enum(MapAccessDeserializer::new(MapDeserializer::new(entries)))
            }
            _ => Err(Misfit::WrongType),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        visitor.visit_unit()
    }

    // The typed readers below take only their kind of value: each is one small match per
    // type read, where going through `deserialize_any` would build every kind's arm.

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::String(s) => visitor.visit_string(s),
            _ => Err(Misfit::WrongType),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        self.deserialize_string(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        self.deserialize_string(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Array(items) => visit_seq(items, visitor),
            _ => Err(Misfit::WrongType),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, v: V) -> Result<V::Value, Misfit> {
        self.deserialize_seq(v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Object(map) => visit_map(map, visitor),
            _ => Err(Misfit::WrongType),
        }
    }

    /// An object only: none of the three APIs sends a record as a list of its fields in
    /// order (which `serde_json` would also take), so no record type's reader for that form
    /// is built.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Misfit> {
        self.deserialize_map(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Bool(b) => visitor.visit_bool(b),
            _ => Err(Misfit::WrongType),
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Misfit> {
        match self.0 {
            Value::Number(n) => visit_number(n, visitor),
            _ => Err(Misfit::WrongType),
        }
    }

    integers_as_u64! {
        deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char bytes byte_buf unit unit_struct tuple_struct
    }
}

/// Whole numbers as integers; a number with a fraction (or beyond 64 bits) as the shortest
/// text of its `f64`, so that no visitor is ever handed an `f64`.
fn visit_number<'de, V: Visitor<'de>>(n: Number, visitor: V) -> Result<V::Value, Misfit> {
    if let Some(u) = n.as_u64() {
        visitor.visit_u64(u)
    } else if let Some(i) = n.as_i64() {
        visitor.visit_i64(i)
    } else {
        match n.as_f64().filter(|f| f.is_finite()) {
            Some(f) => visitor.visit_string(zmij::Buffer::new().format_finite(f).to_owned()),
            None => Err(Misfit::WrongType),
        }
    }
}

fn visit_seq<'de, V: Visitor<'de>>(items: Vec<Value>, visitor: V) -> Result<V::Value, Misfit> {
    let mut seq = SeqDeserializer::new(items.into_iter().map(Record));
    let read = visitor.visit_seq(&mut seq)?;
    seq.end()?;
    Ok(read)
}

fn visit_map<'de, V: Visitor<'de>>(
    map: Map<String, Value>,
    visitor: V,
) -> Result<V::Value, Misfit> {
    let entries = map.into_iter().map(|(k, v)| (k, Record(v)));
    let mut access = MapDeserializer::new(entries);
    let read = visitor.visit_map(&mut access)?;
    access.end()?;
    Ok(read)
}
