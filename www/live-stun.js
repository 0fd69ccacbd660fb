// The STUN setting of live play, a preference kept in this browser: off until the player turns it on.
// Off, a live game's connection names no server at all and works on one network (the same Wi-Fi, one
// machine). On, the browser asks the STUN server named for its public address (sending it that address,
// as every request to a server does) and puts it in the invitation, so friends on other networks can
// reach each other; nothing of the game goes to that server.

const KEY = 'chessfront.live.stun';

/** The server offered when the player turns the setting on (they may name another). */
export const DEFAULT_STUN = 'stun:stun.l.google.com:19302';

/** `{ on, server }` as kept (off, with the default server, when nothing is). */
export function stunSetting() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (kept && typeof kept.server === 'string') return { on: Boolean(kept.on), server: kept.server };
  } catch {
    // Nothing readable kept: the default.
  }
  return { on: false, server: DEFAULT_STUN };
}

export function keepStunSetting({ on, server }) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ on: Boolean(on), server: String(server || DEFAULT_STUN).trim() }));
  } catch {
    // Not kept: it lasts this visit's dialog.
  }
}

/** The server a new connection names: null while the setting is off or names nothing STUN-like. */
export function stunServer() {
  const { on, server } = stunSetting();
  return on && /^stuns?:[^\s]+$/.test(server) ? server : null;
}
