// What a new player met and reported as bugs, each checked on a desktop and a phone, with a screenshot:
// the New game dialog's rows, taking back a link-game move before sending it, Napoleon's last move after
// the setups, the final link's words, moves named as players count them, the computer's answer to a
// draw offer, four seats on a phone, the archer call's title, a notice beside the board, the rules'
// close button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start, open, clickMove, moveNames, twoPlayers, receive, linkOf, newGame, squareCenter, shot, onBothViewports, VIEWPORTS } from './harness.mjs';

// The engine in this process (for a stand-in of the computer's worker).
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const engine = await import(join(root, 'target', 'bench-pkg', 'chessfront_web.js'));
await engine.default({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const onBoth = (title, body) => onBothViewports(() => h, title, body);

/** Whether an element lies inside the window (not scrolled off, not cut). */
const inView = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });

onBoth('1. the New game dialog shows the side and level rows only where they apply, and the level reads whole', async (page, name) => {
  await page.click('#new-game');
  await page.check('input[name="mode"][value="local"]');
  assert.equal(await page.isVisible('#new-side-row'), false, 'no side in pass and play');
  assert.equal(await page.isVisible('#new-level-row'), false, 'no level in pass and play');
  await page.check('input[name="mode"][value="link"]');
  assert.equal(await page.isVisible('#new-side-row'), true);
  assert.equal(await page.isVisible('#new-level-row'), false, 'no level in a link game');
  await page.check('input[name="mode"][value="computer"]');
  assert.equal(await page.isVisible('#new-level-row'), true);
  await page.selectOption('#new-level', '14');
  // The picker holds the level's name; how it plays is written in full under it.
  assert.equal(await page.$eval('#new-level', (s) => s.selectedOptions[0].textContent), '14 · Strongest');
  assert.match(await page.textContent('#new-level-about'), /moves ahead/);
  const fits = await page.$eval('#new-level-about', (el) => el.getBoundingClientRect().right <= innerWidth && el.scrollWidth <= el.clientWidth);
  assert.ok(fits, 'the level text is whole');
  await shot(page, `expect-new-dialog-${name}`);
  await page.click('#new-cancel');
});

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`2. a link-game move is confirmed, and taken back until its link is sent (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    // On the phone every gesture is a finger's tap (a page with touch).
    const press = (page, selector) => (name === 'phone' ? page.tap(selector) : page.click(selector));
    const move = async (page, squares) => {
      for (const sq of squares) {
        const { x, y } = await squareCenter(page, sq);
        if (name === 'phone') await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
      }
    };
    assert.equal(await a.evaluate(() => navigator.maxTouchPoints > 0), name === 'phone', 'a phone has touch');
    assert.equal(await a.isVisible('#confirm-preference'), true, 'a link game offers the preference');
    await move(a, ['e2', 'e3']);
    // A mis-tap: the move waits for confirmation, with no link yet.
    assert.equal(await a.isVisible('#confirm-box'), true);
    assert.equal(await a.isVisible('#link-box'), false);
    assert.match(await a.textContent('#status'), /Confirm your move/);
    await shot(a, `expect-confirm-${name}`);
    await press(a, '#takeback-move');
    assert.deepEqual(await moveNames(a), []);
    // The intended move, confirmed: the link is shown, and the move can still be taken back.
    await move(a, ['e2', 'e4']);
    assert.deepEqual(await moveNames(a), ['e4']);
    await press(a, '#confirm-move');
    assert.equal(await a.isVisible('#link-box'), true);
    assert.equal(await a.isEnabled('#undo'), true, 'not sent yet');
    await a.click('#undo');
    assert.deepEqual(await moveNames(a), []);
    await clickMove(a, 'd2d4');
    // Copied: the link may be on its way, so the move is the link's.
    await a.click('#copy-link');
    assert.equal(await a.isVisible('#undo'), false);
    await receive(b, await linkOf(a));
    assert.deepEqual(await moveNames(b), ['d4']);
    // The preference turns confirmation off (and is kept).
    await b.uncheck('#confirm-moves');
    await clickMove(b, 'd7d5', { confirm: false });
    assert.equal(await b.isVisible('#link-box'), true);
    await players.close();
  });
}

onBoth('3. Napoleon marks no last move when the setups are revealed', async (page, name) => {
  await newGame(page, { variant: 'napoleon' });
  for (let i = 0; i < 2; i++) {
    const value = await page.$eval('#setup-preset', (s) => s.options[1].value);
    await page.selectOption('#setup-preset', value);
    await page.click('#setup-done');
  }
  assert.match(await page.textContent('#status'), /White to move/);
  assert.equal(await page.getAttribute('body', 'data-last-move'), '', 'nothing moved yet');
  await shot(page, `expect-napoleon-revealed-${name}`);
});

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`4. the final link's receiver is not asked to send it back; a draw reads "by agreement" (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    await clickMove(a, 'f2f3');
    await receive(b, await linkOf(a));
    await clickMove(b, 'e7e5');
    await receive(a, await linkOf(b));
    await clickMove(a, 'g2g4');
    await receive(b, await linkOf(a));
    await clickMove(b, 'd8h4');
    assert.match(await b.textContent('#link-label'), /Send the final link to White/);
    await receive(a, await linkOf(b));
    assert.match(await a.textContent('#banner'), /Black wins by checkmate/);
    assert.doesNotMatch(await a.textContent('#link-label'), /Send/);
    assert.equal(await a.textContent('#link-label'), "Game over. The game's final link (nothing more to send):");
    assert.equal(await a.isVisible('#confirm-preference'), false, 'no move left to confirm');
    await shot(a, `expect-final-received-${name}`);
    // A rematch: a new link game, colours swapped.
    await a.click('#rematch');
    assert.equal(await a.isVisible('#rematch'), false, 'offered once a game is over');
    assert.match(await a.textContent('#status'), /Waiting for White/);
    assert.equal(await a.getAttribute('body', 'data-flipped'), 'true');
    // A draw agreed.
    await b.click('#new-game');
    await b.check('input[name="mode"][value="local"]');
    await b.click('#new-start');
    assert.equal(await b.isVisible('#confirm-preference'), false, 'pass and play sends no link');
    await b.click('#offer-draw');
    await clickMove(b, 'e2e4');
    assert.equal(await b.isVisible('#rematch'), false);
    await b.click('#accept-draw');
    assert.match(await b.textContent('#banner'), /Draw by agreement/);
    assert.equal(await b.isVisible('#rematch'), true);
    await players.close();
  });
}

