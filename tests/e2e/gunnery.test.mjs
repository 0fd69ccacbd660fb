// Gunnery Chess in the page: a cannon shot by clicking empties both squares; a shot travels by link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, newGame, twoPlayers, receive, linkOf, positionOf, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('a cannon shot by clicking empties both squares', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'gunnery' });
  for (const m of ['g1f3', 'g8f6', 'f2f6']) await clickMove(page, m);
  assert.deepEqual(await moveNames(page), ['Nf3', 'Nf6', 'f2*f6']);
  assert.equal(await positionOf(page), 'rnbqkb1r/pppppppp/8/8/8/5N2/PPPPP1PP/RNBQKB1R b KQkq - 0 2');
  await shot(page, 'gunnery-shot');
  // The rules are one click away and explain the shot notation.
  await page.click('#show-rules');
  await page.waitForSelector('#rules-body:not([aria-busy])');
  assert.match(await page.textContent('#rules-body'), /e3\*e7/);
  await page.click('#rules-close');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game with a cannon shot travels between two browsers', async () => {
  const players = await twoPlayers(h, 0, { variant: 'gunnery' });
  const { a, b } = players;
  await clickMove(a, 'g1f3');
  await receive(b, await linkOf(a));
  await clickMove(b, 'g8f6');
  await receive(a, await linkOf(b));
  await clickMove(a, 'f2f7'); // shoots the f7 pawn over the knight on f3 (past the knight on f6)
  await receive(b, await linkOf(a));
  assert.deepEqual(await moveNames(b), ['Nf3', 'Nf6', 'f2*f7']);
  assert.equal(await positionOf(b), 'rnbqkb1r/ppppp1pp/5n2/8/8/5N2/PPPPP1PP/RNBQKB1R b KQkq - 0 2');
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  await players.close();
});
