//! Game links: the whole game in a URL fragment, compact, versioned and checksummed.
//!
//! Binary layout (format version 1), then base64url without padding:
//!
//! | bytes            | content                                                            |
//! |------------------|--------------------------------------------------------------------|
//! | 1                | format version (1)                                                 |
//! | varint           | length of the body (everything up to the checksum)                 |
//! | 1                | variant id (registry)                                              |
//! | 1                | variant rules revision                                             |
//! | 1                | flags: bit 0 = custom setup present; other bits must be 0          |
//! | 1 per setting    | setting values, in the variant's declared order                    |
//! | 5                | game id (40 bits, little-endian): tells the games of a browser apart |
//! | varint + text    | custom setup in the variant's notation (only with flag bit 0)      |
//! | chance section   | only with flag bit 1, for variants with chance (see below)         |
//! | seal section     | only with flag bit 2, for sealed setups (see below)                |
//! | authors section  | only with flag bit 4, in games between browsers (see below)        |
//! | 1                | only with flag bit 3: the seat that resigned out of turn after the decisions (a player waiting for the opponent's move) |
//! | varint           | number of decisions                                                |
//! | bits             | each decision's index in as few bits as its option count needs (a forced decision takes 0 bits), LSB first, zero-padded to a byte |
//! | 4                | CRC-32 of everything before it, little-endian                      |
//!
//! Chance section: a mode byte, then for mode 1 (seeded, local games) the 12-byte seed; for mode 4
//! (commit and reveal, link games) per seat a presence byte (bit 0 commitment, bit 1 reveal), the
//! 16-byte commitment, and the highest revealed chance id (1 byte) with its 16-byte chain element; for
//! mode 3 (scripted values, tests and the command line) a count and (id byte, 8-byte value) pairs.
//! Mode 2 was commit and reveal with 96-bit chains bound to no game; its links are refused
//! (`link-old-chance`). A reveal that does not hash to its commitment, a reveal before both players
//! committed, and a player who moved without committing are rejected (`link-bad-reveal`). Which chance
//! mode a link game may use at all is the session's rule (`crate::session`), not the decoder's.
//!
//! Seal section (Napoleon's secret setups): a seat count, then per seat a presence byte (bit 0
//! commitment, bit 1 salt), the 32-byte commitment and the 16-byte salt. The salt is published with
//! the reveal only; after replaying, every sealed setup on the board must open its commitment.
//!
//! Authors section (format version 2, which a link has exactly when it carries this section): one
//! presence byte, bit `2s` for seat `s`'s 32-byte public key and bit `2s + 1` for its 64-byte Ed25519
//! signature; then the keys, then the signatures, each in seat order. A signature covers its seat's
//! decisions up to its last one ([`crate::authorship`]); the seat to move while the game goes on has
//! none (the link is for it), every other seat that decided must have one, and no other is written.
//! Version 1 links (no signatures: games on one device, and links of earlier versions) still decode;
//! whether a link game may be unsigned is the session's rule, not the decoder's.
//!
//! Limits: a link is at most [`MAX_LINK_CHARS`] characters (`link-too-long`) and holds at most
//! [`MAX_DECISIONS`] decisions (`link-too-many-decisions`), checked before anything is replayed, so no
//! link can make a browser work for long.
//!
//! Decoding replays every decision through the engine, so a link can only hold legal games. Each
//! failure has its own [`ErrorCode`]: not a link, cut off, altered, newer format, unknown variant,
//! other rules revision, illegal move at a given ply.

use crate::authorship::{Author, KEY_BYTES, SIGNATURE_BYTES};
use crate::base64url::{self, Spelling};
use crate::chance::{ChanceSource, Commitments, Refusal, SECRET_BYTES, SEED_BYTES};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::seal::{Seal, COMMITMENT_BYTES, SALT_BYTES};
use crate::variants;

/// The version of links without signatures; [`SIGNED_VERSION`] is that of links with them.
pub const FORMAT_VERSION: u8 = 1;
pub const SIGNED_VERSION: u8 = 2;
/// The longest link decoded: far beyond any game's (Napoleon's budget is about 10 characters a turn,
/// and four players' signatures add about 430), so only a hostile or broken link reaches it.
pub const MAX_LINK_CHARS: usize = 50_000;
/// The most decisions a link may hold: more than any game reaches under the no-progress rules (a
/// chess game cannot pass about 6,000 plies); a bound on the work a link can ask of the replay.
pub const MAX_DECISIONS: u64 = 20_000;
const FLAG_SETUP: u8 = 1;
const FLAG_CHANCE: u8 = 2;
const FLAG_SEALS: u8 = 4;
const FLAG_RESIGNED: u8 = 8;
const FLAG_AUTHORS: u8 = 16;
const CHANCE_SEEDED: u8 = 1;
const CHANCE_COMMITTED_OLD: u8 = 2;
const CHANCE_SCRIPTED: u8 = 3;
const CHANCE_COMMITTED: u8 = 4;
use crate::game::GAME_ID_BYTES;
pub use crate::game::GAME_ID_MASK;

