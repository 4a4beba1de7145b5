//! Mutations of seeds: byte-level edits, JSON-aware edits (type swaps, hostile numbers, unknown
//! enum values, renamed or deleted keys, duplicated items, deep nesting, huge strings) and
//! typed-text edits for the input parsers.

use serde_json::{json, Value};

use crate::rng::Rng;

/// Numbers-as-text a service or a person might send.
const HOSTILE_NUMBERS: &[&str] = &[
    "1e400",
    "-0",
    "NaN",
    "inf",
    "79228162514264337593543950336",
    "",
    "1,000",
    "1.000,5",
    "0.0000000000000000000000000001",
    "-79228162514264337593543950335",
    "99999999999999999999",
    "1_000",
    "١٢٣",
    "１２",
    "0x10",
    " 12 ",
    "12\u{0}",
    "\u{202e}12",
];

/// One mutated answer body from `seed` (JSON text).
pub fn mutate_body(rng: &mut Rng, seed: &str) -> String {
    if rng.one_in(4) {
        return mutate_bytes(rng, seed);
    }
    let Ok(mut value) = serde_json::from_str::<Value>(seed) else {
        return mutate_bytes(rng, seed);
    };
    for _ in 0..=rng.below(3) {
        mutate_value(rng, &mut value);
    }
    if rng.one_in(50_000) {
        return deep_nesting(rng);
    }
    serde_json::to_string(&value).unwrap_or_default()
}

/// Byte flips, inserts, deletions, duplications and truncation (kept valid UTF-8, as a
/// browser's `response.text()` is).
pub fn mutate_bytes(rng: &mut Rng, seed: &str) -> String {
    let mut bytes = seed.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        if bytes.is_empty() {
            bytes.push(b'{');
        }
        let at = rng.below(bytes.len());
        match rng.below(5) {
            0 => bytes[at] ^= 1 << rng.below(8),
            1 => bytes.insert(at, *rng.pick(b"{}[]\",:0123456789.-eE \\nt")),
            2 => {
                let end = (at + rng.below(16)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(64)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Visits a random node of `value` and changes it.
fn mutate_value(rng: &mut Rng, value: &mut Value) {
    let depth = rng.below(6);
    let node = random_node(rng, value, depth);
    match rng.below(10) {
        0 => *node = swap_type(rng, node),
        1 | 2 => *node = Value::String(rng.pick(HOSTILE_NUMBERS).to_string()),
        3 => *node = Value::String(format!("SOMETHING_NEW_{}", rng.below(100))),
        4 => rename_or_delete_key(rng, node),
        5 => {
            if let Value::Array(items) = node {
                if let Some(first) = items.first().cloned() {
                    items.push(first);
                }
            }
        }
        6 => *node = Value::Null,
        7 => *node = json!(rng.pick(&[f64::MAX, -1.0, 0.0, 1e-300, 9007199254740993.0])),
        8 => {
            if rng.one_in(2_000) {
                *node = Value::String("9".repeat(10 * 1024 * 1024));
            } else {
                *node = Value::String("\u{202e}\u{0}<script>".repeat(rng.below(50)));
            }
        }
        _ => *node = swap_type(rng, node),
    }
}

fn random_node<'a>(rng: &mut Rng, value: &'a mut Value, depth: usize) -> &'a mut Value {
    if depth == 0 {
        return value;
    }
    let len = match value {
        Value::Array(items) => items.len(),
        Value::Object(map) => map.len(),
        _ => 0,
    };
    if len == 0 {
        return value;
    }
    let i = rng.below(len);
    match value {
        Value::Array(items) => random_node(rng, &mut items[i], depth - 1),
        Value::Object(map) => {
            let (_, child) = map.iter_mut().nth(i).expect("index below len");
            random_node(rng, child, depth - 1)
        }
        other => other,
    }
}

fn swap_type(rng: &mut Rng, node: &Value) -> Value {
    match rng.below(6) {
        0 => Value::String(node.to_string()),
        1 => json!(rng.below(1000)),
        2 => Value::Bool(true),
        3 => json!({ "value": node.clone() }),
        4 => json!([node.clone()]),
        _ => Value::Null,
    }
}

fn rename_or_delete_key(rng: &mut Rng, node: &mut Value) {
    let Value::Object(map) = node else { return };
    let Some(key) = map.keys().nth(rng.below(map.len().max(1))).cloned() else {
        return;
    };
    let value = map.remove(&key).unwrap_or(Value::Null);
    if rng.one_in(2) {
        map.insert(camel_or_snake(&key), value);
    }
}

/// `asset_id` ↔ `assetId`.
fn camel_or_snake(key: &str) -> String {
    if key.contains('_') {
        let mut out = String::new();
        let mut upper = false;
        for c in key.chars() {
            if c == '_' {
                upper = true;
            } else if upper {
                out.extend(c.to_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        out
    } else {
        key.chars()
            .flat_map(|c| {
                if c.is_uppercase() {
                    vec!['_', c.to_ascii_lowercase()]
                } else {
                    vec![c]
                }
            })
            .collect()
    }
}

/// Nesting far deeper than any decoder should follow.
fn deep_nesting(rng: &mut Rng) -> String {
    let depth = 10_000 + rng.below(1000);
    let (open, close) = if rng.one_in(2) {
        ("[", "]")
    } else {
        ("{\"a\":", "}")
    };
    format!("{}1{}", open.repeat(depth), close.repeat(depth))
}

/// A string a person might type into a money or filter field.
pub fn typed_text(rng: &mut Rng, seed: &str) -> String {
    const PIECES: &[&str] = &[
        "0",
        "1",
        "5",
        "9",
        "00",
        "000",
        ".",
        ",",
        "'",
        "_",
        " ",
        "-",
        "+",
        "e",
        "E",
        "1e5",
        "٣",
        "１",
        "\u{0}",
        "\u{200f}",
        "NaN",
        "inf",
        "9999999999",
        "\t",
        "%",
        "/",
        "\\",
        "//",
        "%2F",
        "?",
        "#",
        "=",
        "&",
        "BTC",
        "EUR",
        "2026-12-01T18:00",
    ];
    if rng.one_in(3) {
        return mutate_bytes(rng, seed);
    }
    let mut out = String::new();
    for _ in 0..=rng.below(12) {
        let piece: &&str = rng.pick(PIECES);
        out.push_str(piece);
    }
    if rng.one_in(10_000) {
        out = "9".repeat(100_000);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_change_case_both_ways() {
        assert_eq!(camel_or_snake("asset_id"), "assetId");
        assert_eq!(camel_or_snake("assetId"), "asset_id");
    }

    #[test]
    fn mutations_are_deterministic() {
        let seed = r#"{"data":[{"id":"a","value":"1.5"}]}"#;
        let a = mutate_body(&mut Rng::new(7), seed);
        let b = mutate_body(&mut Rng::new(7), seed);
        assert_eq!(a, b);
    }
}
