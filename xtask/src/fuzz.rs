//! `cargo xtask fuzz [--count N] [--seed S]`: the fuzzer in release mode (1,000,000 inputs by
//! default); it prints per-target counts, time and any panicking input (saved as a regression
//! fixture in `crates/fuzz/regressions/`) and fails on any panic. `cargo xtask test` runs a
//! short debug run through [`quick`].

use crate::shell;

/// The full run.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut cargo: Vec<String> = ["run", "--release", "--quiet", "-p", "folio-fuzz", "--"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    cargo.extend(args.iter().cloned());
    shell::run("cargo", &cargo)
}

/// The short run of `cargo xtask test` (debug build, shared with `cargo test`).
pub fn quick() -> Result<(), String> {
    shell::run(
        "cargo",
        &[
            "run",
            "--quiet",
            "-p",
            "folio-fuzz",
            "--",
            "--count",
            "20000",
        ],
    )
}
