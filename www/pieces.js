// Piece pictures, drawn as vector paths on a 100x100 grid so they stay sharp at any size and on any
// device (no font dependence). A variant that adds a piece kind adds one entry to PIECES.
// Kinds are the engine's codes (BoardView.pieces[].kind); colours are the engine's owner names.
// Two sets of shapes (classic here, geometric in pieces_geometric.js) share the colours and the drawing.

import { GEOMETRIC } from './pieces_geometric.js';

const BASE = 'M28 78 H72 L74 88 H26 Z';

/** kind -> { body: [path, ...], detail: [path, ...] (lines drawn in the contrast colour), dots: [[x, y, r], ...] } */
export const PIECES = {
  P: {
    body: ['M50 20 a12 12 0 1 1 -0.01 0 Z', 'M40 46 H60 L56 52 C60 58 64 68 66 78 H34 C36 68 40 58 44 52 Z', BASE],
  },
  R: {
    body: ['M30 20 H39 V27 H46 V20 H54 V27 H61 V20 H70 V38 L64 43 V71 L70 77 V78 H30 V77 L36 71 V43 L30 38 Z', BASE],
    detail: ['M36 43 H64', 'M36 71 H64'],
  },
  B: {
    body: [
      'M50 10 a6 6 0 1 1 -0.01 0 Z',
      'M50 22 C63 32 68 46 61 60 H39 C32 46 37 32 50 22 Z',
      'M38 60 H62 L60 67 H40 Z',
      'M42 67 H58 L62 78 H38 Z',
      BASE,
    ],
    detail: ['M45 36 L56 47', 'M40 60 H60'],
  },
  N: {
    body: [
      'M66 78 H30 C30 66 38 58 47 52 C41 52 35 56 29 60 C23 60 19 55 22 50 C30 40 36 30 44 25 L46 13 L53 22 C67 24 78 38 77 56 C76 66 72 72 66 78 Z',
      BASE,
    ],
    detail: ['M47 52 C52 48 55 44 56 38'],
    dots: [[43, 34, 3]],
  },
  Q: {
    body: ['M24 34 L33 60 L37 26 L44 57 L50 22 L56 57 L63 26 L67 60 L76 34 L68 76 H32 Z', BASE],
    detail: ['M33 68 H67'],
    dots: [[24, 32, 5], [37, 24, 5], [50, 19, 5], [63, 24, 5], [76, 32, 5]],
  },
  // Chess 2024.
  E: {
    body: ['M50 20 a12 12 0 1 1 -0.01 0 Z', 'M40 46 H60 L56 52 C60 58 64 68 66 78 H34 C36 68 40 58 44 52 Z', BASE],
    detail: ['M41 63 L50 57 L59 63', 'M39 71 L50 65 L61 71'], // sergeant's stripes
  },
  J: {
    body: [
      'M36 42 L22 16 L44 32 L50 8 L56 32 L78 16 L64 42 Z',
      'M50 38 a12 12 0 1 1 -0.01 0 Z',
      'M32 78 C34 67 40 62 50 62 C60 62 66 67 68 78 Z',
      BASE,
    ],
    detail: ['M38 62 L44 68 L50 62 L56 68 L62 62'],
    dots: [[22, 16, 4.5], [50, 8, 4.5], [78, 16, 4.5]],
  },
  C: {
    body: ['M42 72 L44 20 L56 20 L58 72 Z', 'M39 16 H61 V24 H39 Z', 'M26 70 H74 V78 H26 Z', 'M38 66 a10 10 0 1 1 -0.01 0 Z', 'M62 66 a10 10 0 1 1 -0.01 0 Z'],
    detail: ['M46 40 H54', 'M46 52 H54'],
  },
  A: {
    body: ['M22 78 H78 V86 H22 Z', 'M36 52 a13 13 0 1 1 -0.01 0 Z', 'M64 52 a13 13 0 1 1 -0.01 0 Z', 'M50 30 a13 13 0 1 1 -0.01 0 Z'],
  },
  X: {
    body: ['M12 52 C12 26 88 26 88 52 C88 78 12 78 12 52 Z'],
    inner: ['M22 52 C24 36 76 36 78 52 C76 68 24 68 22 52 Z'],
    detail: ['M34 46 L42 52 L38 60', 'M62 44 L56 52 L64 58'],
  },
  H: {
    body: ['M30 14 C80 26 80 74 30 86 C66 70 66 30 30 14 Z', 'M16 47 H70 V53 H16 Z', 'M68 40 L86 50 L68 60 Z', BASE],
    detail: ['M31 16 L31 84'],
  },
  K: {
    body: [
      'M47 6 H53 V12 H59 V18 H53 V27 H47 V18 H41 V12 H47 Z',
      'M50 29 C57 29 61 34 61 39 C69 34 80 38 78 49 C76 58 68 65 66 76 H34 C32 65 24 58 22 49 C20 38 31 34 39 39 C39 34 43 29 50 29 Z',
      BASE,
    ],
    detail: ['M50 40 V66', 'M34 68 H66'],
  },
};

