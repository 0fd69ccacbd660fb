// The browser's list of its games, in localStorage: one key per game, so a damaged or foreign entry
// never takes the others with it, and saving one game never rewrites another. Every game is stored as
// its link (the same compact record that travels between players) plus what the list shows.
// Storage can be missing, full or cleared at any time: every call reports failure instead of throwing.

const PREFIX = 'chessfront.game.';
const CURRENT = 'chessfront.current';
const SECRET = 'chessfront.secret.';
const SEAL = 'chessfront.seal.';

function storage() {
  try {
    return window.localStorage; // Throws when storage is disabled.
  } catch {
    return null;
  }
}

/** @returns {{ok: true} | {ok: false, message: string}} */
function attempt(fn) {
  const s = storage();
  if (!s) return { ok: false, message: 'This browser does not let the page store games (storage is disabled).' };
  try {
    fn(s);
    return { ok: true };
  } catch (e) {
    const full = e && (e.name === 'QuotaExceededError' || e.code === 22);
    return {
      ok: false,
      message: full
        ? "The browser's storage is full, so this game was not saved here. Its link still holds the whole game."
        : `The game could not be saved here (${e && e.message}). Its link still holds the whole game.`,
    };
  }
}

function isRecord(r) {
  return r && typeof r === 'object' && typeof r.id === 'string' && typeof r.link === 'string' && typeof r.variant === 'string';
}

export function loadGame(id) {
  const s = storage();
  if (!s) return null;
  try {
    const r = JSON.parse(s.getItem(PREFIX + id));
    return isRecord(r) ? r : null;
  } catch {
    return null;
  }
}

/** Every readable stored game, most recently played first. */
export function listGames() {
  const s = storage();
  if (!s) return [];
  const games = [];
  try {
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      const r = loadGame(key.slice(PREFIX.length));
      if (r) games.push(r);
    }
  } catch {
    return games;
  }
  return games.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
}

export function saveGame(record) {
  return attempt((s) => s.setItem(PREFIX + record.id, JSON.stringify(record)));
}

export function deleteGame(id) {
  return attempt((s) => {
    s.removeItem(PREFIX + id);
    for (let seat = 0; seat < 4; seat++) s.removeItem(`${SEAL}${id}.${seat}`);
    if (s.getItem(CURRENT) === id) s.removeItem(CURRENT);
  });
}

export function currentGameId() {
  const s = storage();
  try {
    return s ? s.getItem(CURRENT) : null;
  } catch {
    return null;
  }
}

export function setCurrentGameId(id) {
  return attempt((s) => s.setItem(CURRENT, id));
}

/** Stores `{ seat, secret }` under a prefix and a game id. */
function saveKept(prefix, id, seat, secret) {
  return attempt((s) => s.setItem(prefix + id, JSON.stringify({ seat, secret })));
}

/** @returns {{seat: number, secret: string} | null} */
function loadKept(prefix, id) {
  const s = storage();
  if (!s) return null;
  try {
    const r = JSON.parse(s.getItem(prefix + id));
    return r && typeof r.secret === 'string' && typeof r.seat === 'number' ? r : null;
  } catch {
    return null;
  }
}

/**
 * This browser's secret for the chance events of a link game (never sent anywhere: links carry only
 * commitments and reveals derived from it). Losing it means the game's chance events cannot be drawn here.
 */
export const saveSecret = (id, seat, secret) => saveKept(SECRET, id, seat, secret);
export const loadSecret = (id) => loadKept(SECRET, id);

/**
 * A sealed setup this browser made (setup text and salt), per game and seat: kept until it is revealed.
 * Without it the setup cannot be revealed here, so the page warns when the browser refuses to keep it.
 */
export const saveSeal = (id, seat, secret) => saveKept(`${SEAL}${id}.`, seat, seat, secret);
export const loadSeal = (id, seat) => loadKept(`${SEAL}${id}.`, seat);
