// Offline play and updates: registers the service worker (www/sw.js) of a built page, and when a new
// version has been installed beside the running one, says so with a Reload button. The game in progress
// survives the reload: the session saves every move (and a link game's address holds it).
import { ASSETS } from './assets.js';

const $ = (id) => document.getElementById(id);

/** Set when this tab asked for the new version: only then does a change of worker reload it. */
let asked = false;

/**
 * Registers the service worker; resolves once it is active (on a first visit, once it has cached every
 * file of the build), or at once when there is none (www/ served as it is, a browser without one, a
 * refusal).
 */
export function startOffline() {
  // www/ served as it is has no build to cache.
  if (!('serviceWorker' in navigator) || ASSETS.version === 'dev') return Promise.resolve();
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (asked) location.reload();
  });
  return navigator.serviceWorker
    .register('sw.js', { updateViaCache: 'none' })
    .then((registration) => {
      const watch = (worker) => {
        if (!worker) return;
        const check = () => {
          // Installed while another version controls this page: an update, not the first visit.
          if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
        };
        worker.addEventListener('statechange', check);
        check();
      };
      watch(registration.waiting);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      // A tab left open for days looks for a new version when it comes back to the front.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => {});
      });
      return navigator.serviceWorker.ready;
    })
    .catch((e) => console.warn('Offline play is not available:', e.message));
}

function offer(worker) {
  const banner = $('update');
  banner.hidden = false;
  $('update-reload').onclick = () => {
    asked = true;
    $('update-reload').disabled = true;
    worker.postMessage('activate');
  };
}
