// Installable and offline: the browser's own installability report, every variant and mode
// and the rules texts (English and French) with the network off after one visit, and an update picked
// up on request without losing the game in progress. Builds of the same engine (versions test-a, test-b and test-c) are served
// in turn from one address.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { assemble } from '../../scripts/build.mjs';
import { open, clickMove, newGame, linkOf, moveNames, shot, sessionStarted } from './harness.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const launch = { executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ARGS };

let tmp;
let builds;
/** The folder served now: a build, or one with nothing in it (the host is gone). */
let served;
let server;
let url;
let browser;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'chessfront-offline-'));
  builds = { a: join(tmp, 'a'), b: join(tmp, 'b'), c: join(tmp, 'c'), none: join(tmp, 'none') };
  for (const v of ['a', 'b', 'c']) await assemble(builds[v], { version: `test-${v}` });
  served = builds.a;
  server = await serve(() => served, 0, '127.0.0.1');
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch(launch);
});

after(async () => {
  await browser?.close();
  if (server) await new Promise((r) => server.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

/** A page whose errors are collected, past the first visit's start screen: the harness's. */
const openPage = (context, address = url) => open(context, address);

/** Waits until the service worker has cached this build and controls the page. */
async function offlineReady(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

/** One turn of the player: a setup (random) where one is due, else the first listed board move. */
async function playSomething(page) {
  const before = (await moveNames(page)).length;
  const position = await page.getAttribute('body', 'data-position');
  if (await page.isVisible('#setup-panel')) {
    await page.click('#setup-random');
    await page.click('#setup-done');
  } else {
    const move = (await page.getAttribute('body', 'data-moves')).split(' ')[0];
    assert.ok(move, 'a board move is listed');
    await clickMove(page, move);
  }
  await page.waitForFunction(
    ({ before, position }) => document.querySelectorAll('#moves button').length > before || document.body.dataset.position !== position,
    { before, position },
  );
}

test('installable: the browser reports no installability error, with any and maskable icons', async () => {
  // Installability is judged for a profile on disk (an incognito-like context reports it is not).
  const profile = join(tmp, 'profile');
  const context = await chromium.launchPersistentContext(profile, launch);
  try {
    const page = await openPage(context);
    await offlineReady(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, []);
    const parsed = JSON.parse(manifest.data);
    assert.equal(parsed.display, 'standalone');
    const purposes = new Set(parsed.icons.map((i) => i.purpose));
    assert.ok(purposes.has('any') && purposes.has('maskable'), JSON.stringify(parsed.icons));
    // Each icon the manifest names is there.
    for (const icon of parsed.icons) {
      const r = await page.request.get(new URL(icon.src, manifest.url).href);
      assert.equal(r.status(), 200, icon.src);
    }
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test('a repeat visit is answered by static routes: the page and its files come from the cache without the worker starting', async () => {
  served = builds.a;
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  try {
    const first = await openPage(context);
    await offlineReady(first);
    await first.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const routed = new Map();
    cdp.on('Network.responseReceived', ({ response }) => routed.set(new URL(response.url).pathname, response.serviceWorkerRouterInfo?.actualSourceType ?? 'none'));
    await page.goto(url);
    await sessionStarted(page); // the start screen shows before the engine: its module is there after it
    const fetched = [...routed.keys()];
    for (const path of ['/', ...fetched.filter((p) => /\.(js|css|wasm)$/.test(p))]) assert.equal(routed.get(path), 'cache', `${path}: ${JSON.stringify([...routed])}`);
    assert.ok(fetched.some((p) => p.endsWith('.wasm')), JSON.stringify(fetched));
    // A query the cache does not hold still reaches the page (through the fetch handler, then the network).
    const other = await openPage(context, `${url}?from=test`);
    assert.equal(await other.getAttribute('body', 'data-version'), 'test-a');
  } finally {
    await context.close();
  }
});

test('after one visit, every variant, every mode and the rules work with the network off', async () => {
  served = builds.a;
  const alice = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  // Bob's browser is French: he reads the French rules texts, offline too.
  const bob = await browser.newContext({ viewport: { width: 1200, height: 800 }, locale: 'fr-FR' });
  try {
    for (const context of [alice, bob]) await offlineReady(await openPage(context));
    // The network goes, and so does the host.
    served = builds.none;
    await alice.setOffline(true);
    await bob.setOffline(true);

    const page = await openPage(alice);
    assert.equal(await page.getAttribute('body', 'data-version'), 'test-a');
    await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]'); // its part may still be on its way
    const variants = await page.$$eval('#new-variant option', (os) => os.map((o) => o.value));
    await page.click('#new-cancel');
    assert.ok(variants.length >= 6, JSON.stringify(variants));
    // The page's parts loaded on demand come from the cache too (www/lazy.js: the dialogs above, the record).
    await page.click('#show-record');
    await page.waitForSelector('#record-dialog[open]');
    await page.click('#record-close');
    for (const variant of variants) {
      // Pass and play.
      await newGame(page, { variant });
      await playSomething(page);
      // The rules text, fetched for the first time now.
      await page.click('#show-rules');
      await page.waitForSelector('#rules-dialog[open]'); // its part may still be on its way
      await page.waitForFunction(() => document.getElementById('rules-body').getAttribute('aria-busy') !== 'true');
      assert.doesNotMatch(await page.textContent('#rules-body'), /could not be loaded/, variant);
      assert.ok((await page.textContent('#rules-body')).length > 500, variant);
      await page.click('#rules-close');
    }

    for (const variant of variants) {
      // The computer (White, so its worker's engine is what answers first; in Napoleon the player's
      // setup comes before its first turn): the worker and the worker's engine come from the cache too.
      await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]'); // its part may still be on its way
      await page.selectOption('#new-variant', variant);
      await page.check('input[name="mode"][value="computer"]');
      await page.selectOption('#new-side', '1');
      await page.selectOption('#new-level', '1');
      await page.click('#new-start');
      if (await page.isVisible('#setup-panel')) await playSomething(page);
      await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
      assert.ok((await moveNames(page)).length >= 1, `${variant}: the computer moved offline`);

      // A link made, and opened by the other player (offline too), who answers it.
      await newGame(page, { variant, mode: 'link', seat: 0 });
      await playSomething(page);
      const link = await linkOf(page);
      assert.match(link, /#./);
      const other = await openPage(bob, link);
      // Notation is the same in every language; a decision named in words ("setup sealed") is said in
      // Bob's language, so only its place in the list is compared.
      const international = (name) => (/\s/.test(name) ? '(in words)' : name);
      const sent = (await moveNames(page)).map(international);
      assert.deepEqual((await moveNames(other)).map(international), sent, variant);
      await other.click('#show-rules');
      await other.waitForSelector('#rules-dialog[open]'); // its part may still be on its way
      await other.waitForFunction(() => document.getElementById('rules-body').getAttribute('aria-busy') !== 'true');
      assert.equal(await other.getAttribute('#rules-body', 'lang'), 'fr', variant);
      assert.ok((await other.textContent('#rules-body')).length > 500, variant);
      await other.click('#rules-close');
      await playSomething(other);
      await page.goto(await linkOf(other));
      await page.waitForSelector('body[data-ready="true"]');
      assert.ok((await moveNames(page)).length > sent.length, `${variant}: the answer came back offline`);
      assert.deepEqual(other.errors, []);
      await other.close();
    }
    await shot(page, 'offline-link');
    assert.deepEqual(page.errors, []);
  } finally {
    served = builds.a;
    await alice.close();
    await bob.close();
  }
});

test('a new build is offered, taken on request, and the game in progress survives', async () => {
  served = builds.a;
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    const page = await openPage(context);
    await offlineReady(page);
    await newGame(page, { variant: 'chess' });
    await clickMove(page, 'e2e4');
    await clickMove(page, 'e7e5');
    // The host now has build b. The next visit still opens build a (from the cache, at once), while
    // build b installs beside it; the page then says so.
    served = builds.b;
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.getAttribute('body', 'data-version'), 'test-a');
    await page.waitForSelector('#update:not([hidden])', { timeout: 30000 });
    assert.match(await page.textContent('#update'), /new version/);
    assert.deepEqual(await moveNames(page), ['e4', 'e5']);
    await shot(page, 'offline-update');
    // Reload on request: build b, and the same game.
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.getAttribute('body', 'data-version'), 'test-b');
    assert.deepEqual(await moveNames(page), ['e4', 'e5']);
    assert.equal(await page.isHidden('#update'), true);
    // The old version's files stay cached for tabs still running it (they load workers and rules
    // texts lazily); only older versions are deleted.
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), ['chessfront-test-a', 'chessfront-test-b']);
    // One more version: the oldest cache goes.
    served = builds.c;
    await page.reload();
    await page.waitForSelector('#update:not([hidden])', { timeout: 30000 });
    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.getAttribute('body', 'data-version'), 'test-c');
    assert.deepEqual(await moveNames(page), ['e4', 'e5']);
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), ['chessfront-test-b', 'chessfront-test-c']);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
