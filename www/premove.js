// Premoves: in a game that takes them (the opponent plays from another browser or is the computer), a
// move made while it is not the player's turn is queued, tinted on the board, and played as soon as the
// turn comes back if it is then an option (several options, a promotion: the chooser asks); otherwise
// it is dropped. A click elsewhere on the board, or Escape, cancels it. This is input state only: the
// session decides legality when the move is played, as for any click.
import { app } from './page.js';

/** The premove: its piece's square once picked, then its destination; the colours the player moves. */
const premove = { from: null, to: null, colors: new Set() };

/** Whether the board takes premoves now: the session says so, for the position the page shows. */
export function takesPremoves(state, live) {
  return live && Boolean(state.session?.premoves);
}

function squares() {
  return [premove.from, premove.to].filter((sq) => sq != null);
}

function cancel() {
  premove.from = premove.to = null;
  app.board.showPremove([]);
}

/**
 * A square activated while premoves are taken (null: Escape): the player's piece picks, another square
 * is the destination; anything once a premove is queued, or the picked square again, cancels.
 */
function click(sq) {
  if (sq == null || premove.to != null || sq === premove.from) return cancel();
  const piece = app.board.pieceAt(sq);
  // Before the player's first turn the page does not know their pieces' colour: any piece may be picked.
  const mine = Boolean(piece) && (!premove.colors.size || premove.colors.has(piece.color));
  if (mine && (premove.from == null || premove.colors.size)) premove.from = sq;
  else if (premove.from != null) premove.to = sq;
  else return cancel();
  app.board.showPremove(squares());
}

/**
 * After each render: takes premoves while `takes`; at the player's turn plays the queued one if it is an
 * option (`choose` gets the matching options), else drops it.
 */
export function renderPremove(takes, myTurn, moveOptions, choose) {
  if (myTurn && moveOptions.length) {
    premove.colors = new Set(moveOptions.map((o) => app.board.pieceAt(o.from)?.color).filter(Boolean));
  }
  if (takes) {
    app.board.startPremoves(click);
    app.board.showPremove(squares());
    return;
  }
  const queued = premove.from != null ? { ...premove } : null;
  premove.from = premove.to = null;
  app.board.stopPremoves();
  if (!queued || !myTurn) return;
  // Only the piece picked when the turn came: it stays picked, as a click on it now would have done.
  if (queued.to == null) return app.board.activate(queued.from);
  const matching = moveOptions.filter((o) => o.from === queued.from && o.to === queued.to);
  // From a task of its own: this runs inside a render.
  if (matching.length) setTimeout(() => choose(matching), 0);
}
