// Hints in a game against the computer: the button asks the session for a hint request, the
// computer's worker searches it (the page never waits), and the session's answer is drawn from the
// state like everything else: the hint's squares marked on the board and its words, heard by a
// screen reader. Whether a hint is offered, and how many the game has taken, are the session's
// (`presentation.hintOffered`, `hint`, `hintsNote`); never in a game between people.

import { $, app, call, notify } from './page.js';
import { squareName } from './board.js';
import { t } from './strings.js';

const hint = { id: null, worker: null, apply: null };

function askHint() {
  const { value: request, error } = call(() => app.session.hintRequest());
  if (error) return notify(`${error.message} (${error.code})`);
  hint.id = request.id;
  $('hint').disabled = true;
  $('hint').textContent = t('hint.thinking');
  hint.worker().postMessage({ kind: 'hint', ...request });
}

/** The worker's answer (`{ id, index }` or `{ id, error }`). */
export function hintAnswered(data) {
  if (data.id !== hint.id) return;
  hint.id = null;
  if (data.error) {
    notify(`${data.error.message} (${data.error.code})`);
    return hint.apply(null);
  }
  const { value, error } = call(() => app.session.hintFound(data.id, data.index ?? undefined));
  if (error) notify(`${error.message} (${error.code})`);
  hint.apply(value);
}

/** The squares the hint marks on the board, when the live position is shown (none otherwise). */
export function hintSquares(s, live) {
  const shown = live ? s.hint : null;
  document.body.dataset.hint = shown ? [shown.from, shown.to].filter((sq) => sq != null).map(squareName).join('') : '';
  return shown ? [shown.from, shown.to].filter((sq) => sq != null) : [];
}

/** The hint button, the hint's words and the count of hints taken. */
export function renderHint(s, live) {
  const offered = live && s.hintOffered;
  $('hint-box').hidden = !offered && !s.hintsNote;
  $('hint').hidden = !offered;
  if (hint.id === null || !offered) {
    hint.id = offered ? hint.id : null;
    $('hint').disabled = false;
    $('hint').textContent = t('hint.ask');
  }
  const words = live && s.hint ? s.hint.words : '';
  if ($('hint-text').textContent !== words) $('hint-text').textContent = words;
  $('hints-note').textContent = s.hintsNote || '';
}

/** `worker()` gives the computer's worker; `apply(update)` shows a session update. */
export function bindHint(worker, apply) {
  hint.worker = worker;
  hint.apply = apply;
  $('hint').addEventListener('click', askHint);
}
