//! Sealed setups: a setup kept secret until the other players have set up (Napoleon: docs/rules.md, "Napoleon").
//!
//! The sealing player publishes only a commitment, SHA-256 over the canonical setup text, the game id,
//! the seat and a 128-bit random salt, and keeps the text and salt in its own browser. When its setup
//! is placed on the board (the reveal), the salt travels in the link and every receiver checks that
//! the placed setup hashes to the commitment; a reveal that does not match is rejected.
//!
//! Without the salt the commitment tells nothing about the setup: the salt makes guessing a likely
//! setup (a preset) and hashing it useless.

use sha2::{Digest, Sha256};

pub const SALT_BYTES: usize = 16;
pub const COMMITMENT_BYTES: usize = 32;
pub type Salt = [u8; SALT_BYTES];
pub type Commitment = [u8; COMMITMENT_BYTES];

/// The commitment to a setup.
pub fn commitment(text: &str, game_id: u64, seat: u8, salt: &Salt) -> Commitment {
    let mut out = [0u8; COMMITMENT_BYTES];
    let digest = Sha256::new()
        .chain_update(b"chessfront-setup")
        .chain_update((text.len() as u32).to_le_bytes())
        .chain_update(text.as_bytes())
        .chain_update(game_id.to_le_bytes())
        .chain_update([seat])
        .chain_update(salt)
        .finalize();
    out.copy_from_slice(&digest);
    out
}

/// One seat's sealed setup as a game knows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seal {
    /// Published when the seat sealed its setup.
    pub commitment: Option<Commitment>,
    /// Published with the reveal.
    pub salt: Option<Salt>,
    /// This browser's own setup text and salt (never written into a link).
    pub own: Option<(String, Salt)>,
}

impl Seal {
    /// Whether `text` and `salt` open this seal (for the game `game_id`, seat `seat`).
    pub fn opens(&self, text: &str, game_id: u64, seat: u8, salt: &Salt) -> bool {
        self.commitment == Some(commitment(text, game_id, seat, salt))
    }
}

/// Hex text of bytes (for the page's storage).
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Bytes from hex text of exactly `N` bytes.
pub fn from_hex<const N: usize>(hex: &str) -> Option<[u8; N]> {
    if hex.len() != N * 2 || !hex.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[i * 2..i * 2 + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_opens_only_with_its_text_game_seat_and_salt() {
        let salt = [7u8; SALT_BYTES];
        let seal = Seal { commitment: Some(commitment("Kb1 Qk1", 42, 0, &salt)), ..Seal::default() };
        assert!(seal.opens("Kb1 Qk1", 42, 0, &salt));
        assert!(!seal.opens("Kb1 Qj1", 42, 0, &salt));
        assert!(!seal.opens("Kb1 Qk1", 43, 0, &salt));
        assert!(!seal.opens("Kb1 Qk1", 42, 1, &salt));
        assert!(!seal.opens("Kb1 Qk1", 42, 0, &[8u8; SALT_BYTES]));
    }

    #[test]
    fn hex_round_trip_and_bad_text() {
        let salt = [0xa5u8; SALT_BYTES];
        assert_eq!(from_hex::<SALT_BYTES>(&to_hex(&salt)), Some(salt));
        assert_eq!(from_hex::<SALT_BYTES>("zz"), None);
        assert_eq!(from_hex::<2>("zzzz"), None);
        // Valid hex of the wrong length, and text that is not ASCII at a byte boundary.
        assert_eq!(from_hex::<2>("aabbcc"), None);
        assert_eq!(from_hex::<2>("aab"), None);
        assert_eq!(from_hex::<2>("aa"), None);
        assert_eq!(from_hex::<2>("aé"), None);
        assert_eq!(from_hex::<2>("0aFf"), Some([0x0a, 0xff]));
        assert_eq!(to_hex(&[0x0a, 0xff]), "0aff");
    }
}
