//! Live play's part of the page's session (`docs/live.md` is the contract): the handshake, the
//! channel's events and messages, clocks, takebacks. Every `nowMs` is the page's `Date.now()`.
//!
//! The module of one variant (a link's first load) is built without the engine's `live` feature: it has
//! the same exports (one JavaScript glue serves every module) but each answers `live-not-live`, and
//! `liveAvailable()` is false; the page then loads the module with every variant.

#[cfg(feature = "live")]
use crate::browser::ms;
use crate::session::SessionHandle;
#[cfg(feature = "live")]
use crate::to_js;
#[cfg(feature = "live")]
use engine::live::control::PRESETS;
use engine::live::TimeControl;
use engine::Seat;
#[cfg(feature = "live")]
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A time control as the dialog lists it.
#[cfg(feature = "live")]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ControlView {
    name: String,
    base_ms: u64,
    increment_ms: u64,
}

/// `{ baseMs, incrementMs }` from the page, or `None` for `null`/`undefined` (a game without clocks).
fn control_of(value: &JsValue) -> Result<Option<TimeControl>, engine::Error> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    // A duration, not a moment: zero is a duration (no increment); what is not a whole, finite,
    // non-negative number of milliseconds is refused rather than replaced. A missing increment is none.
    let number = |key: &str, missing: Option<u64>| match js_sys::Reflect::get(value, &key.into()) {
        Ok(v) if v.is_undefined() => missing,
        Ok(v) => v.as_f64().filter(|v| v.is_finite() && *v >= 0.0 && *v <= 9_007_199_254_740_991.0).map(|v| v as u64),
        Err(_) => None,
    };
    match (number("baseMs", None), number("incrementMs", Some(0))) {
        (Some(base), Some(increment)) => TimeControl::new(base, increment).map(Some),
        _ => Err(engine::Error::bilingual(
            engine::ErrorCode::BadSetting,
            "A time control is { baseMs, incrementMs }, in whole milliseconds.",
            "Une cadence s'écrit { baseMs, incrementMs }, en millisecondes entières.",
        )),
    }
}

/// What a module without live play answers to a live command.
#[cfg(not(feature = "live"))]
fn absent() -> engine::Error {
    engine::Error::bilingual(
        engine::ErrorCode::LiveNotLive,
        "This page was loaded without live play: reload it to play live.",
        "Cette page a été chargée sans le jeu en direct : rechargez-la pour jouer en direct.",
    )
}

/// A live command's body in a module with live play, else `live-not-live`.
macro_rules! live {
    ($self:ident, $body:block) => {{
        #[cfg(feature = "live")]
        let result = $body;
        #[cfg(not(feature = "live"))]
        let result = Err($self.error(absent()));
        result
    }};
}

#[wasm_bindgen(js_class = Session)]
#[cfg_attr(not(feature = "live"), allow(unused_variables))]
impl SessionHandle {
    /// Whether this module plays live (the module with every variant); false: load that one first.
    #[wasm_bindgen(js_name = liveAvailable)]
    pub fn live_available(&self) -> bool {
        cfg!(feature = "live")
    }

    /// The preset time controls: `[{ name: "5+3", baseMs, incrementMs }]`.
    #[wasm_bindgen(js_name = liveControls)]
    pub fn live_controls(&self) -> Result<JsValue, JsValue> {
        live!(self, {
            let list: Vec<ControlView> = PRESETS
                .iter()
                .map(|c| ControlView { name: c.name(), base_ms: c.base_ms, increment_ms: c.increment_ms })
                .collect();
            to_js(&list)
        })
    }

    /// Invites a friend to play the open link game live: `{ invitation, gameId, seat, chars }`, the
    /// invitation being the fragment text `live=...`. `control`: `{ baseMs, incrementMs }` or null.
    #[wasm_bindgen(js_name = liveInvite)]
    pub fn live_invite(
        &mut self,
        control: JsValue,
        offer_sdp: &str,
        now_ms: f64,
        seat: Option<Seat>,
    ) -> Result<JsValue, JsValue> {
        // Read in every module, so that every module imports the same browser functions.
        let control = control_of(&control).map_err(|e| self.error(e))?;
        live!(self, {
            let invited = self.session.live_invite(control, offer_sdp, ms(now_ms), seat).map_err(|e| self.error(e))?;
            self.sync_fragment();
            to_js(&invited)
        })
    }

    /// The answer to the invitation opened in this session: `{ answer, gameId, seat, chars }`, the
    /// answer being the fragment text `answer=...`.
    #[wasm_bindgen(js_name = liveAnswer)]
    pub fn live_answer(&mut self, answer_sdp: &str, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let answered = self.session.live_answer(answer_sdp, ms(now_ms)).map_err(|e| self.error(e))?;
            to_js(&answered)
        })
    }

    /// Reads a pasted answer (an address or its fragment): `{ answerSdp, gameId, seat }`.
    #[wasm_bindgen(js_name = liveReadAnswer)]
    pub fn live_read_answer(&self, text: &str) -> Result<JsValue, JsValue> {
        live!(self, {
            let read = self.session.live_read_answer(text).map_err(|e| self.error(e))?;
            to_js(&read)
        })
    }

    /// The channel with the peer (`seat`: the hub's peer) opened: the update's `send` holds the hello.
    #[wasm_bindgen(js_name = liveConnected)]
    pub fn live_connected(&mut self, now_ms: f64, seat: Option<Seat>) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.live_connected(ms(now_ms), seat).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// The channel with the peer (every channel without `seat`) dropped.
    #[wasm_bindgen(js_name = liveDisconnected)]
    pub fn live_disconnected(&mut self, now_ms: f64, seat: Option<Seat>) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.live_disconnected(ms(now_ms), seat).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// A message from the channel (`fromSeat`: the peer's seat, for a hub); a refusal throws its code.
    #[wasm_bindgen(js_name = liveReceive)]
    pub fn live_receive(&mut self, message: &str, now_ms: f64, from_seat: Option<Seat>) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.live_receive(message, ms(now_ms), from_seat).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// Flag fall: call about once a second and when a shown clock reaches zero.
    #[wasm_bindgen(js_name = liveTick)]
    pub fn live_tick(&mut self, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.live_tick(ms(now_ms)).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// Asks the opponent to take back this browser's last turn.
    #[wasm_bindgen(js_name = takebackRequest)]
    pub fn takeback_request(&mut self, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.takeback_request(ms(now_ms)).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// Answers the opponent's takeback request.
    #[wasm_bindgen(js_name = takebackAnswer)]
    pub fn takeback_answer(&mut self, accept: bool, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.takeback_answer(accept, ms(now_ms)).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// Stops the clocks for good: the game goes on by links.
    #[wasm_bindgen(js_name = goOnByLinks)]
    pub fn go_on_by_links(&mut self, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.go_on_by_links(ms(now_ms)).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }

    /// Plays the rematch the opponent offered over the channel.
    #[wasm_bindgen(js_name = liveAcceptRematch)]
    pub fn live_accept_rematch(&mut self, now_ms: f64) -> Result<JsValue, JsValue> {
        live!(self, {
            let update = self.session.live_accept_rematch(ms(now_ms)).map_err(|e| self.error(e))?;
            self.done(update)
        })
    }
}
