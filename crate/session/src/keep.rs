//! What a browser keeps between visits, behind the [`Keep`] trait: its games, the current game, and
//! the secrets that only this browser may hold (chance secrets, sealed setups).
//!
//! The keys and formats are those the page used before the session moved into the engine, so games
//! stored by earlier versions still open: `chessfront.game.<id>` (a JSON [`StoredGame`]),
//! `chessfront.current` (an id), `chessfront.secret.<id>`, `chessfront.key.<id>` (the seat's signing
//! seed) and `chessfront.seal.<id>.<seat>` (JSON `{ "seat": n, "secret": "..." }`), the player's preferences `chessfront.setting.<name>` (the key
//! keeps the name it was stored under; in the code a *setting* is a variant's value chosen when a game
//! starts), and `chessfront.start`, the hint the page reads before the engine is there ([`START`]). One key per game, so a damaged entry never takes the others with it. Storage can be
//! missing, full or cleared at any time: every call reports failure instead of panicking, and what
//! cannot be read is treated as absent and left alone.

use super::json::{self, Value};
use crate::error::{Error, ErrorCode, Result};
use serde::Serialize;
use std::collections::BTreeMap;

/// A browser's key-value storage (localStorage in the page, a map in tests).
pub trait Keep {
    /// The value under `key`; `None` when absent or unreadable.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores a value; fails with `storage-full` or `storage-unavailable`.
    fn set(&mut self, key: &str, value: &str) -> Result<()>;
    /// Removes a key (absent keys and refusals are ignored: there is nothing left to lose).
    fn remove(&mut self, key: &str);
    /// Every key present.
    fn keys(&self) -> Vec<String>;
}

/// In-memory storage, for tests and the command line; `full` makes every write fail as a full
/// browser storage does.
#[derive(Clone, Debug, Default)]
pub struct MemoryKeep {
    pub entries: BTreeMap<String, String>,
    pub full: bool,
}

impl Keep for MemoryKeep {
    fn get(&self, key: &str) -> Option<String> {
        self.entries.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        if self.full {
            return Err(storage_full());
        }
        self.entries.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.entries.remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.entries.keys().cloned().collect()
    }
}

pub fn storage_full() -> Error {
    Error::bilingual(
        ErrorCode::StorageFull,
        "The browser's storage is full, so this game was not saved here. Its link still holds the whole game.",
        "Le stockage du navigateur est plein : cette partie n'a pas été enregistrée ici. Son lien contient toujours toute la partie.",
    )
}

pub fn storage_unavailable() -> Error {
    Error::bilingual(
        ErrorCode::StorageUnavailable,
        "This browser does not let the page store games (storage is disabled), so this game was not saved here. Its link still holds the whole game.",
        "Ce navigateur ne permet pas à la page d'enregistrer des parties (le stockage est désactivé) : cette partie n'a pas été enregistrée ici. Son lien contient toujours toute la partie.",
    )
}

const GAME: &str = "chessfront.game.";
const CURRENT: &str = "chessfront.current";
const SECRET: &str = "chessfront.secret.";
const SEAL: &str = "chessfront.seal.";
const KEY: &str = "chessfront.key.";
/// Stored under "setting", the name preferences had before variants' settings took it: kept so that
/// what browsers stored still reads.
const PREFERENCE: &str = "chessfront.setting.";
/// The preference "ask to confirm a move before its link is made" ("on" or "off"; on when absent).
pub const CONFIRM_MOVES: &str = "confirm-moves";

/// A preference of the player's (`chessfront.setting.<name>`), as stored.
pub fn preference(keep: &dyn Keep, name: &str) -> Option<String> {
    keep.get(&format!("{PREFERENCE}{name}"))
}

/// The start hint: [`OPENS_ON_A_GAME`] while an address without a game in it opens on a game rather
/// than on the start screen (a game is kept or current, or the start screen was closed), absent
/// otherwise. The session writes it whenever that answer changes and checks it at every start; it
/// decides nothing itself: the page reads it before the engine has loaded, only to choose what to show
/// first (the start screen at once, or nothing until the session answers), and the session's own
/// answer then wins.
pub const START: &str = "chessfront.start";
/// The start hint's one value.
pub const OPENS_ON_A_GAME: &str = "game";
/// Seats a game can have (sealed setups are kept per seat).
const MAX_SEATS: u8 = 4;

