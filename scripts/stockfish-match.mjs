// The Stockfish section of `npm run bench` (also runs alone: `node scripts/stockfish-match.mjs`):
// orthodox chess, our Strongest level (native CLI, its node budget, at most BENCH_SF_MILLIS a move, one
// `think chess -` process a game keeping its table from move to move as the page's worker does)
// against Debian's Stockfish with UCI_LimitStrength at UCI_Elo 1800, 2000 and 2200 (0.3 s a move).
// Ten openings, each played with both colours: game g plays opening floor(g / 2) % 10, we take White
// in even games, and our search's seed is seed + g, so a long run can be played in chunks
// (BENCH_SF_FIRST, BENCH_SF_GAMES) whose per-game lines are summed. One line per game as it ends,
// then per Elo: score, 95% error bar and the Elo difference the score implies.
//   BENCH_SF_GAMES   games per Elo (default 6: about 20 minutes in all on 2 cores)
//   BENCH_SF_LONG=1  100 games per Elo (hours: for figures worth recording in docs/measurements.md)
//   BENCH_SF_FIRST   first game number (default 0), BENCH_SF_SEED (default 1)
//   BENCH_SF_ELOS    e.g. 1800,2200; BENCH_SF_LEVEL (default strongest: a player of `chessfront think --level`), BENCH_SF_MILLIS (default 1000)
//   BENCH_SF_MOVES   a file to which each game's moves are appended, one line a game (to study losses)
// Games end by the rules as our engine judges them (mate, stalemate, threefold repetition, 50 moves,
// dead material) or as a draw after 300 plies.
import { spawn, execFileSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STOCKFISH = ['/usr/games/stockfish', '/usr/bin/stockfish'].find((p) => existsSync(p));
const OPENINGS = [
  'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6',
  'd2d4 d7d5 c2c4 e7e6 b1c3 g8f6',
  'e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6',
  'e2e4 e7e6 d2d4 d7d5 b1c3',
  'e2e4 c7c6 d2d4 d7d5 e4e5',
  'd2d4 g8f6 c2c4 g7g6 b1c3 f8g7',
  'c2c4 e7e5 b1c3 g8f6 g2g3',
  'g1f3 d7d5 g2g3 g8f6 f1g2',
  'e2e4 e7e5 g1f3 g8f6 f3e5 d7d6',
  'd2d4 g8f6 c2c4 e7e6 g1f3 b7b6',
];
const MAX_PLIES = 300;

/** A UCI engine process: send lines, wait for a line starting with a given word. */
class Uci {
  constructor(path) {
    this.proc = spawn(path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.waiting = [];
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const w = this.waiting[0];
      if (w && line.startsWith(w.word)) {
        this.waiting.shift();
        w.resolve(line);
      }
    });
  }
  send(line) {
    this.proc.stdin.write(line + '\n');
  }
  until(word) {
    return new Promise((resolve) => this.waiting.push({ word, resolve }));
  }
  quit() {
    this.send('quit');
  }
}

// BENCH_SF_CLI: a chessfront binary to play with instead of building this tree's (a fixed build for
// a long run while the tree changes).
const OURS = process.env.BENCH_SF_CLI || join(root, 'target', 'release', 'chessfront');

function cli(args, binary = OURS) {
  return execFileSync(binary, args, { encoding: 'utf8' });
}

/** The position and outcome after the moves from the start, as our engine's game record judges them. */
function replay(moves) {
  const out = cli(['play', 'chess', ...moves]);
  const fen = out.match(/^position: (.*)$/m)[1];
  const outcome = out.match(/^outcome: (.*)$/m)[1];
  return { fen, over: !outcome.startsWith('*'), outcome };
}

/**
 * One of our players through one game: a `chessfront think chess -` process that answers a position a
 * line and keeps its search's table from one move to the next, as the page's worker does.
 */
class Thinker {
  constructor(binary, level, millis, seed) {
    this.proc = spawn(binary, ['think', 'chess', '-', '--level', level, '--millis', String(millis), '--seed', String(seed)], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.waiting = [];
    createInterface({ input: this.proc.stdout }).on('line', (line) => this.waiting.shift()?.(line));
  }
  ask(fen) {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.proc.stdin.write(fen + '\n');
    });
  }
  close() {
    this.proc.stdin.end();
  }
}

/** The move `thinker` chooses in `fen`, in coordinates; its depth and nodes go into `searched` (when given). */
async function ourMove(fen, thinker, searched) {
  const think = await thinker.ask(fen);
  if (think.startsWith('error')) throw new Error(`think: ${think} (${fen})`);
  const name = think.split(' (')[0];
  const figures = think.match(/depth (\d+), (\d+) nodes/);
  if (searched && figures) {
    searched.moves += 1;
    searched.depth += Number(figures[1]);
    searched.nodes += Number(figures[2]);
  }
  const line = cli(['moves', 'chess', fen])
    .split('\n')
    .find((l) => l.split(' ')[0] === name);
  if (!line) throw new Error(`think answered ${name}, not among the moves of ${fen}`);
  return line.split(' ')[1];
}

