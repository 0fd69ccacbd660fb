// Looks and sound: the page colours follow the system or the player's choice, the board
// themes and piece sets change what the board draws, every choice outlives a reload, and the sounds
// the engine names are played (the page's log of sounds started, body[data-sounds]), or not when muted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, shot, sessionStarted, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The colour the board draws a little inside square `name`'s top-left corner (clear of pieces and coordinates). */
const squareColour = (page, name) =>
  page.evaluate((name) => {
    const canvas = document.getElementById('board');
    const cell = canvas.width / Number(document.body.dataset.boardWidth);
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    const flipped = document.body.dataset.flipped === 'true';
    const col = flipped ? 7 - file : file;
    const row = flipped ? rank : 7 - rank;
    const [r, g, b] = canvas.getContext('2d').getImageData(col * cell + cell * 0.12, row * cell + cell * 0.2, 1, 1).data;
    return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }, name);

/** The whole board as drawn, as RGBA bytes (to tell piece sets apart). */
const boardImage = (page) =>
  page.evaluate(() => {
    const c = document.getElementById('board');
    return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data);
  });
/** How many pixels two drawings of the board differ in (beyond the antialiasing's odd unit). */
function differing(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 12) n++;
  }
  return n;
}

/** Reloads the page as a returning player (no game kept yet: the start screen, closed). */
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  if (await page.isVisible('#welcome-dialog')) await page.click('#welcome-close');
  await sessionStarted(page);
}
const pageBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const sounds = async (page) => ((await page.getAttribute('body', 'data-sounds')) || '').split(' ').filter(Boolean);
const DARK_BG = 'rgb(38, 36, 33)';
const LIGHT_BG = 'rgb(244, 241, 234)';

async function looks(page, { theme, board, pieces }) {
  await page.click('#show-looks');
  if (theme) await page.check(`input[name="looks-theme"][value="${theme}"]`);
  if (board) await page.selectOption('#looks-board', board);
  if (pieces) await page.selectOption('#looks-pieces', pieces);
  await page.click('#looks-close');
}

test('the page follows the system colours until the player picks light or dark', async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.desktop, colorScheme: 'dark' });
  const page = await open(context, h.url);
  assert.equal(await pageBackground(page), DARK_BG, 'a dark system: a dark page');
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await pageBackground(page), LIGHT_BG, 'the system turns light: so does the page');
  await looks(page, { theme: 'dark' });
  assert.equal(await pageBackground(page), DARK_BG, 'dark chosen over a light system');
  await reload(page);
  assert.equal(await pageBackground(page), DARK_BG, 'remembered');
  await looks(page, { theme: 'system' });
  assert.equal(await pageBackground(page), LIGHT_BG, 'back to the system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await looks(page, { theme: 'light' });
  assert.equal(await pageBackground(page), LIGHT_BG, 'light chosen over a dark system');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("the player's page colours and board theme are on the page before the page's script runs", async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.phone, colorScheme: 'dark' });
  await context.addInitScript(() => {
    localStorage.setItem('chessfront.looks.theme', 'light');
    localStorage.setItem('chessfront.looks.board', 'green');
  });
  // The page's script never arrives: what shows is the HTML, the style and the head's inline script.
  await context.route(/\/main\.[0-9a-f]{10}\.js$/, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  await page.goto(h.url, { waitUntil: 'load' });
  assert.equal(await page.evaluate(() => document.body.dataset.ready ?? null), null, "the page's script did not run");
  assert.equal(await pageBackground(page), LIGHT_BG, 'light, chosen over a dark system, from the first paint');
  assert.deepEqual(await page.evaluate(() => ({ ...document.documentElement.dataset })), { theme: 'light', board: 'green', strings: 'en' });
  await context.close();
});

