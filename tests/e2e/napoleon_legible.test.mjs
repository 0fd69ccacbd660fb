// Napoleon's 16x16 board readable on a phone and a desktop: coordinates at least 10 px high at every
// size, the move list one row per turn with all its decisions, and the zoom offered wherever squares
// are smaller than a fingertip (about 40 CSS px), working with touch, mouse and keyboard, and not
// getting in the way of the other variants.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, onBothViewports, shot, squareCenter } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

// Two quiet armies: a king's group and a queen's group each.
const QUIET = 'q14k/pp12pp/16/16/16/16/16/16/16/16/16/16/16/16/PP4PP8/K6Q8 w 0 1';
const endMoves = (page) => page.click('#piece-actions button:has-text("end moves")');
const body = (page, key) => page.$eval('body', (b, k) => b.dataset[k], key);

onBothViewports(() => h, 'the 16x16 board reads at every size: coordinates, move list, zoom', async (page, name) => {
  await newGame(page, { variant: 'napoleon', position: QUIET });
  const coords = async () => Number(await page.$eval('#board', (b) => b.dataset.coordHeight));
  assert.ok((await coords()) >= 10, `coordinates ${await coords()} px high`);
  // Three turns of two decisions each: one row per turn, the seat named, its decisions side by side.
  await clickMove(page, 'b2b3');
  await endMoves(page);
  await clickMove(page, 'p15p14');
  await endMoves(page);
  await clickMove(page, 'g2g3');
  await endMoves(page);
  const rows = await page.$$eval('#moves .turn', (cells) =>
    cells.map((c) => ({ text: c.textContent, width: c.getBoundingClientRect().width, list: c.closest('ol').clientWidth })),
  );
  assert.deepEqual(rows.map((r) => r.text), ['WhitePb2-b3end moves', 'BlackPp15-p14end moves', 'WhitePg2-g3end moves']);
  for (const row of rows) assert.ok(row.width > row.list * 0.7, `a turn's row spans the list: ${row.width} of ${row.list}`);
  const square = Number(await body(page, 'squarePx'));
  // The zoom is offered exactly where the squares are smaller than a fingertip.
  assert.equal(await page.isVisible('#zoom'), square < 40, `squares of ${square} px`);
  await shot(page, `napoleon-legible-${name}`);
  if (name === 'phone') {
    assert.ok(square < 30, `an unzoomed phone square is ${square} px`);
    await page.tap('#zoom');
    const zoomed = await page.$eval('#board', (b) => b.getBoundingClientRect().width / 16);
    assert.ok(zoomed >= 40, `zoomed squares of ${zoomed} px`);
    assert.ok((await coords()) >= 10, `coordinates in view ${await coords()} px high`);
    // A tap still picks a man on the zoomed board (the bottom left is in view when zooming in).
    const { x, y } = await squareCenter(page, 'a1');
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    // A swipe scrolls the zoomed board (the box scrolls, the page's board stays).
    const before = await page.$eval('.board-box', (b) => b.scrollTop);
    await page.$eval('.board-box', (b) => b.scrollBy(0, -200));
    assert.ok((await page.$eval('.board-box', (b) => b.scrollTop)) < before);
    await shot(page, 'napoleon-zoomed-phone');
  }
});

test('the zoom works with a mouse and with the keyboard, and follows the keyboard cursor', async () => {
  // A desktop window small enough for the board's squares to be under a fingertip.
  const context = await h.browser.newContext({ viewport: { width: 1024, height: 520 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'napoleon', position: QUIET });
  assert.ok(Number(await body(page, 'squarePx')) < 40);
  assert.equal(await page.isVisible('#zoom'), true);
  await page.click('#zoom');
  assert.equal(await page.getAttribute('#zoom', 'aria-pressed'), 'true');
  // The wheel scrolls the zoomed board.
  const box = await page.locator('.board-box').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const top = () => page.$eval('.board-box', (b) => b.scrollTop);
  const before = await top();
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((t) => document.querySelector('.board-box').scrollTop < t, before);
  // The keyboard: the cursor walks up the a-file to a16 and the board scrolls to keep it in view.
  await page.$eval('.board-box', (b) => (b.scrollTop = b.scrollHeight));
  await page.focus('#board');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.getElementById('board').dataset.cursor === 'a16');
  assert.equal(await top(), 0, 'scrolled to the top rank');
  // The zoom button is a button: Enter on it zooms back out.
  await page.focus('#zoom');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#zoom', 'aria-pressed'), 'false');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the other variants: the zoom only where their squares are small, and their moves still play', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'chess' });
  assert.ok(Number(await body(page, 'squarePx')) >= 40);
  assert.equal(await page.isVisible('#zoom'), false, 'an 8x8 board on a phone has squares big enough');
  assert.ok(Number(await page.$eval('#board', (b) => b.dataset.coordHeight)) >= 10);
  await newGame(page, { variant: 'chess2024' });
  await page.waitForFunction(() => document.body.dataset.boardWidth === '12');
  assert.equal(await page.isVisible('#zoom'), true, 'a 12x12 board on a phone has small squares');
  await page.tap('#zoom');
  // The zoomed board scrolls to the player's side in the next frame: click once it has.
  await page.waitForFunction(() => {
    const box = document.querySelector('.board-box');
    return box.classList.contains('zoomed') && box.scrollTop > 0;
  });
  await clickMove(page, 'b3b4');
  await page.waitForFunction(() => /b4/.test(document.getElementById('moves').textContent), null, { timeout: 5000 }).catch(() => {});
  assert.match(await page.textContent('#moves'), /b4/);
  await page.tap('#zoom');
  assert.deepEqual(page.errors, []);
  await context.close();
});
