//! `cargo xtask bench size`: the release build's files, raw and as the build's precompressed
//! `.gz` (gzip -9) and `.br` (brotli 11) copies that a static host sends, and the total a
//! cold load fetches (every `.wasm`, `.js`, `.css` and `index.html`: today one bundle for
//! every route).

use crate::shell::root;

/// Runs the named benchmark (default: size).
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str).unwrap_or("size") {
        "size" => size(),
        "operations" => crate::bench_operations::run(&args[1..]),
        other => Err(format!("unknown benchmark `{other}` (available: size)")),
    }
}

fn size() -> Result<(), String> {
    crate::setup::run()?;
    crate::shell::trunk_release_build()?;
    let dist = root().join("dist");
    let entries = std::fs::read_dir(&dist).map_err(|e| format!("no dist/: {e}"))?;
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            [".wasm", ".js", ".css", ".html"]
                .iter()
                .any(|x| n.ends_with(x))
        })
        .collect();
    names.sort();
    println!(
        "{:<40} {:>10} {:>10} {:>10}",
        "file", "raw", "gzip -9", "brotli 11"
    );
    let len = |name: &str| std::fs::metadata(dist.join(name)).map_or(0, |m| m.len());
    let mut first_load = 0u64;
    for name in &names {
        let (raw, gz, br) = (
            len(name),
            len(&format!("{name}.gz")),
            len(&format!("{name}.br")),
        );
        println!("{name:<40} {raw:>10} {gz:>10} {br:>10}");
        let fetched = name.ends_with(".wasm")
            || name.ends_with(".css")
            || name == "index.html"
            || (name.ends_with(".js") && name != "sw.js");
        if fetched {
            first_load = first_load.saturating_add(br);
        }
    }
    println!("first load of any route (index.html, JS but the service worker, wasm, CSS), brotli: {first_load} B");
    Ok(())
}
