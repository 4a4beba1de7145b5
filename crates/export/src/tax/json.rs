//! A small pretty JSON writer for the Ghostfolio file: objects and arrays of values already
//! written as JSON text, numbers written from a decimal's own text (exact, never a float),
//! strings escaped by `serde_json`. The layout is `serde_json`'s pretty layout (two spaces).

use rust_decimal::Decimal;

/// A JSON string.
pub(crate) fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// A JSON number with the decimal's own digits (`0.00169844`, `0.50`; never an exponent).
pub(crate) fn number(d: Decimal) -> String {
    d.to_string()
}

/// An object of `(key, value as JSON text)` at nesting depth `depth`.
pub(crate) fn object(fields: &[(&str, String)], depth: usize) -> String {
    if fields.is_empty() {
        return "{}".to_string();
    }
    let inner = "  ".repeat(depth.saturating_add(1));
    let lines: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{inner}{}: {v}", string(k)))
        .collect();
    format!("{{\n{}\n{}}}", lines.join(",\n"), "  ".repeat(depth))
}

/// An array of values (JSON text, each written for depth `depth + 1`) at depth `depth`.
pub(crate) fn array(items: &[String], depth: usize) -> String {
    if items.is_empty() {
        return "[]".to_string();
    }
    let inner = "  ".repeat(depth.saturating_add(1));
    let lines: Vec<String> = items.iter().map(|v| format!("{inner}{v}")).collect();
    format!("[\n{}\n{}]", lines.join(",\n"), "  ".repeat(depth))
}
