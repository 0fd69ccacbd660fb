//! Reading a link: its frame (length and checksum), header and start, then the replay of every
//! decision through the rules.

use super::*;

/// The link's bytes without their checksum, once the frame checks out, and where the body starts.
pub(super) fn unwrap_frame(text: &str) -> Result<(Vec<u8>, usize)> {
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
    if chessfront_core::crc32::hash(&bytes[..crc_at]) != stored {
        return Err(corrupted("checksum mismatch"));
    }
    bytes.truncate(crc_at);
    Ok((bytes, body_start))
}

/// What a link says before its sections: the variant and its settings, the game id and the start.
pub(super) struct Header {
    pub(super) rules: &'static dyn crate::rules::Rules,
    pub(super) flags: u8,
    pub(super) settings: Vec<u8>,
    pub(super) game_id: u64,
    pub(super) setup: Option<String>,
}

pub(super) fn read_header(body: &mut ByteReader) -> Result<Header> {
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

/// A signed link's signatures, by seat (a seat that has not decided yet has none).
type SeatSignatures = Vec<Option<[u8; SIGNATURE_BYTES]>>;

/// The game at its start, with the link's chance source, seals and keys (the sections after the
/// header), and the signatures by seat when the link is signed (checked once the decisions are replayed).
pub(super) fn start_game(
    body: &mut ByteReader,
    header: &Header,
) -> Result<(Game, Option<SeatSignatures>)> {
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
pub(super) fn replay(game: &mut Game, body: &ByteReader) -> Result<()> {
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
pub(super) fn verify_movers_committed(game: &Game) -> Result<()> {
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
