//! The browser facade of the Chessfront engine: a handful of wasm-bindgen exports, nothing else.
//!
//! Long-lived state (the game) stays in Rust behind the opaque [`GameHandle`]; JavaScript gets small
//! plain-object views back. Every export that can fail returns a JS `Error` with a stable `code`
//! property (the engine's [`engine::ErrorCode`] strings), so the page can switch on it. The engine
//! does not panic on any input; should it ever, the wasm instance aborts and the page offers a
//! reload (the link holds the whole game).

use engine::chance::{ChanceSource, Commitments, Secret, SECRET_BYTES};
use engine::game::{Decision, Game};
use engine::rules::{Action, ActionInfo, BoardView, Choice, Outcome, PieceView, SetupDue, VariantInfo};
use engine::seal::{self, Salt, SALT_BYTES};
use engine::square::Square;
use engine::{link, variants};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A JS `Error` carrying the engine's stable error code.
fn js_error(e: engine::Error) -> JsValue {
    let error = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &e.code.as_str().into());
    error.into()
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error(engine::Error::new(engine::ErrorCode::BadOption, e.to_string())))
}

/// Every variant the engine knows, for the variant picker: id, slug, name, seats, options, rules text.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsValue> {
    let list: Vec<&VariantInfo> = variants::REGISTRY.iter().map(|r| r.info()).collect();
    to_js(&list)
}

/// The computer's levels, weakest first, for the level picker: `"Name (how it plays)"` each (level
/// numbers count from 1).
#[wasm_bindgen]
pub fn levels() -> Vec<String> {
    engine::search::LEVELS.iter().map(|l| format!("{} ({})", l.name, l.about)).collect()
}

/// The seats of a game of `slug` under these option values (a player-count option changes them).
#[wasm_bindgen(js_name = seatNames)]
pub fn seat_names(slug: &str, options: Option<Vec<u8>>) -> Result<Vec<String>, JsValue> {
    let rules = variants::by_slug(slug).map_err(js_error)?;
    let options = variants::resolve_options(rules, options.as_deref()).map_err(js_error)?;
    Ok(rules.seat_names(&options).iter().map(|s| s.to_string()).collect())
}

/// Perft from a position (the start position when `position` is absent), for benchmarks.
#[wasm_bindgen]
pub fn perft(slug: &str, position: Option<String>, depth: u32) -> Result<f64, JsValue> {
    let game = Game::from_slug(slug, position.as_deref()).map_err(js_error)?;
    Ok(game.position().perft(depth) as f64)
}

/// The board view of a position in a variant's notation, for diagrams (the rules text draws them).
#[wasm_bindgen(js_name = viewPosition)]
pub fn view_position(slug: &str, position: &str) -> Result<JsValue, JsValue> {
    let rules = variants::by_slug(slug).map_err(js_error)?;
    let options = variants::resolve_options(rules, None).map_err(js_error)?;
    let parsed = rules.parse_position(position, &options).map_err(js_error)?;
    to_js(&parsed.view())
}

/// A fresh random game id, from the browser's secure random source.
fn random_game_id() -> u64 {
    let mut bytes = [0u8; 8];
    // Without a random source the id is 0: games still work, only the local list may confuse them.
    let _ = getrandom::getrandom(&mut bytes);
    u64::from_le_bytes(bytes) & link::GAME_ID_MASK
}

/// A secret or seed for chance from the browser's secure random source. Chance must never be guessable:
/// without a working random source the game cannot be created.
fn random_secret() -> Result<Secret, JsValue> {
    let mut secret = [0u8; SECRET_BYTES];
    getrandom::getrandom(&mut secret).map_err(|_| {
        js_error(engine::Error::new(
            engine::ErrorCode::BadOption,
            "This browser has no secure random source, which the fortunes of war need.",
        ))
    })?;
    Ok(secret)
}

