//! `cargo xtask bench archive [--no-build] [--operations N] [--rounds R]`: the legacy
//! archive ("Download everything", `/legacy-api/archive`) on a long legacy history.
//!
//! Starts the sandbox with 10,000 operations (and, with `--operations N`, again with N;
//! frozen prices), whose legacy lists are derived from them: about 2.07 legacy records an
//! operation, so 25,000 operations give the 50,000 records issue 44 names. Presses "Download
//! everything" and measures until the ZIP is handed to the browser (`URL.createObjectURL`):
//! - the records read (the lists' counts as the page shows them) and the time from the press
//!   to the ZIP, and of it the time making the ZIP;
//! - the ZIP's size;
//! - the main thread's tasks over 50 ms while the lists were read and while the ZIP was
//!   made (a `PerformanceObserver`);
//! - how much the wasm memory grew over the whole archive (what was read is kept compressed
//!   until the ZIP is made) and while the ZIP was made, against the ZIP's size.
//!
//! Targets (issue 44, at 50,000 records): no task over 50 ms, the memory grown ≤ 2× the file.
//! Timings are in whole microseconds (no floats).

use crate::bench::browser::{longest, median, ms, rounds_by_size, Answer, Bench};
use crate::bench::operations::{LONG_TASKS, WASM_MEMORY};

/// Presses "Download everything" and answers, once the ZIP is handed over: microseconds from
/// the press, microseconds making the ZIP, the ZIP's bytes, the records read, the wasm
/// memory grown over the whole archive and while zipping, then the long tasks while reading
/// and while zipping.
const ARCHIVE: &str = r#"
const memory = () => window.__folioWasmMemory ? window.__folioWasmMemory.buffer.byteLength : 0;
const q = (s) => document.querySelector(s);
const until = (test) => new Promise(ok => { const t = setInterval(() => { if (test()) { clearInterval(t); ok(); } }, 5); });
(async () => {
  await until(() => q('#archive-start'));
  await new Promise(ok => setTimeout(ok, 500));
  window.__folioLongTasks = [];
  const before = memory();
  let size = 0, handed = 0, zipping = 0, atZipping = 0, reading = [];
  const original = URL.createObjectURL;
  URL.createObjectURL = function (blob) { size = blob.size; handed = performance.now(); return original.call(URL, blob); };
  const started = performance.now();
  q('#archive-start').click();
  await until(() => {
    if (!zipping && q('#archive-packing')) {
      zipping = performance.now(); atZipping = memory();
      reading = window.__folioLongTasks; window.__folioLongTasks = [];
    }
    return handed;
  });
  URL.createObjectURL = original;
  await new Promise(ok => setTimeout(ok, 300));
  const records = [...document.querySelectorAll('[data-testid=archive-list]')]
    .reduce((n, row) => n + (Number(row.dataset.read) || 0), 0);
  zipping = zipping || handed; atZipping = atZipping || memory();
  done([handed - started, handed - zipping].map(t => Math.round(t * 1000)).join(' ') + ' ' + size
    + ' ' + records + ' ' + (memory() - before) + ' ' + (memory() - atZipping)
    + ' ' + reading.join(',') + ' ' + window.__folioLongTasks.join(','));
})();
"#;

/// One round's figures: whole microseconds and bytes.
#[derive(Debug, Clone, Default)]
struct Figures {
    us: u64,
    zipping_us: u64,
    bytes: u64,
    records: u64,
    grown: u64,
    grown_zipping: u64,
    longest_reading_us: u64,
    long_reading: u64,
    longest_zipping_us: u64,
    long_zipping: u64,
}

/// Runs the benchmark and prints its figures: `--operations N` (default 10,000; any other
/// count is measured beside 10,000), `--rounds R` (default 1; medians).
pub fn run(args: &[String]) -> Result<(), String> {
    let results = rounds_by_size(args, one_round)?;
    println!("archive bench (Download everything; medians of the rounds):");
    for (size, all) in results {
        let of = |f: fn(&Figures) -> u64| median(&mut all.iter().map(f).collect::<Vec<_>>());
        let (bytes, grown, grown_zipping) =
            (of(|f| f.bytes), of(|f| f.grown), of(|f| f.grown_zipping));
        let times = |grown: u64| {
            let ratio = (grown * 100).checked_div(bytes).unwrap_or(0);
            format!("{}.{:02}×", ratio / 100, ratio % 100)
        };
        println!(
            "  {size} operations ({} legacy records): {} from the press to the ZIP ({} of it making \
             the ZIP) for {bytes} B; longest task while reading {} ({} over 50 ms), while zipping \
             {} ({} over 50 ms; target 0); wasm memory grew {grown} B over the whole archive = {} \
             the file, {grown_zipping} B while zipping = {} (target ≤ 2×)",
            of(|f| f.records),
            ms(of(|f| f.us)),
            ms(of(|f| f.zipping_us)),
            ms(of(|f| f.longest_reading_us)),
            of(|f| f.long_reading),
            ms(of(|f| f.longest_zipping_us)),
            of(|f| f.long_zipping),
            times(grown),
            times(grown_zipping),
        );
    }
    Ok(())
}

/// Starts the sandbox with `size` operations and makes the archive of its legacy lists.
fn one_round(size: u64) -> Result<Figures, String> {
    let size_text = size.to_string();
    let b = Bench::start(&["--operations", size_text.as_str(), "--freeze-prices"])?;
    b.on_every_page(WASM_MEMORY)?;
    b.on_every_page(LONG_TASKS)?;
    b.sign_in()?;
    b.goto("/legacy-api/archive")?;
    let text = b.run(ARCHIVE)?;
    let answer = Answer::of(&text);
    let (longest_reading_us, long_reading) = longest(&answer.list(6));
    let (longest_zipping_us, long_zipping) = longest(&answer.list(7));
    Ok(Figures {
        us: answer.num(0),
        zipping_us: answer.num(1),
        bytes: answer.num(2),
        records: answer.num(3),
        grown: answer.num(4),
        grown_zipping: answer.num(5),
        longest_reading_us,
        long_reading,
        longest_zipping_us,
        long_zipping,
    })
}
