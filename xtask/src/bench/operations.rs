//! `cargo xtask bench operations [--no-build]`: the Operations page on a long history.
//!
//! Starts the sandbox binary with 10,000 operations (frozen prices) serving `dist/`, and
//! headless Chromium through chromedriver (spoken to with a few hand-written WebDriver
//! calls: xtask stays std-only). Prints:
//! - time for "Load all" in the app versus a bare `fetch` loop over the same pages in the
//!   same browser (both start after the first page and wait out 429s alike), and the ratio;
//! - time from a keystroke in the search box to the next paint (several keystrokes), and
//!   the part of it that is the app's own work (until the event loop is free, before the
//!   frame; the rest is waiting for the display's next frame, up to 16.7 ms at 60 Hz);
//! - row nodes in the DOM with everything loaded;
//! - JS heap (`performance.memory`) + wasm linear memory.
//!
//! Targets: ratio ≤ 1.2, keystroke ≤ 16 ms, ≤ 200 row nodes, ≤ 64 MB heap. Timings are in
//! whole microseconds (no floats).

use crate::bench::browser::{ms, Bench};

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

const APP_LOAD_ALL: &str = r#"
const status = () => document.querySelector('#ops-status')?.textContent || '';
const wait = (pred) => new Promise(ok => { const t = setInterval(() => { if (pred()) { clearInterval(t); ok(); } }, 5); });
(async () => {
  await wait(() => status().includes('pages') && !status().includes('(0 pages'));
  await new Promise(ok => setTimeout(ok, 1100));
  const t0 = performance.now();
  document.querySelector('#ops-load-all').click();
  await wait(() => status().includes('all loaded'));
  done(Math.round((performance.now() - t0) * 1000) + ' ' + status());
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

/// Runs the benchmark and prints its figures.
pub fn run(args: &[String]) -> Result<(), String> {
    crate::bench::browser::build_unless_told_not(args)?;
    let b = Bench::start(&["--operations", "10000", "--freeze-prices"])?;
    let hook = "addEventListener('TrunkApplicationStarted', e => { window.__folioWasmMemory = e.detail.wasm.memory; });";
    b.on_every_page(hook)?;
    b.sign_in()?;
    let bare = b.run(BARE_LOOP)?;
    b.goto("/operations")?;
    let app = b.run(APP_LOAD_ALL)?;
    let keys = b.run(KEYSTROKES)?;
    drop(b);

    let num = |s: Option<&str>| s.and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    let bare_us = num(bare.split(' ').next());
    let app_us = num(app.split(' ').next());
    let mut k = keys.split(' ');
    let mut strokes: Vec<u64> = k
        .next()
        .unwrap_or("")
        .split(',')
        .filter_map(|t| t.parse().ok())
        .collect();
    let (rows, js, wasm) = (num(k.next()), num(k.next()), num(k.next()));
    let mut handled: Vec<u64> = k
        .next()
        .unwrap_or("")
        .split(',')
        .filter_map(|t| t.parse().ok())
        .collect();
    handled.sort_unstable();
    strokes.sort_unstable();
    let median = strokes.get(strokes.len() / 2).copied().unwrap_or(0);
    let max = strokes.last().copied().unwrap_or(0);
    let ratio_permille = (app_us * 1000).checked_div(bare_us).unwrap_or(0);
    println!("operations bench (10,000 operations, page_size 100)");
    println!("  bare fetch loop (pages, items): {} [{bare}]", ms(bare_us));
    println!(
        "  app Load all:                   {} [{}]",
        ms(app_us),
        app.split_once(' ').map(|x| x.1).unwrap_or("")
    );
    println!(
        "  ratio app / bare:               {}.{:03} (target ≤ 1.2)",
        ratio_permille / 1000,
        ratio_permille % 1000
    );
    println!(
        "  keystroke → paint: median {}, max {} (target ≤ 16 ms)",
        ms(median),
        ms(max)
    );
    println!(
        "  of which the app's own work:    median {}, max {} (input event → filtered DOM, before the frame)",
        ms(handled.get(handled.len() / 2).copied().unwrap_or(0)),
        ms(handled.last().copied().unwrap_or(0))
    );
    println!("  row nodes in the DOM:           {rows} (target ≤ 200)");
    let mb = |b: u64| format!("{}.{} MB", b / 1_048_576, (b % 1_048_576) * 10 / 1_048_576);
    println!(
        "  heap: JS {} + wasm {} = {} (target ≤ 64 MB)",
        mb(js),
        mb(wasm),
        mb(js + wasm)
    );
    Ok(())
}
