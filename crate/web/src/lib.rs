//! The browser facade of the Chessfront engine: a thin layer of wasm-bindgen exports, nothing else.
//!
//! - [`session`]: the page's game session (`Session`): every command a player has, with trust, secrets
//!   and storage handled in the engine.
//! - [`browser`]: localStorage, the random source, the clock and the address bar, through web-sys.
//! - `random`: the secure random source (`crypto.getRandomValues`).
//! - `handle` (with the `bench` feature): a game without a session (`GameHandle`), for benchmarks,
//!   tools and tests.
//! - [`computer`]: the computer player of the page's Web Worker (`ComputerPlayer`), the one user of the
//!   search; built only with the `computer` feature (the worker's modules, not the page's).
//! - [`view`]: the plain views JavaScript gets back.
//!
//! The page calls neither `GameHandle` nor `perft`, `knownAnswer` or `Session.inMemory`: they are built
//! only with the `bench` feature (the bindings tests and benchmarks load, `target/bench-pkg`), so the
//! page's wasm is about 32 KB smaller.
//!
//! Every export that can fail returns a JS `Error` with a stable `code` property (the engine's
//! [`engine::ErrorCode`] strings), so the page can switch on it. The engine does not panic on any
//! input; should it ever, the wasm instance aborts and the page offers a reload (the link holds the
//! whole game).
//!
//! Depends on `chessfront-engine`, which re-exports every layer; the facade adds the browser's storage,
//! randomness and clock and nothing of the game's policy.

pub mod browser;
pub mod computer;
#[cfg(feature = "bench")]
pub mod handle;
pub mod live;
mod random;
pub mod session;
pub mod view;

pub use computer::ComputerPlayer;
#[cfg(feature = "bench")]
pub use handle::GameHandle;
pub use session::SessionHandle;

use engine::rules::VariantInfo;
use engine::{variants, Language};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A JS `Error` carrying the engine's stable error code.
pub(crate) fn js_error(e: engine::Error) -> JsValue {
    let error = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &e.code.as_str().into());
    error.into()
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error(engine::Error::new(engine::ErrorCode::BadSetting, e.to_string())))
}

#[derive(Serialize)]
pub(crate) struct PresetView {
    pub name: String,
    pub text: String,
}

/// A variant's registry entry with its words in one language (the slug, notation and ids as they are).
#[derive(Serialize)]
struct VariantView {
    id: u8,
    slug: &'static str,
    name: String,
    revision: u8,
    seat_names: Vec<String>,
    settings: Vec<SettingView>,
    notation: &'static str,
    summary: String,
}

#[derive(Serialize)]
struct SettingView {
    key: &'static str,
    label: String,
    choices: Vec<String>,
    default: u8,
}

fn variant_view(info: &VariantInfo, language: Language) -> VariantView {
    VariantView {
        id: info.id,
        slug: info.slug,
        name: language.label(info.name),
        revision: info.revision,
        seat_names: info.seat_names.iter().map(|n| language.seat_label(n)).collect(),
        settings: info
            .settings
            .iter()
            .map(|s| SettingView {
                key: s.key,
                label: language.label(s.label),
                choices: s.choices.iter().map(|c| language.label(c)).collect(),
                default: s.default,
            })
            .collect(),
        notation: info.notation,
        summary: language.label(info.summary),
    }
}

/// Whether this build carries every shipped variant (the default, tests and benchmarks; the page's
/// module for the start screen and "My games"), or is one variant's module (a link's).
pub(crate) const EVERY_VARIANT: bool = cfg!(all(
    feature = "chess",
    feature = "chess2024",
    feature = "napoleon",
    feature = "gunnery",
    feature = "wounds",
    feature = "checkered"
));

/// Every variant the engine knows, for the variant picker: id, slug, name, seats, settings, in the
/// language of the tag `language` (absent: English).
#[wasm_bindgen]
pub fn variants(language: Option<String>) -> Result<JsValue, JsValue> {
    let language = Language::from_tag(language.as_deref().unwrap_or("en"));
    let list: Vec<VariantView> = variants::REGISTRY.iter().map(|r| variant_view(r.info(), language)).collect();
    to_js(&list)
}

