// The page's language: a French browser opens in French, the switch in the Looks dialog
// changes every string of the page, the rules text and (through the session) the engine's words without
// losing the game, the choice outlives a reload, a kept value that is no language of the page is ignored,
// dates and the web app manifest follow the language, and nothing overflows on a phone or a desktop in
// French (about 20% longer).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, newGame, moveNames, positionOf, shot, sessionStarted, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const lang = (page) => page.getAttribute('html', 'lang');
const text = async (page, selector) => (await page.textContent(selector)).trim();
const NBSP = '\u00a0';

/** Picks a language in the Looks dialog, as a player does. */
async function switchTo(page, language) {
  await page.click('#show-looks');
  await page.selectOption('#looks-language', language);
  await page.click('#looks-close');
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  if (await page.isVisible('#welcome-dialog')) await page.click('#welcome-close');
  await sessionStarted(page);
}

/**
 * What overflows on the page as it is now: the page wider than the window, or a visible button, label,
 * heading or option line whose text is cut off (wider than its box).
 */
const overflows = (page) =>
  page.evaluate(() => {
    const found = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`page ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    }
    for (const el of document.querySelectorAll('button, label, h1, h2, h3, legend, summary, select, .status, .player span')) {
      if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') {
        found.push(`${el.id || el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
      }
    }
    return found;
  });

