//! Decoding response bodies.
//!
//! The live current API documents camelCase but sends snake_case on GETs, and answers the
//! accept-quote call in camelCase; the exchange API is camelCase. Rather than an alias on
//! every field, every object key is rewritten to snake_case before typed decoding, so each
//! wire type is declared once (in snake_case) and both spellings parse.
//!
//! Amounts the service sends as JSON numbers (trading limits and budgets, earn rates) reach
//! their `Decimal` with every digit: before parsing, a number literal that is not a plain
//! integer of at most 18 digits is turned into a string literal ([`exact_numbers`]), because
//! `serde_json` would otherwise read it into an `f64` (about 16 significant digits) and the
//! digits beyond would be lost before any typed field saw them.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

use crate::ApiError;

/// Rewrites every object key in `value` (recursively) to snake_case.
pub fn normalize_keys(value: Value) -> Value {
    match value {
        // One insert per key rather than `collect()`: collecting into the map sorts the
        // entries first, which would compile a sort for them into every page's first load.
        Value::Object(map) => {
            let mut normalized = serde_json::Map::new();
            for (key, value) in map {
                normalized.insert(snake_case(&key), normalize_keys(value));
            }
            Value::Object(normalized)
        }
        Value::Array(items) => Value::Array(items.into_iter().map(normalize_keys).collect()),
        other => other,
    }
}

/// `assetId` → `asset_id`, `tradedVolume30d` → `traded_volume30d`, `fooURL` → `foo_url`;
/// snake_case stays as it is.
pub fn snake_case(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let mut out = String::with_capacity(key.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev = i.checked_sub(1).map(|p| chars[p]);
            let next = chars.get(i + 1);
            let after_lower = prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit());
            let ends_acronym = prev.is_some_and(|p| p.is_ascii_uppercase())
                && next.is_some_and(|n| n.is_ascii_lowercase());
            if after_lower || ends_acronym {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `json` with every number literal that an `f64` could not hold exactly — one with a
/// fraction or an exponent, or an integer of more than 18 digits — written as a string
/// literal (`1.10` → `"1.10"`); strings and small integers stay as they are. Borrowed when
/// there is nothing to rewrite (most answers: their amounts are strings already).
pub fn exact_numbers(json: &str) -> Cow<'_, str> {
    let bytes = json.as_bytes();
    let mut out: Option<String> = None;
    let (mut copied, mut i, mut in_string) = (0, 0, false);
    while let Some(&b) = bytes.get(i) {
        if in_string {
            match b {
                b'\\' => i = i.saturating_add(2),
                b'"' => {
                    in_string = false;
                    i = i.saturating_add(1);
                }
                _ => i = i.saturating_add(1),
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                i = i.saturating_add(1);
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                i = i.saturating_add(1);
                while bytes
                    .get(i)
                    .is_some_and(|c| matches!(c, b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-'))
                {
                    i = i.saturating_add(1);
                }
                let literal = &json[start..i];
                let digits = literal.bytes().filter(u8::is_ascii_digit).count();
                if literal.contains(['.', 'e', 'E']) || digits > 18 {
                    let text = out.get_or_insert_with(|| String::with_capacity(json.len() + 32));
                    text.push_str(&json[copied..start]);
                    text.push('"');
                    text.push_str(literal);
                    text.push('"');
                    copied = i;
                }
            }
            _ => i = i.saturating_add(1),
        }
    }
    match out {
        None => Cow::Borrowed(json),
        Some(mut text) => {
            text.push_str(&json[copied..]);
            Cow::Owned(text)
        }
    }
}

/// Parses a JSON body into `T`, accepting either field spelling; every number is read
/// exactly ([`exact_numbers`]).
pub fn decode<T: DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    // Where the text stops being JSON, not `serde_json`'s own wording: its messages are a
    // formatter of their own in every section, and the person is shown plain words anyway
    // (`PlainWords` on `ApiError::Decode`). The place is the one in the text as sent.
    let not_json = |e: serde_json::Error| ApiError::Decode {
        detail: format!("not JSON at line {}, column {}", e.line(), e.column()),
    };
    let value: Value = match serde_json::from_str(&exact_numbers(body)) {
        Ok(value) => value,
        Err(_) => serde_json::from_str(body).map_err(not_json)?,
    };
    crate::records::from_value(normalize_keys(value)).map_err(|e| ApiError::Decode {
        detail: e.to_string(),
    })
}

/// [`decode`] with `serde_json::from_value` as the oracle of the hand-written record reader
/// (`crate::records`), for the tests' wire fixtures: both read the same keys and exact
/// numbers, must agree on whether the body fits `T` and, when it does, on every field
/// (compared through `Debug`). Returns what [`decode`] returns. For tests only (it panics
/// where the two disagree): the crate's own, and its integration tests through the `oracle`
/// feature.
#[cfg(any(test, feature = "oracle"))]
pub fn oracle_decode<T: DeserializeOwned + std::fmt::Debug>(body: &str) -> Result<T, ApiError> {
    let ours = decode::<T>(body);
    let value = serde_json::from_str::<Value>(&exact_numbers(body))
        .or_else(|_| serde_json::from_str::<Value>(body));
    if let Ok(value) = value {
        match (&ours, serde_json::from_value::<T>(normalize_keys(value))) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "{body}");
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => panic!("records: {ours:?}, serde_json: {theirs:?}, for {body}"),
        }
    }
    ours
}

