// The computer player: a Web Worker with its own copy of the engine, so the page never waits for it.
// It gets the game as a link and answers with the option indices of the computer's whole turn; how the
// turn is found (retries after a dead end, any legal way through, resignation) is the engine's
// (`engine::session::computer`), and the page's session checks the answer by playing it.
import init, { ComputerPlayer } from './pkg/chessfront_web.js';
import { ASSETS } from './assets.js';

// One computer player for the worker's life: its searches keep what they learnt from one turn to the
// next (the engine's `search::Memory`).
const ready = init({ module_or_path: ASSETS.wasm }).then(() => new ComputerPlayer());

self.onmessage = async ({ data: { id, link, seat, level, seed } }) => {
  try {
    const player = await ready;
    const { indices, resigned, undo } = player.turn(link, seat, level, seed);
    self.postMessage({ id, indices, resigned, undo });
  } catch (err) {
    self.postMessage({ id, error: { code: err && err.code, message: String((err && err.message) || err) } });
  }
};
