//! The messages of a live game over its data channel: one text each, the kind, a space, the fields
//! separated by single spaces. One spelling only: numbers in decimal without leading zeros, signatures
//! in base64url without padding, links as the encoder writes them; anything else is `live-malformed`.
//! What each message means, and which are signed, is in `docs/live.md`; what they prove is the
//! session's to judge.

use crate::base64url::{self, Spelling};
use crate::error::{Error, ErrorCode, Result};
use crate::link::MAX_LINK_CHARS;
use crate::Seat;

pub const SIGNATURE_BYTES: usize = 64;
pub type Signature = [u8; SIGNATURE_BYTES];
/// The longest message read (a link at its longest, and a little more).
pub const MAX_MESSAGE_CHARS: usize = MAX_LINK_CHARS + 200;

/// One live message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The game's link after the sender's decision, and the sender's time left when it decided.
    Move { link: String, clock: Option<u64> },
    /// Sent when a channel opens: the sender's seat, its copy of the game and its clocks.
    Hello { seat: Seat, link: String, clocks: Option<Vec<u64>> },
    /// Take the game back to `ply` decisions, asked with `plies` decisions played; `author` is the requester's authorship signature over
    /// the shortened record (none when it has no decision left in it).
    TakebackRequest { ply: usize, plies: usize, seq: u32, seat: Seat, author: Option<Signature>, signature: Signature },
    TakebackAnswer {
        ply: usize,
        plies: usize,
        seq: u32,
        seat: Seat,
        accept: bool,
        author: Option<Signature>,
        signature: Signature,
    },
    /// `seat` claims that `flagged`'s time ran out with `plies` decisions played.
    Flag { flagged: Seat, seat: Seat, plies: usize, signature: Signature },
    /// A new game against the same opponent.
    Rematch { link: String },
}

fn malformed(what: &str) -> Error {
    Error::bilingual(
        ErrorCode::LiveMalformed,
        format!("A live message could not be read ({what}): it was ignored."),
        format!("Un message de la partie en direct n'a pas pu être lu ({what}) : il a été ignoré."),
    )
}

fn number(text: &str, max: u64) -> Result<u64> {
    let spelt_once =
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    let n: u64 = text.parse().ok().filter(|_| spelt_once).ok_or_else(|| malformed("a number"))?;
    if n <= max {
        Ok(n)
    } else {
        Err(malformed("a number out of range"))
    }
}

fn seat(text: &str) -> Result<Seat> {
    Ok(number(text, 3)? as Seat)
}

fn signature(text: &str) -> Result<Signature> {
    let bytes = base64url::decode(text, Spelling::Exact).map_err(|_| malformed("a signature"))?;
    bytes.try_into().map_err(|_| malformed("a signature"))
}

fn optional<T>(text: &str, read: impl Fn(&str) -> Result<T>) -> Result<Option<T>> {
    if text == "-" {
        Ok(None)
    } else {
        read(text).map(Some)
    }
}

fn link(text: &str) -> Result<String> {
    let ok = !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(text.to_string())
    } else {
        Err(malformed("a game link"))
    }
}

const MS: u64 = 1 << 50;

fn clocks(text: &str) -> Result<Vec<u64>> {
    let list: Vec<u64> = text.split(',').map(|n| number(n, MS)).collect::<Result<_>>()?;
    if (1..=4).contains(&list.len()) {
        Ok(list)
    } else {
        Err(malformed("the clocks"))
    }
}

fn opt_text<T>(value: &Option<T>, write: impl Fn(&T) -> String) -> String {
    value.as_ref().map_or("-".into(), write)
}

