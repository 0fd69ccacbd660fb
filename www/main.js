// The page controller: draws what the engine's game session says and sends it what the player did.
// It holds no game policy: legal moves, whose turn, undo, links, secrets, storage and the computer's
// turn are the session's (crate/web, engine::session); the page never branches on a variant's name.

import { everyVariant } from './loader.js'; // first: chooses the engine module before anything reads ASSETS
import init, { Session } from './pkg/chessfront_web.js';
import { ASSETS } from './assets.js';
import { startOffline } from './offline.js';
import { Board, squareName } from './board.js';
import { warmCoordinates } from './coordinates.js';
import { applyLooks, readLooks, bindLooks } from './looks.js';
import { bindSound, playSound } from './sound.js';
import { pieceCanvas } from './pieces.js';
import { copyText, canShare, shareLink } from './share.js';
import { renderMoves } from './movelist.js';
import { bindZoom, offerZoom } from './zoom.js';
import { t, applyStrings, addStrings, loadStrings } from './strings.js';
import { sessionLanguage } from './language.js';
import { applyManifest, bindLanguage } from './language-page.js';
import { $, app, call, notify, clearNotice, documentParsed } from './page.js';
import { setupPreview, setDraft, renderSetup, submitSetup } from './setup.js';
import { renderPieceActions } from './actions.js';
import { bindHint, hintAnswered, hintSquares, renderHint } from './hint.js';
import { bindDoors, renderDoors, analysisCopy, showWelcome, welcomeFirst, welcomeAnswered } from './doors.js';
import { prefetch, warmParts } from './lazy.js';
import { startScreenLikely } from './start_hint.js';
import { drawQr } from './qr.js';
import { bindSpeech, speakState, speakSquare } from './speech.js';
import { liveUpdate, liveRender, playLive } from './live-hook.js';
import { renderPremove, takesPremoves } from './premove.js';


// ---------------------------------------------------------------------------------------------
// The session's updates: a notice, an animation, the computer's turn.

const ACTIONS = {
  'other-side': () => apply(call(() => app.session.takeOtherSide()).value),
  keep: () => apply(call(() => app.session.keepGame()).value),
};

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
  playSound(update.sound);
  if (update.think) think(update.think);
  liveUpdate(update, liveHost);
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
  computerWorker();
  app.thinkId = request.id;
  // From a task of its own, after the one that drew the player's move.
  setTimeout(() => app.worker?.postMessage(request), 0);
}

