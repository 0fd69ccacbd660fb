//! The browser under the session: localStorage as the engine's [`Keep`], the secure random source and
//! the clock as its [`Host`], and the address bar's fragment. Called from Rust (web-sys), so the
//! session's secrets and salts never pass through the page's JavaScript.
//!
//! Where there is no window (Node.js in the benchmarks, a worker) storage is absent: every read finds
//! nothing and every write fails with `storage-unavailable`, as in a browser that disabled storage.

use engine::error::Result;
use engine::session::keep::{storage_full, storage_unavailable, Keep};
use engine::session::Host;

fn storage() -> Option<web_sys::Storage> {
    // Reading `localStorage` throws when storage is disabled: that is `Err`, not a panic.
    web_sys::window()?.local_storage().ok().flatten()
}

/// localStorage.
pub struct BrowserKeep;

impl Keep for BrowserKeep {
    fn get(&self, key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        let storage = storage().ok_or_else(storage_unavailable)?;
        // A refused write is a full storage (QuotaExceededError) in every browser we know.
        storage.set_item(key, value).map_err(|_| storage_full())
    }
    fn remove(&mut self, key: &str) {
        if let Some(storage) = storage() {
            let _ = storage.remove_item(key);
        }
    }
    fn keys(&self) -> Vec<String> {
        let Some(storage) = storage() else { return Vec::new() };
        let count = storage.length().unwrap_or(0);
        (0..count).filter_map(|i| storage.key(i).ok().flatten()).collect()
    }
}

/// The secure random source (`crypto.getRandomValues`) and the clock.
pub struct BrowserHost;

impl Host for BrowserHost {
    fn random(&mut self, out: &mut [u8]) -> bool {
        crate::random::fill(out)
    }
    fn now(&self) -> String {
        String::from(js_sys::Date::new_0().to_iso_string())
    }
}

/// The fragment of the address bar (without `#`), if there is a window.
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// Puts a link game's fragment in the address bar (a reload or a bookmark then reopens it), or clears
/// it; replaces the history entry, so Back does not walk through every move.
pub fn set_fragment(fragment: Option<&str>) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let current = location.hash().unwrap_or_default();
    let wanted = fragment.map(|f| format!("#{f}")).unwrap_or_default();
    if current.trim_start_matches('#') == wanted.trim_start_matches('#') {
        return;
    }
    let url = match fragment {
        Some(f) => format!("#{f}"),
        None => format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default()),
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The sessionStorage key www/loader.js reads: set, this tab loads the module with every variant.
pub const EVERY_VARIANT_KEY: &str = "chessfront-every-variant";

/// Asks this tab to reload with the engine module of every variant (www/loader.js); false if it cannot
/// (no window, no session storage), and the caller goes on with the module it has.
pub fn reload_with_every_variant() -> bool {
    every_variant_next().is_some_and(|window| window.location().reload().is_ok())
}

/// [`reload_with_every_variant`] at another address: `fragment` (a game's link), or none (the address
/// without a game). The address changes only once the reload is sure to be asked for.
pub fn reload_with_every_variant_at(fragment: Option<&str>) -> bool {
    let Some(window) = every_variant_next() else { return false };
    set_fragment(fragment);
    window.location().reload().is_ok()
}

/// Marks this tab's next load as one with every variant's module: the window, or none if it cannot.
fn every_variant_next() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let storage = window.session_storage().ok().flatten()?;
    storage.set_item(EVERY_VARIANT_KEY, "1").ok()?;
    Some(window)
}

/// Milliseconds from the page: its `Date.now()`. A value that is no time (NaN, an infinity, zero or
/// less, or beyond the exact integers of a JS number) is replaced by the engine's own `Date.now()`.
pub fn ms(value: f64) -> u64 {
    let time = |v: f64| (v.is_finite() && v > 0.0 && v <= 9_007_199_254_740_991.0).then_some(v as u64);
    time(value).or_else(|| time(js_sys::Date::now())).unwrap_or(0)
}
