// `npx tsx scripts/screenshot.ts URL OUT_PREFIX [cookie]`: full-page screenshots at 1280 and
// 375 px wide (OUT_PREFIX-1280.png, OUT_PREFIX-375.png), for looking at what a page shows.
import { chromium } from 'playwright-core';
import { findChromium } from '../tests/support/chromium';

const [url, prefix = '/tmp/screenshot', cookie] = process.argv.slice(2);
if (!url) {
  process.stderr.write('usage: tsx scripts/screenshot.ts URL OUT_PREFIX [cookie]\n');
  process.exit(2);
}
const launch = await findChromium();
const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args });
for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  if (cookie) {
    const [name, ...rest] = cookie.split('=');
    await context.addCookies([{ name: name as string, value: rest.join('='), url }]);
  }
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
  await context.close();
  process.stdout.write(`${prefix}-${width}.png\n`);
}
await browser.close();
