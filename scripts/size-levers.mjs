// What each size lever does to the first load and to speed, in one table. For each lever:
// a release build of the wasm facade with that lever (cargo --config, wasm-opt from npm's binaryen),
// then the first load's bytes (this wasm plus the rest of the current dist/'s first load, gzip -9 and
// brotli 11), orthodox perft (start position, depth 5, best of 3) in Mn/s and against chessops in the
// same process, and the search's nodes per second: the levels' search (the Strongest level, what
// players get) and the search of the ladder, each with a fixed node budget so every lever does the same
// work; the best of ROUNDS=3 rounds taken in turns. Slow: one release build per lever (minutes each on
// 2 cores). `node scripts/size-levers.mjs [--no-build] [lever ...]` (default: all levers; --no-build
// measures the builds an earlier run left in target/levers); needs dist/ built (node scripts/build.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const wasmOpt = join(root, 'node_modules', '.bin', 'wasm-opt');
const FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals',
  '--enable-multivalue', '--enable-reference-types'];

/** name -> { config: cargo --config values, opt: wasm-opt level or null } */
export const LEVERS = {
  'opt3': { config: [], opt: null },
  'opt3 + wasm-opt -O3': { config: [], opt: '-O3' },
  'opt3 + wasm-opt -Oz': { config: [], opt: '-Oz' },
  'engine 3, deps z + -O3': { config: ['profile.release.package."*".opt-level="z"'], opt: '-O3' },
  'engine 3, web+deps z + -O3': { config: ['profile.release.package."*".opt-level="z"', 'profile.release.package.chessfront-web.opt-level="z"'], opt: '-O3' },
  'opt s + wasm-opt -Oz': { config: ['profile.release.opt-level="s"'], opt: '-Oz' },
  'opt z + wasm-opt -Oz': { config: ['profile.release.opt-level="z"'], opt: '-Oz' },
};

/** Builds the facade with `lever` into `out` (chessfront_web.js and chessfront_web_bg.wasm). */
function buildLever(lever, out) {
  const target = join(root, 'target', 'levers');
  // With the `bench` exports, which the measure calls (perft, GameHandle): each wasm is that much larger
  // than the page's build of the same lever (about 32 KB, 13 KB gzip, when the feature came in).
  const args = ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'chessfront-web', '--features', 'bench', '--target-dir', target];
  for (const c of lever.config) args.push('--config', c);
  execFileSync('cargo', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(out, { recursive: true, force: true });
  execFileSync('wasm-bindgen', ['--target', 'web', '--no-typescript', '--remove-name-section', '--out-dir', out,
    join(target, 'wasm32-unknown-unknown', 'release', 'chessfront_web.wasm')], { cwd: root, stdio: 'inherit' });
  const wasm = join(out, 'chessfront_web_bg.wasm');
  if (lever.opt) execFileSync(wasmOpt, [lever.opt, ...FEATURES, wasm, '-o', wasm], { stdio: 'inherit' });
}

/** The rest of the first load: the current dist/'s index.html, style, main script and icon. */
function restOfFirstLoad() {
  const dist = join(root, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = ['index.html', ...[...html.matchAll(/(?:href|src)="([^"]+\.(?:css|js|svg))"/g)].map((m) => m[1]).filter((f) => !f.includes('apple'))];
  const first = [...new Set(files)].filter((f) => !f.endsWith('.png'));
  const sizes = first.map((f) => readFileSync(join(dist, f)));
  return { files: first, gzip: sizes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0), brotli: sizes.reduce((n, b) => n + brotli(b).length, 0) };
}

const brotli = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } });

