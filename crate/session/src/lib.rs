//! The game session: everything a browser decides about its games, as engine code with tests.
//!
//! A [`Session`] owns the open game, the local player's seats, the mode (pass and play, computer, link)
//! and the start of the turn under way; it keeps games and secrets through the [`Keep`] trait and draws
//! randomness and the time from the [`Host`]. Every command the page has (new game, open a link, resume,
//! play, undo, set up, the computer's turn, take the other side, export and import) is one call that
//! returns one [`Update`]: the notice to show and the computer's turn to think about; the view to draw
//! is then read with [`Session::presentation`] and [`Session::game`].
//!
//! The trust rules of link play are enforced here and in the modules it uses:
//! - a link continues a stored game only under [`continuation::continues`]; anything else is refused
//!   with its own code and the stored game is kept;
//! - a link game with chance draws it by commit and reveal only (a seeded or scripted link is refused);
//! - secrets never leave the engine except into this browser's storage (and the export code, which says
//!   that it holds them);
//! - an older copy of a game never overwrites a newer one (two tabs): a save first compares.
//!
//! Depends on every engine layer below it: the game and its formats (what it opens, plays and keeps),
//! the registry (new games by slug), the search (the computer's turn) and the words (its status line).
//! Nothing here knows the browser: storage and randomness come through [`Keep`] and [`Host`].

// The layers below, under the names the engine gives them.
use chessfront_core::base64url;
use chessfront_core::error;
use chessfront_core::lang;
use chessfront_core::short_sort;
use chessfront_core::square;
use chessfront_game::authorship;
use chessfront_game::chance;
use chessfront_game::game;
use chessfront_game::link;
use chessfront_game::pgn;
#[cfg(test)]
use chessfront_game::review;
use chessfront_game::seal;
use chessfront_game::Game;
use chessfront_rules as rules;
use chessfront_rules::Seat;
use chessfront_search as search;
use chessfront_variants as variants;
use chessfront_words as words;

mod analysis;
pub mod announce;
mod cap;
pub mod computer;
mod computer_turns;
pub mod continuation;
mod event_card;
mod games;
mod hints;
pub mod json;
pub mod keep;
pub mod live;
mod opening;
mod playing;
mod preferences;
mod records;
mod save;
mod secrets;
pub mod setup_editor;
mod setups;
pub mod sound;
pub mod status;
pub mod transfer;
mod trust;

pub use analysis::AnalysisRequest;
pub use hints::{find_hint, hint_level, HintRequest, HintView};
use secrets::{parse_key, parse_seal, parse_secret};
pub use trust::judge_continuation;
use trust::read_incoming;

use crate::chance::{ChanceSource, Commitments, SEED_BYTES};
use crate::error::{Error, ErrorCode, Result};
use crate::lang::Language;
use crate::link::{LinkGame, GAME_ID_MASK};
use crate::rules::EndReason;
use crate::seal::{Salt, SALT_BYTES};
use continuation::Continuation;
use keep::{Keep, Shelf, StoredGame};
use serde::Serialize;

/// What the session needs from its surroundings besides storage.
pub trait Host {
    /// Fills `out` from a secure random source; false when there is none.
    fn random(&mut self, out: &mut [u8]) -> bool;
    /// The time now, ISO 8601 (for the list of games).
    fn now(&self) -> String;
}

/// The computer's level when none is chosen (levels count from 1, weakest first).
pub const DEFAULT_LEVEL: u32 = 5;

/// How the open game is played in this browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Pass and play: this browser decides for every seat.
    Local,
    /// By link: this browser plays `seat`.
    Link { seat: Seat },
    /// Against the computer: this browser plays `seat`, the computer the others at `level` (1 to the
    /// number of [`crate::search::LEVELS`]).
    Computer { seat: Seat, level: u32 },
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Local => "local",
            Mode::Link { .. } => "link",
            Mode::Computer { .. } => "computer",
        }
    }
    fn seat(self) -> Option<Seat> {
        match self {
            Mode::Local => None,
            Mode::Link { seat } | Mode::Computer { seat, .. } => Some(seat),
        }
    }
    fn of(stored: &StoredGame) -> Mode {
        let seat = stored.seat.unwrap_or(0);
        match stored.mode.as_str() {
            "link" => Mode::Link { seat },
            "computer" => {
                Mode::Computer { seat, level: crate::search::ladder_number(stored.level.unwrap_or(DEFAULT_LEVEL)) }
            }
            _ => Mode::Local,
        }
    }
}

