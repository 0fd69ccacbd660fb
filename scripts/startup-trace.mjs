// Where a repeat visit's start-up goes, in CPU time rather than wall time, so that two builds can be
// compared on a busy machine (wall times there measure the other processes as much as the page):
// `node scripts/startup-trace.mjs [DIST ...] [--runs N]`. For each build folder (default dist/), N times
// (default 3): a first visit on the phone profile installs the service worker, then a new tab is traced
// (Chromium's trace, CPU 4x slower) until the board is playable. Prints, per build, the medians of the
// page's main-thread CPU time before its `chessfront-ready` mark, and of what in it is compiling
// JavaScript, compiling wasm functions on their first call (V8 compiles wasm lazily, on the main
// thread), and layout (less what the tracing itself costs: source positions collected for it).
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { serve } from './serve.mjs';
import { root } from './build.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const dists = args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1);
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
  const main = traceEvents.filter((e) => e.ph === 'X' && e.pid === ready.pid && e.ts < ready.ts
    && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
  const sum = (keep) => main.filter(keep).reduce((n, e) => n + (e.tdur || 0), 0) / 1000;
  return {
    // Collecting source positions is the trace's own cost (code from a code cache has none until a
    // tracer asks), not the page's: left out.
    total: sum((e) => e.name === 'RunTask') - sum((e) => e.name === 'V8.CollectSourcePositions'),
    js: sum((e) => JS_COMPILE.test(e.name)),
    wasm: sum((e) => e.name === 'wasm.CompileLazy'),
    layout: sum((e) => e.name === 'Layout'),
  };
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
  console.log(`== Repeat visit, phone profile (CPU 4x): main-thread CPU ms before the board is playable, medians of ${RUNS}`);
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
    console.log(`${m('total')} ms in all: compiling JavaScript ${m('js')}, wasm on first call ${m('wasm')}, layout ${m('layout')}  ${dist}`);
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