/** The computer's worker, made on first use: its turns, and the player's hints. */
function computerWorker() {
  if (!app.worker) {
    app.worker = new Worker(ASSETS.worker, { type: 'module' });
    app.worker.onmessage = ({ data }) => {
      if (data.kind === 'hint') return hintAnswered(data);
      const { id, indices, resigned, undo, error } = data;
      if (error) return apply(call(() => app.session.computerFailed(id, error.message)).value);
      apply(call(() => app.session.computerMoved(id, Uint32Array.from(indices), resigned, undo || 0)).value);
    };
    app.worker.onerror = (e) => {
      app.worker = null;
      apply(call(() => app.session.computerFailed(app.thinkId, e.message || 'worker error')).value);
    };
  }
  return app.worker;
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
  // A player sees a newly opened game from its own side (in pass and play, if asked, the side to move).
  const shown = `${state.gameId} ${s.mode} ${s.seat} ${s.flipped}`;
  if (shown !== app.shownGame) {
    app.shownGame = shown;
    app.flipped = s.flipped;
  }
  const live = app.viewPly == null || app.viewPly === state.plies;
  // A line of the analysis played on its copy: the board shows the copy, and nothing on it is played.
  const copy = analysisCopy(app.viewPly, `${state.gameId} ${state.plies}`);
  const shownState = copy ?? state;
  const myTurn = live && s.decides && !copy;
  const editing = myTurn && state.setup && !state.setup.sealed;
  const moveOptions = myTurn && !state.setup ? state.options.filter((o) => o.kind === 'move') : [];
  const board = editing ? setupPreview(state).board : shownState.board;
  app.board.set({ board, options: moveOptions, lastMove: shownState.lastMove, flipped: app.flipped, animate: app.animateNext });
  renderSetup(state, editing);
  app.board.showEventMarks([...(shownState.board.marks || []), ...hintSquares(s, live && !copy)]);
  app.board.stopPicking();
  app.animateNext = false;
  document.body.dataset.flipped = String(app.flipped);
  document.body.dataset.position = shownState.position; // the shown position's text, for tests and tools
  // The player's board moves now, as from-to squares (for tests and tools, like the position above).
  document.body.dataset.moves = moveOptions
    .filter((o) => o.from != null && o.to != null && o.from !== o.to)
    .map((o) => squareName(o.from) + squareName(o.to))
    .join(' ');
  // The moves the engine proved dead ends (no legal end of the turn after them), likewise.
  document.body.dataset.deadEnds = moveOptions.filter((o) => o.deadEnd).map((o) => (o.from != null ? squareName(o.from) + squareName(o.to) : o.name)).join(' ');
  // The highlighted last move, as from-to squares ('' when none), for tests and tools.
  const last = shownState.lastMove;
  document.body.dataset.lastMove = last ? [last.from, last.to].filter((sq) => sq != null).map(squareName).join('') : '';
  document.body.dataset.boardWidth = String(state.board.width);
  document.body.dataset.boardHeight = String(state.board.height);
  hideChooser();

  // Players above and below the board, as the session seats them for the way the board is turned (the
  // others share the top line).
  const bottom = s.bottomSeats[app.flipped ? 1 : 0];
  const others = state.seatNames.map((_, i) => i).filter((i) => i !== bottom);
  for (const [el, seats] of [[$('player-bottom'), [bottom]], [$('player-top'), others]]) {
    el.textContent = '';
    for (const seat of seats) renderPlayer(el, seat, state, live);
  }
  app.moveOptions = moveOptions;
  renderPremove(takesPremoves(state, live && !copy), myTurn, moveOptions, choose);
  renderRest(state, live, myTurn);
  if (copy) {
    $('status').textContent = copy.words;
    $('move-form').hidden = true; // a typed move would be played in the game, not on the copy shown
  }
}

function renderPlayer(el, seat, state, live) {
  const name = document.createElement('span');
  name.textContent = state.session.seatLabels[seat];
  name.dataset.seat = String(seat); // a live game's clock goes beside it
  const moving = state.movingSeat === seat;
  if (moving) name.className = 'to-move';
  el.append(name);
  if (moving && live) {
    const turn = document.createElement('span');
    turn.textContent = t(state.setup ? 'player.toSetUp' : 'player.toMove');
    el.append(turn);
  }
}

