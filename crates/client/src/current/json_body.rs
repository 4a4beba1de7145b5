//! Request bodies written by hand, so that decimals that must be JSON **numbers** (earn
//! `asset_amount`, trading limits) go on the wire with exactly their decimal digits, never
//! through a float.

use rust_decimal::Decimal;

/// Builds one flat JSON object, field by field, in the order written.
#[derive(Debug, Default)]
pub(crate) struct JsonObject {
    fields: Vec<String>,
}

/// A JSON string token, as `serde_json` writes one: `"` and `\` escaped, control characters
/// as `\n`, `\t`… or `\u00XX`, everything else as it is (JSON text is UTF-8).
pub(crate) fn string_token(text: &str) -> String {
    // Writing a `str` cannot fail (no map keys, no I/O); the empty string is never returned.
    serde_json::to_string(text).unwrap_or_default()
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
        self.fields.push(format!("{}:{value}", string_token(key)));
        self
    }

    /// Adds a string field.
    pub(crate) fn string(&mut self, key: &str, value: &str) -> &mut Self {
        self.push(key, string_token(value))
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

    #[test]
    fn strings_are_escaped_and_read_back_as_written() {
        let cases = [
            ("", r#""""#),
            ("a\"b", r#""a\"b""#),
            ("back\\slash", r#""back\\slash""#),
            ("tab\tnew\nline", r#""tab\tnew\nline""#),
            ("\u{1}\u{1f}", r#""\u0001\u001f""#),
            ("é €uro 🙂 </script>", "\"é €uro 🙂 </script>\""),
        ];
        for (text, token) in cases {
            assert_eq!(string_token(text), token, "{text:?}");
            let back: String = serde_json::from_str(&string_token(text)).unwrap();
            assert_eq!(back, text);
        }
    }
}
