// Every variant's PGN read by another program's parser (chessops, as lichess reads PGN): one move per
// named decision of the game, and each name recoverable whole (written as it is when a SAN tokenizer
// keeps it whole, else as a null move `--` followed by the name as its comment). The games are real:
// played with the page's release engine (target/bench-pkg, built by `node scripts/build.mjs` with the exports tests call), each with its
// variant's special actions.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let engine;
before(async () => {
  engine = await import(join(root, 'target', 'bench-pkg', 'chessfront_web.js'));
  await engine.default({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });
});

/** A new pass-and-play game in a session that keeps nothing. */
function game(variant, position = undefined, settings = undefined) {
  const session = engine.Session.inMemory();
  session.newGame(variant, 'local', 0, 3, settings, position);
  return session;
}

/** Plays the option named `name` (a pick and its destination are one option). */
function play(session, name) {
  const option = session.state().options.find((o) => o.name === name);
  assert.ok(option, `${name} among ${session.state().options.map((o) => o.name).join(' ')}`);
  session.play(Uint32Array.from(option.path));
}

/** A random board move (`rng` gives 0 <= x < 1), or false when there is none. */
function playRandom(session, rng) {
  const moves = session.state().options.filter((o) => o.kind === 'move');
  if (!moves.length || session.state().outcome) return false;
  session.play(Uint32Array.from(moves[Math.floor(rng() * moves.length)].path));
  return true;
}

function seeded(seed) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** The game's named decisions, as its move list shows them. */
const names = (session) => session.state().record.filter((e) => e.kind === 'move' && e.name).map((e) => e.name);

/** The PGN read back by chessops: the moves' names (a null move's name is its first comment). */
function parsed(session) {
  const pgn = session.pgn();
  const games = parsePgn(pgn);
  assert.equal(games.length, 1, pgn);
  return { pgn, game: games[0], names: [...games[0].moves.mainline()].map((n) => (n.san === '--' ? n.comments?.[0] : n.san)) };
}

function check(session, label) {
  const { pgn, game: read, names: back } = parsed(session);
  assert.deepEqual(back, names(session), `${label}:\n${pgn}`);
  assert.ok(back.length >= 4, `${label}: a real game (${back.length} moves)`);
  return { pgn, read };
}

test('orthodox chess stays standard SAN and chessops replays it', () => {
  const s = game('chess');
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'O-O']) play(s, m);
  s.play(Uint32Array.of(s.state().options.find((o) => o.kind === 'offer-draw').index));
  play(s, 'Nf6');
  const { pgn, read } = check(s, 'chess');
  assert.doesNotMatch(pgn, /--/);
  const pos = startingPosition(read.headers).unwrap();
  for (const node of read.moves.mainline()) pos.play(parseSan(pos, node.san));
  assert.equal(pos.fullmoves, 5);
});

test('Gunnery Chess: a cannon shot', () => {
  const s = game('gunnery');
  for (const m of ['Nf3', 'Nf6', 'f2*f6', 'e6', 'e3']) play(s, m);
  const { pgn } = check(s, 'gunnery');
  assert.match(pgn, /2\. -- \{f2\*f6\} e6 3\. e3 \*/);
});

test('Chess with Wounds: a wound and a rotation', () => {
  const s = game('wounds');
  for (const m of ['e2-e3', 'e7-e6', 'e3-e4', 'e6-e5', 'e4~e5', 'e5>']) play(s, m);
  check(s, 'wounds');
});

test('Checkered Chess: natures, the switch and stage 2', () => {
  const s = game('checkered');
  for (const m of ['Nc3', 'd5', 'Nxd5', 'e6', 'Nxc7=P', 'S', 'c6', 'bxc6']) play(s, m);
  assert.ok(s.state().outcome, 'the last capture ends the game');
  const { read } = check(s, 'checkered');
  assert.equal(read.headers.get('Result'), '1-0');
});

test('Chess 2024: frontal attack, shots, taking off, archers and the fortunes of war', () => {
  const s = game('chess2024');
  for (const m of ['c4(5)', 'C@d6', 'C@d5', '-Nb12']) play(s, m);
  check(s, 'chess2024 shots');
  const archers = game('chess2024', '6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 -/- 0/0 16/0 4/4');
  play(archers, '+H[a1,b1]');
  for (const m of ['Kh12', 'Kh1', 'Kg12']) play(archers, m);
  check(archers, 'chess2024 archers');
  // The fortunes of war strike once between plies 20 and 60: random moves until their event is noted.
  let noted = null;
  for (let attempt = 0; attempt < 10 && !noted; attempt++) {
    const g = game('chess2024');
    const rng = seeded(attempt + 1);
    for (let ply = 0; ply < 70 && playRandom(g, rng); ply++) {
      if (g.state().record.some((e) => e.note)) {
        noted = g;
        break;
      }
    }
  }
  assert.ok(noted, 'a chance event within 70 plies');
  const { pgn } = check(noted, 'chess2024 fortunes');
  assert.match(pgn, /\{Fortunes of war: /);
});

test('Napoleon: two players with their setups, then turns of several decisions', () => {
  const s = game('napoleon');
  while (s.state().setup) s.setUp(s.randomSetup());
  const rng = seeded(7);
  // The setups are random (the host's randomness), so the play that follows varies: play on until a turn
  // of several decisions has been closed by its own decision, not for a fixed count that some setups miss.
  const closed = () => names(s).some((n) => n === 'end moves' || n === 'pass');
  for (let i = 0; (i < 12 || !closed()) && i < 400 && playRandom(s, rng); i++);
  const { pgn } = check(s, 'napoleon');
  // PGN wraps its move text at 80 columns, so the comment may start the next line.
  assert.match(pgn, /--\s+\{end moves\}|--\s+\{pass\}/, pgn);
});