/// A game as the browser keeps it: its link (the whole game) and what the list of games shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredGame {
    /// The game id, 10 hex digits.
    pub id: String,
    pub variant: String,
    pub variant_name: String,
    /// "local" (pass and play), "link" or "computer".
    pub mode: String,
    /// This browser's seat (link and computer games).
    pub seat: Option<u8>,
    /// The computer's level (computer games), on the ladder's scale ([`crate::search::LEVELS`]).
    pub level: Option<u32>,
    pub link: String,
    pub created: String,
    pub updated: String,
    pub plies: usize,
    pub to_move: Option<u8>,
    pub last_move: String,
    pub result: String,
    pub seat_names: Vec<String>,
    /// The hints the player took (games against the computer): the ply each was shown at, in the order
    /// taken. Stored as a list of numbers written as texts (the only lists the storage's JSON holds).
    pub hints: Vec<usize>,
    /// A game played live: its clocks and connection, as `live::Live::to_text` writes them.
    pub live: Option<String>,
    /// It is this browser's player's turn (link and computer games that are not over); not stored,
    /// worked out by [`super::Session::games`].
    pub your_turn: bool,
    /// The words of the game's line in "My games" ([`super::status::game_line`]); not stored.
    pub title: String,
    pub detail: String,
}

impl StoredGame {
    /// The stored game as JSON (with the field names earlier versions wrote).
    pub fn to_json(&self) -> String {
        let opt = |n: Option<i64>| n.map_or(Value::Null, Value::Whole);
        json::write_object(&[
            ("id", Value::Text(self.id.clone())),
            ("variant", Value::Text(self.variant.clone())),
            ("variantName", Value::Text(self.variant_name.clone())),
            ("mode", Value::Text(self.mode.clone())),
            ("seat", opt(self.seat.map(i64::from))),
            // "level" held a level of the five-level scale; levels are now counted on the ladder's scale,
            // under a new name so that a copy written before is still read as what it was.
            ("computerLevel", opt(self.level.map(i64::from))),
            ("link", Value::Text(self.link.clone())),
            ("created", Value::Text(self.created.clone())),
            ("updated", Value::Text(self.updated.clone())),
            ("plies", Value::Whole(self.plies as i64)),
            ("toMove", opt(self.to_move.map(i64::from))),
            ("lastMove", Value::Text(self.last_move.clone())),
            ("result", Value::Text(self.result.clone())),
            ("seatNames", Value::Texts(self.seat_names.clone())),
            ("hints", Value::Texts(self.hints.iter().map(usize::to_string).collect())),
            ("live", self.live.clone().map_or(Value::Null, Value::Text)),
        ])
    }

    /// Reads a stored game: `id`, `variant`, `mode` and `link` are needed, the rest has defaults.
    pub fn from_json(text: &str) -> Option<StoredGame> {
        let m = json::parse_object(text)?;
        let text = |key: &str| match m.get(key) {
            Some(Value::Text(t)) => Some(t.clone()),
            _ => None,
        };
        let whole = |key: &str| match m.get(key) {
            Some(Value::Whole(n)) => Some(*n),
            _ => None,
        };
        Some(StoredGame {
            id: text("id")?,
            variant: text("variant")?,
            variant_name: text("variantName").unwrap_or_default(),
            mode: text("mode").unwrap_or_else(|| "local".into()),
            seat: whole("seat").and_then(|n| u8::try_from(n).ok()),
            level: match whole("computerLevel") {
                Some(n) => u32::try_from(n).ok(),
                None => {
                    whole("level").and_then(|n| u32::try_from(n).ok()).map(crate::search::level_of_the_five_level_scale)
                }
            },
            link: text("link")?,
            created: text("created").unwrap_or_default(),
            updated: text("updated").unwrap_or_default(),
            plies: whole("plies").and_then(|n| usize::try_from(n).ok()).unwrap_or(0),
            to_move: whole("toMove").and_then(|n| u8::try_from(n).ok()),
            last_move: text("lastMove").unwrap_or_default(),
            result: text("result").unwrap_or_default(),
            seat_names: match m.get("seatNames") {
                Some(Value::Texts(list)) => list.clone(),
                _ => Vec::new(),
            },
            // Written since hints exist: a game stored before has taken none.
            hints: match m.get("hints") {
                Some(Value::Texts(list)) => list.iter().filter_map(|n| n.parse().ok()).collect(),
                _ => Vec::new(),
            },
            live: text("live"),
            your_turn: false,
            title: String::new(),
            detail: String::new(),
        })
    }
}

/// A secret this browser keeps for a game: `seat` and the secret's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub seat: u8,
    pub secret: String,
}

impl Kept {
    pub fn to_json(&self) -> String {
        json::write_object(&[("seat", Value::Whole(self.seat.into())), ("secret", Value::Text(self.secret.clone()))])
    }
    pub fn from_json(text: &str) -> Option<Kept> {
        let m = json::parse_object(text)?;
        match (m.get("seat"), m.get("secret")) {
            (Some(Value::Whole(seat)), Some(Value::Text(secret))) => {
                Some(Kept { seat: u8::try_from(*seat).ok()?, secret: secret.clone() })
            }
            _ => None,
        }
    }
}

