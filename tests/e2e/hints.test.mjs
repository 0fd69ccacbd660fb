// Hints against the computer: found in the computer's worker, marked on the board and said in words,
// counted with the game (the note beside the button, the PGN's Hints tag read back by chessops), in a
// variant of several decisions a turn too; never offered in a game between people.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parsePgn } from 'chessops/pgn';
import { start, open, clickMove, shot, computerGame, newGame, onBothViewports } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const withPosition = (position) => (page) => page.fill('#new-position', position);

onBothViewports(() => h, 'a hint against the computer is shown on the board, said, and counted', async (page, name) => {
  // White mates at once with Ra8#: the hint must find it.
  await computerGame(page, { side: 0, level: 1, inDialog: withPosition('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1') });
  await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  assert.ok(await page.isVisible('#hint'));
  assert.equal(await page.textContent('#hints-note'), '');
  await page.click('#hint');
  await page.waitForFunction(() => document.body.dataset.hint === 'a1a8');
  assert.match(await page.textContent('#hint-text'), /^Hint: White: rook a1 to a8/);
  assert.equal(await page.getAttribute('#hint-text', 'role'), 'status', 'heard by a screen reader');
  assert.equal(await page.textContent('#hints-note'), '1 hint taken in this game.');
  assert.equal(await page.textContent('#hint'), 'Hint');
  await shot(page, `hint-${name}`, { fullPage: true });
  await clickMove(page, 'a1a8');
  assert.match(await page.textContent('#banner'), /White wins by checkmate/);
  assert.equal(await page.getAttribute('body', 'data-hint'), '');
  assert.ok(await page.isHidden('#hint'), 'no hint once the game is over');
  assert.equal(await page.textContent('#hints-note'), '1 hint taken in this game.');
  // The game's record says it, and chessops reads that record back.
  await page.click('#show-record');
  await page.waitForSelector('#record-dialog[open]'); // its part may still be on its way
  const pgn = await page.inputValue('#pgn-text');
  const [game] = parsePgn(pgn);
  assert.equal(game.headers.get('Hints'), '1');
  const [mate] = [...game.moves.mainline()];
  assert.equal(mate.san, 'Ra8#');
  assert.deepEqual(mate.comments, ['A hint was shown for this move.']);
  await page.click('#record-close');
  // The review counts it in the player's summary, and its PGN carries it too.
  await page.click('#review');
  await page.waitForFunction(() => document.querySelectorAll('#review-summaries li').length === 2, null, { timeout: 60000 });
  const summaries = await page.$$eval('#review-summaries li', (lis) => lis.map((li) => li.textContent));
  assert.match(summaries[0], /^White: .*; 1 hint$/);
  assert.match(await page.textContent('#review-pgn-text'), /\[Hints "1"\]/);
});

test('a Napoleon hint is the next decision of the best turn, in French', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const page = await open(context, h.url);
  await computerGame(page, {
    variant: 'napoleon',
    side: 0,
    level: 1,
    inDialog: withPosition('15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1'),
  });
  await page.waitForFunction(() => document.querySelector('#hint') && !document.querySelector('#hint').hidden);
  await page.click('#hint');
  await page.waitForFunction(() => document.body.dataset.hint !== '' && document.body.dataset.hint !== undefined);
  assert.match(await page.textContent('#hint-text'), /^Indice\s: /);
  assert.equal(await page.textContent('#hints-note'), '1 indice pris dans cette partie.');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('no hint in a game between people', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, h.url);
  for (const mode of ['local', 'link']) {
    await newGame(page, { variant: 'chess', mode });
    assert.ok(await page.isHidden('#hint-box'), mode);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});
