// `npm run bench`: the project's performance budgets (README, "Benchmarks"), measured side by side in one run.
//  - orthodox perft: our engine compiled to wasm vs chessops (npm) in node, as nodes/s and the ratio;
//    then every deeper figure of tests/perft/orthodox.txt checked in wasm (too slow for the tests);
//  - legal actions: time for the page's full option list of the start position;
//  - page weight and start-up: every file of dist/, the first load gzip and brotli, and the time to a
//    playable board cold and repeat on a phone and a desktop profile (scripts/startup-bench.mjs);
//  - link length of a 100-ply game;
//  - link fuzzing: 10^6 damaged links (10^7 with BENCH_LONG=1), 10^5 transfer codes and 10^4 damaged
//    storages, no panic and no loss allowed;
//  - the computer's strength: matches of 100 games per variant (strongest level vs a one-ply greedy
//    player, and each level vs the one below), played natively by the engine's CLI on every core
//    (node budgets, no clock: the same results on any machine). BENCH_GAMES=n changes the number of
//    games, BENCH_VARIANTS=chess,gunnery picks variants. The whole section takes hours on 2 cores
//    (Chess 2024 and Napoleon take the longest).
//  - long tasks on the page's thread while the computer plays (headless Chromium), and while a link of
//    each variant opens cold on the phone profile (scripts/link-longtasks.mjs runs it alone);
//  - Napoleon's four-player round: three computer turns at the Strongest level in the page's worker
//    (headless Chromium; scripts/napoleon-round.mjs runs it alone);
//  - orthodox chess against Stockfish 15.1 (Debian's package) with UCI_LimitStrength at UCI_Elo 1800,
//    2000 and 2200: score, error bar and Elo difference, one line per game (about 20 minutes by
//    default; BENCH_SF_LONG=1 for 100 games per Elo; scripts/stockfish-match.mjs runs it alone).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import init, { perft as wasmPerft, GameHandle, Session, variants as listVariants, levels as listLevels } from '../target/bench-pkg/chessfront_web.js';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as chessopsPerft } from 'chessops/debug';
import { stockfishSection } from './stockfish-match.mjs';
import { longTaskSection } from './longtask-bench.mjs';
import { linkLongTaskSection } from './link-longtasks.mjs';
import { napoleonRoundSection } from './napoleon-round.mjs';
import { startupBench } from './startup-bench.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await init({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { value, seconds: (performance.now() - t0) / 1000 };
}

/** Best of `runs` timings (less noise from the machine's other work). */
function best(fn, runs = 3) {
  let result = null;
  for (let i = 0; i < runs; i++) {
    const r = timed(fn);
    if (!result || r.seconds < result.seconds) result = r;
  }
  return result;
}

const mn = (nodes, seconds) => (nodes / seconds / 1e6).toFixed(1);

console.log('== Orthodox perft, wasm (this engine) vs chessops 0.15 (node), same run');
console.log('position    depth        nodes   wasm Mn/s   chessops Mn/s   ratio');
for (const [name, fen, depth] of [['start', START, 5], ['kiwipete', KIWIPETE, 4]]) {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  chessopsPerft(pos, depth - 2, false); // warm up both
  wasmPerft('chess', fen, depth - 2);
  const ours = best(() => wasmPerft('chess', fen, depth));
  const theirs = best(() => chessopsPerft(pos, depth, false), 2);
  if (ours.value !== theirs.value) throw new Error(`perft mismatch on ${name}: ${ours.value} vs ${theirs.value}`);
  const ratio = theirs.seconds / ours.seconds;
  console.log(
    `${name.padEnd(11)} ${String(depth).padStart(5)} ${String(ours.value).padStart(12)} ${mn(ours.value, ours.seconds).padStart(11)} ${mn(theirs.value, theirs.seconds).padStart(15)} ${ratio.toFixed(1).padStart(7)}x`,
  );
}

