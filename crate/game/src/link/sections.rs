//! The optional sections of a link's body, written and read: chance, seals and authors.

use super::*;

pub(super) fn encode_chance(body: &mut Vec<u8>, chance: &ChanceSource) {
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

pub(super) fn encode_seals(body: &mut Vec<u8>, seals: &[Seal]) {
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

pub(super) fn encode_authors(body: &mut Vec<u8>, game: &Game) {
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
pub(super) type AuthorsSection = (Vec<Author>, Vec<Option<[u8; SIGNATURE_BYTES]>>);

pub(super) fn decode_authors(body: &mut ByteReader, seats: usize) -> std::result::Result<AuthorsSection, &'static str> {
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

pub(super) fn decode_seals(body: &mut ByteReader, seats: usize) -> std::result::Result<Vec<Seal>, &'static str> {
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

pub(super) fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[..N]);
    out
}

/// Why a chance section was refused: damaged bytes, or a well-formed section that breaks a rule.
pub(super) enum ChanceFault {
    Damaged(&'static str),
    Refused(ErrorCode, &'static str),
}

impl From<&'static str> for ChanceFault {
    fn from(what: &'static str) -> Self {
        ChanceFault::Damaged(what)
    }
}

pub(super) fn decode_chance(body: &mut ByteReader, game_id: u64) -> std::result::Result<ChanceSource, ChanceFault> {
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
