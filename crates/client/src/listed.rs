//! [`Listed`]: a list the service sent, decoded record by record.
//!
//! One malformed record (an order whose `"quantity"` is `""`, an operation with a field of
//! the wrong type) must not make a whole list unreadable. A `Listed<T>` reads the JSON array
//! into raw values first and then each value into `T`: a value that does not fit is skipped
//! and counted in [`Listed::skipped`], so the app can say "1 record could not be read". Keys
//! are already normalised to snake_case by [`crate::decode::decode`] before this runs, so both
//! spellings keep working. A missing or `null` list is empty; anything else that is not an
//! array is still an error.
//!
//! `Listed<T>` dereferences to `Vec<T>` (`len`, `iter`, indexing, slices) and converts into
//! one with [`Listed::into_vec`] or `Vec::from`.

use std::ops::{Deref, DerefMut};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// The readable records of a list, and how many records could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed<T> {
    /// The records that could be read, in the order sent.
    pub items: Vec<T>,
    /// How many records were skipped because they could not be read.
    pub skipped: usize,
}

impl<T> Listed<T> {
    /// A list with nothing skipped.
    pub fn new(items: Vec<T>) -> Self {
        Self { items, skipped: 0 }
    }

    /// The readable records.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T: DeserializeOwned> Listed<T> {
    /// Reads each of `values` into `T`, skipping and counting the ones that do not fit.
    pub fn from_values(values: Vec<Value>) -> Self {
        let mut out = Self::new(Vec::with_capacity(values.len()));
        for value in values {
            match serde_json::from_value::<T>(value) {
                Ok(item) => out.items.push(item),
                Err(_) => out.skipped = out.skipped.saturating_add(1),
            }
        }
        out
    }
}

impl<T> Default for Listed<T> {
    fn default() -> Self {
        Self::new(Vec::new())
    }
}

impl<T> Deref for Listed<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for Listed<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.items
    }
}

impl<T> From<Listed<T>> for Vec<T> {
    fn from(list: Listed<T>) -> Self {
        list.items
    }
}

impl<T> From<Vec<T>> for Listed<T> {
    fn from(items: Vec<T>) -> Self {
        Self::new(items)
    }
}

impl<T> FromIterator<T> for Listed<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::new(iter.into_iter().collect())
    }
}

impl<T> IntoIterator for Listed<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Listed<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Listed<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Option::<Vec<Value>>::deserialize(deserializer)?;
        Ok(Self::from_values(values.unwrap_or_default()))
    }
}

/// `deserialize_with` helper for a `Vec<T>` field that must be read leniently when the
/// count is not needed separately: bad records are dropped. Prefer a [`Listed`] field.
pub fn lenient_vec<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    Listed::<T>::deserialize(deserializer).map(Listed::into_vec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use rust_decimal::Decimal;

    #[derive(Debug, Clone, PartialEq, Deserialize)]
    struct Row {
        quantity: Decimal,
        order_id: String,
    }

    #[test]
    fn bad_records_are_skipped_and_counted() {
        let body = r#"[
            {"quantity": "1.5", "orderId": "a"},
            {"quantity": "", "orderId": "b"},
            {"quantity": "2", "order_id": "c"},
            {"quantity": {"x": 1}, "orderId": "d"},
            "not an object",
            null
        ]"#;
        let list: Listed<Row> = decode(body).unwrap();
        let ids: Vec<&str> = list.iter().map(|r| r.order_id.as_str()).collect();
        assert_eq!(ids, ["a", "c"]);
        assert_eq!(list.skipped, 4);
        assert_eq!(list.len(), 2);
        assert_eq!(Vec::from(list.clone()).len(), 2);
    }

    #[test]
    fn missing_or_null_is_empty_but_a_non_list_is_an_error() {
        #[derive(Debug, Deserialize)]
        struct Env {
            #[serde(default)]
            data: Listed<Row>,
        }
        assert_eq!(decode::<Env>("{}").unwrap().data, Listed::default());
        assert_eq!(decode::<Env>(r#"{"data":null}"#).unwrap().data.skipped, 0);
        assert!(decode::<Env>(r#"{"data":{"quantity":"1"}}"#).is_err());
        assert!(decode::<Listed<Row>>("7").is_err());
    }
}
