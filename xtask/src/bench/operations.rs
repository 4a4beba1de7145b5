//! `cargo xtask bench operations [--no-build] [--operations N] [--rounds R]`: the Operations
//! page on a long history.
//!
//! Starts the sandbox binary with 10,000 operations (and, with `--operations N`, again with N:
//! both columns are printed, so growth per operation shows; frozen prices) serving `dist/`, and
//! headless Chromium through chromedriver (spoken to with a few hand-written WebDriver
//! calls: xtask stays std-only). Prints:
//! - time for "Load all" in the app versus a bare `fetch` loop over the same pages in the
//!   same browser (both start after the first page and wait out 429s alike), and the ratio;
//! - time from a keystroke in the search box to the next paint (several keystrokes), and
//!   the part of it that is the app's own work (until the event loop is free, before the
//!   frame; the rest is waiting for the display's next frame, up to 16.7 ms at 60 Hz);
//! - the sandbox's own time per page of operations (its `Server-Timing` header, read from
//!   the browser's resource timings), so the sandbox is seen not to be the bottleneck;
//! - row nodes in the DOM with everything loaded;
//! - the main thread's long tasks (a `PerformanceObserver`) while "Load all" runs;
//! - JS heap (`performance.memory`) + wasm linear memory, and per operation.
//!
//! Targets (issue 44, for 100,000 operations): ratio ≤ 1.2, keystroke ≤ 16 ms median and
//! ≤ 50 ms max, no task over 50 ms while pages arrive, ≤ 200 row nodes, ≤ 128 MB heap.
//! Timings are in whole microseconds (no floats).

use crate::bench::browser::{median, ms, rounds_by_size, Bench};

const BARE_LOOP: &str = r#"
const key = sessionStorage.getItem('folio.key');
const get = async (cursor) => {
  for (;;) {
    const r = await fetch('/public/v1/operations?page_size=100' + (cursor ? '&cursor=' + cursor : ''),
      { headers: { 'x-api-key': key }, credentials: 'omit', redirect: 'error' });
    if (r.status === 429) { await new Promise(ok => setTimeout(ok, 1000 * (+r.headers.get('retry-after') || 1))); continue; }
    return r.json();
  }
};
(async () => {
  let page = await get(null);
  await new Promise(ok => setTimeout(ok, 1100));
  const t0 = performance.now(); let pages = 0, items = 0;
  while (page.has_next_page) { page = await get(page.next_cursor); pages++; items += page.data.length; }
  done(Math.round((performance.now() - t0) * 1000) + ' ' + pages + ' ' + items);
})();
"#;

pub(super) const APP_LOAD_ALL: &str = r#"
const status = () => document.querySelector('#ops-status')?.textContent || '';
const wait = (pred) => new Promise(ok => { const t = setInterval(() => { if (pred()) { clearInterval(t); ok(); } }, 5); });
(async () => {
  await wait(() => status().includes('pages') && !status().includes('(0 pages'));
  await new Promise(ok => setTimeout(ok, 1100));
  const t0 = performance.now();
  document.querySelector('#ops-load-all').click();
  await wait(() => status().includes('all loaded'));
  const elapsed = Math.round((performance.now() - t0) * 1000);
  const sandbox = performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/public/v1/operations'))
    .flatMap((e) => e.serverTiming.filter((s) => s.name === 'sandbox').map((s) => Math.round(s.duration * 1000)));
  done(elapsed + ' ' + sandbox.join(',') + ' ' + status());
})();
"#;

const KEYSTROKES: &str = r#"
const input = document.querySelector('#ops-search');
const times = [], work = [];
(async () => {
  for (const v of ['b', 'bt', 'btc', 'bt', 'b', '', 'e', 'et', 'eth', '']) {
    await new Promise(ok => setTimeout(ok, 50));
    const t0 = performance.now();
    input.value = v; input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise(ok => setTimeout(ok, 0));
    work.push(Math.round((performance.now() - t0) * 1000));
    await new Promise(ok => requestAnimationFrame(() => setTimeout(ok, 0)));
    times.push(Math.round((performance.now() - t0) * 1000));
  }
  const rows = document.querySelectorAll('.op-row').length;
  const js = performance.memory ? performance.memory.usedJSHeapSize : 0;
  const wasm = window.__folioWasmMemory ? window.__folioWasmMemory.buffer.byteLength : 0;
  done(times.join(',') + ' ' + rows + ' ' + js + ' ' + wasm + ' ' + work.join(','));
})();
"#;

