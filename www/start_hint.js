// The session's start hint (crate/session/src/keep.rs, `START`), as the page reads it before the engine
// is there: kept in localStorage while an address without a game in it opens on a game rather than on
// the start screen. It only chooses what shows first (www/doors.js); the session's answer decides.

const START_KEY = 'chessfront.start';

/** Whether the start screen is likely what this address opens on: no game in the address, no start hint. */
export function startScreenLikely() {
  if (location.hash) return false;
  try {
    return globalThis.localStorage?.getItem(START_KEY) == null;
  } catch {
    return true; // no storage: nothing kept, which the session will say too
  }
}
