// The computer player: a Web Worker with its own copy of the engine, so the page never waits for it.
// It gets the game as a link, plays the computer's whole turn decision by decision (a Napoleon turn is
// several), and sends back the option indices; the page plays them on its own copy. Decisions that
// walk into a dead end are tried again with other seeds, then any legal way through the turn is taken,
// and a turn with none found is resigned, as a player would. The levels (minimum depths, node budgets
// and time per decision) are the engine's (`levels()`), so the page and the benchmark agree.
import init, { GameHandle } from './pkg/chessfront_web.js';

const ready = init();

/** Runs `use` on a fresh copy of the game in `link`, freed afterwards. */
function withGame(link, use) {
  const game = GameHandle.fromLink(link);
  try {
    return use(game);
  } finally {
    game.free();
  }
}

/** One try at the turn; null when it walked into a dead end (a multi-step turn that cannot be finished). */
function playTurn(link, seat, level, seed) {
  return withGame(link, (game) => {
    const indices = [];
    for (let i = 0; i < 256; i++) {
      const state = game.state();
      if (state.outcome || state.setup || state.waitingForChance || state.toMove !== seat) return indices;
      if (!state.options.some((o) => o.kind === 'move')) return null;
      let choice;
      try {
        choice = game.thinkAt(level, seed + i);
      } catch (err) {
        // No decision here can still finish the turn: an earlier one walked into a dead end.
        if (err && err.code === 'game-over') return null;
        throw err;
      }
      game.play(choice.index);
      indices.push(choice.index);
    }
    return indices;
  });
}

/**
 * Any legal way to finish the turn, when the searched decisions keep walking into dead ends; null when
 * none is found (the rules gave the player the benefit of the doubt, but its position is lost).
 */
function finishTurn(link) {
  return withGame(link, (game) => {
    try {
      return Array.from(game.finishTurn());
    } catch (err) {
      if (err && err.code === 'game-over') return null;
      throw err;
    }
  });
}

/** The option that resigns the turn's player. */
function resignation(link) {
  return withGame(link, (game) => {
    const option = game.state().options.find((o) => o.kind === 'resign');
    return option ? [option.index] : null;
  });
}

self.onmessage = async (e) => {
  const { id, link, seat, level, seed } = e.data;
  try {
    await ready;
    let indices = null;
    for (let attempt = 0; attempt < 3 && !indices; attempt++) indices = playTurn(link, seat, level, seed + attempt * 7919);
    if (!indices) indices = finishTurn(link);
    // As a player would: resign a turn that cannot be played (four players: the others play on).
    const resigned = !indices;
    if (resigned) indices = resignation(link);
    if (!indices) throw new Error('no legal turn, and no resignation offered');
    self.postMessage({ id, indices, resigned });
  } catch (err) {
    self.postMessage({ id, error: { code: err && err.code, message: String((err && err.message) || err) } });
  }
};
