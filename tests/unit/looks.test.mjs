// The page's looks without a browser: both piece sets draw every kind the engine names, and the light
// page colours are the same whether the player or the system asks for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PIECE_SETS } from '../../www/pieces.js';
import { CHOICES } from '../../www/looks.js';

const root = new URL('../..', import.meta.url).pathname;

/** Every .rs file of the engine's crates (crate/, not their build output). */
function sources(dir = join(root, 'crate')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === 'target' ? [] : sources(join(dir, e.name));
    return e.name.endsWith('.rs') ? [readFileSync(join(dir, e.name), 'utf8')] : [];
  });
}

/** The picture codes the engine hands the page: piece kinds' `code` and views' literal `kind`. */
const engineKinds = () =>
  new Set(sources().flatMap((text) => [...text.matchAll(/\b(?:code|kind): "([A-Z])"/g)].map((m) => m[1])));

test('both piece sets draw every kind of every variant', () => {
  const kinds = engineKinds();
  for (const k of ['K', 'Q', 'R', 'B', 'N', 'P', 'E', 'J', 'C', 'A', 'H', 'X']) assert.ok(kinds.has(k), `the engine names ${k}`);
  assert.deepEqual(Object.keys(PIECE_SETS).sort(), [...CHOICES.pieces].sort(), 'a set for every choice');
  for (const [name, set] of Object.entries(PIECE_SETS)) {
    for (const kind of kinds) {
      assert.ok(set[kind]?.body?.length, `${name} has a picture for ${kind}`);
    }
  }
});

test('the light colours are the same asked by the player or by the system', () => {
  const css = readFileSync(join(root, 'www', 'style.css'), 'utf8');
  const block = (selector) => {
    const at = css.indexOf(`${selector} {`);
    assert.ok(at >= 0, selector);
    return css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at)).replace(/\s+/g, ' ').trim();
  };
  const chosen = block(':root[data-theme="light"]');
  assert.match(chosen, /--bg: #/);
  assert.equal(block(':root:not([data-theme])'), chosen);
});
