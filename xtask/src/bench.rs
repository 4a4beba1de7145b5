//! `cargo xtask bench size`: the release build's wasm and JS sizes, raw and gzip -9.
//! (Brotli figures: `brotli -q 11` when the Debian tool is installed.)

use crate::shell::{output, root};

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
    println!(
        "{:<40} {:>10} {:>10} {:>10}",
        "file", "raw", "gzip -9", "brotli 11"
    );
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if !(name.ends_with(".wasm") || name.ends_with(".js") || name.ends_with(".css")) {
            continue;
        }
        let raw = entry.metadata().map(|m| m.len()).unwrap_or(0);
        let file = path.display().to_string();
        let gz = compressed_len("gzip", &["-9", "-c", &file]);
        let br = compressed_len("brotli", &["-q", "11", "-c", &file]);
        println!("{name:<40} {raw:>10} {gz:>10} {br:>10}");
    }
    Ok(())
}

fn compressed_len(tool: &str, args: &[&str]) -> String {
    let cmd = format!("{tool} {} | wc -c", args.join(" "));
    output("sh", &["-c", &cmd])
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "n/a".into())
}
