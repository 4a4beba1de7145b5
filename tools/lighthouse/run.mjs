// `cargo xtask bench lighthouse` runs this: Lighthouse (mobile) on a Folio build served by the
// sandbox at BASE, in Chromium at CHROME, ROUNDS times on each route of RUNS_JSON (the runs:
// measure.mjs), then each route's medians.
//   node run.mjs BASE CHROME ROUNDS RUNS_JSON [REPORTS]
// Prints one line per run (the four category scores, FCP, LCP, TBT, Speed Index), the steps
// Lighthouse's simulated LCP ends with in the route's first run (measure.mjs, `lcpSteps`)
// and what keeps accessibility or best practices below 1; with REPORTS (a folder), writes
// each route's first report there as lighthouse-<route>.json. The last lines are the
// medians per route. One run is not enough: TBT swings between about 60 and 280 ms from
// run to run of one build.
import { writeFileSync } from 'node:fs';
import { runsFrom, lcpSteps, measure, openBrowser } from './measure.mjs';

const [base, chrome, rounds, runsJson, reports] = process.argv.slice(2);
const RUNS = runsFrom(runsJson);
const browser = await openBrowser(chrome);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const medians = [];
let failed = false;
for (const run of RUNS) {
  const rows = [];
  for (let round = 0; round < Number(rounds); round++) {
    const { lhr, page } = await measure(browser, base, run);
    if (lhr.runtimeError) {
      console.log(`${run.name}: Lighthouse failed: ${lhr.runtimeError.message}`);
      failed = true;
      await page.close();
      continue;
    }
    const score = (id) => lhr.categories[id]?.score ?? NaN;
    const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      practices: score('best-practices'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
    };
    rows.push(row);
    console.log(
      `${run.name.padEnd(28)} performance ${row.performance.toFixed(2)}  accessibility ${row.accessibility.toFixed(2)}` +
        `  best practices ${row.practices.toFixed(2)}  SEO ${score('seo').toFixed(2)}` +
        `  FCP ${audit('first-contentful-paint')} ms  LCP ${row.lcp} ms  TBT ${row.tbt} ms  SI ${audit('speed-index')} ms`,
    );
    if (round === 0) {
      console.log(`${''.padEnd(28)} LCP's last steps (simulated): ${lcpSteps(4)}`);
      if (reports) {
        const file = `${reports}/lighthouse-${run.path === '/' ? 'portfolio' : run.path.slice(1).replaceAll('/', '-')}.json`;
        writeFileSync(file, JSON.stringify(lhr));
        console.log(`${''.padEnd(28)} (report: ${file})`);
      }
      // What keeps a category below 1 (for accessibility and best practices), by audit id.
      for (const category of ['accessibility', 'best-practices']) {
        const failing = lhr.categories[category].auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => `${a.id} (${(a.details?.items ?? []).map((i) => i.node?.snippet ?? '').filter(Boolean).slice(0, 3).join(' ')})`);
        if (failing.length) console.log(`${''.padEnd(28)} ${category} to fix: ${failing.join('; ')}`);
      }
      const shown = await page.evaluate(() => document.title + ' | ' + (document.querySelector('h1')?.textContent ?? ''));
      console.log(`${''.padEnd(28)} (page shown: ${shown})`);
    }
    await page.close();
  }
  if (rows.length) medians.push({ run, rows });
}
await browser.close();
console.log(`\nmedians (mobile; goal: performance ≥ 0.95, accessibility and best practices 1.00):`);
for (const { run, rows } of medians) {
  const m = (key) => median(rows.map((r) => r[key]));
  console.log(
    `${run.name.padEnd(28)} of ${rows.length}: performance ${m('performance').toFixed(2)}  accessibility ${m('accessibility').toFixed(2)}` +
      `  best practices ${m('practices').toFixed(2)}  LCP ${m('lcp')} ms  TBT ${m('tbt')} ms`,
  );
}
process.exit(failed ? 1 : 0);