for (const [screen, options] of Object.entries(VIEWPORTS)) {
  test(`a French browser opens in French, every dialog too, and nothing overflows (${screen})`, async () => {
    const context = await h.browser.newContext({ ...options, locale: 'fr-FR' });
    const page = await open(context, h.url, { welcome: true });
    assert.equal(await lang(page), 'fr');
    assert.equal(await text(page, '#welcome-title'), 'Bienvenue sur Chessfront');
    assert.equal(await text(page, '.welcome-ways [data-mode="local"]'), 'À deux sur cet appareil');
    await page.waitForFunction(() => [...document.querySelectorAll('.welcome-card')].every((c) => c.dataset.drawn));
    await shot(page, `language-fr-welcome-${screen}`);
    assert.deepEqual(await overflows(page), [], 'the start screen');
    await page.click('#welcome-close');

    assert.equal(await text(page, '#new-game'), 'Nouvelle partie');
    assert.equal(await text(page, '#my-games'), 'Mes parties');
    assert.equal(await text(page, '#show-rules'), 'Règles');
    assert.equal(await text(page, '#show-looks'), 'Apparence');
    assert.equal(await page.getAttribute('#board', 'aria-label'), 'Échiquier');
    assert.equal(await page.getAttribute('#move-input', 'placeholder'), 'Nf3 ou g1f3', 'notation stays international');
    assert.equal(await page.getAttribute('meta[name="description"]', 'content'), `Chessfront${NBSP}: les échecs et des variantes guerrières dans votre navigateur. À deux sur un appareil, ou par lien.`);
    assert.equal(await text(page, '#moves'), "Aucun coup pour l'instant.");
    const rows = await page.$$eval('.top-actions button', (bs) => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size);
    assert.equal(rows, 1, "the top bar's buttons on one row");

    await newGame(page, { variant: 'chess' });
    await clickMove(page, 'e2e4');
    await clickMove(page, 'e7e5');
    // The engine's words, in the session's language: the status line and the move list's words.
    assert.match(await text(page, '#status'), /Blancs/, 'the status line names the side in French');
    assert.doesNotMatch(await text(page, '#status'), /White|Black|move/);
    await shot(page, `language-fr-game-${screen}`, { fullPage: true });
    assert.deepEqual(await overflows(page), [], 'a game');

    // The dialogs, each open on its own.
    const dialogs = [
      ['new', '#new-game', '#new-cancel', async () => {
        await page.check('input[name="mode"][value="computer"]');
        assert.equal(await text(page, '#new-title'), 'Nouvelle partie');
        assert.equal(await text(page, '#new-start'), 'Commencer');
      }],
      ['games', '#my-games', '#games-close', async () => {
        assert.equal(await text(page, '#games-title'), 'Mes parties');
        await page.click('#games-dialog summary');
      }],
      ['bring', '#my-games', '#bring-cancel', async () => {
        await page.click('#bring-game');
        assert.equal(await text(page, '#bring-title'), "Apporter une partie d'un autre appareil");
        assert.match(await text(page, '#bring-warning'), /^Ne collez qu'un code que vous avez créé vous-même\./);
      }],
      ['looks', '#show-looks', '#looks-close', async () => {
        assert.equal(await text(page, '#looks-title'), 'Apparence, son et langue');
        assert.deepEqual(await page.$$eval('#looks-language option', (os) => os.map((o) => [o.value, o.textContent, o.lang])), [
          ['en', 'English', 'en'],
          ['fr', 'Français', 'fr'],
        ]);
        assert.equal(await page.inputValue('#looks-language'), 'fr');
      }],
      ['record', '#show-record', '#record-close', async () => {
        assert.equal(await text(page, '#copy-pgn'), 'Copier le PGN');
      }],
      ['rules', '#show-rules', '#rules-close', async () => {
        await page.waitForSelector('#rules-body:not([aria-busy])');
        assert.match(await text(page, '#rules-title'), new RegExp(`^Règles${NBSP}: `));
        assert.equal(await page.getAttribute('#rules-body', 'lang'), 'fr');
        assert.match(await text(page, '#rules-body h3'), /^Échecs/);
        assert.equal(await text(page, '#rules-dialog > h3'), 'Jouer ici');
      }],
    ];
    for (const [name, opener, closer, check] of dialogs) {
      await page.click(opener);
      await page.waitForSelector('dialog[open]');
      await check();
      await shot(page, `language-fr-${name}-${screen}`);
      assert.deepEqual(await overflows(page), [], name);
      await page.click(closer);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('switching language keeps the game, follows in the rules, and is remembered over a reload', async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.desktop, locale: 'fr-FR' });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'chess' });
  await clickMove(page, 'e2e4');
  await clickMove(page, 'e7e5');
  const position = await positionOf(page);
  const moves = await moveNames(page);
  assert.deepEqual(moves, ['e4', 'e5']);
  assert.equal(await text(page, '#flip'), "Retourner l'échiquier");
  // What an installed app says of itself: the manifest in the page's language.
  const manifest = async () => {
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    return (await page.request.get(new URL(href, h.url).href)).json();
  };
  assert.equal((await manifest()).lang, 'fr');
  assert.match((await manifest()).description, /^Les échecs/);

  await switchTo(page, 'en');
  assert.equal((await manifest()).lang, 'en');
  assert.match((await manifest()).description, /^Chess and chess variants/);
  assert.equal(await text(page, '#new-game'), 'New game');
  assert.equal(await text(page, '#flip'), 'Flip board');
  assert.equal(await page.getAttribute('#board', 'aria-label'), 'Board');
  assert.equal(await positionOf(page), position, 'the game in progress is kept');
  assert.deepEqual(await moveNames(page), moves);
  assert.equal(await page.evaluate(() => localStorage.getItem('chessfront.language')), 'en');
  await page.click('#show-rules');
  await page.waitForSelector('#rules-body:not([aria-busy])');
  assert.equal(await page.getAttribute('#rules-body', 'lang'), 'en');
  assert.match(await text(page, '#rules-body h3'), /^Chess$/);
  assert.equal(await text(page, '#rules-title'), 'Rules: Chess');
  await page.click('#rules-close');

  await reload(page);
  assert.equal(await lang(page), 'en', 'remembered over the French browser');
  assert.equal(await text(page, '#show-looks'), 'Looks');
  assert.equal(await positionOf(page), position);

  // Stepping back through the moves: the page's status line follows too.
  await page.click('#nav-prev');
  assert.match(await text(page, '#status'), /^Viewing the position after /);
  await switchTo(page, 'fr');
  assert.match(await text(page, '#status'), /^Position après /);
  await page.click('#nav-last');
  assert.equal(await text(page, '#show-looks'), 'Apparence');
  await page.click('#show-rules');
  await page.waitForSelector('#rules-body:not([aria-busy])');
  assert.equal(await page.getAttribute('#rules-body', 'lang'), 'fr', 'the rules follow the switch');
  assert.match(await text(page, '#rules-body h3'), /^Échecs/);
  await page.click('#rules-close');
  assert.deepEqual(await moveNames(page), moves);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a kept value that is no language of the page is ignored; a kept French wins over an English browser', async () => {
  for (const [locale, kept, expected] of [
    ['fr-FR', 'de', 'fr'],
    ['en-US', 'de', 'en'],
    ['en-US', 'fr', 'fr'],
    ['fr-FR', 'en', 'en'],
    ['de-DE', null, 'en'],
  ]) {
    const context = await h.browser.newContext({ ...VIEWPORTS.desktop, locale });
    if (kept) await context.addInitScript((value) => localStorage.setItem('chessfront.language', value), kept);
    const page = await open(context, h.url);
    assert.equal(await lang(page), expected, `${locale}, kept ${kept}`);
    assert.equal(await text(page, '#new-game'), expected === 'fr' ? 'Nouvelle partie' : 'New game');
    assert.equal(await page.inputValue('#looks-language'), expected);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('another tab\'s switch is followed', async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.desktop, locale: 'en-GB' });
  const one = await open(context, h.url);
  const two = await open(context, h.url);
  await switchTo(one, 'fr');
  await two.waitForFunction(() => document.documentElement.lang === 'fr');
  assert.equal(await text(two, '#new-game'), 'Nouvelle partie');
  assert.deepEqual([...one.errors, ...two.errors], []);
  await context.close();
});

