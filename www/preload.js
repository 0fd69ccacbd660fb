// The built page's first script, inline in its <head> (scripts/build.mjs). Before the body is parsed:
//
// - It starts the download of the engine module the page will load, as soon as the HTML's first bytes
//   are parsed rather than once the page's script has arrived and run (which module is a link's
//   question). www/loader.js takes this very response when it chose the same module, so the module is
//   fetched once. As an async script of its own it ran only after the page's script on the phone
//   profile (the parser's long first task kept it waiting), and the download started 300-600 ms later.
// - It puts the player's page colours and board theme on <html> (www/looks-choice.js), so that the
//   first paint has them: a player who chose light on a dark system saw the dark page first.
// - It shows an English page's words at once: index.html holds the English (a unit test keeps it the
//   catalogue's), which style.css hides until the page's language is known; the page's script no
//   longer walks the document and restyles it all to show the same words (www/strings.js).
//
// Its code is the same in every build, so that its CSP hash is a constant (scripts/serve.mjs); the
// build's file names come from the JSON block before it.
import { chooseModule, everyVariantAsked } from './engine_module.js';
import { language } from './language.js';
import { markLooks } from './looks-choice.js';

// The download first: the longest wait of the page's start.
const assets = JSON.parse(document.getElementById('engine-modules').textContent);
const { url } = chooseModule(assets, location.href, everyVariantAsked());
globalThis.chessfrontEngine ??= { url, response: fetch(url) };

markLooks();
if (language() === 'en') document.documentElement.dataset.strings = 'en';
