// The page's language, for what is translated so far: the rules texts (English and French).

/** The languages the page has texts in; the first is the default. */
export const LANGUAGES = ['en', 'fr'];

/**
 * The first of the browser's preferred languages that the page has (`fr-CA` counts as French), else
 * English: so an English browser, or one whose languages the page does not have, stays in English.
 * The page's language switch (issue 22, a later step: chosen, then remembered) will replace this choice.
 */
export function pageLanguage(preferred = globalThis.navigator?.languages ?? []) {
  for (const tag of preferred) {
    const language = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(language)) return language;
  }
  return LANGUAGES[0];
}
