// Where a repeat visit's start-up goes, in CPU time rather than wall time, so that two builds can be
// compared on a busy machine (wall times there measure the other processes as much as the page):
// `node scripts/startup-trace.mjs [DIST ...] [--runs N] [--game]`. For each build folder (default dist/), N
// times (default 3): a first visit on the phone profile installs the service worker (with --game, a second
// visit then starts a pass-and-play game and plays a move: a player coming back to a game), then a new tab
// is traced (Chromium's trace, CPU 4x slower) until the board is playable. Prints, per build, the medians
// of the page's main-thread CPU time before its `chessfront-ready` mark, and of what in it is compiling
// JavaScript, compiling wasm functions on their first call (V8 compiles wasm lazily, on the main
// thread), style and layout (less what the tracing itself costs: source positions collected for it);
// then the same CPU time split at the page's marks (navigation to `chessfront-script`, to `-engine`, to
// `-session`, to `-ready`), read from the main thread's clock at each mark.
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { serve } from './serve.mjs';
import { root } from './build.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const GAME = args.includes('--game');
const dists = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
if (!dists.length) dists.push(join(root, 'dist'));

const JS_COMPILE = /^V8\.(CompileCode|ParseFunction|ParseProgram|PreParse|CompileIgnition|CompileLazy)$/;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** CPU milliseconds of the page's main thread before the ready mark, in all and by kind. */
function cpuBeforeReady(traceFile) {
  const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8'));
  const threads = new Map();
  for (const e of traceEvents) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const ready = traceEvents.find((e) => e.name === 'chessfront-ready');
  if (!ready) throw new Error('the trace has no chessfront-ready mark');
  const onMain = (e) => e.pid === ready.pid && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  const main = traceEvents.filter((e) => e.ph === 'X' && onMain(e) && e.ts < ready.ts);
  const sum = (keep) => main.filter(keep).reduce((n, e) => n + (e.tdur || 0), 0) / 1000;
  // The page's marks carry the main thread's clock (tts): the CPU time between two marks is their
  // difference. The first phase starts at the navigation's first task on the main thread.
  const tasks = main.filter((e) => e.name === 'RunTask' && e.tts != null);
  const navigation = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === ready.pid
    && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const first = tasks.find((e) => !navigation || e.ts >= navigation.ts);
  const phases = {};
  let at = first ?? null;
  for (const name of ['script', 'engine', 'session', 'ready']) {
    const m = traceEvents.find((e) => e.name === `chessfront-${name}` && onMain(e) && e.tts != null);
    if (!m || at == null) continue;
    const tracing = sum((e) => e.name === 'V8.CollectSourcePositions' && e.ts >= at.ts && e.ts < m.ts);
    phases[name] = (m.tts - at.tts) / 1000 - tracing;
    at = m;
  }
  return {
    phases,
    // Collecting source positions is the trace's own cost (code from a code cache has none until a
    // tracer asks), not the page's: left out.
    total: sum((e) => e.name === 'RunTask') - sum((e) => e.name === 'V8.CollectSourcePositions'),
    js: sum((e) => JS_COMPILE.test(e.name)),
    wasm: sum((e) => e.name === 'wasm.CompileLazy'),
    layout: sum((e) => e.name === 'Layout'),
    style: sum((e) => e.name === 'UpdateLayoutTree'),
  };
}

/** A visit that starts a pass-and-play game of chess and plays its first listed move (white's side). */
async function keepAGame(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  if (await page.isVisible('#welcome-dialog')) await page.click('.welcome-ways button[data-mode="local"]');
  const move = ((await page.getAttribute('body', 'data-moves')) || '').split(' ')[0];
  const box = await page.locator('#board').boundingBox();
  for (const sq of move.match(/[a-h][1-8]/g)) {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]) - 1;
    await page.mouse.click(box.x + ((file + 0.5) * box.width) / 8, box.y + ((7 - rank + 0.5) * box.height) / 8);
  }
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length > 0, null, { timeout: 60000 });
  await page.close();
}

async function traceRepeatVisit(browser, url, traceFile) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    const first = await context.newPage();
    await first.goto(url);
    await first.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    await first.evaluate(() => navigator.serviceWorker.ready);
    await first.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
    await first.close();
    if (GAME) await keepAGame(context, url);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.compile'] });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    await browser.stopTracing();
    return cpuBeforeReady(traceFile);
  } finally {
    await context.close();
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'chessfront-trace-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  console.log(`== Repeat visit${GAME ? ' with a game kept' : ''}, phone profile (CPU 4x): main-thread CPU ms before the board is playable, medians of ${RUNS}`);
  for (const dist of dists) {
    const server = await serve(dist, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${server.address().port}/`;
    const runs = [];
    try {
      for (let i = 0; i < RUNS; i++) runs.push(await traceRepeatVisit(browser, url, join(scratch, 'trace.json')));
    } finally {
      await new Promise((r) => server.close(r));
    }
    const m = (k) => median(runs.map((r) => r[k])).toFixed(0).padStart(5);
    const p = (k) => median(runs.map((r) => r.phases[k] ?? NaN)).toFixed(0).padStart(4);
    console.log(`${m('total')} ms in all: compiling JavaScript ${m('js')}, wasm on first call ${m('wasm')}, style ${m('style')}, layout ${m('layout')}` +
      `; by phase: to script ${p('script')}, engine ${p('engine')}, session ${p('session')}, ready ${p('ready')}  ${dist}`);
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
