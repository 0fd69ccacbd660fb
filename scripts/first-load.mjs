// The first load of a link (issue 57): what a fresh browser fetches from opening the address until the
// board is playable (body[data-ready]), file by file, raw, gzip -9 and brotli 11 (the build's
// precompressed copies, which the static host sends). No throttling, one run: bytes, not time
// (scripts/startup-bench.mjs times it). The budget test (tests/e2e/first_load_budget.test.mjs) uses it.
//   node scripts/first-load.mjs            every variant's frozen link (tests/links/vectors.txt) and the start screen
// Serves dist/: build first (node scripts/build.mjs).
import { chromium } from 'playwright-core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A game link of each shipped variant, from the frozen vectors (name -> fragment). */
export function variantLinks() {
  const lines = readFileSync(join(root, 'tests', 'links', 'vectors.txt'), 'utf8').split('\n');
  const link = (name) => lines.find((l) => l.startsWith(`${name}\t`)).split('\t')[2];
  return {
    chess: link('open_game'),
    chess2024: link('chess2024_no_fortunes'),
    napoleon: lines.find((l) => l.startsWith('napoleon') && l.split('\t')[1]?.startsWith('ok:')).split('\t')[2],
    gunnery: link('gunnery_game'),
    wounds: link('wounds_game'),
    checkered: link('checkered_game'),
  };
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

/**
 * Opens `dist` at `#fragment` (none: the start screen) in a fresh Chromium profile and returns the files
 * fetched before the board was playable with their sizes, and the totals.
 */
export async function firstLoad(dist, fragment = '', { browser } = {}) {
  const server = await serve(dist, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}/`;
  const own = !browser;
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === new URL(base).origin) fetched.push(url.pathname.slice(1));
    });
    await page.goto(`${base}${fragment ? `#${fragment}` : ''}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const ready = [...new Set(fetched)];
    const files = ready.map((path) => ({ path: path || 'index.html', ...fileSizes(dist, path) }));
    const sum = (k) => files.reduce((n, f) => n + f[k], 0);
    await context.close();
    return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  } finally {
    if (own) await browser.close();
    await new Promise((r) => server.close(r));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.env.BENCH_DIST || join(root, 'dist');
  const n = (x) => x.toLocaleString('en');
  const rows = [['start screen', '']].concat(Object.entries(variantLinks()).map(([slug, link]) => [`${slug} link`, link]));
  for (const [name, fragment] of rows) {
    const load = await firstLoad(dist, fragment);
    console.log(`${name.padEnd(16)} raw ${n(load.raw).padStart(9)}  gzip ${n(load.gzip).padStart(9)}  brotli ${n(load.brotli).padStart(9)}   ${load.files.map((f) => `${f.path} ${n(f.brotli)}`).join(', ')}`);
  }
}
