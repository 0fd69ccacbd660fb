// The board's selection logic, without a browser: what a click means given the engine's options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoardInput, optionsByFrom, squareAt, squareName } from '../../www/board.js';

const sq = (name) => squareAt(name.charCodeAt(0) - 97, Number(name.slice(1)) - 1);
const move = (index, from, to, choice) => ({ index, kind: 'move', from: sq(from), to: sq(to), choice });
const OPTIONS = [
  move(0, 'e2', 'e3'),
  move(1, 'e2', 'e4'),
  move(2, 'g1', 'f3'),
  move(3, 'a7', 'a8', { kind: 'Q' }),
  move(4, 'a7', 'a8', { kind: 'N' }),
  { index: 5, kind: 'resign', from: null, to: null },
];

test('square helpers', () => {
  assert.equal(squareName(sq('p16')), 'p16');
  assert.equal(sq('a1'), 0);
  assert.equal(optionsByFrom(OPTIONS).size, 3, 'non-board options are left out');
});

test('select, then move', () => {
  const input = new BoardInput();
  assert.deepEqual(input.click(sq('e2'), OPTIONS), { type: 'select', square: sq('e2') });
  assert.deepEqual([...input.destinations(OPTIONS)].sort(), [sq('e3'), sq('e4')].sort());
  const r = input.click(sq('e4'), OPTIONS);
  assert.equal(r.type, 'move');
  assert.deepEqual(r.options.map((o) => o.index), [1]);
  assert.equal(input.selected, null);
});

test('clicking another movable piece switches the selection; an empty square clears it', () => {
  const input = new BoardInput();
  input.click(sq('e2'), OPTIONS);
  assert.deepEqual(input.click(sq('g1'), OPTIONS), { type: 'select', square: sq('g1') });
  assert.deepEqual(input.click(sq('h5'), OPTIONS), { type: 'clear' });
  assert.equal(input.selected, null);
});

test('several options on one destination come back together (promotion chooser)', () => {
  const input = new BoardInput();
  input.click(sq('a7'), OPTIONS);
  const r = input.click(sq('a8'), OPTIONS);
  assert.deepEqual(r.options.map((o) => o.choice.kind), ['Q', 'N']);
});

test('nothing is selectable when there are no options (not your move)', () => {
  const input = new BoardInput();
  assert.deepEqual(input.click(sq('e2'), []), { type: 'clear' });
});

test('a piece whose only actions go nowhere (take it off, rotate it) can still be picked', () => {
  const takeOff = { index: 7, kind: 'move', from: sq('b1'), to: null, name: '-Nb1' };
  const input = new BoardInput();
  assert.deepEqual(input.click(sq('b1'), [takeOff]), { type: 'select', square: sq('b1') });
  assert.deepEqual(input.destinations([takeOff]), new Set());
  assert.deepEqual(input.inPlace([takeOff]).map((o) => o.index), [7]);
  // Clicking it again offers those actions.
  assert.deepEqual(input.click(sq('b1'), [takeOff]).options.map((o) => o.index), [7]);
});
