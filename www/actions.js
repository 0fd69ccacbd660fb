// Buttons for the actions a click on the board cannot express: the picked piece's actions in place,
// actions tied to no square (folded in named groups), and sets of squares picked on the board.
import { $, app } from './page.js';
import { deadEndPieces } from './marks.js';
import { pieceCanvas } from './pieces.js';
import { t } from './strings.js';

// main.js's entry points (registered on app.hooks once the page has started).
const play = (...args) => app.hooks.play(...args);

/**
 * Buttons for what is not a move from one square to another: actions of the picked piece that leave it
 * where it stands (a rotation), and actions tied to no square (a forced pass). Keyboard users reach
 * them with Tab.
 */
export function renderPieceActions() {
  const box = $('piece-actions');
  box.textContent = '';
  const options = app.moveOptions || [];
  const picked = app.board.input.inPlace(options);
  const unplaced = options.filter((o) => o.from == null);
  const button = (option) => {
    const b = document.createElement('button');
    b.type = 'button';
    if (option.choice) b.append(pieceCanvas(option.choice.kind, option.choice.color, 44, option.choice.prongs, app.flipped));
    const label = document.createElement('span');
    label.textContent = option.choice ? `${option.choice.label} (${option.name})` : option.name;
    b.append(label);
    if (option.deadEnd) {
      // Proved by the engine: no legal end of the turn after it. Still offered (the lists are the
      // rules'), but said on the button itself, so it is read with it.
      b.classList.add('dead-end');
      const warning = document.createElement('small');
      warning.textContent = t('board.deadEndAfter');
      b.append(warning);
    }
    b.addEventListener('click', () => play(option));
    const show = () => app.board.showPreview(option.marks || []);
    b.addEventListener('mouseenter', show);
    b.addEventListener('focus', show);
    b.addEventListener('mouseleave', () => app.board.showPreview(null));
    b.addEventListener('blur', () => app.board.showPreview(null));
    return b;
  };
  for (const option of [...picked, ...unplaced.filter((o) => !o.group)]) box.append(button(option));
  // Board moves the engine also offers as a button (Checkered's switch: the king onto the enemy king).
  for (const option of options.filter((o) => o.from != null && o.group)) {
    const b = button(option);
    b.querySelector('span').textContent = `${option.group} (${option.name})`;
    box.append(b);
  }
  // Actions tied to no square come in named groups (bring on from the reserve, call archers), folded
  // so a long list does not push the board away; the buttons are made when a group is opened.
  const groups = new Map();
  for (const o of unplaced.filter((o) => o.group)) {
    if (!groups.has(o.group)) groups.set(o.group, []);
    groups.get(o.group).push(o);
  }
  for (const [title, list] of groups) {
    const details = document.createElement('details');
    details.className = 'action-group';
    const summary = document.createElement('summary');
    details.append(summary);
    // Options that differ only by a set of squares (which squares get archers): picked on the board.
    // Their count (every set of squares) means nothing to a player: the title goes without it.
    const picked = list.length > 1 && list.every((o) => o.from == null && o.to == null && (o.marks || []).length);
    summary.textContent = picked ? title : `${title} (${list.length})`;
    if (picked) {
      details.append(squarePicker(details, list));
      box.append(details);
      continue;
    }
    details.addEventListener('toggle', () => {
      if (details.open && details.childElementCount === 1) {
        const row = document.createElement('div');
        row.className = 'action-group-list';
        for (const option of list) row.append(button(option));
        details.append(row);
      }
    });
    box.append(details);
  }
  // What the red crosses mean, while some are shown: on the picked piece's destinations, on pieces
  // whose every move is a dead end, on a button.
  const selected = app.board.input.selected;
  const crossed = options.some((o) => o.deadEnd && (o.from == null || o.from === selected));
  if (crossed || (selected == null && deadEndPieces(options).length)) {
    const legend = document.createElement('p');
    legend.className = 'dead-end-legend';
    legend.textContent = t('board.deadEndLegend');
    box.append(legend);
  }
  box.hidden = !box.childElementCount;
}

/** The body of a group whose options are sets of squares: click squares on the board, then confirm. */
function squarePicker(details, list) {
  const key = (squares) => [...squares].sort((x, y) => x - y).join(',');
  const byKey = new Map(list.map((o) => [key(o.marks), o]));
  const allowed = new Set(list.flatMap((o) => o.marks));
  const panel = document.createElement('div');
  panel.className = 'action-group-list';
  const help = document.createElement('p');
  help.className = 'picker-help';
  help.textContent = t('picker.help');
  const confirmButton = document.createElement('button');
  confirmButton.type = 'button';
  confirmButton.className = 'primary';
  confirmButton.textContent = t('picker.confirm');
  confirmButton.disabled = true;
  let chosen = null;
  confirmButton.addEventListener('click', () => {
    if (!chosen) return;
    app.board.stopPicking();
    play(chosen);
  });
  details.addEventListener('toggle', () => {
    if (details.open) {
      app.board.startPicking(allowed, (squares) => {
        chosen = byKey.get(key(squares)) || null;
        confirmButton.disabled = !chosen;
        confirmButton.textContent = chosen ? t('picker.confirmMove', { name: chosen.name }) : t('picker.confirm');
      });
      $('board').focus({ preventScroll: true });
    } else {
      app.board.stopPicking();
    }
  });
  panel.append(help, confirmButton);
  return panel;
}

/** " Check!" when the player to move is in check; with four players, who else is (their kings are lit too). */
