// The page's thread while a link opens: the long tasks (over 50 ms, the browser's own measure) from
// navigation until the board is playable and a second after, for an invitation link of each variant
// opened cold on the phone profile (scripts/startup-bench.mjs: CPU 4x slower, 9 Mbit/s, 150 ms). A timing
// figure of the machine, so a benchmark (`npm run bench`), not a test; budget: none over 50 ms. Serves
// dist/ (build first), or BENCH_DIST's folder (another build's, for a before-and-after); alone: `node
// scripts/link-longtasks.mjs [--runs N] [--variant slug]`.
//
// Two builds or more side by side: `node scripts/link-longtasks.mjs DIST DIST... [--runs N] [--variant
// slug]` opens the link (chess by default) N times in each, the builds taking turns, and prints each run's
// page-ready mark and long tasks, then each build's medians: on a busy machine only builds measured in the
// same rounds compare.
import { serve } from './serve.mjs';
import { invitationLinks, launch } from './first-load.mjs';
import { PROFILES } from './startup-bench.mjs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './build.mjs';

/**
 * Opens `url` cold on the phone profile in a new context of `browser`; resolves to the long tasks'
 * durations and the page's `chessfront-ready` mark (ms from navigation).
 */
async function openCold(browser, url) {
  const phone = PROFILES.phone;
  const context = await browser.newContext({ viewport: phone.viewport, isMobile: true, hasTouch: true });
  // Told by a console message, not by Playwright's waits: those run Playwright's own script in the
  // page, itself a long task of 60-110 ms on the phone's CPU (seen in a trace).
  await context.addInitScript(() => {
    const tasks = [];
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, watch) => {
      if (document.body?.dataset.ready !== 'true') return;
      watch.disconnect();
      const ready = Math.round(performance.getEntriesByName('chessfront-ready')[0]?.startTime ?? -1);
      setTimeout(() => console.debug(`chessfront-long-tasks ${JSON.stringify({ tasks, ready })}`), 1000);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', phone.network);
    const settled = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('chessfront-long-tasks '), timeout: 60000 });
    await page.goto(url, { waitUntil: 'commit' });
    return JSON.parse((await settled).text().slice('chessfront-long-tasks '.length));
  } finally {
    await context.close();
  }
}

/** Prints, per variant, the longest task and every long task of each of `runs` cold opens of its link. */
export async function linkLongTaskSection(runs = 3, only = null) {
  console.log(`\n== The page's thread while a link opens, phone profile, cold: long tasks (> 50 ms), ${runs} runs (budget: none)`);
  const browser = await launch();
  const server = await serve(process.env.BENCH_DIST || join(root, 'dist'), 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}/`;
  try {
    const links = await invitationLinks(browser, base);
    for (const [slug, link] of Object.entries(links).filter(([slug]) => !only || slug === only)) {
      const seen = [];
      for (let run = 0; run < runs; run++) {
        seen.push((await openCold(browser, `${base}#${link}`)).tasks);
      }
      const worst = Math.max(0, ...seen.flat());
      console.log(`${slug.padEnd(10)} longest ${String(worst).padStart(4)} ms; long tasks per run: ${seen.map((s) => `[${s.join(', ')}]`).join(' ')}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Builds side by side: the `slug` link opened cold `runs` times in each of `dists`, taking turns. */
export async function compareBuilds(dists, runs = 3, slug = 'chess') {
  console.log(`== A ${slug} link opened cold, phone profile: page ready and long tasks (> 50 ms), ${runs} runs per build, taking turns`);
  const browser = await launch();
  const servers = await Promise.all(dists.map((dist) => serve(dist, 0, '127.0.0.1')));
  try {
    const bases = servers.map((server) => `http://127.0.0.1:${server.address().port}/`);
    // One invitation for every build: made in the first (the link's format is the engine's, not the page's).
    const link = (await invitationLinks(browser, bases[0]))[slug];
    const seen = dists.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, dist] of dists.entries()) {
        const result = await openCold(browser, `${bases[i]}#${link}`);
        seen[i].push(result);
        console.log(`run ${run + 1} ${dist}: ready ${result.ready} ms, long tasks [${result.tasks.join(', ')}]`);
      }
    }
    for (const [i, dist] of dists.entries()) {
      const ready = seen[i].map((r) => r.ready);
      const longest = seen[i].map((r) => Math.max(0, ...r.tasks));
      const over = seen[i].map((r) => r.tasks.length);
      console.log(`${dist}: ready median ${median(ready)} ms (${Math.min(...ready)}-${Math.max(...ready)}); longest task median ${median(longest)} ms (${Math.min(...longest)}-${Math.max(...longest)}); tasks over 50 ms ${Math.min(...over)}-${Math.max(...over)}`);
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const dists = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (dists.length) await compareBuilds(dists, Number(option('--runs')) || 3, option('--variant') ?? 'chess');
  else await linkLongTaskSection(Number(option('--runs')) || 3, option('--variant') ?? null);
}
