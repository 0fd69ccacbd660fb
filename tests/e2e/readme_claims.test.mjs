// What the README promises and no other test held the page to: undo against the computer, the computer
// playing White, Copy and Share, storage that is disabled (not only full), a link game's secret through a
// reload, and the keyboard for the choosers (promotion, a wounded piece's rotation) and the rotate buttons.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, newGame, linkOf, positionOf, receive, computerGame } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const yourMove = (page) => page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent), null, { timeout: 30000 });

test('against the computer, Undo takes back its reply and your move', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await computerGame(page, { side: 0, level: 1 });
  await yourMove(page);
  await clickMove(page, 'e2e4');
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 2);
  await yourMove(page);
  await page.click('#undo');
  assert.deepEqual(await moveNames(page), []);
  assert.equal(await positionOf(page), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.match(await page.textContent('#status'), /Your move/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the computer plays White when you take Black, and the board turns to your side', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await computerGame(page, { side: 1, level: 1 });
  await yourMove(page);
  const moves = await moveNames(page);
  assert.equal(moves.length, 1, `the computer's first move: ${moves}`);
  assert.equal(await page.getAttribute('body', 'data-flipped'), 'true');
  assert.match(await page.textContent('#player-top'), /White \(computer\)/);
  const listed = ((await page.getAttribute('body', 'data-moves')) || '').split(' ').filter(Boolean);
  await clickMove(page, listed[0]);
  await page.waitForFunction(() => document.querySelectorAll('#moves button').length === 3);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Copy puts the link on the clipboard; Share hands it to the system share sheet', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
  await context.addInitScript(() => {
    window.shared = [];
    navigator.share = async (data) => {
      window.shared.push(data);
    };
  });
  const page = await open(context, h.url);
  await newGame(page, { mode: 'link', seat: 0 });
  await clickMove(page, 'e2e4');
  const link = await linkOf(page);
  assert.match(link, /#A/);
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-link').textContent.includes('Copied'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.equal(await page.isVisible('#share-link'), true);
  await page.click('#share-link');
  await page.waitForFunction(() => window.shared.length === 1);
  const shared = await page.evaluate(() => window.shared[0]);
  assert.equal(shared.url, link);
  assert.match(shared.title, /Your move in our Chess game/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('with storage disabled the page says so, and the game plays on and travels by link', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript(() => {
    // What a browser does when the user blocks site data: reading localStorage throws.
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The user denied access to storage.', 'SecurityError');
      },
    });
  });
  const page = await open(context, h.url);
  await newGame(page, { mode: 'link', seat: 0 });
  assert.match(await page.textContent('#notice-text'), /storage-unavailable/);
  await clickMove(page, 'e2e4');
  assert.deepEqual(await moveNames(page), ['e4']);
  const link = await linkOf(page);
  // The opponent (with storage) gets the whole game from the link alone.
  const other = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const b = await open(other, h.url);
  await receive(b, link);
  assert.deepEqual(await moveNames(b), ['e4']);
  await page.click('#my-games');
  await page.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.equal(await page.isVisible('#games-dialog'), true);
  assert.deepEqual([...page.errors, ...b.errors], []);
  await context.close();
  await other.close();
});

test("a link game's secret survives a reload, and the game goes on from it", async () => {
  const alice = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const bob = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const a = await open(alice, h.url);
  const b = await open(bob, h.url);
  await newGame(a, { variant: 'chess2024', mode: 'link', seat: 0 });
  const secrets = () => a.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.secret.')).map((k) => localStorage.getItem(k)));
  const before = await secrets();
  assert.equal(before.length, 1);
  await a.reload();
  await a.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await secrets(), before, 'the same secret after the reload');
  await clickMove(a, 'c1b2');
  await receive(b, await linkOf(a));
  const replies = ((await b.getAttribute('body', 'data-moves')) || '').split(' ').filter(Boolean);
  await clickMove(b, replies[0]);
  await receive(a, await linkOf(b));
  // The reply (with Black's commitment) is taken: no refusal, White to move on the same secret.
  assert.equal(await a.isVisible('#notice'), false, await a.textContent('#notice-text'));
  assert.match(await a.textContent('#status'), /Your move/);
  assert.deepEqual(await secrets(), before);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});

