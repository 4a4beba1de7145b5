//! Tests of [`crate::records`]: numbers read as `serde_json` read them, records, enums and
//! options, and what a misfit names.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::records::*;

#[derive(Debug, PartialEq, Deserialize)]
struct Row {
    id: String,
    amount: Option<Decimal>,
    #[serde(default)]
    tags: Vec<String>,
    kind: Kind,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Buy,
    Sell,
    Fee { of: String },
}

/// Both readers, the old one as the oracle: a JSON number's `f64` becomes the same
/// `Decimal` through either (the shortest text that reads back as that `f64`).
#[test]
fn numbers_with_a_fraction_read_as_serde_json_read_them() {
    let samples = [
        0.0544,
        0.1,
        0.2,
        0.3,
        1.5,
        -2.25,
        1e-7,
        9.7e-7,
        123_456.789,
        42_000.5,
        0.000_123_45,
        1e15,
        1.234_567_890_123_45e15,
        3.3e20,
        1.5e-20,
        1.797e300,
        100.000_000_01,
        0.009_999,
        -0.000_001,
    ];
    for f in samples {
        let ours: Result<Decimal, _> = from_value(json!(f));
        let theirs: Result<Decimal, _> = serde_json::from_value(json!(f));
        assert_eq!(ours.ok(), theirs.ok(), "{f}");
    }
    let exact: Decimal = from_value(json!(0.0544)).unwrap();
    assert_eq!(exact, Decimal::from_str("0.0544").unwrap());
    let small: Decimal = from_value(json!(1e-7)).unwrap();
    assert_eq!(small, Decimal::from_str("0.0000001").unwrap());
    // Beyond a Decimal's 28 places the old reader rounded to zero; this one does not
    // guess: the field does not fit (a record with it is skipped and counted).
    assert_eq!(
        from_value::<Decimal>(json!(5e-324)),
        Err(Misfit::WrongValue)
    );
}

#[test]
fn whole_numbers_stay_integers() {
    assert_eq!(from_value::<u64>(json!(7)), Ok(7));
    assert_eq!(from_value::<i64>(json!(-7)), Ok(-7));
    assert_eq!(from_value::<Decimal>(json!(12)), Ok(Decimal::from(12)));
    assert_eq!(from_value::<u8>(json!(300)), Err(Misfit::WrongValue));
    // a fraction never reaches an integer field as a number
    assert_eq!(from_value::<u64>(json!(1.5)), Err(Misfit::WrongType));
}

#[test]
fn records_objects_enums_and_options() {
    let row: Row = from_value(json!({
        "id": "1", "amount": "0.5", "tags": ["a", "b"], "kind": "sell", "extra": [1, {}]
    }))
    .unwrap();
    assert_eq!(
        row,
        Row {
            id: "1".into(),
            amount: Some(Decimal::from_str("0.5").unwrap()),
            tags: vec!["a".into(), "b".into()],
            kind: Kind::Sell,
        }
    );
    let fee: Row =
        from_value(json!({"id": "2", "amount": null, "kind": {"fee": {"of": "x"}}})).unwrap();
    assert_eq!(fee.amount, None);
    assert_eq!(fee.kind, Kind::Fee { of: "x".into() });
    let buy: Row = from_value(json!({"id": "3", "kind": "buy"})).unwrap();
    assert_eq!((buy.amount, buy.kind), (None, Kind::Buy));
}

#[test]
fn misfits_name_what_did_not_fit() {
    let missing = from_value::<Row>(json!({"amount": "1", "kind": "buy"}));
    assert_eq!(missing, Err(Misfit::MissingField("id")));
    let wrong = from_value::<Row>(json!({"id": [], "kind": "buy"}));
    assert_eq!(wrong, Err(Misfit::WrongType));
    let unknown = from_value::<Row>(json!({"id": "1", "kind": "gift"}));
    assert_eq!(unknown, Err(Misfit::UnknownVariant));
    let as_list = from_value::<Row>(json!(["1", null, [], "buy"]));
    assert_eq!(as_list, Err(Misfit::WrongType));
    let long = from_value::<(u8, u8)>(json!([1, 2, 3]));
    assert_eq!(long, Err(Misfit::WrongLength));
    assert_eq!(Misfit::MissingField("id").to_string(), "missing field `id`");
}

/// A JSON value kept as it came (the lenient fields read one): whole numbers stay
/// numbers, a fraction arrives as its text, which every lenient reader takes; a field
/// typed as text still takes only text.
#[test]
fn kept_values_keep_their_shape() {
    let v: Value = from_value(json!({"a": [1, -2, true, null, "x"], "b": 0.25})).unwrap();
    assert_eq!(v, json!({"a": [1, -2, true, null, "x"], "b": "0.25"}));
    assert_eq!(from_value::<String>(json!(0.25)), Err(Misfit::WrongType));
    assert_eq!(from_value::<String>(json!(1)), Err(Misfit::WrongType));
    assert_eq!(from_value::<bool>(json!("true")), Err(Misfit::WrongType));
}

/// No wire type has a float field: the reader hands a JSON number with a fraction to its field
/// as text (never as an `f64`), so an `f64` or `f32` field would refuse every such number, and
/// an amount must not pass through a float anyway. Every source file of the crate that declares
/// a `Deserialize` type is read for the words `f64` and `f32` outside comments (the reader
/// itself, which names them to forward them, excepted).
#[test]
fn no_wire_type_has_a_float_field() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut checked = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy();
        if name.ends_with("_tests.rs") || name == "records.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.contains("Deserialize") {
            continue;
        }
        checked += 1;
        // Code ends where the file's inline unit tests start.
        let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            let floats = line
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .any(|word| word == "f64" || word == "f32");
            assert!(
                !floats,
                "{}:{}: a float in a wire type's file",
                path.display(),
                i + 1
            );
        }
    }
    assert!(checked > 10, "the wire types' files were found ({checked})");
}