console.log('\n== Deeper orthodox perft figures, checked in wasm');
let fen = null;
for (const line of readFileSync(join(root, 'tests', 'perft', 'orthodox.txt'), 'utf8').split('\n')) {
  if (line.startsWith('fen ')) fen = line.slice(4).trim();
  const m = line.match(/^perft (\d+) (\d+)/);
  if (!m || Number(m[2]) <= 5_000_000 || Number(m[2]) > 200_000_000) continue;
  const r = timed(() => wasmPerft('chess', fen, Number(m[1])));
  const ok = r.value === Number(m[2]);
  console.log(`${ok ? 'ok  ' : 'FAIL'} depth ${m[1]} ${String(r.value).padStart(11)} nodes, ${mn(r.value, r.seconds)} Mn/s  ${fen}`);
  if (!ok) process.exitCode = 1;
}

/** Makes the setups a game waits for (random valid ones), as the page's editor would. */
function makeSetups(game) {
  for (let state = game.state(); state.setup; state = game.state()) {
    const { seat, seal, sealed } = state.setup;
    game.setUp(seat, seal || !sealed ? game.randomSetup(seat) : '');
  }
}

/**
 * Plays pseudo-random board moves (whole gestures: a pick and its destination are one) until `plies`
 * decisions. Multi-step turns (Napoleon) end their steps now and then, and a dead end is undone.
 */
function playRandom(game, plies, rand, onTurn = () => true, endOdds = 3) {
  makeSetups(game);
  let state = game.state();
  let turnStart = state.plies;
  let cautious = false;
  for (let guard = 0; state.plies < plies && !state.outcome && guard < 5000; guard++) {
    const mover = state.toMove;
    const moves = state.options.filter((o) => o.kind === 'move');
    const ends = moves.filter((o) => o.from == null);
    if (!moves.length) {
      // A dead end: take the turn back and end its steps early this time.
      while (game.state().plies > turnStart) game.undo();
      cautious = true;
    } else if (ends.length && (cautious || rand(endOdds) === 0)) {
      game.playPath(Uint32Array.from(ends[rand(ends.length)].path));
    } else {
      game.playPath(Uint32Array.from(moves[rand(moves.length)].path));
    }
    state = game.state();
    if (state.toMove !== mover) {
      turnStart = state.plies;
      cautious = false;
      if (!onTurn(state)) break;
    }
  }
  return state;
}

/** Napoleon's crowded middle game: both armies of 16 facing each other four ranks apart. */
const NAPOLEON_MIDDLE_GAME = '16/16/16/16/16/1rkb2nqb3nr2/1ppp2pp4ppp1/16/16/PPPP5PPPP3/RKRB5NQNB3/16/16/16/16/16 w 0 12';

console.log("\n== Legal actions: the page's whole option list with names (state()), start position of each variant");
console.log('   (Napoleon: a crowded middle game, 32 men; every pick-and-destination move is listed with its name)');
for (const v of listVariants()) {
  const game = new GameHandle(v.slug, undefined, v.slug === 'napoleon' ? NAPOLEON_MIDDLE_GAME : undefined);
  game.state();
  const n = 1000;
  const r = timed(() => {
    for (let i = 0; i < n; i++) game.state();
  });
  console.log(`${v.slug.padEnd(10)} ${String(game.state().options.length).padStart(4)} options: ${((r.seconds / n) * 1e6).toFixed(0)} µs per call (budget: well under 1000)`);
  game.free();
}

console.log('\n== Computer player: one decision at a fixed 1 s budget in wasm (deepest iteration finished, nodes per second)');
console.log('   (start positions after random setups; Napoleon: the crowded middle game above)');
for (const v of listVariants()) {
  const game = new GameHandle(v.slug, undefined, v.slug === 'napoleon' ? NAPOLEON_MIDDLE_GAME : undefined);
  makeSetups(game);
  const r = timed(() => game.think(64, 1e12, 1000, 1));
  const c = r.value;
  console.log(
    `${v.slug.padEnd(10)} depth ${String(c.depth).padStart(2)}  ${String(c.nodes).padStart(9)} nodes  ${(c.nodes / r.seconds / 1000).toFixed(0).padStart(5)} knodes/s  ${(r.seconds * 1000).toFixed(0)} ms`,
  );
  game.free();
}

