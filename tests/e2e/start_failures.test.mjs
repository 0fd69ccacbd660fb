// A page that cannot start says why, in the player's words, and names what failed: a browser without
// WebAssembly cannot run the engine; a browser that gives no canvas (a canvas blocker, no memory left for
// one) cannot draw the board, although its engine would run. Each is opened on a link, the way a
// correspondence game reaches a new player.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, visit, linkOf, newGame, clickMove } from './harness.mjs';

let h;
let link;
before(async () => {
  h = await start();
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { mode: 'link', seat: 0 });
  await clickMove(page, 'e2e4');
  link = await linkOf(page);
  await context.close();
});
after(() => h.close());

/** Opens the link in a browser changed by `init`; resolves to the notice shown once the start gave up. */
async function noticeWhen(init) {
  const context = await h.browser.newContext({ viewport: { width: 412, height: 915 } });
  await context.addInitScript(init);
  const page = await visit(context, link);
  await page.waitForSelector('body[data-drawn="true"]', { state: 'attached' });
  const notice = await page.textContent('#notice-text');
  const ready = await page.getAttribute('body', 'data-ready');
  await context.close();
  return { notice, ready };
}

test('without WebAssembly the page says the engine cannot run here', async () => {
  const { notice, ready } = await noticeWhen(() => {
    delete globalThis.WebAssembly;
  });
  assert.match(notice, /game engine could not be loaded/);
  assert.notEqual(ready, 'true');
});

test('without a canvas the page says the board cannot be drawn, not that the engine failed', async () => {
  const { notice, ready } = await noticeWhen(() => {
    // What a canvas blocker (or a browser out of memory for one) gives a page: no drawing context.
    HTMLCanvasElement.prototype.getContext = () => null;
  });
  assert.match(notice, /no canvas to draw the board on/);
  assert.doesNotMatch(notice, /engine/);
  assert.notEqual(ready, 'true');
});
