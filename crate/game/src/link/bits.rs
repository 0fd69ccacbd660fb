//! The bytes and bits of a link's body: varints, and decisions' indices in as few bits as their
//! option counts need.

pub(super) fn bits_for(option_count: u32) -> u32 {
    if option_count <= 1 {
        0
    } else {
        32 - (option_count - 1).leading_zeros()
    }
}

pub(super) fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

pub(super) struct ByteReader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
}

impl ByteReader<'_> {
    pub(super) fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    pub(super) fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(slice)
    }
    /// A varint in its shortest form only (a link has one spelling): a last byte of 0 after the first
    /// is refused.
    pub(super) fn varint(&mut self) -> Option<u64> {
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
pub(super) struct BitWriter {
    pub(super) bytes: Vec<u8>,
    pub(super) used: u32,
}

impl BitWriter {
    pub(super) fn write(&mut self, value: u32, width: u32) {
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
    pub(super) fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

pub(super) struct BitReader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
}

impl BitReader<'_> {
    pub(super) fn read(&mut self, width: u32) -> Option<u32> {
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
    pub(super) fn only_padding_left(&self) -> bool {
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
