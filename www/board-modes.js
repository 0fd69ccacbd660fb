// What a square activated (a click, a tap, Enter) does in the board's mode: playing moves (pick a piece,
// then where it goes; a destroying action armed by a first tap on touch), picking a set of squares
// (archers called onto them), or editing a setup (every square goes to the editor). Also the marks set
// from outside: a chance event's squares, an option's affected squares. These are Board methods
// (board.js mixes them in), so main.js and the others call them as before.

import { squareName } from './board-squares.js';

export const boardModes = {
  /**
   * Picking a set of squares (for actions that name several squares, such as calling archers): clicks
   * toggle squares of `allowed` instead of moving pieces, until `stopPicking`.
   */
  startPicking(allowed, onChange) {
    this.picker = { allowed: new Set(allowed), chosen: new Set(), onChange };
    this.canvas.dataset.picking = 'true';
    this.deselect();
    this.draw();
  },

  stopPicking() {
    if (!this.picker) return; // Nothing drawn changes (every render stops picking).
    this.picker = null;
    delete this.canvas.dataset.picking;
    this.draw();
  },

  /** Setup editing: every click, tap or Enter on a square goes to `onClick` until `stopEditing`. */
  startEditing(onClick) {
    this.editor = onClick;
    this.canvas.dataset.editing = 'true';
    this.deselect();
  },

  stopEditing() {
    this.editor = null;
    delete this.canvas.dataset.editing;
  },

  /**
   * Premoves (while it is not the player's turn, in games that take them): every click, tap or Enter on
   * a square goes to `onClick` (www/premove.js keeps the queued move) until `stopPremoves`.
   */
  startPremoves(onClick) {
    this.premover = onClick;
  },

  stopPremoves() {
    this.premover = null;
    this.showPremove([]);
  },

  /** The squares of the premove being made or queued, tinted until it is played or cancelled. */
  showPremove(squares) {
    const same = squares.length === this.premoveSquares.length && squares.every((sq, i) => sq === this.premoveSquares[i]);
    if (same) return;
    this.premoveSquares = squares;
    if (squares.length) this.canvas.dataset.premove = squares.map(squareName).join('');
    else delete this.canvas.dataset.premove;
    this.draw();
  },

  /** A tap/click/Enter on a square. */
  activate(sq) {
    if (this.editor) {
      this.editor(sq);
      return;
    }
    if (this.premover) {
      this.premover(sq);
      return;
    }
    if (this.picker) {
      this.togglePicked(sq);
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
  },

  /** Picking a set: a square allowed joins the set, or leaves it. */
  togglePicked(sq) {
    if (this.picker.allowed.has(sq)) {
      if (this.picker.chosen.has(sq)) this.picker.chosen.delete(sq);
      else this.picker.chosen.add(sq);
      this.picker.onChange(new Set(this.picker.chosen));
    }
    this.draw();
  },

  /** The destroying options of the picked piece onto `sq`. */
  destroyingTo(sq) {
    if (this.input.selected == null) return [];
    return this.options.filter((o) => o.from === this.input.selected && o.to === sq && o.to !== o.from && o.destroys);
  },

  disarm() {
    if (this.armed == null) return;
    this.armed = null;
    this.preview = null;
    delete this.canvas.dataset.armed;
  },

  /** Marks the squares a chance event touched (until the next move). */
  showEventMarks(squares) {
    const marks = squares || [];
    const same = marks.length === this.eventMarks.length && marks.every((sq, i) => sq === this.eventMarks[i]);
    this.eventMarks = marks;
    if (!same) this.draw(); // Every render sets them, mostly to none again.
  },

  /** Marks the squares an option affects (a blast area, a frontal run); null clears. */
  showPreview(squares) {
    const preview = squares && squares.length ? squares : null;
    if (!preview && !this.preview) return; // Nothing to clear (every render clears it).
    this.preview = preview;
    this.draw();
  },

  /** Squares affected by moving the selected piece to the hovered square, if any. */
  hoverMarks() {
    if (this.input.selected == null || this.hover == null) return [];
    const marks = new Set();
    for (const o of this.options) {
      if (o.from === this.input.selected && o.to === this.hover) for (const m of o.marks || []) marks.add(m);
    }
    return [...marks];
  },

  /** Drops the current pick (Escape, a chooser cancelled). */
  deselect() {
    if (this.input.selected == null) return;
    this.input.selected = null;
    this.onSelect(null);
    this.draw();
  },
};
