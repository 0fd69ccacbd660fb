// Correspondence play: two separate browser contexts (two players' browsers) exchange links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, twoPlayers, receive, linkOf, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('play, send, open, reply, finish', async () => {
  // Alice starts a link game as White and moves.
  const players = await twoPlayers(h, 0);
  const { a, b } = players;
  assert.match(await a.textContent('#link-label'), /You play White/);
  await clickMove(a, 'f2f3');
  assert.match(await a.textContent('#status'), /Waiting for Black/);
  let link = await linkOf(a);
  assert.ok(link.startsWith(h.url) && link.includes('#'), link);

  // Bob opens it: he is Black, sees the board from his side with the last move, and answers.
  await receive(b, link);
  assert.equal(await b.getAttribute('body', 'data-flipped'), 'true');
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  assert.deepEqual(await moveNames(b), ['f3']);
  await shot(b, 'link-receiver');
  await clickMove(b, 'e7e5');
  link = await linkOf(b);

  // Alice opens the reply, plays on; Bob mates.
  await receive(a, link);
  assert.match(await a.textContent('#status'), /Your move \(White\)/);
  await clickMove(a, 'g2g4');
  await receive(b, await linkOf(a));
  await clickMove(b, 'd8h4');
  assert.match(await b.textContent('#banner'), /0-1 · Black wins by checkmate/);
  assert.match(await b.textContent('#link-label'), /Game over/);
  await receive(a, await linkOf(b));
  assert.match(await a.textContent('#banner'), /0-1 · Black wins by checkmate/);
  assert.deepEqual(await moveNames(a), ['f3', 'e5', 'g4', 'Qh4#']);

  // Both browsers list the game.
  await a.click('#my-games');
  await a.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.match(await a.textContent('#games-list'), /Chess · you play White/);
  await b.click('#my-games');
  await b.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.match(await b.textContent('#games-list'), /Chess · you play Black/);
  await players.close();
});

test('draw offers travel in the links', async () => {
  const players = await twoPlayers(h, 0);
  const { a, b } = players;
  await a.click('#offer-draw');
  await clickMove(a, 'e2e4');
  await receive(b, await linkOf(a));
  assert.match(await b.textContent('#status'), /White offers a draw/);
  assert.equal(await b.isVisible('#accept-draw'), true);
  await b.click('#accept-draw');
  assert.match(await b.textContent('#banner'), /Draw by agreement/);
  await receive(a, await linkOf(b));
  assert.match(await a.textContent('#banner'), /1\/2-1\/2/);
  await players.close();
});

test('a player who resigns sends the result', async () => {
  const players = await twoPlayers(h, 1);
  const { a, b } = players;
  // Alice plays Black: White moves first, so she sends the invitation before any move.
  assert.match(await a.textContent('#status'), /Waiting for White/);
  await receive(b, await linkOf(a));
  assert.match(await b.textContent('#status'), /Your move \(White\)/);
  await clickMove(b, 'd2d4');
  await receive(a, await linkOf(b));
  a.once('dialog', (d) => d.accept());
  await a.click('#resign');
  assert.match(await a.textContent('#banner'), /1-0 · White wins by resignation/);
  await receive(b, await linkOf(a));
  assert.match(await b.textContent('#banner'), /White wins by resignation/);
  await players.close();
});

test('opening a link offers the free side and stores nothing until the player acts', async () => {
  const players = await twoPlayers(h, 0);
  const { a, b } = players;
  await clickMove(a, 'e2e4');
  await receive(b, await linkOf(a));
  assert.match(await b.textContent('#notice-text'), /You can play Black in this game/);
  // Games and their secrets (the player's preferences, such as the start screen closed, are not a game's,
  // nor is the start hint that closing it left: chessfront.start).
  const keys = () => b.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.') && !k.startsWith('chessfront.setting.') && k !== 'chessfront.start'));
  assert.deepEqual(await keys(), []);
  await b.click('#notice-action');
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  await b.click('#my-games');
  await b.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.match(await b.textContent('#games-list'), /you play Black/);
  assert.ok((await keys()).some((k) => k.startsWith('chessfront.key.')), 'its key is kept');
  await players.close();
});
