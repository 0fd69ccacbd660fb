// The QR code library the page ships (www/vendor/lean-qr-nano.js) is the npm package's own nano build,
// unmodified, and encodes a game link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../../www/vendor/lean-qr-nano.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('the vendored copy is the npm package of package.json, byte for byte', () => {
  const pkg = join(root, 'node_modules', 'lean-qr');
  const want = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies['lean-qr'];
  assert.equal(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version, want);
  assert.equal(readFileSync(join(root, 'www', 'vendor', 'lean-qr-nano.js'), 'utf8'), readFileSync(join(pkg, 'nano.mjs'), 'utf8'));
});

test('a long game link fits a QR code', () => {
  const link = `https://example.org/chessfront/#${'A'.repeat(400)}`;
  const code = generate(link);
  assert.ok(code.size >= 21 && code.size <= 177, String(code.size));
  assert.equal(typeof code.get(0, 0), 'boolean');
  assert.equal(code.get(0, 0), true, 'a finder pattern in the corner');
});
