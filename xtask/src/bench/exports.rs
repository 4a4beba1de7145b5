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
//! Then "Files for tax tools" prepares the Koinly CSV and the Ghostfolio JSON of every day
//! (2000 to 2030), each read afresh from the service and written in slices: the time from
//! Prepare to the download offered, the time writing took, the file's size, the main
//! thread's tasks over 50 ms over the whole preparation (reading included), and the wasm
//! memory grown while the file was written (after the read, whose operations the memory
//! already holds) and over the whole preparation.
//!
//! Targets (issue 44, at 100,000 operations): no task over 50 ms, the memory grown ≤ 2× the
//! file. Timings are in whole microseconds (no floats).

use crate::bench::browser::{longest, median, ms, rounds_by_size, Answer, Bench};
use crate::bench::operations::{APP_LOAD_ALL, LONG_TASKS, WASM_MEMORY};

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

/// Prepares the tax file of format `FORMAT` for 2000–2030 and answers, once the download is
/// offered: microseconds from Prepare, microseconds of writing, the file's bytes, the wasm
/// memory grown over the whole preparation and while writing, and the long tasks.
const TAX_FILE: &str = r#"
const memory = () => window.__folioWasmMemory ? window.__folioWasmMemory.buffer.byteLength : 0;
const q = (s) => document.querySelector(s);
const until = (test) => new Promise(ok => { const t = setInterval(() => { if (test()) { clearInterval(t); ok(); } }, 5); });
(async () => {
  if (!q('#tax-files').open) q('#tax-files summary').click();
  await until(() => q('#tax-prepare'));
  const set = (s, v) => { const e = q(s); e.value = v; e.dispatchEvent(new Event('change')); };
  set('#tax-year', 'custom'); set('#tax-from', '2000-01-01'); set('#tax-to', '2030-12-31');
  set('#tax-format', 'FORMAT');
  await new Promise(ok => setTimeout(ok, 300));
  window.__folioLongTasks = [];
  const before = memory();
  let writing = 0, atWriting = 0;
  const started = performance.now();
  q('#tax-prepare').click();
  await until(() => {
    if (!writing && (q('#tax-summary')?.textContent || '').startsWith('Writing the file')) {
      writing = performance.now(); atWriting = memory();
    }
    return q('#tax-download');
  });
  const offered = performance.now();
  const longs = window.__folioLongTasks.slice();
  let size = 0;
  const original = URL.createObjectURL;
  URL.createObjectURL = function (blob) { size = blob.size; return original.call(URL, blob); };
  q('#tax-download').click();
  URL.createObjectURL = original;
  writing = writing || offered; atWriting = atWriting || memory();
  done([offered - started, offered - writing].map(t => Math.round(t * 1000)).join(' ') + ' ' + size
    + ' ' + (memory() - before) + ' ' + (memory() - atWriting) + ' ' + longs.join(','));
})();
"#;

/// A tax file's figures.
#[derive(Debug, Clone, Default)]
struct TaxFigures {
    us: u64,
    writing_us: u64,
    bytes: u64,
    grown: u64,
    grown_writing: u64,
    longest_us: u64,
    long_tasks: u64,
}

/// The tax files measured, by their format's value in the form.
const TAX_FORMATS: [&str; 2] = ["koinly", "ghostfolio"];

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
        for (k, kind) in TAX_FORMATS.iter().enumerate() {
            let of = |f: fn(&TaxFigures) -> u64| {
                median(&mut all.iter().map(|r| f(&r.1[k])).collect::<Vec<_>>())
            };
            let (bytes, grown) = (of(|f| f.bytes), of(|f| f.grown_writing));
            let ratio = (grown * 100).checked_div(bytes).unwrap_or(0);
            println!(
                "  {size} operations, tax file {kind} (every day): {} from Prepare to the download \
                 ({} of it writing) for {} B; longest task {} ({} over 50 ms, target 0); wasm \
                 memory grew {} B while written = {}.{:02}× the file (target ≤ 2×), {} B over the \
                 whole preparation (the read's operations included)",
                ms(of(|f| f.us)),
                ms(of(|f| f.writing_us)),
                bytes,
                ms(of(|f| f.longest_us)),
                of(|f| f.long_tasks),
                grown,
                ratio / 100,
                ratio % 100,
                of(|f| f.grown),
            );
        }
        for (k, kind) in ["CSV", "JSON"].iter().enumerate() {
            let of = |f: fn(&Figures) -> u64| {
                median(&mut all.iter().map(|r| f(&r.0[k])).collect::<Vec<_>>())
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

/// Loads `size` operations, then writes the CSV and the JSON file, then the tax files.
fn one_round(size: u64) -> Result<([Figures; 2], [TaxFigures; 2]), String> {
    let size_text = size.to_string();
    let b = Bench::start(&["--operations", size_text.as_str(), "--freeze-prices"])?;
    b.on_every_page(WASM_MEMORY)?;
    b.on_every_page(LONG_TASKS)?;
    b.sign_in()?;
    b.goto("/operations")?;
    b.run(APP_LOAD_ALL)?;
    let mut out = [Figures::default(), Figures::default()];
    for (k, kind) in ["csv", "json"].iter().enumerate() {
        let text = b.run(&EXPORT.replace("KIND", kind))?;
        let answer = Answer::of(&text);
        let (longest_us, long_tasks) = longest(&answer.list(3));
        out[k] = Figures {
            us: answer.num(0),
            bytes: answer.num(1),
            grown: answer.num(2),
            longest_us,
            long_tasks,
        };
    }
    let mut tax = [TaxFigures::default(), TaxFigures::default()];
    for (k, format) in TAX_FORMATS.iter().enumerate() {
        let text = b.run(&TAX_FILE.replace("FORMAT", format))?;
        let answer = Answer::of(&text);
        let (longest_us, long_tasks) = longest(&answer.list(5));
        tax[k] = TaxFigures {
            us: answer.num(0),
            writing_us: answer.num(1),
            bytes: answer.num(2),
            grown: answer.num(3),
            grown_writing: answer.num(4),
            longest_us,
            long_tasks,
        };
    }
    Ok((out, tax))
}