onBoth('5. moves are named as players count them', async (page, name) => {
  await newGame(page);
  for (const move of ['e2e4', 'e7e5', 'g1f3']) await clickMove(page, move);
  await page.click('#moves button[data-ply="2"]');
  assert.equal(await page.textContent('#status'), 'Viewing the position after 1… e5. Press End or » to return to the game.');
  await page.click('#nav-first');
  assert.match(await page.textContent('#status'), /Viewing the start position/);
  await shot(page, `expect-viewing-${name}`);
});

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`5. an older copy of a link names the moves, not plies (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    await clickMove(a, 'e2e4');
    const first = await linkOf(a);
    await receive(b, first);
    await clickMove(b, 'e7e5');
    await receive(a, await linkOf(b));
    await clickMove(a, 'g1f3');
    await receive(a, first);
    assert.match(await a.textContent('#notice-text'), /stops at 1\. e4, yours goes on to 2\. Nf3/);
    await shot(a, `expect-older-copy-${name}`);
    await players.close();
  });
}

onBoth('6. the computer answers a draw offer', async (page, name) => {
  await page.click('#new-game');
  await page.selectOption('#new-variant', 'chess');
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('#new-side', '0');
  await page.selectOption('#new-level', '1');
  // White is a rook up: the computer (Black) takes a draw.
  await page.fill('#new-position', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
  await page.click('#new-start');
  await page.click('#offer-draw');
  await clickMove(page, 'g1f1');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#notice-text'), /accepts your draw offer/);
  assert.match(await page.textContent('#banner'), /Draw by agreement/);
  // Even, it declines and plays on.
  await page.click('#new-game');
  await page.check('input[name="mode"][value="computer"]');
  await page.click('#new-start');
  await page.click('#offer-draw');
  await clickMove(page, 'e2e4');
  await page.waitForFunction(() => document.getElementById('notice-text').textContent.includes('declines'));
  assert.match(await page.textContent('#notice-text'), /declines your draw offer/);
  await shot(page, `expect-computer-draw-${name}`);
});

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`7. a computer without a legal turn is out by the rules, not failing (${name})`, async () => {
    const context = await h.browser.newContext(options);
    // The computer's worker, stood in for: it finds no legal turn and resigns (the engine's answer then).
    await context.exposeBinding('resignIndex', (_, link) => {
      const game = engine.GameHandle.fromLink(link);
      const index = game.state().options.find((o) => o.kind === 'resign').index;
      game.free();
      return index;
    });
    await context.addInitScript(() => {
      window.Worker = class {
        postMessage({ id, link }) {
          window.resignIndex(link).then((index) => this.onmessage({ data: { id, indices: [index], resigned: true } }));
        }
      };
    });
    const page = await open(context, h.url);
    await page.click('#new-game');
    await page.selectOption('#new-variant', 'chess');
    await page.check('input[name="mode"][value="computer"]');
    await page.selectOption('#new-side', '1');
    await page.click('#new-start');
    await page.waitForSelector('#banner:not([hidden])');
    assert.equal(await page.textContent('#notice-text'), 'White (computer) had no legal turn left, so it is out of the game, as the rules say.');
    assert.equal(await page.$eval('#notice', (n) => n.classList.contains('info')), true, 'information, not an error');
    assert.match(await page.textContent('#banner'), /^0-1 · Black wins/);
    await shot(page, `expect-computer-out-${name}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

