//! Checks the German translations against the source: every text the source passes to `t`, `tf`
//! or `tn` has a German entry with the same `{placeholders}`, and every entry is still used.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable source dir")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literal starting at `text[0] == '"'`: its value and the length it spans.
fn literal(text: &str) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((value, i + 1)),
            '\\' => match chars.next()?.1 {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                '\n' => {
                    // A line continuation: skip the next line's leading whitespace.
                    let rest = &text[i + 2..];
                    let skip = rest.len() - rest.trim_start().len();
                    for _ in 0..rest[..skip].chars().count() {
                        chars.next();
                    }
                }
                other => value.push(other),
            },
            c => value.push(c),
        }
    }
    None
}

/// Every key the source uses, with where it was found.
fn keys_in_source() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut keys = BTreeMap::new();
    for file in files {
        if file.ends_with("i18n/translations.rs") || file.ends_with("i18n/coverage.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("readable source");
        let name = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (call, literals) in [("t(", 1), ("tf(", 1), ("tn(", 2), ("tc(", 2)] {
            let mut from = 0;
            while let Some(found) = text[from..].find(call) {
                let at = from + found;
                from = at + call.len();
                let before = text[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                if text[line_start..at].trim_start().starts_with("//") {
                    continue;
                }
                let mut cursor = at + call.len();
                assert!(
                    call == "tn(" || text[cursor..].trim_start().starts_with('"'),
                    "{name}: `{call}` takes a text literal (the key), not a variable"
                );
                let mut found = Vec::new();
                for _ in 0..literals {
                    let Some(quote) = text[cursor..].find('"') else {
                        break;
                    };
                    let start = cursor + quote;
                    let (value, len) = literal(&text[start..])
                        .unwrap_or_else(|| panic!("unterminated text in {name}"));
                    found.push(value);
                    cursor = start + len;
                }
                // `tc(context, text)` is one key, `context|text`; `tn`'s two texts are two.
                if call == "tc(" {
                    found = vec![found.join("|")];
                }
                for value in found {
                    keys.entry(value).or_insert_with(|| name.clone());
                }
            }
        }
    }
    keys
}

fn german_entries() -> BTreeMap<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/de");
    let mut joined = BTreeMap::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("locales/de")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable translations");
        let entries: BTreeMap<String, String> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not a JSON object of texts: {e}", path.display()));
        for (english, german) in entries {
            if let Some(other) = joined.get(&english) {
                assert_eq!(
                    other,
                    &german,
                    "\"{english}\" has two translations ({})",
                    path.display()
                );
            }
            joined.insert(english, german);
        }
    }
    joined
}

fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn every_text_the_source_uses_has_a_german_entry_and_every_entry_is_used() {
    let used = keys_in_source();
    let german = german_entries();
    let missing: Vec<String> = used
        .iter()
        .filter(|(key, _)| !german.contains_key(*key))
        .map(|(key, file)| format!("{file}: {key:?}"))
        .collect();
    assert!(missing.is_empty(), "no German for:\n{}", missing.join("\n"));
    let unused: Vec<&String> = german.keys().filter(|k| !used.contains_key(*k)).collect();
    assert!(
        unused.is_empty(),
        "German entries no source uses: {unused:?}"
    );
    for (english, text) in &german {
        assert_eq!(
            placeholders(english),
            placeholders(text),
            "placeholders differ: {english:?} → {text:?}"
        );
        assert!(!text.trim().is_empty(), "empty German for {english:?}");
    }
}

#[test]
fn the_scanner_reads_escapes_and_both_forms_of_a_count() {
    assert_eq!(
        literal(r#""a \"b\" c" rest"#),
        Some(("a \"b\" c".into(), 11))
    );
    assert_eq!(literal("\"one\\\n      two\""), Some(("onetwo".into(), 16)));
    assert_eq!(
        placeholders("{n} of {total}"),
        BTreeSet::from(["n", "total"])
    );
}
