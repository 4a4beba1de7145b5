//! Small helpers shared by the router-level tests of the three APIs.

use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

/// The decimal string `v` as a number (panics, naming `v`, when it is not one).
pub(crate) fn dec(v: &Value) -> Decimal {
    v.as_str()
        .and_then(|s| Decimal::from_str(s).ok())
        .unwrap_or_else(|| panic!("not a decimal string: {v}"))
}

/// How many decimals the decimal string `v` is written with.
pub(crate) fn decimals(v: &Value) -> usize {
    let text = v.as_str().unwrap_or_else(|| panic!("not a string: {v}"));
    text.split_once('.')
        .map_or(0, |(_, fraction)| fraction.len())
}
