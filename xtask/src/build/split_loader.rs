//! The split loader's text (`split-<hash>.js`, written by `wasm_split_cli_support`) after
//! the chunks were regrouped (`chunk_groups.rs`): one load function per new chunk, written
//! like the split step's own (which `tools/split-chunks.mjs` reads), and every section's list
//! of chunks renamed.

use std::collections::HashMap;

/// The loader with one load function per regrouped chunk (written like the split step's
/// own, which `tools/split-chunks.mjs` reads) and every section's list of chunks renamed.
pub fn regrouped(
    loader: &str,
    renamed: &HashMap<u32, u32>,
    count: usize,
) -> Result<String, String> {
    let lines: Vec<&str> = loader.split_inclusive('\n').collect();
    let mut out = String::with_capacity(loader.len());
    let mut template: Option<(u32, String)> = None;
    let mut at: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let comment = line.starts_with("/* ")
            && lines
                .get(i + 1)
                .is_some_and(|l| l.starts_with("const __chunk_"));
        if comment || line.starts_with("const __chunk_") {
            let start = if comment { i + 1 } else { i };
            let end = (start..lines.len())
                .find(|&j| lines[j] == ", []);\n")
                .ok_or("a chunk's load function in the loader has no end")?;
            if template.is_none() {
                let n = lines[start]
                    .strip_prefix("const __chunk_")
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|n| n.parse().ok())
                    .ok_or("a chunk's load function in the loader has no number")?;
                template = Some((n, lines[start..=end].concat()));
            }
            at.get_or_insert(out.len());
            i = end + 1;
            continue;
        }
        out.push_str(&rename_lists(line, renamed)?);
        i += 1;
    }
    let (Some((n, template)), Some(at)) = (template, at) else {
        return Ok(out);
    };
    let first = renamed.values().min().copied().unwrap_or(0);
    let blocks: String = (0..count as u32)
        .map(|k| {
            template
                .replace(&format!("__chunk_{n} "), &format!("__chunk_{} ", first + k))
                .replace(
                    &format!("./chunk_{n}.wasm"),
                    &format!("./chunk_{}.wasm", first + k),
                )
        })
        .collect();
    out.insert_str(at, &blocks);
    Ok(out)
}

/// `line` with each list of chunks (`[__chunk_3, __chunk_7]`) renamed, once each, in order.
fn rename_lists(line: &str, renamed: &HashMap<u32, u32>) -> Result<String, String> {
    let Some(open) = line.find("[__chunk_") else {
        return Ok(line.to_string());
    };
    let close = line[open..]
        .find(']')
        .map(|c| open + c)
        .ok_or("a list of chunks in the loader has no end")?;
    let mut numbers = line[open + 1..close]
        .split(", ")
        .map(|name| {
            name.strip_prefix("__chunk_")
                .and_then(|n| n.parse::<u32>().ok())
                .and_then(|n| renamed.get(&n).copied())
                .ok_or(format!(
                    "the loader names a chunk the split did not write: {name}"
                ))
        })
        .collect::<Result<Vec<u32>, String>>()?;
    numbers.sort_unstable();
    numbers.dedup();
    let list: Vec<String> = numbers.iter().map(|n| format!("__chunk_{n}")).collect();
    let rest = rename_lists(&line[close + 1..], renamed)?;
    Ok(format!("{}[{}]{rest}", &line[..open], list.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A loader shaped like the split step's: two chunk load functions and a section.
    const LOADER: &str = "\
import { initSync } from \"./__FOLIO_MAIN__.js\";
/* history, portfolio */
const __chunk_31 = makeLoad(() => {
    const src = fetch(new URL(\"./chunk_31.wasm\", import.meta.url));
}
, []);
/* portfolio */
const __chunk_32 = makeLoad(() => {
    const src = fetch(new URL(\"./chunk_32.wasm\", import.meta.url));
}
, []);
/* history */
const __chunk_33 = makeLoad(() => {
    const src = fetch(new URL(\"./chunk_33.wasm\", import.meta.url));
}
, []);
export const __wasm_split_load_portfolio = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL(\"./split_portfolio.wasm\", import.meta.url));
}
, [__chunk_31, __chunk_32]));
export const __wasm_split_load_history = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL(\"./split_history.wasm\", import.meta.url));
}
, [__chunk_31, __chunk_33]));
";

    #[test]
    fn the_loader_gets_one_load_function_per_group_and_renamed_lists() {
        // 31 and 32 became chunk 31, 33 became chunk 32.
        let renamed = HashMap::from([(31, 31), (32, 31), (33, 32)]);
        let out = regrouped(LOADER, &renamed, 2).expect("the loader is rewritten");
        assert_eq!(
            out,
            "\
import { initSync } from \"./__FOLIO_MAIN__.js\";
const __chunk_31 = makeLoad(() => {
    const src = fetch(new URL(\"./chunk_31.wasm\", import.meta.url));
}
, []);
const __chunk_32 = makeLoad(() => {
    const src = fetch(new URL(\"./chunk_32.wasm\", import.meta.url));
}
, []);
export const __wasm_split_load_portfolio = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL(\"./split_portfolio.wasm\", import.meta.url));
}
, [__chunk_31]));
export const __wasm_split_load_history = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL(\"./split_history.wasm\", import.meta.url));
}
, [__chunk_31, __chunk_32]));
"
        );
    }

    #[test]
    fn a_loader_naming_an_unknown_chunk_is_refused() {
        let renamed = HashMap::from([(31, 31), (32, 31)]);
        let err = regrouped(LOADER, &renamed, 1).expect_err("chunk 33 is unknown");
        assert!(err.contains("__chunk_33"), "{err}");
    }
}
