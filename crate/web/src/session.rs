//! The page's game session: the engine's [`engine::session::Session`] over the browser's storage,
//! random source, clock and address bar. Every command returns the session's update (a notice, whether
//! to animate, the computer's turn to think about) and keeps the address bar's fragment in step.

use crate::browser::{self, BrowserHost, BrowserKeep};
use crate::{js_error, to_js, view};
use engine::session::announce::Heard;
use engine::session::computer::ComputerTurn;
#[cfg(feature = "bench")]
use engine::session::keep::MemoryKeep;
use engine::session::setup_editor::Placed;
use engine::session::{Mode, NewGame, Session, Update};
use wasm_bindgen::prelude::*;

/// The game session of this browser tab.
#[wasm_bindgen(js_name = Session)]
pub struct SessionHandle {
    pub(crate) session: Session,
    /// Whether this session writes the address bar (not for in-memory sessions of benchmarks).
    in_page: bool,
    /// What the listening player has heard so far (see [`SessionHandle::announce`]).
    heard: Heard,
}

#[wasm_bindgen(js_class = Session)]
impl SessionHandle {
    /// The session of this page, over localStorage.
    #[wasm_bindgen(constructor)]
    pub fn new() -> SessionHandle {
        SessionHandle {
            session: Session::new(Box::new(BrowserKeep), Box::new(BrowserHost)),
            in_page: true,
            heard: Heard::default(),
        }
    }

    /// A session that keeps nothing between visits (benchmarks and tests: one per simulated browser).
    #[cfg(feature = "bench")]
    #[wasm_bindgen(js_name = inMemory)]
    pub fn in_memory() -> SessionHandle {
        SessionHandle {
            session: Session::new(Box::new(MemoryKeep::default()), Box::new(BrowserHost)),
            in_page: false,
            heard: Heard::default(),
        }
    }

    /// Every update on its way to the page: a failed save made its notice, the words in the page's language.
    pub(crate) fn done(&mut self, update: Update) -> Result<JsValue, JsValue> {
        if self.in_page {
            browser::set_fragment(self.session.fragment().as_deref());
        }
        let update = self.session.finish(update);
        to_js(&self.session.localize(update))
    }

    /// The address bar follows the open game (after a command that answers no update).
    #[cfg_attr(not(feature = "live"), allow(dead_code))]
    pub(crate) fn sync_fragment(&self) {
        if self.in_page {
            browser::set_fragment(self.session.fragment().as_deref());
        }
    }

    /// The time now for the command under way (live clocks measure with it).
    fn clock(&mut self) {
        self.session.set_time(browser::ms(js_sys::Date::now()));
    }

    /// A JS error with the engine's code and its message in the session's language.
    pub(crate) fn error(&self, e: engine::Error) -> JsValue {
        js_error(engine::Error { message: self.session.error_text(&e), ..e })
    }

