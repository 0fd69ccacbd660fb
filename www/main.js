// The page controller: holds the current game (a wasm GameHandle), draws its state, and turns the
// player's choices into engine calls. It knows no rules: legal moves, names, outcomes and links all
// come from the engine; the page never branches on a variant's name.

import init, { GameHandle, variants as listVariants, levels as listLevels, viewPosition, seatNames as seatsFor } from './pkg/chessfront_web.js';
import { Board, parseSquare, squareName } from './board.js';
import { pieceCanvas } from './pieces.js';
import * as store from './store.js';
import { copyText, canShare, shareLink } from './share.js';

const $ = (id) => document.getElementById(id);

const app = {
  variants: [],
  board: null,
  game: null, // GameHandle
  record: null, // the stored record of the current game: { id, variant, mode, seat, ... }
  viewPly: null, // null = the current position
  flipped: false,
  dead: false,
  animateNext: false, // slide the last move in on the next render (a move just made or received)
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

// ---------------------------------------------------------------------------------------------
// Game records and persistence

const variantInfo = (slug) => app.variants.find((v) => v.slug === slug);
const gameUrl = (link) => `${location.origin}${location.pathname}#${link}`;

/** The seats of the current game (a player-count option changes them). */
function seatNames() {
  if (app.seatNames) return app.seatNames;
  const info = app.record && variantInfo(app.record.variant);
  return info ? info.seat_names : ['White', 'Black'];
}

function seatName(seat) {
  return seatNames()[seat] ?? `Player ${seat + 1}`;
}

function setGame(game, record) {
  stopThinking();
  if (app.game && app.game !== game) app.game.free();
  app.game = game;
  app.record = record;
  app.viewPly = null;
  const first = call(() => game.state()).value;
  app.seatNames = first?.seatNames || null;
  app.setupDraft = null;
  // A link player sees the board from its own side.
  app.flipped = (record.mode === 'link' || record.mode === 'computer') && !!first?.north?.[record.seat];
  revealWhenDue();
  // In a link game, decisions made after this point (inside this browser's turn) may be taken back.
  app.turnStart = call(() => game.state()).value?.plies ?? 0;
  persist();
  render();
  computerTurnSoon();
}

/** Saves the current game; reports (once) when the browser refuses. */
function persist() {
  const { value: state } = call(() => app.game.state());
  if (!state) return;
  const { value: link } = call(() => app.game.link());
  if (link === app.record.link && app.record.updated) {
    // Nothing changed (a game reopened): leave the stored copy untouched.
    store.setCurrentGameId(app.record.id);
    syncHash(link);
    return;
  }
  Object.assign(app.record, {
    link,
    seatNames: state.seatNames,
    plies: state.plies,
    toMove: state.toMove,
    lastMove: state.record.length ? state.record[state.record.length - 1].name : '',
    result: state.outcome ? `${state.outcome.score} ${state.outcome.text}` : '',
    updated: new Date().toISOString(),
  });
  const saved = store.saveGame(app.record);
  if (saved.ok) store.setCurrentGameId(app.record.id);
  else if (!app.record.unsavedWarned) {
    app.record.unsavedWarned = true;
    notify(saved.message);
  }
  syncHash(link);
}

/** Link games keep their link in the address bar, so a reload or a bookmark reopens them. */
function syncHash(link) {
  if (app.record.mode === 'link') history.replaceState(null, '', `#${link}`);
  else if (location.hash) history.replaceState(null, '', location.pathname + location.search);
}

function newGame({ variant, mode, seat, level, options, setup }) {
  const linkSeat = mode === 'link' ? seat : undefined;
  const { value: game, error } = call(() => new GameHandle(variant, options, setup || undefined, linkSeat));
  if (error) return error;
  keepSecret(game, seat);
  const info = variantInfo(variant);
  setGame(game, {
    id: game.gameId,
    variant,
    variantName: info ? info.name : variant,
    mode,
    seat: mode === 'link' || mode === 'computer' ? seat : null,
    level: mode === 'computer' ? level : undefined,
    created: new Date().toISOString(),
  });
  clearNotice();
  return null;
}

/** Stores this browser's chance secret of a link game, warning when the browser refuses. */
function keepSecret(game, seat) {
  const secret = call(() => game.secret()).value;
  if (!secret) return;
  const saved = store.saveSecret(game.gameId, seat, secret);
  if (!saved.ok) {
    notify(`${saved.message} Without it, this game's fortunes of war cannot be drawn after this page is closed.`);
  }
}

/**
 * Gives a game the sealed setups this browser made for these seats (all seats in pass and play and
 * against the computer). Returns an error message when a stored one does not open its seal.
 */
function bringSeals(game, seats) {
  for (const seat of seats) {
    const seal = store.loadSeal(game.gameId, seat);
    if (!seal) continue;
    const { error } = call(() => game.adoptSealedSetup(seat, seal.secret));
    if (error) return `${error.message} (${error.code})`;
  }
  return null;
}

/** Keeps a sealed setup's secret in this browser's storage (warning when it refuses). */
function keepSeal(seat, secret) {
  const saved = store.saveSeal(app.game.gameId, seat, secret);
  if (!saved.ok) notify(`${saved.message} The sealed setup could not be kept: it can only be revealed from this open page.`);
}

/**
 * Gives a link game this browser's secret for its seat (the stored one, or a fresh one when the seat has
 * not committed yet). Returns an error message when the game cannot go on here.
 */
function bringSecret(game, seat) {
  const problem = bringSeals(game, [seat]);
  if (problem) return problem;
  if (!call(() => game.usesSecrets()).value) return null;
  const stored = store.loadSecret(game.gameId);
  if (stored && stored.seat === seat) {
    const { error } = call(() => game.adoptSecret(seat, stored.secret));
    return error ? `${error.message} (${error.code})` : null;
  }
  if (!call(() => game.hasCommitment(seat)).value) {
    const { error } = call(() => game.adoptSecret(seat, undefined));
    if (error) return `${error.message} (${error.code})`;
    keepSecret(game, seat);
    return null;
  }
  return 'This browser does not have your secret for this game (its storage was cleared?), so the fortunes of war cannot be drawn here. Continue from the browser you played it on.';
}

/** Opens a game link: checks it against the browser's copy of the same game, never loses either. */
function openLink(text) {
  const { value: incoming, error } = call(() => GameHandle.fromLink(text));
  if (error) {
    notify(`${error.message} (${error.code})`);
    if (app.record && app.record.mode === 'link') history.replaceState(null, '', `#${app.record.link}`);
    else history.replaceState(null, '', location.pathname + location.search);
    return false;
  }
  const id = incoming.gameId;
  const stored = store.loadGame(id);
  const storedGame = stored ? call(() => GameHandle.fromLink(stored.link)).value : null;
  const incomingState = incoming.state();
  if (stored && storedGame) {
    const storedPlies = storedGame.state().plies;
    const common = incoming.commonPrefix(storedGame);
    if (common === storedPlies && !incoming.sameCommitments(storedGame)) {
      incoming.free();
      bringSecret(storedGame, stored.seat);
      setGame(storedGame, stored);
      notify('This link changes a player\'s commitment for the fortunes of war in one of your games. It was not taken; your game is kept as it was.');
    } else if (common === storedPlies) {
      storedGame.free();
      const problem = bringSecret(incoming, stored.seat);
      if (problem) notify(problem);
      app.animateNext = incomingState.plies > storedPlies;
      setGame(incoming, { ...stored, mode: 'link' });
      clearNotice();
    } else if (common === incomingState.plies) {
      incoming.free();
      bringSecret(storedGame, stored.seat);
      setGame(storedGame, stored);
      notify(`This link is an older copy of a game you have (${incomingState.plies} moves; yours has ${storedPlies}). Your game is shown.`, { info: true });
    } else {
      incoming.free();
      bringSecret(storedGame, stored.seat);
      setGame(storedGame, stored);
      notify(
        `This link rewrites moves already played in one of your games: it differs from move ${common + 1} on. ` +
          'It was not taken; your game is kept as it was.',
      );
    }
    return true;
  }
  if (storedGame) storedGame.free();
  // A game this browser has not seen: we are the side to move (the sender just moved).
  let seat = incomingState.toMove;
  if (incomingState.outcome && incomingState.record.length) {
    const lastSeat = incomingState.record[incomingState.record.length - 1].seat;
    seat = lastSeat === 0 ? 1 : 0;
  }
  app.animateNext = true;
  joinGame(incoming, incomingState, seat, text);
  return true;
}

/**
 * Takes a game this browser has not seen, playing `seat`. The guess (the side to move) is wrong when a
 * player opens its own link on another device, so the page offers to take the other side instead.
 */
function joinGame(game, state, seat, text) {
  const info = variantInfo(state.variant);
  const problem = bringSecret(game, seat);
  setGame(game, {
    id: game.gameId,
    variant: state.variant,
    variantName: info ? info.name : state.variant,
    mode: 'link',
    seat,
    created: new Date().toISOString(),
  });
  if (problem) {
    notify(problem);
    return;
  }
  const other = seat === 0 ? 1 : 0;
  notify(`You play ${seatName(seat)} in this game.`, {
    info: true,
    action: {
      label: `I play ${seatName(other)}`,
      run: () => {
        // Start again from the link itself, so nothing committed for the wrong side is kept.
        const { value: again, error } = call(() => GameHandle.fromLink(text));
        if (error) return notify(`${error.message} (${error.code})`);
        store.deleteGame(game.gameId);
        joinGame(again, again.state(), other, text);
      },
    },
  });
}

function resume() {
  const id = store.currentGameId();
  const record = id ? store.loadGame(id) : null;
  if (record) {
    const { value: game } = call(() => GameHandle.fromLink(record.link));
    if (game) {
      const problem = record.mode === 'link' ? bringSecret(game, record.seat) : bringSeals(game, [0, 1, 2, 3]);
      setGame(game, record);
      if (problem) notify(problem);
      return;
    }
    notify('Your last game could not be reopened; it is still listed under "My games". A new game was started.');
  }
  newGame({ variant: app.variants[0].slug, mode: 'local' });
}

// ---------------------------------------------------------------------------------------------
// Rendering

function currentState() {
  return call(() => app.game.state(app.viewPly ?? undefined)).value;
}

function isMyTurn(state) {
  return app.record.mode === 'local' || state.toMove === app.record.seat;
}

// ---------------------------------------------------------------------------------------------
// The computer player: a worker thinks while the page stays responsive. Every request carries an id;
// anything that changes the game (a new game, undo, a link) bumps the id and stops the worker.

function stopThinking() {
  app.thinkId = (app.thinkId || 0) + 1;
  if (app.thinking && app.worker) {
    app.worker.terminate();
    app.worker = null;
  }
  app.thinking = false;
}

function computerWorker() {
  if (!app.worker) {
    app.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    app.worker.onmessage = (e) => computerMoved(e.data);
    app.worker.onerror = (e) => {
      app.thinking = false;
      app.worker = null;
      notify(`The computer player stopped (${e.message || 'worker error'}). Undo or start a new game.`);
      render();
    };
  }
  return app.worker;
}

/**
 * Lets the computer play from a task of its own, after the one that drew the player's action: the
 * computer's setups (three in four-player Napoleon) and the next render then do not lengthen it.
 */
function computerTurnSoon() {
  setTimeout(computerTurn, 0);
}

/** Lets the computer play when it is its turn in a game against it (its setups too). */
function computerTurn() {
  if (!app.record || app.record.mode !== 'computer' || app.thinking || app.dead) return;
  // The computer's setups (three in four-player Napoleon), saved and drawn once: one short task.
  let setups = 0;
  for (let guard = 0; guard < 8; guard++) {
    const state = call(() => app.game.state()).value;
    if (!state || state.outcome || state.toMove === app.record.seat || !state.setup) break;
    // The computer's setup: a random valid one (sealed first when the rules seal it).
    const seat = state.setup.seat;
    const { value: text } = call(() => app.game.randomSetup(seat));
    if (state.setup.seal) {
      const { value: secret } = call(() => app.game.sealSetup(seat, text));
      if (secret) keepSeal(seat, secret);
    }
    else if (state.setup.sealed) call(() => app.game.placeSetup(seat, undefined));
    else call(() => app.game.placeSetup(seat, text));
    revealWhenDue();
    setups++;
  }
  if (setups) persist();
  const state = call(() => app.game.state()).value;
  if (!state || state.outcome || state.setup || state.toMove === app.record.seat) {
    if (setups) render();
    return;
  }
  app.thinking = true;
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  computerWorker().postMessage({ id: app.thinkId, link: app.game.link(), seat: state.toMove, level: app.record.level || 3, seed });
  render();
}

function computerMoved({ id, indices, error, resigned }) {
  if (id !== app.thinkId) return; // an answer for a game that has changed since
  app.thinking = false;
  if (error) {
    notify(`The computer could not move: ${error.message}`);
    render();
    return;
  }
  if (resigned) notify(`${seatName(currentState()?.toMove ?? 0)} (computer) found no legal turn and resigned.`, { info: true });
  for (const index of indices) {
    const { error: e } = call(() => app.game.play(index));
    if (e) {
      notify(`The computer's move was refused (${e.code}). Undo or start a new game.`);
      break;
    }
  }
  app.animateNext = true;
  persist();
  render();
  // The next computer seat (four-player Napoleon) asks in a task of its own: the page stays quick.
  computerTurnSoon();
}

function render() {
  if (!app.game) return;
  const state = currentState();
  if (!state) return;
  const live = app.viewPly == null || app.viewPly === state.plies;
  const myTurn = live && !state.outcome && isMyTurn(state);
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
  const many = state.seatNames.length > 2;
  const bottomSeat = many ? (app.record.mode === 'local' ? 0 : app.record.seat) : app.flipped ? 1 : 0;
  const others = state.seatNames.map((_, i) => i).filter((i) => i !== bottomSeat);
  for (const [el, seats] of [[$('player-bottom'), [bottomSeat]], [$('player-top'), others]]) {
    el.textContent = '';
    for (const seat of seats) renderPlayer(el, seat, state, live);
  }
  app.moveOptions = moveOptions;
  renderRest(state, live, myTurn);
}

function renderPlayer(el, seat, state, live) {
  {
    const name = document.createElement('span');
    const who =
      app.record.mode === 'computer' ? (seat === app.record.seat ? ' (you)' : ' (computer)') : app.record.mode === 'link' && seat === app.record.seat ? ' (you)' : '';
    name.textContent = seatName(seat) + who;
    if (!state.outcome && state.toMove === seat) name.className = 'to-move';
    el.append(name);
    if (!state.outcome && state.toMove === seat && live) {
      const turn = document.createElement('span');
      turn.textContent = state.setup ? 'to set up' : 'to move';
      el.append(turn);
    }
  }
}

function renderRest(state, live, myTurn) {
  // Game-over banner.
  const banner = $('banner');
  banner.hidden = !state.outcome;
  if (state.outcome) {
    banner.textContent = `${state.outcome.score} · ${state.outcome.text}`;
  }

  $('status').textContent = statusText(state, live);
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
  renderLinkBox(state);
  renderMoves(state);

  const option = (kind) => (myTurn ? state.options.find((o) => o.kind === kind) : undefined);
  $('offer-draw').hidden = !option('offer-draw');
  $('accept-draw').hidden = !option('accept-draw');
  $('resign').disabled = !option('resign');
  $('resign').textContent = app.record.mode === 'local' && !state.outcome ? `Resign (${seatName(state.toMove)})` : 'Resign';
  // Link games: only what this browser did in the turn it is still making (nothing sent yet).
  const undoable =
    app.record.mode === 'local' || app.record.mode === 'computer'
      ? state.plies > 0 && !(app.record.mode === 'computer' && state.setup && state.toMove === app.record.seat && state.plies <= 1)
      : myTurn && state.plies > (app.turnStart ?? state.plies);
  $('undo').hidden = app.record.mode === 'link' && !undoable;
  $('undo').disabled = !undoable;
  // Boards of more than 12 files get a zoom on small screens (their squares are small there).
  $('zoom').hidden = state.board.width <= 12 || window.innerWidth > 700;
  if ($('zoom').hidden && document.querySelector('.board-box.zoomed')) $('zoom').click();
  $('nav-first').disabled = $('nav-prev').disabled = state.ply === 0;
  $('nav-last').disabled = $('nav-next').disabled = state.ply === state.plies;
}

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
  const { value } = call(() => app.game.previewSetup(seat, draftText()));
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
  $('setup-title').textContent = `${seatName(seat)}: make your setup.`;
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
  if (presets.dataset.seat !== String(seat) || presets.dataset.game !== app.record.id) {
    presets.textContent = '';
    presets.append(new Option('Presets…', ''));
    for (const p of call(() => app.game.setupPresets(seat)).value || []) presets.append(new Option(p.name, p.text));
    presets.dataset.seat = String(seat);
    presets.dataset.game = app.record.id;
  }
  app.board.startEditing(editSquare);
}

