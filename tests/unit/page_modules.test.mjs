// The page's engine modules and its computer's (scripts/build.mjs): the page's leave the search out and
// answer the computer's commands with a typed error; the computer's (www/pkg's, with every variant)
// plays. Needs the compiled modules (`node scripts/build.mjs`, which test.sh runs first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, pagePkg, variantPkg, shippedVariants } from '../../scripts/build.mjs';

/** The bindings of the module compiled into `dir` (each folder's glue is a module instance of its own). */
async function load(dir) {
  const engine = await import(join(dir, 'chessfront_web.js'));
  engine.initSync({ module: readFileSync(join(dir, 'chessfront_web_bg.wasm')) });
  return engine;
}

/** A chess game's link after 1. e4, made by the tests' bindings. */
async function chessLink() {
  const bench = await load(join(root, 'target', 'bench-pkg'));
  const game = new bench.GameHandle('chess', undefined, undefined, undefined);
  const e4 = game.state().options.find((o) => o.coord === 'e2e4');
  game.playPath(Uint32Array.from(e4.path));
  const link = game.link();
  game.free();
  return link;
}

test("the page's modules have no computer: each of its commands says so with its code", async () => {
  const link = await chessLink();
  for (const dir of [pagePkg, ...shippedVariants().map(variantPkg)]) {
    const { ComputerPlayer } = await load(dir);
    const player = new ComputerPlayer();
    const commands = [() => player.turn(link, 1, 1, 7), () => player.hint(link, 1), () => player.review(link, 100, 'en'), () => player.analyse(link, 1, 1, 10, 'en')];
    for (const command of commands) assert.throws(command, (e) => e.code === 'computer-absent', dir);
  }
});

test("the computer's module plays", async () => {
  const link = await chessLink();
  const { ComputerPlayer } = await load(join(root, 'www', 'pkg'));
  const turn = new ComputerPlayer().turn(link, 1, 1, 7);
  assert.equal(turn.indices.length, 1);
  assert.equal(turn.resigned, false);
});
