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

fn bits_for(option_count: u32) -> u32 {
    if option_count <= 1 {
        0
    } else {
        32 - (option_count - 1).leading_zeros()
    }
}

fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

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
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    base64url::encode(&bytes)
}

fn encode_chance(body: &mut Vec<u8>, chance: &ChanceSource) {
    match chance {
        ChanceSource::Seeded(seed) => {
            body.push(CHANCE_SEEDED);
            body.extend_from_slice(seed);
        }
        ChanceSource::Committed(c) => {
            body.push(CHANCE_COMMITTED);
            for seat in 0..2 {
                let presence = c.tip(seat).is_some() as u8 | (c.revealed(seat).is_some() as u8) << 1;
                body.push(presence);
                if let Some(tip) = c.tip(seat) {
                    body.extend_from_slice(&tip);
                }
                if let Some((id, element)) = c.revealed(seat) {
                    body.push(id as u8);
                    body.extend_from_slice(&element);
                }
            }
        }
        ChanceSource::Scripted(values) => {
            body.push(CHANCE_SCRIPTED);
            body.push(values.len().min(255) as u8);
            for (id, value) in values.iter().take(255) {
                body.push(*id as u8);
                body.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
}

fn encode_seals(body: &mut Vec<u8>, seals: &[Seal]) {
    body.push(seals.len() as u8);
    for seal in seals {
        body.push(seal.commitment.is_some() as u8 | (seal.salt.is_some() as u8) << 1);
        if let Some(c) = &seal.commitment {
            body.extend_from_slice(c);
        }
        if let Some(s) = &seal.salt {
            body.extend_from_slice(s);
        }
    }
}

fn encode_authors(body: &mut Vec<u8>, game: &Game) {
    let seats = game.authors().len() as u8;
    let signatures: Vec<_> = (0..seats).map(|seat| game.signature_for_link(seat)).collect();
    let mut presence = 0u8;
    for (seat, author) in game.authors().iter().enumerate() {
        presence |= (author.key.is_some() as u8) << (2 * seat) | (signatures[seat].is_some() as u8) << (2 * seat + 1);
    }
    body.push(presence);
    for key in game.authors().iter().filter_map(|a| a.key) {
        body.extend_from_slice(&key);
    }
    for signature in signatures.iter().flatten() {
        body.extend_from_slice(signature);
    }
}

/// The keys (as the game's authors) and the signatures by seat, as the link spells them.
type AuthorsSection = (Vec<Author>, Vec<Option<[u8; SIGNATURE_BYTES]>>);

fn decode_authors(body: &mut ByteReader, seats: usize) -> std::result::Result<AuthorsSection, &'static str> {
    let presence = body.byte().ok_or("no authors")?;
    if seats < 4 && presence >> (2 * seats) != 0 {
        return Err("authors for another number of players");
    }
    let has = |seat: usize, bit: usize| presence >> (2 * seat + bit) & 1 != 0;
    if (0..seats).all(|seat| !has(seat, 0)) {
        return Err("an authors section without keys");
    }
    let mut authors = vec![Author::default(); seats];
    for (_, author) in authors.iter_mut().enumerate().filter(|(seat, _)| has(*seat, 0)) {
        author.key = Some(array::<KEY_BYTES>(body.take(KEY_BYTES).ok_or("key cut short")?));
    }
    let mut signatures = vec![None; seats];
    for (seat, signature) in signatures.iter_mut().enumerate() {
        if has(seat, 1) {
            *signature = Some(array::<SIGNATURE_BYTES>(body.take(SIGNATURE_BYTES).ok_or("signature cut short")?));
        }
    }
    Ok((authors, signatures))
}

fn decode_seals(body: &mut ByteReader, seats: usize) -> std::result::Result<Vec<Seal>, &'static str> {
    let n = body.byte().ok_or("no seals")? as usize;
    if n != seats {
        return Err("seals for another number of players");
    }
    let mut seals = Vec::with_capacity(n);
    for _ in 0..n {
        let presence = body.byte().ok_or("seals cut short")?;
        if presence & !3 != 0 {
            return Err("unknown seal flags");
        }
        let mut seal = Seal::default();
        if presence & 1 != 0 {
            let mut c = [0u8; COMMITMENT_BYTES];
            c.copy_from_slice(body.take(COMMITMENT_BYTES).ok_or("commitment cut short")?);
            seal.commitment = Some(c);
        }
        if presence & 2 != 0 {
            let mut s = [0u8; SALT_BYTES];
            s.copy_from_slice(body.take(SALT_BYTES).ok_or("salt cut short")?);
            seal.salt = Some(s);
        }
        seals.push(seal);
    }
    Ok(seals)
}

fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[..N]);
    out
}