/** One game; returns our score (1, ½, 0) and a description. */
async function playGame(sf, g, seed, level, millis) {
  const opening = OPENINGS[Math.floor(g / 2) % OPENINGS.length].split(' ');
  const weAreWhite = g % 2 === 0;
  const moves = [...opening];
  sf.send('ucinewgame');
  // Our searches' depth and nodes: a move cut short by the clock (a loaded machine) shows here.
  const searched = { moves: 0, depth: 0, nodes: 0 };
  const us = new Thinker(OURS, level, millis, seed + g);
  const other = sf.binary && new Thinker(sf.binary, sf.level, millis, seed + g);
  let state = replay(moves);
  while (!state.over && moves.length < MAX_PLIES) {
    const whiteToMove = moves.length % 2 === 0;
    if (whiteToMove === weAreWhite) {
      moves.push(await ourMove(state.fen, us, searched));
    } else if (other) {
      moves.push(await ourMove(state.fen, other));
    } else {
      sf.send(`position startpos moves ${moves.join(' ')}`);
      sf.send('go movetime 300');
      moves.push((await sf.until('bestmove')).split(' ')[1]);
    }
    state = replay(moves);
  }
  us.close();
  if (other) other.close();
  const result = state.over ? state.outcome.split(' ')[0] : '1/2-1/2';
  const white = result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
  const mean = (total) => (searched.moves ? total / searched.moves : 0);
  return {
    score: weAreWhite ? white : 1 - white,
    plies: moves.length,
    moves,
    outcome: state.over ? state.outcome : `1/2-1/2 draw at ${MAX_PLIES} plies`,
    ours: `ours ${mean(searched.depth).toFixed(1)} deep, ${Math.round(mean(searched.nodes) / 1000)}k nodes a move`,
  };
}

/** Score share, 95% error bar (from the games' own spread) and the Elo difference it implies. */
export function summary(scores) {
  const n = scores.length;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / Math.max(1, n - 1);
  const bar = 1.96 * Math.sqrt(variance / n);
  const elo = (p) => (p <= 0 ? -Infinity : p >= 1 ? Infinity : -400 * Math.log10(1 / p - 1));
  return { n, mean, bar, elo: elo(mean), low: elo(mean - bar), high: elo(mean + bar) };
}

export async function stockfishSection() {
  console.log('\n== Orthodox chess: the Strongest level (native) against Stockfish with UCI_LimitStrength, 0.3 s a move');
  if (!STOCKFISH) {
    console.log('stockfish is not installed (scripts/setup.sh bench installs it): section skipped');
    return;
  }
  const env = process.env;
  if (!env.BENCH_SF_CLI) {
    execFileSync('cargo', ['build', '--quiet', '--release', '-p', 'chessfront-engine', '--bin', 'chessfront'], { cwd: root, stdio: 'inherit' });
  }
  const games = env.BENCH_SF_LONG ? 100 : Number(env.BENCH_SF_GAMES) || 6;
  const first = Number(env.BENCH_SF_FIRST) || 0;
  const seed = Number(env.BENCH_SF_SEED) || 1;
  const level = env.BENCH_SF_LEVEL || 'strongest';
  const millis = Number(env.BENCH_SF_MILLIS) || 1000;
  const elos = (env.BENCH_SF_ELOS || '1800,2000,2200').split(',').map(Number);
  console.log(`games ${first}-${first + games - 1} per Elo, seed ${seed}, level ${level}, at most ${millis} ms a move for ours`);
  // BENCH_SF_VS="<chessfront binary> <player>": that build's player instead of Stockfish (A/B of two
  // builds, e.g. an evaluation change, which no in-process match can compare).
  if (env.BENCH_SF_VS) {
    const [binary, player] = env.BENCH_SF_VS.split(' ');
    const scores = [];
    for (let g = first; g < first + games; g++) {
      const r = await playGame({ binary, level: player, send() {} }, g, seed, level, millis);
      scores.push(r.score);
      console.log(`vs ${env.BENCH_SF_VS} game ${g}: ${r.score === 1 ? 'win' : r.score === 0 ? 'loss' : 'draw'}, ${r.outcome}, ${r.plies} plies, ${r.ours}`);
    }
    const s = summary(scores);
    console.log(`vs ${env.BENCH_SF_VS}: ${s.n} games, score ${(100 * s.mean).toFixed(0)}% ± ${(100 * s.bar).toFixed(0)}%, Elo difference ${s.elo.toFixed(0)}`);
    return;
  }
  for (const elo of elos) {
    const sf = new Uci(STOCKFISH);
    sf.send('uci');
    await sf.until('uciok');
    sf.send('setoption name Threads value 1');
    sf.send('setoption name UCI_LimitStrength value true');
    sf.send(`setoption name UCI_Elo value ${elo}`);
    sf.send('isready');
    await sf.until('readyok');
    const scores = [];
    for (let g = first; g < first + games; g++) {
      const t0 = Date.now();
      const r = await playGame(sf, g, seed, level, millis);
      scores.push(r.score);
      if (env.BENCH_SF_MOVES) appendFileSync(env.BENCH_SF_MOVES, `sf${elo} game ${g} seed ${seed + g} ${r.outcome}: ${r.moves.join(' ')}\n`);
      console.log(
        `sf${elo} game ${g} (seed ${seed + g}, opening ${Math.floor(g / 2) % OPENINGS.length}, ours ${g % 2 === 0 ? 'White' : 'Black'}): ${r.score === 1 ? 'win' : r.score === 0 ? 'loss' : 'draw'}, ${r.outcome}, ${r.plies} plies, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${r.ours}`,
      );
    }
    sf.quit();
    const s = summary(scores);
    const fmt = (x) => (Number.isFinite(x) ? (x > 0 ? '+' : '') + x.toFixed(0) : x > 0 ? '+inf' : '-inf');
    const wins = scores.filter((x) => x === 1).length;
    const losses = scores.filter((x) => x === 0).length;
    console.log(
      `vs UCI_Elo ${elo}: ${s.n} games, +${wins} -${losses} =${s.n - wins - losses}, score ${(100 * s.mean).toFixed(0)}% ± ${(100 * s.bar).toFixed(0)}%, Elo difference ${fmt(s.elo)} (95%: ${fmt(s.low)} to ${fmt(s.high)}), about ${Number.isFinite(s.elo) ? (elo + s.elo).toFixed(0) : '?'} on Stockfish's scale`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await stockfishSection();
}
