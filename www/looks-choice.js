// The player's looks as kept in this browser's storage, and the attributes of <html> that style.css reads
// for them (data-theme, data-board). Small and without imports, so that the head's inline script
// (www/preload.js) puts them on the page before its first paint: a player who chose light on a dark system
// no longer sees the dark page until the page's script has run. www/looks.js builds on it.

/** Each choice's values, the first its default. The words shown for them are in index.html's dialog. */
export const CHOICES = {
  theme: ['system', 'light', 'dark'],
  board: ['wood', 'green', 'blue'],
  pieces: ['classic', 'geometric'],
  sound: ['on', 'off'],
};

const key = (name) => `chessfront.looks.${name}`;
/** Choices made while storage refuses to keep them (private browsing, full): they last this visit. */
const unsaved = {};

/** The player's choice for `name` (one of CHOICES[name]). */
export function choice(name) {
  let value = unsaved[name];
  try {
    value ??= localStorage.getItem(key(name));
  } catch {
    // No storage: the default.
  }
  return CHOICES[name].includes(value) ? value : CHOICES[name][0];
}

/** Keeps a listed choice (for this visit only when storage refuses it). */
export function keep(name, value) {
  try {
    localStorage.setItem(key(name), value);
    delete unsaved[name];
  } catch {
    unsaved[name] = value;
  }
}

/**
 * Puts the page colours and board theme on <html>, where style.css reads them. An attribute that already
 * says so is left alone: setting it again would have the browser restyle the whole page.
 */
export function markLooks(root = document.documentElement) {
  const theme = choice('theme');
  if (theme === 'system') delete root.dataset.theme;
  else if (root.dataset.theme !== theme) root.dataset.theme = theme;
  const board = choice('board');
  if (root.dataset.board !== board) root.dataset.board = board;
}
