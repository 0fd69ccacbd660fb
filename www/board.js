// The board: draws the engine's BoardView on a HiDPI canvas and turns clicks, drags, touches and keys
// into "the player chose these options". No rules here: which squares can move, and where to, come
// from the option list the engine hands over. Selection logic (BoardInput) is kept apart from drawing
// so it can be reasoned about and tested without a canvas.

import { drawPiece } from './pieces.js';
import { drawCoordinates } from './coordinates.js';
import { deadEndTo, drawDeadEnd, drawDeadEndPieces } from './marks.js';

export const fileOf = (sq) => sq & 15;
export const rankOf = (sq) => sq >> 4;
export const squareAt = (file, rank) => (rank << 4) | file;
export const squareName = (sq) => String.fromCharCode(97 + fileOf(sq)) + (rankOf(sq) + 1);
/** The square named `a1` … `p16`, or null. */
export function parseSquare(name) {
  const m = /^([a-p])([1-9][0-9]?)$/.exec(name || '');
  return m ? squareAt(m[1].charCodeAt(0) - 97, Number(m[2]) - 1) : null;
}

/** Options grouped by the square of the piece they belong to (moves, and actions of a piece that go
 * nowhere, like taking it off the board). */
export function optionsByFrom(options) {
  const byFrom = new Map();
  for (const o of options) {
    if (o.from == null) continue;
    if (!byFrom.has(o.from)) byFrom.set(o.from, []);
    byFrom.get(o.from).push(o);
  }
  return byFrom;
}

/** Click-click selection state. `click` answers what a click on `square` means now. */
export class BoardInput {
  constructor() {
    this.selected = null;
  }

  /**
   * A click on the selected piece itself picks its in-place actions (a rotation), if it has any.
   * @returns {{type:'select', square}|{type:'move', options}|{type:'clear'}}
   */
  click(square, options) {
    const byFrom = optionsByFrom(options);
    if (this.selected != null) {
      // On the picked piece itself: the actions that leave it where it is or take it off.
      const matching =
        square === this.selected ? this.inPlace(options) : (byFrom.get(this.selected) || []).filter((o) => o.to === square);
      if (matching.length) {
        this.selected = null;
        return { type: 'move', options: matching };
      }
    }
    if (byFrom.has(square) && square !== this.selected) {
      this.selected = square;
      return { type: 'select', square };
    }
    this.selected = null;
    return { type: 'clear' };
  }

  /** Squares the selected piece can go to (its own square is not one: in-place actions are separate). */
  destinations(options) {
    if (this.selected == null) return new Set();
    return new Set(
      (optionsByFrom(options).get(this.selected) || []).map((o) => o.to).filter((to) => to != null && to !== this.selected),
    );
  }

  /** Actions of the selected piece that go to no other square (a rotation, taking it off the board). */
  inPlace(options) {
    if (this.selected == null) return [];
    return (optionsByFrom(options).get(this.selected) || []).filter((o) => o.to == null || o.to === this.selected);
  }
}

/** The board's colours. The themed ones (squares, tints, dots, check) are style.css's custom properties
 * of the board theme in use, read by `readBoardTheme`; these values are the default theme's. */
const THEME = {
  light: '#eed9b6',
  dark: '#b58863',
  lastMove: 'rgba(155, 199, 0, 0.5)',
  selected: 'rgba(20, 85, 30, 0.5)',
  dest: 'rgba(16, 58, 20, 0.85)',
  check: '#8b0000',
  cursor: '#2f6fd6',
  target: 'rgba(214, 40, 30, 0.9)', // a destroying action's target (a shot, a wound)
  // Group outlines by owner colour (Napoleon).
  outline: { white: '#ffffff', black: '#141414', red: '#e0483c', blue: '#3b7bff' },
  cutOff: '#e0301e',
  zone: 'rgba(255, 255, 255, 0.18)',
  active: 'rgba(255, 210, 63, 0.28)',
};

