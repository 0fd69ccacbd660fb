// The board's coordinates: file letters along the bottom edge, rank numbers along the left, in the
// corners of the edge squares; on a zoomed board, along the edges of the part in view on a dark band.
// They stay legible at every size: their figures are never under MIN_CSS_PX CSS pixels high (a fifth
// of a square is a 5 to 6 px high figure on a 16x16 board), on a chip of the square's colour when they
// outgrow their corner.

import { squareAt } from './board-squares.js';

/** The smallest height of a coordinate's figures and letters (an "8"), in CSS pixels. */
export const MIN_CSS_PX = 10;

/** Sets the coordinates' font on the board's canvas; returns its size in canvas pixels. */
function font(board) {
  const { ctx } = board;
  const scale = board.cssSize ? board.canvas.width / board.cssSize : 1;
  const natural = Math.max(1, Math.round(board.cell * 0.2));
  const key = `${natural} ${scale}`;
  // The size is found once per square size: each try sets the canvas's font, which the browser parses,
  // and on a phone the tries one by one were a sixth of the first drawing.
  if (board.coordFont?.key !== key) board.coordFont = { key, ...fontSize(ctx, natural, scale, board.coordRatio) };
  const { px, high } = board.coordFont;
  ctx.font = fontOf(px);
  // How high the figures are drawn, in CSS pixels (for tests and tools).
  board.canvas.dataset.coordHeight = (high / scale).toFixed(1);
  return { px, chip: px > natural };
}

const fontOf = (px) => `600 ${px}px system-ui, sans-serif`;

/** The height of a figure ("8") at `px` in the coordinates' font (each new size is a font the browser loads). */
function heightAt(ctx, px) {
  ctx.font = fontOf(px);
  const m = ctx.measureText('8');
  return m.actualBoundingBoxAscent + m.actualBoundingBoxDescent || px * 0.72;
}

/**
 * The smallest font size from `natural` up whose figures are MIN_CSS_PX CSS pixels high, and their height.
 * Figures grow about in proportion to the font's size: the first try is just under the size wanted, by
 * `ratio` (a figure's height per pixel of font size: measured while the page started, warmCoordinates, or
 * here at `natural`), then it steps, as hinting does not grow them evenly. Each try is a font size the
 * browser loads: on a phone, four of them were a tenth of a board's first drawing.
 */
function fontSize(ctx, natural, scale, ratio) {
  const want = MIN_CSS_PX * scale;
  const most = 40 * scale;
  let px = natural;
  let high;
  if (!(ratio > 0)) {
    high = heightAt(ctx, px);
    if (high >= want) return { px, high };
    ratio = high / px;
  }
  px = Math.max(natural, Math.min(Math.ceil(want / ratio) - 1, Math.floor(most)));
  high = heightAt(ctx, px);
  while (high >= want && px > natural) {
    const lower = heightAt(ctx, px - 1);
    if (lower < want) break;
    px -= 1;
    high = lower;
  }
  while (high < want && px < most) high = heightAt(ctx, ++px);
  return { px, high };
}

/**
 * Measures a figure in the coordinates' font on the board's canvas, drawing nothing: the first text a
 * canvas measures or draws loads its font, which the page does while the engine loads rather than in
 * the first drawing of a game.
 */
export function warmCoordinates(board) {
  board.coordRatio = heightAt(board.ctx, WARM_PX) / WARM_PX;
}

/** The font size measured while the page starts: a figure's height per pixel of font size. */
const WARM_PX = 24;

/** Draws the coordinates (`theme`: the board's square colours). */
export function drawCoordinates(board, theme) {
  const { ctx } = board;
  const c = board.cell;
  const { px, chip } = font(board);
  const seen = board.visibleRect();
  if (seen) {
    drawCoordinatesInView(board, seen, px);
    return;
  }
  delete board.canvas.dataset.coordsInView;
  const label = (text, file, rank, align, baseline, x, y) => {
    const light = (file + rank) % 2 === 0;
    ctx.textAlign = align;
    ctx.textBaseline = baseline;
    if (chip) {
      // A label bigger than its corner sits on a chip of its square's colour, over the piece.
      const w = ctx.measureText(text).width + px * 0.3;
      const left = align === 'right' ? x - w + px * 0.15 : x - px * 0.15;
      const top = baseline === 'bottom' ? y - px : y;
      ctx.save();
      ctx.globalAlpha = 0.8;
      ctx.fillStyle = light ? theme.dark : theme.light;
      ctx.fillRect(left, top, w, px);
      ctx.restore();
    }
    ctx.fillStyle = light ? theme.light : theme.dark;
    ctx.fillText(text, x, y);
  };
  for (let i = 0; i < board.width; i++) {
    const file = board.flipped ? board.width - 1 - i : i;
    const rank = board.flipped ? board.height - 1 : 0;
    const [x, y] = board.origin(squareAt(file, rank));
    label(String.fromCharCode(97 + file), file, rank, 'right', 'bottom', x + c - c * 0.05, y + c - c * 0.02);
  }
  for (let j = 0; j < board.height; j++) {
    const rank = board.flipped ? board.height - 1 - j : j;
    const file = board.flipped ? board.width - 1 : 0;
    const [x, y] = board.origin(squareAt(file, rank));
    label(String(rank + 1), file, rank, 'left', 'top', x + c * 0.05, y + c * 0.04);
  }
}

/**
 * Coordinates of a zoomed board, along the left and bottom edges of the part in view, on a dark band
 * (a panned board's own edge files and ranks are out of sight).
 */
function drawCoordinatesInView(board, seen, px) {
  const { ctx } = board;
  const c = board.cell;
  const band = Math.max(c * 0.3, px * 1.3);
  ctx.save();
  ctx.fillStyle = 'rgba(20, 20, 20, 0.55)';
  ctx.fillRect(seen.x, seen.y + seen.h - band, seen.w, band);
  ctx.fillRect(seen.x, seen.y, band, seen.h - band);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let col = 0; col < board.width; col++) {
    const file = board.flipped ? board.width - 1 - col : col;
    ctx.fillText(String.fromCharCode(97 + file), col * c + c / 2, seen.y + seen.h - band / 2);
  }
  for (let row = 0; row < board.height; row++) {
    const rank = board.flipped ? row : board.height - 1 - row;
    ctx.fillText(String(rank + 1), seen.x + band / 2, row * c + c / 2);
  }
  ctx.restore();
  const scale = board.canvas.width / board.cssSize;
  // Where the labels are, in CSS pixels of the canvas (for tests and tools).
  board.canvas.dataset.coordsInView = `${Math.round(seen.x / scale)},${Math.round((seen.y + seen.h) / scale)}`;
}
