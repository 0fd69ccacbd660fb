// One engine module per variant: a link's page runs its variant's module only, and what needs
// other variants (New game; a stored game or a pasted link of another variant, from My games) reloads the
// tab with the module of every variant and carries on. My games itself lists every stored game on any module.
// The page's modules have no computer: its worker loads the computer's module of the same variants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, computerGame, newGame, positionOf } from './harness.mjs';
import { invitationLinks } from '../../scripts/first-load.mjs';

let h;
let links;
before(async () => {
  h = await start();
  links = await invitationLinks(h.browser, h.url);
});
after(() => h?.close());

const wasmOf = (requests) => requests.filter((u) => u.endsWith('.wasm')).map((u) => u.split('/').pop().replace(/\.[0-9a-f]{10}\./, '.'));

// Bring a game is in My games' dialog, which opens on the link's module.
for (const [button, dialog] of [['new-game', '#new-dialog'], ['bring-game', '#bring-dialog']]) {
  test(`a link's page on its variant's module: ${button} reloads with every variant and opens`, async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const requests = [];
    // The page's and its workers' requests, not the service worker's (it fetches every module once ready).
    context.on('request', (r) => r.serviceWorker() || requests.push(r.url()));
    const page = await open(context, `${h.url}#${links.gunnery}`);
    assert.deepEqual(wasmOf(requests), ['engine-gunnery.wasm']);
    if (button === 'bring-game') await page.click('#my-games');
    await page.click(`#${button}`);
    await page.waitForSelector(`${dialog}[open]`);
    assert.ok(wasmOf(requests).includes('engine.wasm'), wasmOf(requests).join(' '));
    if (button === 'new-game') assert.equal(await page.locator('#new-variant option').count(), 6);
    // The link's game is still the one on the board (the address still holds it).
    assert.ok((await page.evaluate(() => location.hash)).length > 20);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

/** The number of ranks of the position on the page's board. */
const ranksOf = async (page) => (await positionOf(page)).split(' ')[0].split('/').length;

test("My games on a link's module lists every stored game; one of another variant, or a pasted link, reloads with every variant there", async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const requests = [];
  context.on('request', (r) => r.serviceWorker() || requests.push(r.url()));
  // Two link games kept by this browser: Checkered Chess, and Chess 2024 (12 ranks).
  const home = await open(context, h.url);
  await newGame(home, { variant: 'checkered', mode: 'link' });
  await newGame(home, { variant: 'chess2024', mode: 'link' });
  await home.waitForFunction(() => document.body.dataset.position?.split(' ')[0].split('/').length === 12);
  await home.close();
  requests.length = 0;

  const page = await open(context, `${h.url}#${links.gunnery}`);
  await page.click('#my-games');
  await page.waitForSelector('#games-dialog[open]');
  const rows = await page.$$eval('#games-list li', (lis) => lis.map((li) => li.textContent));
  assert.equal(rows.length, 2, rows.join(' | '));
  assert.ok(rows.some((r) => /Chess 2024/.test(r)) && rows.some((r) => /Checkered/.test(r)), rows.join(' | '));
  assert.deepEqual(wasmOf(requests), ['engine-gunnery.wasm'], 'the list needs no other module');

  // The Chess 2024 game: this tab reloads with every variant, at the address without a game, and opens it
  // (the address then holds its link).
  const row = page.locator('#games-list li', { hasText: 'Chess 2024' });
  await Promise.all([page.waitForEvent('load'), row.locator('button', { hasText: 'Open' }).click()]);
  await page.waitForSelector('body[data-session="started"]', { state: 'attached' });
  assert.equal(await ranksOf(page), 12);
  assert.notEqual(await page.evaluate(() => location.hash), `#${links.gunnery}`);
  assert.ok(wasmOf(requests).includes('engine.wasm'), wasmOf(requests).join(' '));

  // A chess link pasted on a Gunnery link's page: reloaded with every variant at that link.
  requests.length = 0;
  const other = await open(context, `${h.url}#${links.gunnery}`);
  await other.click('#my-games');
  await other.waitForSelector('#games-dialog[open]');
  await other.fill('#open-link-input', `${h.url}#${links.chess}`);
  await Promise.all([other.waitForEvent('load'), other.click('#open-link-form button[type="submit"]')]);
  await other.waitForSelector('body[data-session="started"]', { state: 'attached' });
  assert.ok((await other.evaluate(() => location.hash)).length > 20, 'the address holds the chess game');
  assert.equal(await ranksOf(other), 8);
  assert.deepEqual(wasmOf(requests).slice(0, 2), ['engine-gunnery.wasm', 'engine.wasm']);
  assert.deepEqual([...page.errors, ...other.errors], []);
  await context.close();
});

test('a link its variant\'s module cannot open goes to the module of every variant, which says why', async () => {
  const context = await h.browser.newContext();
  const requests = [];
  context.on('request', (r) => r.serviceWorker() || requests.push(r.url()));
  // An intact chess link without signatures: the session refuses it as a link game (bad_links.test.mjs).
  const page = await open(context, `${h.url}#AQsBAQBFIwEAAAINAW8pZRg`);
  assert.deepEqual(wasmOf(requests).slice(0, 2), ['engine-chess.wasm', 'engine.wasm']);
  await context.close();
});

test("the computer thinks in its worker's module; the page's has no computer", async () => {
  const context = await h.browser.newContext();
  const requests = [];
  context.on('request', (r) => r.serviceWorker() || requests.push(r.url()));
  const page = await open(context, h.url);
  await computerGame(page, { variant: 'chess', side: 1, level: 1 });
  // The computer has White: its first move arrives from the worker.
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 1);
  assert.deepEqual(wasmOf(requests), ['engine.wasm', 'computer.wasm']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('offline after one visit: a link of every variant opens on its module, from the service worker', async () => {
  const context = await h.browser.newContext();
  const page = await open(context, h.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await context.setOffline(true);
  for (const [slug, link] of Object.entries(links)) {
    const requests = [];
    const seen = (r) => r.serviceWorker() || requests.push(r.url());
    context.on('request', seen);
    const tab = await open(context, `${h.url}#${link}`);
    assert.deepEqual(wasmOf(requests), [`engine-${slug}.wasm`], slug);
    assert.deepEqual(tab.errors, [], slug);
    context.off('request', seen);
    await tab.close();
  }
  await context.close();
});
