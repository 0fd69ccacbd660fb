// The Napoleon setup editor in French: every control, its words, tooltip and screen-reader label, as each
// control is used (each man to place picked, a preset, a random setup, clear), holds no English piece name
// nor another English word of the engine's tables.
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

// English words of the engine's tables a French page must never show: its piece kinds and the words of
// its setup problems and counts.
const ENGLISH = /\b(king|queen|rook|bishop|knight|pawn|placed|needed|needs?|setup|group|back rank|of \d)\b/i;

/** Every word the setup panel shows or gives a screen reader: text, titles, labels, options. */
const panelWords = (page) =>
  page.$$eval('#setup-panel, #setup-panel *', (els) =>
    els.flatMap((el) => [
      el.children.length ? '' : el.textContent,
      el.getAttribute('title') || '',
      el.getAttribute('aria-label') || '',
      el.getAttribute('placeholder') || '',
    ]).map((w) => w.trim()).filter(Boolean),
  );

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`the Napoleon setup editor speaks French in every control (${name})`, async () => {
    const context = await h.browser.newContext({ ...options, locale: 'fr-FR' });
    const page = await open(context, h.url);
    await newGame(page, { variant: 'napoleon' });
    await page.waitForSelector('#setup-panel:not([hidden])');
    const seen = new Set();
    const look = async (what) => {
      for (const w of await panelWords(page)) {
        seen.add(w);
        assert.doesNotMatch(w, ENGLISH, `${what}: "${w}"`);
      }
    };
    await look('the panel');
    const kinds = await page.$$eval('#setup-army button', (bs) => bs.map((b) => b.dataset.kind));
    assert.equal(kinds.length, 6);
    for (const kind of kinds) {
      await page.click(`#setup-army button[data-kind="${kind}"]`);
      await look(`man ${kind}`);
    }
    // The counts name the men in French (a no-break space before the colon, as French writes it).
    const words = [...seen].map((w) => w.replace(/\u00a0/g, ' '));
    assert.ok(words.includes('roi : 0 en place sur 1') && words.includes('pion : 0 en place sur 8'), words.join(' | '));
    const presets = await page.$$eval('#setup-preset option', (os) => os.map((o) => o.value).filter(Boolean));
    await page.selectOption('#setup-preset', presets[0]);
    await look('a preset');
    await page.click('#setup-clear');
    await look('cleared');
    await page.click('#setup-random');
    await look('a random setup');
    await shot(page, `setup-french-${name}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
