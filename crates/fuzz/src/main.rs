//! `cargo run --release -p folio-fuzz -- [--count N] [--seed S]` (what `cargo xtask fuzz`
//! runs): replays the saved crashing inputs, then runs N mutated inputs; prints counts, time
//! and every crash (saved as a regression fixture); exits 1 on any panic.

use std::process::ExitCode;
use std::time::Instant;

use folio_fuzz::{answers, quiet_panics, regressions, save_regression, Fuzzer};

fn arg(args: &[String], flag: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = arg(&args, "--count", 1_000_000);
    let seed = arg(&args, "--seed", 42);
    let started = Instant::now();
    let seeds = answers::sandbox_seeds();
    let empty: Vec<&str> = answers::reads()
        .iter()
        .zip(&seeds)
        .filter(|(_, s)| s.trim().is_empty())
        .map(|((name, _), _)| *name)
        .collect();
    if !empty.is_empty() {
        println!("fuzz: the sandbox gave no seed for {empty:?}");
        return ExitCode::FAILURE;
    }
    println!(
        "fuzz: {} seeds from the sandbox ({} bytes)",
        seeds.len(),
        seeds.iter().map(String::len).sum::<usize>()
    );
    let fuzzer = Fuzzer::new(seeds);
    quiet_panics();
    let mut crashes = 0usize;
    let saved = regressions();
    for (target, input) in &saved {
        if let Err(message) = fuzzer.run_one(target, input) {
            crashes += 1;
            println!("regression {target} still panics: {message}");
        }
    }
    let report = fuzzer.run(count, seed);
    let _ = std::panic::take_hook();
    for (name, n) in &report.per_target {
        println!("  {name:<32} {n:>9} inputs");
    }
    for (target, input, message) in &report.crashes {
        let path = save_regression(target, input);
        let shown: String = input.chars().take(200).collect();
        println!(
            "PANIC in {target}: {message}\n  input ({} bytes): {shown:?}\n  saved as {}",
            input.len(),
            path.display()
        );
    }
    crashes += report.crashes.len();
    println!(
        "fuzz: {} inputs (+{} regressions) in {:.1?}, seed {seed}: {crashes} panics",
        report.total(),
        saved.len(),
        started.elapsed()
    );
    if crashes == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
