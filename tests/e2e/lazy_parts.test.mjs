// The parts of the page loaded on demand (www/lazy.js) and the French strings (www/strings-fr.js): a
// link's first load fetches none of them; a French page fetches its table before it shows a word (no
// English first); a click while its part is on its way is answered when it arrives, once; a part that
// cannot be fetched says so, and the next click fetches it; once the service worker has cached the
// build, the parts are loaded at idle moments.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, newGame, clickMove, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const PARTS = ['analysis', 'review', 'dialogs', 'welcome', 'rules', 'record'];
/** A request's file name without its hash: `dialogs.js`. */
const fileOf = (url) => new URL(url).pathname.split('/').pop().replace(/\.[0-9a-f]{10}\./, '.');

/** The files the page asked for before its board was playable (the parts are warmed right after). */
const firstLoad = (page) =>
  page.evaluate(() => {
    const ready = performance.getEntriesByName('chessfront-ready')[0].startTime;
    return performance.getEntriesByType('resource').filter((e) => e.startTime <= ready).map((e) => e.name);
  });

/** Records the language of the page's words when they were first shown. */
async function watched(context) {
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const shown = document.documentElement?.dataset.strings;
      if (!shown) return;
      window.firstStrings = shown;
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-strings'] });
  });
}

test("a link's first load fetches no part of the page and no French; a French page shows French first", async () => {
  const alice = await h.browser.newContext({ viewport: { width: 1200, height: 800 }, serviceWorkers: 'block' });
  const a = await open(alice, h.url);
  await newGame(a, { variant: 'chess', mode: 'link', seat: 0 });
  await clickMove(a, 'e2e4');
  const link = await a.inputValue('#link-url');

  for (const locale of ['en-GB', 'fr-FR']) {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, locale, serviceWorkers: 'block' });
    await watched(context);
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForSelector('body[data-ready="true"]');
    const before = (await firstLoad(page)).map(fileOf);
    assert.ok(before.includes('main.js') && before.includes('engine-chess.wasm'), `${before}`);
    for (const name of PARTS) assert.ok(!before.includes(`${name}.js`), `${locale}: ${name}.js in the first load: ${before}`);
    assert.equal(before.includes('strings-fr.js'), locale === 'fr-FR', `${locale}: ${before}`);
    assert.equal(await page.evaluate(() => window.firstStrings), locale.slice(0, 2));
    assert.equal(await page.textContent('#show-rules'), locale === 'fr-FR' ? 'Règles' : 'Rules');
    await context.close();
  }
  await alice.close();
});

test('a French page at its first paint shows no English (screenshot)', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', serviceWorkers: 'block' });
  // The French table held back a moment: until it is there, the page's words are not shown.
  let release;
  const held = new Promise((r) => (release = r));
  await context.route('**/strings-fr.*.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(h.url);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.strings ?? null), null, 'no words shown before the table');
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('show-rules')).color), 'rgba(0, 0, 0, 0)');
  await shot(page, 'lazy-french-before-table');
  release();
  await page.waitForSelector('html[data-strings="fr"]');
  await shot(page, 'lazy-french-first-paint');
  assert.equal(await page.textContent('#show-rules'), 'Règles');
  await page.waitForSelector('body[data-ready="true"]');
  await context.close();
});

test('a click while its part loads is answered when it arrives, once', async () => {
  // Without the service worker, whose cache would answer at once; every part held back until released.
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 }, serviceWorkers: 'block' });
  let release;
  const held = new Promise((r) => (release = r));
  await context.route(/\/dialogs\.[0-9a-f]{10}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const page = await open(context, h.url);
  await page.click('#my-games');
  await page.click('#my-games'); // twice: still one dialog
  assert.equal(await page.isVisible('#games-dialog'), false, 'its part is on its way');
  // The button says it is busy meanwhile.
  assert.equal(await page.getAttribute('#my-games', 'aria-busy'), 'true');
  await shot(page, 'lazy-games-busy');
  release();
  await page.waitForSelector('#games-dialog[open]');
  assert.equal(await page.getAttribute('#my-games', 'aria-busy'), null, 'no longer busy');
  await shot(page, 'lazy-games-dialog');
  await page.click('#games-close');
  assert.equal(await page.isVisible('#games-dialog'), false);
  // Loaded: the next dialog opens at once.
  await page.click('#new-game');
  assert.equal(await page.isVisible('#new-dialog'), true);
  await shot(page, 'lazy-new-dialog');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a part that cannot be fetched says so, and the next click fetches it', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 }, serviceWorkers: 'block' });
  await context.route(/\/record\.[0-9a-f]{10}\.js$/, (route) => route.abort('internetdisconnected'));
  const page = await open(context, h.url);
  await page.click('#show-record');
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await page.textContent('#notice-text'), /could not be loaded/);
  assert.equal(await page.isVisible('#record-dialog'), false);
  assert.equal(await page.getAttribute('#show-record', 'aria-busy'), null, 'no longer busy once it failed');
  await shot(page, 'lazy-part-unavailable');
  await context.unroute(/\/record\.[0-9a-f]{10}\.js$/);
  await page.click('#notice-close');
  await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]');
  assert.match(await page.inputValue('#pgn-text'), /\[Event /);
  // Only the failed fetch itself was reported.
  assert.ok(page.errors.length > 0 && page.errors.every((e) => /record|dynamically imported|ERR_INTERNET_DISCONNECTED/.test(e)), page.errors.join('\n'));
  await context.close();
});

test('once the service worker has cached the build, the parts are loaded at idle moments', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(
    (parts) => parts.every((name) => performance.getEntriesByType('resource').some((e) => new RegExp(`/${name}\\.[0-9a-f]{10}\\.js$`).test(e.name))),
    PARTS,
    { timeout: 20000 },
  );
  assert.deepEqual(page.errors, []);
  await context.close();
});
