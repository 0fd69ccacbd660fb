// The page's language switch: the page's strings, the rules texts and the engine's words, switched without
// a reload (the game in progress is the session's: it only redraws). The picker is in the looks dialog; a
// language chosen in another tab is followed here.
import { ASSETS } from './assets.js';
import { labelZoom } from './zoom.js';
import { applyStrings, loadStrings } from './strings.js';
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_KEY, language, chooseLanguage, forgetLanguage, sessionLanguage } from './language.js';
import { $, app, call } from './page.js';
import { refillLevels } from './doors.js';

/** The web app manifest in the page's language (what an installed app says of itself). */
export function applyManifest() {
  const href = ASSETS.manifests?.[language()];
  const link = document.querySelector('link[rel="manifest"]');
  if (href && link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Shows the page in its language now: its strings, and once the engine runs, the engine's words. */
function showLanguage() {
  applyStrings();
  applyManifest();
  labelZoom();
  $('looks-language').value = language();
  if (!app.session) return;
  call(() => sessionLanguage(app.session));
  // The variants' names follow by themselves (app.variants asks again in a new language); the level
  // picker, once filled, is filled again.
  refillLevels();
  $('setup-preset').dataset.game = ''; // refilled with the presets' names in this language
  app.hooks.render();
}

export function bindLanguage() {
  const select = $('looks-language');
  for (const lang of LANGUAGES) {
    const option = new Option(LANGUAGE_NAMES[lang], lang);
    option.lang = lang; // read in its own language
    select.append(option);
  }
  select.value = language();
  // A language's strings are fetched first (English is always there: see strings.js).
  select.addEventListener('change', () => {
    if (chooseLanguage(select.value)) loadStrings().then(showLanguage);
  });
  // Chosen in another tab: this one follows.
  window.addEventListener('storage', (e) => {
    if (e.key !== LANGUAGE_KEY && e.key !== null) return;
    forgetLanguage();
    if (language() !== document.documentElement.lang) loadStrings().then(showLanguage);
  });
}
