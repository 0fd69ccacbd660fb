// Comforts players expect (issue 20), on a desktop and a phone: the rules of any variant from the New
// game dialog, Checkered's switch as a button besides the king's gesture, and destroying actions that
// ask a second tap on touch, and Napoleon on a phone (zoom beside the board, coordinates in view when
// panned, squares of at least 24 CSS px).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, newGame, squareCenter, shot, onBothViewports } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const onBoth = (title, body) => onBothViewports(() => h, title, body);

onBoth('the rules of the variant picked in the New game dialog', async (page, name) => {
  await page.click('#new-game');
  await page.selectOption('#new-variant', 'wounds');
  await page.click('#new-rules');
  await page.waitForFunction(() => !document.getElementById('rules-body').hasAttribute('aria-busy'));
  assert.equal(await page.textContent('#rules-title'), 'Rules: Chess with Wounds');
  await shot(page, `comfort-new-rules-${name}`);
  await page.click('#rules-close-top');
  // Back in the dialog, with the variant still picked.
  assert.equal(await page.isVisible('#new-dialog'), true);
  assert.equal(await page.inputValue('#new-variant'), 'wounds');
  await page.click('#new-cancel');
});

onBoth("Checkered's switch is a button as well", async (page, name) => {
  await newGame(page, { variant: 'checkered' });
  await clickMove(page, 'b1c3');
  await clickMove(page, 'd7d5');
  await clickMove(page, 'c3d5');
  await page.click('#chooser button:has-text("Knight")');
  await clickMove(page, 'e7e6');
  await clickMove(page, 'd5c7');
  await page.click('#chooser button:has-text("Pawn")');
  // Black may switch: a button says so, besides the king's move onto the enemy king.
  const button = page.locator('#piece-actions button', { hasText: 'Switch (S)' });
  assert.equal(await button.isVisible(), true);
  await shot(page, `comfort-switch-button-${name}`);
  await button.click();
  assert.deepEqual((await moveNames(page)).at(-1), 'S');
  assert.match(await page.textContent('#notes'), /Stage 2: Black holds the checkered army/);
});

onBoth('a shot is marked as one; on touch a first tap shows it and a second fires', async (page, name) => {
  await newGame(page, { variant: 'gunnery' });
  await clickMove(page, 'g1f3');
  await clickMove(page, 'g8f6');
  const tap = async (sq) => {
    const { x, y } = await squareCenter(page, sq);
    if (name === 'phone') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  };
  await tap('f2');
  if (name === 'phone') {
    await tap('f6');
    // Shown, not fired: the target is armed and its effect marked.
    assert.equal(await page.getAttribute('#board', 'data-armed'), 'f6');
    assert.deepEqual(await moveNames(page), ['Nf3', 'Nf6']);
    await shot(page, `comfort-shot-armed-${name}`);
    await tap('f6');
  } else {
    await shot(page, `comfort-shot-target-${name}`);
    await tap('f6'); // a mouse click is precise: one click fires
  }
  assert.deepEqual(await moveNames(page), ['Nf3', 'Nf6', 'f2*f6']);
  assert.equal(await page.getAttribute('#board', 'data-armed'), null);
});

onBoth('Napoleon on a phone: zoom beside the board, coordinates in view when panned, big enough squares', async (page, name) => {
  await newGame(page, {
    variant: 'napoleon',
    position: '12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R w 1 1',
  });
  if (name === 'desktop') {
    assert.equal(await page.isVisible('#zoom'), false, 'the whole board fits a desktop');
    return;
  }
  const board = await page.$eval('.board-box', (b) => b.getBoundingClientRect().toJSON());
  const zoom = await page.$eval('#zoom', (b) => b.getBoundingClientRect().toJSON());
  assert.ok(zoom.top - board.bottom < 60, `the zoom button is next to the board: ${zoom.top} vs ${board.bottom}`);
  await page.click('#zoom');
  const cell = await page.$eval('#board', (c) => c.getBoundingClientRect().width / 16);
  assert.ok(cell >= 24, `squares of ${cell} CSS px`);
  // Panned to the middle: the coordinates are drawn along the edges of the part in view.
  const scroll = await page.$eval('.board-box', (b) => {
    b.scrollLeft = 150;
    b.scrollTop = 120;
    return { left: b.scrollLeft, bottom: b.scrollTop + b.clientHeight };
  });
  await page.waitForFunction((want) => document.getElementById('board').dataset.coordsInView === want, `${scroll.left},${scroll.bottom}`);
  await shot(page, `comfort-napoleon-zoom-${name}`);
  await page.click('#zoom');
  await page.waitForFunction(() => document.getElementById('board').dataset.coordsInView === undefined);
});