/// One option of the current decision, as the page offers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OptionView {
    index: u32,
    /// The indices to play, in order: `[index]`, or the pick of a piece and then its destination.
    path: Vec<u32>,
    /// "move", "offer-draw", "accept-draw" or "resign".
    kind: &'static str,
    from: Option<Square>,
    to: Option<Square>,
    choice: Option<Choice>,
    name: String,
    coord: String,
    /// Squares the option affects beyond from and to (a blast area, a frontal attack's other pieces).
    marks: Vec<Square>,
    /// Heading for options tied to no square (bring on from the reserve, call archers).
    group: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecordView {
    /// "move" for board actions, else the game-level decision ("offer-draw", "accept-draw", "resign").
    kind: &'static str,
    name: String,
    /// A chance event that followed this decision.
    note: Option<String>,
    seat: u8,
    from: Option<Square>,
    to: Option<Square>,
}

/// The last board action: its squares to highlight and the pieces it removed and added (to animate).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LastMoveView {
    name: String,
    seat: u8,
    from: Option<Square>,
    to: Option<Square>,
    vanish: Vec<PieceView>,
    appear: Vec<PieceView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutcomeView {
    winner: Option<u8>,
    reason: &'static str,
    score: String,
    text: String,
}

/// Everything the page draws for one ply of the game.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateView {
    variant: &'static str,
    variant_name: &'static str,
    seat_names: &'static [&'static str],
    game_id: String,
    /// The ply shown, and the number of plies played.
    ply: usize,
    plies: usize,
    board: BoardView,
    last_move: Option<LastMoveView>,
    to_move: u8,
    draw_offer: Option<u8>,
    outcome: Option<OutcomeView>,
    /// Options of the current decision; empty when an earlier ply is shown or the game is over.
    options: Vec<OptionView>,
    record: Vec<RecordView>,
    position: String,
    /// The game waits for a chance event that needs the opponent's secret (it comes with their link).
    waiting_for_chance: bool,
    /// The setup due now, for variants with a setup phase.
    setup: Option<SetupView>,
    /// Per seat, whether it sits at the top of the board (the page turns the board for it).
    north: Vec<bool>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetupView {
    seat: u8,
    /// The setup is to be sealed now (made in secret, placed later).
    seal: bool,
    /// The setup was sealed before and is placed now from this browser's secret.
    sealed: bool,
    /// This browser holds the sealed setup, so it can reveal it.
    can_reveal: bool,
}

/// The computer's choice.
#[derive(Serialize)]
struct ThinkView {
    index: u32,
    depth: u32,
    nodes: f64,
    score: i32,
}

#[derive(Serialize)]
struct PresetView {
    name: &'static str,
    text: String,
}

fn outcome_view(o: Outcome, seat_names: &[&str]) -> OutcomeView {
    let score = o.score_for(seat_names.len());
    let text = match o.winner {
        Some(seat) => {
            format!("{} wins by {}", seat_names.get(seat as usize).copied().unwrap_or("?"), o.reason.describe())
        }
        None => format!("Draw by {}", o.reason.describe()),
    };
    OutcomeView { winner: o.winner, reason: reason_code(o), score, text }
}

fn reason_code(o: Outcome) -> &'static str {
    use engine::rules::EndReason::*;
    match o.reason {
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        Resignation => "resignation",
        DrawAgreed => "draw-agreed",
        Repetition => "repetition",
        NoProgress => "no-progress",
        InsufficientMaterial => "insufficient-material",
        AllCaptured => "all-captured",
        BothPassed => "both-passed",
        NoLegalTurn => "no-legal-turn",
        LastKingStanding => "last-king-standing",
    }
}

/// A game in progress, owned by Rust.
#[wasm_bindgen]
pub struct GameHandle {
    game: Game,
    game_id: u64,
}

