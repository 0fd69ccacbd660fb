// The page's choice of engine module (www/engine_module.js): a link's variant id read from its
// header after its checksum, checked against the frozen link vectors (tests/links/vectors.txt), whose
// variants the engine's own tests pin; anything else gets the module with every variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVERY_VARIANT_KEY, chooseModule, crc32, everyVariantAsked, linkVariantId, mayBeAskedReload } from '../../www/engine_module.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const vectors = readFileSync(join(root, 'tests', 'links', 'vectors.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [name, expect, link] = l.split('\t');
    return { name, expect, link: link ?? '' };
  });

// The registry's ids (crate/variants): the link's variant byte.
const IDS = { 1: 'chess', 2: 'chess2024', 3: 'napoleon', 4: 'gunnery', 5: 'wounds', 6: 'checkered' };
const ASSETS = {
  wasm: 'engine.all.wasm',
  modules: Object.fromEntries(Object.values(IDS).map((slug) => [slug, `engine-${slug}.x.wasm`])),
  variantIds: IDS,
};

test('CRC-32 is the usual one (IEEE, as crc32fast)', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});

test('every intact frozen link names the variant its name says', () => {
  const slugOf = (name) => Object.values(IDS).filter((slug) => name.replace(/^signed_/, '').startsWith(slug)).sort((a, b) => b.length - a.length)[0] ?? 'chess';
  const intact = vectors.filter((v) => v.expect.startsWith('ok:'));
  assert.ok(intact.length >= 10);
  for (const { name, link } of intact) {
    assert.equal(IDS[linkVariantId(link)], slugOf(name), name);
    assert.deepEqual(chooseModule(ASSETS, `https://x.test/#${link}`), { url: ASSETS.modules[slugOf(name)], variant: slugOf(name) }, name);
  }
});

test('a broken, cut, altered or newer link gets the module with every variant, which says what is wrong', () => {
  for (const name of ['garbage', 'empty', 'truncated', 'tampered', 'newer_format', 'unknown_variant']) {
    const { link } = vectors.find((v) => v.name === name);
    assert.deepEqual(chooseModule(ASSETS, `https://x.test/#${link}`), { url: ASSETS.wasm, variant: null }, name);
  }
  for (const address of ['https://x.test/', 'https://x.test/#', 'https://x.test/#cft1-abc', 'https://x.test/#%%%', '']) {
    assert.equal(chooseModule(ASSETS, address).url, ASSETS.wasm, address);
  }
});

test('a tab that asked for every variant, or a build with one module, gets the module with every variant', () => {
  const { link } = vectors.find((v) => v.name === 'open_game');
  assert.equal(chooseModule(ASSETS, `#${link}`, true).url, ASSETS.wasm);
  assert.equal(chooseModule({ wasm: 'pkg/x.wasm' }, `#${link}`).url, 'pkg/x.wasm');
});

/** Runs `check` with this navigation type (none: no Navigation Timing) and session storage's reads counted. */
function withNavigation(type, flag, check) {
  const saved = { performance: globalThis.performance, sessionStorage: globalThis.sessionStorage };
  const reads = [];
  const entries = type ? [{ type }] : [];
  Object.defineProperty(globalThis, 'performance', { value: { getEntriesByType: (kind) => (kind === 'navigation' ? entries : []) }, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'sessionStorage', {
    value: { getItem: (key) => (reads.push(key), key === EVERY_VARIANT_KEY ? flag : null) },
    configurable: true,
    writable: true,
  });
  try {
    check(reads);
  } finally {
    for (const [name, value] of Object.entries(saved)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
}

test('the module with every variant is asked for only by a reload, and other loads never read session storage', () => {
  // What asks for it (the page's everyVariant, the facade) sets the key and reloads the tab.
  withNavigation('reload', '1', (reads) => {
    assert.equal(mayBeAskedReload(), true);
    assert.equal(everyVariantAsked(), true);
    assert.deepEqual(reads, [EVERY_VARIANT_KEY]);
  });
  withNavigation('reload', null, () => assert.equal(everyVariantAsked(), false));
  // A link opened in a tab that once asked: the key is still there, and the link's own module opens it.
  for (const type of ['navigate', 'back_forward', 'prerender']) {
    withNavigation(type, '1', (reads) => {
      assert.equal(mayBeAskedReload(), false);
      assert.equal(everyVariantAsked(), false);
      assert.deepEqual(reads, [], `${type}: session storage read`);
    });
  }
  // A browser without the navigation's type reads the key, as before: never a reload that loads the same module again.
  withNavigation(null, '1', () => assert.equal(everyVariantAsked(), true));
});
