// The fortunes-of-war card reaches both players of a link game: the one whose browser drew it, and the
// other the first time their browser shows the game after it, on the screen and to a screen reader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, receive, linkOf, positionOf, shot, VIEWPORTS } from './harness.mjs';

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

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`both players see the fortunes-of-war card, the other one after the reply (${name})`, async () => {
    const alice = await h.browser.newContext(options);
    const bob = await h.browser.newContext(options);
    const a = await open(alice, h.url);
    const b = await open(bob, h.url);
    // Ply 17: the event comes between plies 20 and 60.
    await newGame(a, { variant: 'chess2024', mode: 'link', seat: 0, position: '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 9' });
    let [mover, other] = [a, b];
    let drawn = false;
    for (let ply = 17; ply <= 61 && !drawn; ply++) {
      await clickMove(mover, await kingMove(mover));
      await receive(other, await linkOf(mover));
      drawn = await other.isVisible('#event-card');
      [mover, other] = [other, mover];
    }
    assert.ok(drawn, 'an event struck by ply 60');
    // `mover` drew the card before its move; `other` made the move before it and has not seen it.
    const title = await mover.textContent('#event-title');
    const text = await mover.textContent('#event-text');
    assert.match(await mover.textContent('#event-when'), /^Fortunes of war, after /);
    // A Joker drawn at Black's turn before ply 27 goes back to the game's start, where White moves again:
    // the drawer has no move, and its link (which carries its reveal) is what gives the card and the move
    // to the other player.
    const drawerSide = mover === a ? 'w' : 'b';
    if ((await positionOf(mover)).split(' ')[1] === drawerSide) {
      await clickMove(mover, await kingMove(mover));
      assert.equal(await mover.isVisible('#event-card'), false, 'seen by the player who drew it, who has moved since');
    } else {
      assert.equal(title, 'Joker', 'only the Joker gives the move back');
    }
    await receive(other, await linkOf(mover));
    assert.equal(await other.isVisible('#event-card'), true, 'the other player sees the card with the next link');
    assert.equal(await other.textContent('#event-title'), title);
    assert.equal(await other.textContent('#event-text'), text);
    assert.equal(await other.getAttribute('#event-card', 'data-card'), title);
    // And hears it (the live region holds what was announced on opening the link).
    await other.waitForFunction((t) => document.getElementById('speech').textContent.includes(t), text);
    if (title === 'Joker') assert.match(text, /plays move \d+ again/);
    await shot(other, `fortune-card-other-${name}`);
    // Once that player moves, the card has been seen.
    await clickMove(other, await kingMove(other));
    assert.equal(await other.isVisible('#event-card'), false);
    assert.deepEqual([...a.errors, ...b.errors], []);
    await alice.close();
    await bob.close();
  });
}
