// Start-up benchmark (`npm run bench:startup`; also part of `npm run bench`): the time from navigation to
// a playable board (body[data-ready]), in Chromium, on two profiles:
//  - phone: CPU 4x slower (CDP throttling), 9 Mbit/s down, 150 ms latency, a 412x915 screen;
//  - desktop: this machine as it is.
// Cold: a fresh profile (no HTTP cache, no service worker). Repeat: the same profile's next visit (the
// service worker installed by the first; a first visit with no game kept opens on the start screen).
// Repeat with a game kept: the next visit after a move was played (a player coming back to a game).
// The marks line of each visit ends with `painted`: when the frame showing that board was drawn, which
// older builds' figures (the mark alone) leave out. Medians of BENCH_RUNS (default 7) runs, and the first load's
// bytes as sent gzip and brotli (the requests made before the board was playable). Serves dist/: build
// first (`node scripts/build.mjs`).
import { chromium } from 'playwright-core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_DIST: another build's folder (e.g. an older commit's dist/, for a before-and-after).
const dist = process.env.BENCH_DIST || join(root, 'dist');
const RUNS = Number(process.env.BENCH_RUNS || 7);

export const PROFILES = {
  phone: {
    cpu: 4,
    network: { offline: false, latency: 150, downloadThroughput: (9e6 / 8), uploadThroughput: (9e6 / 8) },
    viewport: { width: 412, height: 915 },
    mobile: true,
  },
  desktop: { cpu: 1, network: null, viewport: { width: 1280, height: 800 }, mobile: false },
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function throttle(context, page, profile) {
  const cdp = await context.newCDPSession(page);
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', profile.network);
  }
  return cdp;
}

/**
 * Notes when the page marks its board playable (body data-ready), in ms since navigation start. A
 * mutation observer rather than a mark of the page's own, so that older builds measure alike.
 */
const WATCH_READY = () => {
  new MutationObserver(() => {
    if (document.body?.dataset.ready === 'true' && window.readyAt == null) {
      window.readyAt = performance.now();
      // The board is on the screen once the frame after that has been drawn: a task queued from the
      // frame's animation callback runs after it (measured: 60-100 ms after the mark on the phone).
      requestAnimationFrame(() => setTimeout(() => {
        window.paintedAt = performance.now();
        console.debug('chessfront-painted');
      }, 0));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
};

/**
 * Navigates; answers the time to a playable board in ms since navigation start, and the page's own
 * start-up marks (chessfront-script, -engine, -session, -ready) where it makes them.
 */
async function visit(page, url) {
  // Told by a console message, not by polling the page: Playwright's selector and function waits run
  // its own script in the page, 60 ms and more of the phone's main thread (seen in a trace), and with
  // a wait for the load event that ran before the board was ready.
  const painted = page.waitForEvent('console', { predicate: (m) => m.text() === 'chessfront-painted', timeout: 60000 });
  await page.goto(url, { waitUntil: 'commit' });
  await painted;
  return page.evaluate(() => ({
    ready: window.readyAt,
    painted: window.paintedAt,
    marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('chessfront-'))
      .map((m) => [m.name.slice('chessfront-'.length), m.startTime])),
  }));
}

/** Starts a pass-and-play game of chess from the start screen (if shown) and plays its first listed move. */
async function playOneMove(page) {
  if (await page.isVisible('#welcome-dialog')) {
    await page.click('.welcome-ways button[data-mode="local"]');
    // A start screen shown before the engine runs the choice once the engine is there.
    await page.waitForSelector('#welcome-dialog', { state: 'hidden', timeout: 60000 });
  }
  const plies = await page.$$eval('#moves button', (b) => b.length);
  const move = ((await page.getAttribute('body', 'data-moves')) || '').split(' ')[0];
  if (!move) return;
  const box = await page.locator('#board').boundingBox();
  const w = Number(await page.getAttribute('body', 'data-board-width')) || 8;
  const h = Number(await page.getAttribute('body', 'data-board-height')) || 8;
  const flipped = (await page.getAttribute('body', 'data-flipped')) === 'true';
  for (const sq of move.match(/[a-p][0-9]+/g)) {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq.slice(1)) - 1;
    const col = flipped ? w - 1 - file : file;
    const row = flipped ? rank : h - 1 - rank;
    await page.mouse.click(box.x + ((col + 0.5) * box.width) / w, box.y + ((row + 0.5) * box.height) / h);
  }
  await page.waitForFunction((n) => document.querySelectorAll('#moves button').length > n, plies, { timeout: 60000 });
}

/** One cold visit and one repeat visit in a fresh context; the paths fetched before the cold board was ready. */
async function run(browser, url, profile) {
  const context = await browser.newContext({ viewport: profile.viewport, isMobile: profile.mobile, hasTouch: profile.mobile });
  try {
    await context.addInitScript(WATCH_READY);
    const page = await context.newPage();
    await throttle(context, page, profile);
    const fetched = [];
    const onResponse = (r) => fetched.push({ path: new URL(r.url()).pathname, encoding: r.headers()['content-encoding'] || null });
    page.on('response', onResponse);
    const cold = await visit(page, url);
    page.off('response', onResponse);
    // The service worker caches the build once the board is ready; the next visit starts from it.
    // (Builds from before the start-up work have none: their repeat visit is the HTTP cache's.)
    if (existsSync(join(dist, 'sw.js'))) {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
    }
    // A new tab, as a player coming back would open (a reload would keep the page's memory cache).
    await page.close();
    const again = await context.newPage();
    await throttle(context, again, profile);
    const repeat = await visit(again, url);
    // A player coming back to a game: one is started and a move played, then a new tab again (with no
    // game kept, a visit opens on the start screen, which draws a picture of each variant).
    await playOneMove(again);
    await again.close();
    const third = await context.newPage();
    await throttle(context, third, profile);
    const returning = await visit(third, url);
    return {
      cold: cold.ready, repeat: repeat.ready, returning: returning.ready,
      // The frame that shows the playable board, after the page's last mark (see WATCH_READY).
      coldMarks: { ...cold.marks, painted: cold.painted },
      repeatMarks: { ...repeat.marks, painted: repeat.painted },
      returningMarks: { ...returning.marks, painted: returning.painted },
      fetched,
    };
  } finally {
    await context.close();
  }
}

/** The bytes of the first load: every file fetched before the board was ready, as .gz and as .br. */
function firstLoad(fetched) {
  // The precompressed copy's size, or (builds without copies) the file compressed now.
  const size = (path, suffix) => {
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    if (existsSync(file + suffix)) return statSync(file + suffix).size;
    if (!existsSync(file)) return 0;
    const bytes = readFileSync(file);
    return (suffix === '.gz' ? gzipSync(bytes, { level: 9 }) : brotliCompressSync(bytes)).length;
  };
  const paths = [...new Set(fetched.map((f) => f.path))];
  return {
    paths,
    gzip: paths.reduce((n, p) => n + size(p, '.gz'), 0),
    brotli: paths.reduce((n, p) => n + size(p, '.br'), 0),
    encodings: [...new Set(fetched.map((f) => f.encoding ?? 'identity'))],
  };
}

export async function startupBench({ runs = RUNS, log = console.log } = {}) {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run node scripts/build.mjs first');
  const server = await serve(dist, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const results = {};
  try {
    let load = null;
    for (const [name, profile] of Object.entries(PROFILES)) {
      const cold = [];
      const repeat = [];
      const returning = [];
      const marks = { cold: {}, repeat: {}, returning: {} };
      for (let i = 0; i < runs; i++) {
        const r = await run(browser, url, profile);
        cold.push(r.cold);
        repeat.push(r.repeat);
        returning.push(r.returning);
        for (const [visit, m] of [['cold', r.coldMarks], ['repeat', r.repeatMarks], ['returning', r.returningMarks]]) {
          for (const [k, v] of Object.entries(m)) (marks[visit][k] ??= []).push(v);
        }
        load ??= firstLoad(r.fetched);
      }
      results[name] = { cold: median(cold), repeat: median(repeat), returning: median(returning), colds: cold, repeats: repeat, returnings: returning };
      const runsOf = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
      log(`${name.padEnd(8)} cold ${median(cold).toFixed(0).padStart(5)} ms  repeat ${median(repeat).toFixed(0).padStart(5)} ms` +
        `  repeat with a game kept ${median(returning).toFixed(0).padStart(5)} ms` +
        `   (runs: cold ${runsOf(cold)}; repeat ${runsOf(repeat)}; with a game ${runsOf(returning)})`);
      // Where the time goes: the median of each mark (script running, engine instantiated, session
      // started, board playable, and the frame that shows it painted), in ms since navigation start.
      for (const visit of ['cold', 'repeat', 'returning']) {
        const m = Object.entries(marks[visit]);
        if (m.length) log(`${''.padEnd(8)} ${visit.padEnd(6)} marks: ${m.map(([k, v]) => `${k} ${median(v).toFixed(0)}`).join(', ')}`);
      }
    }
    results.firstLoad = load;
    log(`first load: ${load.gzip.toLocaleString('en')} B gzip, ${load.brotli.toLocaleString('en')} B brotli ` +
      `(${load.paths.length} files: ${load.paths.join(' ')}; sent as ${load.encodings.join(', ')})`);
    log('goals: phone cold < 1000 ms, phone repeat < 400 ms, first load < 180,000 B gzip');
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`== Start-up: navigation to a playable board, medians of ${RUNS} runs`);
  await startupBench();
}