/**
 * Picks `square` with the board's keyboard cursor: the first Enter on the board switches it to keyboard
 * play, the arrows (stopping at the edges) bring the cursor to a1 and then to the square, Enter picks.
 */
async function keyboardPick(page, square) {
  await page.focus('#board');
  if (!page.keyboardMode) {
    await page.keyboard.press('Enter');
    page.keyboardMode = true;
  }
  const size = Number(await page.getAttribute('body', 'data-board-width')) || 8;
  for (let i = 0; i < size; i++) {
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
  }
  for (let i = 0; i < square.charCodeAt(0) - 97; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < Number(square.slice(1)) - 1; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
}

/** Presses Tab until the focused element's text or label matches `pattern` (at most `limit` times). */
async function tabTo(page, pattern, limit = 12) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent);
    if (pattern.test(label)) return label;
  }
  throw new Error(`Tab never reached ${pattern}`);
}

test('the promotion chooser works from the keyboard: focus on its first piece, Tab, Enter, Escape', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { position: '8/P6k/8/8/8/8/8/K7 w - - 0 1' });
  await keyboardPick(page, 'a7');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('#chooser'), true);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Queen', 'focus on the first choice');
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('#chooser'), false, 'Escape closes the chooser');
  assert.deepEqual(await moveNames(page), []);
  await keyboardPick(page, 'a7');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await tabTo(page, /Knight/, 3), 'Knight (a8=N)', 'three Tabs from the queen');
  await page.keyboard.press('Enter');
  assert.deepEqual(await moveNames(page), ['a8=N']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a wounded piece rotates from the keyboard: pick it with Enter, Tab to a rotate button', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'wounds', position: 'rnbqkbnr/pppp1ppp/8/4p{...s.s..}3/4P3/8/PPPP1PPP/RNBQKBNR b 0 0 3' });
  await keyboardPick(page, 'e5');
  assert.deepEqual(await page.$$eval('#piece-actions button', (bs) => bs.map((x) => x.textContent)), ['Rotate left (e5<)', 'Rotate right (e5>)']);
  await tabTo(page, /Rotate right/);
  await page.keyboard.press('Enter');
  assert.deepEqual(await moveNames(page), ['e5>']);
  assert.match(await positionOf(page), /^rnbqkbnr\/pppp1ppp\/8\/4p\{....s.s.\}3\//);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a Napoleon turn from the keyboard: a man moved with the cursor, the turn ended with Tab and Enter', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'napoleon', position: '15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP14/K15 w 0 1' });
  await keyboardPick(page, 'a2');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.deepEqual(await moveNames(page), ['Pa2-a3']);
  // The turn's remaining steps are buttons; each is reached with Tab until Black is to move.
  for (let step = 0; step < 3 && !/Black/.test(await page.textContent('#status')); step++) {
    await tabTo(page, /^end |^pass$/);
    await page.keyboard.press('Enter');
  }
  assert.match(await page.textContent('#status'), /Black/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the Wounds rotation chooser works from the keyboard: Enter on the picked piece, Escape, Tab, Enter', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'wounds', position: 'rnbqkbnr/pppp1ppp/8/4p{...s.s..}3/4P3/8/PPPP1PPP/RNBQKBNR b 0 0 3' });
  const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent);
  // Enter picks the wounded pawn; Enter on it again opens the chooser (as a second click does), with
  // the focus on its first choice.
  await keyboardPick(page, 'e5');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('#chooser'), true);
  assert.equal(await focused(), 'Rotate left (e5<)', 'focus on the first choice');
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('#chooser'), false, 'Escape closes the chooser');
  assert.deepEqual(await moveNames(page), []);
  await keyboardPick(page, 'e5');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('#chooser'), true);
  assert.equal(await tabTo(page, /Rotate right/, 1), 'Rotate right (e5>)', 'one Tab from the first choice');
  await page.keyboard.press('Enter');
  assert.equal(await page.isVisible('#chooser'), false);
  assert.deepEqual(await moveNames(page), ['e5>']);
  assert.match(await positionOf(page), /^rnbqkbnr\/pppp1ppp\/8\/4p\{....s.s.\}3\//);
  assert.deepEqual(page.errors, []);
  await context.close();
});