    /// Speaks the language of the BCP 47 tag `tag` from now on ("fr", "fr-CA": French; anything else:
    /// English): every state, update, error and words this session returns. The page keeps the choice
    /// (the engine keeps none) and calls this right after creating the session and on every switch.
    /// Answers the language now in use, "en" or "fr".
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&mut self, tag: &str) -> String {
        self.session.set_language(tag).tag().to_string()
    }

    /// The language in use: "en" or "fr".
    pub fn language(&self) -> String {
        self.session.language().tag().to_string()
    }

    /// Opens the link in the address bar, else the last game (or a new one).
    pub fn start(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let fragment = if self.in_page { browser::fragment() } else { String::new() };
        // A one-variant module (the page loads its link's variant's only) opens its link and
        // nothing else: were the link refused, the session would reopen the last game or start one, of
        // a variant this module may not carry. The tab reloads with every variant instead, whose
        // session then says what is wrong with the link (www/loader.js).
        // (Read at run time, so every build imports the same browser functions and one JavaScript glue
        // serves every module: scripts/build.mjs checks the glue is the same.)
        if !std::hint::black_box(crate::EVERY_VARIANT) && self.in_page && !fragment.is_empty() {
            let update = self.session.open_pasted(&fragment);
            if self.session.game().is_none() && browser::reload_with_every_variant() {
                return Ok(JsValue::UNDEFINED);
            }
            return self.done(update);
        }
        let update = self.session.start(&fragment);
        self.done(update)
    }

    /// A new game: `mode` is "local", "link" or "computer"; `seat` this browser's seat (link and
    /// computer games), `level` the computer's (1-5; absent: the session's default); `settings` one value
    /// per declared setting; `setup` a start position in the variant's notation.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(
        &mut self,
        variant: &str,
        mode: &str,
        seat: u8,
        level: Option<u32>,
        settings: Option<Vec<u8>>,
        setup: Option<String>,
    ) -> Result<JsValue, JsValue> {
        self.clock();
        let mode = match mode {
            "link" => Mode::Link { seat },
            "computer" => Mode::Computer {
                seat,
                level: engine::search::ladder_number(level.unwrap_or(engine::session::DEFAULT_LEVEL)),
            },
            _ => Mode::Local,
        };
        let update = self
            .session
            .new_game(NewGame { variant: variant.into(), mode, settings, setup })
            .map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Opens a game link from the address bar (a whole URL or its fragment); a transfer code there is
    /// refused, as in "Open a game link".
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.open_pasted(text);
        self.done(update)
    }

    /// Opens a game link the player pasted ("Open a game link"); a transfer code is refused.
    #[wasm_bindgen(js_name = openPasted)]
    pub fn open_pasted(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.open_pasted(text);
        // A link of a variant a one-variant module does not carry ("My games" opens on any module): the tab
        // reloads on the link with every variant, whose session opens it or says what is wrong with it.
        let unknown = update.notice.as_ref().is_some_and(|n| n.code == engine::ErrorCode::LinkUnknownVariant.as_str());
        if unknown && self.handed_to_every_variant(Some(engine::link::fragment_of(text))) {
            return Ok(JsValue::UNDEFINED);
        }
        self.done(update)
    }

    /// Opens a stored game by id.
    #[wasm_bindgen(js_name = openStored)]
    pub fn open_stored(&mut self, id: &str) -> Result<JsValue, JsValue> {
        self.clock();
        // A game of a variant a one-variant module does not carry: it becomes the game an address without a
        // fragment reopens, and the tab reloads there with every variant.
        if self.hands_over()
            && !self.session.has_rules_for_stored(id)
            && self.session.reopen_next(id).is_ok()
            && browser::reload_with_every_variant_at(None)
        {
            return Ok(JsValue::UNDEFINED);
        }
        let update = self.session.open_stored(id);
        self.done(update)
    }

    /// On a one-variant module in the page: reloads the tab at `fragment` (none: the address without a
    /// game) with the module of every variant; false where it cannot, and the caller goes on here.
    fn handed_to_every_variant(&self, fragment: Option<&str>) -> bool {
        self.hands_over() && browser::reload_with_every_variant_at(fragment)
    }

    /// Whether this is a one-variant module in a page, which hands games it lacks the rules of to the
    /// module of every variant.
    fn hands_over(&self) -> bool {
        !std::hint::black_box(crate::EVERY_VARIANT) && self.in_page
    }

    /// Plays an option's `path` as one move.
    pub fn play(&mut self, path: Vec<u32>) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.play(&path).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Plays the move `text` names, as the move list writes it or by its squares (`Nf3`, `g1f3`).
    #[wasm_bindgen(js_name = playTyped)]
    pub fn play_typed(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.play_typed(text).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Makes the setup due now from `text` (sealed or placed, as the rules say).
    #[wasm_bindgen(js_name = setUp)]
    pub fn set_up(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.set_up(text).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Takes back what the mode allows.
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.undo().map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Resigns this browser's player (on its turn, or while it waits for the opponent).
    pub fn resign(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.resign().map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// The open game as PGN (orthodox chess standard; variants with their tags and notation).
    pub fn pgn(&self) -> Result<String, JsValue> {
        self.session.pgn().map_err(|e| self.error(e))
    }

    /// The open game's moves as PGN move text.
    #[wasm_bindgen(js_name = movesText)]
    pub fn moves_text(&self) -> Result<String, JsValue> {
        self.session.moves_text().map_err(|e| self.error(e))
    }

    /// Opens an orthodox PGN as a new pass-and-play game.
    #[wasm_bindgen(js_name = importPgn)]
    pub fn import_pgn(&mut self, text: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.import_pgn(text).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// "Play on against the computer from here": a computer game from the position after `ply`
    /// decisions (default: now), the player taking the side to move.
    #[wasm_bindgen(js_name = playOn)]
    pub fn play_on(&mut self, ply: Option<usize>, line: Option<Vec<u32>>) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.play_on(ply, &line.unwrap_or_default()).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// A new game against the same opponent, with the colours swapped.
    pub fn rematch(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.rematch().map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// Confirms the link game's move that waits for it (its link is then shown).
    #[wasm_bindgen(js_name = confirmMove)]
    pub fn confirm_move(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.confirm_move().map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// The player handed the link out (Copy, Share, QR code): its moves can no longer be taken back.
    #[wasm_bindgen(js_name = linkSent)]
    pub fn link_sent(&mut self) {
        self.session.link_sent();
    }

    /// Whether link games ask to confirm each move before its link is made.
    #[wasm_bindgen(js_name = confirmMoves)]
    pub fn confirm_moves(&self) -> bool {
        self.session.confirm_moves()
    }

    /// The player closed the start screen: it is not shown again (kept in this browser).
    #[wasm_bindgen(js_name = welcomeClosed)]
    pub fn welcome_closed(&mut self) -> Result<JsValue, JsValue> {
        self.session.welcome_closed().map_err(|e| self.error(e))?;
        Ok(JsValue::UNDEFINED)
    }

    /// Whether pass and play turns the board to the side to move.
    #[wasm_bindgen(js_name = turnBoard)]
    pub fn turn_board(&self) -> bool {
        self.session.turn_board()
    }

    /// Turns the board-turning of pass and play on or off (kept in this browser).
    #[wasm_bindgen(js_name = setTurnBoard)]
    pub fn set_turn_board(&mut self, on: bool) -> Result<JsValue, JsValue> {
        self.session.set_turn_board(on).map_err(|e| self.error(e))?;
        self.done(engine::session::Update::default())
    }

    /// Turns move confirmation on or off (kept in this browser).
    #[wasm_bindgen(js_name = setConfirmMoves)]
    pub fn set_confirm_moves(&mut self, on: bool) -> Result<JsValue, JsValue> {
        self.session.set_confirm_moves(on).map_err(|e| self.error(e))?;
        self.done(engine::session::Update::default())
    }

    /// The visitor of a link game takes its seat without deciding anything yet ("Keep this game").
    #[wasm_bindgen(js_name = keepGame)]
    pub fn keep_game(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.keep_game();
        self.done(update)
    }

    /// The visitor of a link game plays another free seat instead.
    #[wasm_bindgen(js_name = takeOtherSide)]
    pub fn take_other_side(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.take_other_side();
        self.done(update)
    }

    /// The worker's answer to the think request `id`.
    #[wasm_bindgen(js_name = computerMoved)]
    pub fn computer_moved(
        &mut self,
        id: u32,
        indices: Vec<u32>,
        resigned: bool,
        undo: u32,
    ) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.computer_moved(id, &ComputerTurn { indices, resigned, undo });
        self.done(update)
    }

    /// Asks for a hint (a game against the computer, at the player's move): `{ id, link, seat }` for
    /// the computer's worker (`ComputerPlayer.hint`); an error where no hint is offered.
    #[wasm_bindgen(js_name = hintRequest)]
    pub fn hint_request(&mut self) -> Result<JsValue, JsValue> {
        let request = self.session.hint_request().map_err(|e| self.error(e))?;
        to_js(&request)
    }

    /// The worker's answer to the hint request `id`: the option index to suggest (absent: none found).
    /// The hint is then in the state's `session.hint`, and counted with the game.
    #[wasm_bindgen(js_name = hintFound)]
    pub fn hint_found(&mut self, id: u32, index: Option<u32>) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.hint_found(id, index).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// The worker failed on the think request `id`.
    #[wasm_bindgen(js_name = computerFailed)]
    pub fn computer_failed(&mut self, id: u32, message: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.computer_failed(id, message);
        self.done(update)
    }

    /// Another tab changed storage (the page's `storage` event).
    #[wasm_bindgen(js_name = storageChanged)]
    pub fn storage_changed(&mut self) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.storage_changed();
        self.done(update)
    }

    /// Deletes a stored game and its secrets.
    #[wasm_bindgen(js_name = deleteGame)]
    pub fn delete_game(&mut self, id: &str) {
        self.session.delete_game(id);
    }

    /// The stored games, most recently played first.
    pub fn games(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.session.games())
    }

    /// A transfer code that moves the open game with this browser's secrets to another device.
    #[wasm_bindgen(js_name = exportCode)]
    pub fn export_code(&mut self) -> Result<String, JsValue> {
        self.session.export_code().map_err(|e| self.error(e))
    }

    /// "Bring a game from another device": takes a game from a transfer code (the only way one is taken).
    #[wasm_bindgen(js_name = importTransfer)]
    pub fn import_transfer(&mut self, code: &str) -> Result<JsValue, JsValue> {
        self.clock();
        let update = self.session.import_transfer(code).map_err(|e| self.error(e))?;
        self.done(update)
    }

    /// The open game's link fragment.
    pub fn link(&self) -> Option<String> {
        self.session.link()
    }

    /// What the analysis board's worker analyses for ply `ply` (default: now), with the analysis line
    /// `line` (option indices, as the analysis view's `paths` give them) played on a copy: `{ link, ply,
    /// lines }`; an error while the analysis is not offered (a link game under way).
    #[wasm_bindgen(js_name = analysisRequest)]
    pub fn analysis_request(&self, ply: Option<usize>, line: Option<Vec<u32>>) -> Result<JsValue, JsValue> {
        let request = self.session.analysis_request(ply, &line.unwrap_or_default()).map_err(|e| self.error(e))?;
        to_js(&request)
    }

    /// The view of the analysis copy (the game at ply `ply` with `line` played on it), as `state` gives
    /// one, without options or the session's words: the board the page shows while a line is played.
    #[wasm_bindgen(js_name = analysisState)]
    pub fn analysis_state(&self, ply: Option<usize>, line: Vec<u32>) -> Result<JsValue, JsValue> {
        let copy = self.session.analysis_copy(ply, &line).map_err(|e| self.error(e))?;
        let id = self.session.game_id().unwrap_or_default();
        let view = view::state(&copy, id, None, false, self.session.language(), |_| None).map_err(|e| self.error(e))?;
        to_js(&view)
    }

    /// The view of ply `ply` (default: the current one) with the session's words and controls.
    pub fn state(&self, ply: Option<usize>) -> Result<JsValue, JsValue> {
        let game = self.session.game().ok_or_else(|| self.error(no_game()))?;
        let id = self.session.game_id().unwrap_or_default();
        let session = &self.session;
        let view =
            view::state(game, id, ply, session.decides(), session.language(), |listed| session.presentation(listed))
                .map_err(|e| self.error(e))?;
        to_js(&view)
    }

    /// What to announce to a listening player now that ply `ply` (the current one when absent) is shown
    /// with `status` on the status line: `[{ kind, text }]`, everything since the state last announced
    /// (see [`engine::session::announce`]).
    pub fn announce(&mut self, ply: Option<usize>, status: &str) -> Result<JsValue, JsValue> {
        let said = self.session.announcements(&mut self.heard, ply, status);
        to_js(&said)
    }

    /// A square of ply `ply`'s board in words, as the keyboard cursor reads it ("f6, black knight");
    /// with `draft`, of the board a setup being edited shows.
    #[wasm_bindgen(js_name = squareWords)]
    pub fn square_words(&self, ply: Option<usize>, square: u8, draft: Option<String>) -> Result<String, JsValue> {
        let board = self.board(ply, draft)?;
        Ok(engine::words::square_words_in(&board, engine::Square(square), self.session.language()))
    }

    /// The whole board of ply `ply` in words (who is to move, every piece, checks, reserves); with
    /// `draft`, the board a setup being edited shows.
    #[wasm_bindgen(js_name = positionWords)]
    pub fn position_words(&self, ply: Option<usize>, draft: Option<String>) -> Result<String, JsValue> {
        let game = self.session.game().ok_or_else(|| self.error(no_game()))?;
        let position = game.position_at(ply.unwrap_or(game.record().len())).map_err(|e| self.error(e))?;
        let board = self.board(ply, draft)?;
        Ok(engine::words::position_words_in(&board, game.seat_names(), position.to_move(), self.session.language()))
    }

    /// The setup editor's view of a draft given as its men's squares and kinds (in the order placed):
    /// the board with it, the men still to place, the rules it breaks, the squares a man may go on and
    /// the setup text to send (see [`engine::session::setup_editor`]).
    #[wasm_bindgen(js_name = setupEditor)]
    pub fn setup_editor(&self, squares: Vec<u8>, kinds: Vec<String>) -> Result<JsValue, JsValue> {
        let view = self.session.setup_editor(placed(squares, kinds)).map_err(|e| self.error(e))?;
        to_js(&view)
    }

    /// A click on `square` of the setup editor's board while placing men of `kind`: `{ men, kind }`, the
    /// draft after it and the kind chosen next.
    #[wasm_bindgen(js_name = setupClick)]
    pub fn setup_click(
        &self,
        squares: Vec<u8>,
        kinds: Vec<String>,
        kind: &str,
        square: u8,
    ) -> Result<JsValue, JsValue> {
        let edit = self.session.setup_click(placed(squares, kinds), kind, square).map_err(|e| self.error(e))?;
        to_js(&edit)
    }

    /// The men of a setup text (a ready-made or random setup), as the editor's draft: `[{ square, kind }]`.
    #[wasm_bindgen(js_name = setupDraftOf)]
    pub fn setup_draft_of(&self, text: &str) -> Result<JsValue, JsValue> {
        to_js(&engine::session::setup_editor::draft_of(text))
    }

    /// Ready-made setups for the seat setting up now: `[{ name, text }]`.
    #[wasm_bindgen(js_name = setupPresets)]
    pub fn setup_presets(&self) -> Result<JsValue, JsValue> {
        let game = self.session.game().ok_or_else(|| self.error(no_game()))?;
        let seat = game.setup_due().map_or(game.to_move(), |d| d.seat);
        let language = self.session.language();
        let list: Vec<crate::PresetView> = game
            .setup_presets(seat)
            .into_iter()
            .map(|(name, text)| crate::PresetView { name: language.label(name), text })
            .collect();
        to_js(&list)
    }

    /// A random valid setup for the seat setting up now.
    #[wasm_bindgen(js_name = randomSetup)]
    pub fn random_setup(&mut self) -> Result<String, JsValue> {
        self.session.random_setup().map_err(|e| self.error(e))
    }
}

impl SessionHandle {
    /// The board of ply `ply`, or the draft setup's while one is edited.
    fn board(&self, ply: Option<usize>, draft: Option<String>) -> Result<engine::BoardView, JsValue> {
        let game = self.session.game().ok_or_else(|| self.error(no_game()))?;
        let position = game.position_at(ply.unwrap_or(game.record().len())).map_err(|e| self.error(e))?;
        if let (Some(text), Some(setups)) = (draft, position.setup_phase()) {
            let seat = game.setup_due().map_or(game.to_move(), |d| d.seat);
            return Ok(setups.setup_preview(seat, &text).board);
        }
        Ok(position.view())
    }
}

impl Default for SessionHandle {
    fn default() -> Self {
        SessionHandle::new()
    }
}

/// A draft from the page: its men's squares and kinds, side by side.
fn placed(squares: Vec<u8>, kinds: Vec<String>) -> Vec<Placed> {
    squares.into_iter().zip(kinds).map(|(square, kind)| Placed { square, kind }).collect()
}

fn no_game() -> engine::Error {
    engine::Error::new(engine::ErrorCode::NoGame, "There is no game open.")
}
