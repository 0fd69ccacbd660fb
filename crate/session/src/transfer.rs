//! Transfer codes: a game moved to another device together with this browser's secrets for it.
//!
//! A transfer code is not a game link and says so: it starts with `chessfront-transfer:`, then
//! base64url of a small binary payload and a CRC-32 of it:
//!
//! | bytes            | content                                                     |
//! |------------------|-------------------------------------------------------------|
//! | 1                | version (3; 2 had no key, 1 counted the level on the five-level scale) |
//! | 1, 1, 1          | mode (0 pass and play, 1 link, 2 computer), seat, level     |
//! | varint + text    | the game's link                                             |
//! | varint + text    | when the game was created (ISO time)                        |
//! | 1 (+ 1 + text)   | chance secret present; its seat and `varint + hex`          |
//! | 1, then per seal | number of sealed setups; seat and `varint + salt-hex:text`  |
//! | 1 (+ 1 + text)   | signing key present (version 3); its seat and `varint + hex` |
//! | 4                | CRC-32 of everything before it                              |
//!
//! Whoever holds it can play the game as this browser's player, so the page tells the player never to
//! send it to the opponent. Importing checks everything again (see [`super::Session::import_code`]).

use super::keep::Kept;
use crate::base64url::{self, Spelling};
use crate::error::{Error, ErrorCode, Result};

pub const PREFIX: &str = "chessfront-transfer:";
const VERSION: u8 = 3;
/// Codes of this version carry no signing key (games before links were signed).
const KEYLESS_VERSION: u8 = 2;
/// Codes of this version count the computer's level on the five-level scale of before the ladder.
const FIVE_LEVEL_VERSION: u8 = 1;

/// What a transfer code carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// "local", "link" or "computer".
    pub mode: String,
    pub seat: u8,
    pub level: u32,
    pub link: String,
    pub created: String,
    pub secret: Option<Kept>,
    pub seals: Vec<Kept>,
    /// The seat's signing seed (link games).
    pub key: Option<Kept>,
}

pub fn damaged() -> Error {
    Error::new(
        ErrorCode::BadTransferCode,
        "This transfer code is damaged or incomplete: copy the whole code and try again.",
    )
}

/// Whether a text is meant as a transfer code (so that pasting one as a link gets a helpful message).
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with(PREFIX) || crate::link::fragment_of(text).starts_with(PREFIX)
}

fn push_text(out: &mut Vec<u8>, text: &str) {
    let mut n = text.len();
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
    out.extend_from_slice(text.as_bytes());
}

pub fn encode(t: &Transfer) -> String {
    let mode = match t.mode.as_str() {
        "link" => 1,
        "computer" => 2,
        _ => 0,
    };
    let mut bytes = vec![VERSION, mode, t.seat, t.level.min(255) as u8];
    push_text(&mut bytes, &t.link);
    push_text(&mut bytes, &t.created);
    bytes.push(t.secret.is_some() as u8);
    if let Some(k) = &t.secret {
        bytes.push(k.seat);
        push_text(&mut bytes, &k.secret);
    }
    bytes.push(t.seals.len().min(255) as u8);
    for k in t.seals.iter().take(255) {
        bytes.push(k.seat);
        push_text(&mut bytes, &k.secret);
    }
    bytes.push(t.key.is_some() as u8);
    if let Some(k) = &t.key {
        bytes.push(k.seat);
        push_text(&mut bytes, &k.secret);
    }
    let crc = chessfront_core::crc32::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    format!("{PREFIX}{}", base64url::encode(&bytes))
}

struct Reader<'a>(&'a [u8], usize);

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.0.get(self.1)?;
        self.1 += 1;
        Some(b)
    }
    fn text(&mut self) -> Option<String> {
        let mut n = 0usize;
        for shift in (0..28).step_by(7) {
            let b = self.byte()?;
            n |= ((b & 0x7f) as usize) << shift;
            if b & 0x80 == 0 {
                let end = self.1.checked_add(n)?;
                let text = std::str::from_utf8(self.0.get(self.1..end)?).ok()?.to_string();
                self.1 = end;
                return Some(text);
            }
        }
        None
    }
    fn kept(&mut self) -> Option<Kept> {
        Some(Kept { seat: self.byte()?, secret: self.text()? })
    }
}

