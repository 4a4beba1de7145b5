//! `cargo xtask split IN DIR`: the split step of the release build. Cuts cargo's wasm (linked
//! with `--emit-relocs`) into a main module and one module per lazily loaded section (the
//! `#[wasm_split]` functions `src/split/mod.rs`'s macros make), before wasm-bindgen sees it.
//!
//! Trunk cannot run this step itself, so the release build puts `tools/split-bin` first on
//! PATH: its `wasm-bindgen` runs this command on the wasm Trunk hands it, then the real
//! wasm-bindgen on `DIR/main.wasm` with `--keep-lld-exports --no-demangle`. The post-build
//! hook's `splitChunks` step (`tools/split-chunks.mjs`, run by `tools/post-build.mjs`) then
//! copies the chunks and their loader into the build.
//!
//! Written into DIR:
//! - `main.wasm`: the main module (what wasm-bindgen processes). The JS-class methods that
//!   `wasm-streams` exports and nothing calls are dropped from cargo's wasm first
//!   (`unused_exports.rs`), so no module holds what only they used;
//! - `split_<section>.wasm`, `chunk_<n>.wasm`: the section modules and the code they share,
//!   the split's chunks merged into fewer, larger ones (`chunk_groups.rs`);
//! - `split-<16 hex>.js`: the loader the main module imports; the hex is a hash of the input
//!   and of how chunks are grouped, so a new build gets a new name and caches never mix
//!   builds. It imports `initSync` from
//!   `./__FOLIO_MAIN__.js`, which the post-build hook replaces with Trunk's hashed glue name;
//! - `split-manifest.json`: `{"<section>": ["chunk_0", "split_<section>"], …}`, the files each
//!   section needs (the hook turns it into the service worker's precache list);
//! - `parts.json`: `{"<part>": "<page's section>", …}`, the parts each page fetches as it
//!   starts, from the one table (`folio_routes::SECTIONS`): the hook packs each without what
//!   its page's pack already brought;
//! - `addresses.json`: `{"key": "<storage item>", "at": {"<address>": ["<section>", 0|1]}}`,
//!   each address's section and whether it needs a key, so the loader opens the pack of the
//!   page the address shows while the main module downloads.

use std::hash::{DefaultHasher, Hasher};
use std::path::Path;

/// The module specifier the split loader imports the main glue from (replaced after Trunk).
pub const MAIN_PLACEHOLDER: &str = "./__FOLIO_MAIN__.js";

/// Runs the split step: `args` = `[input wasm, output dir]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let [input, dir] = args else {
        return Err("usage: cargo xtask split <cargo's wasm> <output dir>".into());
    };
    let dir = Path::new(dir);
    let wasm = std::fs::read(input).map_err(|e| format!("cannot read {input}: {e}"))?;
    crate::build::low_memory::check(&wasm).map_err(|e| format!("{input}: {e}"))?;
    // Before the split, so that the split's own reachability analysis leaves out what only
    // these exports used: their code, the table slots only they took and the data only they read.
    let (wasm, dropped) = crate::build::unused_exports::without_exports(
        &wasm,
        crate::build::unused_exports::is_unused_stream_method,
    )?;
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let entry: Vec<&str> = folio_routes::entry_routes().map(|(_, s)| s).collect();
    let link_name = format!(
        "./split-{:016x}.js",
        content_hash(&[
            &wasm,
            crate::build::chunk_groups::GROUPING.as_bytes(),
            &crate::build::chunk_groups::BYTES_PER_MODULE.to_le_bytes(),
            entry.join(" ").as_bytes(),
        ])
    );
    let main_out = dir.join("main.wasm");
    let split = wasm_split_cli_support::transform({
        let mut options = wasm_split_cli_support::Options::new(&wasm);
        options.output_dir = dir;
        options.main_out_path = &main_out;
        options.link_name = &link_name;
        options.main_module = MAIN_PLACEHOLDER;
        options
    })
    .map_err(|e| format!("wasm split failed: {e:#}"))?;
    let mut map = split.prefetch_map;
    let loader_path = dir.join(&link_name);
    let loader = std::fs::read_to_string(&loader_path)
        .map_err(|e| format!("cannot read {}: {e}", loader_path.display()))?;
    let (loader, regrouped) = crate::build::chunk_groups::regroup(dir, &mut map, &loader, &entry)?;
    std::fs::write(&loader_path, loader)
        .map_err(|e| format!("cannot write {}: {e}", loader_path.display()))?;
    let manifest = manifest_json(&map);
    std::fs::write(dir.join("split-manifest.json"), manifest)
        .map_err(|e| format!("cannot write the split manifest: {e}"))?;
    std::fs::write(dir.join("parts.json"), parts_json())
        .map_err(|e| format!("cannot write parts.json: {e}"))?;
    std::fs::write(dir.join("addresses.json"), addresses_json())
        .map_err(|e| format!("cannot write addresses.json: {e}"))?;
    println!(
        "xtask split: {} section file(s) and {link_name} in {}; {} chunks regrouped into {}; {dropped} unused export(s) dropped",
        split.split_modules.len() - regrouped.before + regrouped.after,
        dir.display(),
        regrouped.before,
        regrouped.after,
    );
    Ok(())
}

