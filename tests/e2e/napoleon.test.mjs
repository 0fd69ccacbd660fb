// Napoleon in the page: setups made in the editor, sealed over links and revealed, group moves with
// a connection-phase switch, pass-and-play secrecy, and four players passing links round the table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, twoPlayers, receive, linkOf, positionOf, newGame, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The board field of the shown position. */
const boardOf = async (page) => (await positionOf(page)).split(' ')[0];

/** Uses a preset (by its index in the list) and confirms the setup. */
async function presetSetup(page, index = 1) {
  const value = await page.$eval('#setup-preset', (s, i) => s.options[i].value, index);
  await page.selectOption('#setup-preset', value);
  assert.equal(await page.isDisabled('#setup-done'), false, await page.textContent('#setup-problems'));
  await page.click('#setup-done');
}

/** Clicks the button of an action tied to no square ("End moves", "Pass"). */
const action = (page, name) => page.click(`#piece-actions button:has-text("${name}")`);

test('a sealed setup over links, then a group move with a switch', async () => {
  const players = await twoPlayers(h, 0, { variant: 'napoleon' });
  const { a, b } = players;
  // Alice (White) builds her setup in the editor; the rules are checked as she goes.
  assert.equal(await a.isVisible('#setup-panel'), true);
  assert.equal(await a.isDisabled('#setup-done'), true);
  assert.match(await a.textContent('#setup-problems'), /1 king needed, 0 placed/);
  await a.click('#setup-army button[data-kind="K"]');
  await clickMove(a, 'b1');
  assert.match(await a.textContent('#setup-problems'), /1 queen needed, 0 placed/);
  await shot(a, 'napoleon-editor');
  await presetSetup(a, 1);
  assert.match(await a.textContent('#status'), /Waiting for Black/);
  // Bob sees nothing of it: White's setup is sealed.
  await receive(b, await linkOf(a));
  assert.doesNotMatch(await boardOf(b), /[KQRBNP]/, 'no White man on Black\'s board');
  assert.equal(await b.isVisible('#setup-panel'), true);
  // A random setup is valid at once; Bob then takes a preset (a random one might give check at the start,
  // and this test's moves need a quiet position).
  await b.click('#setup-random');
  assert.equal(await b.isDisabled('#setup-done'), false, await b.textContent('#setup-problems'));
  await presetSetup(b, 1);
  // Alice opens Bob's link: her setup is revealed at once and she moves.
  await receive(a, await linkOf(b));
  assert.match(await a.textContent('#status'), /Your move \(White\)/);
  assert.match(await boardOf(a), /K/);
  // Inside her turn (nothing sent yet) she may take a move back, but not Bob's setup before it.
  assert.equal(await a.isVisible('#undo'), false);
  await clickMove(a, 'j2j3');
  assert.equal(await a.isEnabled('#undo'), true);
  await a.click('#undo');
  assert.equal(await a.isVisible('#undo'), false);
  assert.match(await boardOf(a), /PPPP5PPPP3\/RKRB5NQNB3$/);
  // Nj1-h2 leaves the knight cut off; no rejoining move; it switches onto the pawn on m2.
  await clickMove(a, 'j1h2');
  await action(a, 'end moves');
  await action(a, 'end rejoining');
  await clickMove(a, 'h2m2');
  assert.match(await a.textContent('#status'), /Waiting for Black/);
  await shot(a, 'napoleon-after-switch');
  // Bob checks the reveal against the seal and replays the turn.
  await receive(b, await linkOf(a));
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  assert.deepEqual(await moveNames(b), [
    'setup sealed',
    'set up',
    'setup revealed',
    'Nj1-h2',
    'end moves',
    'end rejoining',
    'Nh2⇄Pm2',
  ]);
  // A narrow column breaks the switch after its arrow, not inside a square name.
  assert.equal(await b.locator('#moves button:has-text("Nh2⇄Pm2") wbr').count(), 1);
  assert.match(await positionOf(b), /N/);
  await shot(b, 'napoleon-receiver');
  await players.close();
});

