// Drawing the board: the engine's BoardView on the canvas with what the player's pick, the last move,
// the chance events, the pickers and the keyboard cursor add to it. Every function takes the Board
// (board.js) and draws from its state; nothing here changes that state or decides anything.

import { drawPiece } from './pieces.js';
import { drawCoordinates } from './coordinates.js';
import { deadEndTo, drawDeadEnd, drawDeadEndPieces } from './marks.js';
import { fileOf, rankOf, squareAt, squareName } from './board-squares.js';
import { animationProgress } from './board-animate.js';

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

/** Draws the whole board, bottom layer first. */
export function drawBoard(board) {
  const c = board.cell;
  if (!c) return;
  board.drawn = true;
  board.ctx.clearRect(0, 0, board.canvas.width, board.canvas.height);
  drawSquares(board);
  drawHighlights(board);
  drawPremove(board);
  drawChecks(board);
  drawRegions(board);
  drawCoordinates(board, THEME);
  drawEmptied(board);
  drawPieces(board);
  drawPicker(board);
  drawEventMarks(board);
  drawMarked(board);
  drawDeadEndPieces(board);
  drawDestinations(board);
  drawCursor(board);
  drawDragged(board);
}

/** A square's frame, drawn inside it. */
function strokeSquare(ctx, x, y, c) {
  ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, c - ctx.lineWidth, c - ctx.lineWidth);
}

/** The checkered squares. */
function drawSquares(board) {
  const { ctx } = board;
  const c = board.cell;
  for (let rank = 0; rank < board.height; rank++) {
    for (let file = 0; file < board.width; file++) {
      const [x, y] = board.origin(squareAt(file, rank));
      ctx.fillStyle = (file + rank) % 2 === 0 ? THEME.dark : THEME.light;
      ctx.fillRect(x, y, c + 0.5, c + 0.5);
    }
  }
}

