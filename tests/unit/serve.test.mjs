// The development server sends what a good static host would (README, "Deploying"): a year of cache
// for hashed names, validators and 304 for the rest, application/wasm, precompressed copies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { gzipSync, brotliCompressSync, gunzipSync, brotliDecompressSync } from 'node:zlib';
import { serve, pickEncoding, IMMUTABLE } from '../../scripts/serve.mjs';

let dir;
let server;
let base;
const wasm = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
const script = 'export const a = 1;\n'.repeat(50);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'engine.0123456789.wasm'), wasm);
  writeFileSync(join(dir, 'main.abcdef0123.js'), script);
  writeFileSync(join(dir, 'main.abcdef0123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'main.abcdef0123.js.gz'), gzipSync(script));
  server = await serve(dir, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (node's http, which never decompresses): { status, headers, body }. */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

test('hashed files are cached for a year; wasm is application/wasm', async () => {
  const r = await get('/engine.0123456789.wasm');
  assert.equal(r.status, 200);
  assert.equal(r.headers['content-type'], 'application/wasm');
  assert.equal(r.headers['cache-control'], IMMUTABLE);
  assert.deepEqual(r.body, wasm);
});

test('the page is revalidated: ETag and Last-Modified, then 304 without a body', async () => {
  const r = await get('/');
  assert.equal(r.status, 200);
  assert.equal(r.headers['cache-control'], 'no-cache');
  assert.match(r.headers.etag, /^".+"$/);
  assert.ok(r.headers['last-modified']);
  const again = await get('/', { 'if-none-match': r.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const since = await get('/index.html', { 'if-modified-since': r.headers['last-modified'] });
  assert.equal(since.status, 304);
  const changed = await get('/', { 'if-none-match': '"something-else"' });
  assert.equal(changed.status, 200);
});

test('precompressed copies go to browsers that accept them', async () => {
  const br = await get('/main.abcdef0123.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.equal(brotliDecompressSync(br.body).toString(), script);
  const gz = await get('/main.abcdef0123.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), script);
  const plain = await get('/main.abcdef0123.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), script);
  // No copy on disk: the file as it is.
  const wasmPlain = await get('/engine.0123456789.wasm', { 'accept-encoding': 'br' });
  assert.equal(wasmPlain.headers['content-encoding'], undefined);
});

test('Accept-Encoding is read with its q-values', () => {
  assert.equal(pickEncoding('gzip, br'), 'br');
  assert.equal(pickEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(pickEncoding('identity'), null);
  assert.equal(pickEncoding('*'), 'br');
  assert.equal(pickEncoding(undefined), null);
});

test('nothing outside the folder, nothing but GET and HEAD', async () => {
  assert.equal((await get('/../../etc/passwd')).status, 404);
  assert.equal((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 404);
  assert.equal((await get('/missing.js')).status, 404);
});
