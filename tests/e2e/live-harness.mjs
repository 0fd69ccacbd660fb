// Shared steps of the live play tests: two (or more) browser contexts on loopback connect through the
// page's own dialogs (an invitation link opened by the friend, an answer link handed back by a second
// tab or pasted), then play over the data channel. Every message a page sends over a channel is
// recorded in the page (`window.liveSent`, the channel in `window.liveChannel`) by an init script, so
// that a test can tamper with one and send it itself (the product has no hook for this), and so is
// every peer connection's configuration (the ICE servers it names).
import assert from 'node:assert/strict';
import { open, clickMove, confirmMove, shot } from './harness.mjs';

/**
 * Records the data channel's sends and the peer connections' configurations (`window.livePeerConfigs`):
 * test only, run before the page's scripts.
 */
function recordSends() {
  const Native = RTCPeerConnection;
  window.livePeerConfigs = [];
  window.RTCPeerConnection = function (config) {
    window.livePeerConfigs.push(JSON.parse(JSON.stringify(config ?? null)));
    return new Native(config);
  };
  window.RTCPeerConnection.prototype = Native.prototype;
  const send = RTCDataChannel.prototype.send;
  window.liveSent = [];
  RTCDataChannel.prototype.send = function (data) {
    window.liveChannel = this;
    window.liveSent.push(String(data));
    return send.call(this, data);
  };
}

/** A browser context (a player's browser) whose pages record their channel's sends. */
export async function liveContext(h, options = {}) {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 }, ...options });
  await context.addInitScript(recordSends);
  return context;
}

/**
 * `control`: a preset's name ("5+3"), 'none', or `{ minutes, increment }` for a custom one. Starts a
 * new live game in page `a` from the New game dialog and makes the invitation; answers its link.
 */
export async function invite(a, { variant = 'chess', seat = 0, control = '5+3', settings = {}, position = '', shotName = '' } = {}) {
  await a.click('#new-game');
  await a.selectOption('#new-variant', variant);
  await a.check('input[name="mode"][value="live"]');
  for (const [key, value] of Object.entries(settings)) await a.selectOption(`#new-settings select[data-setting="${key}"]`, String(value));
  await a.selectOption('#new-side', String(seat));
  if (position) await a.fill('#new-position', position);
  await a.click('#new-start');
  await chooseControl(a, control);
  if (shotName) await shot(a, shotName);
  await a.click('#live-make');
  const link = await invitationLink(a);
  if (shotName) await shot(a, `${shotName}-invitation`);
  return link;
}

/** Picks the time control in the live dialog's first step. */
export async function chooseControl(page, control) {
  await page.waitForSelector('#live-setup:not([hidden])');
  if (typeof control === 'string' && control !== 'none') {
    const value = await page.$eval('#live-control', (s, name) => [...s.options].find((o) => o.textContent === name)?.value, control);
    assert.ok(value != null, `preset ${control}`);
    await page.selectOption('#live-control', value);
  } else if (control === 'none') {
    await page.selectOption('#live-control', 'none');
  } else {
    await page.selectOption('#live-control', 'custom');
    await page.fill('#live-minutes', String(control.minutes));
    await page.fill('#live-increment', String(control.increment ?? 0));
  }
}

/** The invitation link the live dialog shows (once made). */
export async function invitationLink(page) {
  await page.waitForFunction(() => /#live=/.test(document.getElementById('live-link')?.value ?? ''));
  return page.inputValue('#live-link');
}

/** The friend opens the invitation in a fresh page of `context`: answers with the answer link. */
export async function answer(context, invitation) {
  const b = await open(context, invitation);
  await b.waitForFunction(() => /#answer=/.test(document.getElementById('live-link')?.value ?? ''));
  return { b, answerLink: await b.inputValue('#live-link') };
}

/** The answer handed back to the inviter `a`: opened in another tab of its browser, or pasted. */
export async function handBack(a, answerLink, { paste = false } = {}) {
  if (paste) {
    await a.fill('#live-paste', answerLink);
    await a.click('#live-connect');
    return null;
  }
  const tab = await open(a.context(), answerLink);
  await tab.waitForSelector('body[data-handed-over="true"]');
  return tab;
}

/** Waits until `pages` all say the connection is open. */
export async function connected(...pages) {
  for (const page of pages) await page.waitForSelector('body[data-live="connected"]');
}

/**
 * A whole handshake: Alice (`a`, a page of `alice`) invites, Bob (a new page of `bob`) answers, the answer
 * comes back by a second tab (or pasted). Answers Bob's page and the links.
 */
export async function liveGame(a, bob, options = {}) {
  const invitation = await invite(a, options);
  const { b, answerLink } = await answer(bob, invitation);
  const tab = await handBack(a, answerLink, options);
  await connected(a, b);
  return { b, tab, invitation, answerLink };
}

/** The mover plays `move` by clicks (confirming it if asked); the other page sees it arrive. */
export async function liveMove(mover, watcher, move) {
  await clickMove(mover, move);
  await watcher.waitForFunction((m) => document.body.dataset.lastMove === m, move);
}

/** Plays `moves` alternately from `first` and `second`, each seen arriving at the other. */
export async function playLine(first, second, moves) {
  const pages = [first, second];
  for (const [i, move] of moves.entries()) await liveMove(pages[i % 2], pages[(i + 1) % 2], move);
}

export { confirmMove };
