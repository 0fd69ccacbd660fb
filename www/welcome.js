// The start screen of a first visit (the session says when: no link, no game kept): the six variants,
// each with a picture and one line, and the ways to play. Pass and play starts at once; a link, live or
// computer game opens the New game dialog with the variant and the way chosen (a side, a level to pick).
// Loaded when the session asks for the start screen (www/lazy.js): a link's first load has none of it.
//
// Built, it shows before the engine has loaded when the session's start hint says nothing else (main.js):
// its variants and pictures are the engine's answers computed by the build (welcome-data.js). Until the
// session answers, a way chosen waits for it (its button busy), and a close is kept to be told to it;
// then the session's answer wins (`sessionAnswered`).
import { WELCOME } from './welcome-data.js';

/** The page's parts this one uses, handed over by `connect`. */
let $, app, call, clearNotice, engine, Board, language, use;

let chosen = null;

/**
 * What was done before the session answered: shown (before it), dismissed (closed by its button or
 * Escape), closed by its button (the session is told once it is there), a way chosen (run then).
 */
const early = { shown: false, dismissed: false, closed: false, way: null };

/** The variants in the page's language: the build's copy of the engine's answer, else the engine's. */
const variants = () => (WELCOME ? WELCOME.variants[language()] : app.variants);

/** A variant's picture: the build's copy of the engine's view, else the engine's. */
const picture = (slug) => (WELCOME ? WELCOME.pictures[slug] : call(() => engine.variantPicture(slug)).value);

function choose(slug) {
  chosen = slug;
  for (const card of $('welcome-variants').children) card.setAttribute('aria-checked', String(card.dataset.slug === slug));
}

function card(info) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'welcome-card';
  button.dataset.slug = info.slug;
  button.setAttribute('role', 'radio');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const name = document.createElement('strong');
  name.textContent = info.name;
  const line = document.createElement('span');
  line.textContent = info.summary;
  button.append(canvas, name, line);
  button.addEventListener('click', () => choose(info.slug));
  return { button, canvas };
}

// One picture per idle moment: drawing all six at once took a quarter of a second on a slow phone
// before the start screen answered a tap.
const whenIdle = window.requestIdleCallback
  ? (f) => window.requestIdleCallback(f, { timeout: 200 })
  : (f) => setTimeout(f, 0);

function drawPictures(cards) {
  const next = cards.shift();
  if (!next) return;
  const { button, canvas, slug } = next;
  // Drawn once the dialog is laid out (the board sizes itself to its canvas).
  const view = picture(slug);
  if (view) new Board(canvas, () => {}).set({ board: view, options: [], lastMove: null });
  button.dataset.drawn = 'true';
  whenIdle(() => drawPictures(cards));
}

export function showWelcome() {
  if (!app.session) early.shown = true;
  const box = $('welcome-variants');
  box.textContent = '';
  $('welcome-dialog').showModal();
  const list = variants();
  const cards = list.map((info) => ({ ...card(info), slug: info.slug }));
  for (const { button } of cards) box.append(button);
  choose(list[0].slug);
  box.firstElementChild?.focus();
  whenIdle(() => drawPictures(cards));
}

const ways = () => document.querySelectorAll('.welcome-ways button');

/** Marks the button of the way waiting for the engine busy (none: `button` null). */
function busy(button) {
  for (const b of ways()) {
    if (b === button) b.setAttribute('aria-busy', 'true');
    else b.removeAttribute('aria-busy');
  }
}

/**
 * The session has answered the page's start (main.js; `welcome`: it asks for the start screen). What
 * was done meanwhile runs now: a way chosen (a command to the session, like any click), else the start
 * screen is closed when the session does not ask for it (the hint was stale), the session is told it was
 * closed, or it is shown now (its part came after the engine).
 */
export function sessionAnswered(welcome) {
  const { shown, dismissed, closed, way } = early;
  Object.assign(early, { shown: false, dismissed: false, closed: false, way: null });
  busy(null);
  if (way) return start(way);
  if (!welcome) {
    if ($('welcome-dialog').open) $('welcome-dialog').close();
    return undefined;
  }
  if (closed) call(() => app.session.welcomeClosed());
  else if (!shown && !dismissed) showWelcome();
  return undefined;
}

function start(mode) {
  if (!app.session) {
    // The engine is on its way: the choice runs once the session has answered (sessionAnswered).
    early.way = mode;
    busy(document.querySelector(`.welcome-ways button[data-mode="${mode}"]`));
    return;
  }
  $('welcome-dialog').close();
  clearNotice();
  if (mode === 'local') {
    const { value } = call(() => app.session.newGame(chosen, 'local', 0, undefined, undefined, undefined));
    if (value) app.hooks.apply(value);
    return;
  }
  use('dialogs', (dialogs) => newGameAs(dialogs, mode));
}

/** The New game dialog with the variant and the way chosen on the start screen. */
function newGameAs(dialogs, mode) {
  dialogs.openNewDialog();
  $('new-variant').value = chosen;
  $('new-variant').dispatchEvent(new Event('change'));
  const radio = document.querySelector(`input[name="mode"][value="${mode}"]`);
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Takes the page's parts and wires the start screen's controls. */
export function connect(page) {
  ({ $, app, call, clearNotice, engine, Board, language, use } = page);
  // Closed by its close button: not shown again (the session keeps it; told once it is there).
  $('welcome-close').addEventListener('click', () => {
    $('welcome-dialog').close();
    if (app.session) call(() => app.session.welcomeClosed());
    else early.closed = true;
  });
  // Closed before the engine came (its button or Escape): a way chosen meanwhile is dropped.
  $('welcome-dialog').addEventListener('close', () => {
    if (app.session) return;
    early.dismissed = true;
    early.way = null;
    busy(null);
  });
  for (const button of ways()) {
    button.addEventListener('click', () => start(button.dataset.mode));
  }
}
