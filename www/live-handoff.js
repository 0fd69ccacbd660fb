// The answer link opened in another tab of the inviter's browser: that tab hands the answer to the tab
// that made the invitation (and holds its peer connection) over a BroadcastChannel, which reaches only
// this browser's tabs of this site. The tab that waits for the game's answer takes it and says so; a
// tab with no taker says so too (the invitation's tab was closed: its connection is gone with it).

const NAME = 'chessfront-live';

/** How long the opening tab waits for the waiting tab to say it took the answer. */
const TAKEN_MS = 1500;

const channel = () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(NAME) : null);

/**
 * In the tab that waits: `waiting(gameId, seat)` answers what waits for that game's seat's answer here
 * (or nothing); `take(what, answerSdp)` is called for it, and the sender told it was taken. Answers a
 * function that stops listening.
 */
export function awaitAnswers(waiting, take) {
  const bc = channel();
  if (!bc) return () => {};
  bc.onmessage = ({ data }) => {
    if (data?.kind !== 'answer' || typeof data.answerSdp !== 'string') return;
    const what = waiting(data.gameId, data.seat);
    if (!what) return;
    bc.postMessage({ kind: 'taken', id: data.id });
    take(what, data.answerSdp);
  };
  return () => bc.close();
}

/** In the tab the answer link was opened in: resolves true once a waiting tab took it, else false. */
export function handOver(gameId, seat, answerSdp) {
  const bc = channel();
  if (!bc) return Promise.resolve(false);
  const id = `${Date.now()}-${Math.random()}`;
  return new Promise((resolve) => {
    const done = (taken) => {
      clearTimeout(timer);
      bc.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), TAKEN_MS);
    bc.onmessage = ({ data }) => {
      if (data?.kind === 'taken' && data.id === id) done(true);
    };
    bc.postMessage({ kind: 'answer', id, gameId, seat, answerSdp });
  });
}
