//! Reading the JSON bodies of the write endpoints. Checks run after the key and scope checks
//! (see `auth`), so an empty body probes a write scope without doing anything.
//!
//! Fields are looked up under each given spelling (snake_case and camelCase). JSON numbers
//! are read from their exact source text, never through a float, so `0.12345678` stays
//! exactly that.

use super::errors::ApiError;
use crate::ids::Uuid;
use axum::body::Bytes;
use rust_decimal::Decimal;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::str::FromStr;

/// A parsed JSON object body with the source text of every top-level value.
#[derive(Debug)]
pub struct JsonBody {
    fields: Map<String, Value>,
    raw: HashMap<String, Box<RawValue>>,
}

/// How a decimal field may be spelled on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// A JSON number only (earn `asset_amount`, trading limits).
    Number,
    /// A decimal string or a JSON number (quote amounts).
    StringOrNumber,
}

fn parse_decimal(text: &str) -> Option<Decimal> {
    let text = text.trim();
    Decimal::from_str(text)
        .or_else(|_| Decimal::from_scientific(text))
        .ok()
}

impl JsonBody {
    /// Parses the body; anything but a JSON object → 400 `invalid_parameter`.
    pub fn parse(body: &Bytes) -> Result<Self, ApiError> {
        let invalid = || ApiError::invalid("The body must be a JSON object");
        let fields = match serde_json::from_slice::<Value>(body) {
            Ok(Value::Object(map)) => map,
            _ => return Err(invalid()),
        };
        let raw = serde_json::from_slice(body).map_err(|_| invalid())?;
        Ok(Self { fields, raw })
    }

    fn find(&self, names: &[&str]) -> Option<(&str, &Value)> {
        names
            .iter()
            .find_map(|n| self.fields.get_key_value(*n))
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k.as_str(), v))
    }

    /// The first non-null field under any of `names`.
    pub fn get(&self, names: &[&str]) -> Option<&Value> {
        self.find(names).map(|(_, v)| v)
    }

    /// An optional uuid string field; present but malformed → 400.
    pub fn uuid(&self, names: &[&str]) -> Result<Option<Uuid>, ApiError> {
        match self.get(names) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .and_then(Uuid::parse)
                .map(Some)
                .ok_or_else(|| ApiError::invalid(format!("{} must be a uuid", names[0]))),
        }
    }

    /// An optional decimal field (any sign); present but not a decimal → 400.
    pub fn decimal(&self, names: &[&str], spelling: Spelling) -> Result<Option<Decimal>, ApiError> {
        let Some((key, value)) = self.find(names) else {
            return Ok(None);
        };
        let parsed = match value {
            Value::Number(_) => self.raw.get(key).and_then(|r| parse_decimal(r.get())),
            Value::String(s) if spelling == Spelling::StringOrNumber => parse_decimal(s),
            _ => None,
        };
        let kind = match spelling {
            Spelling::Number => "a JSON number",
            Spelling::StringOrNumber => "a decimal",
        };
        parsed
            .map(Some)
            .ok_or_else(|| ApiError::invalid(format!("{} must be {kind}", names[0])))
    }

    /// An optional decimal field that must be > 0 when present.
    pub fn positive(
        &self,
        names: &[&str],
        spelling: Spelling,
    ) -> Result<Option<Decimal>, ApiError> {
        match self.decimal(names, spelling)? {
            Some(d) if d <= Decimal::ZERO => Err(ApiError::invalid(format!(
                "{} must be greater than 0",
                names[0]
            ))),
            other => Ok(other),
        }
    }

    /// A required decimal field.
    pub fn required(&self, names: &[&str], spelling: Spelling) -> Result<Decimal, ApiError> {
        self.decimal(names, spelling)?
            .ok_or_else(|| ApiError::invalid(format!("{} is required", names[0])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(s: &str) -> JsonBody {
        JsonBody::parse(&Bytes::from(s.to_string())).unwrap()
    }

    #[test]
    fn numbers_are_read_exactly() {
        let b = body(r#"{"assetAmount": 12345678.12345678, "x": 1e-3, "s": "0.50"}"#);
        let amount = b.required(&["asset_amount", "assetAmount"], Spelling::Number);
        assert_eq!(amount.unwrap().to_string(), "12345678.12345678");
        let x = b.required(&["x"], Spelling::Number).unwrap();
        assert_eq!(x, Decimal::new(1, 3));
        assert!(
            b.required(&["s"], Spelling::Number).is_err(),
            "strings refused"
        );
        let s = b.required(&["s"], Spelling::StringOrNumber).unwrap();
        assert_eq!(s.to_string(), "0.50");
        assert!(b
            .positive(&["missing"], Spelling::Number)
            .unwrap()
            .is_none());
        assert!(body(r#"{"a": -1}"#)
            .positive(&["a"], Spelling::Number)
            .is_err());
        for bad in ["", "[]", "1", "nope"] {
            assert!(JsonBody::parse(&Bytes::from(bad)).is_err(), "{bad}");
        }
    }
}
