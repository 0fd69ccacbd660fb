// The computer player and the analysis board: a Web Worker with its own copy of the engine, so the page
// never waits for it.
// It gets the game as a link and answers with the option indices of the computer's whole turn; how the
// turn is found (retries after a dead end, any legal way through, resignation) is the engine's
// (`engine::session::computer`), and the page's session checks the answer by playing it.
import init, { ComputerPlayer } from './pkg/chessfront_web.js';
// The computer's module (the build names it in ASSETS.wasm): every variant and the search, which the
// page's own modules leave out.
import { ASSETS } from './assets.js';

// One computer player for the worker's life: its searches keep what they learnt from one turn to the
// next (the engine's `search::Memory`).
const ready = init({ module_or_path: ASSETS.wasm }).then(() => new ComputerPlayer());

// The analysis board's requests: `analyse` deepens the position until `stop` or a newer request,
// posting each deeper view; each call is bounded by a time that doubles (the searches keep their
// table from one call to the next, so each goes deeper than the last), and the worker reads its
// messages between calls.
let analysing = 0;

async function analyse({ id, link, ply, lines, language }) {
  analysing = id;
  const player = await ready;
  let millis = 100;
  let last = null;
  while (analysing === id) {
    const view = player.analyse(link, ply, lines, millis, language);
    if (analysing !== id) return;
    self.postMessage({ kind: 'analysis', id, view });
    // Nothing to analyse, or the same answer at the most time a call gets: nothing more to find.
    if (!view || view.depth >= 64 || (millis >= 3200 && last && last.depth === view.depth)) return;
    last = view;
    millis = Math.min(millis * 2, 3200);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind === 'stop') {
    analysing = 0;
    return;
  }
  if (data.kind === 'analyse') {
    try {
      await analyse(data);
    } catch (err) {
      self.postMessage({ kind: 'analysis', id: data.id, error: { code: err && err.code, message: String((err && err.message) || err) } });
    }
    return;
  }
  if (data.kind === 'hint') {
    try {
      const player = await ready;
      self.postMessage({ kind: 'hint', id: data.id, index: player.hint(data.link, data.seat) });
    } catch (err) {
      self.postMessage({ kind: 'hint', id: data.id, error: { code: err && err.code, message: String((err && err.message) || err) } });
    }
    return;
  }
  if (data.kind === 'review') {
    try {
      const player = await ready;
      self.postMessage({ kind: 'review', id: data.id, view: player.review(data.link, data.nodes, data.language, Uint32Array.from(data.hints || [])) });
    } catch (err) {
      self.postMessage({ kind: 'review', id: data.id, error: { code: err && err.code, message: String((err && err.message) || err) } });
    }
    return;
  }
  const { id, link, seat, level, seed } = data;
  try {
    const player = await ready;
    const { indices, resigned, undo } = player.turn(link, seat, level, seed);
    self.postMessage({ id, indices, resigned, undo });
  } catch (err) {
    self.postMessage({ id, error: { code: err && err.code, message: String((err && err.message) || err) } });
  }
};
