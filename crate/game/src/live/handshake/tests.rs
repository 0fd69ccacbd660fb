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
    let answer =
        Answer { game_id: 0x12_3456_789a, seat: 1, answer: Compact::from_sdp(&answer_sdp(), false).expect("usable") };
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
