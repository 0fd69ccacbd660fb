// One engine module per variant: a link's page runs its variant's module only, and what needs
// other variants (New game, My games) reloads the tab with the module of every variant and carries on.
// The page's modules have no computer: its worker loads the computer's module of the same variants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, computerGame } from './harness.mjs';
import { invitationLinks } from '../../scripts/first-load.mjs';

let h;
let links;
before(async () => {
  h = await start();
  links = await invitationLinks(h.browser, h.url);
});
after(() => h?.close());

const wasmOf = (requests) => requests.filter((u) => u.endsWith('.wasm')).map((u) => u.split('/').pop().replace(/\.[0-9a-f]{10}\./, '.'));

for (const button of ['new-game', 'my-games']) {
  test(`a link's page on its variant's module: ${button} reloads with every variant and opens`, async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const requests = [];
    // The page's and its workers' requests, not the service worker's (it fetches every module once ready).
  context.on('request', (r) => r.serviceWorker() || requests.push(r.url()));
    const page = await open(context, `${h.url}#${links.gunnery}`);
    assert.deepEqual(wasmOf(requests), ['engine-gunnery.wasm']);
    await page.click(`#${button}`);
    const dialog = button === 'new-game' ? '#new-dialog' : '#games-dialog';
    await page.waitForSelector(`${dialog}[open]`);
    assert.ok(wasmOf(requests).includes('engine.wasm'), wasmOf(requests).join(' '));
    if (button === 'new-game') assert.equal(await page.locator('#new-variant option').count(), 6);
    // The link's game is still the one on the board (the address still holds it).
    assert.ok((await page.evaluate(() => location.hash)).length > 20);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

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
