// `cargo xtask bench lighthouse --against DIR` runs this: the performance score, LCP and TBT
// of two builds, this one at BASE and the other at OTHER (each served by its own sandbox),
// measured alternately (this, other, this, …) ROUNDS times per route, so that the machine's
// drift falls on both alike. One run of one build is not enough to compare: TBT swings
// between about 60 and 280 ms from run to run of the same build.
//   node compare.mjs BASE OTHER CHROME ROUNDS RUNS_JSON
import { runsFrom, measure, openBrowser } from './measure.mjs';

const [base, other, chrome, rounds, runsJson] = process.argv.slice(2);
const RUNS = runsFrom(runsJson);
const browser = await openBrowser(chrome);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
let failed = false;
for (const run of RUNS) {
  const figures = { this: [], other: [] };
  for (let round = 0; round < Number(rounds); round++) {
    for (const [build, at] of [['this', base], ['other', other]]) {
      const { lhr, page } = await measure(browser, at, run, ['performance']);
      await page.close();
      if (lhr.runtimeError) {
        console.log(`${run.name} (${build}): Lighthouse failed: ${lhr.runtimeError.message}`);
        failed = true;
        continue;
      }
      const row = {
        score: lhr.categories.performance.score,
        lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
      };
      figures[build].push(row);
      console.log(`${run.name.padEnd(20)} ${build.padEnd(5)} performance ${row.score.toFixed(2)}  LCP ${row.lcp} ms  TBT ${row.tbt} ms`);
    }
  }
  for (const build of ['this', 'other']) {
    const rows = figures[build];
    if (!rows.length) continue;
    const mean = rows.reduce((sum, r) => sum + r.score, 0) / rows.length;
    console.log(
      `${run.name.padEnd(20)} ${build.padEnd(5)} median of ${rows.length}: performance ${median(rows.map((r) => r.score)).toFixed(2)}` +
        ` (mean ${mean.toFixed(3)})  LCP ${median(rows.map((r) => r.lcp))} ms  TBT ${median(rows.map((r) => r.tbt))} ms`,
    );
  }
}
await browser.close();
process.exit(failed ? 1 : 0);
