// The built page's first script, inline in its <head> (scripts/build.mjs). It does two things before the
// body is parsed.
//
// It shows an English page's words at once: index.html holds the English (a unit test keeps it the
// catalogue's), which style.css hides until the page's language is known; the page's script no longer
// walks the document and restyles it all to show the same words (www/strings.js).
//
// It starts the download of the engine module the page will load as soon as the HTML's first bytes are parsed, not once the page's
// script has arrived and run (a static preload tag did it when there was one module; which module is
// now a link's question). www/loader.js takes this very response when it chose the same module, so the
// module is fetched once. As an async script of its own it ran only after the page's script on the
// phone profile (the parser's long first task kept it waiting), and the download started 300-600 ms later.
// Its code is the same in every build, so that its CSP hash is a constant (scripts/serve.mjs); the
// build's file names come from the JSON block before it.
import { chooseModule, everyVariantAsked } from './engine_module.js';
import { language } from './language.js';

if (language() === 'en') document.documentElement.dataset.strings = 'en';

const assets = JSON.parse(document.getElementById('engine-modules').textContent);
const { url } = chooseModule(assets, location.href, everyVariantAsked());
globalThis.chessfrontEngine ??= { url, response: fetch(url) };