/** The last move's squares, and the picked piece's (ringed when it can also act where it stands). */
function drawHighlights(board) {
  const { ctx } = board;
  const c = board.cell;
  const fill = (sq, style) => {
    const [x, y] = board.origin(sq);
    ctx.fillStyle = style;
    ctx.fillRect(x, y, c, c);
  };
  if (board.lastMove) {
    if (board.lastMove.from != null) fill(board.lastMove.from, THEME.lastMove);
    if (board.lastMove.to != null) fill(board.lastMove.to, THEME.lastMove);
  }
  if (board.input.selected == null) return;
  fill(board.input.selected, THEME.selected);
  if (!board.input.inPlace(board.options).length) return;
  // A dashed ring: this piece can also act where it stands (click it again).
  const [x, y] = board.origin(board.input.selected);
  ctx.save();
  ctx.setLineDash([c * 0.08, c * 0.06]);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(2, c * 0.04);
  ctx.beginPath();
  ctx.arc(x + c / 2, y + c / 2, c * 0.47, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** The premove's squares (queued, or its piece picked): a blue tint, apart from the last move's. */
function drawPremove(board) {
  const { ctx } = board;
  const c = board.cell;
  for (const sq of board.premoveSquares) {
    const [x, y] = board.origin(sq);
    ctx.fillStyle = 'rgba(40, 110, 220, 0.45)';
    ctx.fillRect(x, y, c, c);
  }
}

/** Kings in check: a red glow and a ring. */
function drawChecks(board) {
  const { ctx } = board;
  const c = board.cell;
  for (const sq of board.view ? board.view.checks : []) {
    const [x, y] = board.origin(sq);
    const g = ctx.createRadialGradient(x + c / 2, y + c / 2, 0, x + c / 2, y + c / 2, c * 0.7);
    g.addColorStop(0, 'rgba(255, 0, 0, 1)');
    g.addColorStop(0.3, 'rgba(231, 0, 0, 0.9)');
    g.addColorStop(1, 'rgba(169, 0, 0, 0)');
    ctx.fillStyle = g;
    ctx.fillRect(x, y, c, c);
    // A ring in the theme's check colour: the glow alone is faint on a dark square.
    ctx.strokeStyle = THEME.check;
    ctx.lineWidth = Math.max(2, c * 0.06);
    strokeSquare(ctx, x, y, c);
  }
}

/**
 * Regions of the view: setup zones and the moving group tinted; groups outlined in their owner's
 * colour along their outer edges; men outside any valid group ringed with a red dashed circle.
 */
function drawRegions(board) {
  for (const region of (board.view && board.view.regions) || []) {
    const squares = new Set(region.squares);
    if (region.style === 'zone' || region.style === 'active') tintSquares(board, squares, region.style === 'zone' ? THEME.zone : THEME.active);
    else if (region.style === 'cut-off') ringCutOff(board, squares);
    else outlineGroup(board, squares, region.color);
  }
}

function tintSquares(board, squares, style) {
  const c = board.cell;
  board.ctx.fillStyle = style;
  for (const sq of squares) {
    const [x, y] = board.origin(sq);
    board.ctx.fillRect(x, y, c, c);
  }
}

function ringCutOff(board, squares) {
  const { ctx } = board;
  const c = board.cell;
  ctx.save();
  ctx.setLineDash([c * 0.12, c * 0.08]);
  ctx.strokeStyle = THEME.cutOff;
  ctx.lineWidth = Math.max(2, c * 0.07);
  for (const sq of squares) {
    const [x, y] = board.origin(sq);
    ctx.beginPath();
    ctx.arc(x + c / 2, y + c / 2, c * 0.46, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/** A group: the edges of its squares that no other square of the group shares. */
function outlineGroup(board, squares, color) {
  const { ctx } = board;
  const c = board.cell;
  ctx.save();
  ctx.strokeStyle = THEME.outline[color] || '#ffffff';
  ctx.lineWidth = Math.max(1.5, c * 0.06);
  ctx.lineCap = 'round';
  const inset = ctx.lineWidth / 2;
  ctx.beginPath();
  for (const sq of squares) {
    const f = fileOf(sq);
    const r = rankOf(sq);
    const [x, y] = board.origin(sq);
    // Screen sides: up, down, left, right, honouring the flip.
    const up = board.flipped ? r - 1 : r + 1;
    const down = board.flipped ? r + 1 : r - 1;
    const left = board.flipped ? f + 1 : f - 1;
    const right = board.flipped ? f - 1 : f + 1;
    const has = (ff, rr) => ff >= 0 && rr >= 0 && ff < board.width && rr < board.height && squares.has(squareAt(ff, rr));
    if (!has(f, up)) { ctx.moveTo(x, y + inset); ctx.lineTo(x + c, y + inset); }
    if (!has(f, down)) { ctx.moveTo(x, y + c - inset); ctx.lineTo(x + c, y + c - inset); }
    if (!has(left, r)) { ctx.moveTo(x + inset, y); ctx.lineTo(x + inset, y + c); }
    if (!has(right, r)) { ctx.moveTo(x + c - inset, y); ctx.lineTo(x + c - inset, y + c); }
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * Squares the last move left empty although a piece stood there (an en-passant victim, both squares
 * of an explosion) get a burst mark, bright while the move animates and faint afterwards.
 */
function drawEmptied(board) {
  if (!board.lastMove || !board.view) return;
  const occupied = new Set(board.view.pieces.map((p) => p.square));
  const vanish = board.lastMove.vanish || [];
  const appear = board.lastMove.appear || [];
  // A vanished piece that reappeared elsewhere moved (castling rook, the mover); the mover's square
  // is never a blast when something appeared (promotion).
  const moved = (p) => appear.some((a) => a.kind === p.kind && a.color === p.color) || (appear.length && p.square === board.lastMove.from);
  const emptied = vanish.filter((p) => !occupied.has(p.square) && !moved(p)).map((p) => p.square);
  const t = animationProgress(board);
  for (const sq of emptied) drawBurst(board, sq, t);
}

/** A burst on `sq`, `t` of the way through the move's animation. */
function drawBurst(board, sq, t) {
  const { ctx } = board;
  const c = board.cell;
  const [x, y] = board.origin(sq);
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

/** The pieces: those the last move captured fading, those it moved sliding, the rest where they stand. */
function drawPieces(board) {
  const { ctx } = board;
  const c = board.cell;
  const anim = board.anim;
  const t = animationProgress(board);
  const eased = t * (2 - t);
  const sliding = new Set(anim ? anim.slides.map((s) => s.piece.square) : []);
  if (anim) {
    ctx.globalAlpha = 1 - eased;
    for (const p of anim.fades) {
      const [x, y] = board.origin(p.square);
      drawPiece(ctx, p.kind, p.color, x, y, c, p.prongs, board.flipped);
    }
    ctx.globalAlpha = 1;
  }
  for (const p of board.view ? board.view.pieces : []) {
    if (board.drag && board.drag.moved && board.drag.from === p.square) continue;
    if (sliding.has(p.square)) continue;
    const [x, y] = board.origin(p.square);
    drawPiece(ctx, p.kind, p.color, x, y, c, p.prongs, board.flipped);
    if (p.badge) drawBadge(board, x, y, p.badge);
  }
  for (const s of anim ? anim.slides : []) {
    const [x0, y0] = board.origin(s.from);
    const [x1, y1] = board.origin(s.piece.square);
    drawPiece(ctx, s.piece.kind, s.piece.color, x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased, c, s.piece.prongs, board.flipped);
  }
}

/** A piece's counter, in a disc at its top right. */
function drawBadge(board, x, y, text) {
  const { ctx } = board;
  const c = board.cell;
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

/** The squares a set is picked from: chosen ones filled and framed, the others dashed. */
function drawPicker(board) {
  if (!board.picker) return;
  const { ctx } = board;
  const c = board.cell;
  for (const sq of board.picker.allowed) {
    const [x, y] = board.origin(sq);
    const chosen = board.picker.chosen.has(sq);
    ctx.fillStyle = chosen ? 'rgba(255, 210, 63, 0.55)' : 'rgba(255, 210, 63, 0.15)';
    ctx.fillRect(x, y, c, c);
    ctx.save();
    ctx.setLineDash(chosen ? [] : [c * 0.1, c * 0.08]);
    ctx.strokeStyle = '#ffd23f';
    ctx.lineWidth = Math.max(2, c * 0.05);
    strokeSquare(ctx, x, y, c);
    ctx.restore();
  }
}

/** The squares a chance event just touched. */
function drawEventMarks(board) {
  const { ctx } = board;
  const c = board.cell;
  for (const sq of board.eventMarks) {
    const [x, y] = board.origin(sq);
    ctx.strokeStyle = '#ffd23f';
    ctx.lineWidth = Math.max(2, c * 0.08);
    strokeSquare(ctx, x, y, c);
  }
}

/** The squares an option affects (a blast, a frontal run): shown, or those of the hovered move. */
function drawMarked(board) {
  const { ctx } = board;
  const c = board.cell;
  const marked = board.preview || board.hoverMarks();
  // The squares drawn as affected, for readers of the page and tests.
  if (marked.length) board.canvas.dataset.marked = marked.map(squareName).join(' ');
  else delete board.canvas.dataset.marked;
  for (const sq of marked) {
    const [x, y] = board.origin(sq);
    ctx.fillStyle = 'rgba(214, 60, 30, 0.42)';
    ctx.fillRect(x, y, c, c);
    ctx.strokeStyle = 'rgba(255, 120, 60, 0.9)';
    ctx.lineWidth = Math.max(1, c * 0.03);
    strokeSquare(ctx, x, y, c);
  }
}

/** Where the picked piece can go: a dot (a ring on a piece), a crosshair for a destroying action, a
 * red cross for a dead end. */
function drawDestinations(board) {
  const destroying = [];
  const deadEnds = [];
  for (const to of board.input.destinations(board.options)) {
    const [x, y] = board.origin(to);
    if (board.destroyingTo(to).length) {
      drawTarget(board, x, y, to === board.armed);
      destroying.push(squareName(to));
    } else if (deadEndTo(board.options, board.input.selected, to)) {
      drawDeadEnd(board.ctx, x, y, board.cell);
      deadEnds.push(squareName(to));
    } else drawDot(board, x, y, board.pieceAt(to));
  }
  // The targets drawn as destroying, for readers of the page that cannot see the canvas (and tests).
  if (destroying.length) board.canvas.dataset.destroying = destroying.join(' ');
  else delete board.canvas.dataset.destroying;
  // The picked piece's destinations proved dead ends (drawn as a red cross), likewise.
  if (deadEnds.length) board.canvas.dataset.deadEnds = deadEnds.join(' ');
  else delete board.canvas.dataset.deadEnds;
}

/** A destination: a dot on an empty square, a ring round a piece. */
function drawDot(board, x, y, onPiece) {
  const { ctx } = board;
  const c = board.cell;
  ctx.fillStyle = THEME.dest;
  ctx.strokeStyle = THEME.dest;
  ctx.beginPath();
  if (onPiece) {
    ctx.lineWidth = c * 0.08;
    ctx.arc(x + c / 2, y + c / 2, c * 0.46, 0, Math.PI * 2);
    ctx.stroke();
  } else {
    ctx.arc(x + c / 2, y + c / 2, c * 0.15, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A destroying action's target: a red crosshair (filled once armed by a first tap). */
function drawTarget(board, x, y, armed) {
  const { ctx } = board;
  const c = board.cell;
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

/** The keyboard cursor, while the board has the focus and is driven by keys. */
function drawCursor(board) {
  if (!board.keyboard || board.cursor == null || document.activeElement !== board.canvas) return;
  const { ctx } = board;
  const [x, y] = board.origin(board.cursor);
  ctx.strokeStyle = THEME.cursor;
  ctx.lineWidth = Math.max(2, board.cell * 0.06);
  strokeSquare(ctx, x, y, board.cell);
}

/** The piece being dragged, under the pointer. */
function drawDragged(board) {
  if (!board.drag || !board.drag.moved) return;
  const p = board.pieceAt(board.drag.from);
  if (!p) return;
  const c = board.cell;
  const scale = board.canvas.width / board.cssSize;
  drawPiece(board.ctx, p.kind, p.color, board.drag.x * scale - c / 2, board.drag.y * scale - c / 2, c, p.prongs, board.flipped);
}
