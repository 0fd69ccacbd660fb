// The board: shows the engine's BoardView on a HiDPI canvas and turns clicks, drags, touches and keys
// into "the player chose these options". No rules here: which squares can move, and where to, come
// from the option list the engine hands over. This file holds the Board's state and geometry; its
// concerns live beside it, one a file:
//   board-squares.js  square numbers and names, and the selection logic (BoardInput), without a canvas
//   board-draw.js     drawing, and the board theme's colours
//   board-animate.js  the last move's slide and fade
//   board-modes.js    what an activated square does: moves, picking a set of squares, setup editing
//   board-input.js    pointer and keyboard

import { fileOf, rankOf, squareAt, optionsByFrom, BoardInput } from './board-squares.js';
import { drawBoard } from './board-draw.js';
import { startAnimation, stopAnimation } from './board-animate.js';
import { boardModes } from './board-modes.js';
import { bindInput } from './board-input.js';

export { fileOf, rankOf, squareAt, squareName, parseSquare, optionsByFrom, BoardInput } from './board-squares.js';
export { readBoardTheme } from './board-draw.js';

export class Board {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {(options: object[]) => void} onChoose called with the options matching a move gesture
   * @param {(square: number|null) => void} onSelect called when the picked piece changes
   */
  constructor(canvas, onChoose, onSelect = () => {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.onChoose = onChoose;
    this.onSelect = onSelect;
    this.input = new BoardInput();
    this.view = null; // BoardView
    this.options = []; // options the player may choose now (empty when it is not their move)
    this.lastMove = null;
    this.flipped = false;
    this.cursor = null; // keyboard cursor square
    this.drag = null; // { from, x, y, moved }
    this.anim = null; // the last move's slide and fade, while it runs
    this.hover = null; // square under the pointer, to preview what moving there would do
    this.preview = null; // squares to mark, set from outside (a chooser's focused choice)
    this.eventMarks = []; // squares a chance event just touched
    this.picker = null; // { allowed: Set, chosen: Set, onChange } while squares are being picked as a set
    this.editor = null; // (square) => void while a setup is edited: clicks go there instead of moving
    this.premover = null; // (square) => void while premoves are taken: clicks go there (premove.js)
    this.premoveSquares = []; // the premove's squares, tinted
    this.dropping = false;
    this.touch = false; // the last press was a finger: destroying actions then ask a second tap
    this.armed = null; // the target square of a destroying action tapped once (its effect shown)
    this.keyboard = false; // true once the board is driven by keys: shows the cursor
    this.onCursor = () => {}; // called with the cursor's square when keys move it (it is read aloud)
    this.cssSize = 0;
    bindInput(this);
    // A zoomed board scrolls inside its box: the coordinates follow the visible part.
    canvas.parentElement?.addEventListener('scroll', () => requestAnimationFrame(() => this.draw()), { passive: true });
    // Sized now, drawn by the first `set` (a page starting up draws its board once, not empty first: the
    // board is made before the engine, which says how many squares it has); resized by the observer.
    this.drawn = false;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize(false);
  }

  /**
   * Shows a view; `options` are the moves the local player may make on it. With `animate`, the last
   * move's pieces slide from where they vanished to where they appeared, and captured ones fade.
   */
  set({ board, options, lastMove, flipped, animate }) {
    const changed = this.view !== board;
    this.view = board;
    this.options = options || [];
    this.lastMove = lastMove || null;
    this.flipped = !!flipped;
    if (changed && this.input.selected != null && !optionsByFrom(this.options).has(this.input.selected)) {
      this.input.selected = null;
      this.onSelect(null);
    }
    stopAnimation(this);
    if (changed) this.disarm();
    if (animate && lastMove && !this.dropping) startAnimation(this, lastMove);
    this.draw();
  }

  /** Fits the canvas's pixels to its size on the page; draws a drawn board again when they changed (or `draw`). */
  resize(draw = false) {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.cssSize = rect.width;
    const px = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (this.canvas.width !== px || this.canvas.height !== height) {
      // Setting a canvas's size clears it: what it shows is drawn again.
      this.canvas.width = px;
      this.canvas.height = height;
      draw = this.drawn || draw;
    }
    if (draw) this.draw();
  }

  /** Draws the board as it stands (see board-draw.js). */
  draw() {
    drawBoard(this);
  }

  get width() {
    return this.view ? this.view.width : 8;
  }
  get height() {
    return this.view ? this.view.height : 8;
  }
  get cell() {
    return this.canvas.width / this.width;
  }

  /** Top-left pixel of a square, honouring the flip. */
  origin(sq) {
    const f = fileOf(sq);
    const r = rankOf(sq);
    const col = this.flipped ? this.width - 1 - f : f;
    const row = this.flipped ? r : this.height - 1 - r;
    return [col * this.cell, row * this.cell];
  }

  /** The square under a pointer event, honouring the flip; null off the board. */
  squareFromEvent(e) {
    const rect = this.canvas.getBoundingClientRect();
    const col = Math.floor(((e.clientX - rect.left) / rect.width) * this.width);
    const row = Math.floor(((e.clientY - rect.top) / rect.height) * this.height);
    if (col < 0 || row < 0 || col >= this.width || row >= this.height) return null;
    const file = this.flipped ? this.width - 1 - col : col;
    const rank = this.flipped ? row : this.height - 1 - row;
    return squareAt(file, rank);
  }

  pieceAt(sq) {
    return this.view ? this.view.pieces.find((p) => p.square === sq) : undefined;
  }

  /** The part of a zoomed board in view, in canvas pixels; null when the whole board is. */
  visibleRect() {
    const box = this.canvas.parentElement;
    if (!box || !box.classList.contains('zoomed') || !this.cssSize) return null;
    const scale = this.canvas.width / this.cssSize;
    return { x: box.scrollLeft * scale, y: box.scrollTop * scale, w: box.clientWidth * scale, h: box.clientHeight * scale };
  }
}

// Picking, editing, activating a square and the marks set from outside (board-modes.js).
Object.assign(Board.prototype, boardModes);
