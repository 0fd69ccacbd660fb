// The computer player: a Web Worker with its own copy of the engine, so the page never waits for it.
// It gets the game as a link, plays the computer's whole turn decision by decision (a Napoleon turn is
// several), and sends back the option indices; the page plays them on its own copy.
import init, { GameHandle } from './pkg/chessfront_web.js';

/** Search bounds per level: decisions deep, nodes, milliseconds per decision. */
const LEVELS = {
  1: { depth: 1, nodes: 20_000, millis: 200 },
  2: { depth: 2, nodes: 100_000, millis: 500 },
  3: { depth: 3, nodes: 500_000, millis: 1000 },
  4: { depth: 64, nodes: 5_000_000, millis: 2000 },
  5: { depth: 64, nodes: 50_000_000, millis: 5000 },
};

const ready = init();

/** One try at the turn; null when it walked into a dead end (a multi-step turn that cannot be finished). */
function playTurn(link, seat, limits, seed) {
  const game = GameHandle.fromLink(link);
  try {
    const indices = [];
    for (let i = 0; i < 256; i++) {
      const state = game.state();
      if (state.outcome || state.setup || state.waitingForChance || state.toMove !== seat) return indices;
      if (!state.options.some((o) => o.kind === 'move')) return null;
      const choice = game.think(limits.depth, limits.nodes, limits.millis, seed + i);
      game.play(choice.index);
      indices.push(choice.index);
    }
    return indices;
  } finally {
    game.free();
  }
}

self.onmessage = async (e) => {
  const { id, link, seat, level, seed } = e.data;
  try {
    await ready;
    const limits = LEVELS[level] || LEVELS[3];
    let indices = null;
    for (let attempt = 0; attempt < 8 && !indices; attempt++) indices = playTurn(link, seat, limits, seed + attempt * 7919);
    self.postMessage({ id, indices: indices || [] });
  } catch (err) {
    self.postMessage({ id, error: { code: err && err.code, message: String((err && err.message) || err) } });
  }
};
