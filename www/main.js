// The page controller: draws what the engine's game session says and sends it what the player did.
// It holds no game policy: legal moves, whose turn, undo, links, secrets, storage and the computer's
// turn are the session's (crate/web, engine::session); the page never branches on a variant's name.

import init, { Session, variants as listVariants, levels as listLevels, seatNames as seatsFor } from './pkg/chessfront_web.js';
import { Board, parseSquare, squareName } from './board.js';
import { pieceCanvas } from './pieces.js';
import { copyText, canShare, shareLink } from './share.js';
import { renderMoves } from './movelist.js';
import { openRules } from './rules.js';

const $ = (id) => document.getElementById(id);

const app = {
  variants: [],
  board: null,
  session: null, // the engine's game session (wasm)
  viewPly: null, // null = the current position
  flipped: false,
  shownGame: null, // the game id (and mode) the board was last turned for
  dead: false,
  animateNext: false, // slide the last move in on the next render (a move just made or received)
  worker: null,
};

// ---------------------------------------------------------------------------------------------
// Engine calls. Errors with a `code` are the engine's typed errors; anything else means the wasm
// instance died (a trap), after which it must not be used again.

function engineDied(e) {
  app.dead = true;
  console.error(e);
  notify('The game engine stopped unexpectedly. Reload the page: your games are saved, and links hold every move.', {
    action: { label: 'Reload', run: () => location.reload() },
  });
}

/** Runs an engine call; returns { value } or { error } for typed errors. */
function call(fn) {
  if (app.dead) return { error: { code: 'engine-dead', message: 'The game engine stopped. Reload the page.' } };
  try {
    return { value: fn() };
  } catch (e) {
    if (e && typeof e.code === 'string') return { error: e };
    engineDied(e);
    return { error: { code: 'engine-dead', message: 'The game engine stopped. Reload the page.' } };
  }
}

// ---------------------------------------------------------------------------------------------
// Notices

function notify(text, { info = false, action = null } = {}) {
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
}

function clearNotice() {
  $('notice').hidden = true;
}

const variantInfo = (slug) => app.variants.find((v) => v.slug === slug);

// ---------------------------------------------------------------------------------------------
// The session's updates: a notice, an animation, the computer's turn.

const ACTIONS = { 'other-side': () => apply(call(() => app.session.takeOtherSide()).value) };

/** Shows what a session command did, and draws the game. */
function apply(update) {
  if (!update) return render();
  if (update.notice) {
    const { text, code, info, action, actionLabel } = update.notice;
    const run = action && ACTIONS[action];
    notify(info ? text : `${text} (${code})`, { info, action: run ? { label: actionLabel, run } : null });
  }
  app.animateNext = update.animate;
  app.viewPly = null;
  render();
  if (update.think) think(update.think);
}

/** Runs a session command that may fail with a typed error (shown as a notice). */
function command(fn) {
  const { value, error } = call(fn);
  if (error) notify(`${error.message} (${error.code})`);
  else apply(value);
}

// The computer player: a worker thinks while the page stays responsive. The session numbers each turn
// it asks for and ignores answers to older ones; a new game or an undo makes the worker's answer stale.

function think(request) {
  if (!app.worker) {
    app.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    app.worker.onmessage = ({ data }) => {
      const { id, indices, resigned, error } = data;
      if (error) return apply(call(() => app.session.computerFailed(id, error.message)).value);
      apply(call(() => app.session.computerMoved(id, Uint32Array.from(indices), resigned)).value);
    };
    app.worker.onerror = (e) => {
      app.worker = null;
      apply(call(() => app.session.computerFailed(app.thinkId, e.message || 'worker error')).value);
    };
  }
  app.thinkId = request.id;
  // From a task of its own, after the one that drew the player's move.
  setTimeout(() => app.worker?.postMessage(request), 0);
}

// ---------------------------------------------------------------------------------------------
// Rendering

function currentState() {
  return app.session && call(() => app.session.state(app.viewPly ?? undefined)).value;
}

