// Shared set-up for the end-to-end tests: serve dist/ on a free port and drive Debian's Chromium
// through playwright-core (no browser download: CHROMIUM overrides the path).
import { chromium } from 'playwright-core';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serve } from '../../scripts/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = join(root, 'tests', 'e2e', 'screenshots');

export async function start() {
  const server = await serve(join(root, 'dist'), 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * Saves a screenshot for a person to look at (tests/e2e/screenshots/NAME.png), only when the
 * environment has SHOTS=1: the tests compare no pictures, so a plain run takes none. Waits for the
 * board's move animation to end first.
 */
export async function shot(page, name, options = {}) {
  if (!process.env.SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() => document.body.dataset.animating !== 'true');
  await page.screenshot({ path: join(SHOTS, `${name}.png`), ...options });
}

/** A page whose console errors and uncaught exceptions are collected, at `url`, waiting for nothing. */
export async function visit(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  await page.goto(url);
  return page;
}

/**
 * A page whose console errors and uncaught exceptions are collected (tests assert there are none). A
 * first visit shows the start screen: it is closed unless `welcome` is asked for. Answers once the
 * session has started (a start screen shown first answers before the engine has loaded).
 */
export async function open(context, url, { welcome = false } = {}) {
  const page = await visit(context, url);
  await page.waitForSelector('body[data-ready="true"]');
  if (!welcome && (await page.isVisible('#welcome-dialog'))) await page.click('#welcome-close');
  await sessionStarted(page);
  return page;
}

/** Waits until the page's session has answered its start and every control is wired (main.js). */
export const sessionStarted = (page) => page.waitForSelector('body[data-session="started"]', { state: 'attached' });

/**
 * Centre of a square (e.g. "e2", "d10") on the board canvas, in page coordinates, honouring the flip.
 * A square scrolled out of the viewport (a click lower down the panel scrolled the page) is scrolled
 * back into it first: a tap or a click there would land on nothing.
 */
export async function squareCenter(page, name) {
  const point = await squarePoint(page, name);
  const height = await page.evaluate(() => window.innerHeight);
  if (point.y >= 0 && point.y < height) return point;
  await page.evaluate((dy) => window.scrollBy(0, dy), point.y - height / 2);
  return squarePoint(page, name);
}

async function squarePoint(page, name) {
  const box = await page.locator('#board').boundingBox();
  const body = await page.evaluate(() => ({ ...document.body.dataset }));
  const flipped = body.flipped === 'true';
  const width = Number(body.boardWidth || 8);
  const height = Number(body.boardHeight || 8);
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const col = flipped ? width - 1 - file : file;
  const row = flipped ? rank : height - 1 - rank;
  return { x: box.x + ((col + 0.5) * box.width) / width, y: box.y + ((row + 0.5) * box.height) / height };
}

/** The squares of a coordinate move ("e2e4", "d10d9"). */
const squaresOf = (move) => move.match(/[a-p][0-9]+/g);

/**
 * A link game's move waits for confirmation (on by default): confirms it, as a player does, unless
 * `confirm` is false (tests of the confirmation itself).
 */
export async function confirmMove(page, confirm = true) {
  if (!confirm) return;
  // A link game that confirms each move shows the button with the move's drawing: waited for a moment
  // (read at once, it was sometimes not there yet on a phone, and the move stayed unconfirmed).
  const asks = await page.evaluate(() => !document.getElementById('confirm-preference').hidden && document.getElementById('confirm-moves').checked);
  if (asks) await page.waitForSelector('#confirm-move', { state: 'visible', timeout: 3000 }).catch(() => {});
  if (!(await page.isVisible('#confirm-move'))) return;
  // A phone's player taps it (a page with touch: the phone of VIEWPORTS).
  if (await page.evaluate(() => navigator.maxTouchPoints > 0)) await page.tap('#confirm-move');
  else await page.click('#confirm-move');
}

/** Plays a move by clicking its two squares (and confirms it in a link game). */
export async function clickMove(page, move, { confirm = true } = {}) {
  for (const sq of squaresOf(move)) {
    const { x, y } = await squareCenter(page, sq);
    await page.mouse.click(x, y);
  }
  await confirmMove(page, confirm);
}

/** Plays a move by dragging the piece. */
export async function dragMove(page, move) {
  const [from, to] = squaresOf(move);
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  await confirmMove(page);
}

export const moveNames = (page) => page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));

