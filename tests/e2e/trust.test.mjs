// The trust rules of link play as a player meets them: a forged continuation is reported and the stored
// game is kept; a damaged first link in a fresh browser keeps its message; a game moves to another
// device with a transfer code, taken only through its own dialog. (The rules themselves are engine
// invariants with cargo tests in crate/session/src/tests/; these tests check that the page shows
// what the session says.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { start, open, clickMove, moveNames, twoPlayers, receive, linkOf, readVectors, newGame } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const stored = (page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.')).sort().map((k) => `${k}=${localStorage.getItem(k)}`));

/** The link with byte `at` of its record changed and the checksum repaired: what a forger's tool makes. */
function forge(url, at) {
  const [base, fragment] = url.split('#');
  const bytes = Buffer.from(fragment, 'base64url');
  bytes[at] ^= 0x55;
  const body = bytes.subarray(0, bytes.length - 4);
  bytes.writeUInt32LE(crc32(body), bytes.length - 4);
  return `${base}#${bytes.toString('base64url')}`;
}

test('a link that changes a commitment of a known game is refused and the game is kept', async () => {
  const players = await twoPlayers(h, 0, { variant: 'chess2024' });
  const { a, b } = players;
  await clickMove(a, 'c1b2');
  const sent = await linkOf(a);
  await receive(b, sent);
  assert.deepEqual(await moveNames(b), ['Bb2']);
  // The opener is offered the free side, and nothing is stored until it acts or keeps the game.
  assert.match(await b.textContent('#notice-text'), /You can play Black in this game/);
  // (The player's preferences, and the start hint that closing the start screen left, are not a game's.)
  const games = (await stored(b)).filter((k) => !k.startsWith('chessfront.setting.') && !k.startsWith('chessfront.start='));
  assert.deepEqual(games, [], 'nothing stored by opening a link');
  assert.equal(await b.textContent('#notice-action'), 'Keep this game');
  await b.click('#notice-action');
  assert.match(await b.textContent('#notice-text'), /You play Black in this game/);
  const before = await stored(b);
  // White's commitment comes after version, length (one or two bytes), variant, revision, flags, one
  // setting, five bytes of game id, chance mode and White's presence byte.
  const bytes = Buffer.from(sent.split('#')[1], 'base64url');
  const chanceAt = (bytes[1] & 0x80 ? 3 : 2) + 9;
  assert.equal(bytes[chanceAt], 4, 'commit-and-reveal chance');
  await b.goto(forge(sent, chanceAt + 2));
  await b.waitForSelector('body[data-ready="true"]');
  // White's signature covers its commitment: the changed link is refused before anything else.
  assert.match(await b.textContent('#notice-text'), /White's signature .* does not match .*\(link-bad-signature\)/);
  assert.deepEqual(await moveNames(b), ['Bb2'], 'the stored game is shown');
  assert.deepEqual(await stored(b), before, 'nothing stored changed');
  assert.match(await b.textContent('#status'), /Your move \(Black\)/);
  await players.close();
});

test('a damaged link opened in a browser that never stored a game shows its message', async () => {
  const truncated = readVectors().find((v) => v.name === 'truncated').link;
  const context = await h.browser.newContext();
  const page = await open(context, `${h.url}#${truncated}`);
  assert.equal(await page.isVisible('#notice'), true);
  assert.match(await page.textContent('#notice-text'), /cut off.*\(link-truncated\)/);
  // The page is usable all the same: a game to play.
  await clickMove(page, 'e2e4');
  assert.deepEqual(await moveNames(page), ['e4']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game moves to another device with its secret; the code is not a link', async () => {
  const players = await twoPlayers(h, 0, { variant: 'chess2024' });
  const { a } = players;
  await clickMove(a, 'c1b2');
  await a.click('#my-games');
  await a.click('.transfer summary');
  await a.click('#export-game');
  const code = await a.inputValue('#transfer-code');
  assert.match(code, /^chessfront-transfer:/);
  await a.click('#games-close');
  // The other device: the code is taken through its own dialog.
  const laptop = await h.browser.newContext();
  const c = await open(laptop, h.url);
  await c.click('#my-games');
  await c.click('#bring-game');
  await c.fill('#bring-code', code);
  await c.click('#bring-submit');
  await c.waitForFunction(() => document.getElementById('notice-text').textContent.includes('moved to this browser'));
  assert.deepEqual(await moveNames(c), ['Bb2']);
  assert.equal(await c.inputValue('#link-url'), await linkOf(a), 'the same game, ready to send');
  const secrets = await c.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.secret.')));
  assert.equal(secrets.length, 1, 'with its secret');
  // Opened as an address, a transfer code says what it is, and the game brought here stays as it was.
  const before = await stored(c);
  await c.goto(`${h.url}#${code}`);
  await c.waitForSelector('body[data-ready="true"]');
  assert.match(await c.textContent('#notice-text'), /transfer code, not a game link/);
  assert.deepEqual(await stored(c), before);
  assert.deepEqual(c.errors, []);
  await laptop.close();
  await players.close();
});

test('the page is served with a Content-Security-Policy and runs under it', async () => {
  const response = await fetch(h.url);
  assert.match(response.headers.get('content-security-policy'), /script-src 'self' 'wasm-unsafe-eval'/);
  const html = await response.text();
  assert.match(html, /<meta http-equiv="Content-Security-Policy"/);
  // Violations are console errors, which every end-to-end test checks are absent; one here too.
  const context = await h.browser.newContext();
  const page = await open(context, h.url);
  const violations = [];
  page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));
  await clickMove(page, 'e2e4');
  await page.click('#show-rules');
  await page.waitForSelector('#rules-body:not([aria-busy])');
  assert.deepEqual([...violations, ...page.errors], []);
  await context.close();
});

