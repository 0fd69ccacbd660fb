// What a player who listens hears (screen readers): every decision as it is played, the square under the
// keyboard cursor, the whole position on demand, and moves typed in the move list's notation. The words
// of moves, squares and positions are the engine's (state.record[i].words, session.squareWords,
// session.positionWords); this module only places them in live regions.
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

/** The last state announced: the game, its decisions' words, the ply shown and the status. */
const heard = { game: null, words: [], ply: null, status: '', event: null };

/**
 * Says `text` in a live region. Emptied first and filled on the next frame, so the same words said
 * twice (the same move in two games) are read twice.
 */
function say(region, text) {
  const el = $(region);
  el.textContent = '';
  requestAnimationFrame(() => (el.textContent = text));
}

/** Announces what changed since the last render: decisions played (by anyone), a ply shown, the status. */
export function speakState(state, live) {
  // The result banner (a game's end) is heard before the status line.
  const banner = $('banner').hidden ? '' : $('banner').textContent;
  const status = [banner, $('status').textContent].filter(Boolean).join(' ');
  const record = state.record;
  const sameGame = heard.game === state.gameId;
  const parts = [];
  if (!live) {
    // Stepping through the moves: the move that made the shown position.
    if (heard.ply !== state.ply) {
      const entry = record[state.ply - 1];
      parts.push(entry ? entry.words || WORDS.viewing(state.plyLabel) : WORDS.start());
    }
  } else if (sameGame && record.length < heard.words.length) {
    // Undo: what was taken back.
    parts.push(WORDS.takenBack(heard.words.slice(record.length).filter(Boolean).join(' ')));
  } else {
    // In the game heard before, every decision since; in a game just opened (an opponent's link, a
    // reload, My games), the last one: the move that is to be answered.
    const since = sameGame ? heard.words.length : Math.max(0, record.findLastIndex((e) => e.words));
    for (const entry of record.slice(since)) {
      if (entry.words) parts.push(entry.words);
      if (entry.note) parts.push(entry.note);
    }
  }
  // The chance event this player has still to see, once per game and event, unless its note was just read.
  const event = live ? state.session?.event : null;
  const eventKey = event ? `${state.gameId} ${event.when}` : null;
  if (event && heard.event !== eventKey && !parts.some((p) => p.includes(event.text))) {
    parts.push([event.when, event.title, event.text].join('. '));
  }
  if (live && (status !== heard.status || parts.length || !sameGame)) parts.push(status);
  Object.assign(heard, { game: state.gameId, words: record.map((e) => e.words), ply: live ? null : state.ply, status });
  if (live) heard.event = eventKey;
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