pub fn decode(code: &str) -> Result<Transfer> {
    let body = code.trim().strip_prefix(PREFIX).ok_or_else(|| {
        Error::new(
            ErrorCode::BadTransferCode,
            "This is not a transfer code: it should start with \"chessfront-transfer:\".",
        )
    })?;
    let bytes = base64url::decode(body.trim(), Spelling::Exact).map_err(|_| damaged())?;
    if bytes.len() < 4 {
        return Err(damaged());
    }
    let (payload, crc) = bytes.split_at(bytes.len() - 4);
    if chessfront_core::crc32::hash(payload).to_le_bytes() != crc {
        return Err(damaged());
    }
    let mut r = Reader(payload, 0);
    let read = |r: &mut Reader| -> Option<Transfer> {
        let version = r.byte()?;
        if ![VERSION, KEYLESS_VERSION, FIVE_LEVEL_VERSION].contains(&version) {
            return None;
        }
        let mode = ["local", "link", "computer"].get(r.byte()? as usize)?.to_string();
        let (seat, mut level) = (r.byte()?, r.byte()? as u32);
        if version == FIVE_LEVEL_VERSION && mode == "computer" {
            level = crate::search::level_of_the_five_level_scale(level);
        }
        let (link, created) = (r.text()?, r.text()?);
        let secret = match r.byte()? {
            0 => None,
            1 => Some(r.kept()?),
            _ => return None,
        };
        let seals = (0..r.byte()?).map(|_| r.kept()).collect::<Option<Vec<_>>>()?;
        let key = match version {
            VERSION => match r.byte()? {
                0 => None,
                1 => Some(r.kept()?),
                _ => return None,
            },
            _ => None,
        };
        Some(Transfer { mode, seat, level, link, created, secret, seals, key })
    };
    let transfer = read(&mut r).ok_or_else(damaged)?;
    if r.1 != payload.len() {
        return Err(damaged());
    }
    Ok(transfer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let t = Transfer {
            mode: "link".into(),
            seat: 1,
            level: 3,
            link: "AQwBAQ".into(),
            created: "2026-11-23T00:00:00Z".into(),
            secret: Some(Kept { seat: 1, secret: "ab".into() }),
            seals: vec![Kept { seat: 1, secret: "cd:Kb1 Qk1".into() }],
            key: Some(Kept { seat: 1, secret: "ef".into() }),
        };
        let code = encode(&t);
        assert!(code.starts_with(PREFIX) && looks_like(&code));
        assert_eq!(decode(&code), Ok(t));
        let mut chars: Vec<char> = code.chars().collect();
        let mid = chars.len() - 10;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        assert_eq!(
            decode(&chars.into_iter().collect::<String>()).err().map(|e| e.code),
            Some(ErrorCode::BadTransferCode)
        );
        assert_eq!(decode("AQwBAQ").err().map(|e| e.code), Some(ErrorCode::BadTransferCode));
        assert_eq!(decode(&code[..code.len() - 5]).err().map(|e| e.code), Some(ErrorCode::BadTransferCode));
    }

    /// `code` rewritten as a code of `version`, its checksum made good again.
    fn as_version(code: &str, version: u8) -> String {
        let bytes = base64url::decode(code.strip_prefix(PREFIX).expect("a code"), Spelling::Exact).expect("base64");
        let mut payload = bytes[..bytes.len() - 4].to_vec();
        payload[0] = version;
        if version < VERSION {
            // Codes before keys end with the seals (these have no key: only its absence byte goes).
            assert_eq!(payload.pop(), Some(0));
        }
        let crc = crc32fast::hash(&payload);
        payload.extend_from_slice(&crc.to_le_bytes());
        format!("{PREFIX}{}", base64url::encode(&payload))
    }

    #[test]
    fn codes_of_the_five_level_scale_keep_their_computers_strength() {
        let computer = |level| Transfer {
            mode: "computer".into(),
            seat: 0,
            level,
            link: "AQwBAQ".into(),
            created: "t".into(),
            secret: None,
            seals: Vec::new(),
            key: None,
        };
        for (five, ladder) in [(1, 1), (2, 1), (3, 8), (4, 10), (5, 13)] {
            let old = as_version(&encode(&computer(five)), FIVE_LEVEL_VERSION);
            assert_eq!(decode(&old).map(|t| t.level), Ok(ladder), "level {five} of five");
        }
        assert_eq!(decode(&encode(&computer(7))).map(|t| t.level), Ok(7), "today's codes count on the ladder");
        let linked = Transfer { mode: "link".into(), level: 0, ..computer(0) };
        let old = as_version(&encode(&linked), FIVE_LEVEL_VERSION);
        assert_eq!(decode(&old), Ok(linked), "no level to read where no computer plays");
        let future = as_version(&encode(&computer(3)), VERSION + 1);
        assert_eq!(decode(&future).err().map(|e| e.code), Some(ErrorCode::BadTransferCode));
    }

    #[test]
    fn long_texts_round_trip() {
        // Lengths whose varint takes two and three bytes, with the high bit of the low byte set.
        for len in [127, 128, 200, 16_383, 16_384, 20_000] {
            let t = Transfer {
                mode: "computer".into(),
                seat: 0,
                level: 5,
                link: "A".repeat(len),
                created: "x".repeat(len / 2),
                secret: None,
                seals: Vec::new(),
                key: None,
            };
            assert_eq!(decode(&encode(&t)), Ok(t), "{len}");
        }
    }

    #[test]
    fn codes_too_short_for_a_checksum_are_damaged() {
        for len in 0..=4 {
            let code = format!("{PREFIX}{}", base64url::encode(&vec![0u8; len]));
            assert_eq!(decode(&code).err().map(|e| e.code), Some(ErrorCode::BadTransferCode), "{len} bytes");
        }
    }

    #[test]
    fn a_transfer_code_is_recognised_bare_or_after_a_hash() {
        assert!(looks_like(&format!("  {PREFIX}abc")));
        assert!(looks_like(&format!("https://example.org/#{PREFIX}abc")));
        assert!(!looks_like("https://example.org/#AQwBAQ"));
        assert!(!looks_like("chessfront"));
    }
}
