use super::*;
use crate::live::bytes::Reader;

/// An offer as Chromium writes it for one data channel, after ICE gathering (an mDNS host candidate,
/// a TCP candidate that is left out, an IPv4 and an IPv6 one).
pub const CHROMIUM_OFFER: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:3573282442 1 udp 2113937151 0d5e5b2a-8f5f-4b8c-9c2e-0a1b2c3d4e5f.local 54400 typ host generation 0 network-cost 999\r\na=candidate:842163049 1 tcp 1518280447 192.168.1.5 9 typ host tcptype active generation 0 network-id 1\r\na=candidate:1 1 UDP 2122260223 127.0.0.1 40001 typ host\r\na=candidate:2 1 udp 1686052607 2001:db8::7 40002 typ srflx raddr 0.0.0.0 rport 0\r\na=ice-ufrag:ZyPb\r\na=ice-pwd:Lr1bVXEBbQZb0hLB5YEr6mJK\r\na=ice-options:trickle\r\na=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

pub fn answer_sdp() -> String {
    CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:active").replace("ZyPb", "Qm7x")
}

#[test]
fn an_offer_keeps_its_essentials_and_leaves_tcp_out() {
    let c = Compact::from_sdp(CHROMIUM_OFFER, true).expect("usable");
    assert_eq!((c.ufrag.as_str(), c.pwd.as_str(), c.role), ("ZyPb", "Lr1bVXEBbQZb0hLB5YEr6mJK", Role::ActPass));
    assert_eq!(c.fingerprint[0], 0x7b);
    assert_eq!(c.fingerprint[31], 0x08);
    assert_eq!(c.candidates.len(), 3, "the TCP candidate is left out");
    assert!(matches!(c.candidates[0].address, Address::Mdns(_)));
    assert_eq!(c.candidates[1], Candidate { address: Address::V4([127, 0, 0, 1]), port: 40001, kind: 0 });
    assert_eq!(c.candidates[2].kind, 1);
}

#[test]
fn the_rebuilt_description_reads_back_the_same() {
    let c = Compact::from_sdp(CHROMIUM_OFFER, true).expect("usable");
    let sdp = c.to_sdp();
    assert!(
        sdp.contains("a=candidate:1 1 udp 2130706431 0d5e5b2a-8f5f-4b8c-9c2e-0a1b2c3d4e5f.local 54400 typ host\r\n"),
        "{sdp}"
    );
    assert!(sdp.contains(" 2001:db8::7 40002 typ srflx raddr 0.0.0.0 rport 0\r\n"), "{sdp}");
    // Priorities as RFC 8445 makes them: type preference, then a local preference falling by candidate.
    assert!(sdp.contains("a=candidate:2 1 udp 2130706175 127.0.0.1 40001 typ host\r\n"), "{sdp}");
    assert!(sdp.contains("a=candidate:3 1 udp 1694498303 2001:db8::7"), "{sdp}");
    assert!(sdp.contains("a=fingerprint:sha-256 7B:8B:F0:65:"), "{sdp}");
    for line in ["a=mid:0", "a=sctp-port:5000", "a=setup:actpass", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel"] {
        assert!(sdp.contains(&format!("{line}\r\n")), "{line}");
    }
    assert_eq!(Compact::from_sdp(&sdp, true).expect("usable"), c);
}

#[test]
fn the_compact_bytes_round_trip_and_are_short() {
    let c = Compact::from_sdp(CHROMIUM_OFFER, true).expect("usable");
    let mut bytes = Vec::new();
    c.write(&mut bytes);
    assert_eq!(bytes.len(), 1 + 4 + 1 + 24 + 32 + 1 + 1 + (1 + 16 + 2) + (1 + 4 + 2) + (1 + 16 + 2));
    let mut r = Reader { bytes: &bytes, pos: 0 };
    assert_eq!(Compact::read(&mut r).expect("read"), c);
    assert!(r.done());
    for cut in 0..bytes.len() {
        let mut r = Reader { bytes: &bytes[..cut], pos: 0 };
        assert!(Compact::read(&mut r).is_err(), "cut at {cut}");
    }
}