test('dates in My games are written in the page\'s language', async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.desktop, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'chess' });
  await clickMove(page, 'e2e4');
  const expected = (language) =>
    page.evaluate((language) => {
      const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
      // The minute the game was saved, or the next one (the clock may have turned meanwhile).
      const now = Date.now();
      return [format.format(now), format.format(now - 60000)];
    }, language);
  const when = async () => (await text(page, '#games-list li.current-game small')).split(' · ').pop();
  await page.click('#my-games');
  await page.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.ok((await expected('fr')).includes(await when()), await when());
  assert.match(await when(), /janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc/);
  assert.equal(await text(page, '#games-list li.current-game button'), 'Ouvrir');
  await page.click('#games-close');
  await switchTo(page, 'en');
  await page.click('#my-games');
  await page.waitForSelector('#games-dialog[open]'); // its part may still be on its way
  assert.ok((await expected('en')).includes(await when()), await when());
  assert.match(await when(), /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);
  await page.click('#games-close');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("while the page's script downloads, index.html's English is not shown to a French reader", async () => {
  const context = await h.browser.newContext({ ...VIEWPORTS.phone, locale: 'fr-FR' });
  let release;
  const held = new Promise((r) => (release = r));
  await context.route(/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  const loaded = page.goto(h.url);
  await page.waitForSelector('#new-game');
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)');
  const seen = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    text: document.getElementById('new-game').textContent,
    colour: getComputedStyle(document.getElementById('new-game')).color,
    placeholder: getComputedStyle(document.getElementById('move-input'), '::placeholder').color,
  }));
  await shot(page, 'language-fr-before-script-phone');
  assert.deepEqual(seen, { lang: 'en', text: 'New game', colour: 'rgba(0, 0, 0, 0)', placeholder: 'rgba(0, 0, 0, 0)' });
  release();
  await loaded;
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await text(page, '#new-game'), 'Nouvelle partie');
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.getElementById('new-game')).color), 'rgba(0, 0, 0, 0)');
  await context.close();
});
