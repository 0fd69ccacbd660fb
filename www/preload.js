// The built page's first script, inline in its <head> (scripts/build.mjs). Before the body is parsed:
//
// - It starts the download of the engine module the page will load, as soon as the HTML's first bytes
//   are parsed rather than once the page's script has arrived and run (which module is a link's
//   question). www/loader.js takes this very response when it chose the same module, so the module is
//   fetched once. As an async script of its own it ran only after the page's script on the phone
//   profile (the parser's long first task kept it waiting), and the download started 300-600 ms later.
// - It puts the player's page colours and board theme on <html> (www/looks-choice.js) before the first
//   frame is styled, so that the first paint has them: a player who chose light on a dark system saw the dark page first.
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

// The looks and the page's language are read from storage, whose first use in a page costs the main
// thread a round trip to the browser (about 9 ms of this script's 30 on a fast machine). They are read in
// the first frame's animation callback, which runs before that frame's style and paint, so that the task
// the engine's request goes out of ends sooner. The page's script calls it first when it runs before that
// frame (a repeat visit's script comes from the cache).
let marked = false;
function markPage() {
  if (marked) return;
  marked = true;
  markLooks();
  if (language() === 'en') document.documentElement.dataset.strings = 'en';
}
globalThis.chessfrontMarkPage = markPage;
requestAnimationFrame(markPage);