#[test]
fn a_description_without_an_essential_is_unusable() {
    let answer = answer_sdp();
    assert_eq!(Compact::from_sdp(&answer, false).expect("an answer").role, Role::Active);
    let cases = [
        (CHROMIUM_OFFER.replace("a=ice-ufrag:ZyPb", ""), true),
        (CHROMIUM_OFFER.replace("Lr1bVXEBbQZb0hLB5YEr6mJK", "short"), true),
        (CHROMIUM_OFFER.replace("sha-256", "sha-1"), true),
        (CHROMIUM_OFFER.replace("7B:8B:", "7B:"), true),
        (CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:sideways"), true),
        (CHROMIUM_OFFER.to_string(), false),
        (answer.clone(), true),
        (
            CHROMIUM_OFFER
                .lines()
                .filter(|l| !l.contains(" udp ") && !l.contains(" UDP "))
                .collect::<Vec<_>>()
                .join("\n"),
            true,
        ),
        (String::new(), true),
        ("a=candidate:\na=ice-ufrag:\u{e9}\na=fingerprint:".to_string(), true),
    ];
    for (i, (text, offer)) in cases.iter().enumerate() {
        let e = Compact::from_sdp(text, *offer).expect_err("unusable");
        assert_eq!(e.code, ErrorCode::LiveSdpUnusable, "case {i}");
    }
}

#[test]
fn credentials_take_the_ice_alphabet_and_a_fingerprint_two_digits_a_byte() {
    let plus = CHROMIUM_OFFER.replace("Lr1bVXEBbQZb0hLB5YEr6mJK", "Lr1b+XEB/QZb0hLB5YEr6mJK");
    assert_eq!(Compact::from_sdp(&plus, true).expect("+ and / are ICE characters").pwd, "Lr1b+XEB/QZb0hLB5YEr6mJK");
    let dash = CHROMIUM_OFFER.replace("Lr1bVXEBbQZb0hLB5YEr6mJK", "Lr1b-XEB_QZb0hLB5YEr6mJK");
    assert_eq!(Compact::from_sdp(&dash, true).expect_err("not ICE characters").code, ErrorCode::LiveSdpUnusable);
    let one_digit = CHROMIUM_OFFER.replace("7B:8B:F0", "7B:B:F0");
    assert_eq!(Compact::from_sdp(&one_digit, true).expect_err("a byte of one digit").code, ErrorCode::LiveSdpUnusable);
}

#[test]
fn odd_candidates_are_skipped_not_fatal() {
    for odd in [
        "a=candidate:1 2 udp 1 127.0.0.1 40003 typ host",
        "a=candidate:1 1 udp 1 127.0.0.1 0 typ host",
        "a=candidate:1 1 udp 1 127.0.0.1 99999 typ host",
        "a=candidate:1 1 udp 1 not-an-address 40003 typ host",
        "a=candidate:1 1 udp 1 0d5e5b2a-8f5f-4b8c-9c2e-0a1b2c3d4e5.local 40003 typ host",
        "a=candidate:1 1 udp 1 127.0.0.1 40003 type host",
        "a=candidate:1 1 udp 1 127.0.0.1 40003 typ other",
        "a=candidate:1 1 udp",
    ] {
        let text = CHROMIUM_OFFER.replace("a=ice-ufrag", &format!("{odd}\r\na=ice-ufrag"));
        assert_eq!(Compact::from_sdp(&text, true).expect("usable").candidates.len(), 3, "{odd}");
    }
    let many: String = (0..20).map(|i| format!("a=candidate:1 1 udp 1 10.0.0.{i} 5000 typ host\r\n")).collect();
    let text = CHROMIUM_OFFER.replace("a=ice-ufrag", &format!("{many}a=ice-ufrag"));
    let most = Compact::from_sdp(&text, true).expect("usable");
    assert_eq!(most.candidates.len(), MAX_CANDIDATES);
    let mut bytes = Vec::new();
    most.write(&mut bytes);
    assert_eq!(Compact::read(&mut Reader { bytes: &bytes, pos: 0 }).expect("the most candidates"), most);
    let count_at = 1 + 4 + 1 + 24 + 32 + 1;
    bytes[count_at] = MAX_CANDIDATES as u8 + 1;
    assert!(Compact::read(&mut Reader { bytes: &bytes, pos: 0 }).is_err(), "one more than the most");
}

#[test]
fn the_first_of_each_line_counts_and_a_repeated_address_is_refused_in_bytes() {
    let twice = CHROMIUM_OFFER.replace(
        "a=mid:0",
        "a=ice-ufrag:Late\r\na=ice-pwd:LateLateLateLateLateLate\r\na=fingerprint:sha-256 00:00\r\na=setup:active\r\na=mid:0",
    );
    let c = Compact::from_sdp(&twice, true).expect("the first of each is taken");
    assert_eq!(
        (c.ufrag.as_str(), c.pwd.as_str(), c.role, c.fingerprint[0]),
        ("ZyPb", "Lr1bVXEBbQZb0hLB5YEr6mJK", Role::ActPass, 0x7b)
    );
    let mut bytes = Vec::new();
    Compact { candidates: vec![c.candidates[1], c.candidates[1]], ..c.clone() }.write(&mut bytes);
    assert!(Compact::read(&mut Reader { bytes: &bytes, pos: 0 }).is_err(), "the same address twice");
    let mut bytes = Vec::new();
    Compact { candidates: vec![Candidate { port: 0, ..c.candidates[1] }], ..c }.write(&mut bytes);
    assert!(Compact::read(&mut Reader { bytes: &bytes, pos: 0 }).is_err(), "port 0");
}

#[test]
fn every_role_reads_back_from_the_compact_bytes() {
    for (role, offer) in [("actpass", true), ("active", false), ("passive", false)] {
        let c = Compact::from_sdp(&CHROMIUM_OFFER.replace("a=setup:actpass", &format!("a=setup:{role}")), offer)
            .expect("usable");
        let mut bytes = Vec::new();
        c.write(&mut bytes);
        assert_eq!(Compact::read(&mut Reader { bytes: &bytes, pos: 0 }).expect(role), c);
    }
}

#[test]
fn compact_bytes_refuse_what_the_writer_never_writes() {
    let c = Compact::from_sdp(CHROMIUM_OFFER, true).expect("usable");
    let mut good = Vec::new();
    c.write(&mut good);
    let role_at = 1 + 4 + 1 + 24 + 32;
    let first_head = role_at + 2;
    for (at, value) in
        [(0, 0u8), (5, 21), (role_at, 3), (role_at + 1, 0), (role_at + 1, 9), (first_head, 3), (first_head, 0x13)]
    {
        let mut bent = good.clone();
        bent[at] = value;
        let e = Compact::read(&mut Reader { bytes: &bent, pos: 0 }).expect_err("refused");
        assert!(matches!(e.code, ErrorCode::LiveMalformed | ErrorCode::LiveTruncated), "byte {at}: {e}");
    }
    assert!(check_role(&c, true).is_ok() && check_role(&c, false).is_err());
}