/// Typed access to a [`Keep`].
pub struct Shelf<'a>(pub &'a mut dyn Keep);

impl Shelf<'_> {
    pub fn game(&self, id: &str) -> Option<StoredGame> {
        let stored = StoredGame::from_json(&self.0.get(&format!("{GAME}{id}"))?)?;
        (stored.id == id).then_some(stored)
    }

    pub fn save_game(&mut self, stored: &StoredGame) -> Result<()> {
        self.0.set(&format!("{GAME}{}", stored.id), &stored.to_json())
    }

    /// Every readable stored game, most recently played first.
    pub fn games(&self) -> Vec<StoredGame> {
        let mut games: Vec<StoredGame> =
            self.0.keys().iter().filter_map(|k| k.strip_prefix(GAME)).filter_map(|id| self.game(id)).collect();
        crate::short_sort::sort_by(&mut games, |a, b| a.updated > b.updated);
        games
    }

    /// Deletes a game with every secret kept for it.
    pub fn delete_game(&mut self, id: &str) {
        self.0.remove(&format!("{GAME}{id}"));
        self.0.remove(&format!("{SECRET}{id}"));
        self.0.remove(&format!("{KEY}{id}"));
        for seat in 0..MAX_SEATS {
            self.0.remove(&format!("{SEAL}{id}.{seat}"));
        }
        if self.current().as_deref() == Some(id) {
            self.0.remove(CURRENT);
        }
        self.note_start();
    }

    /// Whether an address without a game in it opens on the start screen: no game kept, none current,
    /// and the start screen never closed.
    pub fn start_screen_due(&self) -> bool {
        self.current().is_none()
            && self.games().is_empty()
            && preference(&*self.0, super::preferences::WELCOME_CLOSED).is_none()
    }

    /// Writes the start hint ([`START`]) as [`Shelf::start_screen_due`] answers now; answers that.
    pub fn note_start(&mut self) -> bool {
        let due = self.start_screen_due();
        if due {
            self.0.remove(START);
        } else {
            self.hint_a_game();
        }
        due
    }

    /// Sets the start hint unless it is there (a start that reopens a game writes nothing). A refused
    /// write is let go: the hint only chooses what the page shows first, and the next start writes it.
    fn hint_a_game(&mut self) {
        if self.0.get(START).is_none() {
            let _ = self.0.set(START, OPENS_ON_A_GAME);
        }
    }

    pub fn set_preference(&mut self, name: &str, value: &str) -> Result<()> {
        self.0.set(&format!("{PREFERENCE}{name}"), value)
    }

    pub fn current(&self) -> Option<String> {
        self.0.get(CURRENT)
    }

    pub fn set_current(&mut self, id: &str) -> Result<()> {
        if self.current().as_deref() == Some(id) {
            return Ok(());
        }
        self.0.set(CURRENT, id)?;
        // An address without a game in it now opens on this one (every save makes its game current).
        self.hint_a_game();
        Ok(())
    }

    fn kept(&self, key: &str) -> Option<Kept> {
        Kept::from_json(&self.0.get(key)?)
    }

    fn keep(&mut self, key: &str, kept: &Kept) -> Result<()> {
        self.0.set(key, &kept.to_json())
    }

    /// This browser's chance secret for a link game (hex).
    pub fn secret(&self, id: &str) -> Option<Kept> {
        self.kept(&format!("{SECRET}{id}"))
    }

    pub fn save_secret(&mut self, id: &str, kept: &Kept) -> Result<()> {
        self.keep(&format!("{SECRET}{id}"), kept)
    }

    /// Whether storage holds anything under game `id`'s signing key, readable or not.
    pub fn holds_key(&self, id: &str) -> bool {
        self.0.get(&format!("{KEY}{id}")).is_some()
    }

    /// Whether storage holds anything under game `id`'s chance secret, readable or not.
    pub fn holds_secret(&self, id: &str) -> bool {
        self.0.get(&format!("{SECRET}{id}")).is_some()
    }

    /// Whether storage holds anything under game `id`'s sealed setup for `seat`, readable or not.
    pub fn holds_seal(&self, id: &str, seat: u8) -> bool {
        self.0.get(&format!("{SEAL}{id}.{seat}")).is_some()
    }

    /// This browser's signing seed for its seat in a link game (hex).
    pub fn key(&self, id: &str) -> Option<Kept> {
        self.kept(&format!("{KEY}{id}"))
    }

    pub fn save_key(&mut self, id: &str, kept: &Kept) -> Result<()> {
        self.keep(&format!("{KEY}{id}"), kept)
    }

    /// This browser's sealed setup for a seat (`salt-hex:setup text`).
    pub fn seal(&self, id: &str, seat: u8) -> Option<Kept> {
        self.kept(&format!("{SEAL}{id}.{seat}")).filter(|k| k.seat == seat)
    }

    pub fn save_seal(&mut self, id: &str, kept: &Kept) -> Result<()> {
        self.keep(&format!("{SEAL}{id}.{}", kept.seat), kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(id: &str, updated: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            variant: "chess".into(),
            mode: "local".into(),
            link: "x".into(),
            updated: updated.into(),
            ..StoredGame::default()
        }
    }

    #[test]
    fn games_round_trip_sorted_and_damaged_entries_are_skipped() {
        let mut keep = MemoryKeep::default();
        let mut shelf = Shelf(&mut keep);
        shelf.save_game(&stored("a", "2026-01-01")).expect("saved");
        shelf.save_game(&stored("b", "2026-02-01")).expect("saved");
        shelf.0.set("chessfront.game.zzz", "{not json").expect("raw");
        shelf
            .0
            .set("chessfront.game.yyy", r#"{"id":"other","variant":"chess","mode":"local","link":"x"}"#)
            .expect("raw");
        let ids: Vec<String> = shelf.games().into_iter().map(|g| g.id).collect();
        assert_eq!(ids, ["b", "a"], "newest first; unreadable and mislabelled entries left out");
        assert_eq!(shelf.0.get("chessfront.game.zzz").as_deref(), Some("{not json"), "and left alone");
    }

    #[test]
    fn stored_games_of_earlier_versions_still_read() {
        let mut keep = MemoryKeep::default();
        let old = r#"{"id":"00000000aa","variant":"chess","variantName":"Chess","mode":"local","seat":null,"created":"t","link":"L","seatNames":["White","Black"],"plies":2,"toMove":0,"lastMove":"e5","result":"","updated":"u","unsavedWarned":true}"#;
        keep.set("chessfront.game.00000000aa", old).expect("raw");
        let game = Shelf(&mut keep).game("00000000aa").expect("readable");
        assert_eq!((game.link.as_str(), game.plies, game.seat), ("L", 2, None));
        assert_eq!(game.seat_names, ["White", "Black"], "My games names the seats from the stored game");
    }

    #[test]
    fn stored_levels_of_the_five_level_scale_keep_their_computers_strength() {
        let computer = r#"{"id":"00000000ab","variant":"chess","mode":"computer","seat":0,"link":"L""#;
        for (five, ladder) in [(1, 1), (2, 1), (3, 8), (4, 10), (5, 13)] {
            let game = StoredGame::from_json(&format!(r#"{computer},"level":{five}}}"#)).expect("readable");
            assert_eq!(game.level, Some(ladder), "level {five} of five");
        }
        let today = StoredGame::from_json(&format!(r#"{computer},"computerLevel":4,"level":2}}"#)).expect("readable");
        assert_eq!(today.level, Some(4), "the ladder's level is read as it is, whatever else is there");
        let written = StoredGame { level: Some(4), ..today }.to_json();
        assert!(written.contains(r#""computerLevel":4"#) && !written.contains(r#""level""#), "{written}");
    }

    #[test]
    fn every_field_of_a_stored_game_round_trips() {
        let game = StoredGame {
            seat: Some(1),
            level: Some(3),
            seat_names: vec!["White".into(), "Red".into(), "Black".into(), "Blue".into()],
            plies: 130,
            to_move: Some(2),
            last_move: "Nj1-h2".into(),
            result: "1-0".into(),
            hints: vec![4, 12],
            ..stored("c0ffee0001", "2026-03-01")
        };
        let back = StoredGame::from_json(&game.to_json()).expect("readable");
        assert_eq!(back.to_json(), game.to_json());
        assert_eq!(back.seat_names, game.seat_names);
    }

    #[test]
    fn deleting_a_game_deletes_its_secrets() {
        let mut keep = MemoryKeep::default();
        let mut shelf = Shelf(&mut keep);
        shelf.save_game(&stored("g", "u")).expect("saved");
        shelf.save_secret("g", &Kept { seat: 0, secret: "ab".into() }).expect("saved");
        shelf.save_key("g", &Kept { seat: 0, secret: "a0".into() }).expect("saved");
        shelf.save_seal("g", &Kept { seat: 2, secret: "cd:Kb1".into() }).expect("saved");
        shelf.save_secret("h", &Kept { seat: 1, secret: "ef".into() }).expect("saved");
        shelf.set_current("g").expect("saved");
        shelf.delete_game("g");
        assert_eq!(keep.keys(), ["chessfront.secret.h"], "only the other game's secret is left");
    }

    #[test]
    fn a_full_storage_is_a_typed_error() {
        let mut keep = MemoryKeep { full: true, ..MemoryKeep::default() };
        let err = Shelf(&mut keep).save_game(&stored("a", "u")).expect_err("full");
        assert_eq!(err.code, ErrorCode::StorageFull);
    }
}