function render() {
  const state = currentState();
  if (!state) return;
  const s = state.session;
  // A player sees a newly opened game from its own side.
  const shown = `${state.gameId} ${s.mode} ${s.seat}`;
  if (shown !== app.shownGame) {
    app.shownGame = shown;
    app.flipped = s.flipped;
  }
  const live = app.viewPly == null || app.viewPly === state.plies;
  const myTurn = live && s.decides;
  const editing = myTurn && state.setup && !state.setup.sealed;
  const moveOptions = myTurn && !state.setup ? state.options.filter((o) => o.kind === 'move') : [];
  const board = editing ? setupPreview(state).board : state.board;
  app.board.set({ board, options: moveOptions, lastMove: state.lastMove, flipped: app.flipped, animate: app.animateNext });
  renderSetup(state, editing);
  app.board.showEventMarks(state.board.marks || []);
  app.board.stopPicking();
  app.animateNext = false;
  document.body.dataset.flipped = String(app.flipped);
  document.body.dataset.position = state.position; // the shown position's text, for tests and tools
  // The player's board moves now, as from-to squares (for tests and tools, like the position above).
  document.body.dataset.moves = moveOptions
    .filter((o) => o.from != null && o.to != null && o.from !== o.to)
    .map((o) => squareName(o.from) + squareName(o.to))
    .join(' ');
  document.body.dataset.boardWidth = String(state.board.width);
  document.body.dataset.boardHeight = String(state.board.height);
  hideChooser();

  // Players above and below the board (with more than two, the others share the top line).
  const bottom = state.seatNames.length > 2 ? s.bottomSeat : app.flipped ? 1 : 0;
  const others = state.seatNames.map((_, i) => i).filter((i) => i !== bottom);
  for (const [el, seats] of [[$('player-bottom'), [bottom]], [$('player-top'), others]]) {
    el.textContent = '';
    for (const seat of seats) renderPlayer(el, seat, state, live);
  }
  app.moveOptions = moveOptions;
  renderRest(state, live, myTurn);
}

function renderPlayer(el, seat, state, live) {
  const name = document.createElement('span');
  name.textContent = state.session.seatLabels[seat];
  const moving = !state.outcome && state.toMove === seat;
  if (moving) name.className = 'to-move';
  el.append(name);
  if (moving && live) {
    const turn = document.createElement('span');
    turn.textContent = state.setup ? 'to set up' : 'to move';
    el.append(turn);
  }
}

function renderRest(state, live, myTurn) {
  const s = state.session;
  const banner = $('banner');
  banner.hidden = !s.banner;
  if (s.banner) banner.textContent = s.banner;
  $('status').textContent = live ? s.status : `Viewing ply ${state.ply} of ${state.plies}. Press End or » to return to the game.`;
  renderPieceActions();
  const notes = $('notes');
  notes.textContent = '';
  for (const line of state.board.notes || []) {
    const li = document.createElement('li');
    li.textContent = line;
    notes.append(li);
  }
  notes.hidden = !notes.childElementCount;
  const card = $('event-card');
  const event = live ? state.board.event : null;
  card.hidden = !event;
  if (event) {
    $('event-title').textContent = event.title;
    $('event-text').textContent = event.text;
    card.dataset.card = event.title;
  }
  renderLinkBox(s);
  renderMoves(state, { seatName: (seat) => state.seatNames[seat] ?? `Player ${seat + 1}`, showPly });

  const option = (kind) => (myTurn ? state.options.find((o) => o.kind === kind) : undefined);
  $('offer-draw').hidden = !option('offer-draw');
  $('accept-draw').hidden = !option('accept-draw');
  $('resign').disabled = !option('resign');
  $('resign').textContent = s.resignLabel;
  $('undo').hidden = !s.undoShown;
  $('undo').disabled = !s.undoEnabled;
  // Boards of more than 12 files get a zoom on small screens (their squares are small there).
  $('zoom').hidden = state.board.width <= 12 || window.innerWidth > 700;
  if ($('zoom').hidden && document.querySelector('.board-box.zoomed')) $('zoom').click();
  $('nav-first').disabled = $('nav-prev').disabled = state.ply === 0;
  $('nav-last').disabled = $('nav-next').disabled = state.ply === state.plies;
}

