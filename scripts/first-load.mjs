// The first load of a link: what a fresh browser fetches from opening the address until the
// board is playable (body[data-ready]), file by file, raw, gzip -9 and brotli 11 (the build's
// precompressed copies, which the static host sends). No throttling, one run: bytes, not time
// (scripts/startup-bench.mjs times it). The budget test (tests/e2e/first_load_budget.test.mjs) uses it.
//   node scripts/first-load.mjs   the start screen, and each variant's link as a player receives it (an
//                                 invitation made in another browser profile of the same build)
// Serves dist/: build first (node scripts/build.mjs).
import { chromium } from 'playwright-core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The variants the page ships, in the registry's order (crate/variants/Cargo.toml's default features). */
export function shippedSlugs() {
  const manifest = readFileSync(join(root, 'crate', 'variants', 'Cargo.toml'), 'utf8');
  return JSON.parse(manifest.match(/^default = (\[[^\]]*\])/m)[1]);
}

/**
 * A game link of each shipped variant as a player receives one (slug -> fragment): in a page of `base`,
 * a new link game where this browser plays the second seat, whose invitation link the page shows at once.
 */
export async function invitationLinks(browser, base) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]');
    if (await page.isVisible('#welcome-dialog')) await page.click('#welcome-close');
    // A start screen shown before the engine: the board's controls are wired once it has drawn.
    await page.waitForSelector('body[data-position]', { state: 'attached' });
    const links = {};
    for (const slug of shippedSlugs()) {
      await page.click('#new-game');
      await page.selectOption('#new-variant', slug);
      await page.check('input[name="mode"][value="link"]');
      await page.selectOption('#new-side', '1');
      await page.click('#new-start');
      await page.waitForFunction((before) => {
        const url = document.getElementById('link-url')?.value ?? '';
        return url.includes('#') && url !== before;
      }, Object.values(links).at(-1) ?? '');
      links[slug] = (await page.inputValue('#link-url')).split('#')[1];
    }
    return links;
  } finally {
    await context.close();
  }
}

/** The sizes of one file of `dist` as sent: raw, gzip and brotli (precompressed copy, else compressed now). */
export function fileSizes(dist, path) {
  const file = join(dist, path === '' || path.endsWith('/') ? `${path}index.html` : path);
  const bytes = readFileSync(file);
  const copy = (suffix, make) => (existsSync(file + suffix) ? statSync(file + suffix).size : make(bytes).length);
  return {
    raw: bytes.length,
    gzip: copy('.gz', (b) => gzipSync(b, { level: 9 })),
    brotli: copy('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

export const launch = () => chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
});

/** Serves `dist` for `work(base)` (an address ending in '/'). */
export async function serving(dist, work) {
  const server = await serve(dist, 0, '127.0.0.1');
  try {
    return await work(`http://127.0.0.1:${server.address().port}/`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/**
 * Opens `base` (serving `dist`) at `#fragment` (empty: the start screen) in a fresh Chromium profile of
 * `browser` and returns the files fetched before the board was playable with their sizes, and the totals.
 */
export async function firstLoad(dist, base, fragment, browser) {
  {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === new URL(base).origin) fetched.push(url.pathname.slice(1));
    });
    await page.goto(`${base}${fragment ? `#${fragment}` : ''}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    // Every request counts (a file fetched twice is sent twice).
    const files = [...fetched].map((path) => ({ path: path || 'index.html', ...fileSizes(dist, path) }));
    const sum = (k) => files.reduce((n, f) => n + f[k], 0);
    await context.close();
    return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.env.BENCH_DIST || join(root, 'dist');
  const n = (x) => x.toLocaleString('en');
  const browser = await launch();
  await serving(dist, async (base) => {
    const links = await invitationLinks(browser, base);
    const rows = [['start screen', '']].concat(Object.entries(links).map(([slug, link]) => [`${slug} link`, link]));
    for (const [name, fragment] of rows) {
      const load = await firstLoad(dist, base, fragment, browser);
      console.log(`${name.padEnd(16)} raw ${n(load.raw).padStart(9)}  gzip ${n(load.gzip).padStart(9)}  brotli ${n(load.brotli).padStart(9)}   ${load.files.map((f) => `${f.path} ${n(f.brotli)}`).join(', ')}`);
    }
  });
  await browser.close();
}
