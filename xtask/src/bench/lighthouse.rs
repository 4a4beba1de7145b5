//! `cargo xtask bench lighthouse [--no-build] [--rounds N]`: Lighthouse mobile on every entry
//! route of the one route table (`folio_routes`: `/connect`, `/`, `/operations`, `/trade`,
//! `/market`, `/legacy-api`) and on [`ALSO_MEASURED`] (`/insights`), N times each (default
//! 7) with each route's medians at the end; a page that needs a key is measured with a demo
//! key in the tab. The sandbox serves the release build's precompressed files as a static
//! host would. Lighthouse is pinned in `tools/lighthouse/package-lock.json` and installed
//! there on first use (not by `setup`: only this benchmark needs it). The runs themselves are
//! `tools/lighthouse/run.mjs`; each route's first report is written to
//! `target/lighthouse/lighthouse-<route>.json`, with the steps Lighthouse's simulated LCP
//! ends with (the requests and tasks that end last in its replay at 4G and a 4× slower CPU:
//! `lcpSteps` in `measure.mjs`), which is what to shorten to lower it.
//!
//! `--against DIR [--rounds N]` compares this build with another one (a copy of an earlier
//! `dist/`, say): both are served, each by its own sandbox, and measured alternately N times
//! per route (`tools/lighthouse/compare.mjs`), printing each run and the medians.
//!
//! Goals: performance ≥ 0.95 on each, accessibility and best practices 1.0.

use crate::bench::browser::{chrome_path, flag_value, Sandbox};
use crate::shell::root;

/// Routes measured besides the entry routes: pages people open often though visits rarely
/// start there.
const ALSO_MEASURED: [&str; 1] = ["/insights"];

/// The routes measured, as `run.mjs` and `compare.mjs` read them (JSON).
fn runs_json() -> String {
    let rows = folio_routes::SECTIONS.iter().filter(|s| s.entry).chain(
        folio_routes::SECTIONS
            .iter()
            .filter(|s| ALSO_MEASURED.iter().any(|p| s.paths.contains(p))),
    );
    let runs: Vec<String> = rows
        .filter_map(|s| {
            let path = s.paths.first()?;
            Some(format!("{{\"path\":\"{path}\",\"key\":{}}}", s.needs_key))
        })
        .collect();
    format!("[{}]", runs.join(","))
}

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
    let rounds = flag_value(args, "--rounds").unwrap_or("7");
    rounds
        .parse::<u32>()
        .map_err(|_| format!("--rounds wants a number, not `{rounds}`"))?;
    let runs = runs_json();
    if let Some(other) = flag_value(args, "--against") {
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
                runs.as_str(),
            ],
        );
    }
    crate::shell::run(
        "node",
        &[
            "tools/lighthouse/run.mjs",
            sandbox.base.as_str(),
            chrome_path().as_str(),
            rounds,
            runs.as_str(),
            &reports.to_string_lossy(),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_route_and_insights_are_measured_with_a_key_where_they_need_one() {
        assert_eq!(
            runs_json(),
            "[{\"path\":\"/connect\",\"key\":false},{\"path\":\"/\",\"key\":true},\
             {\"path\":\"/operations\",\"key\":true},{\"path\":\"/trade\",\"key\":true},\
             {\"path\":\"/market\",\"key\":true},{\"path\":\"/legacy-api\",\"key\":true},\
             {\"path\":\"/insights\",\"key\":true}]"
        );
    }
}
