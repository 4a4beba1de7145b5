// One Lighthouse run (mobile, simulated throttling, the default config) from a cold cache
// (HTTP cache, service worker and its caches cleared), and the headless Chromium it runs in;
// shared by run.mjs and compare.mjs.
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';

// Headless Chromium at `chrome`, as the benchmarks run it.
export function openBrowser(chrome) {
  return puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

// What is measured:
// - /connect, as a first-time visitor sees it;
// - / with a demo key already in the tab (set on /build.json, a page that does not start
//   Folio), so the portfolio is what gets measured.
export const RUNS = [
  { name: '/connect', path: '/connect', key: false },
  { name: '/ (key in the tab)', path: '/', key: true },
];

// Runs Lighthouse on `base + run.path` in a new tab of `browser`; returns the report and the
// tab (the caller closes it).
export async function measure(browser, base, run, categories) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage',
  });
  if (run.key) {
    await page.goto(base + '/build.json');
    await page.evaluate(() => sessionStorage.setItem('folio.key', 'folio-demo-full'));
  }
  const result = await lighthouse(
    base + run.path,
    { logLevel: 'error', disableStorageReset: run.key, onlyCategories: categories },
    undefined,
    page,
  );
  return { lhr: result.lhr, page };
}
