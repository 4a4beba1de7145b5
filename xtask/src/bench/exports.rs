//! `cargo xtask bench exports [--no-build] [--operations N] [--rounds R]`: the Operations
//! export on a long history.
//!
//! Starts the sandbox with 10,000 operations (and, with `--operations N`, again with N;
//! frozen prices) serving `dist/`, loads every operation on `/operations` ("Load all"), then
//! presses "Export CSV" and "Export JSON" in turn, each time measuring until the file is
//! handed to the browser (`URL.createObjectURL`, so the export's module fetch is included on
//! the first):
//! - the time it took, and the file's size;
//! - the main thread's tasks over 50 ms meanwhile (a `PerformanceObserver`);
//! - how much the wasm memory grew while it was written (its high-water mark: the memory the
//!   export needed beyond what the page held), against the file's size.
//!
//! Targets (issue 44, at 100,000 operations): no task over 50 ms, the memory grown ≤ 2× the
//! file. Timings are in whole microseconds (no floats).

use crate::bench::browser::{median, ms, rounds_by_size, Bench};
use crate::bench::operations::{APP_LOAD_ALL, LONG_TASKS};

/// Presses `#export-KIND` and answers, once the file is handed over: microseconds taken,
/// the file's bytes, the wasm memory's growth meanwhile and the long tasks (microseconds).
const EXPORT: &str = r#"
const memory = () => window.__folioWasmMemory ? window.__folioWasmMemory.buffer.byteLength : 0;
(async () => {
  await new Promise(ok => setTimeout(ok, 500));
  window.__folioLongTasks = [];
  const before = memory();
  let size = 0, handed = 0;
  const original = URL.createObjectURL;
  URL.createObjectURL = function (blob) { size = blob.size; handed = performance.now(); return original.call(URL, blob); };
  const started = performance.now();
  document.querySelector('#export-KIND').click();
  await new Promise(ok => { const t = setInterval(() => { if (handed) { clearInterval(t); ok(); } }, 10); });
  URL.createObjectURL = original;
  await new Promise(ok => setTimeout(ok, 300));
  done(Math.round((handed - started) * 1000) + ' ' + size + ' ' + (memory() - before) + ' '
    + window.__folioLongTasks.join(','));
})();
"#;

/// One export's figures.
#[derive(Debug, Clone, Default)]
struct Figures {
    us: u64,
    bytes: u64,
    grown: u64,
    longest_us: u64,
    long_tasks: u64,
}

/// Runs the benchmark and prints its figures: `--operations N` (default 10,000; any other
/// count is measured beside 10,000), `--rounds R` (default 1; medians).
pub fn run(args: &[String]) -> Result<(), String> {
    let results = rounds_by_size(args, one_round)?;
    println!("exports bench (Load all, then each file; medians of the rounds):");
    for (size, all) in results {
        for (k, kind) in ["CSV", "JSON"].iter().enumerate() {
            let of = |f: fn(&Figures) -> u64| {
                median(&mut all.iter().map(|r| f(&r[k])).collect::<Vec<_>>())
            };
            let (bytes, grown) = (of(|f| f.bytes), of(|f| f.grown));
            let ratio = (grown * 100).checked_div(bytes).unwrap_or(0);
            println!(
                "  {size} operations, {kind}: {} for {} B; longest task {} ({} over 50 ms, target 0); \
                 wasm memory grew {} B = {}.{:02}× the file (target ≤ 2×)",
                ms(of(|f| f.us)),
                bytes,
                ms(of(|f| f.longest_us)),
                of(|f| f.long_tasks),
                grown,
                ratio / 100,
                ratio % 100
            );
        }
    }
    Ok(())
}

/// Loads `size` operations, then writes the CSV and the JSON file.
fn one_round(size: u64) -> Result<[Figures; 2], String> {
    let size_text = size.to_string();
    let b = Bench::start(&["--operations", size_text.as_str(), "--freeze-prices"])?;
    let hook = "addEventListener('TrunkApplicationStarted', e => { window.__folioWasmMemory = e.detail.wasm.memory; });";
    b.on_every_page(hook)?;
    b.on_every_page(LONG_TASKS)?;
    b.sign_in()?;
    b.goto("/operations")?;
    b.run(APP_LOAD_ALL)?;
    let mut out = [Figures::default(), Figures::default()];
    for (k, kind) in ["csv", "json"].iter().enumerate() {
        let text = b.run(&EXPORT.replace("KIND", kind))?;
        let mut parts = text.split(' ');
        let mut num = || {
            parts
                .next()
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or(0)
        };
        let (us, bytes, grown) = (num(), num(), num());
        let long: Vec<u64> = text
            .split(' ')
            .nth(3)
            .unwrap_or("")
            .split(',')
            .filter_map(|t| t.parse().ok())
            .collect();
        out[k] = Figures {
            us,
            bytes,
            grown,
            longest_us: long.iter().copied().max().unwrap_or(0),
            long_tasks: long.len() as u64,
        };
    }
    Ok(out)
}
