// `cargo xtask bench lighthouse` runs this: Lighthouse on a Folio build served by the
// sandbox at BASE, in Chromium at CHROME (the runs: measure.mjs).
//   node run.mjs BASE CHROME [REPORTS]
// Prints one line per run: the four category scores, FCP, LCP, TBT and Speed Index, then the
// steps Lighthouse's simulated LCP ends with (measure.mjs, `lcpSteps`); with
// REPORTS (a folder), writes each run's whole report there as lighthouse-<route>.json.
import { writeFileSync } from 'node:fs';
import { RUNS, lcpSteps, measure, openBrowser } from './measure.mjs';

const [base, chrome, reports] = process.argv.slice(2);
const browser = await openBrowser(chrome);

let failed = false;
for (const run of RUNS) {
  const { lhr, page } = await measure(browser, base, run);
  if (lhr.runtimeError) {
    console.log(`${run.name}: Lighthouse failed: ${lhr.runtimeError.message}`);
    failed = true;
  } else {
    const score = (id) => lhr.categories[id]?.score?.toFixed(2) ?? 'n/a';
    const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    console.log(
      `${run.name.padEnd(20)} performance ${score('performance')}  accessibility ${score('accessibility')}` +
        `  best practices ${score('best-practices')}  SEO ${score('seo')}` +
        `  FCP ${audit('first-contentful-paint')} ms  LCP ${audit('largest-contentful-paint')} ms` +
        `  TBT ${audit('total-blocking-time')} ms  SI ${audit('speed-index')} ms`,
    );
    console.log(`${''.padEnd(20)} LCP's last steps (simulated): ${lcpSteps(4)}`);
    // The whole report, for the opportunities and the request chains behind the figures.
    if (reports) {
      const file = `${reports}/lighthouse-${run.path === '/' ? 'portfolio' : run.path.slice(1)}.json`;
      writeFileSync(file, JSON.stringify(lhr));
      console.log(`${''.padEnd(20)} (report: ${file})`);
    }
    // What keeps a category below 1 (for accessibility and best practices), by audit id.
    for (const category of ['accessibility', 'best-practices']) {
      const failing = lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => `${a.id} (${(a.details?.items ?? []).map((i) => i.node?.snippet ?? '').filter(Boolean).slice(0, 3).join(' ')})`);
      if (failing.length) console.log(`${''.padEnd(20)} ${category} to fix: ${failing.join('; ')}`);
    }
    const painted = await page.evaluate(() => document.title + ' | ' + (document.querySelector('h1')?.textContent ?? ''));
    console.log(`${''.padEnd(20)} (page shown: ${painted})`);
  }
  await page.close();
}
await browser.close();
process.exit(failed ? 1 : 0);