test('two tabs on one game stay in step: the other tab takes the newer copy', async () => {
  const context = await h.browser.newContext();
  const first = await open(context, h.url);
  await clickMove(first, 'e2e4');
  const second = await open(context, h.url);
  assert.deepEqual(await moveNames(second), ['e4'], 'the second tab opens the current game');
  await clickMove(first, 'e7e5');
  // The storage event brings the move to the second tab, which says so.
  await second.waitForFunction(() => document.querySelectorAll('#moves button').length === 2);
  assert.match(await second.textContent('#notice-text'), /played on in another tab/);
  await clickMove(second, 'g1f3');
  await first.waitForFunction(() => document.querySelectorAll('#moves button').length === 3);
  assert.deepEqual(await moveNames(first), ['e4', 'e5', 'Nf3']);
  assert.deepEqual([...first.errors, ...second.errors], []);
  await context.close();
});

test('a browser that opens a game whose sides are both taken watches it and keeps nothing', async () => {
  const players = await twoPlayers(h, 0);
  const { a, b } = players;
  await clickMove(a, 'e2e4');
  await receive(b, await linkOf(a));
  await clickMove(b, 'e7e5');
  // Alice opens Black's latest link on her phone: both sides hold a key elsewhere.
  const context = await h.browser.newContext();
  const phone = await open(context, await linkOf(b));
  assert.match(await phone.textContent('#notice-text'), /You are watching this game/);
  assert.match(await phone.textContent('#status'), /You are watching this game/);
  assert.deepEqual((await stored(phone)).filter((k) => !k.startsWith('chessfront.setting.')), [], 'nothing stored but preferences');
  assert.equal(await phone.isEnabled('#resign'), false, 'nothing to decide');
  assert.equal(await phone.isVisible('#move-form'), false, 'nothing to type');
  assert.equal(await phone.isVisible('#confirm-preference'), false, 'nothing to confirm');
  assert.deepEqual(phone.errors, []);
  await context.close();
  await players.close();
});

/** The game id of a link, as the session names it (ten hex digits). Chess has no settings. */
function idOf(link) {
  const bytes = Buffer.from(link, 'base64url');
  const at = (bytes[1] & 0x80 ? 3 : 2) + 3;
  return Buffer.from(bytes.subarray(at, at + 5)).reverse().toString('hex');
}

test('a link that resigns in the receiver\'s name is refused and the game goes on', async () => {
  // Black's browser keeps a game after White's latest move; White's next "link" drops that move and
  // says Black resigned (the links of the reported attack, made before links were signed).
  const kept = 'AQsBAQDFvfDVJgMtJHHxaTE';
  const forged = 'AQwBAQjFvfDVJgECLQBl80_T';
  const id = idOf(kept);
  const context = await h.browser.newContext();
  const page = await open(context, h.url);
  await page.evaluate(([id, link]) => {
    const game = { id, variant: 'chess', variantName: 'Chess', mode: 'link', seat: 1, link, created: 't', updated: 't', plies: 3, toMove: 1, lastMove: '', result: '', seatNames: ['White', 'Black'] };
    localStorage.setItem(`chessfront.game.${id}`, JSON.stringify(game));
    localStorage.setItem('chessfront.current', id);
  }, [id, kept]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const before = await stored(page);
  await receive(page, `${h.url}#${forged}`);
  assert.match(await page.textContent('#notice-text'), /no signatures.*\(link-unsigned\)/);
  assert.deepEqual(await stored(page), before, 'the stored game is as it was');
  const result = await page.evaluate((id) => JSON.parse(localStorage.getItem(`chessfront.game.${id}`)).result, id);
  assert.equal(result, '', 'no result stored');
  assert.doesNotMatch(await page.textContent('#status'), /over/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a page that opens link after link stores nothing until the player acts', async () => {
  // Games made by another browser, each with its creator's key: the player could take Black in each.
  const maker = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const m = await open(maker, h.url);
  const links = [];
  for (let i = 0; i < 4; i++) {
    await newGame(m, { variant: i % 2 ? 'chess2024' : 'chess', mode: 'link', seat: 0 });
    links.push(await linkOf(m));
  }
  await maker.close();
  const context = await h.browser.newContext();
  const page = await open(context, h.url);
  await clickMove(page, 'e2e4');
  const before = await stored(page);
  // What a hostile page that opened Chessfront can do: change its fragment again and again.
  for (const link of links) {
    await page.evaluate((fragment) => { location.hash = fragment; }, link.split('#')[1]);
    await page.waitForFunction(() => /You can play Black/.test(document.querySelector('#notice-text')?.textContent ?? ''));
  }
  assert.deepEqual(await stored(page), before, 'no game, no secret, no key stored; the current game unchanged');
  // The player acts in the last one: from then on it is kept.
  await page.click('#notice-action');
  const keys = (await stored(page)).filter((k) => !before.includes(k));
  assert.ok(keys.some((k) => k.startsWith('chessfront.key.')) && keys.some((k) => k.startsWith('chessfront.game.')), keys.join(' '));
  assert.deepEqual(page.errors, []);
  await context.close();
});
