//! Decoding response bodies.
//!
//! The live current API documents camelCase but sends snake_case on GETs, and answers the
//! accept-quote call in camelCase; the exchange API is camelCase. Rather than an alias on
//! every field, every object key is rewritten to snake_case before typed decoding, so each
//! wire type is declared once (in snake_case) and both spellings parse.

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

/// Parses a JSON body into `T`, accepting either field spelling.
pub fn decode<T: DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    // Where the text stops being JSON, not `serde_json`'s own wording: its messages are a
    // formatter of their own in every section, and the person is shown plain words anyway
    // (`PlainWords` on `ApiError::Decode`).
    let value: Value = serde_json::from_str(body).map_err(|e| ApiError::Decode {
        detail: format!("not JSON at line {}, column {}", e.line(), e.column()),
    })?;
    crate::records::from_value(normalize_keys(value)).map_err(|e| ApiError::Decode {
        detail: e.to_string(),
    })
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
