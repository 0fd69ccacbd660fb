// The board's zoom: offered where the squares are smaller than a fingertip (a 16x16 board, or a 12x12
// one on a phone), it doubles the board inside its box, which then scrolls: by swiping on a touch
// screen (a tap still picks a square), with the wheel or the scroll bars for a mouse, and for the keyboard
// by following the board's cursor. Nothing here knows a variant: only the board's width in squares.

import { $, app } from './page.js';
import { t } from './strings.js';

/** A square narrower than this, in CSS pixels, is hard to hit with a finger: the zoom is offered. */
export const FINGER_PX = 40;

let files = 8; // the shown board's width in squares

const box = () => document.querySelector('.board-box');

/** The zoom button says what pressing it does. */
export function labelZoom() {
  const zoomed = box().classList.contains('zoomed');
  $('zoom').textContent = t(zoomed ? 'board.whole' : 'board.zoom');
}

let measuring = false;

/**
 * Offers the zoom when the whole board's squares (the box's width shared by `width` files) are small.
 * Measured before the next frame, once the page is laid out for it: measured at once, in the middle of
 * drawing a game, it laid the page out one more time.
 */
export function offerZoom(width = files) {
  files = width;
  if (measuring) return;
  measuring = true;
  requestAnimationFrame(() => {
    measuring = false;
    measureZoom();
  });
}

function measureZoom() {
  const square = box().clientWidth / files;
  $('zoom').hidden = !(square > 0 && square < FINGER_PX);
  // The unzoomed square size, for tests and tools.
  document.body.dataset.squarePx = square.toFixed(1);
  if ($('zoom').hidden && box().classList.contains('zoomed')) $('zoom').click();
}

/** Scrolls a zoomed board so that `square` (the keyboard cursor's) is in view. */
function keepInView(square) {
  const board = app.board;
  const el = box();
  if (square == null || !el.classList.contains('zoomed') || !board.cssSize) return;
  const scale = board.canvas.width / board.cssSize;
  const [x, y] = board.origin(square).map((v) => v / scale);
  const c = board.cell / scale;
  if (x < el.scrollLeft) el.scrollLeft = x;
  else if (x + c > el.scrollLeft + el.clientWidth) el.scrollLeft = x + c - el.clientWidth;
  if (y < el.scrollTop) el.scrollTop = y;
  else if (y + c > el.scrollTop + el.clientHeight) el.scrollTop = y + c - el.clientHeight;
}

/** Wires the zoom button, the window's size and the keyboard cursor (`onCursor`: what else it does). */
export function bindZoom(onCursor) {
  $('zoom').addEventListener('click', () => {
    const zoomed = box().classList.toggle('zoomed');
    $('zoom').setAttribute('aria-pressed', String(zoomed));
    labelZoom();
    // Start where the player's own men are: the bottom of the board.
    if (zoomed) requestAnimationFrame(() => (box().scrollTop = box().scrollHeight));
  });
  window.addEventListener('resize', () => offerZoom());
  app.board.onCursor = (square) => {
    keepInView(square);
    onCursor(square);
  };
}