impl Message {
    /// The kind, as the text starts.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Move { .. } => "move",
            Message::Hello { .. } => "hello",
            Message::TakebackRequest { .. } => "takeback-request",
            Message::TakebackAnswer { .. } => "takeback-answer",
            Message::Flag { .. } => "flag",
            Message::Rematch { .. } => "rematch",
        }
    }

    /// The message's text.
    pub fn write(&self) -> String {
        let sig = |s: &Signature| base64url::encode(s);
        let fields: Vec<String> = match self {
            Message::Move { link, clock } => vec![link.clone(), opt_text(clock, u64::to_string)],
            Message::Hello { seat, link, clocks } => vec![
                seat.to_string(),
                link.clone(),
                opt_text(clocks, |c| c.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
            ],
            Message::TakebackRequest { ply, plies, seq, seat, author, signature } => vec![
                ply.to_string(),
                plies.to_string(),
                seq.to_string(),
                seat.to_string(),
                opt_text(author, sig),
                sig(signature),
            ],
            Message::TakebackAnswer { ply, plies, seq, seat, accept, author, signature } => vec![
                ply.to_string(),
                plies.to_string(),
                seq.to_string(),
                seat.to_string(),
                if *accept { "accept" } else { "decline" }.into(),
                opt_text(author, sig),
                sig(signature),
            ],
            Message::Flag { flagged, seat, plies, signature } => {
                vec![flagged.to_string(), seat.to_string(), plies.to_string(), sig(signature)]
            }
            Message::Rematch { link } => vec![link.clone()],
        };
        format!("{} {}", self.kind(), fields.join(" "))
    }

    /// Reads a message's text.
    pub fn parse(text: &str) -> Result<Message> {
        if text.len() > MAX_MESSAGE_CHARS {
            return Err(malformed("longer than any message"));
        }
        let words: Vec<&str> = text.split(' ').collect();
        let plies = MAX_LINK_CHARS as u64 * 8;
        Ok(match words[..] {
            ["move", l, clock] => Message::Move { link: link(l)?, clock: optional(clock, |c| number(c, MS))? },
            ["hello", s, l, c] => Message::Hello { seat: seat(s)?, link: link(l)?, clocks: optional(c, clocks)? },
            ["takeback-request", ply, n, seq, s, author, sig] => Message::TakebackRequest {
                ply: number(ply, plies)? as usize,
                plies: number(n, plies)? as usize,
                seq: number(seq, u32::MAX.into())? as u32,
                seat: seat(s)?,
                author: optional(author, signature)?,
                signature: signature(sig)?,
            },
            ["takeback-answer", ply, n, seq, s, answer, author, sig] => Message::TakebackAnswer {
                ply: number(ply, plies)? as usize,
                plies: number(n, plies)? as usize,
                seq: number(seq, u32::MAX.into())? as u32,
                seat: seat(s)?,
                accept: match answer {
                    "accept" => true,
                    "decline" => false,
                    _ => return Err(malformed("the answer")),
                },
                author: optional(author, signature)?,
                signature: signature(sig)?,
            },
            ["flag", flagged, s, n, sig] => Message::Flag {
                flagged: seat(flagged)?,
                seat: seat(s)?,
                plies: number(n, plies)? as usize,
                signature: signature(sig)?,
            },
            ["rematch", l] => Message::Rematch { link: link(l)? },
            _ => return Err(malformed("an unknown kind or the wrong number of fields")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = "AQwBAQAjAe_NqwQOvQiUm9Z-";

    pub fn samples() -> Vec<Message> {
        let s = [7u8; 64];
        vec![
            Message::Move { link: LINK.into(), clock: Some(123_456) },
            Message::Move { link: LINK.into(), clock: None },
            Message::Hello { seat: 1, link: LINK.into(), clocks: Some(vec![300_000, 0]) },
            Message::Hello { seat: 0, link: LINK.into(), clocks: None },
            Message::TakebackRequest { ply: 4, plies: 6, seq: 0, seat: 1, author: Some(s), signature: s },
            Message::TakebackAnswer { ply: 4, plies: 6, seq: 0, seat: 0, accept: true, author: None, signature: s },
            Message::TakebackAnswer { ply: 4, plies: 5, seq: 2, seat: 0, accept: false, author: None, signature: s },
            Message::Flag { flagged: 1, seat: 0, plies: 31, signature: s },
            Message::Rematch { link: LINK.into() },
        ]
    }

    #[test]
    fn every_message_round_trips() {
        for m in samples() {
            let text = m.write();
            assert!(text.starts_with(m.kind()), "{text}");
            assert_eq!(Message::parse(&text), Ok(m), "{text}");
        }
    }

    #[test]
    fn the_longest_message_and_the_highest_ply_are_read() {
        let longest = format!("move {} -", "A".repeat(MAX_MESSAGE_CHARS - 7));
        assert_eq!(longest.len(), MAX_MESSAGE_CHARS);
        assert!(Message::parse(&longest).is_ok());
        assert!(Message::parse(&format!("move {} -", "A".repeat(MAX_MESSAGE_CHARS - 6))).is_err());
        let link_at_its_longest = format!("move {} 1", "A".repeat(MAX_LINK_CHARS + 150));
        assert!(Message::parse(&link_at_its_longest).is_ok(), "a link at its longest fits");
        let too_long = format!("move {} -", "A".repeat(MAX_LINK_CHARS + 194));
        assert_eq!(too_long.len(), MAX_LINK_CHARS + 201);
        assert!(Message::parse(&too_long).is_err(), "200 characters over a link at its longest");
        let sig = base64url::encode(&[7u8; 64]);
        let top = MAX_LINK_CHARS * 8;
        assert!(Message::parse(&format!("flag 0 1 {top} {sig}")).is_ok());
        assert!(Message::parse(&format!("flag 0 1 {} {sig}", top + 1)).is_err());
    }

    #[test]
    fn other_spellings_are_malformed() {
        let sig = base64url::encode(&[7u8; 64]);
        for text in [
            String::new(),
            "move".into(),
            format!("move {LINK}"),
            format!("move {LINK} 012"),
            format!("move {LINK} +12"),
            format!("move {LINK}  12"),
            format!("move {LINK} 12 "),
            format!("move #{LINK} 12"),
            format!("Move {LINK} 12"),
            format!("hello 4 {LINK} -"),
            format!("hello 0 {LINK} 1,,2"),
            format!("hello 0 {LINK} 1,2,3,4,5"),
            format!("takeback-request 4 6 0 1 - {}", &sig[1..]),
            format!("takeback-request 4 6 0 1 - {sig}="),
            format!("takeback-request 4 0 1 - {sig}"),
            format!("takeback-answer 4 6 0 0 maybe - {sig}"),
            format!("takeback-answer 4 6 99999999999 0 accept - {sig}"),
            "flag 1 0 31".to_string(),
            format!("rematch {LINK} {LINK}"),
            format!("move {} 1", "A".repeat(MAX_MESSAGE_CHARS)),
            "chat hello".into(),
        ] {
            assert_eq!(Message::parse(&text).expect_err("malformed").code, ErrorCode::LiveMalformed, "{text}");
        }
    }
}
