//! Chessfront's rules engine: every variant's rules, positions, notation, game records and links.
//!
//! This crate is the top of the engine's stack and holds no engine code of its own: it re-exports
//! every layer under the module name it had before the engine was split into crates, so the tools and
//! tests name one crate. It carries the command-line tool (`src/bin/chessfront/`), the integration
//! tests (`tests/`) and the examples; the browser facade (`crate/web`) builds on it. Its Cargo features
//! (one per variant) choose which variants the registry carries. Pure Rust: no wasm, no browser, no
//! entropy.
//!
//! The pieces a reader needs, in order, with the crate each lives in:
//! - [`square`], [`pieces`], [`board_text`] (`crate/core`): board coordinates up to 16x16, the piece
//!   kinds the variants share, the board field of every position text.
//! - [`error`], [`lang`] (`crate/core`): failures with stable codes the page switches on, and the
//!   languages (English, French) every player-facing word is written in.
//! - [`rules`], [`perft`] (`crate/rules`): what a variant implements ([`rules::Rules`] for the variant,
//!   [`rules::Position`] for its positions, with [`rules::SearchTuning`] for the computer), the optional
//!   capabilities ([`rules::capabilities`]: chance, setups, turn steps, more seats, a fast perft), the
//!   plain data they hand out, and move-path counting.
//! - [`variants`] (`crate/variants`): the registry (stable id, slug, revision); each variant is a crate
//!   of its own, `crate/variants/<slug>/`.
//! - [`search`] (`crate/search`): the computer player's search over any variant's decisions, its levels.
//! - [`words`] (`crate/words`): decisions, squares and positions as sentences, for players who listen.
//! - [`game`] (`crate/game`): a game record on top of any variant: decisions, undo, resign and draw
//!   offers, automatic draws. Beside it in that crate: [`link`] (the record in a URL fragment,
//!   [`base64url`] from the core spelling it), [`chance`], [`seal`], [`authorship`],
//!   [`known_answers`], [`pgn`] (PGN in and out), [`review`] and [`arena`].
//! - [`session`] (`crate/session`): the page's game session: commands, trust rules of link play,
//!   secrets, storage, undo, whose turn.
#![forbid(unsafe_code)]

// The layers below, under the names the engine has always used for them.
pub use chessfront_core::{base64url, bitboard, board_text, error, lang, pieces, short_sort, square};
pub use chessfront_game::{arena, authorship, chance, game, known_answers, link, live, pgn, review, seal};
pub use chessfront_rules::{self as rules, perft};
pub use chessfront_search as search;
pub use chessfront_session as session;
pub use chessfront_variants as variants;
pub use chessfront_words as words;

pub use error::{Error, ErrorCode};
pub use game::Game;
pub use lang::Language;
pub use rules::{Action, ActionInfo, BoardView, EndReason, Outcome, Position, Rules, Seat};
pub use square::Square;