/** The piece sets by the name looks.js keeps; `drawPiece` draws with the one chosen by `setPieceSet`. */
export const PIECE_SETS = { classic: PIECES, geometric: GEOMETRIC };
let shapes = PIECES;

export function setPieceSet(name) {
  shapes = PIECE_SETS[name] || PIECES;
}

const COLORS = {
  white: { fill: '#fbfbf8', stroke: '#1d1d1d', detail: '#1d1d1d' },
  black: { fill: '#2a2a2a', stroke: '#000000', detail: '#e8e8e8' },
  // The other two players of four-player games.
  red: { fill: '#c8362d', stroke: '#3a0c08', detail: '#fff3e8' },
  blue: { fill: '#2f62c9', stroke: '#0b1c40', detail: '#eef4ff' },
  // Checkered pieces (Checkered Chess) are filled with a black-and-white checkerboard.
  checkered: { fill: 'checkerboard', stroke: '#000000', detail: '#d7263d' },
};

/** The checkerboard fill, in the piece's 100-unit grid: about 6 cells across a piece. */
let checkerTile = null;
function fillStyle(ctx, fill) {
  if (fill !== 'checkerboard') return fill;
  if (!checkerTile) {
    checkerTile = document.createElement('canvas');
    checkerTile.width = checkerTile.height = 32;
    const t = checkerTile.getContext('2d');
    t.fillStyle = '#f4f4f4';
    t.fillRect(0, 0, 32, 32);
    t.fillStyle = '#303030';
    t.fillRect(0, 0, 16, 16);
    t.fillRect(16, 16, 16, 16);
  }
  return ctx.createPattern(checkerTile, 'repeat');
}

const pathCache = new Map();
function path(d) {
  let p = pathCache.get(d);
  if (!p) {
    p = new Path2D(d);
    pathCache.set(d, p);
  }
  return p;
}

/** Knight leaps clockwise from north-north-east, as (file, rank) steps. */
const LEAPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

/**
 * Prongs drawn around a piece (Chess with Wounds): short prongs are stubs, long prongs reach the edge
 * with an arrowhead, knight prongs end in a dot; lost prongs are simply absent. Bits as in the engine's
 * Prongs: compass directions clockwise from north, knight leaps clockwise from north-north-east.
 */
