// Small things a tour of the page found: the start screen's close remembered, its variant cards never
// covered by the ways to play, no Copy for a link just received, no "Type a move" once the game is
// over, and pass and play's optional board turned to the side to move. Each on a desktop and a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, receive, linkOf, shot, onBothViewports, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** Per card of the start screen: rows of it inside the card list's box where something else is on top. */
const coveredRows = (page) =>
  page.$$eval('.welcome-card', (cards) => {
    const list = document.getElementById('welcome-variants').getBoundingClientRect();
    return cards.map((card) => {
      const r = card.getBoundingClientRect();
      let covered = 0;
      for (let y = Math.ceil(Math.max(r.top, list.top)); y < Math.min(r.bottom, list.bottom, innerHeight); y++) {
        const hit = document.elementFromPoint(r.left + r.width / 2, y);
        if (!hit || !card.contains(hit)) covered++;
      }
      return covered;
    });
  });

for (const [name, options] of Object.entries(VIEWPORTS)) test(`the start screen: cards never covered, its close button remembered (${name})`, async () => {
  const context = await h.browser.newContext(options);
  const first = await open(context, h.url, { welcome: true });
  assert.equal(await first.isVisible('#welcome-dialog'), true);
  await first.waitForFunction(() => [...document.querySelectorAll('.welcome-card')].every((c) => c.dataset.drawn === 'true'));
  // The ways to play lie below the cards' box; no part of a card in that box is under anything.
  const [list, ways] = await Promise.all(['#welcome-variants', '.welcome-ways'].map((s) => first.locator(s).boundingBox()));
  assert.ok(list.y + list.height <= ways.y + 1, `the cards' box ends above the ways (${list.y + list.height} > ${ways.y})`);
  assert.deepEqual(await coveredRows(first), [0, 0, 0, 0, 0, 0]);
  // Scrolled to its end, the last card is whole and free to tap.
  await first.$eval('#welcome-variants', (el) => (el.scrollTop = el.scrollHeight));
  const last = await first.locator('.welcome-card[data-slug="wounds"]').boundingBox();
  assert.ok(last.height >= 24 && last.y + last.height <= ways.y + 1, JSON.stringify(last));
  assert.deepEqual(await coveredRows(first), [0, 0, 0, 0, 0, 0]);
  await shot(first, `start-screen-end-${name}`);
  await first.click('#welcome-close');
  // Closed with its button: not shown again, though nothing was played.
  await first.reload();
  await first.waitForSelector('body[data-ready="true"]');
  assert.equal(await first.isVisible('#welcome-dialog'), false);
  assert.deepEqual(first.errors, []);
  await context.close();
});

onBothViewports(() => h, 'no Copy for the link just received, and no typed move after the end', async (page, name, options) => {
  const other = await open(await h.browser.newContext(options), h.url);
  await newGame(page, { mode: 'link', seat: 0 });
  await clickMove(page, 'f2f3');
  await receive(other, await linkOf(page));
  // Black's turn: the words say what to do; the link in the address bar is White's, not Black's to send.
  assert.match(await other.textContent('#link-label'), /Your move\. Make it, then send the new link\./);
  assert.equal(await other.isVisible('#copy-link'), false);
  await shot(other, `link-received-${name}`);
  await clickMove(other, 'e7e5');
  assert.equal(await other.isVisible('#copy-link'), true, 'after its move, Black has a link to send');
  await receive(page, await linkOf(other));
  await clickMove(page, 'g2g4');
  await receive(other, await linkOf(page));
  assert.equal(await other.isVisible('#move-form'), true, 'a move may be typed while the game goes on');
  await clickMove(other, 'd8h4');
  assert.match(await other.textContent('#banner'), /Black wins by checkmate/);
  assert.equal(await other.isVisible('#move-form'), false, 'nothing to type once the game is over');
  await shot(other, `game-over-${name}`);
  assert.deepEqual(other.errors, []);
  await other.context().close();
});

onBothViewports(() => h, 'pass and play may turn the board to the side to move', async (page, name) => {
  await newGame(page, { mode: 'local' });
  const flipped = () => page.getAttribute('body', 'data-flipped');
  assert.equal(await page.isChecked('#turn-board'), false, 'off by default');
  await clickMove(page, 'e2e4');
  assert.equal(await flipped(), 'false', 'off: the board stays as it is');
  await page.check('#turn-board');
  assert.equal(await flipped(), 'true', 'on: Black to move sees the board from its side');
  await clickMove(page, 'e7e5');
  assert.equal(await flipped(), 'false', 'White to move');
  await shot(page, `turn-board-${name}`);
  // Kept in this browser, and not offered in a link game.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isChecked('#turn-board'), true);
  await newGame(page, { mode: 'link', seat: 0 });
  assert.equal(await page.isVisible('#turn-board-preference'), false);
});
