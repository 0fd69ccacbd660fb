// The second piece set, "Geometric": the same kinds as the classic set (pieces.js), in flat shapes of
// straight lines and circles on the same 100x100 grid, drawn by the same code (body, detail lines in
// the contrast colour, dots). Every kind of every variant must be here too (tests/unit/pieces.test.mjs).

/** A circle as a path: centre (x, y), radius r. */
const ring = (x, y, r) => `M${x} ${y - r} a${r} ${r} 0 1 1 -0.01 0 Z`;
const BASE = 'M24 80 H76 V88 H24 Z';

export const GEOMETRIC = {
  P: { body: [ring(50, 34, 12), 'M40 80 L45 48 H55 L60 80 Z', BASE] },
  R: {
    body: ['M28 20 H39 V29 H45 V20 H55 V29 H61 V20 H72 V40 H64 V80 H36 V40 H28 Z', BASE],
    detail: ['M36 40 H64'],
  },
  B: {
    body: ['M50 12 L66 38 L56 58 H44 L34 38 Z', 'M44 58 H56 L60 80 H40 Z', BASE],
    detail: ['M43 30 L55 42'],
  },
  N: {
    body: ['M34 80 L38 58 L24 52 L26 40 L44 24 L46 12 L56 20 C70 26 76 46 68 80 Z', BASE],
    detail: ['M38 58 L50 48'],
    dots: [[41, 34, 3]],
  },
  Q: {
    body: ['M30 80 L24 34 L38 52 L50 22 L62 52 L76 34 L70 80 Z', BASE],
    detail: ['M30 66 H70'],
    dots: [[24, 30, 5], [50, 18, 5], [76, 30, 5]],
  },
  K: {
    body: ['M46 8 H54 V18 H64 V26 H54 V40 H46 V26 H36 V18 H46 Z', 'M30 40 H70 L66 80 H34 Z', BASE],
    detail: ['M32 56 H68'],
  },
  // Chess 2024.
  E: {
    body: [ring(50, 34, 12), 'M40 80 L45 48 H55 L60 80 Z', BASE],
    detail: ['M40 64 L50 58 L60 64', 'M40 72 L50 66 L60 72'], // sergeant's stripes
  },
  J: {
    body: ['M30 46 L18 14 L50 32 L82 14 L70 46 Z', ring(50, 56, 10), 'M32 80 L40 66 H60 L68 80 Z', BASE],
    dots: [[18, 14, 4.5], [82, 14, 4.5]],
  },
  C: {
    body: ['M18 58 L70 28 L78 40 L26 70 Z', ring(40, 66, 13), BASE],
    detail: ['M40 57 V75', 'M31 66 H49'],
  },
  A: { body: [ring(34, 68, 11), ring(66, 68, 11), ring(50, 46, 11), BASE] },
  X: {
    body: ['M10 52 L22 36 L40 34 L50 24 L62 34 L80 36 L90 52 L80 66 L62 70 L50 80 L38 70 L20 66 Z'],
    inner: ['M26 52 C28 42 72 42 74 52 C72 62 28 62 26 52 Z'],
  },
  H: {
    body: ['M32 12 L72 50 L32 88 L38 80 L62 50 L38 20 Z', 'M14 47 H70 V53 H14 Z', 'M68 40 L86 50 L68 60 Z', BASE],
    detail: ['M35 16 V84'],
  },
};