function renderRest(state, live, myTurn) {
  const s = state.session;
  const banner = $('banner');
  banner.hidden = !s.banner;
  if (s.banner) banner.textContent = s.banner;
  $('status').textContent = live
    ? s.status
    : state.ply
      ? t('status.viewingAfter', { ply: state.plyLabel })
      : t('status.viewingStart');
  renderPieceActions();
  const notes = $('notes');
  notes.textContent = '';
  for (const line of state.board.notes || []) {
    const li = document.createElement('li');
    li.textContent = line;
    notes.append(li);
  }
  notes.hidden = !notes.childElementCount;
  // The chance event this player has still to see, as the session says (whoever's browser drew it).
  const card = $('event-card');
  const event = live ? s.event : null;
  card.hidden = !event;
  if (event) {
    $('event-when').textContent = event.when;
    $('event-title').textContent = event.title;
    $('event-text').textContent = event.text;
    card.dataset.card = event.face;
  }
  $('confirm-box').hidden = !s.confirm;
  $('confirm-preference').hidden = !s.confirmPreference;
  $('turn-board-preference').hidden = !s.turnBoardPreference;
  $('turn-board').checked = app.session.turnBoard();
  // Typing a move is for a game under way, at its live position, that this browser plays in.
  $('move-form').hidden = !live || Boolean(state.outcome) || s.watching;
  $('confirm-moves').checked = app.session.confirmMoves();
  renderLinkBox(s);
  renderHint(s, live);
  renderDoors(s, app.viewPly, `${state.gameId} ${state.plies}`);
  renderMoves(state, { seatName: (seat) => state.seatNames[seat], showPly });

  const option = (kind) => (myTurn ? state.options.find((o) => o.kind === kind) : undefined);
  $('offer-draw').hidden = !option('offer-draw');
  $('accept-draw').hidden = !option('accept-draw');
  $('resign').disabled = !live || !s.canResign; // also while waiting for the opponent's move
  $('resign').textContent = s.resignLabel;
  $('rematch').hidden = !s.rematch || !live;
  $('undo').hidden = !s.undoShown || s.confirm; // the confirmation has its own Take back
  $('undo').disabled = !s.undoEnabled;
  offerZoom(state.board.width);
  $('nav-first').disabled = $('nav-prev').disabled = state.ply === 0;
  $('nav-last').disabled = $('nav-next').disabled = state.ply === state.plies;
  speakState();
  liveRender(state, liveHost);
}