/// A decoded link: the replayed game and the id that tells it apart from the browser's other games.
pub struct LinkGame {
    pub game: Game,
    pub game_id: u64,
}

mod bits;
mod read;
mod sections;
#[cfg(test)]
mod tests;

use bits::*;
use read::*;
use sections::*;

/// The link fragment (without `#`) for a game.
pub fn encode(game: &Game, game_id: u64) -> String {
    let info = game.rules().info();
    let chance = game.chance_for_link();
    let sealed = game.seals().iter().any(|s| s.commitment.is_some());
    let resigned = game.resigned_out_of_turn();
    let signed = game.signed();
    let decisions = &game.record()[..game.record().len() - usize::from(resigned.is_some())];
    let flags = if game.setup().is_some() { FLAG_SETUP } else { 0 }
        | if chance.is_some() { FLAG_CHANCE } else { 0 }
        | if sealed { FLAG_SEALS } else { 0 }
        | if resigned.is_some() { FLAG_RESIGNED } else { 0 }
        | if signed { FLAG_AUTHORS } else { 0 };
    let mut body = vec![info.id, info.revision, flags];
    body.extend_from_slice(game.settings());
    body.extend_from_slice(&(game_id & GAME_ID_MASK).to_le_bytes()[..GAME_ID_BYTES]);
    if let Some(setup) = game.setup() {
        push_varint(&mut body, setup.len() as u64);
        body.extend_from_slice(setup.as_bytes());
    }
    if let Some(chance) = chance {
        encode_chance(&mut body, &chance);
    }
    if sealed {
        encode_seals(&mut body, game.seals());
    }
    if signed {
        encode_authors(&mut body, game);
    }
    if let Some(seat) = resigned {
        body.push(seat);
    }
    push_varint(&mut body, decisions.len() as u64);
    let mut bits = BitWriter::default();
    for entry in decisions {
        bits.write(entry.index, bits_for(entry.option_count));
    }
    body.extend_from_slice(&bits.finish());

    let mut bytes = vec![if signed { SIGNED_VERSION } else { FORMAT_VERSION }];
    push_varint(&mut bytes, body.len() as u64);
    bytes.extend_from_slice(&body);
    let crc = chessfront_core::crc32::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    base64url::encode(&bytes)
}

fn err(code: ErrorCode, message: impl Into<String>) -> Error {
    Error::new(code, message)
}

/// The fragment part of a URL or a bare fragment, with or without `#`.
pub fn fragment_of(text: &str) -> &str {
    let text = text.trim();
    text.rsplit_once('#').map_or(text, |(_, fragment)| fragment)
}

/// Whether `text` is spelled as [`encode`] spells a link: bare base64url (no '#' or address around it,
/// no padding, no stray bits). A link has one spelling, so for a text that [`decode`]s, this says that
/// encoding the decoded game gives `text` back.
pub fn spelled_as_encoded(text: &str) -> bool {
    base64url::decode(text, Spelling::Exact).is_ok()
}

/// Decodes a link (a whole URL or its fragment) and replays it: the frame (base64url, version, length,
/// checksum), the header (variant, rules revision, flags, settings, game id, start), the chance and seal
/// sections, then every decision, each checked by the rules as it is replayed.
pub fn decode(text: &str) -> Result<LinkGame> {
    let (bytes, body_start) = unwrap_frame(text)?;
    let mut body = ByteReader { bytes: &bytes, pos: body_start };
    let header = read_header(&mut body)?;
    // The version says whether the link is signed: one spelling for each game.
    if (header.flags & FLAG_AUTHORS != 0) != (bytes[0] == SIGNED_VERSION) {
        return Err(corrupted("signatures and format version disagree"));
    }
    let (mut game, signatures) = start_game(&mut body, &header)?;
    let resigned = if header.flags & FLAG_RESIGNED != 0 {
        Some(body.byte().ok_or_else(|| corrupted("no resigning seat"))?)
    } else {
        None
    };
    replay(&mut game, &body)?;
    if let Some(seat) = resigned {
        game.resign_out_of_turn(seat).map_err(|_| {
            err(ErrorCode::LinkIllegalMove, "The resignation at the end of this link is not one its player could make.")
        })?;
    }
    game.verify_seals(header.game_id)?;
    verify_movers_committed(&game)?;
    if let Some(signatures) = signatures {
        game.verify_authors(header.game_id, &signatures)?;
    }
    Ok(LinkGame { game, game_id: header.game_id })
}

/// The error of a link whose bytes were changed: `what` says which part.
fn corrupted(what: &str) -> Error {
    Error::bilingual(
        ErrorCode::LinkCorrupted,
        format!("This game link is damaged ({what}): it was changed or mistyped."),
        format!("Ce lien de partie est endommagé ({what}) : il a été modifié ou mal recopié."),
    )
}

fn truncated() -> Error {
    err(ErrorCode::LinkTruncated, "This game link is cut off: copy the whole link and try again.")
}
