// The frozen data (tests/links/) computed by the release wasm (target/bench-pkg: the build the page ships,
// compiled with the exports tests call, `knownAnswer` among them), as cargo and wasm-pack compute it: every link vector decodes to its recorded position and
// re-encodes to the same link, or is refused with its code; every known answer of the chance draw, the
// hash chain and the seal comes out the same. The release build is optimised differently (opt-level 3,
// wasm-opt), so this is the build a change of the formats or a miscompilation would reach players in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readVectors, readKnownAnswers, loadEngine } from './harness.mjs';

const engine = await loadEngine();

test('every frozen link decodes in the release wasm as recorded, or is refused with its code', () => {
  const vectors = readVectors();
  const outcomes = { ok: 0, error: 0 };
  for (const v of vectors) {
    const [kind, want] = [v.expect.slice(0, v.expect.indexOf(':')), v.expect.slice(v.expect.indexOf(':') + 1)];
    let game;
    try {
      game = engine.GameHandle.fromLink(`https://example.org/#${v.link}`);
    } catch (e) {
      assert.equal(kind, 'error', `${v.name}: refused with ${e.code}`);
      assert.equal(e.code, want, v.name);
      outcomes.error += 1;
      continue;
    }
    assert.equal(kind, 'ok', `${v.name}: decoded where ${v.expect} was expected`);
    assert.equal(game.state().position, want, v.name);
    assert.equal(game.link(), v.link, `${v.name} re-encodes to the same link`);
    game.free();
    outcomes.ok += 1;
  }
  assert.equal(outcomes.ok + outcomes.error, vectors.length);
  assert.ok(outcomes.ok >= 16 && outcomes.error >= 15, JSON.stringify(outcomes));
});

test('every known answer of the chance draw, the hash chain and the seal holds in the release wasm', () => {
  const answers = readKnownAnswers();
  for (const a of answers) {
    assert.equal(engine.knownAnswer(a.inputs), a.answer, a.line);
  }
  assert.deepEqual([...new Set(answers.map((a) => a.kind))].sort(), ['committed', 'seal', 'seeded', 'tip']);
  assert.equal(engine.knownAnswer('draw\t1'), undefined, 'a line of no known kind has no answer');
});
