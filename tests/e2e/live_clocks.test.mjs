// Live play's clocks and its connections, two browsers on loopback: a flag fall under a short custom
// control on a phone (the clocks and the connection state in sight; the answer pasted into the inviter's
// dialog); a connection dropped mid-game, continued by links, or resumed live by a new handshake; and a
// game received by link (a first load with one variant's module, which has no live play) played live; the
// STUN setting (off by default, kept, named to the connection once on).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, receive, linkOf, clickMove, newGame, positionOf, shot, VIEWPORTS } from './harness.mjs';
import { liveContext, liveGame, playLine, invite, invitationLink, chooseControl, answer, handBack, connected } from './live-harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('a flag falls under a six-second custom control, on both pages (phone)', async () => {
  const alice = await liveContext(h, VIEWPORTS.phone);
  const bob = await liveContext(h, VIEWPORTS.phone);
  const a = await open(alice, h.url);
  const invitation = await invite(a, { control: { minutes: 0.1, increment: 0 }, shotName: 'live-phone-control' });
  await a.waitForFunction(() => document.getElementById('live-qr').width > 0);
  await shot(a, 'live-phone-invitation');
  const { b, answerLink } = await answer(bob, invitation);
  await shot(b, 'live-phone-answer');
  await handBack(a, answerLink, { paste: true });
  await connected(a, b);
  // The first move of each side is untimed; from White's second move Black's clock runs.
  await playLine(a, b, ['e2e4', 'e7e5', 'g1f3']);
  await b.waitForSelector('.live-clock.running');
  await shot(b, 'live-phone-clock-running');
  const clockBox = await b.locator('#player-bottom .live-clock').boundingBox();
  assert.ok(clockBox && clockBox.y + clockBox.height <= 844, 'Bob’s clock is in sight on the phone');
  assert.ok(await b.isVisible('#live-chip'), 'the connection state is in sight');
  // Bob waits: his time runs out; both pages end the game on time.
  for (const page of [a, b]) {
    await page.waitForFunction(() => /time ran out/.test(document.getElementById('banner').textContent), null, { timeout: 15_000 });
  }
  assert.equal(await b.isVisible('#live-takeback'), false, 'no takeback after the flag fell');
  await b.waitForSelector('.live-clock.low');
  assert.equal(await b.textContent('#player-bottom .live-clock'), '0:00.0');
  assert.equal(await b.getAttribute('body', 'data-moves'), '', 'no move is offered after the flag fell');
  await shot(b, 'live-phone-flagged');
  await shot(a, 'live-phone-flag-seen');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});

test('a dropped connection: the other player goes on by links, and the game continues by link', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  const { b, tab } = await liveGame(a, bob, { control: '10+5' });
  await tab.close();
  await playLine(a, b, ['d2d4', 'd7d5', 'c2c4']);
  // Bob's page goes away: Alice's says so and offers to wait or to go on by links.
  await b.close();
  await a.waitForSelector('#live-gone #live-by-links', { timeout: 15_000 });
  assert.equal(await a.getAttribute('body', 'data-live'), 'disconnected');
  await shot(a, 'live-desktop-disconnected');
  await a.click('#live-by-links');
  await a.waitForSelector('body[data-live="links"]');
  // Bob opens his stored game again and answers by link; Alice opens his link and plays on.
  const b2 = await open(bob, h.url);
  await b2.click('#my-games');
  await b2.click('#games-list li:first-child button');
  assert.equal(await positionOf(b2), await positionOf(a));
  await clickMove(b2, 'e7e6');
  await receive(a, await linkOf(b2));
  assert.equal(await a.getAttribute('body', 'data-last-move'), 'e7e6');
  await clickMove(a, 'b1c3');
  await receive(b2, await linkOf(a));
  assert.equal(await positionOf(b2), await positionOf(a));
  assert.deepEqual([...a.errors, ...b2.errors], []);
  await alice.close();
  await bob.close();
});

test('a dropped connection resumed live: a new handshake, the same game and clocks', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  const { b, tab } = await liveGame(a, bob, { control: '10+5', paste: true });
  assert.equal(tab, null);
  await playLine(a, b, ['e2e4', 'c7c5', 'g1f3']);
  await b.close();
  await a.waitForSelector('#live-gone #live-again', { timeout: 15_000 });
  // Alice plays live again: the game keeps its control (no choice of it), a new invitation is made.
  await a.click('#live-again');
  await a.waitForSelector('#live-setup:not([hidden])');
  assert.equal(await a.isVisible('#live-control'), false, 'the control is the game’s own');
  await a.click('#live-make');
  const invitation = await invitationLink(a);
  const again = await answer(bob, invitation);
  await handBack(a, again.answerLink, { paste: true });
  await connected(a, again.b);
  assert.equal(await positionOf(again.b), await positionOf(a));
  assert.equal(await again.b.locator('.live-clock').count(), 2);
  await playLine(again.b, a, ['d7d6', 'd2d4']);
  assert.equal(await positionOf(again.b), await positionOf(a));
  assert.deepEqual([...a.errors, ...again.b.errors], []);
  await alice.close();
  await bob.close();
});

test('a game received by link is played live: the page first loads every variant, then invites', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  await newGame(a, { mode: 'link', seat: 0 });
  await clickMove(a, 'e2e4');
  // Bob's first load of the link runs the chess module alone, which has no live play.
  const b = await open(bob, await linkOf(a));
  await a.close(); // Alice's browser shows the game in one tab only (see live_play.test.mjs)
  await b.click('#play-live');
  await b.waitForSelector('#live-setup:not([hidden])');
  await chooseControl(b, 'none');
  await b.click('#live-make');
  const invitation = await invitationLink(b);
  // Alice, who keeps the game, answers in a new tab; Bob pastes her answer.
  const { b: a2, answerLink } = await answer(alice, invitation);
  await handBack(b, answerLink, { paste: true });
  await connected(a2, b);
  await playLine(b, a2, ['e7e5', 'g1f3']);
  assert.equal(await positionOf(a2), await positionOf(b));
  assert.deepEqual([...a2.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});

test('the STUN setting: off by default (no server named), kept once turned on, then named to the connection', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  const { b } = await liveGame(a, bob, { control: 'none', paste: true });
  for (const page of [a, b]) assert.deepEqual(await page.evaluate(() => window.livePeerConfigs), [{ iceServers: [] }]);
  // Alice turns it on for her next invitation: the dialog says what it sends where, and keeps the choice.
  await a.click('#new-game');
  await a.check('input[name="mode"][value="live"]');
  await a.click('#new-start');
  await a.waitForSelector('#live-setup:not([hidden])');
  assert.equal(await a.isChecked('#live-stun'), false);
  assert.match(await a.textContent('#live-setup'), /sends its public address to the STUN server named below/);
  await a.check('#live-stun');
  await a.fill('#live-stun-server', 'stun:127.0.0.1:3478');
  await a.click('#live-make');
  await invitationLink(a);
  assert.deepEqual((await a.evaluate(() => window.livePeerConfigs)).at(-1), { iceServers: [{ urls: 'stun:127.0.0.1:3478' }] });
  const again = await open(alice, h.url);
  await again.click('#new-game');
  await again.check('input[name="mode"][value="live"]');
  await again.click('#new-start');
  await again.waitForSelector('#live-setup:not([hidden])');
  assert.equal(await again.isChecked('#live-stun'), true, 'kept in this browser');
  assert.equal(await again.inputValue('#live-stun-server'), 'stun:127.0.0.1:3478');
  assert.deepEqual([...a.errors, ...b.errors, ...again.errors], []);
  await alice.close();
  await bob.close();
});