// The Strongest level as the page plays it: its nodes or its clock of a second (the ladder allows it a
// second a move in the browser), whichever ends first; fewer nodes than its budget mean the clock did.
// Orthodox chess from three middle games as well as the start.
console.log('\n== The Strongest level: one decision in wasm, a million chess nodes or 1 s (at most 1 s a move in chess)');
const strongest = listLevels().length;
const CHESS_MIDDLE_GAMES = [
  'r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8',
  'r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1B3/PPP1QPPP/R4RK1 w - - 0 11',
  '2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PB1N2/P1Q2PPP/R1B2RK1 w - - 0 14',
];
for (const v of listVariants()) {
  const starts = v.slug === 'chess' ? [undefined, ...CHESS_MIDDLE_GAMES] : [v.slug === 'napoleon' ? NAPOLEON_MIDDLE_GAME : undefined];
  for (const position of starts) {
    const game = new GameHandle(v.slug, undefined, position);
    makeSetups(game);
    const r = timed(() => game.thinkAt(strongest, 1));
    const c = r.value;
    console.log(
      `${v.slug.padEnd(10)} ${position ? 'middle game' : 'start      '} depth ${String(c.depth).padStart(2)}  ${String(c.nodes).padStart(9)} nodes  ${(r.seconds * 1000).toFixed(0).padStart(5)} ms`,
    );
    game.free();
  }
}

console.log('\n== Opening a 100-ply link: replay and check every move, then the first view (UI thread budget 50 ms)');
for (const v of listVariants()) {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const game = new GameHandle(v.slug, undefined, undefined);
  const state = playRandom(game, 100, rand);
  const link = game.link();
  game.free();
  const r = timed(() => {
    const back = GameHandle.fromLink(link);
    back.state();
    back.free();
  });
  console.log(`${v.slug.padEnd(10)} ${String(state.plies).padStart(4)} plies: ${(r.seconds * 1000).toFixed(1)} ms`);
}

console.log('\n== Page weight and start-up (scripts/startup-bench.mjs)');
{
  // Every file of dist/ (precompressed copies beside each text and wasm file).
  const dist = join(root, 'dist');
  const walk = (dir) => readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
  const size = (f) => (existsSync(f) ? statSync(f).size : 0);
  for (const f of walk(dist).filter((f) => !/\.(br|gz)$/.test(f))) {
    console.log(`${f.slice(dist.length + 1).padEnd(40)} ${String(size(f)).padStart(8)} B  ${String(size(`${f}.gz`) || '-').padStart(7)} B gz  ${String(size(`${f}.br`) || '-').padStart(7)} B br`);
  }
  // The first load is what the page fetched before its board was playable (the rules texts, the
  // computer's worker and the service worker's precache come later).
  console.log(`start-up: navigation to a playable board, medians of ${process.env.BENCH_RUNS || 7} runs`);
  await startupBench();
}

