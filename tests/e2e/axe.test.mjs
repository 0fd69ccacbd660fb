// axe-core (npm) on the start screen, a game of each variant and every dialog: no serious or critical
// accessibility violation, on a desktop and a phone; and in French. The page's Content-Security-Policy forbids the
// injected script, so these contexts bypass it (the page itself is unchanged).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { start, open, newGame, shot, VIEWPORTS } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.any.map((c) => c.message).join(' ')}`),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 4).join(', ')})`);
}

const VARIANTS = ['chess', 'gunnery', 'checkered', 'wounds', 'chess2024', 'napoleon'];

/** The page's dialogs: a name, the button (or the buttons in turn) that opens it and the one that closes it. */
const DIALOGS = [
  ['new game', '#new-game', '#new-cancel'],
  ['my games', '#my-games', '#games-close'],
  ['bring a game', ['#my-games', '#bring-game'], '#bring-cancel'],
  ['looks', '#show-looks', '#looks-close'],
  ['rules', '#show-rules', '#rules-close'],
  ['game record', '#show-record', '#record-close'],
];

/** Opens each of `dialogs` on its own and notes its violations in `seen` under its name. */
async function dialogViolations(page, seen, dialogs) {
  for (const [name, opener, closer] of dialogs) {
    for (const button of [opener].flat()) await page.click(button);
    await page.waitForSelector('dialog[open]');
    if (name === 'rules') await page.waitForSelector('#rules-body :first-child');
    seen[name] = await violations(page);
    await page.click(closer);
  }
}

for (const [screen, options] of Object.entries(VIEWPORTS)) {
  test(`no serious or critical violation: start screen, every variant, every dialog (${screen})`, async () => {
    const context = await h.browser.newContext({ ...options, bypassCSP: true });
    const page = await open(context, h.url, { welcome: true });
    const seen = {};
    assert.equal(await page.isVisible('#welcome-dialog'), true);
    seen['start screen'] = await violations(page);
    await page.click('#welcome-close');
    for (const variant of VARIANTS) {
      await newGame(page, { variant });
      seen[variant] = await violations(page);
    }
    await shot(page, `axe-napoleon-${screen}`);
    await dialogViolations(page, seen, DIALOGS.filter(([name]) => name !== 'looks'));
    assert.deepEqual(Object.entries(seen).filter(([, list]) => list.length), []);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

for (const [screen, options] of Object.entries(VIEWPORTS)) {
  test(`no serious or critical violation in French: start screen, a game, every dialog (${screen})`, async () => {
    const context = await h.browser.newContext({ ...options, bypassCSP: true, locale: 'fr-FR' });
    const page = await open(context, h.url, { welcome: true });
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    const seen = {};
    seen['start screen'] = await violations(page);
    await page.click('#welcome-close');
    await newGame(page, { variant: 'chess' });
    seen.chess = await violations(page);
    await dialogViolations(page, seen, DIALOGS);
    assert.deepEqual(Object.entries(seen).filter(([, list]) => list.length), []);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
