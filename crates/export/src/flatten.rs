//! A JSON record flattened into CSV columns, every value exactly as sent:
//!
//! - an object's fields become columns named by their path (`attributes.time.unix`);
//! - a string is its decoded text; `null` is an empty cell;
//! - a number, `true`/`false` and an array are their JSON text as received (an amount
//!   sent as the number `1.10` stays `1.10`; `tags: [...]` is one cell holding the array).
//!
//! Fields keep the order the record sent them in.

use folio_client::json_text::object_fields;
pub use folio_client::json_text::value_at;

/// The cell text of one JSON value (see the module documentation).
pub fn cell_text(raw: &str) -> String {
    let t = raw.trim();
    if t.starts_with('"') {
        folio_client::json_text::string_text(t).unwrap_or_else(|| t.to_string())
    } else if t == "null" {
        String::new()
    } else {
        t.to_string()
    }
}

/// `json` flattened to `(column, cell)` pairs; a value that is not an object is the single
/// column `value`.
pub fn flatten(json: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    match object_fields(json) {
        Some(fields) => walk("", fields, &mut out),
        None => out.push(("value".to_string(), cell_text(json))),
    }
    out
}

fn walk(prefix: &str, fields: Vec<(String, &str)>, out: &mut Vec<(String, String)>) {
    for (key, value) in fields {
        let path = format!("{prefix}{key}");
        match object_fields(value) {
            Some(inner) if !inner.is_empty() => walk(&format!("{path}."), inner, out),
            _ => out.push((path, cell_text(value))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_objects_become_paths_and_values_stay_as_sent() {
        let json = r#"{"type":"trade","attributes":{"amount":"0.10","n":1.10,"ok":true,"none":null,"time":{"date_iso8601":"2021-01-01T00:00:00+01:00","unix":"1609455600"},"tags":[{"a":1}],"empty":{}},"id":"x\"y"}"#;
        let flat = flatten(json);
        let expect = [
            ("type", "trade"),
            ("attributes.amount", "0.10"),
            ("attributes.n", "1.10"),
            ("attributes.ok", "true"),
            ("attributes.none", ""),
            ("attributes.time.date_iso8601", "2021-01-01T00:00:00+01:00"),
            ("attributes.time.unix", "1609455600"),
            ("attributes.tags", r#"[{"a":1}]"#),
            ("attributes.empty", "{}"),
            ("id", "x\"y"),
        ];
        let got: Vec<(&str, &str)> = flat.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn odd_input_is_kept() {
        assert_eq!(
            flatten("[1]"),
            vec![("value".to_string(), "[1]".to_string())]
        );
        assert_eq!(
            flatten("{broken"),
            vec![("value".to_string(), "{broken".to_string())]
        );
    }
}