/// Watches the main thread's long tasks (over 50 ms) from the page's start, for the report of
/// how long the longest one was while pages arrived ("Load all"); keeps the timings of a
/// thousand pages (the browser keeps 250 by default), for the sandbox's own time per page.
/// Also keeps, for each animation frame over 50 ms, what filled it (see [`LONG_FRAMES`]).
pub(super) const LONG_TASKS: &str = "performance.setResourceTimingBufferSize(5000); window.__folioLongTasks = []; window.__folioLongFrames = []; try { new PerformanceObserver((list) => { \
    for (const e of list.getEntries()) window.__folioLongTasks.push(Math.round(e.duration * 1000)); \
  }).observe({ type: 'longtask', buffered: true }); } catch (e) {} \
  try { new PerformanceObserver((list) => { for (const f of list.getEntries()) { \
    const ms = (v) => Math.round(v); const s = [...f.scripts].sort((a, b) => b.duration - a.duration)[0]; \
    const layout = f.styleAndLayoutStart ? ms(f.startTime + f.duration - f.styleAndLayoutStart) : 0; \
    const what = s ? (s.invokerType + ' ' + (s.invoker || '').slice(0, 40) + ' ' + ms(s.duration) + ' ms, forced layout ' + ms(s.forcedStyleAndLayoutDuration)) : 'no script'; \
    window.__folioLongFrames.push(ms(f.duration) + ' ms: scripts ' + f.scripts.length + ', longest ' + what + '; style and layout ' + layout + ' ms'); \
  } }).observe({ type: 'long-animation-frame', buffered: true }); } catch (e) {}";

/// Reads and empties the descriptions of the animation frames over 50 ms seen so far: each
/// frame's length, its longest script (what started it, how long it ran, the layout it
/// forced) and its style and layout time, ` || ` between frames. Plain text (the WebDriver reader
/// here does not unescape JSON strings).
const TAKE_LONG_FRAMES: &str =
    "const f = window.__folioLongFrames || []; window.__folioLongFrames = []; done(f.join(' || ').replace(/[\\\\\"]/g, ''));";

/// Keeps the wasm module's memory where the benches' scripts read its size
/// (`window.__folioWasmMemory`).
pub(super) const WASM_MEMORY: &str = "addEventListener('TrunkApplicationStarted', e => { window.__folioWasmMemory = e.detail.wasm.memory; });";

/// Reads and empties the long tasks seen so far (whole microseconds, comma-separated).
const TAKE_LONG_TASKS: &str =
    "const t = window.__folioLongTasks || []; window.__folioLongTasks = []; done(t.join(','));";

/// One round's figures, whole microseconds and bytes.
#[derive(Debug, Clone, Default)]
struct Round {
    bare_us: u64,
    app_us: u64,
    stroke_median_us: u64,
    stroke_max_us: u64,
    work_median_us: u64,
    rows: u64,
    heap: u64,
    /// Of `heap`, the wasm module's linear memory (it only grows: its high-water mark).
    wasm: u64,
    longest_task_us: u64,
    long_tasks: u64,
    /// The sandbox's own time per page of operations (its `Server-Timing`), median and max.
    sandbox_median_us: u64,
    sandbox_max_us: u64,
}

/// Runs the benchmark and prints its figures: `--operations N` (default 10,000; any other
/// count is measured beside 10,000, so growth shows), `--rounds R` (default 1; medians).
pub fn run(args: &[String]) -> Result<(), String> {
    let results: Vec<(u64, Round)> = rounds_by_size(args, one_round)?
        .into_iter()
        .map(|(size, all)| (size, medians(&all)))
        .collect();
    report(&results);
    Ok(())
}

