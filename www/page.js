// What every part of the page shares: the app's state, element lookup, engine calls that survive a
// dead wasm instance, and notices. The parts register their entry points on `app.hooks`.

import { t } from './strings.js';
import { language } from './language.js';
import { variants as listVariants } from './pkg/chessfront_web.js';

export const $ = (id) => document.getElementById(id);

/**
 * Resolves once the HTML is all parsed. The page's script is async (scripts/build.mjs): it may run
 * before the parse ends (a repeat visit takes it from the cache at once), and so may a part fetched
 * early (lazy.js), so whatever touches the document waits for it.
 */
export const documentParsed = new Promise((parsed) =>
  document.readyState === 'loading' ? addEventListener('DOMContentLoaded', () => parsed(), { once: true }) : parsed(),
);

/** The variants' infos in the page's language, asked of the engine the first time a part of the page
 * needs them in that language. */
let variantInfos = null;

export const app = {
  // The New game dialog, the start screen and the rules ask for them; a player coming back to a game
  // starts without them (nothing is built at start-up that nobody looks at).
  get variants() {
    const lang = language();
    if (variantInfos?.lang !== lang) {
      const { value } = call(() => listVariants(lang));
      if (!value) return [];
      variantInfos = { lang, list: value };
    }
    return variantInfos.list;
  },
  board: null,
  session: null, // the engine's game session (wasm)
  viewPly: null, // null = the current position
  flipped: false,
  shownGame: null, // the game id (and mode) the board was last turned for
  dead: false,
  animateNext: false, // slide the last move in on the next render (a move just made or received)
  worker: null,
  // apply(update), command(fn), render(), currentState(), play(option), showPly(ply), playLive(): set by
  // main.js (the parts loaded on demand reach main.js through them).
  hooks: {},
};

// ---------------------------------------------------------------------------------------------
// Engine calls. Errors with a `code` are the engine's typed errors; anything else means the wasm
// instance died (a trap), after which it must not be used again.

function engineDied(e) {
  app.dead = true;
  console.error(e);
  notify(t('engine.died'), {
    action: { label: t('update.reload'), run: () => location.reload() },
  });
}

/** Runs an engine call; returns { value } or { error } for typed errors. */
export function call(fn) {
  if (app.dead) return { error: { code: 'engine-dead', message: t('engine.dead') } };
  try {
    return { value: fn() };
  } catch (e) {
    if (e && typeof e.code === 'string') return { error: e };
    engineDied(e);
    return { error: { code: 'engine-dead', message: t('engine.dead') } };
  }
}

// ---------------------------------------------------------------------------------------------
// Notices

export function notify(text, { info = false, action = null } = {}) {
  const box = $('notice');
  $('notice-text').textContent = text;
  box.classList.toggle('info', info);
  const button = $('notice-action');
  button.hidden = !action;
  if (action) {
    button.textContent = action.label;
    button.onclick = () => {
      box.hidden = true;
      action.run();
    };
  }
  box.hidden = false;
  // On a phone the notice sits under the board: shown while the page is scrolled (a button low in the
  // panel was pressed, or a short screen), it would appear out of sight. Scrolling moves no element.
  // Measured before the next frame, once the game the notice comes with is drawn.
  requestAnimationFrame(() => {
    if (box.hidden) return;
    const { top, bottom } = box.getBoundingClientRect();
    if (top < 0) window.scrollBy(0, top - 8);
    else if (bottom > innerHeight) window.scrollBy(0, Math.min(bottom - innerHeight + 8, top));
  });
}

export function clearNotice() {
  $('notice').hidden = true;
}

export const variantInfo = (slug) => app.variants.find((v) => v.slug === slug);
