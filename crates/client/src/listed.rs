//! [`Listed`]: a list the service sent, decoded record by record.
//!
//! One malformed record (an order whose `"quantity"` is `""`, an operation with a field of
//! the wrong type) must not make a whole list unreadable. A `Listed<T>` reads the JSON array
//! record by record straight into `T` (see its `Deserialize`): a record that does not fit is skipped
//! and counted in [`Listed::skipped`], so the app can say "1 record could not be read". Keys
//! are already normalised to snake_case by [`crate::decode::decode`] before this runs, so both
//! spellings keep working. A missing or `null` list is empty; anything else that is not an
//! array is still an error.
//!
//! `Listed<T>` dereferences to `Vec<T>` (`len`, `iter`, indexing, slices) and converts into
//! one with [`Listed::into_vec`] or `Vec::from`.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{self, DeserializeOwned, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

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

/// Each record is read straight into `T` as the list is walked, with no copy of the list
/// as raw values first. This relies on the reader handing each record over whole, so that
/// one that does not fit is left behind and the next one starts clean: the app's reader
/// ([`crate::records`], behind [`crate::decode::decode`]) and `serde_json::from_value` do;
/// a reader of JSON text cannot go on after a bad record, so lists are never read from text.
impl<'de, T: DeserializeOwned> Deserialize<'de> for Listed<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_option(ListVisitor(PhantomData))
    }
}

/// Reads a list, or nothing (`null`, absent) as an empty one.
struct ListVisitor<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for ListVisitor<T> {
    type Value = Listed<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_none<E: de::Error>(self) -> Result<Listed<T>, E> {
        Ok(Listed::default())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Listed<T>, E> {
        Ok(Listed::default())
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Listed<T>, D::Error> {
        d.deserialize_seq(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Listed<T>, A::Error> {
        let mut out = Listed::new(Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024)));
        while let Some(Fitting(item)) = seq.next_element::<Fitting<T>>()? {
            match item {
                Some(item) => out.items.push(item),
                None => out.skipped = out.skipped.saturating_add(1),
            }
        }
        Ok(out)
    }
}

/// One record of a list: `None` when it does not fit `T`, so the list goes on without it.
struct Fitting<T>(Option<T>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Fitting<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Self(T::deserialize(d).ok()))
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
    use crate::decode::oracle_decode as decode;
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
