//! Chessfront's rules engine: every variant's rules, positions, notation, game records and links.
//!
//! Pure Rust: no wasm, no browser, no entropy. The browser facade (`crate/web`) and the command-line
//! tool (`src/bin/chessfront/`) are thin layers over this crate.
//!
//! The pieces a reader needs, in order:
//! - [`square`]: board coordinates shared by every board size up to 16x16.
//! - [`rules`]: what a variant implements ([`rules::Rules`] for the variant itself, [`rules::Position`]
//!   for its positions, with [`search::SearchTuning`] for the computer), the optional capabilities
//!   ([`rules::capabilities`]: chance, setups, turn steps, more seats, a fast perft) and the plain data
//!   they hand out (actions, views, outcomes).
//! - [`variants`]: one file per variant plus the registry table (stable id, slug, revision).
//! - [`pieces`]: the kinds of pieces (letters, names, values, directions) the variants share.
//! - [`board_text`]: the board field of every variant's position text, read and written once.
//! - [`game`]: a game record on top of any variant: decisions, undo, resign and draw offers,
//!   automatic draws by repetition.
//! - [`link`]: the compact, checksummed, versioned record that travels in a URL fragment ([`base64url`]
//!   spells it).
//! - [`chance`]: random events neither player can foresee or steer (seeded, or commit and reveal).
//! - [`authorship`]: every decision in a link signed by the seat that made it (Ed25519).
//! - [`seal`]: setups kept secret until every player has set up (commitment, then reveal).
//! - [`known_answers`]: the frozen answers of the draw, the chain and the seal, computed by this build.
//! - [`perft`]: move-path counting, used by tests, the CLI and benchmarks.
//! - [`search`]: the computer player's search over any variant's decisions, and its levels.
//! - [`arena`]: matches between computer players (benchmark strength figures).
//! - [`words`]: decisions, squares and positions as sentences, for players who listen.
#![forbid(unsafe_code)]

// The layers below, under the names the engine has always used for them.
pub use chessfront_core::{base64url, bitboard, board_text, error, lang, pieces, short_sort, square};
pub use chessfront_game::{arena, authorship, chance, game, known_answers, link, pgn, review, seal};
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