/// A new game as the New game dialog describes it.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub variant: String,
    pub mode: Mode,
    pub settings: Option<Vec<u8>>,
    /// A start position in the variant's notation.
    pub setup: Option<String>,
}

/// A message for the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    /// The engine's error code, or a code of the session's own ("joined", "computer-resigned", ...).
    pub code: String,
    pub text: String,
    /// Information rather than a problem.
    pub info: bool,
    /// A button the notice offers: "other-side" (take the other seat of a joined game).
    pub action: Option<&'static str>,
    pub action_label: Option<String>,
    /// The text and the action's label in French, until [`Notice::in_language`] picks one.
    #[serde(skip)]
    pub french: (String, Option<String>),
}

impl Notice {
    fn error(e: &Error) -> Notice {
        Notice {
            code: e.code.as_str().into(),
            text: e.message.clone(),
            info: e.code == ErrorCode::LinkOlderCopy,
            action: None,
            action_label: None,
            french: (e.text(Language::Fr), None),
        }
    }
    /// Information in both languages (each notice of the session's own says itself in each).
    fn info(code: &str, english: impl Into<String>, french: impl Into<String>) -> Notice {
        Notice {
            code: code.into(),
            text: english.into(),
            info: true,
            action: None,
            action_label: None,
            french: (crate::lang::typo(french.into()), None),
        }
    }
    /// The notice with its words in `language`.
    pub fn in_language(mut self, language: Language) -> Notice {
        if language == Language::Fr {
            let (text, label) = std::mem::take(&mut self.french);
            self.text = text;
            self.action_label = label.or(self.action_label);
        }
        self
    }
}

/// The computer's turn to think about, in the page's worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThinkRequest {
    /// Answers carry it back; an answer for an older request is ignored.
    pub id: u32,
    /// The game, as a link the worker replays.
    pub link: String,
    pub seat: Seat,
    pub level: u32,
    pub seed: u32,
}

/// What a command did: a notice to show, whether the last move should be animated, and the computer's
/// turn to start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Update {
    pub notice: Option<Notice>,
    pub animate: bool,
    pub think: Option<ThinkRequest>,
    /// A first visit (no link, no game kept): the page shows its start screen.
    pub welcome: bool,
    /// What the page plays: the sound of the decisions this command played, or of the link it opened.
    pub sound: Option<sound::Sound>,
    /// Live play: messages for every open channel, in order (`docs/live.md`). (Live play's three
    /// fields are left out of the page's one-variant modules, built without the `live` feature.)
    #[cfg(feature = "live")]
    pub send: Vec<String>,
    /// Live play: messages for every open channel but the one the received message came from (a hub).
    #[cfg(feature = "live")]
    pub relay: Vec<String>,
    /// Live play: an invitation or an answer was opened; what the page's peer connection needs.
    #[cfg(feature = "live")]
    pub live: Option<live::Opened>,
}

struct Open {
    game: Game,
    id: u64,
    mode: Mode,
    created: String,
    /// Decisions before this index were made before this browser's turn began (link games cannot take
    /// them back: they were sent).
    turn_start: usize,
    /// The link as last read from or written to storage (to notice another tab's writes).
    saved: Option<String>,
    /// Just read from storage, spelled as the encoder spells it: the game's [`Game::changes`] then. While
    /// the count is the same, storage holds this very game and the next save has nothing to write.
    stored_as: Option<u64>,
    /// The link this game was joined from (to take the other side instead).
    joined_from: Option<String>,
    /// Just opened: what the automatic steps place (a reveal) is not this browser's turn to take back.
    fresh: bool,
    /// This browser lacks its secret for the game: it may show the game but decide nothing in it.
    locked: bool,
    /// A link game opened here whose seat the player has not taken yet: nothing is stored and no secret
    /// made until the player acts in it (a decision, or "keep this game"), so a page that opens links
    /// by the hundred stores nothing.
    visiting: bool,
    /// Every seat of this link game is played in other browsers: it is shown, never stored or played.
    watching: bool,
    /// Decisions before this index are in a link the player handed out (copied, shared, shown as a QR
    /// code): they cannot be taken back. Everything opened counts as handed out.
    sent: usize,
    /// A link game's move waits for the player's confirmation before its link is shown.
    unconfirmed: bool,
    /// The hints taken in this game (against the computer) and the one on the board.
    hints: hints::Hints,
    /// The game is (or was) played live: its clocks and connection, kept with the stored game.
    live: Option<Box<live::Live>>,
}

