// Code weight of the wasm by crate (and, with --modules, by module path): the size of every function
// body, named through the wasm's name section, summed by the first path segment of its Rust name.
// Answers "what would dropping this dependency save at most". `node scripts/wasm-sizes.mjs [file.wasm]
// [--modules] [--top n]`; without a file it reads the release build (build it first) as wasm-bindgen
// leaves it but with its names kept (the shipped wasm has them stripped, and no wasm-opt here).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** { imports: n, bodies: [size], names: Map(index -> name) } of a wasm binary. */
export function parse(bytes) {
  let at = 8;
  let imports = 0;
  const bodies = [];
  const names = new Map();
  const text = (start, len) => new TextDecoder().decode(bytes.subarray(start, start + len));
  while (at < bytes.length) {
    const id = bytes[at];
    let size;
    [size, at] = leb(bytes, at + 1);
    const end = at + size;
    if (id === 2) {
      // Imports: count the functions (their indices come before the bodies').
      let n;
      let p;
      [n, p] = leb(bytes, at);
      for (let i = 0; i < n; i++) {
        for (let k = 0; k < 2; k++) {
          let len;
          [len, p] = leb(bytes, p);
          p += len;
        }
        const kind = bytes[p++];
        if (kind === 0) {
          [, p] = leb(bytes, p);
          imports++;
        } else if (kind === 1) {
          p += 1;
          const flags = bytes[p++];
          [, p] = leb(bytes, p);
          if (flags & 1) [, p] = leb(bytes, p);
        } else if (kind === 2) {
          const flags = bytes[p++];
          [, p] = leb(bytes, p);
          if (flags & 1) [, p] = leb(bytes, p);
        } else if (kind === 3) {
          p += 2;
        } else {
          throw new Error(`import kind ${kind}`);
        }
      }
    } else if (id === 10) {
      let n;
      let p;
      [n, p] = leb(bytes, at);
      for (let i = 0; i < n; i++) {
        let len;
        [len, p] = leb(bytes, p);
        bodies.push(len);
        p += len;
      }
    } else if (id === 0) {
      let len;
      let p;
      [len, p] = leb(bytes, at);
      if (text(p, len) === 'name') {
        p += len;
        while (p < end) {
          const sub = bytes[p++];
          let subLen;
          [subLen, p] = leb(bytes, p);
          const subEnd = p + subLen;
          if (sub === 1) {
            let n;
            [n, p] = leb(bytes, p);
            for (let i = 0; i < n; i++) {
              let index;
              let nameLen;
              [index, p] = leb(bytes, p);
              [nameLen, p] = leb(bytes, p);
              names.set(index, text(p, nameLen));
              p += nameLen;
            }
          }
          p = subEnd;
        }
      }
    }
    at = end;
  }
  return { imports, bodies, names };
}

/** The path segments of a mangled Rust name (legacy `_ZN…E` or v0 `_R…`), or of a plain name. */
export function segments(name) {
  if (name.startsWith('_ZN')) {
    const parts = [];
    for (let at = 3; name[at] !== 'E' && at < name.length;) {
      const digits = name.slice(at).match(/^\d+/);
      if (!digits) break;
      at += digits[0].length;
      parts.push(name.slice(at, at + Number(digits[0])));
      at += Number(digits[0]);
    }
    // `<engine::x::T as core::fmt::Debug>::fmt`: the first segment holds the type's path.
    const first = (parts[0] || '').replace(/^_?(\$LT\$|\$RF\$|\$BP\$|mut\$u20\$|dyn\$u20\$|\$u5b\$)+/, '');
    return [...first.split(/\.\.|\$/)[0] ? [first.split(/\.\./)[0], ...(first.split(/\.\./)[1] ? [first.split(/\.\./)[1].split('$')[0]] : [])] : [], ...parts.slice(1)];
  }
  if (name.startsWith('_R')) {
    // v0: the first crate root (`C`, a disambiguator, the name's length and bytes), then its modules.
    const out = [];
    for (const m of name.matchAll(/(?:C(?:s[0-9a-zA-Z]*_)?|Nt(?:B[0-9a-zA-Z]*_|Ns?[0-9a-zA-Z]*_)?)(\d+)_?/g)) {
      out.push(name.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1])));
      if (out.length >= 1) break;
    }
    return out;
  }
  // Demangled (as wasm-bindgen writes them): `<engine::x::T as core::fmt::Debug>::fmt`, `core[5f3a]::ptr::…`.
  const plain = name.replace(/^(<|&|mut |dyn |\*const |\*mut |\[)+/, '');
  if (plain.includes('::')) {
    const out = [];
    for (const part of plain.split('::')) {
      const clean = part.replace(/\[[0-9a-f]+\]$/, '');
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(clean)) {
        const head = clean.match(/^[A-Za-z_][A-Za-z0-9_]*/);
        if (head) out.push(head[0]);
        break;
      }
      out.push(clean);
    }
    return out;
  }
  return [name.split(/[_:]/)[0] || name];
}

/** The crate (or, with depth 2, crate::module) a function belongs to. */
export function owner(name, depth = 1) {
  const parts = segments(name);
  return parts.length ? parts.slice(0, depth).join('::') : '(unnamed)';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let file = args.find((a) => a.endsWith('.wasm'));
  if (!file) {
    const out = join(root, 'target', 'wasm-sizes');
    execFileSync('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', out,
      join(root, 'target', 'wasm32-unknown-unknown', 'release', 'chessfront_web.wasm')], { stdio: 'inherit' });
    file = join(out, 'chessfront_web_bg.wasm');
  }
  const depth = args.includes('--modules') ? 2 : 1;
  const top = Number(args[args.indexOf('--top') + 1]) || 25;
  const { imports, bodies, names } = parse(readFileSync(file));
  if (!names.size) throw new Error(`${file} has no name section (wasm-bindgen --remove-name-section strips it: read the cargo output)`);
  const total = bodies.reduce((a, b) => a + b, 0);
  const by = new Map();
  bodies.forEach((size, i) => {
    const name = names.get(imports + i) ?? '(unnamed)';
    const key = owner(name, depth);
    by.set(key, (by.get(key) ?? 0) + size);
  });
  console.log(`${file}: ${bodies.length} functions, ${total.toLocaleString('en')} B of code`);
  for (const [key, size] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${String(size.toLocaleString('en')).padStart(10)} B  ${((size / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}