test('pass and play hides the first setup while the second is made', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'napoleon' });
  // Presets (random setups facing each other may start White in check, with no pass).
  await presetSetup(page);
  assert.match(await page.textContent('#status'), /Black sets up/);
  assert.doesNotMatch(await boardOf(page), /[KQRBNP]/);
  // The sealed setup is kept by the browser: a reload in between loses nothing.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.textContent('#status'), /Black sets up/);
  await presetSetup(page);
  assert.match(await page.textContent('#status'), /White to move/);
  assert.match(await boardOf(page), /K/);
  await shot(page, 'napoleon-phone', { fullPage: true });
  // The 16x16 board zooms on a phone: twice as wide, scrolled to the player's side.
  assert.equal(await page.isVisible('#zoom'), true);
  await page.click('#zoom');
  const size = await page.$eval('#board', (c) => c.getBoundingClientRect().width);
  const box = await page.$eval('.board-box', (b) => b.getBoundingClientRect().width);
  assert.ok(size > 1.9 * box, `${size} vs ${box}`);
  await shot(page, 'napoleon-phone-zoomed');
  await page.click('#piece-actions button:has-text("pass")');
  assert.match(await page.textContent('#status'), /Black to move/);
  await page.click('#zoom');
  assert.equal(await page.$eval('.board-box', (b) => b.classList.contains('zoomed')), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('four players pass the links round the table', async () => {
  const contexts = await Promise.all([0, 1, 2, 3].map(() => h.browser.newContext({ viewport: { width: 1200, height: 800 } })));
  const [w, r, k, u] = await Promise.all(contexts.map((c) => open(c, h.url)));
  await w.click('#new-game');
  await w.selectOption('#new-variant', 'napoleon');
  await w.selectOption('select[data-setting="players"]', '1');
  await w.check('input[name="mode"][value="link"]');
  // Four players: four sides to choose from.
  assert.deepEqual(await w.$$eval('#new-side option', (os) => os.map((o) => o.textContent)), ['White', 'Red', 'Black', 'Blue']);
  await w.selectOption('#new-side', '0');
  await w.click('#new-start');
  // Three sealed setups, one in the open, then the three reveals (each browser reveals its own).
  // (Presets: random setups of neighbouring corners may start a player in check.)
  await presetSetup(w);
  await receive(r, await linkOf(w));
  await presetSetup(r);
  await receive(k, await linkOf(r));
  await presetSetup(k);
  await receive(u, await linkOf(k));
  assert.match(await u.textContent('#status'), /Your setup \(Blue\)/);
  // The northern players (Red, Black) see the board turned; the southern ones (White, Blue) do not.
  assert.deepEqual(
    await Promise.all([w, r, k, u].map((p) => p.getAttribute('body', 'data-flipped'))),
    ['false', 'true', 'true', 'false'],
  );
  await presetSetup(u);
  let link = await linkOf(u);
  for (const page of [w, r, k]) {
    await receive(page, link);
    link = await linkOf(page);
  }
  // Two rounds of turns: everyone passes, and every browser names the player to move. The start of
  // the turns then stands for the third time: a draw, shared by all four.
  for (let round = 0; round < 2; round++) {
    for (const [page, name] of [[w, 'White'], [r, 'Red'], [k, 'Black'], [u, 'Blue']]) {
      await receive(page, link);
      assert.match(await page.textContent('#status'), new RegExp(`Your move \\(${name}\\)`));
      await action(page, 'pass');
      link = await linkOf(page);
      if (round === 1 && name === 'Blue') break;
      assert.match(await page.textContent('#status'), /Waiting for/);
    }
  }
  assert.match(await u.textContent('#banner'), /½-½-½-½ · Draw by threefold repetition/);
  await receive(w, link);
  assert.match(await w.textContent('#banner'), /Draw by threefold repetition/);
  await shot(w, 'napoleon-four');
  for (const page of [w, r, k, u]) assert.deepEqual(page.errors, []);
  await Promise.all(contexts.map((c) => c.close()));
});

test('with four players the status names whose king is in check', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await page.click('#new-game');
  await page.selectOption('#new-variant', 'napoleon');
  await page.selectOption('select[data-setting="players"]', '1');
  await page.check('input[name="mode"][value="local"]');
  // White to move; Blue's knight on c15 gives check to Red's king on a16.
  await page.fill('#new-position', 'KrNr12NbKb/BrRrNu11RbBb/16/16/16/16/16/16/16/16/16/16/16/16/BwRw12RuBu/KwNw12NuKu w - 0 5');
  await page.click('#new-start');
  assert.equal(await page.textContent('#status'), 'White to move. Red is in check.');
  await page.click('#piece-actions button:has-text("pass")');
  assert.equal(await page.textContent('#status'), 'Red to move. Check!');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the setup editor and the turn actions are in view: beside the board on a desktop, under it on a phone', async () => {
  /** The boxes of the board and of one control, read without scrolling. */
  const boxes = (page, id) =>
    page.evaluate((id) => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      return { board: box(document.getElementById('board')), control: box(document.getElementById(id)), scrolled: scrollY };
    }, id);
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'napoleon' });
  let { board, control, scrolled } = await boxes(page, 'setup-done');
  assert.equal(scrolled, 0);
  assert.ok(control.left >= board.right && control.bottom <= 800, `seal button at ${JSON.stringify(control)}`);
  await newGame(page, { variant: 'napoleon', position: '12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R w 1 1' });
  ({ board, control } = await boxes(page, 'piece-actions'));
  assert.ok(control.left >= board.right && control.bottom <= 800, `actions at ${JSON.stringify(control)}`);
  // Narrowed to a phone's width, the controls move under the board (above the status), and back when
  // widened; the media query's change event comes with the next frame.
  const movedTo = (slot) =>
    page.waitForFunction((slot) => document.getElementById('piece-actions').parentElement.id === slot, slot);
  await page.setViewportSize({ width: 390, height: 844 });
  await movedTo('board-controls');
  ({ board, control } = await boxes(page, 'piece-actions'));
  const status = await page.$eval('#status', (el) => el.getBoundingClientRect().toJSON());
  assert.ok(control.top >= board.bottom && control.bottom <= status.top, `actions at ${JSON.stringify(control)}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await movedTo('panel-controls');
  ({ board, control } = await boxes(page, 'piece-actions'));
  assert.ok(control.left >= board.right);
  assert.deepEqual(page.errors, []);
  await context.close();
});
