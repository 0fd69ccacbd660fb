// Where a repeat visit's start-up goes, in CPU time rather than wall time, so that two builds can be
// compared on a busy machine (wall times there measure the other processes as much as the page):
// `node scripts/startup-trace.mjs [DIST ...] [--runs N] [--game | --plies N]`. For each build folder (default
// dist/), N times (default 3): a first visit on the phone profile installs the service worker (with --game, a
// second visit then starts a pass-and-play game and plays a move: a player coming back to a game; with
// --plies N, it opens the link of a chess game N plies long, up to 80, so reopening replays a real game), then a new tab
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
import { execFileSync } from 'node:child_process';
import { serve } from './serve.mjs';
import { root } from './build.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const pliesAt = args.indexOf('--plies');
const PLIES = pliesAt >= 0 ? Number(args[pliesAt + 1]) : 0;
const GAME = args.includes('--game') || PLIES > 0;
const dists = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1) && (pliesAt < 0 || i !== pliesAt + 1));
// A game of the Stockfish bench (level 5 against UCI_Elo 1800), for --plies.
const LONG_GAME = `e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 f3e5 d8d4 e5d3 g8e7 b1c3 f7f5 e4e5 c6c5 b2b3 e7c6 c1a3 c8d7
  e1g1 b7b6 d1f3 e8c8 e5e6 d7e8 f3f5 c8b8 f5h3 g7g5 a3b2 g5g4 h3g3 f8d6 g3h4 h8g8 c3d1 d4d5 f1e1 d6e7 b2f6 e7f6
  h4f6 d5d6 d1e3 g8g6 f6h4 d6e6 d3f4 e6f6 f4g6 f6a1 e1a1 e8g6 d2d3 h7h5 h2h3 c5c4 h3g4 c4b3 a2b3 h5g4 h4g4 g6e8
  a1a6 d8d6 g4a4 c6d8 a4e8 c7c5 e3c4 d6d5`.split(/\s+/);

/** The link of the first `plies` moves of LONG_GAME, from the command line's engine. */
function longGameLink(plies) {
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'chessfront-engine', '--bin', 'chessfront', '--', 'play', 'chess', ...LONG_GAME.slice(0, plies)], { cwd: root, encoding: 'utf8' });
  return out.match(/^link: (.*)$/m)[1];
}
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

/** A visit that opens the link of a game of `plies` moves; the page keeps it as the current game. */
async function keepALinkGame(context, url, plies) {
  const page = await context.newPage();
  await page.goto(`${url}#${longGameLink(plies)}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  await page.waitForFunction((n) => document.querySelectorAll('#moves button').length >= n, plies, { timeout: 60000 });
  await page.close();
}

/** A visit that starts a pass-and-play game of chess and plays its first listed move (white's side). */
async function keepAGame(context, url) {
  if (PLIES > 0) return keepALinkGame(context, url, Math.min(PLIES, LONG_GAME.length));
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  if (await page.isVisible('#welcome-dialog')) {
    await page.click('.welcome-ways button[data-mode="local"]');
    // A start screen shown before the engine runs the choice once the engine is there.
    await page.waitForSelector('#welcome-dialog', { state: 'hidden', timeout: 60000 });
  }
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
