// The rules dialog: each variant's text is fetched when opened (it is not part of the first load), its
// diagrams are drawn by the engine, a French browser reads them in French, and a failed fetch says so
// and offers to try again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, newGame, shot, VIEWPORTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

const VARIANTS = [
  ['chess', 'Chess'],
  ['chess2024', 'Chess 2024'],
  ['napoleon', 'Napoleon'],
  ['gunnery', 'Gunnery Chess'],
  ['checkered', 'Checkered Chess'],
  ['wounds', 'Chess with Wounds'],
];

const loaded = (page) => page.waitForSelector('#rules-body:not([aria-busy])');

test('every variant explains its rules, with its diagrams drawn', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await open(context, h.url);
  for (const [slug, name] of VARIANTS) {
    await newGame(page, { variant: slug });
    await page.click('#show-rules');
    await loaded(page);
    assert.match(await page.textContent('#rules-title'), new RegExp(`Rules: ${name}`));
    const figures = await page.$$eval('#rules-body figure.diagram', (list) =>
      list.map((f) => ({ canvas: !!f.querySelector('canvas'), width: f.querySelector('canvas')?.width ?? 0 })),
    );
    assert.ok((await page.textContent('#rules-body')).length > 500, `${slug}: a real text`);
    for (const figure of figures) assert.ok(figure.canvas && figure.width > 0, `${slug}: every diagram is drawn`);
    if (slug === 'chess2024') {
      assert.ok(figures.length >= 2, 'Chess 2024 shows its start position and more');
      await shot(page, 'rules-chess2024');
    }
    await page.click('#rules-close');
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Each variant's heading in its French text. */
const FRENCH = {
  chess: 'Échecs',
  chess2024: 'Échecs 2024',
  napoleon: 'Napoléon',
  gunnery: 'Échecs canonniers',
  checkered: "L'Échiqueté",
  wounds: 'Échecs à blessures',
};

/** The drawn width of each diagram's canvas (0 for a diagram not drawn). */
const diagramWidths = (page) =>
  page.$$eval('#rules-body figure.diagram', (list) => list.map((f) => f.querySelector('canvas')?.width ?? 0));

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`a French browser reads every variant's rules in French, with the diagrams drawn (${name})`, async () => {
    const context = await h.browser.newContext({ ...options, locale: 'fr-FR' });
    const page = await open(context, h.url);
    assert.equal(await page.evaluate(() => navigator.languages[0]), 'fr-FR');
    for (const [slug] of VARIANTS) {
      await newGame(page, { variant: slug });
      await page.click('#show-rules');
      await loaded(page);
      assert.match(await page.textContent('#rules-body h3'), new RegExp(`^${FRENCH[slug]}`), slug);
      assert.equal(await page.getAttribute('#rules-body', 'lang'), 'fr', slug);
      const widths = await diagramWidths(page);
      assert.ok(widths.every((w) => w > 0), `${slug}: every diagram is drawn`);
      if (slug === 'chess') {
        const text = await page.textContent('#rules-body');
        assert.match(text, /Roque/);
        assert.doesNotMatch(text, /Castling/);
      }
      if (slug === 'chess2024') {
        assert.ok(widths.length >= 2, 'Chess 2024 shows its start position and more');
        await shot(page, `rules-chess2024-fr-${name}`);
      }
      if (slug === 'checkered') {
        await page.locator('#rules-body figure.diagram').first().scrollIntoViewIfNeeded();
        await shot(page, `rules-checkered-fr-${name}`);
      }
      await page.click('#rules-close');
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('an English browser, or one in a language the page lacks, reads the English text', async () => {
  for (const locale of ['en-GB', 'de-DE']) {
    const context = await h.browser.newContext({ locale, viewport: { width: 1100, height: 800 } });
    const page = await open(context, h.url);
    await newGame(page, { variant: 'gunnery' });
    await page.click('#show-rules');
    await loaded(page);
    assert.match(await page.textContent('#rules-body h3'), /^Gunnery Chess$/, locale);
    assert.equal(await page.getAttribute('#rules-body', 'lang'), 'en', locale);
    assert.match(await page.textContent('#rules-body'), /pawns are cannons/, locale);
    assert.ok((await diagramWidths(page)).every((w) => w > 0), `${locale}: every diagram is drawn`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('rules that cannot be fetched say so, and Try again fetches them', async () => {
  // Without the service worker, which would answer from its cache (offline.test.mjs tests that).
  const context = await h.browser.newContext({ viewport: { width: 420, height: 800 }, serviceWorkers: 'block' });
  const page = await open(context, h.url);
  await context.route('**/rules/*', (route) => route.abort('internetdisconnected'));
  await page.click('#show-rules');
  await loaded(page);
  assert.match(await page.textContent('#rules-body'), /could not be loaded/);
  await context.unroute('**/rules/*');
  await page.click('#rules-body button:has-text("Try again")');
  await loaded(page);
  assert.match(await page.textContent('#rules-body'), /castl/i);
  // Only the failed fetch itself was reported.
  assert.ok(page.errors.length > 0 && page.errors.every((e) => /rules|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e)), page.errors.join('\n'));
  await context.close();
});