/// A picture of a variant for the start screen: its start position, with each seat's first preset
/// setup placed where the game starts with setups (an empty 16x16 board says little).
#[wasm_bindgen(js_name = variantPicture)]
pub fn variant_picture(slug: &str) -> Result<JsValue, JsValue> {
    let rules = variants::by_slug(slug).map_err(js_error)?;
    let mut game = engine::game::Game::new(rules, None, None).map_err(js_error)?;
    for _ in 0..8 {
        let Some(due) = game.setup_due() else { break };
        let preset = game.setup_presets(due.seat).into_iter().next().map(|(_, text)| text);
        let placed = match (due.sealed, due.seal, preset) {
            (true, _, _) => game.place_setup(due.seat, None),
            (false, true, Some(text)) => game.seal_setup(due.seat, &text, [0; engine::seal::SALT_BYTES], 0),
            (false, false, Some(text)) => game.place_setup(due.seat, Some(&text)),
            (false, _, None) => break,
        };
        if placed.is_err() {
            break;
        }
    }
    to_js(&game.position().view())
}

/// The computer's levels, weakest first, for the level picker: `"Name (how it plays)"` each (level
/// numbers count from 1), in the language of the tag `language` (absent: English), said of the variant
/// `slug` under `settings` (what was measured there only; absent: orthodox chess).
#[wasm_bindgen]
pub fn levels(language: Option<String>, slug: Option<String>, settings: Option<Vec<u8>>) -> Vec<String> {
    let language = Language::from_tag(language.as_deref().unwrap_or("en"));
    let slug = slug.unwrap_or_else(|| "chess".into());
    let (settings, defaults) = match variants::by_slug(&slug) {
        Ok(rules) => (
            variants::resolve_settings(rules, settings.as_deref()).unwrap_or_default(),
            variants::resolve_settings(rules, None).unwrap_or_default(),
        ),
        Err(_) => (Vec::new(), Vec::new()),
    };
    engine::search::LEVELS
        .iter()
        .zip(1..)
        .map(|(l, number)| {
            let step = engine::search::steps::measured_step(&slug, &settings, &defaults, number);
            let about = engine::words::level_about_in(language, l, &slug, step);
            let name = language.label(l.name);
            if about.is_empty() {
                name
            } else {
                format!("{name} ({about})")
            }
        })
        .collect()
}

/// The computer's level when the player has chosen none (a level number, counted from 1).
#[wasm_bindgen(js_name = defaultLevel)]
pub fn default_level() -> u32 {
    engine::session::DEFAULT_LEVEL
}

/// The seats of a game of `slug` under these setting values (a player-count setting changes them), in
/// the language of the tag `language` (absent: English).
#[wasm_bindgen(js_name = seatNames)]
pub fn seat_names(slug: &str, settings: Option<Vec<u8>>, language: Option<String>) -> Result<Vec<String>, JsValue> {
    let language = Language::from_tag(language.as_deref().unwrap_or("en"));
    let rules = variants::by_slug(slug).map_err(js_error)?;
    let settings = variants::resolve_settings(rules, settings.as_deref()).map_err(js_error)?;
    Ok(rules.seat_names(&settings).iter().map(|s| language.seat_label(s)).collect())
}

/// Perft from a position (the start position when `position` is absent), for benchmarks.
#[cfg(feature = "bench")]
#[wasm_bindgen]
pub fn perft(slug: &str, position: Option<String>, depth: u32) -> Result<f64, JsValue> {
    let game = engine::Game::from_slug(slug, position.as_deref()).map_err(js_error)?;
    Ok(engine::perft::perft(game.position(), depth) as f64)
}

/// The board view of a position in a variant's notation, for diagrams (the rules text draws them).
#[wasm_bindgen(js_name = viewPosition)]
pub fn view_position(slug: &str, position: &str) -> Result<JsValue, JsValue> {
    let rules = variants::by_slug(slug).map_err(js_error)?;
    let settings = variants::resolve_settings(rules, None).map_err(js_error)?;
    let parsed = rules.parse_position(position, &settings).map_err(js_error)?;
    to_js(&parsed.view())
}

/// The answer this build computes to a line of the frozen known answers of the chance draw, the hash
/// chain and the seal (`tests/links/known_answers.txt`, the line's fields but the last, see
/// `engine::known_answers`); `undefined` for a line of no known kind. For the end-to-end tests, which
/// check the page's release wasm against the same lines as cargo.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = knownAnswer)]
pub fn known_answer(inputs: &str) -> Option<String> {
    engine::known_answers::answer(inputs)
}
