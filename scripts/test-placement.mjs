// Fails when a unit test sits where the project's rule says it does not (`npm test` runs it):
// - a file's unit tests are at its end, in `#[cfg(test)] mod tests { ... }`;
// - a module that is a folder of files (it declares submodules) keeps them in its folder, `tests.rs`
//   or a `tests/` folder: `#[cfg(test)] mod tests;`.
// Tests through the engine's public face are integration tests in crate/engine/tests/ (not checked here).
// Usage: node scripts/test-placement.mjs [CHECKOUT]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? join(import.meta.dirname, '..');

function rustFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'target' || name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return rustFiles(path);
    return name.endsWith('.rs') ? [path] : [];
  });
}

/// What is wrong with where `text`'s unit tests sit, or null.
export function misplaced(text) {
  const code = text.replace(/\/\/[^\n]*/g, '');
  const inline = /^\s*mod tests\s*\{/m.test(code);
  const outside = /^\s*mod tests\s*;/m.test(code);
  const others = [...code.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod (\w+)\s*;/gm)].filter((m) => m[1] !== 'tests');
  if (inline && others.length > 0) return 'a folder module keeps its tests in its folder (tests.rs), not inline';
  if (outside && others.length === 0) return 'a single file keeps its tests at its end (mod tests { ... })';
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sources = rustFiles(join(root, 'crate')).filter((f) => f.includes('/src/') && !f.includes('/src/bin/'));
  const wrong = sources.map((f) => [f, misplaced(readFileSync(f, 'utf8'))]).filter(([, why]) => why);
  for (const [file, why] of wrong) console.error(`${relative(root, file)}: ${why}`);
  if (wrong.length > 0) process.exit(1);
  console.log(`test-placement: the unit tests of ${sources.length} files sit where the rule says`);
}