/// Loads `size` operations (bare loop, then the app's Load all), then types in the search box.
fn one_round(size: u64) -> Result<Round, String> {
    let size_text = size.to_string();
    let b = Bench::start(&["--operations", size_text.as_str(), "--freeze-prices"])?;
    b.on_every_page(WASM_MEMORY)?;
    b.on_every_page(LONG_TASKS)?;
    b.sign_in()?;
    let bare = b.run(BARE_LOOP)?;
    b.goto("/operations")?;
    b.run(TAKE_LONG_TASKS)?;
    b.run(TAKE_LONG_FRAMES)?;
    let app = b.run(APP_LOAD_ALL)?;
    let long: Vec<u64> = numbers(&b.run(TAKE_LONG_TASKS)?);
    let frames = b.run(TAKE_LONG_FRAMES)?;
    for frame in frames.split(" || ").filter(|l| !l.is_empty()) {
        println!("  {size} operations, Load all, a frame of {frame}");
    }
    let keys = b.run(KEYSTROKES)?;
    drop(b);

    let num = |s: Option<&str>| s.and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    let mut k = keys.split(' ');
    let mut strokes = numbers(k.next().unwrap_or(""));
    let (rows, js, wasm) = (num(k.next()), num(k.next()), num(k.next()));
    let mut handled = numbers(k.next().unwrap_or(""));
    handled.sort_unstable();
    strokes.sort_unstable();
    let mut sandbox = numbers(app.split(' ').nth(1).unwrap_or(""));
    Ok(Round {
        bare_us: num(bare.split(' ').next()),
        app_us: num(app.split(' ').next()),
        stroke_median_us: strokes.get(strokes.len() / 2).copied().unwrap_or(0),
        stroke_max_us: strokes.last().copied().unwrap_or(0),
        work_median_us: handled.get(handled.len() / 2).copied().unwrap_or(0),
        rows,
        heap: js.saturating_add(wasm),
        wasm,
        longest_task_us: long.iter().copied().max().unwrap_or(0),
        long_tasks: long.len() as u64,
        sandbox_max_us: sandbox.iter().copied().max().unwrap_or(0),
        sandbox_median_us: median(&mut sandbox),
    })
}

fn numbers(text: &str) -> Vec<u64> {
    text.split(',').filter_map(|t| t.parse().ok()).collect()
}

/// Each figure's median over the rounds.
fn medians(rounds: &[Round]) -> Round {
    let of = |f: fn(&Round) -> u64| median(&mut rounds.iter().map(f).collect::<Vec<_>>());
    Round {
        bare_us: of(|r| r.bare_us),
        app_us: of(|r| r.app_us),
        stroke_median_us: of(|r| r.stroke_median_us),
        stroke_max_us: of(|r| r.stroke_max_us),
        work_median_us: of(|r| r.work_median_us),
        rows: of(|r| r.rows),
        heap: of(|r| r.heap),
        wasm: of(|r| r.wasm),
        longest_task_us: of(|r| r.longest_task_us),
        long_tasks: of(|r| r.long_tasks),
        sandbox_median_us: of(|r| r.sandbox_median_us),
        sandbox_max_us: of(|r| r.sandbox_max_us),
    }
}

/// One printed figure: its name, its target, and how it reads from a size's medians.
type Figure = (&'static str, &'static str, fn(u64, &Round) -> String);

/// Prints one column per size, each figure beside its target, memory also per operation.
fn report(results: &[(u64, Round)]) {
    let figures: [Figure; 12] = [
        ("bare fetch loop", "", |_, r| ms(r.bare_us)),
        ("app Load all", "", |_, r| ms(r.app_us)),
        ("  sandbox per page (med/max)", "", |_, r| {
            format!("{} / {}", ms(r.sandbox_median_us), ms(r.sandbox_max_us))
        }),
        ("ratio app / bare", "≤ 1.2", |_, r| {
            let permille = (r.app_us * 1000).checked_div(r.bare_us).unwrap_or(0);
            format!("{}.{:03}", permille / 1000, permille % 1000)
        }),
        ("keystroke → paint, median", "≤ 16 ms", |_, r| {
            ms(r.stroke_median_us)
        }),
        ("keystroke → paint, max", "≤ 50 ms", |_, r| {
            ms(r.stroke_max_us)
        }),
        ("  of which the app's work", "", |_, r| ms(r.work_median_us)),
        ("longest task in Load all", "≤ 50 ms", |_, r| {
            ms(r.longest_task_us)
        }),
        ("tasks over 50 ms in Load all", "0", |_, r| {
            r.long_tasks.to_string()
        }),
        ("row nodes in the DOM", "≤ 200", |_, r| r.rows.to_string()),
        ("JS heap + wasm memory", "≤ 128 MB", |n, r| {
            let mb = format!(
                "{}.{} MB",
                r.heap / 1_048_576,
                (r.heap % 1_048_576) * 10 / 1_048_576
            );
            format!("{mb}, {} B per operation", r.heap / n.max(1))
        }),
        ("  of which wasm memory", "", |_, r| {
            format!(
                "{}.{} MB",
                r.wasm / 1_048_576,
                (r.wasm % 1_048_576) * 10 / 1_048_576
            )
        }),
    ];
    let heading: Vec<String> = results
        .iter()
        .map(|(n, _)| format!("{n} operations"))
        .collect();
    println!(
        "operations bench (page_size 100; medians): {}",
        heading.join(" | ")
    );
    for (name, target, figure) in figures {
        let cells: Vec<String> = results.iter().map(|(n, r)| figure(*n, r)).collect();
        println!("  {name:<30} {:<48} target {target}", cells.join(" | "));
    }
}