onBoth('7. four seats on one line stay apart', async (page, name) => {
  await page.click('#new-game');
  await page.selectOption('#new-variant', 'napoleon');
  await page.selectOption('select[data-setting="players"]', '1');
  await page.check('input[name="mode"][value="computer"]');
  await page.click('#new-start');
  const boxes = await page.$$eval('#player-top span', (spans) => spans.map((s) => s.getBoundingClientRect().toJSON()));
  assert.equal(boxes.length, 3);
  for (let i = 1; i < boxes.length; i++) {
    const [p, q] = [boxes[i - 1], boxes[i]];
    assert.ok(q.left >= p.right + 4 || q.top >= p.bottom, `seat names ${i - 1} and ${i} touch: ${JSON.stringify([p, q])}`);
  }
  await shot(page, `expect-four-seats-${name}`);
});

onBoth('8. calling archers names no count of square sets', async (page, name) => {
  await newGame(page, { variant: 'chess2024', position: '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 -/- 0/0 16/0 1/4' });
  assert.equal((await page.textContent('details.action-group summary')).trim(), 'Call archers');
  assert.match(await page.textContent('#notes'), /White: .*1 archer to call/);
  await shot(page, `expect-archers-${name}`);
});

onBoth('9. a notice does not push the board out of view', async (page, name, options) => {
  // Where the board is on the page (not in the window: the page may scroll to show the notice).
  const onPage = () => page.$eval('#board', (c) => {
    const { left, top, width, height } = c.getBoundingClientRect();
    return { left: left + scrollX, top: top + scrollY, width, height };
  });
  const before = await onPage();
  await page.click('#copy-position');
  await page.waitForSelector('#notice:not([hidden])'); // after the clipboard answers
  const after = await onPage();
  // A long word (the position) wraps: the notice's close button stays in view.
  const close = await page.$eval('#notice-close', (b) => b.getBoundingClientRect().toJSON());
  assert.ok(close.width > 0 && close.right <= options.viewport.width, `the notice can be dismissed: ${JSON.stringify(close)}`);
  assert.equal(await page.$eval('#notice', (n) => n.scrollWidth <= n.clientWidth), true, 'nothing sticks out of the notice');
  // The board stays where it was, at its size (on a phone it moved under the thumb when the notice went
  // above it).
  assert.deepEqual(after, before, 'the board stays where it was');
  if (name === 'desktop') {
    assert.ok(after.top + after.height <= options.viewport.height, `the bottom rank is in view: ${JSON.stringify(after)}`);
  } else {
    // On a phone the notice goes under the board, in view (the page scrolls to it if need be), covering
    // none of the board.
    const notice = await page.$eval('#notice', (n) => n.getBoundingClientRect().toJSON());
    const board = await page.$eval('#board', (c) => c.getBoundingClientRect().toJSON());
    assert.ok(notice.top >= board.bottom && notice.bottom <= options.viewport.height, `the notice under the board, in view: ${JSON.stringify([notice, board])}`);
  }
  await shot(page, `expect-notice-${name}`);
});

onBoth('10. the rules close button stays in view', async (page, name) => {
  await page.click('#show-rules');
  await page.waitForSelector('#rules-dialog[open]'); // its part may still be on its way
  await page.waitForFunction(() => !document.getElementById('rules-body').hasAttribute('aria-busy'));
  assert.equal(await inView(page, '#rules-close-top'), true);
  await page.$eval('#rules-dialog', (d) => (d.scrollTop = d.scrollHeight));
  // The text is longer than the dialog, and was scrolled to its end.
  assert.ok((await page.$eval('#rules-dialog', (d) => d.scrollTop)) > 0, 'the rules scrolled');
  assert.equal(await inView(page, '#rules-close-top'), true, 'still in view at the end of the text');
  await shot(page, `expect-rules-${name}`);
  await page.click('#rules-close-top');
  assert.equal(await page.isVisible('#rules-dialog'), false);
});
