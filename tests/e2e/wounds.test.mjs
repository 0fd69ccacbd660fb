// Chess with Wounds in the page: a wound by clicking, a rotation from the chooser and from the buttons,
// prongs drawn on the board, and the game sent by link.
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

test('wound, rotate, and send by link', async () => {
  const players = await twoPlayers(h, 0, { variant: 'wounds' });
  const { a, b } = players;
  const send = async (from, to) => receive(to, await linkOf(from));

  await clickMove(a, 'e2e3');
  await send(a, b);
  await clickMove(b, 'e7e6');
  await send(b, a);
  await clickMove(a, 'e3e4');
  await send(a, b);
  await clickMove(b, 'e6e5');
  await send(b, a);
  // The pawn on e4 attacks e5, whose south prong points back: that prong breaks, e4 stays.
  await clickMove(a, 'e4e5');
  assert.deepEqual((await moveNames(a)).at(-1), 'e4~e5');
  assert.match(await positionOf(a), /^rnbqkbnr\/pppp1ppp\/8\/4p\{...s.s..\}3\/4P3\//);
  await send(a, b);

  // Black picks the wounded pawn: the rotate buttons appear; a second click opens the chooser.
  const e5 = await squareCenter(b, 'e5');
  await b.mouse.click(e5.x, e5.y);
  assert.deepEqual(await b.$$eval('#piece-actions button', (bs) => bs.map((x) => x.textContent)), [
    'Rotate left (e5<)',
    'Rotate right (e5>)',
  ]);
  await b.mouse.click(e5.x, e5.y);
  assert.equal(await b.isVisible('#chooser'), true);
  await b.click('#chooser button:has-text("Rotate right")');
  assert.deepEqual((await moveNames(b)).at(-1), 'e5>');
  assert.match(await positionOf(b), /^rnbqkbnr\/pppp1ppp\/8\/4p\{....s.s.\}3\//);
  await shot(b, 'wounds-rotated');
  await send(b, a);
  assert.deepEqual((await moveNames(a)).slice(-2), ['e4~e5', 'e5>']);
  assert.match(await a.textContent('#status'), /Your move \(White\)/);

  // The same rotation from the keyboard, with the buttons and with the chooser: readme_claims.test.mjs.
  await shot(a, 'wounds-receiver');
  await players.close();
});
