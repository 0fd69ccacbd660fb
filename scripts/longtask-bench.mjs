// The page's thread while the computer thinks: long tasks (over 50 ms, the browser's own measure) during
// a game against the computer in each two-player variant, in headless Chromium on this machine. A timing
// figure, so it lives in the bench (`npm run bench`), not in the tests; budget: none over 50 ms.
// Run alone with `node scripts/longtask-bench.mjs` after a build.
import { start, open, clickMove } from '../tests/e2e/harness.mjs';

export async function longTaskSection() {
  console.log("\n== The page's thread while the computer plays: long tasks (> 50 ms) over 3 moves each (budget: none)");
  const h = await start();
  try {
    const context = await h.browser.newContext({ viewport: { width: 1200, height: 800 } });
    await context.addInitScript(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ entryTypes: ['longtask'] });
    });
    const page = await open(context, h.url);
    for (const variant of ['chess', 'chess2024', 'gunnery', 'checkered', 'wounds']) {
      await page.evaluate(() => (window.longTasks = []));
      await page.click('#new-game');
      await page.selectOption('#new-variant', variant);
      await page.check('input[name="mode"][value="computer"]');
      await page.selectOption('#new-side', '0');
      await page.selectOption('#new-level', '3');
      await page.click('#new-start');
      for (let round = 0; round < 3; round++) {
        await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
        const listed = ((await page.getAttribute('body', 'data-moves')) || '').split(' ').filter(Boolean);
        if (!listed.length) break;
        await clickMove(page, listed[0]);
      }
      await page.waitForFunction(() => /Your move|wins|Draw/.test(document.getElementById('status').textContent), null, { timeout: 60000 });
      const tasks = await page.evaluate(() => window.longTasks);
      const worst = tasks.length ? Math.max(...tasks).toFixed(0) : '-';
      console.log(`${variant.padEnd(10)} ${String(tasks.length).padStart(3)} long tasks, longest ${worst} ms`);
    }
    await context.close();
  } finally {
    await h.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await longTaskSection();
