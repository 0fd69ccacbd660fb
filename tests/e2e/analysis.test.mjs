// The analysis board: a position analysed in a Web Worker while the page stays responsive (no long
// task over 50 ms on the page's thread while it deepens), its lines, figure and words; in a link game
// the analysis waits for the game's end and says so where its button would be.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, shot, newGame, onBothViewports, twoPlayers } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

/** Records the page's long tasks from now on, in `window.longTasks` (durations in ms). */
const watchLongTasks = (page) =>
  page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({
      type: 'longtask',
    });
  });

onBothViewports(() => h, 'a position is analysed in a worker, deepening while the page stays responsive', async (page, name) => {
  await newGame(page, { variant: 'chess', mode: 'local' });
  await clickMove(page, 'e2e4');
  await clickMove(page, 'e7e5');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length === 3);
  // From the first answer on, while it deepens.
  await watchLongTasks(page);
  const firstDepth = Number((await page.textContent('#analysis-depth')).match(/\d+/)[0]);
  // It deepens on its own until stopped.
  await page.waitForFunction((d) => Number(document.querySelector('#analysis-depth').textContent.match(/\d+/)?.[0]) > d + 2, firstDepth, { timeout: 20000 });
  const lines = await page.$$eval('#analysis-lines li', (lis) => lis.map((li) => li.textContent));
  assert.equal(lines.length, 3);
  for (const line of lines) assert.match(line, /^([+-]\d+\.\d\d|0\.00|#-?\d+) \S+/, line);
  assert.match(await page.textContent('#eval-figure'), /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/);
  assert.match(await page.textContent('#analysis-words'), /^Evaluation .* for White, depth \d+\. Best line: /);
  // While it deepened, the page's thread drew each answer and nothing took it for more than 50 ms.
  const long = await page.evaluate(() => window.longTasks.filter((d) => d > 50));
  assert.deepEqual(long, [], `long tasks while analysing: ${long}`);
  // The page answers while the worker thinks: a move list button responds at once.
  const started = Date.now();
  await page.click('#nav-first');
  assert.ok(Date.now() - started < 1000);
  await page.click('#nav-last');
  await shot(page, `analysis-${name}`, { fullPage: true });
  await page.click('#analysis-stop');
  assert.equal(await page.textContent('#analysis-stop'), 'Go on');
  await page.click('#analysis-close');
  assert.ok(await page.isHidden('#analysis'));
});

test("a mate is shown as a mate, from White's side, and heard in French", async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'gunnery', mode: 'local', position: '7k/8/8/8/8/8/R7/1R4K1 b - - 0 1' });
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelector('#analysis-words').textContent.length > 0);
  assert.match(await page.textContent('#analysis-words'), /^Évaluation \+\d+,?\.?\d* pour les Blancs|^Les Blancs matent en \d/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('in a link game the analysis waits for the end, and says so where its button would be', async () => {
  const { a, b, close } = await twoPlayers(h, 0);
  await clickMove(a, 'e2e4');
  assert.ok(await a.isHidden('#analyse'));
  assert.match(await a.textContent('#analysis-note'), /when the game ends.*honour/);
  a.once('dialog', (d) => d.accept());
  await a.click('#resign');
  assert.match(await a.textContent('#banner'), /Black wins by resignation/);
  assert.ok(await a.isVisible('#analyse'), 'offered once the game is over');
  assert.ok(await a.isHidden('#analysis-note'));
  await a.click('#analyse');
  await a.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length > 0);
  void b;
  await close();
});

test('play on against the computer from the position analysed', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context, h.url);
  await newGame(page, { variant: 'chess', mode: 'local' });
  await clickMove(page, 'e2e4');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length === 3);
  const position = await page.getAttribute('body', 'data-position');
  await page.click('#play-on');
  // A game against the computer from here: Black to move is the player's, the board as it was.
  await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  assert.equal(await page.getAttribute('body', 'data-position'), position);
  assert.match((await page.textContent('.board-area')) ?? '', /computer/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
