import puppeteer from 'puppeteer-core';
const [a, b, rounds] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const probe = `(() => { const shown = () => { const t = document.querySelector('#portfolio-total, #total'); return t && /\\d/.test(t.textContent) && document.querySelector('[data-testid=position-row], .position-row'); };
 const o = new MutationObserver(() => { if (shown()) { o.disconnect(); requestAnimationFrame(() => { window.__painted = performance.now(); }); } });
 o.observe(document, { subtree: true, childList: true, characterData: true }); })();`;
async function open(base) {
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(probe);
  await page.goto(base + '/build.json');
  await page.evaluate(() => sessionStorage.setItem('folio.key', 'folio-demo-full'));
  await page.goto(base + '/', { waitUntil: 'networkidle0' });
  await new Promise(r => setTimeout(r, 12000));
  await page.goto(base + '/', { waitUntil: 'networkidle0' });
  console.error(base, 'controlled', await page.evaluate(() => !!navigator.serviceWorker.controller));
  return page;
}
const pages = { A: await open(a), B: await open(b) };
const times = { A: [], B: [] };
for (let i = 0; i < Number(rounds); i++) for (const [name, base] of [['A', a], ['B', b]]) {
  const page = pages[name]; await page.bringToFront();
  await new Promise(r => setTimeout(r, 1100));
  await page.goto(base + '/');
  await page.waitForFunction(() => window.__painted !== undefined, { timeout: 30000 });
  times[name].push(await page.evaluate(() => window.__painted));
}
const med = v => [...v].sort((x, y) => x - y)[v.length >> 1];
for (const k of ['A', 'B']) console.log(k, times[k].map(Math.round).join(' '), 'median', Math.round(med(times[k])));
await browser.close();
