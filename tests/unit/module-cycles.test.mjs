// The layering check itself: it must see a cycle written any way Rust allows, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cycles, moduleEdges } from '../../scripts/module-cycles.mjs';

function crate(files) {
  const src = join(mkdtempSync(join(tmpdir(), 'cycles-')), 'src');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(src, path, '..'), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}

test('a cycle through a grouped import and a folder module is found', () => {
  const src = crate({
    'lib.rs': 'pub mod a; pub mod b; pub mod c;',
    'a.rs': 'use crate::{c::Thing, b};',
    'b/mod.rs': 'mod inner;',
    'b/inner.rs': 'fn f() { crate::c::g() }',
    'c.rs': 'use crate::{\n  a::{X, Y},\n};',
  });
  assert.deepEqual(cycles(moduleEdges(src)), [['a', 'b', 'c']]);
});

test('tests, comments and the command line do not count', () => {
  const src = crate({
    'a.rs': 'use crate::b::X;',
    'b.rs': '// uses crate::a::Y\n#[cfg(test)]\nmod tests { use crate::a::Y; }',
    'b/tests.rs': 'use crate::a::Z;',
    'bin/tool/main.rs': 'use crate::a::Z;',
  });
  assert.deepEqual(cycles(moduleEdges(src)), []);
});
