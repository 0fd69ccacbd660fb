// Fails when a crate's top-level modules import each other in a cycle (`npm test` runs it first).
//
// Crates are layered by Cargo, which refuses a cycle between crates; inside a crate nothing stops
// `a` from using `b` while `b` uses `a`. This check does: for every crate under crate/, it reads each
// top-level module's non-test code (not src/bin, tests/ folders, tests.rs, nor what follows
// `#[cfg(test)]`), takes every `crate::name` path (grouped ones too: `crate::{a::X, b}`), and lists the
// strongly connected sets of modules. Usage: node scripts/module-cycles.mjs [CHECKOUT]
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = process.argv[2] ?? join(import.meta.dirname, '..');

function rustFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return rustFiles(path);
    return name.endsWith('.rs') ? [path] : [];
  });
}

/// The code the crate builds outside tests, without comments.
function shippedCode(text) {
  const test = text.indexOf('#[cfg(test)]');
  const code = test >= 0 ? text.slice(0, test) : text;
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/// The top-level names a `use crate::{...}` group reaches: the first name of each item, at depth one.
function groupNames(code, open) {
  const names = [];
  let depth = 0;
  let item = '';
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (depth === 1 && c !== '{' && c !== ',') item += c;
    if ((depth === 1 && c === ',') || depth === 0) {
      const name = item.trim().match(/^\w+/);
      if (name) names.push(name[0]);
      item = '';
      if (depth === 0) break;
    }
  }
  return names;
}

/// `module -> set of modules it uses`, for one crate's src folder.
export function moduleEdges(src) {
  const edges = new Map();
  for (const file of rustFiles(src)) {
    const parts = relative(src, file).split(sep);
    const name = parts[parts.length - 1];
    if (parts[0] === 'bin' || parts.includes('tests') || name === 'tests.rs') continue;
    const top = parts[0].replace(/\.rs$/, '');
    if (top === 'lib' || top === 'main') continue;
    const code = shippedCode(readFileSync(file, 'utf8'));
    const used = edges.get(top) ?? new Set();
    for (const m of code.matchAll(/crate::(\w+|\{)/g)) {
      const names = m[1] === '{' ? groupNames(code, m.index + m[0].length - 1) : [m[1]];
      for (const n of names) if (n !== top && n !== 'self' && n !== 'super') used.add(n);
    }
    edges.set(top, used);
  }
  return edges;
}

/// The sets of two or more modules that reach each other (Tarjan's strongly connected components).
export function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const set = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let total = 0;
  const crates = join(root, 'crate');
  for (const crate of readdirSync(crates).sort()) {
    const src = join(crates, crate, 'src');
    if (!existsSync(src)) continue;
    for (const set of cycles(moduleEdges(src))) {
      console.error(`${crate}: its modules ${set.join(', ')} import each other in a cycle`);
      total++;
    }
  }
  if (total > 0) {
    console.error(`module-cycles: ${total} import cycle(s); move what both sides need below them (see ARCHITECTURE.md)`);
    process.exit(1);
  }
  console.log('module-cycles: no import cycle between any crate\'s top-level modules');
}
