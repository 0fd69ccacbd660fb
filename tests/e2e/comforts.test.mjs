// Comforts players expect, on a desktop and a phone: the rules of any variant from the New
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
  await page.waitForSelector('#rules-dialog[open]'); // its part may still be on its way
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

// Every destroying action of the game (a Gunnery shot, a Chess 2024 cannon shot, a Wounds wound) is
// marked as one; on touch a first tap on its target shows the effect and a second plays it.
// `blast`: the squares around the target the action also destroys (the board names what it marks).
const DESTROYING = [
  { variant: 'gunnery', before: ['g1f3', 'g8f6'], from: 'f2', to: 'f6', name: 'f2*f6', blast: [] },
  { variant: 'chess2024', before: [], from: 'd2', to: 'd7', name: 'C@d7', blast: ['c6', 'd6', 'e6', 'c7', 'e7', 'c8', 'd8', 'e8'] },
  { variant: 'wounds', before: ['e2e3', 'e7e6', 'e3e4', 'e6e5'], from: 'e4', to: 'e5', name: 'e4~e5', blast: [] },
];
const marked = async (page) => ((await page.getAttribute('#board', 'data-marked')) || '').split(' ').filter(Boolean).sort();
for (const act of DESTROYING) {
  onBoth(`${act.variant}: ${act.name} is marked as destroying; on touch a first tap shows it and a second plays it`, async (page, name) => {
    await newGame(page, { variant: act.variant });
    for (const move of act.before) await clickMove(page, move);
    const tap = async (sq) => {
      const { x, y } = await squareCenter(page, sq);
      if (name === 'phone') await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
    };
    const before = await moveNames(page);
    await tap(act.from);
    // The picked piece's target is drawn as a destroying one (the board lists it for tests and readers).
    assert.ok((await page.getAttribute('#board', 'data-destroying'))?.split(' ').includes(act.to));
    if (name === 'phone') {
      await tap(act.to);
      // Shown, not played: the target is armed and its effect marked (the target and its blast).
      assert.equal(await page.getAttribute('#board', 'data-armed'), act.to);
      assert.deepEqual(await marked(page), [act.to, ...act.blast].sort());
      assert.deepEqual(await moveNames(page), before);
      await shot(page, `comfort-${act.variant}-armed-${name}`);
      await tap(act.to);
    } else {
      // Pointed at, the target shows its blast.
      const { x, y } = await squareCenter(page, act.to);
      await page.mouse.move(x, y);
      assert.deepEqual(await marked(page), [...act.blast].sort());
      await shot(page, `comfort-${act.variant}-target-${name}`);
      await tap(act.to); // a mouse click is precise: one click plays
    }
    assert.deepEqual(await moveNames(page), [...before, act.name]);
    assert.equal(await page.getAttribute('#board', 'data-armed'), null);
    assert.deepEqual(await marked(page), [], 'played: nothing marked any more');
  });
}

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
  // Panned to the middle: the coordinates are drawn along the edges of the part in view. The part in
  // view is read as the check runs, not when the pan was asked: a zoomed box still settling its layout
  // (a loaded CI machine) may clamp the scroll or change its height after the pan.
  const scroll = await page.$eval('.board-box', (b) => {
    b.scrollLeft = 150;
    b.scrollTop = 120;
    return { left: b.scrollLeft, top: b.scrollTop };
  });
  assert.ok(scroll.left > 0 && scroll.top > 0, `the zoomed board pans: ${JSON.stringify(scroll)}`);
  await page.waitForFunction(() => {
    const box = document.querySelector('.board-box');
    const inView = `${box.scrollLeft},${box.scrollTop + box.clientHeight}`;
    return box.scrollLeft > 0 && document.getElementById('board').dataset.coordsInView === inView;
  });
  await shot(page, `comfort-napoleon-zoom-${name}`);
  await page.click('#zoom');
  await page.waitForFunction(() => document.getElementById('board').dataset.coordsInView === undefined);
});
