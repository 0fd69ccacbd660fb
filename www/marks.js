// Dead ends on the board: options the engine proved to leave no legal way to finish the turn (a
// Napoleon man moved while the king stays in check). The engine marks them (option.deadEnd); the board
// only draws the marks. An unmarked option is not promised to be safe: where the engine's search ran
// out of its budget it marks nothing ("not known").

import { optionsByFrom, squareName } from './board-squares.js';

/** Whether every option of `list` is a proved dead end (and there is one). */
export const allDeadEnds = (list) => list.length > 0 && list.every((o) => o.deadEnd);

/** Whether moving the piece on `from` to `to` is a dead end whatever is chosen there. */
export const deadEndTo = (options, from, to) => allDeadEnds(options.filter((o) => o.from === from && o.to === to));

/** Squares of pieces whose every move is a dead end. */
export function deadEndPieces(options) {
  return [...optionsByFrom(options)].filter(([, list]) => allDeadEnds(list)).map(([from]) => from);
}

/** A red cross over a destination square (drawn instead of the destination's dot). */
export function drawDeadEnd(ctx, x, y, c) {
  const inset = c * 0.3;
  ctx.save();
  ctx.strokeStyle = 'rgba(200, 30, 30, 0.95)';
  ctx.lineWidth = Math.max(2, c * 0.08);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x + inset, y + inset);
  ctx.lineTo(x + c - inset, y + c - inset);
  ctx.moveTo(x + c - inset, y + inset);
  ctx.lineTo(x + inset, y + c - inset);
  ctx.stroke();
  ctx.restore();
}

/**
 * With no piece picked: a small red cross in the corner of each piece whose every move is a dead end.
 * The squares marked go on the canvas as data-dead-end-pieces, for readers of the page and tests.
 */
export function drawDeadEndPieces(board) {
  const squares = board.input.selected == null ? deadEndPieces(board.options) : [];
  if (squares.length) board.canvas.dataset.deadEndPieces = squares.map(squareName).join(' ');
  else delete board.canvas.dataset.deadEndPieces;
  const c = board.cell;
  for (const sq of squares) {
    const [x, y] = board.origin(sq);
    board.ctx.save();
    board.ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    board.ctx.beginPath();
    board.ctx.arc(x + c * 0.8, y + c * 0.8, c * 0.17, 0, Math.PI * 2);
    board.ctx.fill();
    board.ctx.restore();
    drawDeadEnd(board.ctx, x + c * 0.6, y + c * 0.6, c * 0.4);
  }
}
