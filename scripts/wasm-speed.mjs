// The engine's speed in wasm, builds side by side: for each folder of bindings (chessfront_web.js and
// chessfront_web_bg.wasm with the `bench` exports, as scripts/build.mjs leaves in target/bench-pkg), in
// a fresh node process each, taking turns for ROUNDS rounds: orthodox perft (start position, depth 6),
// the Strongest level's search of kiwipete and three fixed 300,000-node searches of it. Timed in CPU
// seconds of the process (process.cpuUsage), not wall time, so that other work on a shared machine
// weighs less; the sums over the rounds are printed. A before-and-after: copy target/bench-pkg aside,
// change and build, then `node scripts/wasm-speed.mjs <copy> target/bench-pkg`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** In this process: the figures of the bindings in `dir`. */
async function measure(dir) {
  const glue = await import(join(dir, 'chessfront_web.js'));
  await glue.default({ module_or_path: readFileSync(join(dir, 'chessfront_web_bg.wasm')) });
  const cpu = (fn) => {
    const t = process.cpuUsage();
    const value = fn();
    const d = process.cpuUsage(t);
    return { value, s: (d.user + d.system) / 1e6 };
  };
  glue.perft('chess', START, 3);
  const perft = cpu(() => glue.perft('chess', START, 6));
  const game = new glue.GameHandle('chess', undefined, KIWIPETE);
  game.thinkAt(3, 1);
  const strongest = cpu(() => game.thinkAt(glue.levels().length, 1));
  const fixed = cpu(() => [1, 2, 3].map((seed) => game.think(64, 300000, 1e9, seed).nodes).reduce((a, b) => a + b));
  return { perftS: perft.s, strongestNodes: strongest.value.nodes, strongestS: strongest.s, fixedNodes: fixed.value, fixedS: fixed.s };
}

if (process.argv[2] === '--measure') {
  console.log(JSON.stringify(await measure(process.argv[3])));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2).map((d) => resolve(d));
  const rounds = Number(process.env.ROUNDS || 6);
  const sums = new Map(dirs.map((d) => [d, []]));
  for (let r = 0; r < rounds; r++) {
    for (const dir of dirs) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', dir], { encoding: 'utf8' });
      sums.get(dir).push(JSON.parse(out));
    }
  }
  console.log(`CPU seconds summed over ${rounds} rounds, the builds taking turns`);
  console.log('| bindings | perft start 6, s | Strongest, kiwipete, knodes/s | 3 x 300,000 nodes, s (nodes) |');
  console.log('|---|---:|---:|---:|');
  for (const [dir, runs] of sums) {
    const sum = (k) => runs.reduce((a, x) => a + x[k], 0);
    console.log(`| ${dir} | ${sum('perftS').toFixed(3)} | ${(sum('strongestNodes') / sum('strongestS') / 1000).toFixed(0)} | ` +
      `${sum('fixedS').toFixed(3)} (${runs[0].fixedNodes}) |`);
  }
}
