//! The game record of the Chessfront engine and its formats: a game on top of any variant, and what
//! carries it.
//!
//! - [`game`]: decisions, undo, resign and draw offers, automatic draws, the seats' keys and signatures.
//! - [`link`]: the compact, checksummed, versioned record that travels in a URL fragment.
//! - [`chance`]: random events neither player can foresee or steer (seeded, or commit and reveal).
//! - [`seal`]: setups kept secret until every player has set up (commitment, then reveal).
//! - [`authorship`]: every decision in a link signed by the seat that made it (Ed25519).
//! - [`known_answers`]: the frozen answers of the draw, the chain and the seal, computed by this build.
//! - [`pgn`]: orthodox chess games in and out as PGN.
//! - [`review`]: a finished game judged decision by decision.
//! - [`arena`]: matches between computer players (benchmark strength figures).
//!
//! Depends on the core and the contract; on the registry (`chessfront-variants`), because a link names
//! its variant by id and a game is started by slug; on the search, for the review and the arena; and on
//! the words, which each recorded decision carries.
#![forbid(unsafe_code)]

// The layers below, under the names the engine gives them.
use chessfront_core::base64url;
use chessfront_core::error;
use chessfront_core::lang;
use chessfront_core::square;
#[cfg(test)]
use chessfront_core::Language;
use chessfront_rules as rules;
use chessfront_rules::Seat;
use chessfront_search as search;
use chessfront_variants as variants;
use chessfront_words as words;

pub mod arena;
pub mod authorship;
pub mod chance;
pub mod game;
pub mod known_answers;
pub mod link;
pub mod live;
pub mod pgn;
pub mod review;
pub mod seal;

pub use game::Game;
