// Live play's door in the first load: nothing of live play but this. The live module (www/live.js and
// its live-*.js siblings, bundled apart by the build, with their styles) is imported the first time a
// live game needs it: the player starts one, opens an invitation or an answer link, or opens a game
// the session says is live. The page hands it what it shares (the app, the engine calls, its strings,
// sounds, links and QR codes), so the module bundles none of it.
import { ASSETS } from './assets.js';

let loading = null;
let live = null;

/** Loads the live module once; resolves to its controller, made with `host()`'s parts of the page. */
export function loadLive(host) {
  loading ??= (async () => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = new URL(ASSETS.liveCss, document.baseURI).href;
    document.head.append(css);
    const module = await import(new URL(ASSETS.live, document.baseURI).href);
    live = module.startLive(host());
    return live;
  })();
  return loading;
}

/** After each session update: a live link opened, messages to send; loads the module when one needs it. */
export function liveUpdate(update, host) {
  if (live) live.update(update);
  else if (update?.live || update?.send?.length) loadLive(host).then((l) => l.update(update));
}

/**
 * After each render: the live module draws the clocks, the connection and the live controls. "Play
 * live" is shown where the session offers it (the module hides it while its handshake is under way).
 */
export function liveRender(state, host) {
  const s = state.session;
  document.getElementById('play-live').hidden = !s.liveOffered;
  if (live) live.render(state);
  else if (s.live) loadLive(host).then(() => host().app.hooks.render());
}

/**
 * "Play live with a friend" (the new-game dialog, or a link game played live again). A link's first load
 * runs a module of one variant, without live play: the tab then reloads with every variant and presses
 * "Play live" again.
 */
export function playLive(host) {
  if (!liveAvailable(host())) return;
  loadLive(host).then((l) => l.start());
}

/** False once the tab is reloading with every variant (this module has no live play). */
export function liveAvailable({ app, everyVariant }) {
  return !(app.session?.liveAvailable && !app.session.liveAvailable() && everyVariant('play-live'));
}
