// The analysis board's panel: an evaluation bar and figure, up to three lines and the depth, deepening
// in a Web Worker of its own until stopped (the page's thread only draws what arrives). Whether it is
// offered, and the words in its place when it is not, are the session's (`presentation.analysis`,
// `analysisNote`); what it analyses (the game as a link and the ply shown) comes from
// `session.analysisRequest`; the figures, lines and words are the engine's (`ComputerPlayer.analyse`).
// A move of a line, clicked (or chosen with the keyboard: each is a button), plays the line up to it on
// the session's analysis copy (`analysisState`), never on the game; the analysis goes on from there
// until "Back to the position analysed".
//
// Loaded when the player first asks for it (www/lazy.js); the analyse button and the session's note in
// its place are drawn with every state by www/doors.js.

/** The page's parts this one uses, handed over by `connect`. */
let ASSETS, $, app, call, notify, t, language;

// `line`: the option indices played on the analysis copy from `ply` (empty: the game's own position).
// `game`: the game and its length when the analysis started (another game, or a move: start afresh).
const analysis = { worker: null, id: 0, running: false, ply: null, line: [], names: [], game: null };

/** Starts analysing the position shown (`ply`, null: now) with the copy's `line`, or afresh after a move. */
function startAnalysis(ply, line = []) {
  const { value: request, error } = call(() => app.session.analysisRequest(ply ?? undefined, Uint32Array.from(line)));
  if (error) return notify(`${error.message} (${error.code})`);
  analysis.line = line;
  if (!analysis.worker) {
    analysis.worker = new Worker(ASSETS.worker, { type: 'module' });
    analysis.worker.onmessage = ({ data }) => {
      // Stopped: what was shown when the player stopped it stays (an answer already on its way is dropped).
      if (data.kind === 'analysis' && data.id === analysis.id && analysis.running) drawAnalysis(data.view, data.error);
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
    li.append(figure);
    line.moves.forEach((move, k) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'line-move';
      button.textContent = move;
      button.setAttribute('aria-label', t('analysis.playLine', { moves: line.moves.slice(0, k + 1).join(' ') }));
      button.addEventListener('click', () => playLine([...analysis.line, ...line.paths[k]], line.moves.slice(0, k + 1)));
      li.append(' ', button);
    });
    list.append(li);
  }
  // Heard when the depth grows by a few, not at every answer (a listener would hear nothing else).
  if (view.depth >= (analysis.spokenDepth ?? 0) + 4 || analysis.spokenId !== analysis.id) {
    analysis.spokenDepth = view.depth;
    analysis.spokenId = analysis.id;
    $('analysis-words').textContent = view.words;
  }
}

/** Plays `line` (option indices from the position analysed) on the analysis copy and analyses it. */
function playLine(line, names) {
  analysis.names = [...analysis.names, ...names];
  startAnalysis(analysis.ply, line);
  app.hooks.render();
  $('analysis-back').focus();
}

/** Back to the position analysed: the copy's line dropped, the game's own position analysed again. */
function backToPosition() {
  analysis.names = [];
  startAnalysis(analysis.ply);
  app.hooks.render();
  $('analyse').focus();
}

/**
 * The analysis copy's view while a line is played on it from `ply` of `game` (its id and length, as
 * `follow` gets them; null otherwise), with `words` for the status line: what the page
 * shows instead of the game's position.
 */
export function analysisCopy(ply, game) {
  if (!analysis.line.length || $('analysis').hidden || analysis.ply !== ply || analysis.game !== game) return null;
  const { value } = call(() => app.session.analysisState(analysis.ply ?? undefined, Uint32Array.from(analysis.line)));
  if (!value) return null;
  return { ...value, words: t('analysis.lineShown', { moves: analysis.names.join(' ') }) };
}

/**
 * Follows the position shown (`ply`) and the game (`game`: its id and length), dropping the copy's line
 * when either changes, and stops when analysis is no longer offered (`s`: the state's presentation).
 */
export function follow(s, ply, game) {
  const moved = analysis.ply !== ply || analysis.game !== game;
  analysis.game = game;
  if (moved || !s.analysis) {
    analysis.line = [];
    analysis.names = [];
  }
  $('analysis-back').hidden = !analysis.line.length;
  if (!s.analysis) {
    if (analysis.running) stopAnalysis();
    $('analysis').hidden = true;
  } else if (analysis.running && moved) {
    startAnalysis(ply);
  }
}

/** The analyse button: starts, or resumes where it was (on the copy's line when one is shown). */
export function analyse() {
  if (!$('analysis').hidden && analysis.running) return;
  startAnalysis(app.viewPly, analysis.line);
}

/** Takes the page's parts and wires the panel's controls. */
export function connect(page) {
  ({ ASSETS, $, app, call, notify, t, language } = page);
  $('play-on').addEventListener('click', () =>
    app.hooks.command(() => app.session.playOn(app.viewPly ?? undefined, Uint32Array.from(analysis.line))),
  );
  $('analysis-back').addEventListener('click', backToPosition);
  $('analysis-stop').addEventListener('click', () =>
    analysis.running ? stopAnalysis() : startAnalysis(app.viewPly, analysis.line),
  );
  $('analysis-close').addEventListener('click', () => {
    stopAnalysis();
    $('analysis').hidden = true;
    analysis.line = [];
    analysis.names = [];
    app.hooks.render();
  });
}