/** Seals or places the draft setup. */
function submitSetup() {
  const state = currentState();
  if (!state || !state.setup || !app.setupDraft) return;
  const seat = state.setup.seat;
  const text = draftText();
  if (state.setup.seal) {
    const { value: secret, error } = call(() => app.game.sealSetup(seat, text));
    if (error) return notify(`${error.message} (${error.code})`);
    keepSeal(seat, secret);
  } else {
    const { error } = call(() => app.game.placeSetup(seat, text));
    if (error) return notify(`${error.message} (${error.code})`);
  }
  app.setupDraft = null;
  revealWhenDue();
  app.turnStart = currentState()?.plies ?? 0;
  persist();
  render();
  computerTurnSoon();
}

/** A sealed setup this browser holds is placed as soon as it is due (there is nothing to decide). */
function revealWhenDue() {
  for (let i = 0; i < 8; i++) {
    const state = call(() => app.game.state()).value;
    const due = state && state.setup;
    if (!due || !due.sealed || !due.canReveal) return;
    if (app.record.mode === 'link' && due.seat !== app.record.seat) return;
    const { error } = call(() => app.game.placeSetup(due.seat, undefined));
    if (error) return notify(`${error.message} (${error.code})`);
  }
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
function checkText(state, mover) {
  const names = (state.board.checkedSeats || []).map(seatName);
  if (!names.length) return '';
  return names.includes(mover) ? ' Check!' : ` ${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} in check.`;
}

function statusText(state, live) {
  if (!live) return `Viewing move ${state.ply} of ${state.plies}. Press End or » to return to the game.`;
  if (state.outcome) return 'The game is over.';
  if (state.waitingForChance) {
    const other = app.record.mode === 'link' ? seatName(app.record.seat === 0 ? 1 : 0) : 'the other player';
    return `The fortunes of war are about to be drawn: they need ${other}'s secret, which comes with ${other}'s next link.`;
  }
  const mover = seatName(state.toMove);
  const stuck = !state.setup && !state.options.some((o) => o.kind === 'move');
  if (stuck && isMyTurn(state)) return `${mover} cannot finish this turn from here: take back a move with Undo.`;
  if (state.setup && !state.setup.sealed) {
    if (app.record.mode === 'local') return `${mover} sets up. The other player looks away.`;
    if (state.toMove === app.record.seat) return `Your setup (${mover}): place your men in your zone, then confirm.`;
    return `Waiting for ${mover} to set up: send them the link below.`;
  }
  const check = checkText(state, mover);
  const offer =
    state.drawOffer != null && state.drawOffer !== state.toMove ? ` ${seatName(state.drawOffer)} offers a draw.` : '';
  if (app.record.mode === 'local') return `${mover} to move.${check}${offer}`;
  if (app.record.mode === 'computer' && state.toMove !== app.record.seat) {
    return app.thinking ? `The computer (${mover}) is thinking…${check}` : `${mover} (computer) to move.${check}`;
  }
  if (state.toMove === app.record.seat) return `Your move (${mover}).${check}${offer}`;
  return `Waiting for ${mover}: send them the link below.${offer}`;
}

function renderLinkBox(state) {
  const box = $('link-box');
  box.hidden = app.record.mode !== 'link';
  if (box.hidden) return;
  // The link goes to the player to move (with more than two players, round the table).
  const many = state.seatNames.length > 2;
  const opponent = seatName(app.record.seat === 0 ? 1 : 0);
  let label;
  if (state.outcome) label = many ? 'Game over. Send the final link to the other players:' : `Game over. Send the final link to ${opponent}:`;
  else if (state.toMove === app.record.seat) label = state.plies ? 'Your move. Make it, then send the new link.' : `You play ${seatName(app.record.seat)}. Make your first move, then send the link.`;
  else label = `Send this link to ${many ? seatName(state.toMove) : opponent}:`;
  $('link-label').textContent = label;
  $('link-url').value = gameUrl(app.record.link);
  $('share-link').hidden = !canShare();
}

/**
 * A move's name with a line break allowed after each switch arrow ("Ki16⇄" / "Pn13"), so a narrow column
 * breaks it there rather than inside a square name.
 */
function appendBreakable(element, name) {
  name.split(/(?<=⇄)/).forEach((part, i) => {
    if (i) element.append(document.createElement('wbr'));
    element.append(part);
  });
}

function renderMoves(state) {
  const list = $('moves');
  list.textContent = '';
  const seats = state.seatNames.length;
  // Columns share the width whatever the names (a wide one would scroll the list sideways, hiding the
  // first seats); four seats get a smaller type.
  list.style.gridTemplateColumns = `${seats > 2 ? '1.8rem' : '2.6rem'} repeat(${seats}, minmax(0, 1fr))`;
  list.classList.toggle('many-seats', seats > 2);
  const item = (el) => {
    const li = document.createElement('li');
    li.style.display = 'contents';
    li.append(el);
    list.append(li);
  };
  const filler = (text = '') => {
    const span = document.createElement('span');
    span.textContent = text;
    item(span);
  };
  // One row per round of turns; a turn is the run of one seat's consecutive board decisions (the
  // switch and the move after it, say), shown in one cell.
  let column = 0; // the seat column the next cell takes in the current row
  let rowOpen = false;
  let rounds = 0;
  let cell = null;
  let cellSeat = null;
  const closeRow = () => {
    if (rowOpen) for (; column < seats; column++) filler();
    rowOpen = false;
    column = 0;
  };
  state.record.forEach((entry, i) => {
    if (entry.kind !== 'move') {
      // Game-level decisions (draw offers, resignation) get a line of their own.
      closeRow();
      const note = document.createElement('span');
      note.className = 'meta';
      note.textContent = `${seatName(entry.seat)}: ${entry.name}`;
      item(note);
      cell = null;
      return;
    }
    if (!cell || cellSeat !== entry.seat) {
      if (!rowOpen || entry.seat < column) {
        closeRow();
        rounds++;
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${rounds}.`;
        item(num);
        rowOpen = true;
      }
      for (; column < entry.seat; column++) filler('…');
      cell = document.createElement('span');
      cell.className = 'turn';
      cellSeat = entry.seat;
      item(cell);
      column = entry.seat + 1;
    }
    // Decisions without a name (the pick of a piece, a man of a setup) are part of the named one after.
    if (!entry.name) return;
    const button = document.createElement('button');
    button.type = 'button';
    appendBreakable(button, entry.name);
    button.dataset.ply = String(i + 1);
    if (i + 1 === state.ply) button.className = 'current';
    button.addEventListener('click', () => showPly(i + 1));
    cell.append(button);
    if (entry.note) {
      // A chance event: a line of its own under the move it followed.
      closeRow();
      const note = document.createElement('span');
      note.className = 'meta event';
      note.textContent = entry.note;
      item(note);
      cell = null;
    }
  });
  if (!state.record.length) {
    const empty = document.createElement('span');
    empty.className = 'empty';
    empty.textContent = 'No moves yet.';
    item(empty);
  }
  // The current move in view inside the list only: scrollIntoView would scroll the page as well,
  // pulling a phone's screen away from the board to the list after every move.
  const current = list.querySelector('button.current');
  if (current) {
    const box = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top) list.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }
}

function showPly(ply) {
  const state = call(() => app.game.state()).value;
  if (!state) return;
  const clamped = Math.max(0, Math.min(state.plies, ply));
  app.viewPly = clamped === state.plies ? null : clamped;
  render();
}

// ---------------------------------------------------------------------------------------------
// Playing

function play(option) {
  const { error } = call(() => app.game.playPath(Uint32Array.from(option.path || [option.index])));
  if (error) {
    notify(`${error.message} (${error.code})`);
    return;
  }
  app.viewPly = null;
  app.animateNext = true;
  persist();
  render();
  if (app.record.mode === 'link') $('copy-link').focus({ preventScroll: true });
  computerTurnSoon();
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
  select.value = app.record ? app.record.variant : app.variants[0].slug;
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
  const error = newGame({
    variant: form.get('variant'),
    mode,
    seat: Number(form.get('side') || 0),
    level: Number(form.get('level') || 3),
    options,
    setup: String(form.get('position') || '').trim(),
  });
  if (error) {
    $('new-error').textContent = error.message;
    $('new-error').hidden = false;
    return;
  }
  $('new-dialog').close();
}

function openGamesDialog() {
  const list = $('games-list');
  list.textContent = '';
  const games = store.listGames();
  if (!games.length) {
    const li = document.createElement('li');
    li.textContent = 'No saved games in this browser yet.';
    list.append(li);
  }
  for (const g of games) {
    const li = document.createElement('li');
    if (app.record && g.id === app.record.id) li.className = 'current-game';
    const info = document.createElement('div');
    info.className = 'info';
    const seats = g.seatNames || variantInfo(g.variant)?.seat_names || ['White', 'Black'];
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
      const { value: game, error } = call(() => GameHandle.fromLink(g.link));
      if (error) {
        notify(`This saved game could not be opened: ${error.message}`);
        return;
      }
      const problem = g.mode === 'link' ? bringSecret(game, g.seat) : bringSeals(game, [0, 1, 2, 3]);
      setGame(game, g);
      if (problem) notify(problem);
      else clearNotice();
      $('games-dialog').close();
    });
    const del = document.createElement('button');
    del.type = 'button';
    del.textContent = 'Delete';
    del.setAttribute('aria-label', `Delete ${info.textContent}`);
    del.addEventListener('click', () => {
      if (!confirm('Delete this game from this browser? Its links keep working.')) return;
      store.deleteGame(g.id);
      openGamesDialog();
    });
    li.append(info, open, del);
    list.append(li);
  }
  if (!$('games-dialog').open) $('games-dialog').showModal();
}

/** The rules texts fetched so far, by slug (fetched when first opened: they are not in the first load). */
const rulesTexts = new Map();

async function rulesText(slug) {
  if (!rulesTexts.has(slug)) {
    const response = await fetch(`rules/${slug}.html`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    rulesTexts.set(slug, await response.text());
  }
  return rulesTexts.get(slug);
}

async function openRules() {
  const info = variantInfo(app.record ? app.record.variant : app.variants[0].slug);
  const body = $('rules-body');
  $('rules-title').textContent = `Rules: ${info.name}`;
  body.dataset.slug = info.slug;
  body.setAttribute('aria-busy', 'true');
  body.textContent = 'Loading the rules…';
  if (!$('rules-dialog').open) $('rules-dialog').showModal();
  let html = null;
  try {
    html = await rulesText(info.slug);
  } catch (e) {
    console.error(e);
  }
  // Another variant's rules were asked for meanwhile: that request fills the dialog.
  if (body.dataset.slug !== info.slug) return;
  body.removeAttribute('aria-busy');
  if (html == null) {
    body.textContent = 'The rules could not be loaded (are you offline?). ';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Try again';
    retry.addEventListener('click', openRules);
    body.append(retry);
    return;
  }
  // Trusted HTML shipped with the build (the engine's rules files), never text from a link or a user.
  body.innerHTML = html;
  // Diagrams are positions in the variant's own notation, drawn by the same board code as the game.
  for (const figure of body.querySelectorAll('figure.diagram[data-position]')) {
    const { value: view } = call(() => viewPosition(info.slug, figure.dataset.position));
    if (!view) continue;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', figure.textContent.trim());
    figure.prepend(canvas);
    const [from, to] = (figure.dataset.highlight || '').split(/\s+/).map(parseSquare);
    new Board(canvas, () => {}).set({ board: view, options: [], lastMove: from != null ? { from, to } : null });
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring

function bind() {
  narrowLayout.addEventListener('change', placeTurnControls);
  $('new-game').addEventListener('click', openNewDialog);
  $('my-games').addEventListener('click', openGamesDialog);
  $('show-rules').addEventListener('click', openRules);
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
    openLink(text);
    $('open-link-input').value = '';
  });

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
  $('undo').addEventListener('click', () => {
    stopThinking();
    const { error } = call(() => app.game.undo());
    if (error) notify(error.message, { info: true });
    // Against the computer: back to a point where it is the player's move (the computer's reply and
    // the player's move before it).
    if (app.record.mode === 'computer') {
      for (let s = currentState(); s && s.plies > 0 && (s.toMove !== app.record.seat || s.setup); s = currentState()) {
        if (call(() => app.game.undo()).error) break;
      }
    }
    // A sealed setup placed by itself is taken back with what came before it (pass and play only).
    const after = currentState();
    if (app.record.mode === 'local' && after && after.setup && after.setup.sealed && after.setup.canReveal && after.plies > 0) {
      call(() => app.game.undo());
    }
    app.viewPly = null;
    persist();
    render();
  });
  $('setup-done').addEventListener('click', submitSetup);
  $('setup-clear').addEventListener('click', () => setDraft(''));
  $('setup-random').addEventListener('click', () => {
    const seat = currentState()?.setup?.seat;
    const { value } = call(() => app.game.randomSetup(seat));
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
  $('share-link').addEventListener('click', () => shareLink($('link-url').value, `Your move in our ${app.record.variantName} game`));
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
  window.addEventListener('hashchange', () => {
    if (location.hash.length > 1 && (!app.record || location.hash.slice(1) !== app.record.link)) openLink(location.hash);
  });
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
  if (location.hash.length > 1) {
    if (!openLink(location.hash)) resume();
  } else {
    resume();
  }
  document.body.dataset.ready = 'true';
}

main();