function renderLinkBox(s) {
  const box = $('link-box');
  box.hidden = !s.link;
  if (box.hidden) return;
  $('link-label').textContent = s.linkLabel;
  $('link-url').value = `${location.origin}${location.pathname}#${s.link}`;
  $('share-link').hidden = !canShare();
}

function showPly(ply) {
  const state = call(() => app.session.state()).value;
  if (!state) return;
  const clamped = Math.max(0, Math.min(state.plies, ply));
  app.viewPly = clamped === state.plies ? null : clamped;
  render();
}

// ---------------------------------------------------------------------------------------------
// Setups (games with a setup phase): the draft is a map square -> man, checked by the engine on
// every change; the page only keeps it and turns it into setup text.
// ---------------------------------------------------------------------------------------------
// Setups (games with a setup phase): the draft is a map square -> man, checked by the engine on
// every change; the page only keeps it and turns it into setup text.

function draftText() {
  return [...app.setupDraft.men].map(([sq, kind]) => `${kind}${squareName(sq)}`).join(' ');
}

/** The engine's view of the draft: the board with it, the men still to place, the rules it breaks. */
function setupPreview(state) {
  const seat = state.setup.seat;
  if (!app.setupDraft || app.setupDraft.seat !== seat || app.setupDraft.ply !== state.plies) {
    app.setupDraft = { seat, ply: state.plies, men: new Map(), kind: 'K' };
  }
  const { value } = call(() => app.session.previewSetup(draftText()));
  app.setupDraft.preview = value || { board: state.board, army: [], problems: [] };
  return app.setupDraft.preview;
}

