// The game review's panel, after a game: each turn with its evaluations and label, the evaluation
// graph (White's winning chance over the game; a click shows the position there), each player's
// summary and the game as PGN with the review in it. The review is made in a Web Worker by the engine
// (`ComputerPlayer.review`), which writes every word; whether it is offered is the session's
// (`presentation.review`). Text only: nothing is inserted as HTML.
//
// Loaded when the player first asks for it (www/lazy.js); the review button is drawn with every state
// by www/doors.js.

/** The page's parts this one uses, handed over by `connect`. */
let ASSETS, $, app, call, notify, t, language, copyText;

/** Nodes each position of the review is analysed with (about 20-60 ms each in the browser here). */
const REVIEW_NODES = 25000;

const review = { worker: null, id: 0, view: null };

/** Reviews the game (the review button). */
export function startReview() {
  const { value: request, error } = call(() => app.session.analysisRequest(undefined));
  if (error) return notify(`${error.message} (${error.code})`);
  if (!review.worker) {
    review.worker = new Worker(ASSETS.worker, { type: 'module' });
    review.worker.onmessage = ({ data }) => {
      if (data.kind !== 'review' || data.id !== review.id) return;
      if (data.error) return notify(`${data.error.message} (${data.error.code})`);
      drawReview(data.view);
    };
  }
  review.id += 1;
  $('review-panel').hidden = false;
  $('review-status').textContent = t('review.working');
  $('review-rows').textContent = '';
  const { link, hints } = request;
  review.worker.postMessage({ kind: 'review', id: review.id, link, hints, nodes: REVIEW_NODES, language: language() });
}

function drawReview(view) {
  review.view = view;
  $('review-status').textContent = '';
  const rows = $('review-rows');
  rows.textContent = '';
  for (const row of view.rows) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = row.text;
    if (row.label) button.dataset.label = row.label;
    button.addEventListener('click', () => app.hooks.showPly(row.ply));
    li.append(button);
    rows.append(li);
  }
  const summaries = $('review-summaries');
  summaries.textContent = '';
  for (const line of view.summaries) {
    const li = document.createElement('li');
    li.textContent = line;
    summaries.append(li);
  }
  $('review-pgn-text').textContent = view.pgn;
  drawGraph();
}

/** The graph: White's winning chance as the light area from the bottom, the half-way line, and a dot
 * at each mistake and blunder. */
function drawGraph() {
  const canvas = $('review-graph');
  const view = review.view;
  if (!view || canvas.closest('[hidden]')) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth * ratio;
  const height = canvas.clientHeight * ratio;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  const last = Math.max(1, view.graph[view.graph.length - 1]?.ply ?? 1);
  const x = (ply) => (ply / last) * width;
  const y = (white) => (1 - white) * height;
  ctx.fillStyle = '#333';
  ctx.fillRect(0, 0, width, height);
  ctx.beginPath();
  ctx.moveTo(0, height);
  for (const p of view.graph) ctx.lineTo(x(p.ply), y(p.white));
  ctx.lineTo(x(last), height);
  ctx.closePath();
  ctx.fillStyle = '#eee';
  ctx.fill();
  ctx.strokeStyle = '#d08a1c';
  ctx.beginPath();
  ctx.moveTo(0, height / 2);
  ctx.lineTo(width, height / 2);
  ctx.stroke();
  const colours = { mistake: '#e69d00', blunder: '#d02020' };
  for (const row of view.rows) {
    const colour = colours[row.label];
    const point = view.graph.find((p) => p.ply === row.ply);
    if (!colour || !point) continue;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(x(point.ply), y(point.white), 4 * ratio, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** The ply nearest a click on the graph. */
function plyAt(event) {
  const view = review.view;
  if (!view?.graph.length) return null;
  const box = $('review-graph').getBoundingClientRect();
  const last = Math.max(1, view.graph[view.graph.length - 1].ply);
  const wanted = ((event.clientX - box.left) / box.width) * last;
  return view.graph.reduce((best, p) => (Math.abs(p.ply - wanted) < Math.abs(best.ply - wanted) ? p : best)).ply;
}

/** Takes the page's parts and wires the panel's controls. */
export function connect(page) {
  ({ ASSETS, $, app, call, notify, t, language, copyText } = page);
  $('review-close').addEventListener('click', () => ($('review-panel').hidden = true));
  $('review-graph').addEventListener('click', (event) => {
    const ply = plyAt(event);
    if (ply !== null) app.hooks.showPly(ply);
  });
  $('review-copy').addEventListener('click', () => review.view && copyText(review.view.pgn));
  window.addEventListener('resize', drawGraph);
}
