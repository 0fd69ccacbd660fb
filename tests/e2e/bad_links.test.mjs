// Bad links of every kind get their own message, and nothing stored is lost or overwritten.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, shot, readVectors, newGame, linkOf, confirmMove } from './harness.mjs';

const vectors = readVectors();
const vector = (name) => vectors.find((v) => v.name === name);

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/**
 * White's first move in a link game made in another browser: the link of 1. e4 and, from the same game
 * (taken back before its link was handed out), the link of 1. d4 instead, both signed by White.
 */
async function whitesTwoFirstMoves() {
  const maker = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const m = await open(maker, h.url);
  await newGame(m, { mode: 'link', seat: 0 });
  await clickMove(m, 'e2e4');
  const e4 = await linkOf(m);
  await m.click('#undo');
  await clickMove(m, 'd2d4');
  const d4 = await linkOf(m);
  await maker.close();
  return { e4, d4 };
}

const storedGames = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.game.')).sort().map((k) => localStorage.getItem(k)));

test('every damaged link is reported with its own code; the saved games stay', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await clickMove(page, 'e2e4');
  const { e4 } = await whitesTwoFirstMoves();
  await page.goto(e4);
  await page.waitForSelector('body[data-ready="true"]');
  await clickMove(page, 'e7e5');
  const before = await storedGames(page);
  assert.equal(before.length, 2);

  const failures = vectors.filter((v) => v.expect.startsWith('error:') && v.link);
  assert.ok(failures.length >= 6);
  for (const v of failures) {
    await page.goto(`${h.url}#${v.link}`);
    await page.waitForSelector('body[data-ready="true"]');
    const code = v.expect.slice('error:'.length);
    const text = await page.textContent('#notice-text');
    assert.ok(text.includes(`(${code})`), `${v.name}: ${text}`);
    assert.equal(await page.isVisible('#notice'), true);
    assert.deepEqual(await storedGames(page), before, `${v.name} changed the stored games`);
    if (v.name === 'truncated') await shot(page, 'bad-link');
  }
  // The last good game is still there to play on.
  assert.deepEqual(await moveNames(page), ['e4', 'e5']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link that rewrites moves of a known game is reported, not taken', async () => {
  const context = await h.browser.newContext();
  const page = await open(context, h.url);
  const { e4, d4 } = await whitesTwoFirstMoves();
  await page.goto(e4);
  await page.waitForSelector('body[data-ready="true"]');
  await clickMove(page, 'e7e5');
  await confirmMove(page);
  assert.deepEqual(await moveNames(page), ['e4', 'e5']);
  const before = await storedGames(page);

  await page.goto(d4);
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await page.textContent('#notice-text'), /rewrites moves already played .* differs from yours after the start/);
  assert.deepEqual(await moveNames(page), ['e4', 'e5']);
  assert.deepEqual(await storedGames(page), before);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a full storage is reported at every move and the game goes on', async () => {
  const context = await h.browser.newContext();
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('quota', 'QuotaExceededError');
    };
  });
  const page = await open(context, h.url);
  await clickMove(page, 'e2e4');
  assert.match(await page.textContent('#notice-text'), /storage is full/);
  // Closed, it comes back with the next move that could not be saved: said every time, not once.
  await page.click('#notice-close');
  assert.equal(await page.isVisible('#notice'), false);
  await clickMove(page, 'e7e5');
  assert.equal(await page.isVisible('#notice'), true);
  assert.match(await page.textContent('#notice-text'), /storage is full.*\(storage-full\)/);
  assert.deepEqual(await moveNames(page), ['e4', 'e5']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('garbage in the stored list does not break the page', async () => {
  const context = await h.browser.newContext();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('chessfront.game.zzz', '{not json');
      localStorage.setItem('chessfront.game.yyy', JSON.stringify({ id: 'yyy', variant: 'chess', link: 'garbage!' }));
      localStorage.setItem('chessfront.current', 'yyy');
    }
  });
  const page = await open(context, h.url);
  assert.match(await page.textContent('#notice-text'), /could not be reopened/);
  await clickMove(page, 'd2d4');
  assert.deepEqual(await moveNames(page), ['d4']);
  await page.click('#my-games');
  await page.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  const listed = await page.textContent('#games-list');
  assert.match(listed, /Chess/);
  assert.equal(await page.evaluate(() => localStorage.getItem('chessfront.game.zzz')), '{not json', 'unreadable entries are left alone');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link whose revealed secret does not match its commitment says so in words, and nothing stored changes', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { mode: 'link', seat: 0 });
  await clickMove(page, 'e2e4');
  await confirmMove(page);
  const storage = () => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));
  const before = await storage();
  assert.ok(Object.keys(before).some((k) => k.startsWith('chessfront.game.')), JSON.stringify(Object.keys(before)));

  // A Chess 2024 game whose White secret, revealed for the fortunes of war, was altered.
  await page.goto(`${h.url}#${vector('chess2024_reveal_altered').link}`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.isVisible('#notice'), true);
  const text = await page.textContent('#notice-text');
  assert.match(text, /secret for the fortunes of war does not match the player's commitment: it was altered/, text);
  assert.match(text, /\(link-bad-reveal\)/, text);
  assert.deepEqual(await storage(), before, 'nothing stored changed');
  // The game that was open stays open, as it was.
  assert.deepEqual(await moveNames(page), ['e4']);
  assert.deepEqual(page.errors, []);
  await context.close();
});