/// A stable 64-bit hash of the input and the chunk grouping (its version, threshold and
/// entry sections; SipHash with fixed keys), for the loader's file name.
fn content_hash(parts: &[&[u8]]) -> u64 {
    let mut hasher = DefaultHasher::new();
    for part in parts {
        hasher.write_usize(part.len());
        hasher.write(part);
    }
    hasher.finish()
}

/// The prefetch map as JSON, sections in name order (names are Rust identifiers and file
/// stems, so they need no escaping).
fn manifest_json(map: &std::collections::HashMap<String, Vec<String>>) -> String {
    let mut sections: Vec<_> = map.iter().collect();
    sections.sort();
    let entries: Vec<String> = sections
        .into_iter()
        .map(|(section, files)| {
            let files: Vec<String> = files.iter().map(|f| format!("\"{f}\"")).collect();
            format!("  \"{section}\": [{}]", files.join(", "))
        })
        .collect();
    format!("{{\n{}\n}}\n", entries.join(",\n"))
}

/// `parts.json`: each part fetched as its page starts → its page's section (a JSON object in
/// the table's order).
fn parts_json() -> String {
    let pairs: Vec<String> = folio_routes::parts_at_start()
        .map(|(part, page)| format!("\"{part}\":\"{page}\""))
        .collect();
    format!("{{{}}}\n", pairs.join(","))
}

/// `addresses.json`: the key's storage item and each address → `[section, 1 when it needs a
/// key]`, for the loader to open the address's pack as it starts (`tools/split-loader.mjs`).
fn addresses_json() -> String {
    let rows: Vec<String> = folio_routes::addresses()
        .map(|(path, module, key)| format!("\"{path}\":[\"{module}\",{}]", u8::from(key)))
        .collect();
    format!(
        "{{\"key\":\"{}\",\"at\":{{{}}}}}\n",
        folio_routes::KEY_ITEM,
        rows.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_lists_sections_in_order_with_their_files() {
        let map = [
            (
                "trade".to_string(),
                vec!["chunk_1".to_string(), "split_trade".to_string()],
            ),
            ("earn".to_string(), vec!["split_earn".to_string()]),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            manifest_json(&map),
            "{\n  \"earn\": [\"split_earn\"],\n  \"trade\": [\"chunk_1\", \"split_trade\"]\n}\n"
        );
    }

    #[test]
    fn each_address_names_its_section_and_whether_it_needs_a_key() {
        let json = addresses_json();
        assert!(json.starts_with(
            "{\"key\":\"folio.key\",\"at\":{\"/connect\":[\"connect\",0],\"/\":[\"portfolio\",1],"
        ));
        assert!(json.contains("\"/market/orders\":[\"market_orders\",1]"));
        assert!(json.contains("\"/settings\":[\"settings\",0]"));
        assert!(
            !json.contains("\"\":"),
            "the empty address is not one a browser shows"
        );
    }

    #[test]
    fn the_loader_name_follows_the_input() {
        assert_eq!(content_hash(&[b"a", b"v1"]), content_hash(&[b"a", b"v1"]));
        assert_ne!(content_hash(&[b"a", b"v1"]), content_hash(&[b"b", b"v1"]));
        assert_ne!(content_hash(&[b"a", b"v1"]), content_hash(&[b"a", b"v2"]));
    }
}
