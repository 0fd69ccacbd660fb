//! The invitation and the answer: the two URL fragments that open a data channel between two
//! browsers. An invitation (`live=`) carries the game's link, its time control, the inviter's seat, the
//! seat offered and the compact offer; an answer (`answer=`) the game id, the answerer's seat and the
//! compact answer. Both are framed as [`super::bytes`] says (version, CRC-32, base64url); layouts in
//! `docs/live.md`. The game's link inside an invitation is read by the session like any pasted link.

use super::bytes::{self, malformed, push_varint, Reader};
use super::control::{TimeControl, MAX_BASE_MS, MAX_INCREMENT_MS};
use super::sdp::{check_role, Compact};
use crate::base64url::{self, Spelling};
use crate::error::Result;
use crate::game::{GAME_ID_BYTES, GAME_ID_MASK};
use crate::link::{self, MAX_LINK_CHARS};
use crate::Seat;

/// What an invitation fragment starts with.
pub const INVITATION: &str = "live=";
/// What an answer fragment starts with.
pub const ANSWER: &str = "answer=";
/// The most seats a game has.
const MAX_SEATS: u8 = 4;

/// An invitation to play a game live.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    /// `None`: a live game without clocks.
    pub control: Option<TimeControl>,
    pub inviter: Seat,
    /// The seat the friend is invited to play.
    pub seat: Seat,
    pub offer: Compact,
    /// The game's link (its fragment text).
    pub link: String,
}

/// The answer to an invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub game_id: u64,
    pub seat: Seat,
    pub answer: Compact,
}

/// What a fragment is: an invitation, an answer, or neither (a game link, a transfer code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Invitation,
    Answer,
}

/// Whether `text` (a whole address or its fragment) is an invitation or an answer.
pub fn kind_of(text: &str) -> Option<Kind> {
    let fragment = link::fragment_of(text);
    if fragment.starts_with(INVITATION) {
        Some(Kind::Invitation)
    } else if fragment.starts_with(ANSWER) {
        Some(Kind::Answer)
    } else {
        None
    }
}

fn seat(r: &mut Reader) -> Result<Seat> {
    let seat = r.u8()?;
    if seat < MAX_SEATS {
        Ok(seat)
    } else {
        Err(malformed("a seat no game has"))
    }
}

fn payload<'a>(text: &'a str, prefix: &str) -> Result<&'a str> {
    link::fragment_of(text).strip_prefix(prefix).ok_or_else(|| malformed("not one at all"))
}

impl Invitation {
    /// The fragment text, without `#`.
    pub fn encode(&self) -> String {
        let mut body = Vec::new();
        match self.control {
            None => body.push(0),
            Some(c) => {
                body.push(1);
                push_varint(&mut body, c.base_ms / 1000);
                push_varint(&mut body, c.increment_ms / 1000);
            }
        }
        body.extend_from_slice(&[self.inviter, self.seat]);
        self.offer.write(&mut body);
        // The link's own text is base64url; its bytes are carried (a third shorter).
        let link_bytes = base64url::decode(&self.link, Spelling::Exact).unwrap_or_default();
        push_varint(&mut body, link_bytes.len() as u64);
        body.extend_from_slice(&link_bytes);
        format!("{INVITATION}{}", bytes::frame(&body))
    }

    /// Reads an invitation (a whole address or its fragment). The game's link is not decoded here.
    pub fn decode(text: &str) -> Result<Invitation> {
        let body = bytes::unframe(payload(text, INVITATION)?)?;
        let mut r = Reader { bytes: &body, pos: 0 };
        let control = match r.u8()? {
            0 => None,
            1 => {
                let base = r.varint(MAX_BASE_MS / 1000)? * 1000;
                let increment = r.varint(MAX_INCREMENT_MS / 1000)? * 1000;
                Some(TimeControl::new(base, increment).map_err(|_| malformed("the time control"))?)
            }
            _ => return Err(malformed("the time control")),
        };
        let (inviter, seat) = (seat(&mut r)?, seat(&mut r)?);
        if inviter == seat {
            return Err(malformed("the inviter's own seat offered"));
        }
        let offer = Compact::read(&mut r)?;
        check_role(&offer, true)?;
        let len = r.varint(MAX_LINK_CHARS as u64)? as usize;
        let link = base64url::encode(r.take(len)?);
        if len == 0 || !r.done() {
            return Err(malformed("its game"));
        }
        Ok(Invitation { control, inviter, seat, offer, link })
    }
}

impl Answer {
    /// The fragment text, without `#`.
    pub fn encode(&self) -> String {
        let mut body = (self.game_id & GAME_ID_MASK).to_le_bytes()[..GAME_ID_BYTES].to_vec();
        body.push(self.seat);
        self.answer.write(&mut body);
        format!("{ANSWER}{}", bytes::frame(&body))
    }

    /// Reads an answer (a whole address or its fragment).
    pub fn decode(text: &str) -> Result<Answer> {
        let body = bytes::unframe(payload(text, ANSWER)?)?;
        let mut r = Reader { bytes: &body, pos: 0 };
        let mut id = [0u8; 8];
        id[..GAME_ID_BYTES].copy_from_slice(r.take(GAME_ID_BYTES)?);
        let seat = seat(&mut r)?;
        let answer = Compact::read(&mut r)?;
        check_role(&answer, false)?;
        if !r.done() {
            return Err(malformed("bytes after its end"));
        }
        Ok(Answer { game_id: u64::from_le_bytes(id), seat, answer })
    }
}

#[cfg(test)]
mod tests;
