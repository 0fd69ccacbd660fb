// Napoleon's four-player round in the browser: a player's turn (any legal way through it), then the three
// computers' turns at the Strongest level, each asked of the page's own Web Worker (the built worker of
// dist/, in Debian's Chromium through playwright-core) exactly as the page asks it: the game as a link, the
// answer as option indices. Prints each round's time (the three answers, as the player waits for them) and
// the machine's load. The budget: under 3 s a round, set when the ladder was made. A timing figure, so it is a bench line
// (`npm run bench`), not a test. Run alone with `node scripts/napoleon-round.mjs [rounds]` after a build.
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import init, { GameHandle, levels } from '../target/bench-pkg/chessfront_web.js';
import { start } from '../tests/e2e/harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The player's turn, played for the bench: any legal way through (`finishTurn`), or, where that search
 * runs out (a few random-setup games have turns it cannot settle within its budget), the weakest
 * computer's turn.
 */
async function playersTurn(page, game, round) {
  let path = null;
  try {
    path = game.finishTurn();
  } catch {
    const answer = await page.evaluate((m) => window.ask(m), { id: 2, link: game.link(), seat: game.state().toMove, level: 1, seed: round });
    if (answer.error) throw new Error(answer.error.message);
    path = answer.indices;
  }
  game.playPath(Uint32Array.from(path));
}

export async function napoleonRoundSection(rounds = 4) {
  await init({ module_or_path: readFileSync(join(root, 'target', 'bench-pkg', 'chessfront_web_bg.wasm')) });
  const STRONGEST = levels().length;
  const worker = readdirSync(join(root, 'dist')).find((f) => /^worker\..*\.js$/.test(f));
  console.log(`\n== Napoleon, four players: a round of three computer turns at the Strongest level in the browser's worker (budget: under 3 s)`);
  console.log(`   load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const h = await start();
  try {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(h.url);
    await page.evaluate((src) => {
      window.thinker = new Worker(src, { type: 'module' });
      window.ask = (message) =>
        new Promise((resolve) => {
          const t0 = performance.now();
          window.thinker.onmessage = ({ data }) => resolve({ ...data, ms: performance.now() - t0 });
          window.thinker.postMessage(message);
        });
    }, `/${worker}`);
    const game = new GameHandle('napoleon', Uint8Array.of(1), undefined);
    for (let state = game.state(); state.setup; state = game.state()) {
      const { seat, seal, sealed } = state.setup;
      game.setUp(seat, seal || !sealed ? game.randomSetup(seat) : '');
    }
    // The worker's start (its wasm compiled and instantiated) is not the round's: a weak level's answer first.
    await page.evaluate((m) => window.ask(m), { id: 0, link: game.link(), seat: game.state().toMove, level: 1, seed: 1 });
    const times = [];
    for (let round = 0; round < rounds && !game.state().outcome; round++) {
      await playersTurn(page, game, round);
      const turns = [];
      for (let t = 0; t < 3 && !game.state().outcome; t++) {
        const seat = game.state().toMove;
        const answer = await page.evaluate((m) => window.ask(m), { id: 1, link: game.link(), seat, level: STRONGEST, seed: 17 + round * 3 + t });
        if (answer.error) throw new Error(answer.error.message);
        game.playPath(Uint32Array.from(answer.indices));
        turns.push(answer.ms);
      }
      const total = turns.reduce((a, b) => a + b, 0);
      times.push(total);
      console.log(`round ${round + 1}: ${(total / 1000).toFixed(2)} s (${turns.map((ms) => (ms / 1000).toFixed(2)).join(' + ')} s)`);
    }
    console.log(`longest round ${(Math.max(...times) / 1000).toFixed(2)} s of ${times.length}; load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await context.close();
  } finally {
    await h.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await napoleonRoundSection(Number(process.argv[2] || 4));