#[wasm_bindgen]
impl GameHandle {
    /// A new game of a variant; `options` (one value per declared option) and `setup` (a position in
    /// the variant's notation) are optional. For a game played by link, `link_seat` is this browser's
    /// seat: chance then comes from commit and reveal, with a fresh secret for this seat (read it with
    /// `secret()` and keep it); otherwise from a fresh random seed.
    #[wasm_bindgen(constructor)]
    pub fn new(
        slug: &str,
        options: Option<Vec<u8>>,
        setup: Option<String>,
        link_seat: Option<u8>,
    ) -> Result<GameHandle, JsValue> {
        let rules = variants::by_slug(slug).map_err(js_error)?;
        let setup = setup.as_deref().filter(|s| !s.trim().is_empty());
        let chance = match link_seat {
            Some(_) => ChanceSource::Committed(Commitments::default()),
            None => ChanceSource::Seeded(random_secret()?),
        };
        let mut game = Game::with_chance(rules, options.as_deref(), setup, chance).map_err(js_error)?;
        if let Some(seat) = link_seat {
            if game.chance().is_some() {
                game.adopt_secret(seat, random_secret()?).map_err(js_error)?;
            }
        }
        Ok(GameHandle { game, game_id: random_game_id() })
    }

    /// This browser's chance secret for the game, as hex, if it plays a commit-and-reveal game; the page
    /// keeps it in the browser's storage (it never goes into a link).
    pub fn secret(&self) -> Option<String> {
        match self.game.chance() {
            Some(ChanceSource::Committed(c)) => c.secret.map(|(_, s)| seal::to_hex(&s)),
            _ => None,
        }
    }

    /// Whether the game uses commit-and-reveal chance (a link game with the fortunes of war).
    #[wasm_bindgen(js_name = usesSecrets)]
    pub fn uses_secrets(&self) -> bool {
        matches!(self.game.chance(), Some(ChanceSource::Committed(_)))
    }

    /// Whether `seat` has committed to a secret in this game.
    #[wasm_bindgen(js_name = hasCommitment)]
    pub fn has_commitment(&self, seat: u8) -> bool {
        matches!(self.game.chance(), Some(ChanceSource::Committed(c)) if c.tips.get(seat as usize).is_some_and(|t| t.is_some()))
    }

    /// Takes this browser's stored secret (hex) for `seat`; fails when it does not match the game's
    /// commitment. Without `secret`, makes a fresh one (for a seat that has not committed yet).
    #[wasm_bindgen(js_name = adoptSecret)]
    pub fn adopt_secret(&mut self, seat: u8, secret: Option<String>) -> Result<(), JsValue> {
        if !self.uses_secrets() {
            return Ok(());
        }
        let secret = match secret {
            Some(hex) => seal::from_hex::<SECRET_BYTES>(&hex).ok_or_else(|| {
                js_error(engine::Error::new(
                    engine::ErrorCode::LinkBadReveal,
                    "The stored secret for this game is damaged.",
                ))
            })?,
            None => random_secret()?,
        };
        self.game.adopt_secret(seat, secret).map_err(js_error)
    }

    /// Whether two copies of a game hold the same commitments (a changed one is a rewritten history).
    #[wasm_bindgen(js_name = sameCommitments)]
    pub fn same_commitments(&self, other: &GameHandle) -> bool {
        match (self.game.chance(), other.game.chance()) {
            (Some(ChanceSource::Committed(a)), Some(ChanceSource::Committed(b))) => {
                a.tips.iter().zip(b.tips.iter()).all(|(x, y)| x.is_none() || y.is_none() || x == y)
            }
            _ => true,
        }
    }

