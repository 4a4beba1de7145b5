//! `cargo xtask bench insights [--no-build]`: the Insights report on a long history.
//!
//! Starts the sandbox with 10,000 operations (frozen prices) serving `dist/`, opens
//! `/insights` in headless Chromium, waits until every operation is read and the report is
//! shown, and prints the wasm work the report took after the data was loaded — as the page
//! measures it around `folio_insights::report` (`performance.now()`, written to
//! `#insights-report[data-report-us]`; the ledger it starts from is made once per load, page
//! by page while the operations arrive (`data-reading-us`, work hidden behind the network)
//! and finished after the last answer (`data-ledger-us`)): the whole first report after
//! loading (ledger finished + report, Austria), then the rule set switched on the page to
//! Germany and back (the same data, a warm module). Target ≤ 50 ms.

use crate::bench::browser::{ms, Bench};

/// Waits (up to 240 s) for a report under `RULES`, then answers its figure
/// and the number of operations it was made from.
const REPORT_TIME: &str = r#"
const report = () => document.querySelector('#insights-report');
const wait = (pred) => new Promise(ok => { const t = setInterval(() => { if (pred()) { clearInterval(t); ok(); } }, 20); });
const started = Date.now();
(async () => {
  await wait(() => (report() && report().dataset.reportUs && report().dataset.rules === RULES)
    || Date.now() - started > 240000);
  if (!report() || report().dataset.rules !== RULES) {
    const status = document.querySelector('#insights-progress');
    done('no report after 240 s: ' + (status ? status.textContent : '')
      + ' | ' + document.querySelector('main').innerText.slice(0, 600));
    return;
  }
  const r = report().dataset;
  done(r.reportUs + ' ' + r.entries + ' ' + r.ledgerUs + ' ' + r.readingUs);
})();
"#;

/// Switches the page's rule set to `TO` (the report is recomputed, nothing is read again).
const SWITCH: &str = r#"
{ const s = document.querySelector('#insights-rules'); s.value = 'TO'; s.dispatchEvent(new Event('change')); }
"#;

/// Runs the benchmark and prints its figures.
pub fn run(args: &[String]) -> Result<(), String> {
    crate::bench::browser::build_unless_told_not(args)?;
    let b = Bench::start(&["--operations", "10000", "--freeze-prices"])?;
    b.sign_in()?;
    b.goto("/insights?rules=at")?;
    let first = b.run(&REPORT_TIME.replace("RULES", "'at'"))?;
    if first.starts_with("no report") {
        return Err(format!("insights bench: {first}"));
    }
    // The same data under the other rules, then back: the report alone, in a warm module.
    let germany =
        b.run(&format!("{SWITCH}{}", REPORT_TIME.replace("RULES", "'de'")).replace("TO", "de"))?;
    let austria =
        b.run(&format!("{SWITCH}{}", REPORT_TIME.replace("RULES", "'at'")).replace("TO", "at"))?;
    drop(b);
    // "report entries ledger reading", as the page wrote them.
    let figure = |text: &str| -> (u64, String, u64, u64) {
        let parts: Vec<&str> = text.split(' ').collect();
        let number = |i: usize| parts.get(i).and_then(|v| v.parse().ok()).unwrap_or(0);
        let entries = parts.get(1).unwrap_or(&"?").to_string();
        (number(0), entries, number(2), number(3))
    };
    let (report_us, _, ledger_us, reading_us) = figure(&first);
    println!("insights bench (10,000 operations; wasm work after the last answer)");
    println!(
        "  entries made while the pages arrived (hidden)      {}",
        ms(reading_us)
    );
    println!(
        "  the ledger finished after the last answer          {}",
        ms(ledger_us)
    );
    println!(
        "  the whole first report: ledger + report            {} (target ≤ 50 ms)",
        ms(ledger_us.saturating_add(report_us))
    );
    for (what, text) in [
        ("Austria, first report after loading", &first),
        ("Germany, rules switched", &germany),
        ("Austria, rules switched back", &austria),
    ] {
        let (us, entries, _, _) = figure(text);
        println!(
            "  {what:38} {} for {entries} ledger entries (target ≤ 50 ms)",
            ms(us)
        );
    }
    Ok(())
}
