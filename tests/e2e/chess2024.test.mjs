// Chess 2024 in the page: a five-pawn frontal attack from the chooser, cannon fire with its blast and
// crater, on a 12x12 board, sent back and forth by link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, clickMove, moveNames, twoPlayers, receive, linkOf, positionOf, squareCenter, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const rank = (position, n) => position.split(' ')[0].split('/')[12 - n];

test('frontal attack, cannon fire and a crater, over links', async () => {
  const players = await twoPlayers(h, 0, { variant: 'chess2024' });
  const { a, b } = players;
  const send = async (from, to) => receive(to, await linkOf(from));

  // c3-c4 is either the pawn alone or the frontal attack of c3..g3.
  await clickMove(a, 'c3c4');
  assert.deepEqual(await a.$$eval('#chooser button', (bs) => bs.map((x) => x.textContent)), [
    'Move alone',
    'Frontal attack (5)',
    'Cancel',
  ]);
  await a.hover('#chooser button:has-text("Frontal attack")');
  await shot(a, 'c24-frontal-preview');
  await a.click('#chooser button:has-text("Frontal attack")');
  assert.deepEqual(await moveNames(a), ['c4(5)']);
  assert.equal(rank(await positionOf(a), 4), '2PPPPP5');
  assert.equal(rank(await positionOf(a), 3), 'EE5PPPEE');
  await send(a, b);

  // Black fires from d11 onto d6: a crater appears.
  await clickMove(b, 'd11d6');
  assert.deepEqual((await moveNames(b)).at(-1), 'C@d6');
  assert.equal(rank(await positionOf(b), 6), '3x8');
  await send(b, a);

  // White fires onto d5: the own pawns on c4, d4 and e4 are blown away, Black's crater on d6 stays.
  const d2 = await squareCenter(a, 'd2');
  await a.mouse.click(d2.x, d2.y);
  const d5 = await squareCenter(a, 'd5');
  await a.mouse.move(d5.x, d5.y);
  await shot(a, 'c24-aim-d5');
  await a.mouse.click(d5.x, d5.y);
  assert.deepEqual((await moveNames(a)).at(-1), 'C@d5');
  const after = await positionOf(a);
  assert.equal(rank(after, 4), '5PP5');
  assert.equal(rank(after, 5), '3X8');
  assert.equal(rank(after, 6), '3x8');
  assert.match(await a.textContent('#notes'), /White 5, Black 5/);
  await shot(a, 'c24-blast');
  await send(a, b);
  assert.equal(await positionOf(b), after);
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  await players.close();
});