const THEMED = { light: '--sq-light', dark: '--sq-dark', lastMove: '--sq-last', selected: '--sq-selected', dest: '--sq-dest', check: '--sq-check' };

/** Takes the board theme's colours from the page's style (after a theme is chosen: boards drawn later use them). */
export function readBoardTheme() {
  const css = getComputedStyle(document.documentElement);
  for (const [key, property] of Object.entries(THEMED)) {
    const value = css.getPropertyValue(property).trim();
    if (value) THEME[key] = value;
  }
}

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
    this.dropping = false;
    this.touch = false; // the last press was a finger: destroying actions then ask a second tap
    this.armed = null; // the target square of a destroying action tapped once (its effect shown)
    this.keyboard = false; // true once the board is driven by keys: shows the cursor
    this.onCursor = () => {}; // called with the cursor's square when keys move it (it is read aloud)
    this.cssSize = 0;
    this.bindEvents();
    // A zoomed board scrolls inside its box: the coordinates follow the visible part.
    canvas.parentElement?.addEventListener('scroll', () => requestAnimationFrame(() => this.draw()), { passive: true });
    // Sized now, drawn by the first `set` (a page starting up draws its board once, not empty first);
    // the observer's first call, after the next layout, draws a board that got no view by then.
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
    this.anim = null;
    delete document.body.dataset.animating;
    if (changed) this.disarm();
    if (animate && lastMove && !this.dropping) this.startAnimation(lastMove);
    this.draw();
  }

  startAnimation(lastMove) {
    if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const vanished = [...(lastMove.vanish || [])];
    const slides = [];
    const same = (a, b) => a.kind === b.kind && a.color === b.color;
    for (const piece of lastMove.appear || []) {
      // The piece that vanished and reappeared slides; a promoted pawn slides as its new piece.
      let i = vanished.findIndex((v) => same(v, piece) && v.square === lastMove.from);
      if (i < 0) i = vanished.findIndex((v) => same(v, piece));
      if (i < 0) i = vanished.findIndex((v) => v.color === piece.color && v.square === lastMove.from);
      if (i < 0) continue;
      slides.push({ piece, from: vanished[i].square });
      vanished.splice(i, 1);
    }
    this.anim = { start: performance.now(), duration: 200, slides, fades: vanished };
    // Tests (and screenshots) wait on this flag rather than on a clock.
    document.body.dataset.animating = 'true';
    const tick = () => {
      if (!this.anim) return;
      this.draw();
      if (performance.now() - this.anim.start < this.anim.duration) requestAnimationFrame(tick);
      else {
        this.anim = null;
        delete document.body.dataset.animating;
        this.draw();
      }
    };
    requestAnimationFrame(tick);
  }

  /** Fits the canvas's pixels to its size on the page; draws again when they changed (or `draw`). */
  resize(draw = !this.drawn) {
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

  draw() {
    const { ctx } = this;
    const c = this.cell;
    if (!c) return;
    this.drawn = true;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (let rank = 0; rank < this.height; rank++) {
      for (let file = 0; file < this.width; file++) {
        const sq = squareAt(file, rank);
        const [x, y] = this.origin(sq);
        ctx.fillStyle = (file + rank) % 2 === 0 ? THEME.dark : THEME.light;
        ctx.fillRect(x, y, c + 0.5, c + 0.5);
      }
    }
    const fill = (sq, style) => {
      const [x, y] = this.origin(sq);
      ctx.fillStyle = style;
      ctx.fillRect(x, y, c, c);
    };
    if (this.lastMove) {
      if (this.lastMove.from != null) fill(this.lastMove.from, THEME.lastMove);
      if (this.lastMove.to != null) fill(this.lastMove.to, THEME.lastMove);
    }
    if (this.input.selected != null) {
      fill(this.input.selected, THEME.selected);
      if (this.input.inPlace(this.options).length) {
        // A dashed ring: this piece can also act where it stands (click it again).
        const [x, y] = this.origin(this.input.selected);
        ctx.save();
        ctx.setLineDash([c * 0.08, c * 0.06]);
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = Math.max(2, c * 0.04);
        ctx.beginPath();
        ctx.arc(x + c / 2, y + c / 2, c * 0.47, 0, Math.PI * 2);
        ctx.stroke();
        ctx.restore();
      }
    }
    for (const sq of this.view ? this.view.checks : []) {
      const [x, y] = this.origin(sq);
      const g = ctx.createRadialGradient(x + c / 2, y + c / 2, 0, x + c / 2, y + c / 2, c * 0.7);
      g.addColorStop(0, 'rgba(255, 0, 0, 1)');
      g.addColorStop(0.3, 'rgba(231, 0, 0, 0.9)');
      g.addColorStop(1, 'rgba(169, 0, 0, 0)');
      ctx.fillStyle = g;
      ctx.fillRect(x, y, c, c);
      // A ring in the theme's check colour: the glow alone is faint on a dark square.
      ctx.strokeStyle = THEME.check;
      ctx.lineWidth = Math.max(2, c * 0.06);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
    }
    this.drawRegions();
    this.drawCoordinates();
    this.drawEmptied();
    const anim = this.anim;
    const t = anim ? Math.min(1, (performance.now() - anim.start) / anim.duration) : 1;
    const eased = t * (2 - t);
    const sliding = new Set(anim ? anim.slides.map((s) => s.piece.square) : []);
    if (anim) {
      ctx.globalAlpha = 1 - eased;
      for (const p of anim.fades) {
        const [x, y] = this.origin(p.square);
        drawPiece(ctx, p.kind, p.color, x, y, c, p.prongs, this.flipped);
      }
      ctx.globalAlpha = 1;
    }
    for (const p of this.view ? this.view.pieces : []) {
      if (this.drag && this.drag.moved && this.drag.from === p.square) continue;
      if (sliding.has(p.square)) continue;
      const [x, y] = this.origin(p.square);
      drawPiece(ctx, p.kind, p.color, x, y, c, p.prongs, this.flipped);
      if (p.badge) this.drawBadge(x, y, p.badge);
    }
    for (const s of anim ? anim.slides : []) {
      const [x0, y0] = this.origin(s.from);
      const [x1, y1] = this.origin(s.piece.square);
      drawPiece(ctx, s.piece.kind, s.piece.color, x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased, c, s.piece.prongs, this.flipped);
    }
    if (this.picker) {
      for (const sq of this.picker.allowed) {
        const [x, y] = this.origin(sq);
        const chosen = this.picker.chosen.has(sq);
        ctx.fillStyle = chosen ? 'rgba(255, 210, 63, 0.55)' : 'rgba(255, 210, 63, 0.15)';
        ctx.fillRect(x, y, c, c);
        ctx.save();
        ctx.setLineDash(chosen ? [] : [c * 0.1, c * 0.08]);
        ctx.strokeStyle = '#ffd23f';
        ctx.lineWidth = Math.max(2, c * 0.05);
        ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
        ctx.restore();
      }
    }
    for (const sq of this.eventMarks) {
      const [x, y] = this.origin(sq);
      ctx.strokeStyle = '#ffd23f';
      ctx.lineWidth = Math.max(2, c * 0.08);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
    }
    const marked = this.preview || this.hoverMarks();
    // The squares drawn as affected (a blast, a frontal run), for readers of the page and tests.
    if (marked.length) this.canvas.dataset.marked = marked.map(squareName).join(' ');
    else delete this.canvas.dataset.marked;
    for (const sq of marked) {
      const [x, y] = this.origin(sq);
      ctx.fillStyle = 'rgba(214, 60, 30, 0.42)';
      ctx.fillRect(x, y, c, c);
      ctx.strokeStyle = 'rgba(255, 120, 60, 0.9)';
      ctx.lineWidth = Math.max(1, c * 0.03);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
    }
    drawDeadEndPieces(this);
    const destroying = [];
    const deadEnds = [];
    for (const to of this.input.destinations(this.options)) {
      const [x, y] = this.origin(to);
      if (this.destroyingTo(to).length) {
        this.drawTarget(x, y, to === this.armed);
        destroying.push(squareName(to));
        continue;
      }
      if (deadEndTo(this.options, this.input.selected, to)) {
        drawDeadEnd(ctx, x, y, c);
        deadEnds.push(squareName(to));
        continue;
      }
      ctx.fillStyle = THEME.dest;
      ctx.strokeStyle = THEME.dest;
      ctx.beginPath();
      if (this.pieceAt(to)) {
        ctx.lineWidth = c * 0.08;
        ctx.arc(x + c / 2, y + c / 2, c * 0.46, 0, Math.PI * 2);
        ctx.stroke();
      } else {
        ctx.arc(x + c / 2, y + c / 2, c * 0.15, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    // The targets drawn as destroying, for readers of the page that cannot see the canvas (and tests).
    if (destroying.length) this.canvas.dataset.destroying = destroying.join(' ');
    else delete this.canvas.dataset.destroying;
    // The picked piece's destinations proved dead ends (drawn as a red cross), likewise.
    if (deadEnds.length) this.canvas.dataset.deadEnds = deadEnds.join(' ');
    else delete this.canvas.dataset.deadEnds;
    if (this.keyboard && this.cursor != null && document.activeElement === this.canvas) {
      const [x, y] = this.origin(this.cursor);
      ctx.strokeStyle = THEME.cursor;
      ctx.lineWidth = Math.max(2, c * 0.06);
      ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
    }
    if (this.drag && this.drag.moved) {
      const p = this.pieceAt(this.drag.from);
      if (p) {
        const scale = this.canvas.width / this.cssSize;
        drawPiece(ctx, p.kind, p.color, this.drag.x * scale - c / 2, this.drag.y * scale - c / 2, c, p.prongs, this.flipped);
      }
    }
  }

  /**
   * Regions of the view: setup zones and the moving group tinted; groups outlined in their owner's
   * colour along their outer edges; men outside any valid group ringed with a red dashed circle.
   */
  drawRegions() {
    const { ctx } = this;
    const c = this.cell;
    for (const region of (this.view && this.view.regions) || []) {
      const squares = new Set(region.squares);
      if (region.style === 'zone' || region.style === 'active') {
        ctx.fillStyle = region.style === 'zone' ? THEME.zone : THEME.active;
        for (const sq of squares) {
          const [x, y] = this.origin(sq);
          ctx.fillRect(x, y, c, c);
        }
        continue;
      }
      if (region.style === 'cut-off') {
        ctx.save();
        ctx.setLineDash([c * 0.12, c * 0.08]);
        ctx.strokeStyle = THEME.cutOff;
        ctx.lineWidth = Math.max(2, c * 0.07);
        for (const sq of squares) {
          const [x, y] = this.origin(sq);
          ctx.beginPath();
          ctx.arc(x + c / 2, y + c / 2, c * 0.46, 0, Math.PI * 2);
          ctx.stroke();
        }
        ctx.restore();
        continue;
      }
      // A group: the edges of its squares that no other square of the group shares.
      ctx.save();
      ctx.strokeStyle = THEME.outline[region.color] || '#ffffff';
      ctx.lineWidth = Math.max(1.5, c * 0.06);
      ctx.lineCap = 'round';
      const inset = ctx.lineWidth / 2;
      ctx.beginPath();
      for (const sq of squares) {
        const f = fileOf(sq);
        const r = rankOf(sq);
        const [x, y] = this.origin(sq);
        // Screen sides: up, down, left, right, honouring the flip.
        const up = this.flipped ? r - 1 : r + 1;
        const down = this.flipped ? r + 1 : r - 1;
        const left = this.flipped ? f + 1 : f - 1;
        const right = this.flipped ? f - 1 : f + 1;
        const has = (ff, rr) => ff >= 0 && rr >= 0 && ff < this.width && rr < this.height && squares.has(squareAt(ff, rr));
        if (!has(f, up)) { ctx.moveTo(x, y + inset); ctx.lineTo(x + c, y + inset); }
        if (!has(f, down)) { ctx.moveTo(x, y + c - inset); ctx.lineTo(x + c, y + c - inset); }
        if (!has(left, r)) { ctx.moveTo(x + inset, y); ctx.lineTo(x + inset, y + c); }
        if (!has(right, r)) { ctx.moveTo(x + c - inset, y); ctx.lineTo(x + c - inset, y + c); }
      }
      ctx.stroke();
      ctx.restore();
    }
  }

  /**
   * Squares the last move left empty although a piece stood there (an en-passant victim, both squares
   * of an explosion) get a burst mark, bright while the move animates and faint afterwards.
   */
  drawEmptied() {
    if (!this.lastMove || !this.view) return;
    const occupied = new Set(this.view.pieces.map((p) => p.square));
    const vanish = this.lastMove.vanish || [];
    const appear = this.lastMove.appear || [];
    // A vanished piece that reappeared elsewhere moved (castling rook, the mover); the mover's square
    // is never a blast when something appeared (promotion).
    const moved = (p) => appear.some((a) => a.kind === p.kind && a.color === p.color) || (appear.length && p.square === this.lastMove.from);
    const emptied = vanish.filter((p) => !occupied.has(p.square) && !moved(p)).map((p) => p.square);
    if (!emptied.length) return;
    const { ctx } = this;
    const c = this.cell;
    const t = this.anim ? Math.min(1, (performance.now() - this.anim.start) / this.anim.duration) : 1;
    for (const sq of emptied) {
      const [x, y] = this.origin(sq);
      const cx = x + c / 2;
      const cy = y + c / 2;
      const r = c * (0.25 + 0.2 * t);
      ctx.save();
      ctx.globalAlpha = 0.85 - 0.45 * t;
      ctx.fillStyle = '#ff7a1a';
      ctx.beginPath();
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI) / 8;
        const rr = i % 2 ? r * 0.45 : r;
        ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
      }
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    }
  }

  /** A destroying action's target: a red crosshair (filled once armed by a first tap). */
  drawTarget(x, y, armed) {
    const { ctx } = this;
    const c = this.cell;
    const cx = x + c / 2;
    const cy = y + c / 2;
    ctx.save();
    ctx.strokeStyle = THEME.target;
    ctx.lineWidth = Math.max(2, c * 0.07);
    ctx.beginPath();
    ctx.arc(cx, cy, c * 0.36, 0, Math.PI * 2);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      ctx.moveTo(cx + dx * c * 0.2, cy + dy * c * 0.2);
      ctx.lineTo(cx + dx * c * 0.48, cy + dy * c * 0.48);
    }
    ctx.stroke();
    if (armed) {
      ctx.fillStyle = 'rgba(214, 40, 30, 0.35)';
      ctx.fill();
    }
    ctx.restore();
  }

  /** The part of a zoomed board in view, in canvas pixels; null when the whole board is. */
  visibleRect() {
    const box = this.canvas.parentElement;
    if (!box || !box.classList.contains('zoomed') || !this.cssSize) return null;
    const scale = this.canvas.width / this.cssSize;
    return { x: box.scrollLeft * scale, y: box.scrollTop * scale, w: box.clientWidth * scale, h: box.clientHeight * scale };
  }

  drawCoordinates() {
    drawCoordinates(this, THEME);
  }

  drawBadge(x, y, text) {
    const { ctx } = this;
    const c = this.cell;
    ctx.fillStyle = '#1e4fa3';
    ctx.beginPath();
    ctx.arc(x + c * 0.8, y + c * 0.2, c * 0.16, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(c * 0.2)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x + c * 0.8, y + c * 0.21);
  }

  /**
   * Picking a set of squares (for actions that name several squares, such as calling archers): clicks
   * toggle squares of `allowed` instead of moving pieces, until `stopPicking`.
   */
  startPicking(allowed, onChange) {
    this.picker = { allowed: new Set(allowed), chosen: new Set(), onChange };
    this.canvas.dataset.picking = 'true';
    this.deselect();
    this.draw();
  }

  stopPicking() {
    if (!this.picker) return; // Nothing drawn changes (every render stops picking).
    this.picker = null;
    delete this.canvas.dataset.picking;
    this.draw();
  }

  /** Setup editing: every click, tap or Enter on a square goes to `onClick` until `stopEditing`. */
  startEditing(onClick) {
    this.editor = onClick;
    this.canvas.dataset.editing = 'true';
    this.deselect();
  }

  stopEditing() {
    this.editor = null;
    delete this.canvas.dataset.editing;
  }

  /** A tap/click/Enter on a square. */
  activate(sq) {
    if (this.editor) {
      this.editor(sq);
      return;
    }
    if (this.picker) {
      if (this.picker.allowed.has(sq)) {
        if (this.picker.chosen.has(sq)) this.picker.chosen.delete(sq);
        else this.picker.chosen.add(sq);
        this.picker.onChange(new Set(this.picker.chosen));
      }
      this.draw();
      return;
    }
    // On touch, a destroying action (a shot, a wound) is shown on a first tap on its target and played
    // on a second: a finger hides the square it presses, and these cannot be undone by the opponent.
    const destroying = this.destroyingTo(sq);
    if (this.touch && destroying.length && this.armed !== sq) {
      this.armed = sq;
      this.preview = [sq, ...destroying.flatMap((o) => o.marks || [])];
      this.canvas.dataset.armed = squareName(sq);
      this.draw();
      return;
    }
    this.disarm();
    const before = this.input.selected;
    const result = this.input.click(sq, this.options);
    if (this.input.selected !== before) this.onSelect(this.input.selected);
    if (result.type === 'move') this.onChoose(result.options);
    this.draw();
  }

  /** The destroying options of the picked piece onto `sq`. */
  destroyingTo(sq) {
    if (this.input.selected == null) return [];
    return this.options.filter((o) => o.from === this.input.selected && o.to === sq && o.to !== o.from && o.destroys);
  }

  disarm() {
    if (this.armed == null) return;
    this.armed = null;
    this.preview = null;
    delete this.canvas.dataset.armed;
  }

  /** Marks the squares a chance event touched (until the next move). */
  showEventMarks(squares) {
    const marks = squares || [];
    const same = marks.length === this.eventMarks.length && marks.every((sq, i) => sq === this.eventMarks[i]);
    this.eventMarks = marks;
    if (!same) this.draw(); // Every render sets them, mostly to none again.
  }

  /** Marks the squares an option affects (a blast area, a frontal run); null clears. */
  showPreview(squares) {
    const preview = squares && squares.length ? squares : null;
    if (!preview && !this.preview) return; // Nothing to clear (every render clears it).
    this.preview = preview;
    this.draw();
  }

  /** Squares affected by moving the selected piece to the hovered square, if any. */
  hoverMarks() {
    if (this.input.selected == null || this.hover == null) return [];
    const marks = new Set();
    for (const o of this.options) {
      if (o.from === this.input.selected && o.to === this.hover) for (const m of o.marks || []) marks.add(m);
    }
    return [...marks];
  }

  /** Drops the current pick (Escape, a chooser cancelled). */
  deselect() {
    if (this.input.selected == null) return;
    this.input.selected = null;
    this.onSelect(null);
    this.draw();
  }

  bindEvents() {
    const canvas = this.canvas;
    canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const sq = this.squareFromEvent(e);
      if (sq == null) return;
      this.touch = e.pointerType === 'touch';
      this.keyboard = false; // The cursor is for keyboard play only.
      if (this.picker || this.editor) {
        this.activate(sq);
        return;
      }
      const wasSelected = this.input.selected === sq;
      // A press on the selected piece waits for the release: a drag moves it, a click deselects it.
      if (!wasSelected) this.activate(sq);
      if (this.input.selected === sq) {
        const rect = canvas.getBoundingClientRect();
        this.drag = { from: sq, x: e.clientX - rect.left, y: e.clientY - rect.top, moved: false, wasSelected };
        canvas.setPointerCapture(e.pointerId);
      }
    });
    canvas.addEventListener('pointermove', (e) => {
      const over = this.squareFromEvent(e);
      if (over !== this.hover) {
        this.hover = over;
        if (!this.drag && this.input.selected != null) this.draw();
      }
      if (!this.drag) return;
      const rect = canvas.getBoundingClientRect();
      const x = e.clientX - rect.left;
      const y = e.clientY - rect.top;
      if (!this.drag.moved && Math.hypot(x - this.drag.x, y - this.drag.y) < rect.width / this.width / 6) return;
      Object.assign(this.drag, { x, y, moved: true });
      this.draw();
    });
    const endDrag = (e, cancelled) => {
      const drag = this.drag;
      if (!drag) return;
      this.drag = null;
      const sq = cancelled ? null : this.squareFromEvent(e);
      if (drag.moved) {
        // A dropped piece is already where it goes: no slide animation for it.
        this.dropping = true;
        if (sq != null && sq !== drag.from) this.activate(sq);
        this.dropping = false;
      } else if (drag.wasSelected && sq === drag.from) {
        // Second click on the selected piece: its in-place actions (rotations), or deselect.
        if (this.input.inPlace(this.options).length) this.activate(sq);
        else this.deselect();
      }
      this.draw();
    };
    canvas.addEventListener('pointerup', (e) => endDrag(e, false));
    canvas.addEventListener('pointercancel', (e) => endDrag(e, true));
    canvas.addEventListener('focus', () => {
      this.keyboard = canvas.matches(':focus-visible');
      if (this.cursor == null) this.cursor = squareAt(this.flipped ? this.width - 1 : 0, this.flipped ? this.height - 1 : 0);
      if (this.keyboard) this.onCursor(this.cursor);
      this.draw();
    });
    canvas.addEventListener('blur', () => this.draw());
    canvas.addEventListener('pointerleave', () => {
      this.hover = null;
      this.draw();
    });
    canvas.addEventListener('keydown', (e) => {
      const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      // After a mouse or touch move the arrows keep stepping through the move list; Enter (or
      // reaching the board with Tab) switches the board to keyboard play.
      if (!this.keyboard) {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        this.keyboard = true;
        this.onCursor(this.cursor);
        this.draw();
        e.preventDefault();
        return;
      }
      if (steps[e.key]) {
        const [df, dr] = steps[e.key].map((v) => (this.flipped ? -v : v));
        const f = Math.min(this.width - 1, Math.max(0, fileOf(this.cursor ?? 0) + df));
        const r = Math.min(this.height - 1, Math.max(0, rankOf(this.cursor ?? 0) + dr));
        this.cursor = squareAt(f, r);
        this.hover = this.cursor;
        this.onCursor(this.cursor);
        this.draw();
      } else if (e.key === 'Enter' || e.key === ' ') {
        if (this.cursor != null) this.activate(this.cursor);
        // A pick (a man placed in a setup, a square chosen) is read back; a move played is announced with the game.
        if (this.cursor != null && (this.input.selected != null || this.editor || this.picker)) this.onCursor(this.cursor);
      } else if (e.key === 'Escape') {
        this.deselect();
      } else {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    });
  }
}
