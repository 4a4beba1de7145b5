//! `cargo xtask bench size`: the release build's files, raw and as the build's precompressed
//! `.gz` (gzip -9) and `.br` (brotli 11) copies that a static host sends, then per entry
//! route the brotli total a cold load fetches before the page is usable: the shell (index.html,
//! CSS, JS glue, split loader, main wasm, the manifest; the top bar's mark is drawn by the CSS,
//! and the icons are the browser's, for its tab and the installed app) plus the modules of the
//! route's section (`dist/sections.json`, written by `tools/split-chunks.mjs`).
//!
//! `cargo xtask test` runs [`gate`] on the build it made: it fails when an entry route's first
//! load exceeds [`FIRST_LOAD_LIMIT`]. Sizes are deterministic for a given toolchain, so this is
//! a fair CI gate. The limit is the product's ceiling (250 KB brotli), not a target to ratchet
//! below: library code worth its bytes may use the room under it (issue 43's rule).
//!
//! The other benchmarks run the release build in headless Chromium, each in its own file:
//! `operations`, `paint`, `lighthouse`, `insights`, `exports` and `archive`, sharing `browser` (the sandbox,
//! chromedriver and a few WebDriver calls).

mod archive;
mod browser;
mod exports;
mod insights;
mod lighthouse;
mod operations;
mod paint;

use std::path::Path;

use crate::shell::root;

/// The largest first load (brotli bytes) any entry route may have: the ceiling, 250,000 B.
/// It was ratcheted down to 246,300 B (history below) and set back at the ceiling once the
/// ratchet's rule was dropped: 250 KB is a ceiling, not a target (issue 43). The heaviest
/// routes, `/operations` and `/trade`, measured 249,759 and 249,266 B, then 248,408 and
/// 248,441 B once the top bar's mark was drawn by the stylesheet instead of a 762 B image, and
/// 248,538 and 248,487 B with the address's page started before mounting, then 248,880 and
/// 248,957 B with the public catalogue kept for the tab and the start screen's failure noted
/// from the first script (paid in part by SHA-256 instead of SHA-384 integrity digests). Then
/// 249,000 to 246,300 when `wasm-streams`' unused exports were dropped before the split
/// instead of after it (`/operations` 245,607 B, `/trade` 245,790 B): the figure reached plus
/// about 0.5 KB, the most the figures have moved without a change in size (below).
/// Why the figures moved without a code change: any change to the app's source, even a
/// comment, changes the split loader's content hash, and the main module named the loader by
/// that hash in each of its 30 loader imports; the brotli figures moved by up to 0.3 KB (+224 B
/// on every route once, +164 B for a two-line comment) with the same raw sizes. Since the
/// imports' module names are one letter (tools/short-imports.mjs), the same comment moves the
/// main module by 0 B and a first load by about 10 B (the glue and index.html still name it).
pub const FIRST_LOAD_LIMIT: u64 = 250_000;

// The routes a visitor can land on (the table's entry sections, `folio_routes`) are gated;
// the parts a page fetches as it starts, right after its own (`parts_at_start` in the
// table), are left out of the gate and printed beside it.

/// Runs the named benchmark (default: size).
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str).unwrap_or("size") {
        "size" => size(),
        "operations" => operations::run(&args[1..]),
        "paint" => paint::run(&args[1..]),
        "lighthouse" => lighthouse::run(&args[1..]),
        "insights" => insights::run(&args[1..]),
        "exports" => exports::run(&args[1..]),
        "archive" => archive::run(&args[1..]),
        other => Err(format!(
            "unknown benchmark `{other}` (available: size, operations, paint, lighthouse, insights, exports, archive)"
        )),
    }
}

fn size() -> Result<(), String> {
    crate::setup::run()?;
    crate::shell::trunk_release_build()?;
    let dist = root().join("dist");
    print_files(&dist)?;
    let loads = first_loads(&dist)?;
    print_first_loads(&loads);
    print_parts_at_start(&dist, &loads)
}

