// Which engine module the page loads. The build ships the engine once per variant (each
// module carries the session, the words and that variant only) and once with every variant:
//  - a game link loads its variant's module: the variant id is the link's third byte or so (format
//    version, body length as a varint, variant id: crate/game/src/link.rs), read here after checking the
//    link's CRC-32, so a cut or altered link never lands in a module that cannot tell the player so;
//  - everything else (the start screen, a stored game, a new game) loads the module with every variant,
//    as does a reload of a tab that has once needed another variant than its link's (see below).
// The page's modules leave the computer's search out: the computer's worker loads its own module, with
// every variant and the search, which its bundle names. Unbuilt (www/ served as it is) there is one
// module and nothing to choose.
//
// A page on one variant's module cannot show another variant: what would need one (New game, Bring a
// game, a pasted link or a stored game of another variant, a link the module could not open) reloads the
// tab with every variant (`everyVariant`). "My games" lists every stored game on any module (the list is
// read from the stored records, not played): the engine's facade reloads for a game it cannot open, as it
// does for a link.
import { ASSETS } from './assets.js';
import { EVERY_VARIANT_KEY, chooseModule, everyVariantAsked, linkVariantId, mayBeAskedReload } from './engine_module.js';

/** sessionStorage key: the button to press again once the reloaded page is ready. */
const AGAIN_KEY = 'chessfront-press-again';

const storage = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** Reloads this tab with every variant's module, then presses `button` (an id) again once ready. */
export function everyVariant(button) {
  const s = storage();
  if (!s) return false;
  s.setItem(EVERY_VARIANT_KEY, '1');
  if (button) s.setItem(AGAIN_KEY, button);
  location.reload();
  return true;
}

/** The buttons that lead to other games than the link's: on a one-variant module they reload first. */
const ELSEWHERE = ['new-game', 'bring-game'];

/**
 * In the page (not a worker): chooses the module, points ASSETS.wasm at it, and
 * on a one-variant module sends what needs other variants to the module with every variant.
 */
function loadInPage() {
  if (ASSETS.version === 'dev' || !ASSETS.modules) return;
  const chosen = chooseModule(ASSETS, location.href, everyVariantAsked());
  // The response www/preload.js (inline in the built page, so it has run) started for the same module;
  // without it (the unbuilt page, a host whose policy refuses it) this script starts the download itself.
  globalThis.chessfrontEngine ??= { url: chosen.url, response: fetch(chosen.url) };
  const early = globalThis.chessfrontEngine;
  ASSETS.wasm = early.url === chosen.url ? early.response : chosen.url;
  ASSETS.variant = chosen.variant;
  const again = mayBeAskedReload() ? storage()?.getItem(AGAIN_KEY) : null;
  if (again) {
    storage().removeItem(AGAIN_KEY);
    const press = () => document.getElementById(again)?.click();
    const watch = new MutationObserver(() => {
      if (document.body?.dataset.ready === 'true') {
        watch.disconnect();
        setTimeout(press, 0);
      }
    });
    watch.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
  }
  if (!chosen.variant) return;
  document.addEventListener('click', (e) => {
    const button = e.target.closest?.('button');
    if (button && ELSEWHERE.includes(button.id) && everyVariant(button.id)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);
  // A link of another variant typed or pasted into the address bar: this module cannot open it.
  addEventListener('hashchange', (e) => {
    const id = linkVariantId(location.href);
    if (id !== null && ASSETS.variantIds?.[id] !== chosen.variant) {
      e.stopImmediatePropagation();
      location.reload();
    }
  });
}

if (typeof document !== 'undefined') loadInPage();