/** In a child process (a fresh wasm instance): perft and search speed of the build in `dir`. */
async function measure(dir) {
  const { Chess } = await import('chessops/chess');
  const { parseFen } = await import('chessops/fen');
  const { perft: chessopsPerft } = await import('chessops/debug');
  const glue = await import(join(dir, 'chessfront_web.js'));
  await glue.default({ module_or_path: readFileSync(join(dir, 'chessfront_web_bg.wasm')) });
  const best = (fn, runs) => {
    let s = Infinity;
    let value;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      value = fn();
      s = Math.min(s, (performance.now() - t0) / 1000);
    }
    return { value, s };
  };
  glue.perft('chess', START, 3);
  const ours = best(() => glue.perft('chess', START, 5), 3);
  const pos = Chess.fromSetup(parseFen(START).unwrap()).unwrap();
  const theirs = best(() => chessopsPerft(pos, 5, false), 2);
  const game = new glue.GameHandle('chess', undefined, KIWIPETE);
  // The search players get (the Strongest level, 300k nodes) and the search of the ladder (same budget).
  const strongest = glue.levels().length;
  game.thinkAt(3, 1);
  const search = best(() => game.thinkAt(strongest, 1), 3);
  const next = best(() => game.think(64, 300000, 1e9, 1), 3);
  return {
    perft: ours.value / ours.s / 1e6, ratio: theirs.s / ours.s,
    searchKnps: search.value.nodes / search.s / 1000, newSearchKnps: next.value.nodes / next.s / 1000,
  };
}

if (process.argv[2] === '--measure') {
  console.log(JSON.stringify(await measure(process.argv[3])));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('build dist/ first: node scripts/build.mjs');
  const args = process.argv.slice(2);
  // --no-build: measure the builds left by an earlier run again.
  const build = !args.includes('--no-build');
  const names = args.filter((a) => !a.startsWith('--')).length ? args.filter((a) => !a.startsWith('--')) : Object.keys(LEVERS);
  const rest = restOfFirstLoad();
  const dirOf = (name) => join(root, 'target', 'levers', 'pkg', name.replace(/[^a-z0-9]+/gi, '-'));
  for (const name of names) {
    if (!build && existsSync(join(dirOf(name), 'chessfront_web_bg.wasm'))) continue;
    mkdirSync(dirname(dirOf(name)), { recursive: true });
    console.error(`building: ${name}`);
    buildLever(LEVERS[name], dirOf(name));
  }
  // Speed: the best of ROUNDS rounds, the levers taking turns in each (a shared machine's load then
  // weighs on all alike; the best figure is the one least slowed by it).
  const rounds = Number(process.env.ROUNDS || 3);
  const speed = new Map();
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const m = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', dirOf(name)], { cwd: root, encoding: 'utf8' }));
      const b = speed.get(name);
      speed.set(name, b ? Object.fromEntries(Object.entries(m).map(([k, x]) => [k, Math.max(x, b[k])])) : m);
    }
  }
  console.log(`first load = the lever's wasm + ${rest.files.join(' ')} (${rest.gzip} B gzip, ${rest.brotli} B brotli); speed: best of ${rounds} rounds`);
  console.log('| lever | wasm bytes | first load gzip | first load brotli | perft Mn/s | perft vs chessops | levels\' search kn/s | new search kn/s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const base = speed.get(names[0]);
  const pct = (a, b) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;
  for (const name of names) {
    const wasm = readFileSync(join(dirOf(name), 'chessfront_web_bg.wasm'));
    const v = speed.get(name);
    console.log(`| ${name} | ${wasm.length.toLocaleString('en')} | ${(rest.gzip + gzipSync(wasm, { level: 9 }).length).toLocaleString('en')} | ` +
      `${(rest.brotli + brotli(wasm).length).toLocaleString('en')} | ${v.perft.toFixed(1)} (${pct(v.perft, base.perft)}) | ` +
      `${v.ratio.toFixed(1)}x | ${v.searchKnps.toFixed(0)} (${pct(v.searchKnps, base.searchKnps)}) | ` +
      `${v.newSearchKnps.toFixed(0)} (${pct(v.newSearchKnps, base.newSearchKnps)}) |`);
  }
}