/// Each route with parts fetched as it starts: their bytes and the route's total with them.
fn print_parts_at_start(dist: &Path, loads: &[FirstLoad]) -> Result<(), String> {
    let text = std::fs::read_to_string(dist.join("sections.json"))
        .map_err(|e| format!("dist/sections.json: {e}"))?;
    let sections = parse_sections(&text);
    println!("\nparts fetched as the page starts, after its first load (brotli):");
    let entry_sections = folio_routes::SECTIONS.iter().filter(|s| s.entry);
    for section in entry_sections.filter(|s| !s.parts_at_start.is_empty()) {
        let (route, parts) = (section.paths[0], section.parts_at_start);
        let mut bytes = 0u64;
        for part in parts {
            let files = sections
                .iter()
                .find(|(s, _)| s == part)
                .map(|(_, files)| files)
                .ok_or(format!("part `{part}` is not in dist/sections.json"))?;
            bytes += files.iter().map(|f| sent_size(dist, f)).sum::<u64>();
        }
        let first = loads
            .iter()
            .find(|load| load.route == route)
            .map_or(0, |load| load.bytes);
        println!(
            "  {route:<14} +{bytes:>8} B ({}) = {} B",
            parts.join(", "),
            first.saturating_add(bytes)
        );
    }
    Ok(())
}

/// Fails when an entry route of the build in `dist/` loads more than [`FIRST_LOAD_LIMIT`].
pub fn gate() -> Result<(), String> {
    let loads = first_loads(&root().join("dist"))?;
    print_first_loads(&loads);
    let over: Vec<String> = loads
        .iter()
        .filter(|load| load.bytes > FIRST_LOAD_LIMIT)
        .map(|load| format!("{} ({} B)", load.route, load.bytes))
        .collect();
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "first load over the limit of {FIRST_LOAD_LIMIT} B brotli: {}",
            over.join(", ")
        ))
    }
}

/// Every file of the build with its raw, gzip and brotli sizes.
fn print_files(dist: &Path) -> Result<(), String> {
    let mut names = list(dist)?;
    names.retain(|n| {
        [".wasm", ".js", ".css", ".html"]
            .iter()
            .any(|x| n.ends_with(x))
    });
    println!(
        "{:<44} {:>10} {:>10} {:>10}",
        "file", "raw", "gzip -9", "brotli 11"
    );
    for name in &names {
        let (raw, gz, br) = (
            len(dist, name),
            len(dist, &format!("{name}.gz")),
            len(dist, &format!("{name}.br")),
        );
        println!("{name:<44} {raw:>10} {gz:>10} {br:>10}");
    }
    Ok(())
}

fn print_first_loads(loads: &[FirstLoad]) {
    println!("\nfirst load per entry route (brotli; limit {FIRST_LOAD_LIMIT} B):");
    for load in loads {
        println!(
            "  {:<14} {:>9} B in {} files, {} wasm modules to start",
            load.route, load.bytes, load.files, load.modules
        );
    }
}

/// What a cold load of an entry route fetches before the page is usable.
struct FirstLoad {
    route: String,
    /// Brotli bytes.
    bytes: u64,
    /// Files fetched.
    files: usize,
    /// Wasm modules compiled and instantiated: the main module and those in the page's pack
    /// (each costs the browser a compile job and an instantiation, whatever its size).
    modules: usize,
}

/// The first load of every entry route.
fn first_loads(dist: &Path) -> Result<Vec<FirstLoad>, String> {
    let names = list(dist)?;
    let sections_text = std::fs::read_to_string(dist.join("sections.json"))
        .map_err(|e| format!("dist/sections.json is missing (not a split build?): {e}"))?;
    let sections = parse_sections(&sections_text);
    // A section's own stylesheet is fetched with the section, not by every load.
    let of_a_section = |n: &String| sections.iter().any(|(_, files)| files.contains(n));
    let shell: Vec<&String> = names
        .iter()
        .filter(|n| in_shell(n) && !of_a_section(n))
        .collect();
    let shell_bytes: u64 = shell.iter().map(|n| sent_size(dist, n)).sum();
    folio_routes::entry_routes()
        .map(|(route, section)| {
            let files = sections
                .iter()
                .find(|(s, _)| s == section)
                .map(|(_, files)| files.as_slice())
                .ok_or(format!("section `{section}` is not in dist/sections.json"))?;
            let bytes: u64 = files.iter().map(|f| sent_size(dist, f)).sum();
            let packed: usize = files.iter().map(|f| modules_in_pack(dist, f)).sum();
            Ok(FirstLoad {
                route: route.to_string(),
                bytes: shell_bytes + bytes,
                files: shell.len() + files.len(),
                modules: 1 + packed,
            })
        })
        .collect()
}

