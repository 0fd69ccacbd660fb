// The setup editor (games with a setup phase): the page keeps the draft, the men placed as the engine
// returned them, and draws the engine's view of it (the board, the men still to place, the rules it
// breaks, the squares that take a man); a click and the setup text sent are the engine's too. The
// session seals or places it.
import { $, app, call, notify } from './page.js';
import { pieceCanvas } from './pieces.js';
import { t } from './strings.js';

// main.js's entry points (registered on app.hooks once the page has started).
const apply = (...args) => app.hooks.apply(...args);
const render = (...args) => app.hooks.render(...args);
const currentState = (...args) => app.hooks.currentState(...args);

/** The draft as the engine takes it: its men's squares and kinds, side by side. */
const squares = (men) => Uint8Array.from(men, (m) => m.square);
const kinds = (men) => men.map((m) => m.kind);

/** The setup text the draft makes (the engine's), for the session's words about the board edited. */
export function draftText() {
  return app.setupDraft?.view?.text ?? '';
}

/** The engine's view of the draft: the board with it, the men still to place, the rules it breaks. */
export function setupPreview(state) {
  const seat = state.setup.seat;
  if (!app.setupDraft || app.setupDraft.seat !== seat || app.setupDraft.ply !== state.plies) {
    app.setupDraft = { seat, ply: state.plies, men: [], kind: null };
  }
  const draft = app.setupDraft;
  const { value } = call(() => app.session.setupEditor(squares(draft.men), kinds(draft.men)));
  draft.view = value || { board: state.board, army: [], problems: [], men: draft.men, text: '', open: [] };
  draft.kind ??= draft.view.army[0]?.kind ?? null; // the first kind of the army to begin with
  return draft.view;
}

/** Puts the men of a setup text (ready-made, random, or none) in the editor. */
export function setDraft(text) {
  app.setupDraft.men = call(() => app.session.setupDraftOf(text)).value || [];
  render();
}

function editSquare(sq) {
  const draft = app.setupDraft;
  if (!draft || draft.kind == null) return;
  const { value } = call(() => app.session.setupClick(squares(draft.men), kinds(draft.men), draft.kind, sq));
  if (!value) return;
  draft.men = value.men;
  draft.kind = value.kind;
  render();
}


export function renderSetup(state, editing) {
  const panel = $('setup-panel');
  panel.hidden = !editing;
  if (!editing) {
    app.board.stopEditing();
    return;
  }
  const draft = app.setupDraft;
  const { army, problems } = draft.view;
  const seat = state.setup.seat;
  // (That a sealed setup stays secret until the others have set up is said by the engine's notes.)
  $('setup-title').textContent = t('setup.title', { seat: state.seatNames[seat] });
  const armyBox = $('setup-army');
  armyBox.textContent = '';
  for (const a of army) {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'radio');
    b.setAttribute('aria-checked', String(a.kind === draft.kind));
    b.className = a.kind === draft.kind ? 'chosen' : '';
    b.append(pieceCanvas(a.kind, a.color, 32));
    const label = document.createElement('span');
    label.textContent = `${a.placed}/${a.needed}`;
    b.append(label);
    b.title = t('setup.count', { name: a.name, placed: a.placed, needed: a.needed });
    b.setAttribute('aria-label', b.title);
    b.dataset.kind = a.kind;
    b.addEventListener('click', () => {
      draft.kind = a.kind;
      render();
    });
    armyBox.append(b);
  }
  const list = $('setup-problems');
  list.textContent = '';
  for (const p of problems) {
    const li = document.createElement('li');
    li.textContent = p;
    list.append(li);
  }
  const done = $('setup-done');
  done.textContent = t(state.setup.seal ? 'setup.seal' : 'setup.done');
  done.disabled = problems.length > 0;
  const presets = $('setup-preset');
  if (presets.dataset.seat !== String(seat) || presets.dataset.game !== state.gameId) {
    presets.textContent = '';
    presets.append(new Option(t('setup.presetsFirst'), ''));
    for (const p of call(() => app.session.setupPresets()).value || []) presets.append(new Option(p.name, p.text));
    presets.dataset.seat = String(seat);
    presets.dataset.game = state.gameId;
  }
  app.board.startEditing(editSquare);
}

/** Seals or places the draft setup (the session knows which). */
export function submitSetup() {
  const state = currentState();
  if (!state || !state.setup || !app.setupDraft) return;
  const text = draftText();
  const { value, error } = call(() => app.session.setUp(text));
  if (error) return notify(`${error.message} (${error.code})`);
  app.setupDraft = null;
  apply(value);
}
