import puppeteer from 'puppeteer-core';
const [base, path, out, rate] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const page = await browser.newPage();
await page.setViewport({width: 412, height: 823});
await page.goto(base + '/build.json');
await page.evaluate(() => sessionStorage.setItem('folio.key', 'folio-demo-full'));
await page.goto(base + path, { waitUntil: 'networkidle0' });
await new Promise(r => setTimeout(r, 8000));
await page.goto(base + path, { waitUntil: 'networkidle0' });
await new Promise(r => setTimeout(r, 1200));
await cdpRate();
async function cdpRate(){ const cdp = await page.createCDPSession(); await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate || 1) }); }
await page.tracing.start({ path: out, categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','v8','blink.user_timing','loading','toplevel','disabled-by-default-v8.compile','ServiceWorker','disabled-by-default-v8.wasm.detailed','v8.wasm'] });
await page.goto(base + path, { waitUntil: 'networkidle0' });
await new Promise(r => setTimeout(r, 300));
await page.tracing.stop();
console.log(await page.evaluate(() => !!navigator.serviceWorker.controller));
await browser.close();
