// The board's input: pointer presses, drags and taps, and the keyboard (arrows move a cursor, Enter or
// Space activate its square, Escape drops the pick). Every gesture ends in the board's `activate` (see
// board-modes.js); what it means there is the mode's and the engine's options'.

import { fileOf, rankOf, squareAt } from './board-squares.js';

/** Listens to `board`'s canvas. */
export function bindInput(board) {
  bindPointer(board);
  bindFocus(board);
  board.canvas.addEventListener('keydown', (e) => keyDown(board, e));
}

function bindPointer(board) {
  const canvas = board.canvas;
  canvas.addEventListener('pointerdown', (e) => pointerDown(board, e));
  canvas.addEventListener('pointermove', (e) => pointerMove(board, e));
  canvas.addEventListener('pointerup', (e) => endDrag(board, e, false));
  canvas.addEventListener('pointercancel', (e) => endDrag(board, e, true));
  canvas.addEventListener('pointerleave', () => {
    board.hover = null;
    board.draw();
  });
}

function pointerDown(board, e) {
  if (e.button !== 0) return;
  const sq = board.squareFromEvent(e);
  if (sq == null) return;
  board.touch = e.pointerType === 'touch';
  board.keyboard = false; // The cursor is for keyboard play only.
  if (board.picker || board.editor || board.premover) {
    board.activate(sq);
    return;
  }
  const wasSelected = board.input.selected === sq;
  // A press on the selected piece waits for the release: a drag moves it, a click deselects it.
  if (!wasSelected) board.activate(sq);
  if (board.input.selected === sq) {
    const rect = board.canvas.getBoundingClientRect();
    board.drag = { from: sq, x: e.clientX - rect.left, y: e.clientY - rect.top, moved: false, wasSelected };
    board.canvas.setPointerCapture(e.pointerId);
  }
}

function pointerMove(board, e) {
  const over = board.squareFromEvent(e);
  if (over !== board.hover) {
    board.hover = over;
    if (!board.drag && board.input.selected != null) board.draw();
  }
  if (!board.drag) return;
  const rect = board.canvas.getBoundingClientRect();
  const x = e.clientX - rect.left;
  const y = e.clientY - rect.top;
  if (!board.drag.moved && Math.hypot(x - board.drag.x, y - board.drag.y) < rect.width / board.width / 6) return;
  Object.assign(board.drag, { x, y, moved: true });
  board.draw();
}

function endDrag(board, e, cancelled) {
  const drag = board.drag;
  if (!drag) return;
  board.drag = null;
  const sq = cancelled ? null : board.squareFromEvent(e);
  if (drag.moved) {
    // A dropped piece is already where it goes: no slide animation for it.
    board.dropping = true;
    if (sq != null && sq !== drag.from) board.activate(sq);
    board.dropping = false;
  } else if (drag.wasSelected && sq === drag.from) {
    // Second click on the selected piece: its in-place actions (rotations), or deselect.
    if (board.input.inPlace(board.options).length) board.activate(sq);
    else board.deselect();
  }
  board.draw();
}

function bindFocus(board) {
  const canvas = board.canvas;
  canvas.addEventListener('focus', () => {
    board.keyboard = canvas.matches(':focus-visible');
    if (board.cursor == null) board.cursor = squareAt(board.flipped ? board.width - 1 : 0, board.flipped ? board.height - 1 : 0);
    if (board.keyboard) board.onCursor(board.cursor);
    board.draw();
  });
  canvas.addEventListener('blur', () => board.draw());
}

const STEPS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function keyDown(board, e) {
  // After a mouse or touch move the arrows keep stepping through the move list; Enter (or
  // reaching the board with Tab) switches the board to keyboard play.
  if (!board.keyboard) {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    board.keyboard = true;
    board.onCursor(board.cursor);
    board.draw();
    e.preventDefault();
    return;
  }
  if (STEPS[e.key]) moveCursor(board, STEPS[e.key]);
  else if (e.key === 'Enter' || e.key === ' ') {
    if (board.cursor != null) board.activate(board.cursor);
    // A pick (a man placed in a setup, a square chosen) is read back; a move played is announced with the game.
    if (board.cursor != null && (board.input.selected != null || board.editor || board.picker)) board.onCursor(board.cursor);
  } else if (e.key === 'Escape') {
    board.deselect();
    board.premover?.(null); // a premove made or queued is cancelled
  } else {
    return;
  }
  e.preventDefault();
  e.stopPropagation();
}

/** Moves the keyboard cursor a square on the screen (the board's way up when turned). */
function moveCursor(board, step) {
  const [df, dr] = step.map((v) => (board.flipped ? -v : v));
  const f = Math.min(board.width - 1, Math.max(0, fileOf(board.cursor ?? 0) + df));
  const r = Math.min(board.height - 1, Math.max(0, rankOf(board.cursor ?? 0) + dr));
  board.cursor = squareAt(f, r);
  board.hover = board.cursor;
  board.onCursor(board.cursor);
  board.draw();
}