console.log('\n== Link length');
{
  // Deterministic pseudo-random games: board moves only, until 100 plies (restarting after a game end).
  let seed = 20261121;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const lengths = [];
  while (lengths.length < 20) {
    const game = new GameHandle('chess', undefined, undefined);
    let state = game.state();
    while (state.plies < 100 && !state.outcome) {
      const moves = state.options.filter((o) => o.kind === 'move');
      game.play(moves[rand(moves.length)].index);
      state = game.state();
    }
    if (state.plies === 100) lengths.push(game.link().length);
    game.free();
  }
  lengths.sort((a, b) => a - b);
  console.log(`100-ply games (20 random): fragment ${lengths[0]}–${lengths[lengths.length - 1]} characters, median ${lengths[10]} (budget 200)`);

  // Chess 2024 by link with the fortunes of war: two browsers (two in-memory sessions) alternate, each
  // keeping its own secret, exactly as the page does.
  const c24 = [];
  for (let g = 0; g < 5; g++) {
    const browsers = [Session.inMemory(), Session.inMemory()];
    browsers[0].newGame('chess2024', 'link', 0, 3, undefined, undefined);
    let state = browsers[0].state();
    let mover = 0;
    while (state.plies < 100 && !state.outcome && state.session.decides) {
      const moves = state.options.filter((o) => o.kind === 'move');
      browsers[mover].play(Uint32Array.from(moves[rand(moves.length)].path));
      const link = browsers[mover].link();
      mover = 1 - mover;
      browsers[mover].openLink(link);
      state = browsers[mover].state();
    }
    c24.push([state.plies, browsers[mover].link().length, state.record.some((r) => r.note)]);
    browsers.forEach((b) => b.free());
  }
  console.log(
    `Chess 2024 by link, fortunes of war on (commit and reveal): ${c24.map(([p, n, e]) => `${p} plies ${n} chars${e ? ' (event)' : ''}`).join('; ')}`,
  );

  // Napoleon: characters per turn once the setups (and White's commitment and salt) are in.
  // Random turns end a step with odds 1 in 3 (many passes) or 1 in 12 (busy turns of several moves).
  const perTurn = [];
  for (const odds of [3, 12]) {
    for (let g = 0; g < 3; g++) {
      const game = new GameHandle('napoleon', undefined, undefined);
      makeSetups(game);
      const start = game.link().length;
      let turns = 0;
      playRandom(game, Infinity, rand, () => ++turns < 20, odds);
      perTurn.push([start, turns, (game.link().length - start) / Math.max(1, turns)]);
      game.free();
    }
  }
  console.log(
    `Napoleon by link: setups and White's seal ${perTurn.map((t) => t[0]).join('/')} chars, then ${perTurn
      .map(([, n, c]) => `${c.toFixed(1)} chars/turn over ${n} turns`)
      .join('; ')} (budget about 5-10 per turn)`,
  );
}

console.log('\n== Computer player: levels in wasm (early middle games: 6 decisions of the Casual level from the start; Napoleon: the');
console.log('   crowded middle game above. Each level finishes its minimum depth, then stops at its node budget or its time)');
{
  /** A middle game of `slug`, the same every time. */
  const middleGame = (slug) => {
    const game = new GameHandle(slug, undefined, slug === 'napoleon' ? NAPOLEON_MIDDLE_GAME : undefined);
    makeSetups(game);
    for (let i = 0; slug !== 'napoleon' && i < 6; i++) {
      try {
        game.play(game.thinkAt(2, i + 1).index);
      } catch {
        break; // waits for chance
      }
      if (game.state().outcome) {
        // Two decisions back: a position still to play, and not just a mate to give.
        game.undo();
        game.undo();
        break;
      }
    }
    return game;
  };
  const levelList = listLevels();
  console.log(`variant    ${levelList.map((l, i) => `${i + 1} ${l.split(' (')[0]}`.padEnd(24)).join('')}`);
  for (const v of listVariants()) {
    const cells = [];
    for (let level = 1; level <= levelList.length; level++) {
      const game = middleGame(v.slug);
      const r = timed(() => game.thinkAt(level, 1));
      cells.push(`d${r.value.depth} ${(r.value.nodes / 1000).toFixed(0)}k ${(r.seconds * 1000).toFixed(0)}ms`.padEnd(24));
      game.free();
    }
    console.log(`${v.slug.padEnd(10)} ${cells.join('')}`);
  }
}

/**
 * Runs one of the engine's long fuzz tests (`test`, its ignored test `name`) in release with overflow
 * checks on, `inputs` of them (the environment variable `count` names); its counts are printed as it
 * runs, and a failure (`failed` says what it means) fails the bench.
 */
