//! Pieces of a JSON text, kept as the exact text that was sent: the items of an array and
//! the fields of an object, each value as its own slice of the input. The legacy archive
//! uses this to keep records byte for byte (`legacy::raw`) and to flatten them without
//! rewriting a single value (`folio-export`).
//!
//! The scanner only splits: call it on text that is known to be valid JSON (see
//! [`is_json`]); on anything else it answers `None` rather than guessing.
//!
//! Hand-written rather than `serde_json::value::RawValue` (its `raw_value` feature), which
//! does the same but costs more than the 2 KB a library may cost on an entry route: measured
//! against the hand-written scanner (issue 43), `/connect` +3,405, `/` +3,212, `/operations`
//! +2,969 (to 252,592 B, over the 250,000 B gate), `/trade` +2,935, `/market` +2,957,
//! `/legacy-api` +4,174 B brotli first load (a second `serde_json` reader for borrowed text).
//! `RawValue` stays the oracle in the tests below.

use serde_json::Value;

/// Whether `text` is one valid JSON value. Read as a `Value`, the one JSON reader every page
/// already holds (a typed read such as `IgnoredAny` would bring a second one).
pub fn is_json(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok()
}

/// The text of a JSON string literal (`"a\u00e9"` → `aé`); `None` for anything else.
pub fn string_text(literal: &str) -> Option<String> {
    match serde_json::from_str::<Value>(literal) {
        Ok(Value::String(text)) => Some(text),
        _ => None,
    }
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The end (exclusive) of the string starting at `b[i] == '"'`.
fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end (exclusive) of the value starting at `b[i]`.
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' => {
                        j = string_end(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let mut j = i;
            while j < b.len() && !matches!(b[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

/// The items of the JSON array `text`, each as its exact text (`None` when `text` is not an
/// array).
pub fn array_items(text: &str) -> Option<Vec<&str>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'[') {
        return None;
    }
    i = skip_ws(b, i + 1);
    let mut items = Vec::new();
    if b.get(i) == Some(&b']') {
        return Some(items);
    }
    loop {
        let end = value_end(b, i)?;
        items.push(text.get(i..end)?);
        i = skip_ws(b, end);
        match b.get(i)? {
            b',' => i = skip_ws(b, i + 1),
            b']' => return Some(items),
            _ => return None,
        }
    }
}

/// The fields of the JSON object `text` in the order sent, each value as its exact text
/// (`None` when `text` is not an object).
pub fn object_fields(text: &str) -> Option<Vec<(String, &str)>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_ws(b, i + 1);
    let mut fields = Vec::new();
    if b.get(i) == Some(&b'}') {
        return Some(fields);
    }
    loop {
        let key_end = string_end(b, i).filter(|_| b[i] == b'"')?;
        let key = string_text(text.get(i..key_end)?)?;
        i = skip_ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(b, i + 1);
        let end = value_end(b, i)?;
        fields.push((key, text.get(i..end)?));
        i = skip_ws(b, end);
        match b.get(i)? {
            b',' => i = skip_ws(b, i + 1),
            b'}' => return Some(fields),
            _ => return None,
        }
    }
}

/// The value at `path` inside the JSON text `text` (through objects), as its exact text.
pub fn value_at<'a>(text: &'a str, path: &[&str]) -> Option<&'a str> {
    let Some((first, rest)) = path.split_first() else {
        return Some(text.trim());
    };
    let (_, value) = object_fields(text)?.into_iter().find(|(k, _)| k == first)?;
    value_at(value, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_and_fields_keep_their_exact_text() {
        let text =
            r#" [ {"a" : 1.10, "b\"c": "x,]}\"y", "n": [1, {"z": null}], "t": true} , 2 ,"s"] "#;
        let items = array_items(text).unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!(items[1], "2");
        assert_eq!(items[2], "\"s\"");
        let fields = object_fields(items[0]).unwrap();
        let got: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(
            got,
            [
                ("a", "1.10"),
                ("b\"c", r#""x,]}\"y""#),
                ("n", r#"[1, {"z": null}]"#),
                ("t", "true")
            ]
        );
        assert_eq!(value_at(items[0], &["n"]), Some(r#"[1, {"z": null}]"#));
        assert_eq!(value_at(items[0], &["nope"]), None);
    }

    #[test]
    fn string_literals_are_read_and_nothing_else() {
        assert_eq!(string_text(r#""a\u00e9\"b""#).as_deref(), Some("aé\"b"));
        assert_eq!(string_text(r#" "x" "#).as_deref(), Some("x"));
        for other in ["12", "null", r#"{"a":1}"#, r#""open"#, ""] {
            assert_eq!(string_text(other), None, "{other:?}");
        }
    }

    #[test]
    fn empty_and_wrong_shapes() {
        assert_eq!(array_items("[]"), Some(vec![]));
        assert_eq!(object_fields(" { } "), Some(vec![]));
        assert_eq!(array_items("{}"), None);
        assert_eq!(object_fields("[1]"), None);
        assert_eq!(array_items("[1,"), None);
        assert!(is_json("[1]") && !is_json("[1,"));
    }

    /// `serde_json`'s `RawValue` as the oracle: on valid JSON without repeated keys, the
    /// items and fields are the texts `RawValue` keeps for them, in the order sent.
    #[test]
    fn pieces_are_the_texts_serde_json_raw_values_keep() {
        use serde_json::value::RawValue;
        let samples = [
            r#"[]"#,
            r#" [ 1 , -2.50e+3, "a,]}\"\\", true, null, {"k": [1, {"z": "}"}]}, [[], {}] ] "#,
            r#"{"a":{"b":{"c":"\u00e9"}},"b\"q":"x","n":-0.0,"l":[1,"2",[3]]}"#,
            r#"{ "id" : "8a1c" , "fee" : { "amount" : "0.00015000" } , "t" : false }"#,
            "[\n\t{\"a\":1}\r\n,\"\u{2028}\"]",
        ];
        for text in samples {
            if let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(text) {
                let theirs: Vec<&str> = items.iter().map(|v| v.get()).collect();
                assert_eq!(array_items(text), Some(theirs), "{text}");
            }
            if let Ok(fields) =
                serde_json::from_str::<std::collections::BTreeMap<String, &RawValue>>(text)
            {
                let theirs: Vec<(String, &str)> =
                    fields.into_iter().map(|(k, v)| (k, v.get())).collect();
                let ours = object_fields(text).unwrap();
                // In the order sent: each value's text starts after the one before.
                let starts: Vec<usize> = ours
                    .iter()
                    .map(|(_, v)| (v.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize))
                    .collect();
                assert!(starts.windows(2).all(|w| w[0] < w[1]), "{text}");
                let mut ours = ours;
                ours.sort_by(|a, b| a.0.cmp(&b.0));
                assert_eq!(ours, theirs, "{text}");
            }
        }
    }
}
