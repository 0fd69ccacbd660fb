// Four-player Napoleon live: the inviter's browser is the hub. It makes one invitation per other seat (the
// dialog offers the next seats), each friend answers, the answers are pasted back into the hub's
// dialog; every message then reaches every browser through the hub. Setups are sealed, revealed and
// the turns played round the table with no link sent by hand.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, positionOf, shot } from './harness.mjs';
import { liveContext, invite, answer, handBack, connected } from './live-harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** Uses a preset (by its index in the list) and confirms the setup. */
async function presetSetup(page, index = 1) {
  await page.waitForSelector('#setup-panel:not([hidden])');
  const value = await page.$eval('#setup-preset', (s, i) => s.options[i].value, index);
  await page.selectOption('#setup-preset', value);
  await page.click('#setup-done');
}

const statusIs = (page, pattern) =>
  page.waitForFunction((p) => new RegExp(p).test(document.getElementById('status').textContent), pattern.source, { timeout: 15_000 });

test('four browsers play Napoleon live through the hub', async () => {
  const contexts = await Promise.all([0, 1, 2, 3].map(() => liveContext(h)));
  const w = await open(contexts[0], h.url);
  const first = await invite(w, { variant: 'napoleon', settings: { players: 1 }, control: 'none' });
  // The hub's dialog offers the two other seats; each gets an invitation of its own.
  const invitations = [first];
  for (const seat of [2, 3]) {
    await w.click(`#live-next button[data-seat="${seat}"]`);
    await w.waitForFunction((before) => {
      const url = document.getElementById('live-link').value;
      return /#live=/.test(url) && !before.includes(url);
    }, invitations);
    invitations.push(await w.inputValue('#live-link'));
  }
  const friends = [];
  for (const [i, invitation] of invitations.entries()) friends.push(await answer(contexts[i + 1], invitation));
  for (const { answerLink } of friends) await handBack(w, answerLink, { paste: true });
  const [r, k, u] = friends.map((f) => f.b);
  await connected(w, r, k, u);

  // The setups, each made when its turn comes (the hub relays every one to the others).
  await presetSetup(w);
  await statusIs(r, /Your setup \(Red\)/);
  await presetSetup(r);
  await statusIs(k, /Your setup \(Black\)/);
  await presetSetup(k);
  await statusIs(u, /Your setup \(Blue\)/);
  await presetSetup(u);
  // Every browser reveals its own seal as the game reaches it; then a round of passes.
  for (const [page, name] of [[w, 'White'], [r, 'Red'], [k, 'Black'], [u, 'Blue']]) {
    await statusIs(page, new RegExp(`Your move \\(${name}\\)`));
    await page.click('#piece-actions button:has-text("pass")');
  }
  await statusIs(w, /Your move \(White\)/);
  const position = await positionOf(w);
  for (const page of [r, k, u]) await page.waitForFunction((p) => document.body.dataset.position === p, position);
  await shot(w, 'live-napoleon-four-hub');
  for (const page of [w, r, k, u]) assert.deepEqual(page.errors, []);
  await Promise.all(contexts.map((c) => c.close()));
});