    /// Replays a game link (a whole URL or its fragment), checking every move.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<GameHandle, JsValue> {
        let decoded = link::decode(text).map_err(js_error)?;
        Ok(GameHandle { game: decoded.game, game_id: decoded.game_id })
    }

    /// The view of ply `ply` (default: the current position), with the options when it is current.
    pub fn state(&self, ply: Option<usize>) -> Result<JsValue, JsValue> {
        let plies = self.game.record().len();
        let ply = ply.unwrap_or(plies);
        let position = self.game.position_at(ply).map_err(js_error)?;
        let info = self.game.rules().info();
        let record_view = |e: &engine::game::RecordEntry| RecordView {
            kind: decision_kind(e.decision),
            name: e.name.clone(),
            note: e.note.clone(),
            seat: e.seat,
            from: e.from,
            to: e.to,
        };
        let last_move =
            self.game.record()[..ply].iter().rev().find(|e| matches!(e.decision, Decision::Act(_))).map(|e| {
                LastMoveView {
                    name: e.name.clone(),
                    seat: e.seat,
                    from: e.from,
                    to: e.to,
                    vanish: e.effects.vanish.clone(),
                    appear: e.effects.appear.clone(),
                }
            });
        let options = if ply == plies { self.options() } else { Vec::new() };
        let mut board = position.view();
        if ply == plies {
            board.notes.extend(position.advice());
        }
        let seat_names = self.game.seat_names();
        let outcome = if ply == plies { self.game.outcome().map(|o| outcome_view(o, seat_names)) } else { None };
        let setup = if ply == plies { self.game.setup_due() } else { None };
        to_js(&StateView {
            variant: info.slug,
            variant_name: info.name,
            seat_names,
            game_id: format!("{:010x}", self.game_id),
            ply,
            plies,
            board,
            last_move,
            to_move: position.to_move(),
            draw_offer: if ply == plies { self.game.draw_offer() } else { None },
            outcome,
            options,
            record: self.game.record().iter().map(record_view).collect(),
            position: position.to_text(),
            waiting_for_chance: ply == plies && self.game.waiting_for_chance(),
            north: (0..seat_names.len() as u8)
                .map(|seat| self.game.rules().sits_north(self.game.options(), seat))
                .collect(),
            setup: setup.map(|SetupDue { seat, seal, sealed }| SetupView {
                seat,
                seal,
                sealed,
                can_reveal: sealed && self.game.seals().get(seat as usize).is_some_and(|s| s.own.is_some()),
            }),
        })
    }

    fn options(&self) -> Vec<OptionView> {
        let position = self.game.position();
        let decisions = self.game.decisions();
        let actions: Vec<Action> =
            decisions.iter().filter_map(|d| if let Decision::Act(a) = d { Some(*a) } else { None }).collect();
        let mut infos = position.infos(&actions).into_iter();
        let view = |path: Vec<u32>, kind, info: ActionInfo| OptionView {
            index: path[0],
            path,
            kind,
            from: info.from,
            to: info.to,
            choice: info.choice,
            name: info.name,
            coord: info.coord,
            marks: info.marks,
            group: info.group,
        };
        let mut out = Vec::new();
        for (i, d) in decisions.into_iter().enumerate() {
            let info = match d {
                Decision::Act(_) => infos.next().unwrap_or_default(),
                Decision::OfferDraw => plain("Offer a draw"),
                Decision::AcceptDraw => plain("Accept the draw"),
                Decision::Resign => plain("Resign"),
            };
            if !info.select {
                out.push(view(vec![i as u32], decision_kind(d), info));
                continue;
            }
            // Picking a piece is a decision of its own; the page offers pick-and-destination as one move.
            // (A transient position offers its actions only, so their indices are the game's.)
            let Decision::Act(pick) = d else { continue };
            let mut picked = position.clone_box();
            picked.play(pick);
            let mut acts = Vec::new();
            picked.actions(&mut acts);
            for (j, info) in picked.infos(&acts).into_iter().enumerate() {
                out.push(view(vec![i as u32, j as u32], "move", info));
            }
        }
        out
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

    // -----------------------------------------------------------------------------------------
    // The computer player (runs in a Web Worker: the search takes up to `millis`)

    /// The computer's choice for the current decision at `level` (1 = weakest, see [`levels`]), within
    /// the level's node budget and time: `{ index, depth, nodes, score }`; `seed` breaks ties. Fails
    /// when there is nothing to decide (the game is over or waits for a setup or a secret).
    #[wasm_bindgen(js_name = thinkAt)]
    pub fn think_at(&self, level: u32, seed: f64) -> Result<JsValue, JsValue> {
        let index = (level.clamp(1, engine::search::LEVELS.len() as u32) - 1) as usize;
        self.search(&engine::search::LEVELS[index], seed)
    }

    /// The computer's choice with explicit bounds (benchmarks, analysis): at most `max_depth` decisions
    /// deep, `max_nodes` nodes and `millis` milliseconds.
    pub fn think(&self, max_depth: u32, max_nodes: f64, millis: f64, seed: f64) -> Result<JsValue, JsValue> {
        let level = engine::search::Level {
            max_nodes: max_nodes.max(1.0) as u64,
            millis: millis.clamp(0.0, u32::MAX as f64) as u32,
            ..engine::search::Level::depth(max_depth)
        };
        self.search(&level, seed)
    }

    /// Option indices, one per decision, of a legal way to finish the current turn (a fallback for a
    /// computer whose searched decisions walked into a dead end of a multi-step turn); none when there is
    /// no turn to finish (the game is over). Fails when no way is found.
    #[wasm_bindgen(js_name = finishTurn)]
    pub fn finish_turn(&self) -> Result<Vec<u32>, JsValue> {
        let stuck = || js_error(engine::Error::new(engine::ErrorCode::GameOver, "No legal way to finish this turn."));
        let path = engine::search::finish_turn(self.game.position()).ok_or_else(stuck)?;
        // Within a turn an action's option index is its place in the position's list.
        let mut position = self.game.position().clone_box();
        let mut indices = Vec::with_capacity(path.len());
        for action in path {
            let mut listed = Vec::new();
            position.actions(&mut listed);
            indices.push(listed.iter().position(|&a| a == action).ok_or_else(stuck)? as u32);
            position.play(action);
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
        let found = engine::search::choose(self.game.position(), level, &mut stop, seed as u64).ok_or_else(nothing)?;
        let index = self.game.index_of(Decision::Act(found.action)).ok_or_else(nothing)?;
        to_js(&ThinkView { index, depth: found.depth, nodes: found.nodes as f64, score: found.score })
    }

    // -----------------------------------------------------------------------------------------
    // Setups (variants with a setup phase)

    /// The current board with a draft setup for `seat` on it, the men still to place and the rules the
    /// draft breaks: `{ board, army: [{ kind, color, name, needed, placed }], problems }`.
    #[wasm_bindgen(js_name = previewSetup)]
    pub fn preview_setup(&self, seat: u8, text: &str) -> Result<JsValue, JsValue> {
        to_js(&self.game.position().setup_preview(seat, text))
    }

    /// Ready-made setups for `seat`: `[{ name, text }]`.
    #[wasm_bindgen(js_name = setupPresets)]
    pub fn setup_presets(&self, seat: u8) -> Result<JsValue, JsValue> {
        let list: Vec<PresetView> = self
            .game
            .rules()
            .setup_presets(self.game.options(), seat)
            .into_iter()
            .map(|(name, text)| PresetView { name, text })
            .collect();
        to_js(&list)
    }

    /// A random valid setup for `seat` (from the browser's secure random source).
    #[wasm_bindgen(js_name = randomSetup)]
    pub fn random_setup(&self, seat: u8) -> Result<String, JsValue> {
        let mut bytes = [0u8; 8];
        let _ = getrandom::getrandom(&mut bytes);
        self.game.rules().random_setup(self.game.options(), seat, u64::from_le_bytes(bytes)).ok_or_else(|| {
            js_error(engine::Error::new(engine::ErrorCode::IllegalAction, "This game has no setup to make."))
        })
    }

    /// Seals `seat`'s setup: the commitment goes into the game, and the returned secret (setup text and
    /// salt) must be kept by the page in this browser's storage until the setup is revealed.
    #[wasm_bindgen(js_name = sealSetup)]
    pub fn seal_setup(&mut self, seat: u8, text: &str) -> Result<String, JsValue> {
        let mut salt: Salt = [0u8; SALT_BYTES];
        getrandom::getrandom(&mut salt).map_err(|_| {
            js_error(engine::Error::new(
                engine::ErrorCode::BadOption,
                "This browser has no secure random source, which a sealed setup needs.",
            ))
        })?;
        self.game.seal_setup(seat, text, salt, self.game_id).map_err(js_error)?;
        Ok(self.sealed_secret(seat).unwrap_or_default())
    }

    /// This browser's secret of `seat`'s sealed setup, as `salt-hex:setup text`, if it holds one.
    #[wasm_bindgen(js_name = sealedSecret)]
    pub fn sealed_secret(&self, seat: u8) -> Option<String> {
        let (text, salt) = self.game.seals().get(seat as usize)?.own.clone()?;
        Some(format!("{}:{text}", seal::to_hex(&salt)))
    }

    /// Gives the game a sealed setup's secret kept in storage; fails when it does not open the seal.
    #[wasm_bindgen(js_name = adoptSealedSetup)]
    pub fn adopt_sealed_setup(&mut self, seat: u8, secret: &str) -> Result<(), JsValue> {
        let damaged = || {
            js_error(engine::Error::new(
                engine::ErrorCode::LinkBadReveal,
                "The stored sealed setup for this game is damaged.",
            ))
        };
        let (salt_hex, text) = secret.split_once(':').ok_or_else(damaged)?;
        let salt = seal::from_hex::<SALT_BYTES>(salt_hex).ok_or_else(damaged)?;
        self.game.adopt_sealed_setup(seat, text, salt, self.game_id).map_err(js_error)
    }

    /// Places the setup due now: `text` for a setup made in the open; for a sealed one, this browser's
    /// secret (then `text` is not needed).
    #[wasm_bindgen(js_name = placeSetup)]
    pub fn place_setup(&mut self, seat: u8, text: Option<String>) -> Result<(), JsValue> {
        self.game.place_setup(seat, text.as_deref()).map_err(js_error)
    }

    /// Takes back the last move (with the pick of its piece, or a whole setup).
    pub fn undo(&mut self) -> Result<(), JsValue> {
        self.game.undo_move().map_err(js_error)
    }

    /// The link fragment (without `#`) holding the whole game.
    pub fn link(&self) -> String {
        link::encode(&self.game, self.game_id)
    }

    /// The game id as 10 hex digits: the key of the browser's local game list.
    #[wasm_bindgen(getter, js_name = gameId)]
    pub fn game_id(&self) -> String {
        format!("{:010x}", self.game_id)
    }

    /// How many leading decisions this game shares with another one (to spot rewritten histories).
    #[wasm_bindgen(js_name = commonPrefix)]
    pub fn common_prefix(&self, other: &GameHandle) -> usize {
        self.game
            .record()
            .iter()
            .zip(other.game.record())
            .take_while(|(a, b)| a.index == b.index && a.option_count == b.option_count)
            .count()
    }
}

/// The stable name of a decision's kind, as the page sees it.
fn decision_kind(d: Decision) -> &'static str {
    match d {
        Decision::Act(_) => "move",
        Decision::OfferDraw => "offer-draw",
        Decision::AcceptDraw => "accept-draw",
        Decision::Resign => "resign",
    }
}

fn plain(name: &str) -> ActionInfo {
    ActionInfo {
        from: None,
        to: None,
        choice: None,
        name: name.to_string(),
        coord: String::new(),
        marks: Vec::new(),
        group: None,
        select: false,
    }
}
