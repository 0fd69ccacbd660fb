// Pass and play by hand: clicks, drags, keyboard, promotion chooser, undo, the move list, game over,
// resuming after a reload, and a phone-sized screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, dragMove, squareCenter, moveNames, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The board canvas's colour at the centre of a square, as [r, g, b, a]. */
async function pixelAt(page, square) {
  const { x, y } = await squareCenter(page, square);
  return page.$eval(
    '#board',
    (canvas, point) => {
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const px = Math.floor((point.x - box.left) * scale);
      const py = Math.floor((point.y - box.top) * scale);
      return [...canvas.getContext('2d').getImageData(px, py, 1, 1).data];
    },
    { x, y },
  );
}

test('a game to checkmate by clicking and dragging', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, h.url);
  assert.match(await page.textContent('#status'), /White to move/);
  await clickMove(page, 'e2e4');
  await dragMove(page, 'e7e5');
  await clickMove(page, 'f1c4');
  await dragMove(page, 'b8c6');
  await clickMove(page, 'd1h5');
  await clickMove(page, 'g8f6');
  // Picking a piece marks its destinations (the centre of empty h6 is drawn over), and picking it
  // again takes the marks away.
  const before = await pixelAt(page, 'h6');
  const h5 = await squareCenter(page, 'h5');
  await page.mouse.click(h5.x, h5.y);
  assert.notDeepEqual(await pixelAt(page, 'h6'), before, 'h6 is marked as a destination');
  await page.mouse.click(h5.x, h5.y);
  assert.deepEqual(await pixelAt(page, 'h6'), before, 'the marks go with the pick');
  await clickMove(page, 'h5f7');
  assert.deepEqual(await moveNames(page), ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']);
  assert.equal(await page.isVisible('#banner'), true);
  assert.match(await page.textContent('#banner'), /1-0 · White wins by checkmate/);
  assert.equal(await page.isDisabled('#resign'), true);
  await shot(page, 'checkmate');

  // The move list steps back and forth, with the arrow keys too.
  await page.keyboard.press('ArrowLeft');
  assert.match(await page.textContent('#status'), /Viewing the position after 3… Nf6\./);
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#status'), /Viewing the start position\./);
  await page.click('#moves button[data-ply="3"]');
  assert.match(await page.textContent('#status'), /Viewing the position after 2\. Bc4\./);
  await page.keyboard.press('End');
  assert.match(await page.textContent('#status'), /game is over/);

  // Undo takes the mate back; a reload resumes the saved game.
  await page.click('#undo');
  assert.equal(await page.isVisible('#banner'), false);
  assert.equal((await moveNames(page)).length, 6);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await moveNames(page), ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('illegal clicks change nothing; the keyboard plays moves', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await open(context, h.url);
  await page.click('#new-game');
  await page.click('#new-start');
  await clickMove(page, 'e2e5'); // not a legal destination
  await clickMove(page, 'e7e5'); // not White's piece
  assert.deepEqual(await moveNames(page), []);
  // Keyboard: focus the board, walk the cursor from a1 to g1, pick the knight, go to f3, drop it.
  await page.focus('#board');
  for (const key of ['Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'Enter']) {
    await page.keyboard.press(key);
  }
  assert.deepEqual(await moveNames(page), ['Nf3']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('promotion offers a chooser with all four pieces', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await open(context, h.url);
  await page.click('#new-game');
  await page.fill('#new-position', '8/P6k/8/8/8/8/8/K7 w - - 0 1');
  await page.click('#new-start');
  await clickMove(page, 'a7a8');
  assert.equal(await page.isVisible('#chooser'), true);
  const labels = await page.$$eval('#chooser button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels, ['Queen', 'Rook', 'Bishop', 'Knight', 'Cancel']);
  await shot(page, 'promotion');
  await page.click('#chooser button:has-text("Knight")');
  assert.deepEqual(await moveNames(page), ['a8=N']);

  // A bad custom position is refused in the dialog, with the reason, and the game is kept.
  await page.click('#new-game');
  await page.fill('#new-position', '8/8/8/8/8/8/8/8 w - - 0 1');
  await page.click('#new-start');
  assert.match(await page.textContent('#new-error'), /White has 0 kings/);
  await page.click('#new-cancel');
  assert.deepEqual(await moveNames(page), ['a8=N']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('fits a phone screen and plays by touch', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await open(context, h.url);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width >= 360 && board.x >= 0 && board.x + board.width <= 390, `board ${JSON.stringify(board)}`);
  const canvasPixels = await page.$eval('#board', (c) => c.width);
  assert.ok(canvasPixels >= board.width * 2 - 2, 'canvas is drawn at device resolution');
  for (const sq of ['d2', 'd4']) {
    const { x, y } = await squareCenter(page, sq);
    await page.touchscreen.tap(x, y);
  }
  assert.deepEqual(await moveNames(page), ['d4']);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'no sideways scrolling');
  await shot(page, 'phone', { fullPage: true });
  assert.deepEqual(page.errors, []);
  await context.close();
});
