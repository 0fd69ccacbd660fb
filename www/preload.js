// The first script of the built page (tiny, loaded `async`): starts the download of the engine module the
// page will load while the page's script is still coming (a static preload tag did it when there was one
// module; which module is now a link's question). www/loader.js takes this very response when
// it chose the same module, so the module is fetched once.
import { ASSETS } from './assets.js';
import { chooseModule, everyVariantAsked } from './engine_module.js';

const { url } = chooseModule(ASSETS, location.href, everyVariantAsked());
// www/loader.js may have run first (the scripts race): then it has started the download itself.
globalThis.chessfrontEngine ??= { url, response: fetch(url) };
