// Premoves against the computer: a move made while the computer thinks is queued (tinted on the board)
// and played as soon as the turn comes back; a click elsewhere cancels it. (Live games take them too:
// tests/e2e/live_play.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, computerGame, moveNames, squareCenter } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** Clicks a square (no confirmation). */
async function tap(page, square) {
  const { x, y } = await squareCenter(page, square);
  await page.mouse.click(x, y);
}

test('a premove is played when the computer has moved; a click elsewhere cancels one', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  // The strongest level thinks long enough for the clicks below to land while it does.
  await computerGame(page, { level: 14 });
  await clickMove(page, 'e2e4');
  await tap(page, 'g1');
  await tap(page, 'f3');
  assert.equal(await page.getAttribute('#board', 'data-premove'), 'g1f3', 'queued while the computer thinks');
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length >= 3, null, { timeout: 20_000 });
  assert.equal((await moveNames(page))[2], 'Nf3');
  assert.equal(await page.getAttribute('#board', 'data-premove'), null);

  // Cancelled: a premove, then a click on an empty square; the computer's reply leaves the turn to the player.
  await page.waitForFunction(() => document.body.dataset.moves !== '', null, { timeout: 20_000 });
  await clickMove(page, 'b1c3');
  await tap(page, 'a2');
  await tap(page, 'a4');
  assert.equal(await page.getAttribute('#board', 'data-premove'), 'a2a4');
  await tap(page, 'h5');
  assert.equal(await page.getAttribute('#board', 'data-premove'), null);
  await page.waitForFunction(() => document.body.dataset.moves !== '', null, { timeout: 20_000 });
  assert.equal((await moveNames(page)).length, 6, 'nothing played for the player');
  assert.deepEqual(page.errors, []);
  await context.close();
});
