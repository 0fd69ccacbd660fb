// The parts of the page a player opens rather than sees at first (the analysis board, the review, the
// New game / My games / Bring a game dialogs, the start screen, the rules, the game record): each is a
// file of its own, which the build bundles apart (scripts/build.mjs), so a link opened cold downloads
// none of them. A part is fetched the first time it is asked for, or at an idle moment once the board
// is playable (`warmParts`), so a later click is answered at once.
//
// A part imports nothing the first load holds: it gets what it shares with the page (the app, the
// engine's calls, the strings, the board) from `PAGE` below, through its `connect(page)`, called once
// when it arrives, which also wires its own controls. The build refuses a part that bundles a file of
// main.js's (one `app`, one engine glue).
import { ASSETS } from './assets.js';
import { $, app, call, notify, clearNotice, variantInfo, documentParsed } from './page.js';
import { t } from './strings.js';
import { language } from './language.js';
import { copyText } from './share.js';
import { Board, parseSquare } from './board.js';
import { seatNames, levels, defaultLevel, variantPicture, viewPosition } from './pkg/chessfront_web.js';

/** The parts, by name. Each specifier is written out: the build maps it to the part's own file. */
const PARTS = {
  analysis: () => import('./analysis.js'),
  review: () => import('./review.js'),
  dialogs: () => import('./dialogs.js'),
  welcome: () => import('./welcome.js'),
  rules: () => import('./rules.js'),
  record: () => import('./record.js'),
};

/** What the page shares with its parts (main.js's own entry points are on `app.hooks`). */
const PAGE = {
  ASSETS, $, app, call, notify, clearNotice, variantInfo, t, language, copyText, Board, parseSquare,
  engine: { seatNames, levels, defaultLevel, variantPicture, viewPosition },
  use: (name, action) => use(name, action),
};

const loaded = {};
const loading = {};
/** The action asked of each part while it loads: the latest runs once it is there (a click is never lost). */
const waiting = {};

/** The part `name` once it has been loaded and connected, else null. */
export const part = (name) => loaded[name] ?? null;

/** Loads `name` once (again after a failure); resolves to the connected part, or null when it failed. */
function load(name) {
  // A part fetched early (the start screen's, beside the engine) may arrive before the HTML is parsed:
  // it wires its controls only once they are there.
  loading[name] ??= Promise.all([PARTS[name](), documentParsed])
    .then(([module]) => {
      module.connect(PAGE);
      loaded[name] = module;
      return module;
    })
    .catch((e) => {
      console.error(e);
      delete loading[name]; // the next click tries again
      return null;
    });
  return loading[name];
}

/**
 * Runs `action(part)`: at once when the part is there, else when it arrives (the last action asked
 * meanwhile; a second click while it loads does not open a dialog twice). A part that cannot be
 * fetched (offline, not yet cached) says so. `opener`, the button pressed, says it is busy meanwhile
 * (aria-busy, and a look of its own: style.css). Resolves to the action's answer.
 */
export async function use(name, action, opener = null) {
  if (loaded[name]) return action(loaded[name]);
  waiting[name] = action;
  opener?.setAttribute('aria-busy', 'true');
  const module = await load(name);
  opener?.removeAttribute('aria-busy');
  const run = waiting[name];
  delete waiting[name];
  if (!module) {
    if (run) notify(t('notice.partUnavailable'));
    return undefined;
  }
  return run?.(module);
}

/** Starts fetching the part `name` now (a part the first screen may need: see main.js). */
export function prefetch(name) {
  load(name);
}

/**
 * Loads every part, one per idle moment, so that later clicks are answered at once. Called once the
 * board is playable: never part of a link's first load. A part that fails is left for its first click.
 */
export function warmParts() {
  const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f, { timeout: 5000 }) : (f) => setTimeout(f, 200);
  const names = Object.keys(PARTS);
  const next = () => {
    const name = names.shift();
    if (name) idle(() => load(name).then(next));
  };
  next();
}
