//! `cargo xtask <command>`: the project's tasks (std only, plus the pinned wasm splitter).
//!
//! - `setup`  installs whatever is missing (idempotent, quick when nothing is missing)
//! - `demo`   builds the app (release) and serves it with the sandbox on one origin
//! - `test`   fmt, clippy, native tests, release build, browser e2e, wasm-bindgen tests
//! - `deploy` the release build and the nginx or Caddy configuration rendered from `deploy/`
//! - `bench`  figures of the release build: `size`, `operations`, `paint`, `lighthouse`, `insights`
//! - `fuzz`   1,000,000 mutated answers and typed inputs through every decoder and parser
//! - `split`  the release build's split step (run by `tools/split-bin/wasm-bindgen`)
//!
//! The code is in folders by purpose: `build/` the release build's split step (the split,
//! the chunk groups and their merge, the loader, unused exports), `bench/` the benchmarks;
//! `setup.rs`, `deploy.rs`, `fuzz.rs` and `shell.rs` (running commands) at the top.

mod bench;
mod build;
mod deploy;
mod fuzz;
mod setup;
mod shell;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::run(),
        Some("demo") => demo(&args[1..]),
        Some("test") => test(),
        Some("deploy") => deploy::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("split") => build::split::run(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask <setup | demo [--port N] [sandbox flags…] | test | deploy <nginx | caddy> [--no-build] [--no-check] [--set NAME=value]… | bench [size | operations | paint | lighthouse | insights | exports | archive] | fuzz [--count N] [--seed S]>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Release build of the app, then the sandbox serving `dist/` and the three APIs.
fn demo(extra: &[String]) -> Result<(), String> {
    setup::run()?;
    shell::trunk_release_build()?;
    let mut args: Vec<String> = [
        "run",
        "--release",
        "--quiet",
        "-p",
        "folio-sandbox",
        "--",
        "--dist",
        "dist",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if !extra.iter().any(|a| a == "--port") {
        args.extend(["--port".to_string(), "8080".to_string()]);
    }
    args.extend(extra.iter().cloned());
    shell::run("cargo", &args)
}

/// Every check CI runs, in order; stops at the first failure.
fn test() -> Result<(), String> {
    let started = std::time::Instant::now();
    setup::run()?;
    shell::run("cargo", &["fmt", "--all", "--check"])?;
    shell::run(
        "cargo",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    shell::run(
        "cargo",
        &[
            "clippy",
            "-p",
            "folio",
            "--target",
            "wasm32-unknown-unknown",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    // The browser end-to-end tests in tests/ serve dist/, so the release build comes first.
    shell::trunk_release_build()?;
    bench::gate()?;
    shell::run("cargo", &["test", "--workspace"])?;
    fuzz::quick()?;
    shell::run(
        "cargo",
        &["test", "-p", "folio", "--target", "wasm32-unknown-unknown"],
    )?;
    // The disk a clean run needs is a CI limit too (a run once failed with "No space left on
    // device"): print what is left, for the record.
    let _ = shell::run("df", &["-h", "."]);
    println!("xtask test: all checks passed in {:.0?}", started.elapsed());
    Ok(())
}
