//! A game without a session: no storage, no trust rules, no address bar. For benchmarks, tools and
//! tests that drive the rules directly (the page itself plays through [`crate::SessionHandle`]).

use crate::{js_error, to_js, view};
use engine::chance::{ChanceSource, SEED_BYTES};
use engine::game::{Decision, Game};
use engine::link;
use engine::seal::{Salt, SALT_BYTES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A game of pass and play, owned by Rust.
#[wasm_bindgen]
pub struct GameHandle {
    game: Game,
    game_id: u64,
}

fn random<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    // Analysis games only: without a random source they are merely predictable.
    crate::random::fill(&mut out);
    out
}

/// The computer's choice.
#[derive(Serialize)]
struct ThinkView {
    index: u32,
    depth: u32,
    nodes: f64,
    score: i32,
}

#[wasm_bindgen]
impl GameHandle {
    /// A new game of a variant; `settings` (one value per declared setting) and `setup` (a position in
    /// the variant's notation) are optional. Chance comes from a fresh random seed.
    #[wasm_bindgen(constructor)]
    pub fn new(slug: &str, settings: Option<Vec<u8>>, setup: Option<String>) -> Result<GameHandle, JsValue> {
        let rules = engine::variants::by_slug(slug).map_err(js_error)?;
        let setup = setup.as_deref().filter(|s| !s.trim().is_empty());
        let chance = ChanceSource::Seeded(random::<SEED_BYTES>());
        let game = Game::with_chance(rules, settings.as_deref(), setup, chance).map_err(js_error)?;
        Ok(GameHandle { game, game_id: u64::from_le_bytes(random::<8>()) & link::GAME_ID_MASK })
    }

    /// Replays a game link (a whole URL or its fragment), checking every move.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<GameHandle, JsValue> {
        let decoded = link::decode(text).map_err(js_error)?;
        Ok(GameHandle { game: decoded.game, game_id: decoded.game_id })
    }

    /// The view of ply `ply` (default: the current position), with the options when it is current.
    pub fn state(&self, ply: Option<usize>) -> Result<JsValue, JsValue> {
        to_js(
            &view::state(&self.game, format!("{:010x}", self.game_id), ply, true, engine::Language::En, |_| None)
                .map_err(js_error)?,
        )
    }

    /// Plays option `index` of the current decision.
    pub fn play(&mut self, index: u32) -> Result<(), JsValue> {
        self.game.play_index(index).map_err(js_error)
    }

    /// Plays the indices of an option's `path` as one move (all or nothing).
    #[wasm_bindgen(js_name = playPath)]
    pub fn play_path(&mut self, path: Vec<u32>) -> Result<(), JsValue> {
        self.game.play_path(&path).map_err(js_error)
    }

    /// Takes back the last move (with the pick of its piece, or a whole setup).
    pub fn undo(&mut self) -> Result<(), JsValue> {
        self.game.undo_move().map_err(js_error)
    }

    /// The link fragment holding the whole game.
    pub fn link(&self) -> String {
        link::encode(&self.game, self.game_id)
    }

    /// A random valid setup for `seat`.
    #[wasm_bindgen(js_name = randomSetup)]
    pub fn random_setup(&self, seat: u8) -> Result<String, JsValue> {
        self.game.random_setup(seat, u64::from_le_bytes(random::<8>())).ok_or_else(|| {
            js_error(engine::Error::new(engine::ErrorCode::IllegalAction, "This game has no setup to make."))
        })
    }

    /// Makes the setup due now for `seat` from `text`: sealed with a random salt, or placed (a sealed
    /// one from the seal this game holds).
    #[wasm_bindgen(js_name = setUp)]
    pub fn set_up(&mut self, seat: u8, text: &str) -> Result<(), JsValue> {
        let due = self
            .game
            .setup_due()
            .ok_or_else(|| js_error(engine::Error::new(engine::ErrorCode::IllegalAction, "No setup is due now.")))?;
        if due.seal {
            let salt: Salt = random::<SALT_BYTES>();
            self.game.seal_setup(seat, text, salt, self.game_id).map_err(js_error)
        } else {
            self.game.place_setup(seat, (!due.sealed).then_some(text)).map_err(js_error)
        }
    }

    /// The computer's choice at `level` (1 = weakest): `{ index, depth, nodes, score }`.
    #[wasm_bindgen(js_name = thinkAt)]
    pub fn think_at(&self, level: u32, seed: f64) -> Result<JsValue, JsValue> {
        self.search(engine::search::ladder_level(level), seed)
    }

    /// The computer's choice with explicit bounds (benchmarks, analysis).
    pub fn think(&self, max_depth: u32, max_nodes: f64, millis: f64, seed: f64) -> Result<JsValue, JsValue> {
        let level = engine::search::Level {
            max_nodes: max_nodes.max(1.0) as u64,
            millis: millis.clamp(0.0, u32::MAX as f64) as u32,
            ..engine::search::Level::depth(max_depth)
        };
        self.search(&level, seed)
    }

    /// Option indices, one per decision, of a legal way to finish the current turn (tests and tools play a
    /// whole Napoleon turn with it). Fails when no way is found.
    #[wasm_bindgen(js_name = finishTurn)]
    pub fn finish_turn(&self) -> Result<Vec<u32>, JsValue> {
        let stuck = || js_error(engine::Error::new(engine::ErrorCode::GameOver, "No legal way to finish this turn."));
        let path = engine::search::finish_turn(self.game.position()).ok_or_else(stuck)?;
        let mut game = self.game.clone();
        let mut indices = Vec::with_capacity(path.len());
        for action in path {
            let index = game.index_of(Decision::Act(action)).ok_or_else(stuck)?;
            game.play_index(index).map_err(js_error)?;
            indices.push(index);
        }
        Ok(indices)
    }

    fn search(&self, level: &engine::search::Level, seed: f64) -> Result<JsValue, JsValue> {
        let nothing = || js_error(engine::Error::new(engine::ErrorCode::GameOver, "There is nothing to decide now."));
        if self.game.outcome().is_some() || self.game.setup_due().is_some() || self.game.waiting_for_chance() {
            return Err(nothing());
        }
        let deadline = js_sys::Date::now() + level.millis as f64;
        let mut stop = || js_sys::Date::now() > deadline;
        // Options listed but none leads to a legal end of the turn: a dead end to take back, not a game over.
        let dead_end = || {
            js_error(engine::Error::new(
                engine::ErrorCode::DeadEnd,
                "No legal way to finish this turn from here: take moves back.",
            ))
        };
        let found = engine::search::choose(self.game.position(), level, &mut stop, seed as u64).ok_or_else(dead_end)?;
        let index = self.game.index_of(Decision::Act(found.action)).ok_or_else(nothing)?;
        to_js(&ThinkView { index, depth: found.depth, nodes: found.nodes as f64, score: found.score })
    }
}
