//! The byte framing of invitations and answers: a version byte, the body, a CRC-32; base64url.

use crate::base64url::{self, Spelling};
use crate::error::{Error, ErrorCode, Result};

/// The version of invitations and answers this build writes and reads.
pub const VERSION: u8 = 1;

pub(super) fn malformed(what: &str) -> Error {
    Error::bilingual(
        ErrorCode::LiveMalformed,
        format!("This is not a readable live invitation or answer ({what})."),
        format!("Ce n'est pas une invitation ni une réponse de partie en direct lisible ({what})."),
    )
}

pub(super) fn truncated() -> Error {
    Error::bilingual(
        ErrorCode::LiveTruncated,
        "This live invitation or answer ends too early: it was probably cut off when it was copied. Copy all of it and try again.",
        "Cette invitation ou cette réponse est coupée : elle a sans doute été tronquée en la copiant. Copiez-la en entier et réessayez.",
    )
}

/// Appends `n` as a LEB128 varint.
pub(super) fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Reads bytes in order; every read past the end is `live-truncated`.
pub(super) struct Reader<'a> {
    pub bytes: &'a [u8],
    pub pos: usize,
}

impl<'a> Reader<'a> {
    pub fn u8(&mut self) -> Result<u8> {
        let b = *self.bytes.get(self.pos).ok_or_else(truncated)?;
        self.pos += 1;
        Ok(b)
    }
    pub fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(truncated)?;
        let out = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(out)
    }
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
    /// A varint in its one shortest spelling, at most `max`.
    pub fn varint(&mut self, max: u64) -> Result<u64> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    return Err(malformed("a number spelt with a needless byte"));
                }
                return if n <= max { Ok(n) } else { Err(malformed("a number out of range")) };
            }
        }
        Err(malformed("a number too long"))
    }
    pub fn done(&self) -> bool {
        self.pos == self.bytes.len()
    }
}

/// `version, body, CRC-32` in base64url.
pub(super) fn frame(body: &[u8]) -> String {
    let mut bytes = vec![VERSION];
    bytes.extend_from_slice(body);
    let crc = chessfront_core::crc32::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    base64url::encode(&bytes)
}

/// The body of a framed text: base64url in its one spelling, this version, the checksum.
pub(super) fn unframe(text: &str) -> Result<Vec<u8>> {
    let bytes = base64url::decode(text, Spelling::Exact).map_err(|_| malformed("characters a link never has"))?;
    if bytes.is_empty() {
        return Err(malformed("nothing in it"));
    }
    if bytes[0] > VERSION {
        return Err(Error::bilingual(
            ErrorCode::LiveNewerVersion,
            "This live invitation or answer was made by a newer version of Chessfront: reload the page to update it.",
            "Cette invitation ou cette réponse vient d'une version plus récente de Chessfront : rechargez la page pour la mettre à jour.",
        ));
    }
    if bytes[0] != VERSION {
        return Err(malformed("an unknown version"));
    }
    if bytes.len() < 5 {
        return Err(truncated());
    }
    let (content, crc) = bytes.split_at(bytes.len() - 4);
    if chessfront_core::crc32::hash(content).to_le_bytes() != crc {
        return Err(Error::bilingual(
            ErrorCode::LiveCorrupted,
            "This live invitation or answer is damaged: it was changed or mistyped (or cut off). Ask for it again.",
            "Cette invitation ou cette réponse est endommagée : elle a été modifiée, mal recopiée ou coupée. Redemandez-la.",
        ));
    }
    Ok(content[1..].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_have_one_spelling_and_a_bound() {
        let mut out = Vec::new();
        push_varint(&mut out, 300);
        assert_eq!(out, [0xac, 0x02]);
        assert_eq!(Reader { bytes: &out, pos: 0 }.varint(300).expect("read"), 300);
        assert_eq!(Reader { bytes: &out, pos: 0 }.varint(299).expect_err("big").code, ErrorCode::LiveMalformed);
        let padded = [0x81, 0x00];
        assert_eq!(Reader { bytes: &padded, pos: 0 }.varint(9).expect_err("padded").code, ErrorCode::LiveMalformed);
        assert_eq!(Reader { bytes: &[0x81], pos: 0 }.varint(9).expect_err("cut").code, ErrorCode::LiveTruncated);
        assert_eq!(Reader { bytes: &[0], pos: 0 }.varint(9).expect("zero is one byte"), 0);
    }

    #[test]
    fn a_frame_round_trips_and_refuses_damage() {
        let text = frame(&[1, 2, 3]);
        assert_eq!(unframe(&text).expect("read"), [1, 2, 3]);
        assert_eq!(unframe(&frame(&[])).expect("an empty body is framed"), Vec::<u8>::new());
        let mut bent = text.clone().into_bytes();
        bent[3] = if bent[3] == b'A' { b'B' } else { b'A' };
        let bent = String::from_utf8(bent).expect("ascii");
        assert_eq!(unframe(&bent).expect_err("bent").code, ErrorCode::LiveCorrupted);
        assert_eq!(unframe("").expect_err("empty").code, ErrorCode::LiveMalformed);
        assert_eq!(unframe("!!").expect_err("junk").code, ErrorCode::LiveMalformed);
        assert_eq!(unframe(&base64url::encode(&[1, 2])).expect_err("short").code, ErrorCode::LiveTruncated);
        assert_eq!(
            unframe(&base64url::encode(&[9, 2, 3, 4, 5, 6])).expect_err("new").code,
            ErrorCode::LiveNewerVersion
        );
        assert_eq!(unframe(&base64url::encode(&[0, 2, 3, 4, 5, 6])).expect_err("old").code, ErrorCode::LiveMalformed);
    }
}
