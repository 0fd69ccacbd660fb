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
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::live::sdp::tests::{answer_sdp, CHROMIUM_OFFER};

    const LINK: &str = "AQwBAQAjAe_NqwQOvQiUm9Z-";

    pub fn invitation() -> Invitation {
        Invitation {
            control: Some(TimeControl { base_ms: 300_000, increment_ms: 3_000 }),
            inviter: 0,
            seat: 1,
            offer: Compact::from_sdp(CHROMIUM_OFFER, true).expect("usable"),
            link: LINK.into(),
        }
    }

    #[test]
    fn an_invitation_round_trips_from_an_address_or_its_fragment() {
        let inv = invitation();
        let text = inv.encode();
        assert!(text.starts_with("live="), "{text}");
        assert_eq!(Invitation::decode(&text), Ok(inv.clone()));
        assert_eq!(Invitation::decode(&format!("https://example.org/chessfront/#{text}")), Ok(inv.clone()));
        assert_eq!(kind_of(&format!("https://x/#{text}")), Some(Kind::Invitation));
        let untimed = Invitation { control: None, ..inv };
        assert_eq!(Invitation::decode(&untimed.encode()), Ok(untimed));
    }

    #[test]
    fn an_answer_round_trips() {
        let answer = Answer {
            game_id: 0x12_3456_789a,
            seat: 1,
            answer: Compact::from_sdp(&answer_sdp(), false).expect("usable"),
        };
        let text = answer.encode();
        assert!(text.starts_with("answer="), "{text}");
        assert_eq!(Answer::decode(&text), Ok(answer));
        assert_eq!(kind_of(&text), Some(Kind::Answer));
        assert_eq!(kind_of(LINK), None);
    }

    #[test]
    fn the_handshake_is_short_enough_for_a_qr_code() {
        let text = invitation().encode();
        let answer = Answer { game_id: 1, seat: 1, answer: Compact::from_sdp(&answer_sdp(), false).expect("usable") };
        // Three candidates (an mDNS name, IPv4, IPv6): the compact offer is 110 bytes.
        assert!(text.len() - LINK.len() < 180, "{} characters", text.len());
        assert!(answer.encode().len() < 170, "{}", answer.encode().len());
    }

    #[test]
    fn malformed_invitations_and_answers_are_refused_with_codes() {
        let good = invitation().encode();
        let answer =
            Answer { game_id: 1, seat: 1, answer: Compact::from_sdp(&answer_sdp(), false).expect("usable") }.encode();
        let cut = &good[..good.len() - 10];
        let mut bent = good.clone().into_bytes();
        bent[20] = if bent[20] == b'A' { b'B' } else { b'A' };
        let bent = String::from_utf8(bent).expect("ascii");
        let frame = |body: &[u8]| format!("live={}", bytes::frame(body));
        let reframed_answer = format!("live={}", answer.trim_start_matches("answer="));
        let cases: Vec<(String, ErrorCode)> = vec![
            ("live=".into(), ErrorCode::LiveMalformed),
            ("live=!!!".into(), ErrorCode::LiveMalformed),
            (cut.into(), ErrorCode::LiveCorrupted),
            (bent, ErrorCode::LiveCorrupted),
            (frame(&[2]), ErrorCode::LiveMalformed),
            (frame(&[1, 60]), ErrorCode::LiveTruncated),
            (frame(&[1, 0, 0]), ErrorCode::LiveMalformed),
            (frame(&[0, 0, 0]), ErrorCode::LiveMalformed),
            (frame(&[0, 0, 7]), ErrorCode::LiveMalformed),
            (reframed_answer, ErrorCode::LiveMalformed),
            (LINK.into(), ErrorCode::LiveMalformed),
        ];
        for (text, code) in cases {
            assert_eq!(Invitation::decode(&text).expect_err("refused").code, code, "{text}");
        }
        assert_eq!(Answer::decode(&good).expect_err("an invitation").code, ErrorCode::LiveMalformed);
        // No game in it, or a byte after it.
        let mut body = vec![0, 0, 1];
        invitation().offer.write(&mut body);
        let mut empty = body.clone();
        empty.push(0);
        assert_eq!(Invitation::decode(&frame(&empty)).expect_err("no game").code, ErrorCode::LiveMalformed);
        body.extend_from_slice(&[2, 1, 2, 9]);
        assert_eq!(Invitation::decode(&frame(&body)).expect_err("a byte after").code, ErrorCode::LiveMalformed);
        // A seat no game has, and a byte after an answer's end.
        assert_eq!(Invitation::decode(&frame(&[0, 4, 1])).expect_err("seat 4").code, ErrorCode::LiveMalformed);
        assert_eq!(Invitation::decode(&frame(&[0, 3, 4])).expect_err("seat 4").code, ErrorCode::LiveMalformed);
        let compact = Compact::from_sdp(&answer_sdp(), false).expect("usable");
        let mut body = vec![1, 0, 0, 0, 0, 3];
        compact.write(&mut body);
        assert!(Answer::decode(&format!("answer={}", bytes::frame(&body))).is_ok(), "seat 3 is a seat");
        body.push(0);
        assert_eq!(
            Answer::decode(&format!("answer={}", bytes::frame(&body))).expect_err("trailing").code,
            ErrorCode::LiveMalformed
        );
        assert_eq!(Answer::decode(&answer[..answer.len() - 4]).expect_err("cut").code, ErrorCode::LiveCorrupted);
    }
}
