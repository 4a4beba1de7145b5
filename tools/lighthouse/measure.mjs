// One Lighthouse run (mobile, simulated throttling, the default config) from a cold cache
// (HTTP cache, service worker and its caches cleared), and the headless Chromium it runs in;
// shared by run.mjs and compare.mjs.
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
// Lighthouse's own simulator (a dependency of the pinned Lighthouse, the same module instance).
import { Metrics } from '@paulirish/trace_engine/models/trace/lantern/lantern.js';

// What Lighthouse's LCP estimate waited for. Its simulation replays, at 4G and a 4× slower
// CPU, every request and the tasks that start a script, lay out or paint, begun before the
// LCP it observed; the estimate is when the last of them ends (a task run when a fetch
// answers is not linked to that fetch). Each simulation of a run is kept here, as the steps
// that end last, so that `lcpSteps` can say what to shorten.
let simulations = [];
const estimate = Metrics.LargestContentfulPaint.getEstimateFromSimulation;
Metrics.LargestContentfulPaint.getEstimateFromSimulation = function (simulation, ...rest) {
  const result = estimate.call(this, simulation, ...rest);
  const steps = [...simulation.nodeTimings.entries()].map(([node, timing]) => ({
    what:
      node.type === 'network'
        ? new URL(node.request.url).pathname.split('/').pop() || '/'
        : `task (${[...new Set(node.childEvents.filter((e) => e.dur > 2000).map((e) => e.name))].slice(0, 2).join(', ') || 'short events'})`,
    start: Math.round(timing.startTime),
    end: Math.round(timing.endTime),
  }));
  simulations.push({ estimate: result.timeInMs, steps });
  return result;
};

// The last `count` steps of the run's slowest LCP simulation (the pessimistic one), as text.
export function lcpSteps(count) {
  const slowest = simulations.reduce((a, b) => (b.estimate > (a?.estimate ?? -1) ? b : a), null);
  if (!slowest) return 'not simulated';
  return slowest.steps
    .sort((a, b) => a.end - b.end)
    .slice(-count)
    .map((s) => `${s.what} ${s.start}–${s.end} ms`)
    .join(' · ');
}

// Headless Chromium at `chrome`, as the benchmarks run it.
export function openBrowser(chrome) {
  return puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

// What is measured, given by `cargo xtask bench lighthouse` from the one route table
// (crates/routes) as JSON: each entry route, and /insights; a page that needs a key is
// measured with a demo key already in the tab (set on /build.json, a page that does not start
// Folio), so the page itself is what gets measured, not Connect.
//   [{ "name": "/connect", "path": "/connect", "key": false }, …]
export function runsFrom(json) {
  return JSON.parse(json).map((run) => ({ ...run, name: run.key ? `${run.path} (key in the tab)` : run.path }));
}

// Runs Lighthouse on `base + run.path` in a new tab of `browser`; returns the report and the
// tab (the caller closes it).
export async function measure(browser, base, run, categories) {
  simulations = [];
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage',
  });
  if (run.key) {
    await page.goto(base + '/build.json');
    // With the time of the last activity: a key without it is forgotten as stale.
    await page.evaluate(() => {
      sessionStorage.setItem('folio.key', 'folio-demo-full');
      sessionStorage.setItem('folio.last_activity', String(Date.now()));
    });
  }
  const result = await lighthouse(
    base + run.path,
    { logLevel: 'error', disableStorageReset: run.key, onlyCategories: categories },
    undefined,
    page,
  );
  return { lhr: result.lhr, page };
}
