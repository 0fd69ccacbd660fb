// Playing the computer: in every variant the computer answers from a Web Worker while the page stays
// responsive (no task on the page's thread longer than 50 ms while it thinks).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, open, clickMove, SHOTS } from './harness.mjs';

let h;
before(async () => {
  h = await start();
});
after(async () => {
  await h?.close();
});

async function computerGame(page, variant, level = 2) {
  await page.click('#new-game');
  await page.selectOption('#new-variant', variant);
  await page.check('input[name="mode"][value="computer"]');
  // The level picker lists the engine's levels, weakest first.
  const labels = await page.$$eval('#new-level option', (options) => options.map((o) => o.textContent));
  assert.equal(labels.length, 5);
  assert.match(labels[0], /^1 · Beginner \(/);
  assert.match(labels[4], /^5 · Strongest \(/);
  if (variant === 'chess') await page.screenshot({ path: `${SHOTS}/computer-levels.png` });
  await page.selectOption('#new-side', '0');
  await page.selectOption('#new-level', String(level));
  await page.click('#new-start');
}

test('the computer answers in every variant without freezing the page', async () => {
  const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await open(context, h.url);
  // Long tasks on the page's thread, from now on.
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ entryTypes: ['longtask'] });
  });
  // A first move for the player (White) in each variant: a knight out, or a pass in Napoleon.
  const first = { chess: 'g1f3', chess2024: 'c1b2', gunnery: 'g1f3', checkered: 'g1f3', wounds: 'g1f3', napoleon: null };
  for (const [variant, move] of Object.entries(first)) {
    await computerGame(page, variant);
    if (variant === 'napoleon') {
      // The player's setup; the computer makes its own.
      await page.click('#setup-random');
      await page.click('#setup-done');
      // A random setup of the computer may give check at once: then any listed move instead of a pass.
      await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
      const pass = await page.$('#piece-actions button:has-text("pass")');
      if (pass) await pass.click();
      else await clickMove(page, (await page.getAttribute('body', 'data-moves')).split(' ')[0]);
    } else {
      await clickMove(page, move);
    }
    // The computer (Black) answers from its worker; then it is the player's move again.
    await page.waitForFunction(() => /Your move|White to move/.test(document.getElementById('status').textContent), null, {
      timeout: 30000,
    });
    const moves = await page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent));
    assert.ok(moves.length >= 2, `${variant}: ${moves.join(' ')}`);
    assert.match(await page.textContent('#player-top'), /Black \(computer\)/);
    await page.screenshot({ path: `${SHOTS}/computer-${variant}.png` });
  }
  const longTasks = await page.evaluate(() => window.longTasks);
  assert.ok(longTasks.every((d) => d < 50), `long tasks: ${longTasks.join(', ')} ms`);
  assert.deepEqual(page.errors, []);
  await context.close();
});
