//! base64url (RFC 4648's URL-safe alphabet), the only alphabet links and transfer codes use.
//!
//! Written out here rather than taken from the `base64` crate, whose generic engine cost about 6 KB of
//! the page's wasm for three calls. It reads exactly what `base64` 0.22 reads with the two
//! configurations the engine used, and refuses what it refuses with the same kind of error: the
//! `matches_the_base64_crate` test compares the two on every short text over a telling alphabet and on
//! long ones (`base64` stays a dev-dependency for that and for the tests that build links by hand).

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const PAD: u8 = b'=';

/// Why a text is not base64url.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Only valid symbols, but one too many for whole bytes (`base64::DecodeError::InvalidLength`).
    Length,
    /// A byte outside the alphabet, misplaced or refused padding, or stray trailing bits.
    Invalid,
}

/// How strictly [`decode`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Only what [`encode`] writes: no padding, no stray bits in the last symbol (`URL_SAFE_NO_PAD`).
    Exact,
    /// Padding or none, and stray bits in the last symbol ignored (padding `Indifferent`, trailing bits
    /// allowed), so that a cut-off or padded link is read as far as it goes.
    Lenient,
}

/// `bytes` in base64url without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(chunk.get(1).copied().unwrap_or(0)) << 8)
            | u32::from(chunk.get(2).copied().unwrap_or(0));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// The value of a base64url symbol.
fn value(b: u8) -> Option<u8> {
    match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// The bytes `text` spells in base64url, read as `spelling` says. Follows `base64` 0.22's
/// `GeneralPurpose` decoder step by step: every whole group of four before the last group is four
/// symbols; the last group (1 to 4 bytes long, by the text's length) is at least two symbols, then
/// padding from its third byte on and nothing after it.
pub fn decode(text: impl AsRef<[u8]>, spelling: Spelling) -> Result<Vec<u8>, DecodeError> {
    let input = text.as_ref();
    let rem = input.len() % 4;
    let last_group = input.len().saturating_sub(rem).saturating_sub(usize::from(rem == 0) * 4);
    let mut out = Vec::with_capacity((input.len() / 4 + usize::from(rem > 0)) * 3);
    let mut acc: u32 = 0;
    for (i, &b) in input[..last_group].iter().enumerate() {
        acc = (acc << 6) | u32::from(value(b).ok_or(DecodeError::Invalid)?);
        if i % 4 == 3 {
            out.extend_from_slice(&acc.to_be_bytes()[1..]);
            acc = 0;
        }
    }
    let (mut symbols, mut padding) = (0usize, 0usize);
    let mut last: u32 = 0;
    for (i, &b) in input[last_group..].iter().enumerate() {
        if b == PAD {
            if i < 2 {
                return Err(DecodeError::Invalid);
            }
            padding += 1;
            continue;
        }
        if padding > 0 {
            return Err(DecodeError::Invalid);
        }
        last |= u32::from(value(b).ok_or(DecodeError::Invalid)?) << (26 - 6 * symbols);
        symbols += 1;
    }
    if !input.is_empty() && symbols < 2 {
        return Err(DecodeError::Length);
    }
    let whole = symbols * 6 / 8;
    if spelling == Spelling::Exact && (padding > 0 || (last & (!0u32 >> (whole * 8))) != 0) {
        return Err(DecodeError::Invalid);
    }
    out.extend_from_slice(&last.to_be_bytes()[..whole]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
    use base64::engine::DecodePaddingMode;
    use base64::Engine;

    /// The configuration links were read with before this module.
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_encode_padding(false)
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );

    fn theirs(text: &[u8], spelling: Spelling) -> Result<Vec<u8>, DecodeError> {
        let engine = if spelling == Spelling::Exact { &URL_SAFE_NO_PAD } else { &LENIENT };
        engine.decode(text).map_err(|e| match e {
            base64::DecodeError::InvalidLength(_) => DecodeError::Length,
            _ => DecodeError::Invalid,
        })
    }

    fn check(text: &[u8]) {
        for spelling in [Spelling::Exact, Spelling::Lenient] {
            assert_eq!(
                decode(text, spelling),
                theirs(text, spelling),
                "{:?} {spelling:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn matches_the_base64_crate() {
        // Every text of up to 6 bytes over symbols that differ in what they do: a symbol with no low
        // bits, ones with stray low bits, the last two of the URL-safe alphabet, padding, '+' and '/'
        // (the other alphabet's), and a byte no alphabet has.
        let symbols = b"AQBgw-_=+/!";
        for len in 0..=6u32 {
            for code in 0..(symbols.len() as u32).pow(len) {
                let text: Vec<u8> = (0..len)
                    .map(|i| symbols[(code / (symbols.len() as u32).pow(i)) as usize % symbols.len()])
                    .collect();
                check(&text);
            }
        }
        // Long texts, padded, cut and spoilt at every place.
        let bytes: Vec<u8> = (0..200u32).map(|i| (i * 97 + 13) as u8).collect();
        for len in 0..bytes.len() {
            let text = URL_SAFE_NO_PAD.encode(&bytes[..len]);
            assert_eq!(encode(&bytes[..len]), text);
            check(text.as_bytes());
            for pad in ["=", "==", "===", "A", "A=", "!"] {
                check(format!("{text}{pad}").as_bytes());
            }
            if len % 7 == 0 {
                for at in 0..text.len() {
                    for b in [b'=', b'!', b'+', b'Q'] {
                        let mut spoilt = text.clone().into_bytes();
                        spoilt[at] = b;
                        check(&spoilt);
                    }
                }
            }
        }
    }

    #[test]
    fn round_trips_every_byte() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        assert_eq!(decode(encode(&bytes), Spelling::Exact), Ok(bytes));
    }
}
