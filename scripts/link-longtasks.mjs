// The page's thread while a link opens: the long tasks (over 50 ms, the browser's own measure) from
// navigation until the board is playable and a second after, for an invitation link of each variant
// opened cold on the phone profile (scripts/startup-bench.mjs: CPU 4x slower, 9 Mbit/s, 150 ms). A timing
// figure of the machine, so a benchmark (`npm run bench`), not a test; budget: none over 50 ms. Serves
// dist/ (build first), or BENCH_DIST's folder (another build's, for a before-and-after); alone: `node
// scripts/link-longtasks.mjs [--runs N] [--variant slug]`.
import { serve } from './serve.mjs';
import { invitationLinks, launch } from './first-load.mjs';
import { PROFILES } from './startup-bench.mjs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './build.mjs';

/** Prints, per variant, the longest task and every long task of each of `runs` cold opens of its link. */
export async function linkLongTaskSection(runs = 3, only = null) {
  console.log(`\n== The page's thread while a link opens, phone profile, cold: long tasks (> 50 ms), ${runs} runs (budget: none)`);
  const phone = PROFILES.phone;
  const browser = await launch();
  const server = await serve(process.env.BENCH_DIST || join(root, 'dist'), 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}/`;
  try {
    const links = await invitationLinks(browser, base);
    for (const [slug, link] of Object.entries(links).filter(([slug]) => !only || slug === only)) {
      const seen = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: phone.viewport, isMobile: true, hasTouch: true });
        // Told by a console message, not by Playwright's waits: those run Playwright's own script in the
        // page, itself a long task of 60-110 ms on the phone's CPU (seen in a trace).
        await context.addInitScript(() => {
          const tasks = [];
          new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
          new MutationObserver((_, watch) => {
            if (document.body?.dataset.ready !== 'true') return;
            watch.disconnect();
            setTimeout(() => console.debug(`chessfront-long-tasks ${JSON.stringify(tasks)}`), 1000);
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpu });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', phone.network);
        const settled = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('chessfront-long-tasks '), timeout: 60000 });
        await page.goto(`${base}#${link}`, { waitUntil: 'commit' });
        seen.push(JSON.parse((await settled).text().slice('chessfront-long-tasks '.length)));
        await context.close();
      }
      const worst = Math.max(0, ...seen.flat());
      console.log(`${slug.padEnd(10)} longest ${String(worst).padStart(4)} ms; long tasks per run: ${seen.map((s) => `[${s.join(', ')}]`).join(' ')}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  await linkLongTaskSection(Number(option('--runs')) || 3, option('--variant') ?? null);
}
