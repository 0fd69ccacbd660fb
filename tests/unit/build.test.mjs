// The assembled site (scripts/build.mjs): every file but index.html and sw.js has a content-hashed
// name, everything the page names exists, the service worker precaches the whole build, and the
// manifest's icons are there. Needs www/pkg (compiled by `node scripts/build.mjs`, which test.sh runs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { assemble, root } from '../../scripts/build.mjs';
import { HASHED, contentHash } from '../../scripts/hash-assets.mjs';
import { CSP } from '../../scripts/serve.mjs';
import { createHash } from 'node:crypto';

const compiled = existsSync(join(root, 'www', 'pkg', 'chessfront_web_bg.wasm'));
let out;
let result;

before(async () => {
  if (!compiled) return;
  out = mkdtempSync(join(tmpdir(), 'chessfront-build-'));
  result = await assemble(out, { version: 'unit' });
});
after(() => out && rmSync(out, { recursive: true, force: true }));

const walk = (dir) => readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)).map((f) => `${e}/${f}`) : [e]));

test('hashed names for all but index.html and sw.js, each hash that of its bytes', { skip: !compiled && 'www/pkg is not built' }, () => {
  const files = walk(out).filter((f) => !/\.(br|gz)$/.test(f));
  for (const f of files) {
    if (f === 'index.html' || f === 'sw.js') continue;
    assert.match(f, HASHED, f);
    assert.equal(f.match(/\.([0-9a-f]{10})\.[a-z0-9]+$/)[1], contentHash(readFileSync(join(out, f))), f);
  }
  assert.deepEqual(new Set(files), new Set(result.files));
});

test('precompressed copies hold the same bytes', { skip: !compiled && 'www/pkg is not built' }, () => {
  for (const f of ['index.html', result.assets.wasm]) {
    const bytes = readFileSync(join(out, f));
    assert.deepEqual(gunzipSync(readFileSync(join(out, `${f}.gz`))), bytes);
    assert.deepEqual(brotliDecompressSync(readFileSync(join(out, `${f}.br`))), bytes);
  }
});

test('every file index.html and the manifest name exists; the worker precaches the whole build', { skip: !compiled && 'www/pkg is not built' }, () => {
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:href|src)="([^"#:]+)"/g)].map((m) => m[1]);
  assert.ok(named.length >= 6, named.join(' '));
  for (const f of named) assert.ok(existsSync(join(out, f)), f);
  const manifestPath = named.find((f) => f.endsWith('.webmanifest'));
  const manifest = JSON.parse(readFileSync(join(out, manifestPath), 'utf8'));
  assert.deepEqual(new Set(manifest.icons.map((i) => i.purpose)), new Set(['any', 'maskable']));
  for (const icon of manifest.icons) assert.ok(existsSync(join(out, icon.src)), icon.src);
  const sw = readFileSync(join(out, 'sw.js'), 'utf8');
  const build = JSON.parse(sw.match(/const BUILD = (\{.*\});/)[1]);
  assert.equal(build.version, 'unit');
  assert.deepEqual(new Set(build.precache), new Set(['./', ...result.files.filter((f) => f !== 'index.html' && f !== 'sw.js')]));
  // The rules texts are there for offline reading, under the names the page asks for: each variant's
  // in English and in French.
  assert.deepEqual(Object.keys(result.assets.rules).sort(), ['en', 'fr']);
  for (const texts of Object.values(result.assets.rules)) {
    assert.equal(Object.keys(texts).length, 6);
    for (const path of Object.values(texts)) assert.ok(build.precache.includes(path), path);
  }
  assert.match(result.assets.rules.fr.chess, /^rules\/chess\.fr\.[0-9a-f]{10}\.html$/);
});

test("the parts main.js loads on demand and the French strings are files of their own, precached, importing nothing", { skip: !compiled && 'www/pkg is not built' }, () => {
  const sw = readFileSync(join(out, 'sw.js'), 'utf8');
  const precache = JSON.parse(sw.match(/const BUILD = (\{.*\});/)[1]).precache;
  const main = readFileSync(join(out, result.files.find((f) => /^main\.[0-9a-f]{10}\.js$/.test(f))), 'utf8');
  const imported = [...main.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]);
  for (const name of ['analysis', 'review', 'dialogs', 'welcome', 'rules', 'record', 'strings-fr']) {
    const file = imported.find((f) => new RegExp(`^${name}\\.[0-9a-f]{10}\\.js$`).test(f));
    assert.ok(file, `${name}: ${imported.join(' ')}`);
    assert.ok(precache.includes(file), file);
    // What a part shares with the page comes from the page (www/lazy.js), never a second copy.
    assert.doesNotMatch(readFileSync(join(out, file), 'utf8'), /(^|[;}\s])import(\s*[{*"'(]|\s+\w)/, file);
  }
  // English stays in the first load; French does not.
  assert.match(main, /"top\.rules":"Rules"/);
  assert.doesNotMatch(main, /R\\xE8gles|Règles/);
});

test("the page's one inline script starts the engine's download before anything else, allowed by the policy's hash", { skip: !compiled && 'www/pkg is not built' }, () => {
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(inline.length, 1, 'one inline script');
  const hash = `'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`;
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)[1];
  assert.ok(meta.includes(`script-src 'self' 'wasm-unsafe-eval' ${hash};`), meta);
  assert.equal(`${meta}; frame-ancestors 'none'`, CSP, "the meta tag is the server's policy, less what only a header can say");
  // Its data block before it names this build's modules; it comes before the stylesheet and the page's script.
  const data = JSON.parse(html.match(/<script type="application\/json" id="engine-modules">([^<]*)<\/script>/)[1]);
  assert.equal(data.wasm, result.assets.wasm);
  assert.deepEqual(data.modules, result.assets.modules);
  for (const file of [data.wasm, ...Object.values(data.modules)]) assert.ok(existsSync(join(out, file)), file);
  const at = (text) => html.indexOf(text);
  assert.ok(at('id="engine-modules"') < at(`<script>`) && at('<script>') < at('rel="stylesheet"') && at('rel="stylesheet"') < at('<script async'));
});