function fuzz(test, name, count, inputs, failed) {
  try {
    execFileSync('cargo', ['test', '--quiet', '--release', '-p', 'chessfront-engine', '--test', test, '--', '--ignored', '--nocapture', name], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, [count]: process.env[count] || inputs, CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS: 'true' },
    });
  } catch {
    console.log(`${test.replace('_', ' ')}: FAILED (${failed}; see above)`);
    process.exitCode = 1;
  }
}

console.log('\n== Link fuzzing: random bytes and damaged links of every variant (checksum repaired), decoded and judged');
console.log('   by the continuation rule, natively with overflow checks on: inputs, games, typed errors, panics (must be 0).');
console.log('   FUZZ_INPUTS=n sets the count (default 10^6, BENCH_LONG=1: 10^7; about 0.1-0.3 ms an input on 2 cores).');
fuzz('link_fuzz', 'many_damaged_links', 'FUZZ_INPUTS', process.env.BENCH_LONG ? '10000000' : '1000000', 'a panic or a round trip that did not hold');

console.log('\n== Transfer code fuzzing: damaged, rebuilt and random codes, decoded and imported (into an empty browser and');
console.log('   the one that made the code), natively with overflow checks on. TRANSFER_FUZZ_INPUTS=n sets the count (default 10^5).');
fuzz('transfer_fuzz', 'many_damaged_transfer_codes', 'TRANSFER_FUZZ_INPUTS', '100000', 'a panic, an untyped refusal or a refusal that stored something');

console.log("\n== Storage fuzzing: a browser's storage written by real sessions, damaged (and sometimes full), then started over and");
console.log('   played in (every command of My games), natively with overflow checks on. STORAGE_FUZZ_INPUTS=n sets the count (default 10^4).');
fuzz('storage_fuzz', 'many_damaged_storages', 'STORAGE_FUZZ_INPUTS', '10000', 'a panic, a notice without words, an unsaid refused write or a value lost');

// The page's thread while the computer plays in its worker (a timing figure: here, not in the tests).
await longTaskSection();
// The page's thread while a link opens cold on the phone profile (budget: no task over 50 ms).
await linkLongTaskSection();
// Napoleon's four-player round of three computer turns, in the browser's worker (budget: under 3 s).
await napoleonRoundSection();

// Orthodox chess against Stockfish (Debian's package, installed by `scripts/setup.sh bench`): see
// scripts/stockfish-match.mjs for its flags (BENCH_SF_GAMES, BENCH_SF_LONG, chunks by BENCH_SF_FIRST).
await stockfishSection();

console.log('\n== Computer player: matches (native, node budgets; wins/losses/draws of the first player,');
console.log('   its share of decisive games with a 95% error bar; games stopped at 200 turns count as draws)');
{
  execFileSync('cargo', ['build', '--quiet', '--release', '-p', 'chessfront-engine', '--bin', 'chessfront'], { cwd: root, stdio: 'inherit' });
  const cli = join(root, 'target', 'release', 'chessfront');
  const games = String(Number(process.env.BENCH_GAMES) || 100);
  const only = process.env.BENCH_VARIANTS ? process.env.BENCH_VARIANTS.split(',') : null;
  // The strongest level against greedy, then each level of the ladder against the one below it.
  const count = listLevels().length;
  const pairs = [[String(count), 'greedy'], ...Array.from({ length: count - 1 }, (_, i) => [String(i + 2), String(i + 1)])];
  for (const v of listVariants()) {
    if (only && !only.includes(v.slug)) continue;
    for (const [a, b] of pairs) {
      const out = execFileSync(cli, ['match', v.slug, a, b, '--games', games], { cwd: root, encoding: 'utf8' });
      process.stdout.write(out);
      const m = out.match(/(\d+) wins, (\d+) losses/);
      if (b === 'greedy' && m && Number(m[1]) < 0.9 * (Number(m[1]) + Number(m[2]))) {
        console.log(`FAIL: the strongest level must win 90% of the decisive games against greedy (${v.slug})`);
        process.exitCode = 1;
      }
    }
  }
}
