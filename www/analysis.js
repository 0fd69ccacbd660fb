// The analysis board's panel: an evaluation bar and figure, up to three lines and the depth, deepening
// in a Web Worker of its own until stopped (the page's thread only draws what arrives). Whether it is
// offered, and the words in its place when it is not, are the session's (`presentation.analysis`,
// `analysisNote`); what it analyses (the game as a link and the ply shown) comes from
// `session.analysisRequest`; the figures, lines and words are the engine's (`ComputerPlayer.analyse`).

import { ASSETS } from './assets.js';
import { $, app, call, notify } from './page.js';
import { t } from './strings.js';
import { language } from './language.js';

const analysis = { worker: null, id: 0, running: false, ply: null };

/** Starts analysing the position shown (`ply`, null: now), or analyses it afresh after a move. */
function startAnalysis(ply) {
  const { value: request, error } = call(() => app.session.analysisRequest(ply ?? undefined));
  if (error) return notify(`${error.message} (${error.code})`);
  if (!analysis.worker) {
    analysis.worker = new Worker(ASSETS.worker, { type: 'module' });
    analysis.worker.onmessage = ({ data }) => {
      if (data.kind === 'analysis' && data.id === analysis.id) drawAnalysis(data.view, data.error);
    };
  }
  analysis.id += 1;
  analysis.running = true;
  analysis.ply = ply;
  $('analysis').hidden = false;
  $('analysis-stop').textContent = t('analysis.stop');
  $('analysis-depth').textContent = t('analysis.thinking');
  analysis.worker.postMessage({ kind: 'analyse', id: analysis.id, ...request, language: language() });
}

function stopAnalysis() {
  analysis.running = false;
  analysis.worker?.postMessage({ kind: 'stop' });
  $('analysis-stop').textContent = t('analysis.resume');
}

/** Draws one answer of the worker (text only: never inserted as HTML). */
function drawAnalysis(view, error) {
  if (error) {
    stopAnalysis();
    return notify(`${error.message} (${error.code})`);
  }
  if (!view) {
    $('analysis-depth').textContent = t('analysis.nothing');
    return stopAnalysis();
  }
  $('eval-white').style.setProperty('--white-share', String(view.bar));
  $('eval-bar').setAttribute('aria-valuenow', String(Math.round(view.bar * 100)));
  $('eval-figure').textContent = view.figure;
  $('analysis-depth').textContent = t('analysis.depth', { depth: view.depth });
  const list = $('analysis-lines');
  list.textContent = '';
  for (const line of view.lines) {
    const li = document.createElement('li');
    const figure = document.createElement('strong');
    figure.textContent = line.figure;
    li.append(figure, ` ${line.moves.join(' ')}`);
    list.append(li);
  }
  // Heard when the depth grows by a few, not at every answer (a listener would hear nothing else).
  if (view.depth >= (analysis.spokenDepth ?? 0) + 4 || analysis.spokenId !== analysis.id) {
    analysis.spokenDepth = view.depth;
    analysis.spokenId = analysis.id;
    $('analysis-words').textContent = view.words;
  }
}

/** Shows the analyse button, or the session's words in its place; follows the position shown. */
export function renderAnalysisOffer(s, ply) {
  $('analyse').hidden = !s.analysis;
  $('analysis-note').hidden = s.analysis || !s.analysisNote;
  $('analysis-note').textContent = s.analysisNote || '';
  if (!s.analysis) {
    if (analysis.running) stopAnalysis();
    $('analysis').hidden = true;
  } else if (analysis.running && analysis.ply !== ply) {
    startAnalysis(ply);
  }
}

export function bindAnalysis(command) {
  $('play-on').addEventListener('click', () => command(() => app.session.playOn(app.viewPly ?? undefined)));
  $('analyse').addEventListener('click', () => {
    if (!$('analysis').hidden && analysis.running) return;
    startAnalysis(app.viewPly);
  });
  $('analysis-stop').addEventListener('click', () => (analysis.running ? stopAnalysis() : startAnalysis(app.viewPly)));
  $('analysis-close').addEventListener('click', () => {
    stopAnalysis();
    $('analysis').hidden = true;
  });
}
