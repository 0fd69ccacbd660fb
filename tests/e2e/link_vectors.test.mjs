// The frozen link vectors of every variant (tests/links/vectors.txt), opened in the page as a player
// opens a link: a signed game shows its recorded position; a link without signatures (an earlier
// version's, or a game of one device) is refused with its own code; a damaged one with the code the
// vector names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, receive, positionOf, readVectors } from './harness.mjs';

const vectors = readVectors();

/** What a fresh browser's session does with a valid vector's game: a signed game between browsers is
 * shown (watched, both sides being taken); a game without signatures is refused. */
function expectedInPage(v) {
  if (!v.name.startsWith('signed_')) return { code: 'link-unsigned' };
  return { position: v.expect.slice('ok:'.length) };
}

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

test('every frozen game opens in the page as recorded, or is refused with its code', async () => {
  const games = vectors.filter((v) => v.expect.startsWith('ok:'));
  assert.ok(games.length >= 15, `${games.length} games`);
  const seen = new Set();
  for (const v of games) {
    const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await open(context, h.url);
    await receive(page, `${h.url}#${v.link}`);
    const want = expectedInPage(v);
    if (want.position) {
      assert.equal(await positionOf(page), want.position, v.name);
    } else {
      assert.match(await page.textContent('#notice-text'), new RegExp(`\\(${want.code}\\)`), v.name);
    }
    seen.add(want.position ? 'shown' : want.code);
    assert.deepEqual(page.errors, [], v.name);
    await context.close();
  }
  assert.deepEqual([...seen].sort(), ['link-unsigned', 'shown']);
});
