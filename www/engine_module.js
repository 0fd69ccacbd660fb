// Which engine module a page or worker loads, as pure functions: www/loader.js applies them
// in the page and the worker; www/preload.js, inline in the built index.html, starts the chosen
// module's download with the HTML.
// The variant id of a game link is read after its format version and its body length (a varint), once
// its CRC-32 is checked (the layout: crate/game/src/link.rs).

/** sessionStorage key: set, this tab reloads with the module with every variant (each reload of it, not a link opened in it). */
export const EVERY_VARIANT_KEY = 'chessfront-every-variant';

/**
 * Whether this load may be one a page asked for in session storage: what asks (for every variant, for a
 * button pressed again) reloads the tab right after. Another load skips reading session storage, whose
 * first use in a page costs the main thread a round trip to the browser (before the engine's download can
 * start, in the head's script). Without the navigation's type, it may.
 */
export function mayBeAskedReload() {
  const navigation = globalThis.performance?.getEntriesByType?.('navigation')?.[0];
  return !navigation || navigation.type === 'reload';
}

/** Whether this tab asked for the module with every variant (crate/web's facade asks for it too). */
export function everyVariantAsked() {
  if (!mayBeAskedReload()) return false;
  try {
    return globalThis.sessionStorage?.getItem(EVERY_VARIANT_KEY) === '1';
  } catch {
    return false;
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** base64url without padding -> bytes, or null if it is not that. */
export function base64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

/**
 * The variant id of a game link (the address's fragment, with or without '#', or a whole address), or
 * null when it is no intact link of a known format (versions 1 and 2).
 */
export function linkVariantId(text) {
  const hash = String(text ?? '').indexOf('#');
  const fragment = (hash >= 0 ? text.slice(hash + 1) : String(text ?? '')).trim();
  if (fragment.length < 8 || fragment.length > 50_000) return null;
  const bytes = base64url(fragment);
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] !== 1 && bytes[0] !== 2) return null;
  const body = bytes.length - 4;
  const stored = (bytes[body] | (bytes[body + 1] << 8) | (bytes[body + 2] << 16) | (bytes[body + 3] << 24)) >>> 0;
  if (crc32(bytes.subarray(0, body)) !== stored) return null;
  // The body's length, a LEB128 varint.
  let at = 1;
  while (at < body && bytes[at] & 0x80) at++;
  at++;
  return at < body ? bytes[at] : null;
}

/**
 * The engine module for a page at `address` in this `assets` build: { url, variant } (variant: the slug
 * of a one-variant module, null for the one with every variant). `everyVariant`: the tab asked for it.
 * The computer's worker needs no choice: its bundle names its one module (scripts/build.mjs).
 */
export function chooseModule(assets, address, everyVariant = false) {
  const all = { url: assets.wasm, variant: null };
  if (everyVariant || !assets.modules) return all;
  const id = linkVariantId(address);
  const slug = id === null ? null : assets.variantIds?.[id];
  const url = slug ? assets.modules[slug] : null;
  return url ? { url, variant: slug } : all;
}
