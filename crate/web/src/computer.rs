//! The computer player of the page's Web Worker (`ComputerPlayer`): the computer's turns, hints, the
//! game review and the analysis board, every use of the search.
//!
//! Only the worker's modules are built with the facade's `computer` feature. The page's own modules
//! (a link's first load) leave the search out, about 75 KB of wasm; they keep the same exports, so that
//! one JavaScript glue serves every module, and each command answers `computer-absent`.

#[cfg(feature = "computer")]
use crate::{js_error, to_js};
#[cfg(feature = "computer")]
use engine::session::computer;
#[cfg(feature = "computer")]
use engine::{link, Language};
use wasm_bindgen::prelude::*;

/// What a module without the computer answers to the computer's commands.
#[cfg(not(feature = "computer"))]
fn absent() -> JsValue {
    crate::js_error(engine::Error::bilingual(
        engine::ErrorCode::ComputerAbsent,
        "This engine module has no computer player: reload the page.",
        "Ce module du moteur n'a pas l'ordinateur : rechargez la page.",
    ))
}

/// A computer's command's body in a module with the computer, else `computer-absent`.
macro_rules! computer {
    ($body:block) => {{
        #[cfg(feature = "computer")]
        let result = $body;
        #[cfg(not(feature = "computer"))]
        let result = Err(absent());
        result
    }};
}

/// The computer player of the page's Web Worker: one per worker, kept for as long as the page lives,
/// so that its searches keep what they learnt from one turn to the next ([`engine::search::Memory`]).
#[wasm_bindgen]
#[derive(Default)]
pub struct ComputerPlayer {
    #[cfg(feature = "computer")]
    memory: engine::search::Memory,
    /// The analysis board's searches' own memory: they never leave their table to the player's turns.
    #[cfg(feature = "computer")]
    study: engine::search::Memory,
}

#[wasm_bindgen]
#[cfg_attr(not(feature = "computer"), allow(unused_variables))]
impl ComputerPlayer {
    #[wasm_bindgen(constructor)]
    pub fn new() -> ComputerPlayer {
        ComputerPlayer::default()
    }

    /// The computer's whole turn for `seat` in the game of `link`, at `level` (1 to the number of
    /// levels), thinking at most the level's time for the whole turn (one deadline for all its
    /// decisions): `{ indices, resigned }` (the engine's retry, fallback and resignation policy, see
    /// `engine::session::computer`).
    pub fn turn(&mut self, link_text: &str, seat: u8, level: u32, seed: u32) -> Result<JsValue, JsValue> {
        computer!({
            let game = link::decode(link_text).map_err(js_error)?.game;
            let level = engine::search::ladder_level(level);
            let deadline = js_sys::Date::now() + level.millis as f64;
            let mut stop = || js_sys::Date::now() > deadline;
            let turn =
                computer::turn(&game, seat, level, seed as u64, &mut stop, &mut self.memory).ok_or_else(|| {
                    js_error(engine::Error::new(engine::ErrorCode::GameOver, "The computer has nothing to decide now."))
                })?;
            to_js(&turn)
        })
    }

    /// A hint for `seat` in the game of `link` (`engine::session::find_hint` at the hint's level, within
    /// its time): the option index of the decision to suggest, or `undefined` when none is found. The
    /// search keeps the analysis's memory, never the computer's own (a hint must not teach the
    /// computer's next turn what the player was shown).
    pub fn hint(&mut self, link_text: &str, seat: u8) -> Result<Option<u32>, JsValue> {
        computer!({
            let game = link::decode(link_text).map_err(js_error)?.game;
            let level = engine::session::hint_level();
            let deadline = js_sys::Date::now() + level.millis as f64;
            let mut stop = || js_sys::Date::now() > deadline;
            Ok(engine::session::find_hint(&game, seat, &level, &mut stop, &mut self.study))
        })
    }

    /// The review of the game of `link`, each position analysed within `nodes` nodes: the page's view
    /// in the language of the tag `language` (`engine::review::ReviewView`: rows, graph, summaries, PGN),
    /// with the `hints` the player took (the plies of the session's analysis request) counted.
    pub fn review(
        &mut self,
        link_text: &str,
        nodes: f64,
        language: &str,
        hints: Option<Vec<u32>>,
    ) -> Result<JsValue, JsValue> {
        computer!({
            let game = link::decode(link_text).map_err(js_error)?.game;
            let level = engine::search::Level { max_nodes: nodes.max(1.0) as u64, ..engine::search::Level::depth(64) };
            let review = engine::review::review(&game, &level, &mut || false);
            let hints: Vec<usize> = hints.unwrap_or_default().into_iter().map(|p| p as usize).collect();
            to_js(&engine::review::review_view_with_hints(&game, &review, Language::from_tag(language), &hints))
        })
    }

    /// The analysis of the position after `ply` decisions of the game of `link`: up to `lines` best
    /// lines, searched for at most `millis` (after the first iteration), its table kept for the next
    /// call, so that calls with growing times deepen: the analysis board's view in the language of the
    /// tag `language` (`engine::review::AnalysisView`), or `null` when there is nothing to analyse.
    pub fn analyse(
        &mut self,
        link_text: &str,
        ply: usize,
        lines: usize,
        millis: f64,
        language: &str,
    ) -> Result<JsValue, JsValue> {
        computer!({
            let game = link::decode(link_text).map_err(js_error)?.game;
            let position = game.position_at(ply).map_err(js_error)?;
            let deadline = js_sys::Date::now() + millis;
            let mut stop = || js_sys::Date::now() > deadline;
            let level = engine::search::Level::depth(64);
            match engine::search::analyse(position, &level, lines, &mut stop, &mut self.study) {
                Some(analysis) => {
                    to_js(&engine::review::analysis_view(&game, ply, &analysis, Language::from_tag(language)))
                }
                None => Ok(JsValue::NULL),
            }
        })
    }
}
