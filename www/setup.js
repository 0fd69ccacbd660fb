// The setup editor (games with a setup phase): the draft is a map square -> man, checked by the engine
// on every change; the page only keeps it and turns it into setup text. The session seals or places it.
import { $, app, call, notify } from './page.js';
import { parseSquare, squareName } from './board.js';
import { pieceCanvas } from './pieces.js';
import { t } from './strings.js';

// main.js's entry points (registered on app.hooks once the page has started).
const apply = (...args) => app.hooks.apply(...args);
const render = (...args) => app.hooks.render(...args);
const currentState = (...args) => app.hooks.currentState(...args);


export function draftText() {
  return [...app.setupDraft.men].map(([sq, kind]) => `${kind}${squareName(sq)}`).join(' ');
}

/** The engine's view of the draft: the board with it, the men still to place, the rules it breaks. */
export function setupPreview(state) {
  const seat = state.setup.seat;
  if (!app.setupDraft || app.setupDraft.seat !== seat || app.setupDraft.ply !== state.plies) {
    app.setupDraft = { seat, ply: state.plies, men: new Map(), kind: 'K' };
  }
  const { value } = call(() => app.session.previewSetup(draftText()));
  app.setupDraft.preview = value || { board: state.board, army: [], problems: [] };
  return app.setupDraft.preview;
}

export function setDraft(text) {
  const men = new Map();
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const sq = parseSquare(token.slice(1));
    if (sq != null) men.set(sq, token[0]);
  }
  app.setupDraft.men = men;
  render();
}

function editSquare(sq) {
  const draft = app.setupDraft;
  if (!draft) return;
  if (draft.men.has(sq)) draft.men.delete(sq);
  else {
    const inZone = (draft.preview.board.regions || []).some((r) => r.style === 'zone' && r.squares.includes(sq));
    const occupied = draft.preview.board.pieces.some((p) => p.square === sq);
    if (!inZone || occupied) return;
    draft.men.set(sq, draft.kind);
    // Go on with the next kind once this one is complete.
    const count = draft.preview.army.find((a) => a.kind === draft.kind);
    if (count && count.placed + 1 >= count.needed) {
      const next = draft.preview.army.find((a) => a.kind !== draft.kind && a.placed < a.needed);
      if (next) draft.kind = next.kind;
    }
  }
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
  const { army, problems } = draft.preview;
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

/** Seals or places the draft setup. */

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