function setDraft(text) {
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


function renderSetup(state, editing) {
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
  $('setup-title').textContent = `${state.seatNames[seat]}: make your setup.`;
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
    b.title = `${a.name}: ${a.placed} of ${a.needed} placed`;
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
  done.textContent = state.setup.seal ? 'Seal my setup' : 'Done: set up';
  done.disabled = problems.length > 0;
  const presets = $('setup-preset');
  if (presets.dataset.seat !== String(seat) || presets.dataset.game !== state.gameId) {
    presets.textContent = '';
    presets.append(new Option('Presets…', ''));
    for (const p of call(() => app.session.setupPresets()).value || []) presets.append(new Option(p.name, p.text));
    presets.dataset.seat = String(seat);
    presets.dataset.game = state.gameId;
  }
  app.board.startEditing(editSquare);
}

/** Seals or places the draft setup. */

/** Seals or places the draft setup (the session knows which). */
function submitSetup() {
  const state = currentState();
  if (!state || !state.setup || !app.setupDraft) return;
  const text = draftText();
  const { value, error } = call(() => app.session.setUp(text));
  if (error) return notify(`${error.message} (${error.code})`);
  app.setupDraft = null;
  apply(value);
}

/**
 * Buttons for what is not a move from one square to another: actions of the picked piece that leave it
 * where it stands (a rotation), and actions tied to no square (a forced pass). Keyboard users reach
 * them with Tab.
 */
function renderPieceActions() {
  const box = $('piece-actions');
  box.textContent = '';
  const options = app.moveOptions || [];
  const picked = app.board.input.inPlace(options);
  const unplaced = options.filter((o) => o.from == null);
  const button = (option) => {
    const b = document.createElement('button');
    b.type = 'button';
    if (option.choice) b.append(pieceCanvas(option.choice.kind, option.choice.color, 44, option.choice.prongs, app.flipped));
    const label = document.createElement('span');
    label.textContent = option.choice ? `${option.choice.label} (${option.name})` : option.name;
    b.append(label);
    b.addEventListener('click', () => play(option));
    const show = () => app.board.showPreview(option.marks || []);
    b.addEventListener('mouseenter', show);
    b.addEventListener('focus', show);
    b.addEventListener('mouseleave', () => app.board.showPreview(null));
    b.addEventListener('blur', () => app.board.showPreview(null));
    return b;
  };
  for (const option of [...picked, ...unplaced.filter((o) => !o.group)]) box.append(button(option));
  // Actions tied to no square come in named groups (bring on from the reserve, call archers), folded
  // so a long list does not push the board away; the buttons are made when a group is opened.
  const groups = new Map();
  for (const o of unplaced.filter((o) => o.group)) {
    if (!groups.has(o.group)) groups.set(o.group, []);
    groups.get(o.group).push(o);
  }
  for (const [title, list] of groups) {
    const details = document.createElement('details');
    details.className = 'action-group';
    const summary = document.createElement('summary');
    summary.textContent = `${title} (${list.length})`;
    details.append(summary);
    // Options that differ only by a set of squares (which squares get archers): picked on the board.
    if (list.length > 1 && list.every((o) => o.from == null && o.to == null && (o.marks || []).length)) {
      details.append(squarePicker(details, list));
      box.append(details);
      continue;
    }
    details.addEventListener('toggle', () => {
      if (details.open && details.childElementCount === 1) {
        const row = document.createElement('div');
        row.className = 'action-group-list';
        for (const option of list) row.append(button(option));
        details.append(row);
      }
    });
    box.append(details);
  }
  box.hidden = !box.childElementCount;
}

/** The body of a group whose options are sets of squares: click squares on the board, then confirm. */
function squarePicker(details, list) {
  const key = (squares) => [...squares].sort((x, y) => x - y).join(',');
  const byKey = new Map(list.map((o) => [key(o.marks), o]));
  const allowed = new Set(list.flatMap((o) => o.marks));
  const panel = document.createElement('div');
  panel.className = 'action-group-list';
  const help = document.createElement('p');
  help.className = 'picker-help';
  help.textContent = 'Click the squares on the board, then confirm.';
  const confirmButton = document.createElement('button');
  confirmButton.type = 'button';
  confirmButton.className = 'primary';
  confirmButton.textContent = 'Confirm';
  confirmButton.disabled = true;
  let chosen = null;
  confirmButton.addEventListener('click', () => {
    if (!chosen) return;
    app.board.stopPicking();
    play(chosen);
  });
  details.addEventListener('toggle', () => {
    if (details.open) {
      app.board.startPicking(allowed, (squares) => {
        chosen = byKey.get(key(squares)) || null;
        confirmButton.disabled = !chosen;
        confirmButton.textContent = chosen ? `Confirm ${chosen.name}` : 'Confirm';
      });
      $('board').focus({ preventScroll: true });
    } else {
      app.board.stopPicking();
    }
  });
  panel.append(help, confirmButton);
  return panel;
}

/** " Check!" when the player to move is in check; with four players, who else is (their kings are lit too). */

// ---------------------------------------------------------------------------------------------
// Playing

function play(option) {
  const { value, error } = call(() => app.session.play(Uint32Array.from(option.path || [option.index])));
  if (error) return notify(`${error.message} (${error.code})`);
  apply(value);
  if (!$('link-box').hidden) $('copy-link').focus({ preventScroll: true });
}

/** Called by the board with every option matching a gesture; several means a choice (promotion). */
function choose(options) {
  if (options.length === 1) {
    play(options[0]);
    return;
  }
  const chooser = $('chooser');
  chooser.textContent = '';
  for (const option of options) {
    const button = document.createElement('button');
    button.type = 'button';
    const choice = option.choice || { kind: '?', color: 'white', label: option.name };
    button.append(pieceCanvas(choice.kind, choice.color, 56, choice.prongs, app.flipped));
    const label = document.createElement('span');
    label.textContent = choice.label;
    button.append(label);
    button.setAttribute('aria-label', `${choice.label} (${option.name})`);
    // Show what this choice would touch (a frontal attack's pieces, a blast) while it is pointed at.
    const show = () => app.board.showPreview([option.to, ...(option.marks || [])].filter((sq) => sq != null));
    button.addEventListener('mouseenter', show);
    button.addEventListener('focus', show);
    button.addEventListener('mouseleave', () => app.board.showPreview(null));
    button.addEventListener('click', () => {
      hideChooser();
      play(option);
    });
    chooser.append(button);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'cancel';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => {
    hideChooser();
    app.board.deselect();
    $('board').focus();
  });
  chooser.append(cancel);
  chooser.hidden = false;
  chooser.querySelector('button').focus();
}

function hideChooser() {
  $('chooser').hidden = true;
  app.board?.showPreview(null);
}

function playKind(kind) {
  const state = currentState();
  const option = state && state.options.find((o) => o.kind === kind);
  if (option) play(option);
}


// ---------------------------------------------------------------------------------------------
// Dialogs

function openNewDialog() {
  const select = $('new-variant');
  select.textContent = '';
  for (const v of app.variants) select.append(new Option(v.name, v.slug));
  select.value = currentState()?.variant ?? app.variants[0].slug;
  fillVariantFields();
  $('new-error').hidden = true;
  $('new-position').value = '';
  $('new-dialog').showModal();
}

function fillVariantFields() {
  const info = variantInfo($('new-variant').value);
  const box = $('new-options');
  box.textContent = '';
  for (const spec of info.options) {
    const label = document.createElement('label');
    label.textContent = spec.label;
    const sel = document.createElement('select');
    sel.dataset.option = spec.key;
    spec.choices.forEach((c, i) => sel.append(new Option(c, String(i))));
    sel.value = String(spec.default);
    sel.addEventListener('change', fillSides);
    label.append(sel);
    box.append(label);
  }
  fillSides();
  updateSideRow();
}

/** The option values picked in the new-game dialog, in the variant's declared order. */
function chosenOptions() {
  return Uint8Array.from([...$('new-options').querySelectorAll('select')].map((s) => Number(s.value)));
}

/** The sides to choose from, under the options chosen (four players have four). */
function fillSides() {
  const variant = $('new-variant').value;
  const options = chosenOptions();
  const names = call(() => seatsFor(variant, options)).value || variantInfo(variant).seat_names;
  const side = $('new-side');
  const keep = side.value;
  side.textContent = '';
  names.forEach((name, i) => side.append(new Option(name, String(i))));
  if (keep && Number(keep) < names.length) side.value = keep;
}

/** The level picker, from the engine's levels (the worker plays them; the benchmark measures them). */
function fillLevels() {
  const { value: levels } = call(() => listLevels());
  if (!levels) return;
  const picker = $('new-level');
  const keep = picker.value || '3';
  picker.textContent = '';
  levels.forEach((label, i) => picker.append(new Option(`${i + 1} · ${label}`, String(i + 1))));
  picker.value = Number(keep) <= levels.length ? keep : '1';
}

function updateSideRow() {
  const mode = new FormData($('new-form')).get('mode');
  $('new-side-row').hidden = mode !== 'link' && mode !== 'computer';
  $('new-level-row').hidden = mode !== 'computer';
}

function submitNewGame(e) {
  e.preventDefault();
  const form = new FormData($('new-form'));
  const mode = form.get('mode');
  const options = chosenOptions();
  const setup = String(form.get('position') || '').trim() || undefined;
  const seat = Number(form.get('side') || 0);
  const level = Number(form.get('level') || 3);
  const { value: update, error } = call(() => app.session.newGame(form.get('variant'), mode, seat, level, options, setup));
  if (error) {
    $('new-error').textContent = error.message;
    $('new-error').hidden = false;
    return;
  }
  $('new-dialog').close();
  clearNotice();
  apply(update);
}


function openGamesDialog() {
  const list = $('games-list');
  list.textContent = '';
  const games = call(() => app.session.games()).value || [];
  if (!games.length) {
    const li = document.createElement('li');
    li.textContent = 'No saved games in this browser yet.';
    list.append(li);
  }
  const current = currentState()?.gameId;
  for (const g of games) {
    const li = document.createElement('li');
    if (g.id === current) li.className = 'current-game';
    const info = document.createElement('div');
    info.className = 'info';
    const seats = g.seatNames.length ? g.seatNames : ['White', 'Black'];
    const who = g.mode === 'link' ? `you play ${seats[g.seat] ?? '?'}` : g.mode === 'computer' ? `you play ${seats[g.seat] ?? '?'} against the computer` : 'pass and play';
    const state = g.result || (g.toMove != null ? `${seats[g.toMove] ?? '?'} to move` : '');
    info.textContent = `${g.variantName || g.variant} · ${who}`;
    const small = document.createElement('small');
    const when = g.updated ? new Date(g.updated).toLocaleString() : '';
    small.textContent = `${state} · ${g.plies ?? 0} plies${g.lastMove ? ` · last ${g.lastMove}` : ''} · ${when}`;
    info.append(small);
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'Open';
    open.addEventListener('click', () => {
      clearNotice();
      $('games-dialog').close();
      apply(call(() => app.session.openStored(g.id)).value);
    });
    const del = document.createElement('button');
    del.type = 'button';
    del.textContent = 'Delete';
    del.setAttribute('aria-label', `Delete ${info.textContent}`);
    del.addEventListener('click', () => {
      if (!confirm('Delete this game from this browser, with your secrets for it? Its links keep working.')) return;
      call(() => app.session.deleteGame(g.id));
      openGamesDialog();
    });
    li.append(info, open, del);
    list.append(li);
  }
  $('transfer-code').value = '';
  $('transfer-box').hidden = true;
  if (!$('games-dialog').open) $('games-dialog').showModal();
}

/** Shows the open game's transfer code (it holds this browser's secrets: never for the opponent). */
function exportGame() {
  const { value, error } = call(() => app.session.exportCode());
  if (error) return notify(`${error.message} (${error.code})`);
  $('transfer-code').value = value;
  $('transfer-box').hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Wiring

function bind() {
  narrowLayout.addEventListener('change', placeTurnControls);
  $('new-game').addEventListener('click', openNewDialog);
  $('my-games').addEventListener('click', openGamesDialog);
  $('show-rules').addEventListener('click', () => openRules(variantInfo(currentState()?.variant ?? app.variants[0].slug)));
  $('notice-close').addEventListener('click', clearNotice);
  $('new-variant').addEventListener('change', fillVariantFields);
  $('new-form').addEventListener('change', updateSideRow);
  $('new-form').addEventListener('submit', submitNewGame);
  $('new-cancel').addEventListener('click', () => $('new-dialog').close());
  $('games-close').addEventListener('click', () => $('games-dialog').close());
  $('rules-close').addEventListener('click', () => $('rules-dialog').close());
  $('open-link-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('open-link-input').value.trim();
    if (!text) return;
    $('games-dialog').close();
    $('open-link-input').value = '';
    clearNotice();
    // A transfer code pasted here is imported; anything else is opened as a link.
    if (text.startsWith('chessfront-transfer:')) command(() => app.session.importCode(text));
    else apply(call(() => app.session.openLink(text)).value);
  });
  $('export-game').addEventListener('click', exportGame);
  $('copy-transfer').addEventListener('click', () => copyText($('transfer-code').value, $('transfer-code')));

  $('zoom').addEventListener('click', () => {
    const box = document.querySelector('.board-box');
    const zoomed = box.classList.toggle('zoomed');
    $('zoom').setAttribute('aria-pressed', String(zoomed));
    $('zoom').textContent = zoomed ? 'Whole board' : 'Zoom board';
    // Start where the player's own men are: the bottom of the board.
    if (zoomed) requestAnimationFrame(() => (box.scrollTop = box.scrollHeight));
  });
  $('flip').addEventListener('click', () => {
    app.flipped = !app.flipped;
    render();
  });
  $('undo').addEventListener('click', () => command(() => app.session.undo()));
  $('setup-done').addEventListener('click', submitSetup);
  $('setup-clear').addEventListener('click', () => setDraft(''));
  $('setup-random').addEventListener('click', () => {
    const { value } = call(() => app.session.randomSetup());
    if (value) setDraft(value);
  });
  $('setup-preset').addEventListener('change', (e) => {
    if (e.target.value) setDraft(e.target.value);
    e.target.value = '';
  });
  $('offer-draw').addEventListener('click', () => playKind('offer-draw'));
  $('accept-draw').addEventListener('click', () => playKind('accept-draw'));
  $('resign').addEventListener('click', () => {
    if (confirm('Resign this game?')) playKind('resign');
  });
  $('copy-position').addEventListener('click', async () => {
    const state = currentState();
    if (!state) return;
    const ok = await copyText(state.position);
    notify(ok ? `Position copied: ${state.position}` : `Position: ${state.position}`, { info: true });
  });
  $('copy-link').addEventListener('click', async () => {
    const ok = await copyText($('link-url').value, $('link-url'));
    $('copy-link').textContent = ok ? 'Copied ✓' : 'Select and copy';
    setTimeout(() => ($('copy-link').textContent = 'Copy'), 2000);
  });
  $('share-link').addEventListener('click', () => shareLink($('link-url').value, `Your move in our ${currentState()?.variantName ?? ''} game`));
  $('link-url').addEventListener('focus', (e) => e.target.select());

  $('nav-first').addEventListener('click', () => showPly(0));
  $('nav-prev').addEventListener('click', () => showPly(currentState().ply - 1));
  $('nav-next').addEventListener('click', () => showPly(currentState().ply + 1));
  $('nav-last').addEventListener('click', () => showPly(Infinity));
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || document.querySelector('dialog[open]')) return;
    if (e.defaultPrevented) return; // The board used the key for its cursor.
    const state = currentState();
    if (!state) return;
    const target = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: Infinity }[e.key];
    if (target === undefined) {
      if (e.key === 'Escape') hideChooser();
      return;
    }
    e.preventDefault();
    showPly(target);
  });
  // A link pasted into the address bar of an open page; another tab's save.
  window.addEventListener('hashchange', () => {
    if (location.hash.length > 1 && location.hash.slice(1) !== app.session.link()) {
      clearNotice();
      apply(call(() => app.session.openLink(location.hash)).value);
    }
  });
  window.addEventListener('storage', () => apply(call(() => app.session.storageChanged()).value));
}

/** The same breakpoint as the one-column layout in style.css. */
const narrowLayout = matchMedia('(max-width: 760px)');

/**
 * The turn's controls (piece actions, setup editor) go under the board on a narrow screen and into the
 * side panel, under the status, on a wide one: below a board sized to the window's height they would be
 * out of sight. Moving the nodes keeps their listeners and whatever is typed or open in them.
 */
function placeTurnControls() {
  const home = narrowLayout.matches ? $('board-controls') : $('panel-controls');
  for (const id of ['piece-actions', 'setup-panel']) {
    if ($(id).parentElement !== home) home.append($(id));
  }
}


async function main() {
  try {
    await init();
  } catch (e) {
    console.error(e);
    notify('The game engine could not be loaded in this browser (WebAssembly is needed). Try a current browser.');
    return;
  }
  const { value: variants } = call(() => listVariants());
  if (!variants) return;
  app.variants = variants;
  fillLevels();
  app.board = new Board($('board'), choose, () => renderPieceActions());
  placeTurnControls();
  bind();
  app.session = new Session();
  apply(call(() => app.session.start()).value);
  document.body.dataset.ready = 'true';
}

main();