/// Why a chance section was refused: damaged bytes, or a well-formed section that breaks a rule.
enum ChanceFault {
    Damaged(&'static str),
    Refused(ErrorCode, &'static str),
}

impl From<&'static str> for ChanceFault {
    fn from(what: &'static str) -> Self {
        ChanceFault::Damaged(what)
    }
}

fn decode_chance(body: &mut ByteReader, game_id: u64) -> std::result::Result<ChanceSource, ChanceFault> {
    match body.byte().ok_or("no chance mode")? {
        CHANCE_SEEDED => Ok(ChanceSource::Seeded(array(body.take(SEED_BYTES).ok_or("seed cut short")?))),
        CHANCE_COMMITTED => {
            let mut c = Commitments::new(game_id);
            let mut reveals = Vec::new();
            for seat in 0..2 {
                let presence = body.byte().ok_or("commitments cut short")?;
                if presence & !3 != 0 {
                    return Err("unknown commitment flags".into());
                }
                if presence & 1 != 0 {
                    let tip = array(body.take(SECRET_BYTES).ok_or("commitment cut short")?);
                    c.accept_tip(seat, tip).map_err(|_| "commitment for no seat")?;
                }
                if presence & 2 != 0 {
                    let id = body.byte().ok_or("reveal cut short")? as u32;
                    reveals.push((seat, id, array::<SECRET_BYTES>(body.take(SECRET_BYTES).ok_or("reveal cut short")?)));
                }
            }
            // Reveals are checked once both commitments are read: a reveal needs both.
            for (seat, id, element) in reveals {
                c.accept_reveal(seat, id, element).map_err(|refusal| match refusal {
                    Refusal::BeforeCommitments => ChanceFault::Refused(
                        ErrorCode::LinkBadReveal,
                        "This game link reveals a secret for the fortunes of war before both players have committed to theirs: it was altered.",
                    ),
                    _ => ChanceFault::Refused(
                        ErrorCode::LinkBadReveal,
                        "This game link's secret for the fortunes of war does not match the player's commitment: it was altered.",
                    ),
                })?;
            }
            Ok(ChanceSource::Committed(c))
        }
        CHANCE_COMMITTED_OLD => Err(ChanceFault::Refused(
            ErrorCode::LinkOldChance,
            "This game link draws the fortunes of war the way an earlier version of Chessfront did, which is no longer trusted: the game cannot be continued. Start a new game.",
        )),
        CHANCE_SCRIPTED => {
            let n = body.byte().ok_or("values cut short")?;
            let mut values = Vec::new();
            for _ in 0..n {
                let id = body.byte().ok_or("values cut short")? as u32;
                let value = array::<8>(body.take(8).ok_or("values cut short")?);
                values.push((id, u64::from_le_bytes(value)));
            }
            Ok(ChanceSource::Scripted(values))
        }
        _ => Err("unknown chance mode".into()),
    }
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

/// The link's bytes without their checksum, once the frame checks out, and where the body starts.
fn unwrap_frame(text: &str) -> Result<(Vec<u8>, usize)> {
    let fragment = fragment_of(text);
    if fragment.is_empty() {
        return Err(err(ErrorCode::LinkMalformed, "This is not a game link: there is nothing after the '#'."));
    }
    if fragment.len() > MAX_LINK_CHARS {
        return Err(Error::bilingual(
            ErrorCode::LinkTooLong,
            format!("This game link has {} characters, more than any game needs ({MAX_LINK_CHARS} at most): it was not opened.", fragment.len()),
            format!("Ce lien de partie a {} caractères, plus qu'aucune partie n'en demande ({MAX_LINK_CHARS} au plus) : il n'a pas été ouvert.", fragment.len()),
        ));
    }
    // Lenient: padding and stray bits in the last symbol are read, so a cut-off link is reported as cut off.
    let mut bytes = base64url::decode(fragment, Spelling::Lenient).map_err(|e| match e {
        base64url::DecodeError::Length => truncated(),
        _ => err(ErrorCode::LinkMalformed, "This is not a game link: it has characters a game link never contains."),
    })?;
    let mut reader = ByteReader { bytes: &bytes, pos: 0 };
    let version = reader.byte().ok_or_else(|| err(ErrorCode::LinkTruncated, "This game link is cut off."))?;
    if version == 0 {
        return Err(err(ErrorCode::LinkMalformed, "This is not a game link."));
    }
    if version > SIGNED_VERSION {
        return Err(err(
            ErrorCode::LinkNewerVersion,
            "This game link was made by a newer version of Chessfront. Reload the page to update it, then open the link again.",
        ));
    }
    let body_len = reader.varint().ok_or_else(truncated)? as usize;
    let body_start = reader.pos;
    let expected = body_start.checked_add(body_len).and_then(|n| n.checked_add(4)).ok_or_else(truncated)?;
    if bytes.len() < expected {
        return Err(truncated());
    }
    if bytes.len() > expected {
        return Err(corrupted("extra characters at the end"));
    }
    let crc_at = body_start + body_len;
    let stored = u32::from_le_bytes([bytes[crc_at], bytes[crc_at + 1], bytes[crc_at + 2], bytes[crc_at + 3]]);
    if crc32fast::hash(&bytes[..crc_at]) != stored {
        return Err(corrupted("checksum mismatch"));
    }
    bytes.truncate(crc_at);
    Ok((bytes, body_start))
}

/// What a link says before its sections: the variant and its settings, the game id and the start.
struct Header {
    rules: &'static dyn crate::rules::Rules,
    flags: u8,
    settings: Vec<u8>,
    game_id: u64,
    setup: Option<String>,
}

fn read_header(body: &mut ByteReader) -> Result<Header> {
    let id = body.byte().ok_or_else(|| corrupted("no variant"))?;
    let rules = variants::by_id(id).ok_or_else(|| {
        err(
            ErrorCode::LinkUnknownVariant,
            format!(
                "This game link is for a variant this page does not know (number {id}). Reload the page to update it."
            ),
        )
    })?;
    let info = rules.info();
    let revision = body.byte().ok_or_else(|| corrupted("no rules revision"))?;
    if revision > info.revision {
        return Err(err(
            ErrorCode::LinkNewerVersion,
            format!(
                "This {} link uses newer rules (revision {revision}) than this page. Reload the page to update it.",
                info.name
            ),
        ));
    }
    if revision < info.revision {
        return Err(err(
            ErrorCode::LinkRulesRevision,
            format!(
                "This {} link was made under an older revision of the rules ({revision}, now {}), so its moves cannot be replayed.",
                info.name, info.revision
            ),
        ));
    }
    let flags = body.byte().ok_or_else(|| corrupted("no flags"))?;
    if flags & !(FLAG_SETUP | FLAG_CHANCE | FLAG_SEALS | FLAG_RESIGNED | FLAG_AUTHORS) != 0 {
        return Err(corrupted("unknown flags"));
    }
    let settings = body.take(info.settings.len()).ok_or_else(|| corrupted("missing settings"))?.to_vec();
    let id_bytes = body.take(GAME_ID_BYTES).ok_or_else(|| corrupted("missing game id"))?;
    let mut id8 = [0u8; 8];
    id8[..GAME_ID_BYTES].copy_from_slice(id_bytes);
    let game_id = u64::from_le_bytes(id8);
    let setup = if flags & FLAG_SETUP != 0 {
        let len = body.varint().ok_or_else(|| corrupted("bad setup length"))? as usize;
        let text = body.take(len).ok_or_else(|| corrupted("setup cut short"))?;
        Some(std::str::from_utf8(text).map_err(|_| corrupted("setup is not text"))?.to_string())
    } else {
        None
    };
    Ok(Header { rules, flags, settings, game_id, setup })
}

/// The game at its start, with the link's chance source, seals and keys (the sections after the
/// header), and the signatures by seat when the link is signed (checked once the decisions are replayed).
fn start_game(body: &mut ByteReader, header: &Header) -> Result<(Game, Option<Vec<Option<[u8; SIGNATURE_BYTES]>>>)> {
    let chance = match header.flags & FLAG_CHANCE {
        0 => None,
        _ => Some(decode_chance(body, header.game_id).map_err(|fault| match fault {
            ChanceFault::Damaged(what) => corrupted(what),
            ChanceFault::Refused(code, message) => err(code, message),
        })?),
    };
    let seats = header.rules.seat_names(&header.settings).len();
    let seals = if header.flags & FLAG_SEALS != 0 { Some(decode_seals(body, seats).map_err(corrupted)?) } else { None };
    if seals.as_ref().is_some_and(|s| s.iter().all(|seal| seal.commitment.is_none())) {
        return Err(corrupted("a seal section without seals"));
    }
    let authors =
        if header.flags & FLAG_AUTHORS != 0 { Some(decode_authors(body, seats).map_err(corrupted)?) } else { None };
    let had_chance = chance.is_some();
    let source = chance.unwrap_or(ChanceSource::Seeded([0; SEED_BYTES]));
    let mut game =
        Game::with_chance(header.rules, Some(&header.settings), header.setup.as_deref(), source).map_err(|e| {
            err(
                ErrorCode::LinkCorrupted,
                format!("This game link is damaged: its starting position or settings are invalid ({}).", e.message),
            )
        })?;
    // A link has one spelling: the chance section is there exactly when the game uses chance (a game
    // without one would otherwise be drawn from a default seed, and a stray one would be dropped).
    if game.chance().is_some() != had_chance {
        return Err(corrupted(if had_chance { "chance for a game without chance" } else { "no chance section" }));
    }
    if let Some(seals) = seals {
        game.set_seals(seals);
    }
    let signatures = authors.map(|(authors, signatures)| {
        game.set_authors(authors);
        signatures
    });
    Ok((game, signatures))
}

/// Replays the decisions (a count, then each as an index into that decision's options, in as few bits
/// as their number needs); only padding may follow.
fn replay(game: &mut Game, body: &ByteReader) -> Result<()> {
    let mut body = ByteReader { bytes: body.bytes, pos: body.pos };
    let count = body.varint().ok_or_else(|| corrupted("no move count"))?;
    if count > MAX_DECISIONS {
        return Err(Error::bilingual(
            ErrorCode::LinkTooManyDecisions,
            format!("This game link holds {count} decisions, more than any game reaches ({MAX_DECISIONS} at most): it was not opened."),
            format!("Ce lien de partie contient {count} décisions, plus qu'aucune partie n'en atteint ({MAX_DECISIONS} au plus) : il n'a pas été ouvert."),
        ));
    }
    let mut bits = BitReader { bytes: &body.bytes[body.pos..], pos: 0 };
    for ply in 1..=count {
        // Named as players count moves: "the move after 2. Nf3" (a ply number reads as a move number).
        let which = |game: &Game| format!("The move after {}", game.ply_label(ply as usize - 1));
        let after = |game: &Game| game.ply_label_in(ply as usize - 1, crate::lang::Language::Fr);
        let options = game.decisions();
        if game.waiting_for_chance() {
            return Err(err(
                ErrorCode::LinkBadReveal,
                format!(
                    "{} in this link comes after a chance event whose secrets the link does not reveal.",
                    which(game)
                ),
            ));
        }
        if options.is_empty() {
            return Err(err(
                ErrorCode::LinkIllegalMove,
                format!("{} in this link comes after the end of the game.", which(game)),
            ));
        }
        let index = bits.read(bits_for(options.len() as u32)).ok_or_else(|| corrupted("moves cut short"))?;
        if game.play_index(index).is_err() {
            return Err(Error::bilingual(
                ErrorCode::LinkIllegalMove,
                format!("{} in this link is not a legal move.", which(game)),
                format!("Le coup après {} dans ce lien n'est pas légal.", after(game)),
            ));
        }
    }
    if !bits.only_padding_left() {
        return Err(corrupted("extra moves"));
    }
    Ok(())
}

/// In a commit-and-reveal game every player who made a decision has committed: a link that drops its
/// sender's commitment could otherwise carry any reveal later.
fn verify_movers_committed(game: &Game) -> Result<()> {
    let Some(ChanceSource::Committed(c)) = game.chance() else { return Ok(()) };
    match game.record().iter().find(|e| c.tip(e.seat as usize).is_none()) {
        None => Ok(()),
        Some(entry) => {
            let name = game.seat_names().get(entry.seat as usize).copied().unwrap_or("A player");
            Err(err(
                ErrorCode::LinkBadReveal,
                format!("{name} moved in this game link without a commitment for the fortunes of war: it was altered."),
            ))
        }
    }
}

struct ByteReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl ByteReader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(slice)
    }
    /// A varint in its shortest form only (a link has one spelling): a last byte of 0 after the first
    /// is refused.
    fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return (b != 0 || shift == 0).then_some(value);
            }
        }
        None
    }
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn write(&mut self, value: u32, width: u32) {
        for i in 0..width {
            if self.used % 8 == 0 {
                self.bytes.push(0);
            }
            if value >> i & 1 != 0 {
                if let Some(last) = self.bytes.last_mut() {
                    *last |= 1 << (self.used % 8);
                }
            }
            self.used += 1;
        }
    }
    fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn read(&mut self, width: u32) -> Option<u32> {
        let mut value = 0;
        for i in 0..width {
            let byte = self.bytes.get(self.pos / 8)?;
            if byte >> (self.pos % 8) & 1 != 0 {
                value |= 1 << i;
            }
            self.pos += 1;
        }
        Some(value)
    }
    /// True when what remains is the zero padding of the last byte.
    fn only_padding_left(&self) -> bool {
        let whole = self.pos.div_ceil(8);
        if self.bytes.len() != whole {
            return false;
        }
        match self.bytes.last() {
            Some(last) if self.pos % 8 != 0 => last >> (self.pos % 8) == 0,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_game() -> Game {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "offer-draw", "Ba4", "Nf6", "O-O"] {
            let d = g.find(m).expect("legal");
            g.play(d).expect("legal");
        }
        g
    }

    #[test]
    fn round_trip_keeps_moves_setup_and_id() {
        let g = sample_game();
        let link = encode(&g, 0xAB_CDEF_0123);
        let back = decode(&format!("https://example.org/#{link}")).expect("own link decodes");
        assert_eq!(back.game_id, 0xAB_CDEF_0123);
        assert_eq!(back.game.position().to_text(), g.position().to_text());
        assert_eq!(back.game.record().len(), g.record().len());

        let mut custom = Game::from_slug("chess", Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).expect("valid");
        custom.play_index(0).expect("a move");
        let back = decode(&encode(&custom, 7)).expect("decodes");
        assert_eq!(back.game.setup(), custom.setup());
        assert_eq!(back.game.position().to_text(), custom.position().to_text());
    }

    #[test]
    fn each_kind_of_damage_has_its_code() {
        let link = encode(&sample_game(), 42);
        let code = |text: &str| decode(text).err().map(|e| e.code);
        assert_eq!(code(""), Some(ErrorCode::LinkMalformed));
        assert_eq!(code("#"), Some(ErrorCode::LinkMalformed));
        assert_eq!(code("not a link!"), Some(ErrorCode::LinkMalformed));
        assert_eq!(code(&link[..link.len() - 3]), Some(ErrorCode::LinkTruncated));
        assert_eq!(code(&link[..5]), Some(ErrorCode::LinkTruncated));
        // Change one character in the middle.
        let mut tampered: Vec<char> = link.chars().collect();
        let mid = tampered.len() / 2;
        tampered[mid] = if tampered[mid] == 'A' { 'B' } else { 'A' };
        assert_eq!(code(&tampered.into_iter().collect::<String>()), Some(ErrorCode::LinkCorrupted));
        assert_eq!(code(&format!("{link}AAAA")), Some(ErrorCode::LinkCorrupted));
    }

    fn relabel(link: &str, edit: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = base64url::decode(link, Spelling::Exact).expect("own link");
        bytes.truncate(bytes.len() - 4);
        edit(&mut bytes);
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        base64url::encode(&bytes)
    }

    #[test]
    fn version_variant_revision_and_illegal_moves() {
        let link = encode(&sample_game(), 42);
        let code = |text: String| decode(&text).err().map(|e| e.code);
        assert_eq!(code(relabel(&link, |b| b[0] = SIGNED_VERSION + 1)), Some(ErrorCode::LinkNewerVersion));
        assert_eq!(
            code(relabel(&link, |b| b[0] = SIGNED_VERSION)),
            Some(ErrorCode::LinkCorrupted),
            "signed without signatures"
        );
        assert_eq!(code(relabel(&link, |b| b[2] = 200)), Some(ErrorCode::LinkUnknownVariant));
        assert_eq!(code(relabel(&link, |b| b[3] = 0)), Some(ErrorCode::LinkRulesRevision));
        assert_eq!(code(relabel(&link, |b| b[3] = 9)), Some(ErrorCode::LinkNewerVersion));
        // First move index 31 of 23 options (20 moves + offer + resign = 22): all ones in 5 bits.
        let first_move_byte = 2 + 3 + GAME_ID_BYTES + 1;
        assert_eq!(code(relabel(&link, |b| b[first_move_byte] |= 0x1f)), Some(ErrorCode::LinkIllegalMove));
    }

    #[test]
    fn decision_widths_at_powers_of_two() {
        for (count, bits) in
            [(0, 0), (1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (31, 5), (32, 5), (33, 6), (256, 8), (257, 9)]
        {
            assert_eq!(bits_for(count), bits, "{count} options");
        }
        // Every index of a count round-trips through its width, the largest included.
        for count in [2u32, 3, 4, 7, 8, 9, 255, 256, 257] {
            let mut w = BitWriter::default();
            for i in [0, count / 2, count - 1] {
                w.write(i, bits_for(count));
            }
            let bytes = w.finish();
            let mut r = BitReader { bytes: &bytes, pos: 0 };
            for i in [0, count / 2, count - 1] {
                assert_eq!(r.read(bits_for(count)), Some(i), "{count} options");
            }
            assert!(r.only_padding_left());
        }
    }

    #[test]
    fn a_link_has_one_spelling() {
        let link = encode(&sample_game(), 42);
        let code = |text: String| decode(&text).err().map(|e| e.code);
        // Trailing bytes under a valid checksum, set padding bits, a non-minimal varint.
        assert_eq!(code(relabel(&link, |b| b.push(0))), Some(ErrorCode::LinkCorrupted), "bytes past the length");
        let grown = relabel(&link, |b| {
            b.push(0);
            b[1] += 1;
        });
        assert_eq!(code(grown), Some(ErrorCode::LinkCorrupted), "extra moves byte");
        let padded = relabel(&link, |b| {
            let last = b.len() - 1;
            b[last] |= 0x80;
        });
        assert_eq!(code(padded), Some(ErrorCode::LinkCorrupted), "padding bits set");
        let long_length = relabel(&link, |b| {
            b[1] |= 0x80;
            b.insert(2, 0);
        });
        assert_eq!(code(long_length), Some(ErrorCode::LinkTruncated), "a varint in a longer form than needed");
        let mut r = ByteReader { bytes: &[0x80, 0x00], pos: 0 };
        assert_eq!(r.varint(), None);
        let mut r = ByteReader { bytes: &[0x00], pos: 0 };
        assert_eq!(r.varint(), Some(0));
        let mut r = ByteReader { bytes: &[0xff; 10], pos: 0 };
        assert_eq!(r.varint(), None, "longer than 64 bits");
        // A chance section for a game without chance, or none for a game with it.
        let with_chance = relabel(&link, |b| {
            b[4] |= FLAG_CHANCE;
            let at = 2 + 3 + GAME_ID_BYTES;
            b.splice(at..at, [CHANCE_SEEDED].into_iter().chain([0; SEED_BYTES]));
            b[1] += 1 + SEED_BYTES as u8;
        });
        assert_eq!(code(with_chance), Some(ErrorCode::LinkCorrupted));
        let fortunes = Game::from_slug("chess2024", None).expect("chess2024");
        let without = relabel(&encode(&fortunes, 5), |b| {
            b[4] &= !FLAG_CHANCE;
            let at = 2 + 3 + 1 + GAME_ID_BYTES;
            b.drain(at..at + 1 + SEED_BYTES);
            b[1] -= 1 + SEED_BYTES as u8;
        });
        assert_eq!(code(without), Some(ErrorCode::LinkCorrupted));
    }

    #[test]
    fn hundred_ply_link_is_short() {
        let mut g = Game::from_slug("chess", None).expect("chess exists");
        let mut seed = 12345u64;
        while g.record().len() < 100 && g.outcome().is_none() {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut actions = Vec::new();
            g.position().actions(&mut actions);
            let a = actions[(seed >> 33) as usize % actions.len()];
            g.play(crate::game::Decision::Act(a)).expect("listed");
        }
        let link = encode(&g, GAME_ID_MASK);
        assert!(link.len() < 200, "{} characters for {} plies", link.len(), g.record().len());
    }
}
