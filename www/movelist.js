// The move list: one row per round of turns, a cell per seat, chance events and game-level decisions
// on lines of their own; where the engine says turns are made of several steps (Napoleon: a group's
// moves, rejoining, switches), one row per turn with the seat's name and all its decisions instead.
// It draws the record the engine gives and nothing else.

import { t } from './strings.js';

/**
 * A move's name with a line break allowed after each switch arrow ("Ki16⇄" / "Pn13"), so a narrow column
 * breaks it there rather than inside a square name.
 */
function appendBreakable(element, name) {
  name.split(/(?<=⇄)/).forEach((part, i) => {
    if (i) element.append(document.createElement('wbr'));
    element.append(part);
  });
}

/** A decision of the record as a button that shows the position after it. */
function moveButton(state, entry, i, showPly) {
  const button = document.createElement('button');
  button.type = 'button';
  appendBreakable(button, entry.name);
  // Heard as the engine's words ("White: knight g1 to f3."), with the name for the eye.
  if (entry.words) button.setAttribute('aria-label', entry.words);
  button.dataset.ply = String(i + 1);
  if (i + 1 === state.ply) button.className = 'current';
  button.addEventListener('click', () => showPly(i + 1));
  return button;
}

/** A list item that takes no box of its own (its content is a cell of the list's grid). */
function listItem(list) {
  return (el) => {
    const li = document.createElement('li');
    li.style.display = 'contents';
    li.append(el);
    list.append(li);
  };
}

/** A line of its own in the list: a game-level decision (`meta`) or a chance event (`meta event`). */
function lineOf(className, text) {
  const line = document.createElement('span');
  line.className = className;
  line.textContent = text;
  return line;
}

export function renderMoves(state, { seatName, showPly }) {
  const list = document.getElementById('moves');
  list.textContent = '';
  list.classList.toggle('turn-rows', !!state.turnRows);
  if (state.turnRows) {
    renderTurnRows(list, state, { seatName, showPly });
    return;
  }
  const seats = state.seatNames.length;
  // Columns share the width whatever the names (a wide one would scroll the list sideways, hiding the
  // first seats); four seats get a smaller type.
  list.style.gridTemplateColumns = `${seats > 2 ? '1.8rem' : '2.6rem'} repeat(${seats}, minmax(0, 1fr))`;
  list.classList.toggle('many-seats', seats > 2);
  const item = listItem(list);
  const filler = (text = '') => {
    const span = document.createElement('span');
    span.textContent = text;
    item(span);
  };
  // One row per round of turns; a turn is the run of one seat's consecutive board decisions (the
  // switch and the move after it, say), shown in one cell.
  let column = 0; // the seat column the next cell takes in the current row
  let rowOpen = false;
  let rounds = 0;
  let cell = null;
  let cellSeat = null;
  const closeRow = () => {
    if (rowOpen) for (; column < seats; column++) filler();
    rowOpen = false;
    column = 0;
  };
  state.record.forEach((entry, i) => {
    if (entry.kind !== 'move') {
      // Game-level decisions (draw offers, resignation) get a line of their own.
      closeRow();
      item(lineOf('meta', t('moves.decision', { seat: seatName(entry.seat), name: entry.name })));
      cell = null;
      return;
    }
    if (!cell || cellSeat !== entry.seat) {
      if (!rowOpen || entry.seat < column) {
        closeRow();
        rounds++;
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${rounds}.`;
        item(num);
        rowOpen = true;
      }
      for (; column < entry.seat; column++) filler('…');
      cell = document.createElement('span');
      cell.className = 'turn';
      cellSeat = entry.seat;
      item(cell);
      column = entry.seat + 1;
    }
    // Decisions without a name (the pick of a piece, a man of a setup) are part of the named one after.
    if (!entry.name) return;
    cell.append(moveButton(state, entry, i, showPly));
    if (entry.note) {
      // A chance event: a line of its own under the move it followed.
      closeRow();
      item(lineOf('meta event', entry.note));
      cell = null;
    }
  });
  finish(list, state, item);
}

/**
 * One row per turn: its number, the seat's name, then every decision of the turn in order (a whole
 * Napoleon turn reads on one line, wrapping under itself when long). Game-level decisions and chance
 * events get lines of their own.
 */
function renderTurnRows(list, state, { seatName, showPly }) {
  list.style.gridTemplateColumns = '2.6rem minmax(0, 1fr)';
  list.classList.remove('many-seats');
  const item = listItem(list);
  let rounds = 0;
  let cell = null;
  let cellSeat = null;
  state.record.forEach((entry, i) => {
    if (entry.kind !== 'move') {
      item(lineOf('meta', t('moves.decision', { seat: seatName(entry.seat), name: entry.name })));
      cell = null;
      return;
    }
    if (!cell || cellSeat !== entry.seat) {
      // A new round when the seat is not after the last one's (two players: White's turn).
      const newRound = cellSeat == null || entry.seat <= cellSeat;
      if (newRound) rounds++;
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = newRound ? `${rounds}.` : `${rounds}…`;
      item(num);
      cell = document.createElement('span');
      cell.className = 'turn';
      const who = document.createElement('span');
      who.className = 'seat';
      who.textContent = seatName(entry.seat);
      cell.append(who);
      cellSeat = entry.seat;
      item(cell);
    }
    // Decisions without a name (the pick of a piece, a man of a setup) are part of the named one after.
    if (entry.name) cell.append(moveButton(state, entry, i, showPly));
    if (entry.note) {
      item(lineOf('meta event', entry.note));
      cell = null;
    }
  });
  finish(list, state, item);
}

/** An empty record says so; the current move is brought into view inside the list. */
function finish(list, state, item) {
  if (!state.record.length) {
    const empty = document.createElement('span');
    empty.className = 'empty';
    empty.textContent = t('moves.none');
    item(empty);
  }
  // The current move in view inside the list only: scrollIntoView would scroll the page as well,
  // pulling a phone's screen away from the board to the list after every move.
  const current = list.querySelector('button.current');
  if (current) {
    const box = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top) list.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
  }
}
