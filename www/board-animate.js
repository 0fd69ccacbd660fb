// The last move's animation: the pieces it moved slide from where they vanished to where they
// appeared and the ones it took fade, over 200 ms (none when the player asks for reduced motion).
// body[data-animating] is set while it runs: tests and screenshots wait on it rather than on a clock.

/** Starts animating `lastMove` on `board`, which draws every frame until it ends. */
export function startAnimation(board, lastMove) {
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const vanished = [...(lastMove.vanish || [])];
  const slides = [];
  const same = (a, b) => a.kind === b.kind && a.color === b.color;
  for (const piece of lastMove.appear || []) {
    // The piece that vanished and reappeared slides; a promoted pawn slides as its new piece.
    let i = vanished.findIndex((v) => same(v, piece) && v.square === lastMove.from);
    if (i < 0) i = vanished.findIndex((v) => same(v, piece));
    if (i < 0) i = vanished.findIndex((v) => v.color === piece.color && v.square === lastMove.from);
    if (i < 0) continue;
    slides.push({ piece, from: vanished[i].square });
    vanished.splice(i, 1);
  }
  board.anim = { start: performance.now(), duration: 200, slides, fades: vanished };
  document.body.dataset.animating = 'true';
  const tick = () => {
    if (!board.anim) return;
    board.draw();
    if (performance.now() - board.anim.start < board.anim.duration) requestAnimationFrame(tick);
    else {
      stopAnimation(board);
      board.draw();
    }
  };
  requestAnimationFrame(tick);
}

/** Ends the animation running, if any (the board draws the position as it stands). */
export function stopAnimation(board) {
  board.anim = null;
  delete document.body.dataset.animating;
}

/** How far the animation has gone, from 0 to 1 (1 when none runs). */
export function animationProgress(board) {
  const anim = board.anim;
  return anim ? Math.min(1, (performance.now() - anim.start) / anim.duration) : 1;
}
