// How the page looks and sounds, as the player chose: page colours (as the system says, light, dark),
// board theme, piece set, sound on or off; remembered in this browser's storage. The page keeps these
// itself rather than through the engine's session preferences: they must apply before the first paint,
// and the session exists only once the wasm has loaded (docs/decisions.md).

import { setPieceSet } from './pieces.js';
import { readBoardTheme } from './board.js';
import { CHOICES, choice, keep, markLooks } from './looks-choice.js';

export { CHOICES, choice };

/** Keeps a choice and applies it; anything but a listed value is ignored. */
export function choose(name, value) {
  if (!CHOICES[name]?.includes(value)) return;
  keep(name, value);
  applyLooks();
}

/**
 * Puts the choices on the page: attributes style.css reads, the piece set, and (unless `styled` is
 * false) the colours the page's style then gives the board and the browser's bar.
 */
export function applyLooks({ styled = true } = {}) {
  markLooks();
  setPieceSet(choice('pieces'));
  if (styled) readLooks();
}

/**
 * Reads the colours the page's style gives the board and the browser's own bar. Reading a computed
 * style works out the whole page's style: the start reads it once the first frame has done that work,
 * not while its script runs.
 */
export function readLooks() {
  readBoardTheme();
  const top = getComputedStyle(document.documentElement).getPropertyValue('--top').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', top);
}

/** The Looks dialog and the sound switch of the top bar; `changed` redraws what shows pieces or colours. */
export function bindLooks(changed) {
  const $ = (id) => document.getElementById(id);
  const show = () => {
    for (const input of document.querySelectorAll('input[name="looks-theme"]')) input.checked = input.value === choice('theme');
    $('looks-board').value = choice('board');
    $('looks-pieces').value = choice('pieces');
    $('looks-sound').checked = choice('sound') === 'on';
    $('sound-switch').setAttribute('aria-pressed', String(choice('sound') === 'on'));
  };
  const set = (name, value) => {
    choose(name, value);
    show();
    changed();
  };
  $('show-looks').addEventListener('click', () => {
    show();
    $('looks-dialog').showModal();
  });
  $('looks-form').addEventListener('change', (e) => {
    const t = e.target;
    if (t.name === 'looks-theme') set('theme', t.value);
    else if (t.id === 'looks-board') set('board', t.value);
    else if (t.id === 'looks-pieces') set('pieces', t.value);
    else if (t.id === 'looks-sound') set('sound', t.checked ? 'on' : 'off');
  });
  $('sound-switch').addEventListener('click', () => set('sound', choice('sound') === 'on' ? 'off' : 'on'));
  // Chosen in another tab: this one follows.
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith('chessfront.looks.')) {
      applyLooks();
      show();
      changed();
    }
  });
  show();
}
