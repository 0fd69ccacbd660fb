// A blind player's game: the keyboard and the accessibility tree only (role and label locators, the
// live regions' text), no mouse and no canvas pixels. Every variant is played from the New game dialog
// to a special action of its own, each move announced in words, squares read under the cursor, the
// whole position read on demand, and moves typed in the move list's notation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, shot, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** Presses Enter on a control found by its role and name, as a keyboard user does. */
async function press(page, role, name, key = 'Enter') {
  const control = page.getByRole(role, { name, exact: true });
  await control.focus();
  await control.press(key);
}

/** The last announcement of the live region (`#speech`, or the cursor's), once it holds `pattern`. */
async function heard(page, pattern, region = '#speech') {
  await page.waitForFunction(
    ([sel, source]) => new RegExp(source).test(document.querySelector(sel).textContent),
    [region, pattern.source],
    { timeout: 5000 },
  ).catch(() => {});
  const text = await page.locator(region).textContent();
  assert.match(text, pattern);
  return text;
}

/** A new pass-and-play game from the New game dialog, by keyboard: variant, optional start position. */
async function newGame(page, variant, position = '') {
  await press(page, 'button', 'New game');
  await page.getByRole('combobox', { name: 'Variant' }).selectOption({ label: variant });
  await press(page, 'radio', 'Pass and play on this device', ' ');
  if (position) await page.getByRole('textbox', { name: 'Start from a position (optional)' }).fill(position);
  await press(page, 'button', 'Start');
}

/** Types a move into the move box and plays it with Enter. */
async function typeMove(page, move) {
  const box = page.getByRole('textbox', { name: 'Type a move' });
  await box.fill(move);
  await box.press('Enter');
}

/** Moves the keyboard cursor with arrow presses (file steps right, rank steps up, from White's side). */
async function cursorBy(page, files, ranks) {
  const board = page.getByRole('application', { name: 'Board' });
  for (let i = 0; i < Math.abs(files); i++) await board.press(files > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(ranks); i++) await board.press(ranks > 0 ? 'ArrowUp' : 'ArrowDown');
}

