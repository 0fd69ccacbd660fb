//! The secure random source of a page, a worker or Node.js: the global `crypto.getRandomValues`, called
//! directly. Signing keys, chance secrets and sealed setups come from it. (A general crate for this also
//! carried a fallback to Node.js's older `crypto` module and an Internet Explorer name: about a dozen
//! imports in every page's script that no browser this page runs in needs.)

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// Throws where there is no `crypto` (then `Err`), or when asked for more than 65,536 bytes at once.
    #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
    fn get_random_values(buf: &mut [u8]) -> Result<JsValue, JsValue>;
}

/// The most bytes `getRandomValues` gives in one call (the Web Crypto specification's limit).
const MOST_AT_ONCE: usize = 65_536;

/// Fills `out` with secure random bytes; false when the platform has no secure random source.
pub fn fill(out: &mut [u8]) -> bool {
    out.chunks_mut(MOST_AT_ONCE).all(|chunk| get_random_values(chunk).is_ok())
}