function renderLinkBox(s) {
  const box = $('link-box');
  box.hidden = !s.linkLabel;
  if (box.hidden) return;
  $('link-label').textContent = s.linkLabel;
  // No link of the player's own to send yet (the one just received): the words only, no Copy.
  box.querySelector('.link-row').hidden = !s.link;
  if (!s.link) {
    $('qr-box').hidden = true;
    $('link-url').value = '';
    return;
  }
  const url = `${location.origin}${location.pathname}#${s.link}`;
  // A QR code shown for another link is out of date: folded away.
  if ($('link-url').value !== url && !$('qr-box').hidden) {
    $('qr-box').hidden = true;
    $('qr-link').setAttribute('aria-expanded', 'false');
  }
  $('link-url').value = url;
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
// Playing

function play(option) {
  const { value, error } = call(() => app.session.play(Uint32Array.from(option.path || [option.index])));
  if (error) return notify(`${error.message} (${error.code})`);
  apply(value);
  if (!$('confirm-box').hidden) $('confirm-move').focus({ preventScroll: true });
  else if (!$('link-box').hidden) $('copy-link').focus({ preventScroll: true });
}

/** The link was handed out (copied, shared, shown as a QR code): the session stops offering to take it back. */
function linkSent() {
  call(() => app.session.linkSent());
  render();
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
  cancel.textContent = t('chooser.cancel');
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
// Wiring

function bind() {
  narrowLayout.addEventListener('change', placeTurnControls);
  $('notice-close').addEventListener('click', clearNotice);
  $('confirm-move').addEventListener('click', () => {
    command(() => app.session.confirmMove());
    if (!$('link-box').hidden) $('copy-link').focus({ preventScroll: true });
  });
  $('takeback-move').addEventListener('click', () => command(() => app.session.undo()));
  $('confirm-moves').addEventListener('change', (e) => command(() => app.session.setConfirmMoves(e.target.checked)));
  $('turn-board').addEventListener('change', (e) => command(() => app.session.setTurnBoard(e.target.checked)));
  bindDoors();
  bindHint(computerWorker, apply);
  bindSound();
  // A new board theme or piece set: everything that shows pieces is drawn again.
  bindLooks(() => app.session && render());
  bindSpeech();
  bindLanguage();

  $('flip').addEventListener('click', () => {
    app.flipped = !app.flipped;
    render();
  });
  $('undo').addEventListener('click', () => command(() => app.session.undo()));
  $('rematch').addEventListener('click', () => {
    clearNotice();
    command(() => app.session.rematch());
  });
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
  $('play-live').addEventListener('click', () => app.hooks.playLive());
  $('offer-draw').addEventListener('click', () => playKind('offer-draw'));
  $('accept-draw').addEventListener('click', () => playKind('accept-draw'));
  $('resign').addEventListener('click', () => {
    if (confirm(t('action.resignConfirm'))) command(() => app.session.resign());
  });
  $('copy-position').addEventListener('click', async () => {
    const state = currentState();
    if (!state) return;
    const ok = await copyText(state.position);
    notify(t(ok ? 'action.positionCopied' : 'action.position', { position: state.position }), { info: true });
  });
  $('copy-link').addEventListener('click', async () => {
    linkSent();
    const ok = await copyText($('link-url').value, $('link-url'));
    $('copy-link').textContent = t(ok ? 'link.copied' : 'link.selectAndCopy');
    setTimeout(() => ($('copy-link').textContent = t('link.copy')), 2000);
  });
  $('share-link').addEventListener('click', () => {
    linkSent();
    shareLink($('link-url').value, t('link.shareTitle', { variant: currentState()?.variantName ?? '' }));
  });
  $('link-url').addEventListener('focus', (e) => e.target.select());
  $('qr-link').addEventListener('click', async () => {
    const open = $('qr-box').hidden;
    $('qr-box').hidden = !open;
    $('qr-link').setAttribute('aria-expanded', String(open));
    if (!open) return;
    linkSent(); // shown to be scanned: handed out
    if (!(await drawQr($('qr-canvas'), $('link-url').value))) {
      $('qr-box').hidden = true;
      notify(t('link.qrTooLong'), { info: true });
    }
  });
  // Copied by hand (Ctrl+C, the phone's menu): handed out as well.
  $('link-url').addEventListener('copy', linkSent);

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
  // A notice never moves the board: above a board sized to the window's height it pushed the bottom rank
  // out of view, and on a phone it moved the board under the thumb. On a wide screen it goes to the top of
  // the side panel; on a phone, right under the board, above the turn's controls and the panel. The
  // new version's notice goes with it.
  if (narrowLayout.matches) $('player-bottom').after($('notice'), $('update'));
  else document.querySelector('.panel').prepend($('notice'), $('update'));
}


/** What live play's module (loaded on demand: live-hook.js) shares with the page. */
const liveHost = () => ({ app, call, notify, clearNotice, everyVariant, t, addStrings, playSound, drawQr, copyText, canShare, shareLink });

app.hooks = { apply, command, render, currentState, play, showPly, playLive: () => playLive(liveHost) };

// The player's colours and pieces before anything is drawn, and the page's words in its language as soon
// as they are there (the engine loads later): at once in English; a French page fetches its table first,
// while style.css keeps index.html's English from showing.
applyLooks({ styled: false }); // their colours are read once the engine is there (`main`)
const strings = Promise.all([loadStrings(), documentParsed]).then(() => {
  applyStrings();
  applyManifest();
});

// The start screen comes with a first visit's first screen: at an address with no game in it and no start
// hint (a first visit), its part is fetched beside the engine rather than after it (a link's first load,
// or a returning player's, never fetches it), and it shows as soon as it and the page's words are there,
// while the engine still loads (doors.js).
if (startScreenLikely()) prefetch('welcome');
const startScreenFirst = welcomeFirst();

/** Start-up marks (performance.mark): scripts/startup-bench.mjs reports where the time goes. */
const mark = (name) => performance.mark(`chessfront-${name}`);

/** The first screen answers: the board, or the start screen shown before the engine (once). */
function markReady() {
  if (document.body.dataset.ready === 'true') return;
  document.body.dataset.version = ASSETS.version;
  document.body.dataset.ready = 'true';
  mark('ready');
}

/**
 * Lets the browser run what waits (input, a frame) before the next step of the start: on a phone the
 * steps from the compiled engine to the drawn board were one task of 300 ms and more, which nothing
 * could interrupt.
 */
const yieldToBrowser = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * The board, sized but not drawn (it is drawn with the first game the session shows), and the controls
 * that need no engine. The first text a canvas measures loads its font, a sixth of the first drawing on
 * a phone: measured here too.
 */
function prepareBoard() {
  readLooks();
  app.board = new Board($('board'), choose, () => renderPieceActions());
  warmCoordinates(app.board);
  bindZoom(speakSquare);
  placeTurnControls();
}

async function main() {
  mark('script');
  await documentParsed;
  // A start screen shown first is shown, and painted, before the engine is compiled and instantiated
  // (its download goes on meanwhile): on a phone's repeat visit the start screen's part, fetched from the
  // cache beside the engine, was otherwise imported only after the session had started, and the frame
  // showing it waited for the engine's instantiation.
  // Its pictures take the board's colours of the player's looks, read first.
  const welcomeShown = startScreenFirst && strings.then(() => {
    readLooks();
    return showWelcome();
  }).then(() => {
    markReady();
    // After the frame, and after the tasks queued while it was drawn (input, a measurement's).
    return document.hidden ? null : new Promise((painted) => requestAnimationFrame(() => setTimeout(() => setTimeout(painted, 0), 0)));
  });
  let failure = () => t('engine.unavailable');
  try {
    await welcomeShown;
    // Compiled while it streams in (instantiateStreaming: the server sends application/wasm).
    const engine = init({ module_or_path: ASSETS.wasm });
    engine.catch(() => {}); // awaited below, where a failure is told
    await strings; // nothing is written before the page's words are there
    // The board and its controls need no engine: made while it downloads and compiles, in a task of their
    // own, they are off the path from the engine to the drawn game (on a phone, a link's engine arrives
    // after the page's script, and the main thread waits for it).
    await yieldToBrowser();
    // A browser that gives no canvas to draw on (a blocker of canvases, no memory left for one) is told
    // so: the engine is not what failed there.
    failure = () => t('board.unavailable');
    prepareBoard();
    failure = () => t('engine.unavailable');
    await engine;
  } catch (e) {
    await strings;
    console.error(e);
    document.body.dataset.drawn = 'true';
    // A start screen shown first would hide the notice, and none of its ways can run.
    if (startScreenFirst) $('welcome-dialog').close();
    notify(failure());
    return;
  }
  mark('engine');
  await yieldToBrowser();
  bind();
  app.session = new Session();
  call(() => sessionLanguage(app.session));
  const started = call(() => app.session.start()).value;
  mark('session');
  await yieldToBrowser();
  // V8 compiles a wasm function on its first call, on the main thread: the view's code, compiled by a
  // first question in a task of its own, leaves the drawing's task shorter (on a phone, two tasks of about
  // 50 ms rather than one of 100).
  currentState();
  await yieldToBrowser();
  apply(started);
  // The panel shows (style.css) in the frame after the game's first drawing, so that each frame's work is
  // shorter; nothing painted moves: on a phone it is below the board and a link's notice, on a wide screen
  // it brings the notice with it.
  if (!document.hidden) await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
  document.body.dataset.drawn = 'true';
  // The start screen is part of the first screen that shows it (it comes before the board is playable).
  // Shown first, it now follows the session's answer (closed if the session opens a game instead).
  if (startScreenFirst) await welcomeAnswered(Boolean(started?.welcome));
  else if (started?.welcome) await showWelcome();
  markReady();
  // The session has answered and every control is wired (tests wait for it after a start screen shown
  // first, whose data-ready comes before the engine).
  document.body.dataset.session = 'started';
  // The service worker (on a first visit, its install fetches every file of the build) waits until the
  // board is on the screen: measured on the phone profile, the first visit's board was drawn 100-200 ms
  // sooner. A hidden tab draws no frame, so it starts the worker at once.
  // The parts loaded on demand (www/lazy.js) follow at idle moments, so that a later click is answered at
  // once: after the service worker has cached the build (a first visit's worker fetches every file, the
  // parts with them), so warming them costs no download of its own.
  const later = () => startOffline().then(warmParts);
  if (document.hidden) later();
  else requestAnimationFrame(() => setTimeout(later, 0));
}

main();