/** The link to send: a move made through a chooser or an action button is confirmed first, as a player does. */
export async function linkOf(page) {
  await confirmMove(page);
  return page.inputValue('#link-url');
}

/** Starts a new game from the dialog: variant slug, 'local' or 'link', seat for link games. */
export async function newGame(page, { variant = 'chess', mode = 'local', seat = 0, position = '' } = {}) {
  await page.click('#new-game');
  await page.selectOption('#new-variant', variant);
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'link') await page.selectOption('#new-side', String(seat));
  if (position) await page.fill('#new-position', position);
  await page.click('#new-start');
}

/**
 * Two players in separate browser contexts; Alice starts a link game playing `seat`. The rest of the
 * options are the contexts' (a phone of VIEWPORTS: `isMobile`, `hasTouch`).
 */
export async function twoPlayers(h, seat, { variant = 'chess', viewport = { width: 1200, height: 800 }, ...context } = {}) {
  const alice = await h.browser.newContext({ viewport, ...context });
  const bob = await h.browser.newContext({ viewport, ...context });
  const a = await open(alice, h.url);
  const b = await open(bob, h.url);
  await newGame(a, { variant, mode: 'link', seat });
  return {
    a,
    b,
    async close() {
      assert.deepEqual([...a.errors, ...b.errors], []);
      await alice.close();
      await bob.close();
    },
  };
}

/** Opens a link in a page the way a player does: pasting it into the address bar. */
export async function receive(page, link) {
  await page.goto(link);
  await page.waitForSelector('body[data-ready="true"]');
}

/** The shown position's text (FEN for the chess family). */
export const positionOf = (page) => page.getAttribute('body', 'data-position');

/** The lines of a frozen data file of tests/links/ (neither empty nor comments). */
function frozenLines(file) {
  return readFileSync(join(root, 'tests', 'links', file), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
}

/** The frozen link vectors (tests/links/vectors.txt): `{ name, expect, link }` each. */
export function readVectors() {
  return frozenLines('vectors.txt').map((l) => {
    const [name, expect, link = ''] = l.split('\t');
    return { name, expect, link };
  });
}

/** The two screens every player-facing check runs on: a desktop and a phone (touch). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/**
 * Declares `title` once per viewport: `body(page, name, options, context)` runs in a fresh browser
 * context of the harness `harness()` returns (called when the test runs), which must end with no page
 * errors.
 */
export function onBothViewports(harness, title, body) {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    test(`${title} (${name})`, async () => {
      const context = await harness().browser.newContext(options);
      const page = await open(context, harness().url);
      await body(page, name, options, context);
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }
}

/**
 * The frozen known answers (tests/links/known_answers.txt): `{ line, kind, inputs, answer }` each, the
 * inputs being the line's tab-separated fields but the last, as `engine::known_answers` reads them.
 */
export function readKnownAnswers() {
  return frozenLines('known_answers.txt').map((line) => {
    const cut = line.lastIndexOf('\t');
    return { line, kind: line.split('\t')[0], inputs: line.slice(0, cut), answer: line.slice(cut + 1) };
  });
}

/**
 * The release build's bindings with the exports tests call (target/bench-pkg, made by `node scripts/build.mjs`) loaded into this process, for
 * what a test computes with the engine itself (its calls never touch a watched page).
 */
export async function loadEngine() {
  const engine = await import(join(root, 'target', 'bench-pkg', 'chessfront_web.js'));
  await engine.default({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });
  return engine;
}

/**
 * Starts a game against the computer from the new-game dialog: `variant`, the player's `side` (0 White),
 * the computer's `level` (1-14). `inDialog(page)` runs while the dialog is open, the mode chosen (checks
 * of the dialog itself).
 */
export async function computerGame(page, { variant = 'chess', side = 0, level = 2, inDialog = null } = {}) {
  await page.click('#new-game');
  await page.selectOption('#new-variant', variant);
  await page.check('input[name="mode"][value="computer"]');
  if (inDialog) await inDialog(page);
  await page.selectOption('#new-side', String(side));
  await page.selectOption('#new-level', String(level));
  await page.click('#new-start');
}
