// Checkered Chess in the page: both natures chosen by clicking, the switch, a stage-2 move, and the whole
// game sent back and forth by link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, newGame, clickMove, moveNames, twoPlayers, receive, linkOf, positionOf, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('natures, the switch and stage 2 over links', async () => {
  const players = await twoPlayers(h, 0, { variant: 'checkered' });
  const { a, b } = players;
  const send = async (from, to) => receive(to, await linkOf(from));

  await clickMove(a, 'b1c3');
  await send(a, b);
  await clickMove(b, 'd7d5');
  await send(b, a);
  // Knight takes pawn: the chooser shows both natures, as checkered pieces.
  await clickMove(a, 'c3d5');
  assert.deepEqual(await a.$$eval('#chooser button', (bs) => bs.map((x) => x.textContent)), ['Knight', 'Pawn', 'Cancel']);
  await a.click('#chooser button:has-text("Knight")');
  await send(a, b);
  await clickMove(b, 'e7e6');
  await send(b, a);
  await clickMove(a, 'd5c7');
  await a.click('#chooser button:has-text("Pawn")');
  assert.deepEqual(await moveNames(a), ['Nc3', 'd5', 'Nxd5', 'e6', 'Nxc7=P']);
  await send(a, b);
  assert.match(await b.textContent('#notes'), /Stage 1.*switch is allowed/);
  await shot(b, 'checkered-before-switch');

  // Black takes the checkered army: its king onto the enemy king, then a checkered move.
  await clickMove(b, 'e8e1');
  assert.match(await b.textContent('#notes'), /Stage 2: Black holds the checkered army/);
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  await clickMove(b, 'c7c6');
  assert.deepEqual((await moveNames(b)).slice(-2), ['S', 'c6']);
  await send(b, a);

  // White now moves the white and black pieces: a black pawn takes the last checkered piece.
  await clickMove(a, 'b7c6');
  assert.match(await a.textContent('#banner'), /1-0 · White wins by capturing every piece/);
  await shot(a, 'checkered-stage2-end');
  await send(a, b);
  assert.match(await b.textContent('#banner'), /1-0/);
  assert.equal((await positionOf(b)).split(' ').at(-1), '2b');
  await players.close();
});

test('in stage 2 the check is the mover\'s, whatever colour the king in check', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  // White holds the checkered army; Black moves the white and black pieces, and the white king is attacked.
  await newGame(page, { variant: 'checkered', position: '4k3/8/8/8/8/8/8/3tK3 b 0 iiii0000000000000000 - - 2w' });
  assert.equal(await page.textContent('#status'), 'Black to move. Check!');
  assert.deepEqual(page.errors, []);
  await context.close();
});
