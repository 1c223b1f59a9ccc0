// `npm run screenshots -- [--users digital,papir] [--routes /,/fakturaoversikt]
//   [--titles FVN,SET] [--widths 390,1280] [--out docs/screenshots/now]`:
// looks at screens as a reader does. Builds the SPA if needed, starts the product with a fresh
// in-memory database, signs in as each demo user (the part of the e-mail before @; `anonym` stays
// signed out) in headless Debian Chromium, and saves a full-page PNG per user × title × route ×
// width, named `{user}-{title}-{route}-{width}.png`. Defaults: three users on home, on one bokmål
// (FVN) and one nynorsk (SET) title, at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium, type Browser } from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS, ensureBuild, freePort, root, signIn, startProduct } from './lib';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: 'digital,papir,ingen' },
    routes: { type: 'string', default: '/' },
    titles: { type: 'string', default: 'FVN,SET' },
    widths: { type: 'string', default: '390,1280' },
    out: { type: 'string', default: 'docs/screenshots/now' },
  },
});
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const users = list(values.users);
const routes = list(values.routes);
const titles = list(values.titles);
const widths = list(values.widths).map(Number);
const outDir = path.resolve(root, values.out);

const slug = (route: string) => route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'home';

let browser: Browser | undefined;
let product: { stop: () => Promise<void> } | undefined;
let saved = 0;
try {
  await ensureBuild();
  mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  product = await startProduct(port);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  for (const title of titles) {
    const base = `http://${title.toLowerCase()}.localhost:${port}`;
    for (const user of users) {
      const context = await browser.newContext({ locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
      const page = await context.newPage();
      if (user !== 'anonym') await signIn(page, base, `${user}@demo.minside.no`);
      for (const route of routes) {
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
          await page.waitForTimeout(300);
          const file = path.join(outDir, `${user}-${title}-${slug(route)}-${width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(root, file));
          saved += 1;
        }
      }
      await context.close();
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close().catch(() => undefined);
  await product?.stop().catch(() => undefined);
}
process.exit(saved > 0 ? 0 : 1);