/// The game session of one browser. See the module documentation.
pub struct Session {
    keep: Box<dyn Keep>,
    host: Box<dyn Host>,
    open: Option<Open>,
    think_id: u32,
    thinking: bool,
    /// Why the open game could not be saved during the command under way (storage full or refused,
    /// or the cap on stored games): [`Session::finish`] makes it the update's notice, so that nothing
    /// said after the save (a "joined" notice) hides it.
    unsaved: Option<Notice>,
    /// Link games ask to confirm a move before its link is made (a preference kept in storage).
    confirm_moves: bool,
    /// The language of everything the session says (the page sets it; the engine keeps none).
    language: Language,
    /// The host's time for the command under way, in milliseconds since 1970 ([`Session::set_time`]).
    now_ms: u64,
    /// An invitation opened in this session, waiting for the page's answer ([`Session::live_answer`]).
    #[cfg_attr(not(feature = "live"), allow(dead_code))]
    answering: Option<live::Answering>,
}

fn id_text(id: u64) -> String {
    format!("{:010x}", id & GAME_ID_MASK)
}

fn not_your_turn() -> Error {
    Error::bilingual(
        ErrorCode::IllegalAction,
        "It is not your turn to decide here.",
        "Ce n'est pas à vous de décider ici.",
    )
}

fn no_setup_due() -> Error {
    Error::bilingual(
        ErrorCode::IllegalAction,
        "No setup is due now.",
        "Aucune mise en place n'est attendue maintenant.",
    )
}

/// A transfer code met where a game link is expected. It says what the code is for and nothing about
/// taking it: a code someone else made would let them foresee the draws or decide for this seat.
fn a_transfer_code_is_not_a_link() -> Error {
    Error::bilingual(
        ErrorCode::LinkMalformed,
        "This is a transfer code, not a game link, so it was not opened. A transfer code only moves your own game between your own devices: if someone sent you this one, do not use it, and ask them for the game's link.",
        "Ceci est un code de transfert, pas un lien de partie : il n'a pas été ouvert. Un code de transfert sert seulement à déplacer votre propre partie entre vos propres appareils : si quelqu'un vous l'a envoyé, ne l'utilisez pas, et demandez-lui le lien de la partie.",
    )
}

fn no_game() -> Error {
    Error::bilingual(ErrorCode::NoGame, "There is no game open.", "Aucune partie n'est ouverte.")
}

impl Session {
    pub fn new(keep: Box<dyn Keep>, host: Box<dyn Host>) -> Session {
        let confirm_moves = keep::preference(keep.as_ref(), keep::CONFIRM_MOVES).as_deref() != Some("off");
        Session {
            keep,
            host,
            open: None,
            think_id: 0,
            thinking: false,
            unsaved: None,
            confirm_moves,
            language: Language::En,
            now_ms: 0,
            answering: None,
        }
    }

    /// Says everything from now on in the language of `tag` ("fr", "fr-CA"; English for any other) and
    /// answers the language chosen.
    pub fn set_language(&mut self, tag: &str) -> Language {
        self.language = Language::from_tag(tag);
        self.language
    }

    /// The language the session speaks.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The host's time for the commands that follow, in milliseconds since 1970 (the page's
    /// `Date.now()`): live clocks are measured with it. The facade sets it before every command.
    pub fn set_time(&mut self, now_ms: u64) {
        self.now_ms = now_ms;
    }

    /// Every command's update passes here before the player sees it (the page's funnel calls it, then
    /// [`Session::localize`]): a save that failed during the command is the notice, whatever else the
    /// command had to say, unless the notice already tells that failure (the same code, in more words).
    /// A failure is shown in every update it happens in, never once only.
    pub fn finish(&mut self, update: Update) -> Update {
        #[cfg(feature = "live")]
        let update = self.live_outgoing(update);
        match self.unsaved.take() {
            Some(failed) if update.notice.as_ref().map_or(true, |n| n.code != failed.code) => {
                Update { notice: Some(failed), ..update }
            }
            _ => update,
        }
    }

    /// An update's words in the session's language (the page's funnel calls it on every update).
    pub fn localize(&self, update: Update) -> Update {
        Update { notice: update.notice.map(|n| n.in_language(self.language)), ..update }
    }