/// How many modules a section's pack holds (the lines of its index: a 4-byte little-endian
/// length, then one line per module; `tools/split-chunks.mjs`); 0 for any other file.
fn modules_in_pack(dist: &Path, name: &str) -> usize {
    let Ok(bytes) = std::fs::read(dist.join(name)) else {
        return 0;
    };
    let Some(size) = bytes
        .get(..4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    else {
        return 0;
    };
    bytes
        .get(4..4 + size as usize)
        .and_then(|index| std::str::from_utf8(index).ok())
        .map_or(0, |index| index.lines().count())
}

/// Whether a file of the build is fetched by every cold load.
fn in_shell(name: &str) -> bool {
    let glue = name.starts_with("folio-") && (name.ends_with(".js") || name.ends_with("_bg.wasm"));
    let loader = name.starts_with("split-") && name.ends_with(".js");
    glue || loader
        || name.ends_with(".css")
        || ["index.html", "register-sw.js", "manifest.webmanifest"].contains(&name)
}

/// The bytes a static host sends: the brotli copy where there is one, else the file.
fn sent_size(dist: &Path, name: &str) -> u64 {
    let br = len(dist, &format!("{name}.br"));
    if br > 0 {
        br
    } else {
        len(dist, name)
    }
}

fn len(dist: &Path, name: &str) -> u64 {
    std::fs::metadata(dist.join(name)).map_or(0, |m| m.len())
}

/// The build's files (one level of folders, as `icons/x.png`), sorted.
fn list(dist: &Path) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dist)
        .map_err(|e| format!("no dist/: {e}"))?
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            for inner in std::fs::read_dir(entry.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                names.push(format!("{name}/{}", inner.file_name().to_string_lossy()));
            }
        } else {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Reads `{"section": ["file", …], …}` as written by `tools/split-chunks.mjs` (names are
/// plain identifiers and file names: no escapes).
fn parse_sections(text: &str) -> Vec<(String, Vec<String>)> {
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    let mut rest = text;
    let mut in_list = false;
    while let Some(start) = rest.find(['"', '[', ']']) {
        let mark = rest.as_bytes()[start];
        rest = &rest[start + 1..];
        match mark {
            b'[' => in_list = true,
            b']' => in_list = false,
            _ => {
                let Some(end) = rest.find('"') else { break };
                let word = rest[..end].to_string();
                rest = &rest[end + 1..];
                match sections.last_mut() {
                    Some((_, files)) if in_list => files.push(word),
                    _ => sections.push((word, Vec::new())),
                }
            }
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packs_modules_are_counted_from_its_index() {
        let dir = std::env::temp_dir().join(format!("folio-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let index = b"chunk_31 3\nsplit_portfolio 2";
        let mut pack = (index.len() as u32).to_le_bytes().to_vec();
        pack.extend_from_slice(index);
        pack.extend_from_slice(b"abcde");
        std::fs::write(dir.join("split_portfolio-pack-0.wasm"), pack).unwrap();
        std::fs::write(dir.join("chunk_31-0.wasm"), b"\0asm\x01\0\0\0").unwrap();
        assert_eq!(modules_in_pack(&dir, "split_portfolio-pack-0.wasm"), 2);
        assert_eq!(
            modules_in_pack(&dir, "chunk_31-0.wasm"),
            0,
            "a module is no pack"
        );
        assert_eq!(modules_in_pack(&dir, "missing.wasm"), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn sections_json_is_read_as_written() {
        let text = "{\n \"earn\": [\n  \"split_earn-01.wasm\"\n ],\n \"trade\": [\n  \"chunk_1-02.wasm\",\n  \"split_trade-03.wasm\"\n ]\n}\n";
        assert_eq!(
            parse_sections(text),
            vec![
                ("earn".to_string(), vec!["split_earn-01.wasm".to_string()]),
                (
                    "trade".to_string(),
                    vec![
                        "chunk_1-02.wasm".to_string(),
                        "split_trade-03.wasm".to_string()
                    ]
                ),
            ]
        );
    }

    #[test]
    fn the_shell_is_what_every_cold_load_fetches() {
        assert!(in_shell("folio-a73a8a92b586ddb.js"));
        assert!(in_shell("folio-a73a8a92b586ddb_bg.wasm"));
        assert!(in_shell("split-2120b85d78c2f5e7.js"));
        assert!(in_shell("tokens-908f43d9a6c1e58e.css"));
        assert!(in_shell("index.html"));
        assert!(!in_shell("icons/icon-192.png"));
        assert!(!in_shell("split_trade-4d03f8d0d708736a.wasm"));
        assert!(!in_shell("sw.js"));
        assert!(!in_shell("index.html.br"));
    }
}
