//! CRC-32 (the IEEE polynomial of zip and PNG), the checksum that ends a game link and a transfer code.
//!
//! Computed four bits at a time from a 16-entry table: the common slice-by-16 implementation carries a
//! 16 KB table that compresses to nothing, which every page load would download to check a few hundred
//! bytes. Tests compare it with the `crc32fast` crate.

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// The remainder of each 4-bit value, built when compiling.
const NIBBLES: [u32; 16] = {
    let mut table = [0u32; 16];
    let mut n = 0;
    while n < 16 {
        let mut crc = n as u32;
        let mut bit = 0;
        while bit < 4 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ POLY } else { crc >> 1 };
            bit += 1;
        }
        table[n] = crc;
        n += 1;
    }
    table
};

/// The CRC-32 of `bytes`.
pub fn hash(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        crc = (crc >> 4) ^ NIBBLES[(crc & 15) as usize];
        crc = (crc >> 4) ^ NIBBLES[(crc & 15) as usize];
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::hash;

    #[test]
    fn known_values() {
        assert_eq!(hash(b""), 0);
        assert_eq!(hash(b"123456789"), 0xCBF4_3926);
        assert_eq!(hash(b"The quick brown fox jumps over the lazy dog"), 0x414F_A339);
    }

    #[test]
    fn agrees_with_crc32fast() {
        let mut bytes = Vec::new();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..600 {
            assert_eq!(hash(&bytes), crc32fast::hash(&bytes), "length {len}");
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push(x as u8);
        }
    }
}
