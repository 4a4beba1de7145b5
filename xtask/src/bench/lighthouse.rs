//! `cargo xtask bench lighthouse [--no-build]`: Lighthouse mobile on `/connect` and on `/`
//! with a key in the tab, the sandbox serving the release build's precompressed files as a
//! static host would. Lighthouse is pinned in `tools/lighthouse/package-lock.json` and
//! installed there on first use (not by `setup`: only this benchmark needs it). The runs
//! themselves are `tools/lighthouse/run.mjs`; each run's whole report is written to
//! `target/lighthouse/lighthouse-<route>.json`. Each run also prints the steps Lighthouse's
//! simulated LCP ends with (the requests and tasks that end last in its replay at 4G and a 4×
//! slower CPU, read from its simulator as it runs: `lcpSteps` in `measure.mjs`), which is what
//! to shorten to lower it.
//!
//! `--against DIR [--rounds N]` compares this build with another one (a copy of an earlier
//! `dist/`, say): both are served, each by its own sandbox, and measured alternately N times
//! per route (default 7, `tools/lighthouse/compare.mjs`), printing each run and the medians.
//! One run is not enough to tell two builds apart: TBT swings between about 60 and 280 ms
//! from run to run of one build.
//!
//! Goals (issue 13): performance ≥ 0.95 on both, accessibility and best practices 1.0.

use crate::bench::browser::{chrome_path, flag_value, Sandbox};
use crate::shell::root;

/// Runs the benchmark; its figures are printed by `run.mjs`.
pub fn run(args: &[String]) -> Result<(), String> {
    crate::bench::browser::build_unless_told_not(args)?;
    let dir = root().join("tools/lighthouse");
    let installed = std::fs::read_to_string(dir.join("node_modules/lighthouse/package.json"))
        .is_ok_and(|text| text.contains("\"version\": \"13.5.0\""));
    if !installed {
        crate::shell::run(
            "npm",
            &[
                "ci",
                "--prefix",
                "tools/lighthouse",
                "--no-audit",
                "--no-fund",
            ],
        )?;
    }
    let reports = root().join("target/lighthouse");
    std::fs::create_dir_all(&reports).map_err(|e| format!("{}: {e}", reports.display()))?;
    let sandbox = Sandbox::start(&["--freeze-prices"])?;
    if let Some(other) = flag_value(args, "--against") {
        let rounds = flag_value(args, "--rounds").unwrap_or("7");
        rounds
            .parse::<u32>()
            .map_err(|_| format!("--rounds wants a number, not `{rounds}`"))?;
        let other_dist = std::path::Path::new(other);
        if !other_dist.join("index.html").is_file() {
            return Err(format!(
                "--against {other}: no build there (index.html missing)"
            ));
        }
        let other = Sandbox::serving(other_dist, &["--freeze-prices"])?;
        return crate::shell::run(
            "node",
            &[
                "tools/lighthouse/compare.mjs",
                sandbox.base.as_str(),
                other.base.as_str(),
                chrome_path().as_str(),
                rounds,
            ],
        );
    }
    crate::shell::run(
        "node",
        &[
            "tools/lighthouse/run.mjs",
            sandbox.base.as_str(),
            chrome_path().as_str(),
            &reports.to_string_lossy(),
        ],
    )
}
