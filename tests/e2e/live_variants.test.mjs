// Live play of the variants whose games carry more than moves: a Chess 2024 fortunes-of-war card drawn
// while the players are connected (commit and reveal over the channel), and Napoleon's sealed setups
// exchanged live, then its turns.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, positionOf, shot } from './harness.mjs';
import { liveContext, liveGame } from './live-harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The king move of the side to move in the kings-only game: g to h and back, on its own back rank. */
async function kingMove(page) {
  const [board, side] = (await positionOf(page)).split(' ');
  const ranks = board.split('/');
  const [rank, row] = side === 'w' ? ['1', ranks[11]] : ['12', ranks[0]];
  return row.startsWith('6') ? `g${rank}h${rank}` : `h${rank}g${rank}`;
}

test('a Chess 2024 card is drawn live and both players see it', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  // Kings only, from ply 17: the fortunes of war strike between plies 20 and 60.
  const { b } = await liveGame(a, bob, { variant: 'chess2024', control: 'none', position: '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 9' });
  // Each page shows the card once (the one whose browser drew it at once, the other when that browser's
  // reveal arrives): the title each saw is kept.
  const seen = new Map();
  // Alice has White, who moves first. The side to move is read once both pages agree, not alternated:
  // a Joker drawn at Black's turn before ply 27 takes the game back to its start, where White moves
  // again (and the drawer's board shows no last move, so a move's arrival is not what is waited for).
  let shown = await settled(a, b, '');
  for (let ply = 17; ply <= 63 && seen.size < 2; ply++) {
    const mover = shown.split(' ')[1] === 'w' ? a : b;
    await clickMove(mover, await kingMove(mover));
    shown = await settled(a, b, shown);
    for (const page of [a, b]) {
      if (!seen.has(page) && (await page.isVisible('#event-card'))) seen.set(page, await page.textContent('#event-title'));
    }
  }
  assert.equal(seen.size, 2, 'both players saw the card');
  assert.equal(seen.get(a), seen.get(b));
  assert.equal(await positionOf(a), await positionOf(b));
  await shot(b, 'live-chess2024-card');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});

/**
 * Waits until the two pages show the same position, other than `before`: a move has arrived, with
 * everything it made the other browser send (a card's reveal). Answers that position.
 */
async function settled(a, b, before, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const [pa, pb] = await Promise.all([positionOf(a), positionOf(b)]);
    if (pa === pb && pa !== before) return pa;
    assert.ok(Date.now() < deadline, `both pages show one new position (${pa} | ${pb})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uses a preset (by its index in the list) and confirms the setup. */
async function presetSetup(page, index = 1) {
  await page.waitForSelector('#setup-panel:not([hidden])');
  const value = await page.$eval('#setup-preset', (s, i) => s.options[i].value, index);
  await page.selectOption('#setup-preset', value);
  await page.click('#setup-done');
}

test('Napoleon: sealed setups exchanged live, then the turns', async () => {
  const alice = await liveContext(h);
  const bob = await liveContext(h);
  const a = await open(alice, h.url);
  const { b } = await liveGame(a, bob, { variant: 'napoleon', control: '10+5' });
  await presetSetup(a);
  await b.waitForFunction(() => /Your setup/.test(document.getElementById('status').textContent));
  await presetSetup(b);
  // Alice's seal is revealed by her browser once Bob's setup arrives: she moves.
  await a.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  await b.waitForFunction(() => /Waiting for/.test(document.getElementById('status').textContent));
  assert.equal(await positionOf(a), await positionOf(b));
  await a.click('#piece-actions button:has-text("pass")');
  await b.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  assert.equal(await positionOf(a), await positionOf(b));
  await shot(b, 'live-napoleon');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});
