// The board's squares and its selection logic, without a browser: square numbers (rank << 4 | file) and
// their names, the options grouped by the piece they belong to, and what a click means given the
// engine's options (BoardInput). Kept apart from drawing so it can be reasoned about and tested without
// a canvas; which squares can move, and where to, come from the option list the engine hands over.

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