function drawProngs(ctx, prongs) {
  const spokes = [];
  for (let i = 0; i < 8; i++) {
    const angle = (i * Math.PI) / 4;
    const dir = [Math.sin(angle), -Math.cos(angle)];
    if (prongs.long & (1 << i)) spokes.push({ dir, end: 48, arrow: true });
    else if (prongs.short & (1 << i)) spokes.push({ dir, end: 43 });
    if (prongs.knight & (1 << i)) {
      const [df, dr] = LEAPS[i];
      const n = Math.hypot(df, dr);
      spokes.push({ dir: [df / n, -dr / n], end: 45, dot: true });
    }
  }
  const line = (s, width, style) => {
    ctx.strokeStyle = style;
    ctx.fillStyle = style;
    ctx.lineWidth = width;
    const [dx, dy] = s.dir;
    ctx.beginPath();
    ctx.moveTo(50 + dx * 28, 50 + dy * 28);
    ctx.lineTo(50 + dx * s.end, 50 + dy * s.end);
    ctx.stroke();
    const tip = [50 + dx * s.end, 50 + dy * s.end];
    if (s.arrow) {
      const back = [tip[0] - dx * 8, tip[1] - dy * 8];
      ctx.beginPath();
      ctx.moveTo(tip[0], tip[1]);
      ctx.lineTo(back[0] - dy * (5 + width / 3), back[1] + dx * (5 + width / 3));
      ctx.lineTo(back[0] + dy * (5 + width / 3), back[1] - dx * (5 + width / 3));
      ctx.closePath();
      ctx.fill();
    }
    if (s.dot) {
      ctx.beginPath();
      ctx.arc(tip[0], tip[1], 3 + width / 4, 0, Math.PI * 2);
      ctx.fill();
    }
  };
  ctx.lineCap = 'round';
  for (const s of spokes) line(s, s.arrow ? 9 : 8, '#f4efe6'); // light halo: readable on both square colours
  for (const s of spokes) line(s, s.arrow ? 5 : 4.5, '#2a1d12');
}

/** Draws a piece of `kind` and `color` into the square (x, y, size) of a 2D context; with `prongs`, the
 * piece is drawn smaller, inside its prongs (board directions: turned round on a flipped board). */
export function drawPiece(ctx, kind, color, x, y, size, prongs, flipped = false) {
  if (prongs) {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(size / 100, size / 100);
    if (flipped) {
      ctx.translate(50, 50);
      ctx.rotate(Math.PI);
      ctx.translate(-50, -50);
    }
    drawProngs(ctx, prongs);
    ctx.restore();
    const inner = size * 0.6;
    drawPiece(ctx, kind, color, x + (size - inner) / 2, y + (size - inner) / 2, inner);
    return;
  }
  const shape = shapes[kind];
  const palette = COLORS[color] || COLORS.white;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (!shape) {
    // Unknown kind: a disc with the code, so a missing picture is visible rather than silent.
    ctx.beginPath();
    ctx.arc(50, 50, 34, 0, Math.PI * 2);
    ctx.fillStyle = fillStyle(ctx, palette.fill);
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = palette.stroke;
    ctx.stroke();
    ctx.fillStyle = palette.detail;
    ctx.font = 'bold 36px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(kind, 50, 52);
    ctx.restore();
    return;
  }
  ctx.lineWidth = 3.2;
  const fill = fillStyle(ctx, palette.fill);
  for (const d of shape.body) {
    ctx.fillStyle = fill;
    ctx.fill(path(d));
    ctx.strokeStyle = palette.stroke;
    ctx.stroke(path(d));
  }
  for (const d of shape.inner || []) {
    // The inside of a crater: earth, whoever owns the rim.
    ctx.fillStyle = '#4a3422';
    ctx.fill(path(d));
  }
  for (const [cx, cy, r] of shape.dots || []) {
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    if (kind === 'N') {
      ctx.fillStyle = palette.detail;
      ctx.fill();
    } else {
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.stroke();
    }
  }
  ctx.strokeStyle = palette.detail;
  ctx.lineWidth = 2.4;
  for (const d of shape.detail || []) ctx.stroke(path(d));
  ctx.restore();
}

/** A small canvas showing one piece, for choosers and the rules text. */
export function pieceCanvas(kind, color, cssSize = 56, prongs, flipped = false) {
  const canvas = document.createElement('canvas');
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(cssSize * dpr);
  canvas.height = Math.round(cssSize * dpr);
  canvas.style.width = `${cssSize}px`;
  canvas.style.height = `${cssSize}px`;
  drawPiece(canvas.getContext('2d'), kind, color, 0, 0, canvas.width, prongs, flipped);
  return canvas;
}
