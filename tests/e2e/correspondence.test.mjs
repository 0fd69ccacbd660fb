// Correspondence comforts, on a desktop and a phone: resigning while waiting for the
// opponent's move, a rematch with colours swapped, and "My games" with the games to answer first (the
// list opens without putting a phone's keyboard up). Move confirmation and takeback are in
// expectations.test.mjs (bug 2).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, moveNames, twoPlayers, receive, linkOf, shot, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`resign while waiting; the opponent's reply made meanwhile gives way (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    await clickMove(a, 'e2e4');
    await receive(b, await linkOf(a));
    await clickMove(b, 'e7e5');
    // Alice has not opened Bob's reply: she waits, and resigns.
    assert.match(await a.textContent('#status'), /Waiting for Black/);
    assert.equal(await a.isEnabled('#resign'), true, 'resign is offered while waiting');
    a.once('dialog', (d) => d.accept());
    await a.click('#resign');
    assert.match(await a.textContent('#banner'), /0-1 · Black wins by resignation/);
    assert.match(await a.textContent('#link-label'), /Send the final link to Black/);
    await shot(a, `corr-resigned-waiting-${name}`);
    await receive(b, await linkOf(a));
    assert.match(await b.textContent('#banner'), /Black wins by resignation/);
    assert.deepEqual(await moveNames(b), ['e4']);
    assert.match(await b.textContent('#moves'), /White: resigns/);
    // A rematch: Bob now plays White.
    await b.click('#rematch');
    assert.match(await b.textContent('#link-label'), /You play White/);
    await players.close();
  });

  test(`My games marks and sorts the games where it is your turn (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    await clickMove(a, 'e2e4');
    const first = await linkOf(a);
    // A second game, waiting for Bob; then Bob answers the first one.
    await a.click('#new-game');
    await a.check('input[name="mode"][value="link"]');
    await a.click('#new-start');
    await clickMove(a, 'd2d4');
    await receive(b, first);
    await clickMove(b, 'e7e5');
    await receive(a, await linkOf(b));
    // A newer game, not Alice's to answer (pass and play, one move played so that it is kept): the
    // list by date alone would put it first.
    await a.click('#new-game');
    await a.check('input[name="mode"][value="local"]');
    await a.click('#new-start');
    await clickMove(a, 'g1f3');
    await a.click('#my-games');
    await a.waitForSelector('#games-dialog[open]'); // its part may still be on its way
    const rows = await a.$$eval('#games-list li', (lis) => lis.map((li) => li.textContent));
    assert.equal(rows.length, 3, rows.join(' | '));
    // Each line in the session's words.
    assert.match(rows[0], /^Your turn Chess · you play WhiteWhite to move · last e5 · /, rows.join(' | '));
    assert.match(rows[1], /^Chess · pass and playBlack to move · last Nf3 · /, 'then the others, newest first');
    assert.match(rows[2], /^Chess · you play WhiteBlack to move · last d4 · /, rows.join(' | '));
    assert.equal(rows.filter((r) => r.startsWith('Your turn')).length, 1, rows.join(' | '));
    // The list opens with the focus off the paste field (a phone's keyboard stays down).
    assert.notEqual(await a.evaluate(() => document.activeElement?.id), 'open-link-input');
    await shot(a, `corr-my-games-${name}`);
    await a.click('#games-close');
    await players.close();
  });
}

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`pasted into My games: a link is opened; a transfer code only through its own dialog (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a, b } = players;
    await clickMove(a, 'e2e4');
    const paste = async (page, text) => {
      await page.click('#my-games');
      await page.waitForSelector('#games-dialog[open]'); // its part may still be on its way
      await page.fill('#open-link-input', text);
      await page.click('#open-link-form button[type="submit"]');
    };
    await paste(b, await linkOf(a));
    assert.deepEqual(await moveNames(b), ['e4']);
    assert.match(await b.textContent('#status'), /Your move \(Black\)/);
    await a.click('#my-games');
    await a.waitForSelector('#games-dialog[open]'); // its part may still be on its way
    await a.click('.transfer summary');
    await a.click('#export-game');
    const code = await a.inputValue('#transfer-code');
    await a.click('#games-close');
    // Another device of Alice's. Pasted as a link, or opened as an address, the code is refused with
    // words that do not send her to take it; nothing is stored.
    const laptop = await h.browser.newContext(options);
    const c = await open(laptop, h.url);
    const refused = async () => {
      const notice = await c.textContent('#notice-text');
      assert.match(notice, /^This is a transfer code, not a game link, so it was not opened\..*\(link-malformed\)$/);
      assert.doesNotMatch(notice, /import|My games|Bring/);
      assert.deepEqual(await moveNames(c), []);
      const kept = await c.evaluate(() => Object.keys(localStorage).filter((k) => /^chessfront\.(game|secret)\./.test(k)));
      assert.deepEqual(kept, []);
    };
    await paste(c, ` ${code}`);
    await refused();
    await c.goto(`${h.url}#${code}`);
    await c.waitForSelector('body[data-ready="true"]');
    await refused();
    // "Bring a game from another device" takes it (with a stray space).
    await c.click('#my-games');
    await c.waitForSelector('#games-dialog[open]'); // its part may still be on its way
    await c.click('#bring-game');
    assert.equal(await c.isVisible('#bring-dialog'), true);
    assert.match(await c.textContent('#bring-warning'), /A transfer code from anyone else is an attack/);
    await c.fill('#bring-code', ` ${code}`);
    await shot(c, `corr-bring-dialog-${name}`);
    await c.click('#bring-submit');
    await c.waitForFunction(() => document.getElementById('notice-text').textContent.includes('moved to this browser'));
    assert.equal(await c.isVisible('#bring-dialog'), false);
    assert.deepEqual(await moveNames(c), ['e4']);
    assert.match(await c.textContent('#player-bottom'), /White \(you\)/);
    await shot(c, `corr-transfer-brought-${name}`);
    // A game link in the dialog is sent back where links are opened, inside the dialog.
    await c.click('#my-games');
    await c.waitForSelector('#games-dialog[open]'); // its part may still be on its way
    await c.click('#bring-game');
    await c.fill('#bring-code', await linkOf(a));
    await c.click('#bring-submit');
    assert.match(await c.textContent('#bring-error'), /This is a game link, not a transfer code.*\(bad-transfer-code\)/);
    await shot(c, `corr-bring-dialog-link-${name}`);
    await c.click('#bring-cancel');
    assert.deepEqual(c.errors, []);
    await laptop.close();
    await players.close();
  });

  test(`a first visit shows the start screen; an empty game is not kept (${name})`, async () => {
    const context = await h.browser.newContext(options);
    const page = await open(context, h.url, { welcome: true });
    assert.equal(await page.isVisible('#welcome-dialog'), true);
    const cards = await page.$$eval('.welcome-card', (cs) => cs.map((c) => c.querySelector('strong').textContent));
    assert.equal(cards.length, 6);
    assert.ok(cards.includes('Napoleon'));
    // The pictures are drawn one by one after the screen answers taps.
    await page.waitForFunction(() => [...document.querySelectorAll('.welcome-card')].every((c) => c.dataset.drawn === 'true'));
    await shot(page, `welcome-${name}`);
    // The board behind it is not kept as a game.
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chessfront.game.')).length), 0);
    // Gunnery by link: the New game dialog opens with both chosen.
    await page.click('.welcome-card[data-slug="gunnery"]');
    await page.click('.welcome-ways button[data-mode="link"]');
    await page.waitForSelector('#new-dialog[open]'); // its part may still be on its way
    assert.equal(await page.inputValue('#new-variant'), 'gunnery');
    assert.equal(await page.isVisible('#new-side-row'), true);
    await page.click('#new-cancel');
    // The computer way: the dialog with the computer chosen, at the session's default level.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('.welcome-card[data-slug="checkered"]');
    await page.click('.welcome-ways button[data-mode="computer"]');
    await page.waitForSelector('#new-dialog[open]'); // its part may still be on its way
    assert.equal(await page.inputValue('#new-variant'), 'checkered');
    assert.equal(await page.isChecked('input[name="mode"][value="computer"]'), true);
    assert.equal(await page.isVisible('#new-level-row'), true);
    assert.equal(await page.inputValue('#new-level'), '5');
    await shot(page, `welcome-computer-${name}`);
    await page.click('#new-cancel');
    // Pass and play starts at once.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.isVisible('#welcome-dialog'), true, 'still a first visit: nothing was kept');
    await page.click('.welcome-card[data-slug="wounds"]');
    await page.click('.welcome-ways button[data-mode="local"]');
    await page.waitForSelector('#welcome-dialog', { state: 'hidden' }); // the New game part may still be on its way
    assert.equal(await page.isVisible('#welcome-dialog'), false);
    assert.equal(await page.getAttribute('body', 'data-board-width'), '8');
    assert.match(await page.textContent('#status'), /White to move/);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`the link as a QR code beside Copy (${name})`, async () => {
    const players = await twoPlayers(h, 0, options);
    const { a } = players;
    await clickMove(a, 'e2e4');
    assert.equal(await a.isEnabled('#undo'), true);
    await a.click('#qr-link');
    await a.waitForSelector('#qr-canvas[data-modules]');
    const modules = Number(await a.getAttribute('#qr-canvas', 'data-modules'));
    assert.ok(modules >= 21, String(modules));
    const box = await a.$eval('#qr-canvas', (c) => c.getBoundingClientRect().toJSON());
    assert.ok(box.width >= 150 && box.right <= options.viewport.width, JSON.stringify(box));
    // Shown to be scanned: the link is handed out, so the move is the link's.
    assert.equal(await a.isVisible('#undo'), false);
    await shot(a, `corr-qr-${name}`, { fullPage: true });
    await a.click('#qr-link');
    assert.equal(await a.isVisible('#qr-box'), false);
    await players.close();
  });
}
