//! Request bodies written by hand, so that decimals that must be JSON **numbers** (earn
//! `asset_amount`, trading limits) go on the wire with exactly their decimal digits, never
//! through a float.

use rust_decimal::Decimal;

/// Builds one flat JSON object, field by field, in the order written.
#[derive(Debug, Default)]
pub(crate) struct JsonObject {
    fields: Vec<String>,
}

/// A JSON string token: `"` and `\` escaped, control characters as `\n`, `\t`… or
/// `\u00XX`, everything else as it is (JSON text is UTF-8). Written here rather than through
/// `serde_json`'s serializer, which only these bodies used in the sections that send them.
pub(crate) fn string_token(text: &str) -> String {
    let mut token = String::with_capacity(text.len().saturating_add(2));
    token.push('"');
    for c in text.chars() {
        match c {
            '"' => token.push_str("\\\""),
            '\\' => token.push_str("\\\\"),
            '\n' => token.push_str("\\n"),
            '\r' => token.push_str("\\r"),
            '\t' => token.push_str("\\t"),
            '\u{08}' => token.push_str("\\b"),
            '\u{0c}' => token.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let n = u32::from(c) as usize;
                token.push_str("\\u00");
                token.push(char::from(HEX[n >> 4]));
                token.push(char::from(HEX[n & 0xf]));
            }
            c => token.push(c),
        }
    }
    token.push('"');
    token
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
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut samples: Vec<String> =
            ["", "plain", "a\"b", "back\\slash", "é €uro 🙂", "</script>"]
                .into_iter()
                .map(String::from)
                .collect();
        samples.extend(
            (0u32..0x80)
                .filter_map(char::from_u32)
                .map(|c| format!("x{c}y")),
        );
        samples.push((0u32..0x20).filter_map(char::from_u32).collect());
        for text in samples {
            let theirs = serde_json::Value::String(text.clone()).to_string();
            assert_eq!(string_token(&text), theirs, "{text:?}");
            let back: String = serde_json::from_str(&string_token(&text)).unwrap();
            assert_eq!(back, text);
        }
    }
}
