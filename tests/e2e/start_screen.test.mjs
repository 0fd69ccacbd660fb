// The start screen before the engine: at an address with no game in it and no start hint from the session,
// the built page shows the start screen (its variants and pictures computed by the build) while the
// engine's module is still on its way, and marks itself ready when it answers. A way chosen meanwhile
// waits for the engine, its button busy, then runs; a close is told to the session once it is there; and
// the session's own answer wins: a game kept (storage without the hint, as an older build left it)
// closes the start screen shown first, and a hint over empty storage only delays the start screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, visit, linkOf, newGame, clickMove, moveNames, sessionStarted, shot, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/**
 * Holds back the engine module with every variant (engine.<hash>.wasm) in `context` until `release()`.
 * No service worker: its cache would answer without the route.
 */
async function holdEngine(context) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const held = [];
  await context.route(/\/engine\.[0-9a-f]+\.wasm$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}


const cardNames = (page) => page.$$eval('.welcome-card', (cs) => cs.map((c) => c.querySelector('strong').textContent));
const startHint = (page) => page.evaluate(() => localStorage.getItem('chessfront.start'));

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`the start screen answers before the engine, and a way chosen then runs once it is there (${name})`, async () => {
    const context = await h.browser.newContext({ ...options, serviceWorkers: 'block' });
    const engine = await holdEngine(context);
    const page = await visit(context, h.url);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isVisible('#welcome-dialog'), true);
    assert.equal(engine.held.length, 1, 'the engine was asked for and is held back');
    assert.equal(await page.getAttribute('body', 'data-session'), null, 'no session yet');
    const cards = await cardNames(page);
    assert.equal(cards.length, 6);
    assert.ok(cards.includes('Napoleon'), `${cards}`);
    // Focus is in the dialog, on the first variant; the pictures are drawn without the engine.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.slug), 'chess');
    await page.waitForFunction(() => [...document.querySelectorAll('.welcome-card')].every((c) => c.dataset.drawn === 'true'));
    const painted = await page.$$eval('.welcome-card canvas', (cs) => cs.map((c) => c.width > 0 && c.height > 0));
    assert.deepEqual(painted, cards.map(() => true));
    await shot(page, `start-screen-before-engine-${name}`);
    // It answers: a variant is chosen; a way waits, busy, for the engine.
    await page.click('.welcome-card[data-slug="chess2024"]');
    assert.equal(await page.getAttribute('.welcome-card[data-slug="chess2024"]', 'aria-checked'), 'true');
    await page.click('.welcome-ways button[data-mode="local"]');
    assert.equal(await page.getAttribute('.welcome-ways button[data-mode="local"]', 'aria-busy'), 'true');
    assert.equal(await page.isVisible('#welcome-dialog'), true, 'still there while the engine is on its way');
    await shot(page, `start-screen-way-waiting-${name}`);
    engine.release();
    await page.waitForSelector('#welcome-dialog', { state: 'hidden' });
    await sessionStarted(page);
    assert.equal(await page.getAttribute('.welcome-ways button[data-mode="local"]', 'aria-busy'), null);
    assert.equal(await page.getAttribute('body', 'data-board-width'), '12', 'the chosen Chess 2024, pass and play');
    assert.match(await page.textContent('#status'), /White to move/);
    // A game kept only once a move is played; then the session's hint says the next visit opens on it.
    assert.equal(await startHint(page), null);
    const move = (await page.getAttribute('body', 'data-moves')).split(' ')[0];
    await clickMove(page, move);
    assert.equal((await moveNames(page)).length, 1);
    assert.equal(await startHint(page), 'game');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('a close before the engine is told to the session: the next visit opens on the board', async () => {
  const context = await h.browser.newContext({ serviceWorkers: 'block' });
  const engine = await holdEngine(context);
  const page = await visit(context, h.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#welcome-close');
  assert.equal(await page.isVisible('#welcome-dialog'), false);
  engine.release();
  await sessionStarted(page);
  assert.equal(await page.isVisible('#welcome-dialog'), false, 'not shown again when the session asks for it');
  assert.equal(await page.evaluate(() => localStorage.getItem('chessfront.setting.welcome-closed')), 'yes');
  assert.equal(await startHint(page), 'game');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('body', 'data-session'), 'started', 'with the hint, ready means the session answered');
  assert.equal(await page.isVisible('#welcome-dialog'), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a game kept without the hint (an older build's storage): the start screen shown first closes on the session's answer", async () => {
  const context = await h.browser.newContext({ serviceWorkers: 'block' });
  const first = await open(context, h.url);
  await newGame(first, { variant: 'chess', mode: 'local' });
  await clickMove(first, 'e2e4');
  assert.deepEqual(await moveNames(first), ['e4']);
  // As an older build left storage: the game, no hint, the start screen never closed.
  await first.evaluate(() => {
    localStorage.removeItem('chessfront.start');
    localStorage.removeItem('chessfront.setting.welcome-closed');
  });
  await first.close();
  const engine = await holdEngine(context);
  const page = await visit(context, h.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isVisible('#welcome-dialog'), true, 'no hint: the start screen first');
  engine.release();
  await sessionStarted(page);
  await page.waitForSelector('#welcome-dialog', { state: 'hidden' });
  assert.deepEqual(await moveNames(page), ['e4'], 'the game kept, as the session says');
  assert.equal(await startHint(page), 'game', 'the session wrote the hint at its start');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a hint over empty storage (forged or stale) only delays the start screen: the session shows it and clears the hint', async () => {
  const context = await h.browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('hinted')) {
      sessionStorage.setItem('hinted', '1');
      localStorage.setItem('chessfront.start', 'game');
    }
  });
  const page = await visit(context, h.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('body', 'data-session'), 'started', 'with a hint the page waits for the session');
  assert.equal(await page.isVisible('#welcome-dialog'), true, 'the session asks for the start screen');
  assert.equal(await startHint(page), null, 'and clears the hint');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in French, the start screen shown before the engine is in French', async () => {
  const context = await h.browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const engine = await holdEngine(context);
  const page = await visit(context, h.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.textContent('#welcome-title'), 'Bienvenue sur Chessfront');
  const cards = await cardNames(page);
  assert.equal(cards[0], 'Échecs');
  engine.release();
  await sessionStarted(page);
  // The build's list is the engine's own answer: the New game dialog asks the engine.
  await page.click('#welcome-close');
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  assert.deepEqual(await page.$$eval('#new-variant option', (os) => os.map((o) => o.textContent)), cards);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/**
 * Holds the HTML's parse at <body> (a parser-blocking script, held back) until a file matching `until`
 * has arrived, and 200 ms more for its module to run: what a phone's repeat visit does when the async
 * page script and the start screen's part come from the cache before the HTML is parsed. Resolves to
 * `held()`, whether the parse was held.
 */
async function holdParse(context, until) {
  let arrivedNow;
  const arrived = new Promise((resolve) => (arrivedNow = resolve));
  context.on('requestfinished', (request) => {
    if (until.test(request.url())) arrivedNow();
  });
  await context.route((url) => url.pathname === '/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<body>', '<body>\n<script src="hold-parse.js"></script>');
    await route.fulfill({ response, body: html });
  });
  let held = false;
  await context.route(/\/hold-parse\.js$/, async (route) => {
    held = true;
    await arrived;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  return () => held;
}

test("the start screen's part arriving before the page is parsed waits for the page: no error, and it answers", async () => {
  const context = await h.browser.newContext({ serviceWorkers: 'block' });
  const held = await holdParse(context, /\/welcome\.[0-9a-f]+\.js$/);
  const page = await visit(context, h.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.ok(held(), 'the parse was held');
  assert.equal(await page.isVisible('#welcome-dialog'), true);
  await sessionStarted(page);
  await page.click('#welcome-close');
  assert.equal(await page.isVisible('#welcome-dialog'), false, 'its controls are wired');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a link whose page script arrives before the page is parsed opens its game once it is", async () => {
  const first = await h.browser.newContext({ serviceWorkers: 'block' });
  const player = await open(first, h.url);
  await newGame(player, { mode: 'link', seat: 0 });
  await clickMove(player, 'e2e4');
  const link = await linkOf(player);
  await first.close();
  const context = await h.browser.newContext({ serviceWorkers: 'block' });
  const held = await holdParse(context, /\/main\.[0-9a-f]+\.js$/);
  const page = await visit(context, link);
  await sessionStarted(page);
  assert.ok(held(), 'the parse was held');
  assert.deepEqual(await moveNames(page), ['e4']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