/// The `{"data": …}` envelope of single items and plain lists.
#[derive(Debug, Deserialize)]
pub struct Envelope<T> {
    /// The payload.
    pub data: T,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_rules() {
        assert_eq!(snake_case("assetId"), "asset_id");
        assert_eq!(snake_case("asset_id"), "asset_id");
        assert_eq!(snake_case("tradedVolume30d"), "traded_volume30d");
        assert_eq!(
            snake_case("pessimisticWithholding"),
            "pessimistic_withholding"
        );
        assert_eq!(snake_case("fooURLBar"), "foo_url_bar");
        assert_eq!(snake_case("data"), "data");
    }

    #[test]
    fn nested_keys_are_rewritten() {
        let v = normalize_keys(
            serde_json::json!({"tradingBudget": {"buyBudgetRemaining": 1}, "list": [{"epochMs": 2}]}),
        );
        assert_eq!(v["trading_budget"]["buy_budget_remaining"], 1);
        assert_eq!(v["list"][0]["epoch_ms"], 2);
    }

    #[test]
    fn numbers_an_f64_cannot_hold_become_text_and_nothing_else_changes() {
        let text = r#"{"a":1.10,"b":-2e-3,"c":12,"d":"x\"1.5","e":[0.5,true,null],"f":1234567890123456789012}"#;
        assert_eq!(
            exact_numbers(text),
            r#"{"a":"1.10","b":"-2e-3","c":12,"d":"x\"1.5","e":["0.5",true,null],"f":"1234567890123456789012"}"#
        );
        let plain = r#"{"a":"1.10","n":42,"s":"é 3.5"}"#;
        assert!(matches!(exact_numbers(plain), Cow::Borrowed(_)));
    }

    #[test]
    fn a_json_number_amount_with_twenty_significant_digits_arrives_exact() {
        use crate::current::TradingLimits;
        use rust_decimal::Decimal;
        use std::str::FromStr;
        let body = r#"{"data":{"buy_limit":12345678.901234567891,"sell_limit":0.12345678901234567891,"buy_budget_remaining":1e-20,"currency_id":"eur"}}"#;
        let limits: Envelope<TradingLimits> = oracle_decode(body).unwrap();
        let exact = |text: &str| Some(Decimal::from_str(text).unwrap());
        assert_eq!(limits.data.buy_limit, exact("12345678.901234567891"));
        assert_eq!(limits.data.sell_limit, exact("0.12345678901234567891"));
        assert_eq!(
            limits.data.buy_limit.unwrap().to_string(),
            "12345678.901234567891",
            "every digit, the scale as sent"
        );
        assert_eq!(
            limits.data.buy_budget_remaining,
            exact("0.00000000000000000001")
        );
    }

    #[test]
    fn text_that_is_not_json_says_where_it_stops() {
        let detail = |body: &str| match decode::<Value>(body) {
            Err(ApiError::Decode { detail }) => detail,
            other => panic!("{body:?} read as {other:?}"),
        };
        assert_eq!(detail("{oops"), "not JSON at line 1, column 2");
        assert_eq!(detail("<html>\n<body>"), "not JSON at line 1, column 1");
        assert_eq!(detail("[1,\n 2"), "not JSON at line 2, column 2");
    }
}
