//! Request bodies written by hand, so that decimals that must be JSON **numbers** (earn
//! `asset_amount`, trading limits) go on the wire with exactly their decimal digits, never
//! through a float.

use rust_decimal::Decimal;

/// Builds one flat JSON object, field by field, in the order written.
#[derive(Debug, Default)]
pub(crate) struct JsonObject {
    fields: Vec<String>,
}

/// A decimal as a JSON number token: `Decimal`'s `Display` already has JSON number syntax
/// (`-?digits(.digits)?`, no exponent) and keeps every digit, trailing zeros included.
pub(crate) fn number_token(d: &Decimal) -> String {
    d.to_string()
}

impl JsonObject {
    /// An empty object.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    fn push(&mut self, key: &str, value: String) -> &mut Self {
        let key = serde_json::Value::String(key.to_string()).to_string();
        self.fields.push(format!("{key}:{value}"));
        self
    }

    /// Adds a string field (escaped by serde_json).
    pub(crate) fn string(&mut self, key: &str, value: &str) -> &mut Self {
        let value = serde_json::Value::String(value.to_string()).to_string();
        self.push(key, value)
    }

    /// Adds a decimal as a JSON number with its exact digits.
    pub(crate) fn number(&mut self, key: &str, value: &Decimal) -> &mut Self {
        self.push(key, number_token(value))
    }

    /// The object's text.
    pub(crate) fn finish(&self) -> String {
        format!("{{{}}}", self.fields.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn numbers_keep_their_digits_and_strings_are_escaped() {
        let amount = Decimal::from_str("12345678.12345678").unwrap();
        let body = JsonObject::new()
            .string("config_id", "a\"b")
            .number("asset_amount", &amount)
            .number("zero", &Decimal::from_str("0.50").unwrap())
            .number("neg", &Decimal::from_str("-0.00000001").unwrap())
            .finish();
        assert_eq!(
            body,
            r#"{"config_id":"a\"b","asset_amount":12345678.12345678,"zero":0.50,"neg":-0.00000001}"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(parsed["asset_amount"].is_number() && parsed["zero"].is_number());
        assert_eq!(JsonObject::new().finish(), "{}");
    }
}
