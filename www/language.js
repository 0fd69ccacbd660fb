// The page's language: English or French for every string of the page (www/strings.js), the rules texts
// and, through the session, the engine's words. The player's choice is kept by the page in localStorage,
// like its looks: the page must know its language before the wasm is compiled, so that it never shows
// the wrong one first (docs/decisions.md). Until the player chooses, the browser's languages say.

/** The languages the page has texts in; the first is the default. */
export const LANGUAGES = ['en', 'fr'];

/** Each language by its own name (the language switch's options: a reader finds their own). */
export const LANGUAGE_NAMES = { en: 'English', fr: 'Français' };

/** Where the player's choice is kept. */
export const LANGUAGE_KEY = 'chessfront.language';

/**
 * The first of the browser's preferred languages that the page has (`fr-CA` counts as French), else
 * English: so an English browser, or one whose languages the page does not have, stays in English.
 */
export function pageLanguage(preferred = globalThis.navigator?.languages ?? []) {
  for (const tag of preferred) {
    const language = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(language)) return language;
  }
  return LANGUAGES[0];
}

/** The choice kept in `storage`, if it is a language the page has (anything else is ignored). */
export function storedLanguage(storage) {
  let value = null;
  try {
    value = (storage ?? globalThis.localStorage)?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    // No storage (private browsing, refused): no choice kept.
  }
  return LANGUAGES.includes(value) ? value : null;
}

/** The language shown: chosen this visit, else kept, else the browser's. */
let current = null;

/** The page's language now. */
export function language() {
  current ??= storedLanguage() ?? pageLanguage();
  return current;
}

/**
 * Makes `lang` the page's language and keeps it (for this visit only when storage refuses). Answers
 * false, changing nothing, for a language the page does not have.
 */
export function chooseLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return false;
  current = lang;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Not kept: it lasts this visit.
  }
  return true;
}

/** Forgets this visit's language, so the next `language()` reads storage and the browser again (tests). */
export function forgetLanguage() {
  current = null;
}

/** Tells the engine's session which language its words (status, notices, errors, moves) are in. */
export function sessionLanguage(session, lang = language()) {
  session.setLanguage(lang);
}
