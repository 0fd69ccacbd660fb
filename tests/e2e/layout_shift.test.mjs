// A game opened from a link moves nothing the player has already seen: the page is painted before the
// engine has read the link (held back here, as on a slow phone), and the game, its notice and the panel
// then arrive around what was painted (layout shift: the browser's own measure, which Lighthouse scores).
// Nothing here is timing: the engine module is released only once the page has been painted without it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, shot } from './harness.mjs';
import { invitationLinks } from '../../scripts/first-load.mjs';

let h;
let links;
before(async () => {
  h = await start();
  links = await invitationLinks(h.browser, h.url);
});
after(async () => {
  await h?.close();
});

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** The layout shifts (value and what moved) of a cold open of `link`, the engine held until painted. */
async function shiftsOfOpening(options, link, name) {
  const context = await h.browser.newContext({ ...options, serviceWorkers: 'block' });
  try {
    let release;
    const held = new Promise((r) => (release = r));
    await context.route(/\/engine[-.][^/]*\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await context.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          // Every shift, even one the browser marks as after an input: the test gives none, yet a phone's
          // emulation marks some (the player's own taps would excuse a shift; nothing is tapped here).
          window.shifts.push({ value: e.value, moved: e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${h.url}#${link}`);
    // Painted without the engine: two frames after the page's script has run.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.notEqual(await page.evaluate(() => document.body.dataset.ready), 'true', 'the engine was held back');
    release();
    await page.waitForSelector('body[data-ready="true"]');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await shot(page, `layout-shift-${name}`);
    return await page.evaluate(() => window.shifts);
  } finally {
    await context.close();
  }
}

for (const slug of ['chess', 'napoleon']) {
  for (const [device, options] of Object.entries(VIEWPORTS)) {
    test(`a ${slug} link opened on a ${device} moves nothing already painted`, async () => {
      const shifts = await shiftsOfOpening(options, links[slug], `${slug}-${device}`);
      const total = shifts.reduce((n, s) => n + s.value, 0);
      assert.ok(total < 0.001, `layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`);
    });
  }
}
