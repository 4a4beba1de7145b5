//! `cargo xtask bench paint [--no-build] [--rounds N]`: time to the portfolio painted, Folio
//! against a hand-written page (`xtask/bench/portfolio.html`, copied into `dist/` for the
//! run and removed after) that makes the same calls with no framework.
//!
//! Both pages are served by the sandbox from one origin and loaded alternately in the same
//! headless Chromium with the key in the tab. Each load is timed from the navigation's start
//! to the first animation frame after the total and at least one holding row are in the
//! document. Three series, median of `rounds` (default 9, at least 7) each:
//! - **warm**: a reload: HTTP cache and Folio's service worker filled by an earlier visit, and
//!   the public catalogue the tab keeps (`folio_client`'s `kept`) in place, so Folio asks for
//!   the positions only where the hand-written page makes its three calls;
//! - **warm, new tab**: the same with the tab's kept catalogue removed before each load, as in
//!   a tab that has not read it yet (the three calls on both sides);
//! - **cold, CPU 4× slower**: HTTP cache, service worker and its caches and the kept catalogue
//!   cleared before each load, and `Emulation.setCPUThrottlingRate` 4.
//!
//! Goals (issue 13): Folio ≤ 1.2× the hand-written page warm, ≤ 1.5× cold.

use crate::bench::browser::{json_string, median, ms, Bench};
use crate::shell::root;

/// Installed before every document: records in `window.__painted` the first frame after
/// the portfolio's total and a holding row are shown (Folio's or the baseline's markup).
const PAINT_PROBE: &str = r#"
(() => {
  const shown = () => {
    const total = document.querySelector('#portfolio-total, #total');
    return total && /\d/.test(total.textContent)
      && document.querySelector('[data-testid=position-row], .position-row');
  };
  const observer = new MutationObserver(() => {
    if (shown()) {
      observer.disconnect();
      requestAnimationFrame(() => { window.__painted = performance.now(); });
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})();
"#;

/// Waits for the probe and returns the time in whole microseconds.
const WAIT_PAINTED: &str = r#"
const t = setInterval(() => {
  if (window.__painted !== undefined) { clearInterval(t); done(String(Math.round(window.__painted * 1000))); }
}, 5);
setTimeout(() => { clearInterval(t); done('timeout'); }, 60000);
"#;

/// The baseline page's name in `dist/` during the run.
const BASELINE: &str = "bench-portfolio.html";

/// Removes the baseline page from `dist/` when dropped.
struct Baseline;

impl Drop for Baseline {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(root().join("dist").join(BASELINE));
    }
}

/// Runs the benchmark and prints its figures.
pub fn run(args: &[String]) -> Result<(), String> {
    crate::bench::browser::build_unless_told_not(args)?;
    let rounds = crate::bench::browser::flag_value(args, "--rounds")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(9)
        .max(7);
    std::fs::copy(
        root().join("xtask/bench/portfolio.html"),
        root().join("dist").join(BASELINE),
    )
    .map_err(|e| format!("cannot copy the baseline page into dist/: {e}"))?;
    let _baseline = Baseline;
    let b = Bench::start(&["--freeze-prices"])?;
    b.on_every_page(PAINT_PROBE)?;
    b.sign_in()?;
    // One visit each so the warm series starts with the caches and the worker in place.
    painted(&b, "/")?;
    painted(&b, &format!("/{BASELINE}"))?;

    let warm = series(&b, rounds, |_| Ok(()))?;
    let new_tab = series(&b, rounds, forget_kept_catalogue)?;
    let cold = series(&b, rounds, |b| {
        forget_kept_catalogue(b)?;
        b.cdp("Network.clearBrowserCache", "{}")?;
        b.cdp(
            "Storage.clearDataForOrigin",
            &format!(
                "{{\"origin\":{},\"storageTypes\":\"service_workers,cache_storage\"}}",
                json_string(&b.base)
            ),
        )?;
        b.cdp("Emulation.setCPUThrottlingRate", "{\"rate\":4}")
            .map(|_| ())
    })?;
    b.cdp("Emulation.setCPUThrottlingRate", "{\"rate\":1}")?;
    drop(b);

    println!("portfolio paint bench (sandbox, headless Chromium, median of {rounds})");
    report("warm", warm, 1200);
    report("warm, new tab", new_tab, 1200);
    report("cold, CPU 4× slower", cold, 1500);
    Ok(())
}

/// Removes the public catalogue the tab keeps (items named from `folio_client::KEPT_ITEM_PREFIX`,
/// written out here as the xtask does not build that crate), keeping the key.
fn forget_kept_catalogue(b: &Bench) -> Result<(), String> {
    b.run(
        "for (const k of Object.keys(sessionStorage)) \
           if (k.startsWith('folio.kept ')) sessionStorage.removeItem(k); done('ok');",
    )
    .map(|_| ())
}

/// Alternate loads of Folio and the baseline, `prepare` run before each; returns the
/// times of (Folio, baseline).
fn series(
    b: &Bench,
    rounds: usize,
    prepare: impl Fn(&Bench) -> Result<(), String>,
) -> Result<(Vec<u64>, Vec<u64>), String> {
    let (mut folio, mut baseline) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        prepare(b)?;
        folio.push(painted(b, "/")?);
        prepare(b)?;
        baseline.push(painted(b, &format!("/{BASELINE}"))?);
    }
    Ok((folio, baseline))
}

/// Opens `path` and returns the microseconds from navigation to the portfolio painted.
///
/// Each load starts after a pause longer than the sandbox's rate-limit window (one second):
/// otherwise the page inherits the requests of the load before it and may be answered 429.
fn painted(b: &Bench, path: &str) -> Result<u64, String> {
    std::thread::sleep(std::time::Duration::from_millis(1100));
    b.goto(path)?;
    let out = b.run(WAIT_PAINTED)?;
    out.parse()
        .map_err(|_| format!("{path}: the portfolio was not painted ({out})"))
}

fn report(name: &str, (mut folio, mut baseline): (Vec<u64>, Vec<u64>), goal_permille: u64) {
    let (f, h) = (median(&mut folio), median(&mut baseline));
    let ratio = (f * 1000).checked_div(h).unwrap_or(0);
    println!(
        "  {name:<20} Folio {}  hand-written {}  ratio {}.{:03} (goal ≤ {}.{})",
        ms(f),
        ms(h),
        ratio / 1000,
        ratio % 1000,
        goal_permille / 1000,
        goal_permille % 1000 / 100
    );
}
