// What a player who listens hears (screen readers): every decision as it is played, the square under the
// keyboard cursor, the whole position on demand, and moves typed in the move list's notation. What to
// announce and the words of moves, squares and positions are the engine's (session.announce,
// session.squareWords, session.positionWords); this module only places them in live regions.
//
// Why live regions, not the canvas's accessible name or aria-activedescendant: a focused element whose
// name changes is announced by NVDA only in some cases and by VoiceOver not at all, and an active
// descendant needs an element per square (256 on Napoleon's board). A polite live region is read by
// NVDA, JAWS, VoiceOver and TalkBack alike. The canvas has role="application" so that screen readers in
// browse mode hand the arrow keys to the board instead of moving their own reading cursor.

import { $, app, call, notify, clearNotice } from './page.js';
import { squareName } from './board.js';
import { draftText } from './setup.js';
import { allDeadEnds } from './marks.js';
import { t } from './strings.js';

/** The page's own words here, in one place (the engine's words come with the state; both in strings.js). */
const WORDS = {
  picked: () => t('speech.picked'),
  goes: (names) => t('speech.goes', { names }),
  canMove: () => t('speech.canMove'),
  deadEnd: () => t('speech.deadEnd'),
  allDeadEnds: () => t('speech.allDeadEnds'),
  chosen: () => t('speech.chosen'),
  choosable: () => t('speech.choosable'),
  viewing: (label) => t('speech.viewing', { ply: label }),
  start: () => t('speech.start'),
  takenBack: (moves) => t('speech.takenBack', { moves }),
};

/** The setup being edited, as text: the board the cursor reads then holds the draft. */
const draft = () => (app.board.editor && app.setupDraft ? draftText() : undefined);

/**
 * Says `text` in a live region. Emptied first and filled on the next frame, so the same words said
 * twice (the same move in two games) are read twice.
 */
function say(region, text) {
  const el = $(region);
  el.textContent = '';
  requestAnimationFrame(() => (el.textContent = text));
}

/** An announcement of the session's in words: its own, or the page's for the kinds it names. */
const ANNOUNCED = {
  say: (text) => text,
  'taken-back': (text) => WORDS.takenBack(text),
  viewing: (text) => WORDS.viewing(text),
  start: () => WORDS.start(),
};

/**
 * Says what the session announces for the state just drawn: decisions played (by anyone), what an undo
 * took back, a ply shown, the chance event, the status line (the result banner's words first).
 */
export function speakState() {
  const banner = $('banner').hidden ? '' : $('banner').textContent;
  const status = [banner, $('status').textContent].filter(Boolean).join(' ');
  const said = call(() => app.session.announce(app.viewPly ?? undefined, status)).value || [];
  const parts = said.map(({ kind, text }) => ANNOUNCED[kind](text));
  if (parts.length) say('speech', parts.join(' '));
}

/** The square under the cursor in words: the engine's, and what the player's pick makes of it. */
export function squareWords(square) {
  const { value } = call(() => app.session.squareWords(app.viewPly ?? undefined, square, draft()));
  if (value == null) return '';
  const extras = [];
  const options = app.moveOptions || [];
  const picked = app.board.input.selected;
  const picker = app.board.picker; // squares picked as a set (archers called onto them)
  if (picker) {
    if (picker.chosen.has(square)) extras.push(WORDS.chosen());
    else if (picker.allowed.has(square)) extras.push(WORDS.choosable());
  } else if (picked === square) extras.push(WORDS.picked());
  else if (picked != null) {
    const here = options.filter((o) => o.from === picked && o.to === square);
    if (here.length) extras.push(WORDS.goes(here.map((o) => o.name).join(', ')));
    if (allDeadEnds(here)) extras.push(WORDS.deadEnd());
  } else if (options.some((o) => o.from === square)) {
    extras.push(WORDS.canMove());
    if (allDeadEnds(options.filter((o) => o.from === square))) extras.push(WORDS.allDeadEnds());
  }
  return [value, ...extras].join(', ');
}

/** Reads the square under the keyboard cursor. */
export function speakSquare(square) {
  if (square == null) return;
  $('board').dataset.cursor = squareName(square); // for tests and tools, like body's data-position
  say('cursor-speech', squareWords(square));
}

/** Reads the whole position shown. */
export function speakPosition() {
  const { value, error } = call(() => app.session.positionWords(app.viewPly ?? undefined, draft()));
  if (error) return notify(`${error.message} (${error.code})`);
  say('speech', value);
}

/** Plays the move typed in the text box; a move nothing or several options match gets the engine's message. */
function playTyped(e) {
  e.preventDefault();
  const input = $('move-input');
  const { value, error } = call(() => app.session.playTyped(input.value));
  // The message is an alert (read at once); the text stays in the box to be corrected.
  if (error) return notify(`${error.message} (${error.code})`);
  clearNotice(); // a message about an earlier typing mistake is out of date
  input.value = '';
  app.hooks.apply(value);
  // A link game's move waits for its confirmation: the next thing to do.
  if (!$('confirm-box').hidden) $('confirm-move').focus({ preventScroll: true });
}

export function bindSpeech() {
  $('move-form').addEventListener('submit', playTyped);
  $('read-position').addEventListener('click', speakPosition);
  // On the board: P reads the position (arrows, Enter and Escape are the board's own keys).
  $('board').addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'p' || e.key === 'P') {
      e.preventDefault();
      speakPosition();
    }
  });
}