for (const [screen, options] of Object.entries(VIEWPORTS)) {
  test(`chess by the keyboard cursor and typed moves, every move heard (${screen})`, async () => {
    const context = await h.browser.newContext(options);
    const page = await open(context, h.url);
    await newGame(page, 'Chess');
    await heard(page, /White to move/);
    // The cursor starts on a1 and reads each square it reaches.
    const board = page.getByRole('application', { name: 'Board' });
    await board.focus();
    await heard(page, /^a1, white rook$/, '#cursor-speech');
    await cursorBy(page, 4, 1);
    await heard(page, /^e2, white pawn, can move$/, '#cursor-speech');
    await board.press('Enter');
    await heard(page, /^e2, white pawn, picked$/, '#cursor-speech');
    await cursorBy(page, 0, 2);
    await heard(page, /^e4, empty, the picked piece can go here: e4$/, '#cursor-speech');
    await board.press('Enter');
    await heard(page, /^White: pawn e2 to e4\. Black to move\.$/);
    // The rest typed, in SAN and in coordinates; a mistyped move gets the engine's message.
    await typeMove(page, 'e7e5');
    await heard(page, /^Black: pawn e7 to e5\. White to move\.$/);
    // Undo says what it took back; the move is played again.
    await press(page, 'button', 'Undo');
    await heard(page, /^Taken back: Black: pawn e7 to e5\. Black to move\.$/);
    await typeMove(page, 'e5');
    await typeMove(page, 'Qh9');
    const alert = page.getByRole('alert').filter({ hasText: 'Qh9' });
    assert.match(await alert.textContent(), /'Qh9' is not a legal move here/);
    assert.equal(await page.getByRole('textbox', { name: 'Type a move' }).inputValue(), 'Qh9', 'kept to be corrected');
    for (const m of ['Qh5', 'Nc6', 'Bc4', 'Nf6']) await typeMove(page, m);
    assert.equal(await alert.count(), 0, 'a move played clears the message');
    await heard(page, /^Black: knight g8 to f6\. White to move\.$/);
    await typeMove(page, 'Qxf7#');
    await heard(page, /^White: queen h5 takes black pawn f7, checkmate\. 1-0/);
    // The move list is heard as words; the position is read with P on the board and with the button.
    assert.equal(await page.getByRole('button', { name: 'White: queen h5 takes black pawn f7, checkmate.' }).count(), 1);
    await board.focus();
    await board.press('p');
    await heard(page, /White: king e1; queen f7; .*Black: king e8; .*knights c6 and f6/);
    await press(page, 'button', 'Read position');
    await heard(page, /Black is in check\./);
    await shot(page, `voice-chess-${screen}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

/** A fresh desktop page for one variant's game. */
async function variantPage() {
  const context = await h.browser.newContext(VIEWPORTS.desktop.viewport ? VIEWPORTS.desktop : {});
  const page = await open(context, h.url);
  return { page, context };
}

test('Gunnery Chess: a cannon shot heard', async () => {
  const { page, context } = await variantPage();
  await newGame(page, 'Gunnery Chess', '4k3/8/8/4p3/8/4N3/4P3/R3K3 w - - 0 1');
  await typeMove(page, 'e2*e5');
  await heard(page, /^White: pawn e2 fires at black pawn e5, destroying both\. Black to move\.$/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Checkered Chess: a capture makes a checkered piece, read under the cursor', async () => {
  const { page, context } = await variantPage();
  await newGame(page, 'Checkered Chess');
  for (const m of ['Nc3', 'd5', 'Nxd5=P']) await typeMove(page, m);
  await heard(page, /^White: knight c3 takes black pawn d5, becomes checkered pawn\./);
  const board = page.getByRole('application', { name: 'Board' });
  await board.focus();
  await cursorBy(page, 3, 4);
  await heard(page, /^d5, checkered pawn, can move$/, '#cursor-speech');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Chess with Wounds: prongs read under the cursor, a rotation by its button', async () => {
  const { page, context } = await variantPage();
  await newGame(page, 'Chess with Wounds', 'k7/8/8/8/3R{l.l.l...}4/8/8/7K w 0 0 1');
  const board = page.getByRole('application', { name: 'Board' });
  await board.focus();
  await cursorBy(page, 3, 3);
  await heard(page, /^d4, white rook with long prongs north, east and south, can move$/, '#cursor-speech');
  await board.press('Enter');
  // The picked rook's actions in place are buttons (Tab reaches them).
  await press(page, 'button', 'Rotate right (Rd4>)');
  await heard(page, /^White: rook d4 turns: long prongs north-east, south-east and south-west\. Black to move\.$/);
  await typeMove(page, 'Kb8');
  await typeMove(page, 'Rh8');
  await heard(page, /^White: rook d4 to h8[.,]/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Chess 2024: a frontal attack and a cannon shot heard, the crater in the position', async () => {
  const { page, context } = await variantPage();
  await newGame(page, 'Chess 2024');
  await typeMove(page, 'c4(5)');
  await heard(page, /^White: pawn c3 to c4, pawn d3 to d4, pawn e3 to e4, pawn f3 to f4, pawn g3 to g4\. Black to move\.$/);
  await typeMove(page, 'd11d8f');
  await heard(page, /^Black: cannon d11 fires at d8, leaving a crater there, ammunition stack d12 now with 2 shots\./);
  await press(page, 'button', 'Read position');
  await heard(page, /crater d8/);
  await heard(page, /Black: reserve empty/);
  await shot(page, 'voice-chess2024');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Napoleon: setups by keyboard, a group move, phases and a switch heard', async () => {
  const { page, context } = await variantPage();
  await newGame(page, 'Napoleon');
  for (const done of ['Seal my setup', 'Done: set up']) {
    await page.getByRole('combobox', { name: 'Preset setups' }).selectOption({ index: 1 });
    await press(page, 'button', done);
  }
  await heard(page, /White: setup revealed\./);
  await typeMove(page, 'Nj1-h2');
  await heard(page, /^White: knight j1 to h2\./);
  await typeMove(page, 'end moves');
  await heard(page, /^White: end moves\./);
  // The knight left its group: the cursor says so.
  const board = page.getByRole('application', { name: 'Board' });
  await board.focus();
  await cursorBy(page, 7, 1);
  await heard(page, /^h2, white knight, cut off from its group/, '#cursor-speech');
  await typeMove(page, 'end rejoining');
  await typeMove(page, 'h2m2s');
  await heard(page, /^White: knight h2 replaces pawn m2\./);
  await shot(page, 'voice-napoleon');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("the computer's reply and a link opponent's move are heard", async () => {
  const { page, context } = await variantPage();
  await press(page, 'button', 'New game');
  await page.getByRole('combobox', { name: 'Variant' }).selectOption({ label: 'Chess' });
  await press(page, 'radio', 'Play the computer', ' ');
  await page.getByRole('combobox', { name: 'Computer level' }).selectOption('1');
  await press(page, 'button', 'Start');
  await typeMove(page, 'e4');
  await heard(page, /Black: \w+ [a-h][1-8] (to|takes) .*Your move \(White\)\./);
  // By link: Alice moves, Bob opens her link and hears her move before his turn.
  await press(page, 'button', 'New game');
  await press(page, 'radio', 'Play by link with a friend', ' ');
  await press(page, 'button', 'Start');
  await typeMove(page, 'Nf3');
  await press(page, 'button', 'Confirm move');
  const link = await page.getByRole('textbox', { name: /send this link|link/i }).inputValue();
  const bob = await context.browser().newContext(VIEWPORTS.desktop);
  const b = await open(bob, link);
  await heard(b, /^White: knight g1 to f3\. .*Black/);
  assert.deepEqual([...page.errors, ...b.errors], []);
  await bob.close();
  await context.close();
});
