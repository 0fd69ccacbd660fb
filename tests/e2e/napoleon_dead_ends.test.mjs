// Napoleon's dead ends marked before they are played: a move after which the turn cannot end legally
// (the king stays in check whatever follows) gets a red cross on the board, words for a listener, and
// "end moves" says so on its button. The engine proves the marks; the page draws them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, onBothViewports, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

// White's king on a1 is checked along the first rank by the rook on d1. The queen may take it; the
// queen's other moves leave nothing that can block or take (a dead end each); everything else has a way.
const CHECKED = '15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP4PP8/K2r3Q8 w 0 1';
const QUEEN_DEAD_ENDS = ['e1', 'f1', 'g1', 'i1', 'j1', 'k1', 'l1', 'm1', 'n1', 'o1', 'p1', 'i2', 'j3', 'k4', 'l5', 'm6', 'n7', 'o8', 'p9'];

const data = (page, el, key) => page.$eval(el, (e, k) => e.dataset[k] || '', key);

onBothViewports(() => h, 'a move that leaves no legal end of the turn is marked before it is played', async (page, name) => {
  await newGame(page, { variant: 'napoleon', position: CHECKED });
  // Every marked move, for tests and tools: the queen's moves that do not take, nothing else.
  const marked = (await data(page, 'body', 'deadEnds')).split(' ').filter(Boolean);
  assert.deepEqual(marked.sort(), QUEEN_DEAD_ENDS.map((to) => `h1${to}`).sort());
  // The queen has a way out (taking the rook), so she is not marked as a whole.
  assert.equal(await data(page, '#board', 'deadEndPieces'), '');
  // Picked, her destinations that are dead ends are crossed out; the capture is not.
  await clickMove(page, 'h1');
  const crossed = (await data(page, '#board', 'deadEnds')).split(' ');
  assert.deepEqual(crossed.sort(), [...QUEEN_DEAD_ENDS].sort());
  // The legend says what the crosses mean, in the live region of the turn's actions.
  assert.match(await page.textContent('#piece-actions'), /No legal way to finish this turn after a move marked so/);
  await shot(page, `napoleon-dead-ends-${name}`);
  await clickMove(page, 'h1'); // put her back down
  // Walked into one anyway (the lists are the rules'): "end moves" says it cannot lead to a legal end,
  // and every man left to move is marked as a whole.
  await clickMove(page, 'h1e1');
  const end = page.locator('#piece-actions button:has-text("end moves")');
  assert.match(await end.textContent(), /no legal way to finish the turn after it/);
  assert.match(await end.getAttribute('class'), /dead-end/);
  assert.deepEqual((await data(page, '#board', 'deadEndPieces')).split(' ').sort(), ['g2', 'h2']);
  await shot(page, `napoleon-dead-end-walked-in-${name}`);
});

test('a listener hears that a destination is a dead end, in English and in French', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'napoleon', position: CHECKED });
  // The words of the cursor's square (a live region filled on the next frame).
  const cursorWords = async (square) => {
    await page.waitForFunction((sq) => document.getElementById('cursor-speech').textContent.startsWith(`${sq},`), square);
    return page.textContent('#cursor-speech');
  };
  // The cursor from a1 to h1, the queen picked, then on f1 (a dead end) and d1 (the way out).
  await page.focus('#board');
  for (const key of ['Enter', ...Array(7).fill('ArrowRight'), 'Enter', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  assert.match(await cursorWords('f1'), /a dead end: no legal way to finish the turn after this move/);
  for (const key of ['ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  assert.doesNotMatch(await cursorWords('d1'), /dead end/);
  // In French.
  await page.keyboard.press('Escape');
  await page.click('#show-looks');
  await page.selectOption('#looks-language', 'fr');
  await page.click('#looks-close');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  await page.focus('#board');
  // (A click elsewhere left keyboard play: Enter takes it up again.)
  for (const key of ['Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await page.waitForFunction(() => document.getElementById('board').dataset.cursor === 'h1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.match(await cursorWords('f1'), /une impasse\s:\saucune façon légale de finir le tour après ce coup/);
  assert.match(await page.textContent('#piece-actions'), /Aucune façon légale de finir ce tour/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