test('board themes and piece sets change the board and are remembered after a reload', async () => {
  const context = await h.browser.newContext(VIEWPORTS.desktop);
  const page = await open(context, h.url);
  // d4 is a dark square, d5 a light one; both empty at the start.
  assert.deepEqual([await squareColour(page, 'd4'), await squareColour(page, 'd5')], ['#b58863', '#eed9b6'], 'wood by default');
  const classic = await boardImage(page);
  await looks(page, { board: 'green' });
  assert.deepEqual([await squareColour(page, 'd4'), await squareColour(page, 'd5')], ['#769656', '#eeeed2']);
  await looks(page, { board: 'blue' });
  assert.deepEqual([await squareColour(page, 'd4'), await squareColour(page, 'd5')], ['#8ca2ad', '#dee3e6']);
  await looks(page, { board: 'green', pieces: 'geometric' });
  const geometric = await boardImage(page);
  await looks(page, { board: 'wood' });
  assert.ok(differing(await boardImage(page), classic) > 2000, 'other pieces are drawn');
  await looks(page, { pieces: 'classic' });
  assert.equal(differing(await boardImage(page), classic), 0, 'the classic pieces again');
  await looks(page, { board: 'green', pieces: 'geometric' });
  await reload(page);
  assert.equal(await page.getAttribute('html', 'data-board'), 'green');
  assert.equal(differing(await boardImage(page), geometric), 0, 'the green board with geometric pieces again');
  await page.click('#show-looks');
  assert.equal(await page.inputValue('#looks-board'), 'green');
  assert.equal(await page.inputValue('#looks-pieces'), 'geometric');
  await page.click('#looks-close');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a move, a capture and a check sound as the engine says; muted, nothing plays; the switch is remembered', async () => {
  const context = await h.browser.newContext(VIEWPORTS.desktop);
  const page = await open(context, h.url);
  await clickMove(page, 'e2e4');
  assert.deepEqual(await sounds(page), ['move']);
  await clickMove(page, 'd7d5');
  await clickMove(page, 'e4d5');
  assert.deepEqual((await sounds(page)).slice(-1), ['capture']);
  await clickMove(page, 'd8d5');
  await clickMove(page, 'f1b5');
  assert.deepEqual(await sounds(page), ['move', 'move', 'capture', 'capture', 'check']);
  // Off: nothing is started, and it stays off after a reload.
  await page.click('#sound-switch');
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false');
  await clickMove(page, 'c7c6');
  assert.deepEqual((await sounds(page)).length, 5, 'muted: no sound started');
  await reload(page);
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false');
  await clickMove(page, 'b5c6');
  assert.deepEqual(await sounds(page), [], 'still muted after a reload');
  await page.click('#show-looks');
  await page.check('#looks-sound');
  await page.click('#looks-close');
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'true', 'the dialog and the switch agree');
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  assert.deepEqual(await sounds(page), ['end']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a shot sounds as a blast, and a link opened on your turn says so', async () => {
  const context = await h.browser.newContext(VIEWPORTS.desktop);
  const page = await open(context, h.url);
  await newGame(page, { variant: 'gunnery', position: 'r3k3/8/8/4p3/8/4N3/4P3/R3K3 w - - 0 1' });
  await clickMove(page, 'e2e5');
  assert.deepEqual(await sounds(page), ['blast']);

  // Alice sends a link; Bob, on a page he has used, opens it from "My games": his turn.
  await newGame(page, { mode: 'link' });
  await clickMove(page, 'e2e4');
  const link = await page.inputValue('#link-url');
  const bobContext = await h.browser.newContext(VIEWPORTS.desktop);
  const bob = await open(bobContext, h.url);
  await bob.click('#my-games');
  await bob.fill('#open-link-input', link);
  await bob.click('#open-link-form button[type="submit"]');
  await bob.waitForFunction(() => document.body.dataset.moves?.includes('e7e5'));
  assert.deepEqual(await sounds(bob), ['your-turn']);
  // Opened straight from the address bar, before any press: browsers allow no sound yet, and nothing fails.
  const carol = await open(await h.browser.newContext(VIEWPORTS.desktop), `${h.url}#${link.split('#')[1]}`);
  assert.deepEqual(await sounds(carol), []);
  assert.deepEqual([...page.errors, ...bob.errors, ...carol.errors], []);
  await context.close();
  await bobContext.close();
  await carol.context().close();
});

test('screenshots of the themes and piece sets, light and dark, on a phone and a desktop', async () => {
  const looksOf = [
    ['desktop', 'dark', 'wood', 'classic'],
    ['desktop', 'light', 'green', 'geometric'],
    ['desktop', 'light', 'blue', 'classic'],
    ['phone', 'light', 'wood', 'geometric'],
    ['phone', 'dark', 'blue', 'geometric'],
    ['phone', 'dark', 'green', 'classic'],
  ];
  for (const [device, theme, board, pieces] of looksOf) {
    const context = await h.browser.newContext(VIEWPORTS[device]);
    const page = await open(context, h.url);
    await looks(page, { theme, board, pieces });
    // A check on the board, the last move highlighted, a piece picked with its legal moves marked.
    for (const move of ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'f1b5']) await clickMove(page, move);
    const tap = async (square) => {
      const box = await page.locator('#board').boundingBox();
      const file = square.charCodeAt(0) - 97;
      const rank = Number(square[1]) - 1;
      await page.mouse.click(box.x + ((file + 0.5) * box.width) / 8, box.y + ((7.5 - rank) * box.height) / 8);
    };
    await tap('d5');
    await shot(page, `looks-${device}-${theme}-${board}-${pieces}`);
    if (device === 'phone' && theme === 'light') {
      await page.click('#show-looks');
      await shot(page, `looks-${device}-dialog`);
      await page.click('#looks-close');
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
  // Chess 2024's pieces (elite pawns, jesters, cannons, ammunition, archers, craters) in both sets.
  const context = await h.browser.newContext(VIEWPORTS.desktop);
  const page = await open(context, h.url);
  const position = 'rnba(3)jqkja(3)bnr/3c4c3/eeppppppppee/12/12/5X6/3H8/4x7/12/EEPPPPPPPPEE/3C4C3/RNBA(3)JQKJA(3)BNR w 0 1';
  await newGame(page, { variant: 'chess2024', position });
  assert.equal(await page.getAttribute('body', 'data-position'), position, 'the position was taken');
  for (const pieces of ['classic', 'geometric']) {
    await looks(page, { pieces });
    await shot(page, `looks-desktop-chess2024-${pieces}`);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});
