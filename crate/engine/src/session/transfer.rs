//! Transfer codes: a game moved to another device together with this browser's secrets for it.
//!
//! A transfer code is not a game link and says so: it starts with `chessfront-transfer:`, then
//! base64url of a JSON object (the stored game, the chance secret, the sealed setups) and a CRC-32 of
//! it. Whoever holds it can play the game as this browser's player, so the page tells the player never
//! to send it to the opponent. Importing checks everything again (see [`super::Session::import_code`]).

use super::keep::{Kept, StoredGame};
use crate::error::{Error, ErrorCode, Result};
use base64::engine::general_purpose::URL_SAFE_NO_PAD as BASE64;
use base64::Engine;
use serde::{Deserialize, Serialize};

pub const PREFIX: &str = "chessfront-transfer:";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub game: StoredGame,
    pub secret: Option<Kept>,
    pub seals: Vec<Kept>,
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

pub fn encode(transfer: &Transfer) -> String {
    let json = serde_json::to_vec(transfer).unwrap_or_default();
    let mut bytes = json;
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    format!("{PREFIX}{}", BASE64.encode(bytes))
}

pub fn decode(code: &str) -> Result<Transfer> {
    let body = code.trim().strip_prefix(PREFIX).ok_or_else(|| {
        Error::new(
            ErrorCode::BadTransferCode,
            "This is not a transfer code: it should start with \"chessfront-transfer:\".",
        )
    })?;
    let bytes = BASE64.decode(body.trim()).map_err(|_| damaged())?;
    if bytes.len() < 4 {
        return Err(damaged());
    }
    let (json, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(json).to_le_bytes() != crc {
        return Err(damaged());
    }
    serde_json::from_slice(json).map_err(|_| damaged())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let t = Transfer {
            game: StoredGame { id: "00000000aa".into(), link: "L".into(), ..StoredGame::default() },
            secret: Some(Kept { seat: 1, secret: "ab".into() }),
            seals: vec![],
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
}
