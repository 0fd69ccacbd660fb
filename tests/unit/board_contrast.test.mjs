// Contrast of every board theme (style.css, data-board): the marks a player needs to play must stand
// out from both square colours, by WCAG's contrast ratio.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');

/** Each board theme's custom properties, by theme name (the default block names "wood"). */
function themes() {
  const out = {};
  for (const [, name, body] of css.matchAll(/\[data-board="(\w+)"\]\s*\{([^}]*)\}/g)) {
    out[name] = Object.fromEntries([...body.matchAll(/--sq-([\w-]+):\s*([^;]+);/g)].map(([, k, v]) => [k, parse(v.trim())]));
  }
  return out;
}

/** '#rrggbb' or 'rgba(r, g, b, a)' as [r, g, b, a]. */
function parse(text) {
  const hex = /^#([0-9a-f]{6})$/i.exec(text);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
  const rgba = /^rgba\(([^)]*)\)$/.exec(text);
  if (rgba) return rgba[1].split(',').map(Number);
  throw new Error(`unreadable colour ${text}`);
}

/** `top` painted over the opaque `under`, as the canvas does. */
const over = ([r, g, b, a], under) => [r, g, b].map((c, i) => c * a + under[i] * (1 - a)).concat(1);

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]) {
  const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Legal-move dots and rings, and the ring round a king in check, are what a player needs to see to
// play: WCAG 2.1 SC 1.4.11 (non-text contrast) asks 3:1 of such graphical objects. They are checked on
// both squares, plain and under the last move's tint (a destination may be the square just left).
const NEEDED = 3;
// The last move's and the picked piece's tints repeat what is said elsewhere (the move list marks the
// last move; a picked piece shows its dots), so 1.4.11 does not bind them; they must still be seen
// apart from an untinted square of the same colour: 1.2:1, above the ~1.1 of common boards' tints that
// players miss on a dim phone.
const TINT = 1.2;

test('there are at least three board themes, each with every colour', () => {
  const all = themes();
  assert.ok(Object.keys(all).length >= 3, Object.keys(all).join(' '));
  for (const [name, t] of Object.entries(all)) {
    assert.deepEqual(Object.keys(t).sort(), ['check', 'dark', 'dest', 'last', 'light', 'selected'], name);
  }
});

for (const [name, t] of Object.entries(themes())) {
  test(`board theme ${name}: marks stand out from both squares`, () => {
    for (const square of [t.light, t.dark]) {
      for (const ground of [square, over(t.last, square)]) {
        const dot = contrast(over(t.dest, ground), ground);
        assert.ok(dot >= NEEDED, `${name}: legal-move dot ${dot.toFixed(2)}:1 on ${ground.map(Math.round)}`);
      }
      const check = contrast(over(t.check, square), square);
      assert.ok(check >= NEEDED, `${name}: check ring ${check.toFixed(2)}:1 on ${square}`);
      for (const tint of ['last', 'selected']) {
        const ratio = contrast(over(t[tint], square), square);
        assert.ok(ratio >= TINT, `${name}: ${tint} tint ${ratio.toFixed(2)}:1 on ${square}`);
      }
    }
  });
}