    /// An error's message in the session's language.
    pub fn error_text(&self, e: &Error) -> String {
        e.text(self.language)
    }

    fn shelf(&mut self) -> Shelf<'_> {
        Shelf(self.keep.as_mut())
    }

    fn random<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        if self.host.random(&mut out) {
            Ok(out)
        } else {
            Err(Error::bilingual(
                ErrorCode::BadSetting,
                format!("This browser has no secure random source, which {what} needs."),
                "Ce navigateur n'a pas de source de hasard sûre, dont la partie a besoin.",
            ))
        }
    }

    // -----------------------------------------------------------------------------------------
    // Reading the open game

    /// The open game.
    pub fn game(&self) -> Option<&Game> {
        self.open.as_ref().map(|o| &o.game)
    }

    /// The open game's id, 10 hex digits.
    pub fn game_id(&self) -> Option<String> {
        self.open.as_ref().map(|o| id_text(o.id))
    }

    pub fn mode(&self) -> Option<Mode> {
        self.open.as_ref().map(|o| o.mode)
    }

    /// The open game's link fragment.
    pub fn link(&self) -> Option<String> {
        self.open.as_ref().map(|o| link::encode(&o.game, o.id))
    }

    /// The fragment the address bar should hold: a link game's link, nothing otherwise (a reload or a
    /// bookmark then reopens it).
    pub fn fragment(&self) -> Option<String> {
        self.open.as_ref().filter(|o| matches!(o.mode, Mode::Link { .. })).map(|o| link::encode(&o.game, o.id))
    }

    /// Whether this browser makes the current decision (pass and play, or its own seat's turn while the
    /// computer is not thinking).
    pub fn decides(&self) -> bool {
        let Some(o) = &self.open else { return false };
        if o.game.outcome().is_some() || self.thinking || o.locked || live::over_on_time(o) {
            return false;
        }
        o.mode.seat().map_or(true, |seat| o.game.to_move() == seat)
    }

    /// The player handed the open game's link out (copied, shared, shown as a QR code): what it holds
    /// can no longer be taken back.
    pub fn link_sent(&mut self) {
        if let Some(o) = self.open.as_mut().filter(|o| !o.unconfirmed && matches!(o.mode, Mode::Link { .. })) {
            o.sent = o.game.record().len();
        }
    }

    /// What the page says about the open game. `has_board_action` spares listing the options again
    /// when the caller has them (whether any board action is among them).
    pub fn presentation(&self, has_board_action: Option<bool>) -> Option<status::Presentation> {
        let o = self.open.as_ref()?;
        let has_board_action = has_board_action
            .unwrap_or_else(|| o.game.decisions().iter().any(|d| matches!(d, crate::game::Decision::Act(_))));
        let mut presentation = status::present(status::Facts {
            game: &o.game,
            mode: o.mode,
            decides: self.decides(),
            thinking: self.thinking,
            undo_enabled: self.undo_enabled(),
            can_resign: self.can_resign(),
            unconfirmed: o.unconfirmed,
            link: self.fragment().filter(|_| !o.unconfirmed && !o.watching),
            watching: o.watching,
            has_board_action,
            language: self.language,
            turn_board: self.turn_board(),
            live_connected: o.live.as_ref().is_some_and(|l| l.connection == live::Connection::Connected),
        });
        presentation.hint_offered = hints::offered(self);
        presentation.hint = self.hint();
        presentation.hints_note = self.hints_note();
        // A fall of a flag ends the game here, in every build (a one-variant module keeps it too).
        if let Some(flagged) = o.live.as_ref().and_then(|l| l.flagged) {
            let names = o.game.seat_names();
            let words = live::on_time_notice(names, flagged).in_language(self.language).text;
            // As any game's end: the score first (two players), the words of the end, "the game is over".
            let score = match (names.len(), flagged) {
                (2, 0) => "0-1 · ",
                (2, _) => "1-0 · ",
                _ => "",
            };
            presentation.banner = Some(format!("{score}{words}"));
            presentation.status = match self.language {
                lang::Language::En => "The game is over.".into(),
                lang::Language::Fr => "La partie est terminée.".into(),
            };
            presentation.can_resign = false;
            presentation.undo_enabled = false;
            presentation.rematch = true;
            presentation.confirm_preference = false;
            presentation.hint_offered = false;
            presentation.ended_on_time = Some(status::EndedOnTime { seat: flagged, words });
        }
        let connected = o.live.as_ref().is_some_and(|l| l.connection == live::Connection::Connected);
        // A visitor (a link opened, not played in yet) may start live play with whoever sent it.
        let going_on = o.game.outcome().is_none() && presentation.ended_on_time.is_none() && !o.watching;
        presentation.premoves = going_on
            && !self.decides()
            && o.game.setup_due().is_none()
            && (matches!(o.mode, Mode::Computer { .. }) || connected);
        presentation.live_offered = going_on && matches!(o.mode, Mode::Link { .. }) && !connected;
        #[cfg(feature = "live")]
        if let (Some(live), Some(seat)) = (&o.live, o.mode.seat()) {
            let names = o.game.seat_names();
            let mut view = live::view::of(live, seat, names, self.language, self.now_ms.max(live.measured_at));
            view.takeback_offered =
                connected && going_on && live.takeback.is_none() && live::takeback_ply(&o.game, seat).is_ok();
            presentation.live = Some(Box::new(view));
        }
        Some(presentation)
    }

    // -----------------------------------------------------------------------------------------
    // Commands

    /// The page has loaded: opens the link in the address bar if there is one, else the last game.
    /// A link that cannot be opened is reported and the last game is opened instead (the notice stays).
    pub fn start(&mut self, fragment: &str) -> Update {
        let fragment = link::fragment_of(fragment);
        // The start hint is set right whatever the address (storage from a build before it has none).
        let start_screen_due = self.shelf().note_start();
        if fragment.is_empty() && start_screen_due {
            return Update { welcome: true, ..self.resume() };
        }
        if !fragment.is_empty() {
            let update = self.open_pasted(fragment);
            if self.open.is_some() {
                return update;
            }
            let resumed = self.resume();
            return Update { notice: update.notice.or(resumed.notice), ..resumed };
        }
        self.resume()
    }

    /// Opens a game link the player pasted into "Open a game link" or reached by an address (a click, a
    /// reload). A transfer code is refused there: whoever made it decides for the player's seat, so it is
    /// taken only through its own dialog ([`Session::import_transfer`]), never from text that came as a
    /// link. A refusal is the update's notice.
    pub fn open_pasted(&mut self, text: &str) -> Update {
        #[cfg(feature = "live")]
        match chessfront_game::live::handshake::kind_of(text) {
            Some(chessfront_game::live::handshake::Kind::Invitation) => return self.open_invitation(text),
            Some(chessfront_game::live::handshake::Kind::Answer) => return self.open_answer(text),
            None => {}
        }
        if transfer::looks_like(text) {
            return Update { notice: Some(Notice::error(&a_transfer_code_is_not_a_link())), ..Update::default() };
        }
        self.open_link(text)
    }

    /// "Bring a game from another device": takes a game, with the secrets it holds, from a transfer
    /// code the player made on another device of theirs ([`Session::import_code`] checks it), bare or in
    /// an address that carries it after '#'.
    pub fn import_transfer(&mut self, text: &str) -> Result<Update> {
        let code = if text.trim().starts_with(transfer::PREFIX) { text.trim() } else { link::fragment_of(text) };
        if !code.starts_with(transfer::PREFIX) && link::decode(code).is_ok() {
            return Err(Error::bilingual(
                ErrorCode::BadTransferCode,
                "This is a game link, not a transfer code: open it with \"Open a game link\" under \"My games\".",
                "Ceci est un lien de partie, pas un code de transfert : ouvrez-le avec « Ouvrir un lien de partie » dans « Mes parties ».",
            ));
        }
        self.import_code(code)
    }

    // -----------------------------------------------------------------------------------------
    // Internals

    /// After anything that changed the game: sealed setups revealed when due, the computer's setups, the
    /// save, and the computer's turn.
    fn after_change(&mut self, animate: bool) -> Update {
        let mut notice = self.reveal_when_due().err().map(|e| Notice::error(&e));
        if let Err(e) = self.computer_setups() {
            notice = notice.or(Some(Notice::error(&e)));
        }
        if let Some(o) = self.open.as_mut().filter(|o| o.fresh) {
            o.fresh = false;
            o.turn_start = o.game.record().len();
            o.sent = o.turn_start;
        }
        notice = self.save().or(notice);
        let think = self.think_request();
        Update { notice, animate, think, ..Update::default() }
    }
}

#[cfg(test)]
mod tests;
