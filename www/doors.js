// The first screen's side of the parts loaded on demand (www/lazy.js): the controls that open them, and
// what is drawn with every state of the buttons that lead to them (the analyse button or the session's
// note in its place, the review button). A part that is there follows the state too; one not loaded
// yet has nothing to follow (no analysis running, no line shown on its copy).
import { ASSETS } from './assets.js';
import { $, app, variantInfo } from './page.js';
import { part, use } from './lazy.js';
import { startScreenLikely } from './start_hint.js';

/** The last state the analysis offer was drawn for: a part that arrives later starts from it. */
const shown = { s: null, ply: null, game: null };

/** Wires the controls that open a part; each click is answered once its part is there. */
export function bindDoors() {
  const current = () => app.hooks.currentState();
  // Each button opens its part; pressed before the part is there, it says it is busy until it is.
  const opens = (id, name, action) => $(id).addEventListener('click', () => use(name, action, $(id)));
  opens('new-game', 'dialogs', (d) => d.openNewDialog());
  opens('my-games', 'dialogs', (d) => d.openGamesDialog());
  // In My games' dialog; also pressed again by a tab reloaded with every variant (www/loader.js).
  opens('bring-game', 'dialogs', (d) => d.openBringDialog());
  opens('show-rules', 'rules', (r) => r.openRules(variantInfo(current()?.variant ?? app.variants[0].slug)));
  opens('show-record', 'record', (r) => r.openRecord());
  opens('review', 'review', (r) => r.startReview());
  opens('analyse', 'analysis', (a) => {
    a.follow(shown.s, shown.ply, shown.game);
    a.analyse();
  });
}

/**
 * The analysis and review buttons for the state's presentation `s`, the position shown (`ply`) and the
 * game (`game`: its id and length); the analysis panel, when loaded, follows them.
 */
export function renderDoors(s, ply, game) {
  $('analyse').hidden = !s.analysis;
  $('analysis-note').hidden = s.analysis || !s.analysisNote;
  $('analysis-note').textContent = s.analysisNote || '';
  Object.assign(shown, { s, ply, game });
  part('analysis')?.follow(s, ply, game);
  $('review').hidden = !s.review;
  if (!s.review) $('review-panel').hidden = true;
}

/** The analysis copy's view while a line of the analysis is shown (null when none: see analysis.js). */
export const analysisCopy = (ply, game) => part('analysis')?.analysisCopy(ply, game) ?? null;

/** The New game dialog's level picker, again in the page's language, if it was filled. */
export const refillLevels = () => part('dialogs')?.refillLevels();

/** The start screen (the session asks for it on a first visit); resolves once it is shown. */
export const showWelcome = () => use('welcome', (w) => w.showWelcome());

/**
 * Whether the start screen shows before the engine has loaded: a built page (the start screen's data
 * comes with its part) at an address with no game in it, and no start hint (start_hint.js). The hint
 * only chooses what shows first; the session's answer to the start then wins (`welcomeAnswered`).
 */
export const welcomeFirst = () => ASSETS.version !== 'dev' && startScreenLikely();

/** The session has answered the start (`welcome`: with the start screen) after it showed first. */
export const welcomeAnswered = (welcome) => use('welcome', (w) => w.sessionAnswered(welcome));
