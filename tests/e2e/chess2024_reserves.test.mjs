// Chess 2024 part 2 in the page: taking a piece off, calling archers, and the fortunes of war drawn fairly
// between two browsers playing by link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, newGame, receive, linkOf, positionOf, squareCenter, shot } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('take a piece off, then call archers from a prepared position', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'chess2024' });
  const b1 = await squareCenter(page, 'b1');
  await page.mouse.click(b1.x, b1.y);
  const takeOff = page.locator('#piece-actions button', { hasText: 'Take off (+2 credits)' });
  await takeOff.waitFor().catch(async () => {
    const notice = await page.textContent('#notice-text');
    assert.fail(`picking b1 showed no take-off action; notice: ${notice}; errors: ${page.errors}`);
  });
  await takeOff.click();
  assert.deepEqual(await moveNames(page), ['-Nb1']);
  assert.match(await positionOf(page), / N1\/- 2\/0 0\/0 4\/4$/);
  assert.match(await page.textContent('#notes'), /White: reserve 1 knight, 2 credits/);

  // 16 losses: archers may be called.
  await newGame(page, { variant: 'chess2024', position: '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 -/- 0/0 16/0 4/4' });
  // Calling archers: open the group, click the back-rank squares on the board, confirm.
  const group = page.locator('details.action-group', { hasText: 'Call archers' });
  await group.locator('summary').click();
  // The group's toggle event (which starts picking) comes asynchronously: wait for the board to pick.
  await page.waitForSelector('#board[data-picking="true"]');
  for (const sq of ['a1', 'b1']) {
    const { x, y } = await squareCenter(page, sq);
    await page.mouse.click(x, y);
  }
  await shot(page, 'c24-archer-picker');
  await group.locator('button', { hasText: 'Confirm +H[a1,b1]' }).click();
  assert.deepEqual(await moveNames(page), ['+H[a1,b1]']);
  assert.match(await positionOf(page), /\/HH4K5 b /);
  await shot(page, 'c24-archers');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the fortunes of war strike once, the same for both players over links', async () => {
  const alice = await h.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const bob = await h.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const a = await open(alice, h.url);
  const b = await open(bob, h.url);
  // Ply 17: the event comes between plies 20 and 60, so within 44 plies of shuffling kings.
  await newGame(a, { variant: 'chess2024', mode: 'link', seat: 0, position: '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 9' });
  const shuffle = { 0: ['g1h1', 'h1g1'], 1: ['g12h12', 'h12g12'] };
  let mover = a;
  let other = b;
  let seat = 0;
  let event = null;
  for (let ply = 17; ply <= 61 && !event; ply++) {
    assert.doesNotMatch(await mover.textContent('#status'), /fortunes of war are about to be drawn/, `ply ${ply}`);
    const names = await moveNames(mover);
    const move = shuffle[seat][Math.floor((ply - 17) / 2) % 2];
    await clickMove(mover, move);
    assert.equal((await moveNames(mover)).length, names.length + 1, `ply ${ply}: ${move}`);
    await receive(other, await linkOf(mover));
    const notes = await other.$$eval('#moves .meta.event', (els) => els.map((e) => e.textContent));
    if (notes.length) event = notes[0];
    [mover, other] = [other, mover];
    seat = 1 - seat;
  }
  assert.ok(event, 'an event happened by ply 60');
  assert.match(event, /Fortunes of war: (Queen of Hearts|Ace of Spades|Joker)!/);
  // The receiver sees the card; the sender, once it opens the reply, sees the same event in its list
  // (and the card: fortune_card.test.mjs).
  assert.equal(await mover.isVisible('#event-card'), true);
  await shot(mover, 'c24-fortune');
  const card = await mover.textContent('#event-title');
  // The receiver answers (the link it holds is the one it received, not its own to send).
  const [board, side] = (await positionOf(mover)).split(' ');
  const rank = side === 'w' ? '1' : '12';
  const row = side === 'w' ? board.split('/')[11] : board.split('/')[0];
  await clickMove(mover, row.startsWith('6') ? `g${rank}h${rank}` : `h${rank}g${rank}`);
  await receive(other, await linkOf(mover));
  const otherNotes = await other.$$eval('#moves .meta.event', (els) => els.map((e) => e.textContent));
  assert.deepEqual(otherNotes, [event]);
  assert.ok(event.includes(card));
  assert.deepEqual([...a.errors, ...b.errors], []);
  await alice.close();
  await bob.close();
});
