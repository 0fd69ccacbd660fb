//! The essentials of a WebRTC data-channel description (SDP), compact, and the full text rebuilt from
//! them. A browser's offer or answer is about 500 to 800 characters of text; what the other browser
//! needs of it is the ICE credentials, the DTLS certificate's fingerprint, the DTLS role and the UDP
//! candidates: about 100 bytes. Everything else is the same for every data channel and comes from a
//! fixed template ([`Compact::to_sdp`]).

use super::bytes::Reader;
use crate::error::{Error, ErrorCode, Result};
use std::net::{Ipv4Addr, Ipv6Addr};

/// The most candidates kept (a browser on one network has one to four).
pub const MAX_CANDIDATES: usize = 8;
const FINGERPRINT_BYTES: usize = 32;

/// The DTLS role a description declares (`a=setup:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    ActPass,
    Active,
    Passive,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::ActPass => "actpass",
            Role::Active => "active",
            Role::Passive => "passive",
        }
    }
}

/// A candidate's address: IPv4, IPv6, or an mDNS name `<uuid>.local` (the 16 bytes of the uuid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    Mdns([u8; 16]),
}

/// One UDP candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    /// 0 host, 1 srflx, 2 prflx, 3 relay.
    pub kind: u8,
}

const KINDS: [&str; 4] = ["host", "srflx", "prflx", "relay"];
/// The ICE type preference of each kind (RFC 8445, 5.1.2.2).
const PREFERENCE: [u32; 4] = [126, 100, 110, 0];

/// What a data channel needs of a description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compact {
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; FINGERPRINT_BYTES],
    pub role: Role,
    pub candidates: Vec<Candidate>,
}

fn unusable(what: &str) -> Error {
    Error::bilingual(
        ErrorCode::LiveSdpUnusable,
        format!("The browser's connection description cannot be used ({what}): check the network and try again."),
        format!(
            "La description de connexion du navigateur est inutilisable ({what}) : vérifiez le réseau et réessayez."
        ),
    )
}

fn ice_text(text: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

fn hex_byte(pair: &str) -> Option<u8> {
    (pair.len() == 2 && pair.bytes().all(|b| b.is_ascii_hexdigit())).then(|| u8::from_str_radix(pair, 16).ok())?
}

fn parse_fingerprint(value: &str) -> Option<[u8; FINGERPRINT_BYTES]> {
    let (algorithm, hex) = value.trim().split_once(' ')?;
    if !algorithm.eq_ignore_ascii_case("sha-256") {
        return None;
    }
    let bytes: Vec<u8> = hex.trim().split(':').map(hex_byte).collect::<Option<_>>()?;
    bytes.try_into().ok()
}

fn parse_uuid(name: &str) -> Option<[u8; 16]> {
    let uuid = name.strip_suffix(".local")?;
    let groups: Vec<&str> = uuid.split('-').collect();
    if groups.iter().map(|g| g.len()).collect::<Vec<_>>() != [8, 4, 4, 4, 12] {
        return None;
    }
    let hex: String = groups.concat();
    let bytes: Vec<u8> = (0..16).map(|i| hex_byte(&hex[2 * i..2 * i + 2])).collect::<Option<_>>()?;
    bytes.try_into().ok()
}

fn uuid_text(bytes: &[u8; 16]) -> String {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}.local", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

/// A candidate line's value (after `candidate:`), if it is a usable UDP candidate of component 1.
fn parse_candidate(value: &str) -> Option<Candidate> {
    let fields: Vec<&str> = value.split_ascii_whitespace().collect();
    let [_foundation, component, transport, _priority, address, port, typ, kind, ..] = fields[..] else {
        return None;
    };
    if component != "1" || !transport.eq_ignore_ascii_case("udp") || typ != "typ" {
        return None;
    }
    let kind = KINDS.iter().position(|k| *k == kind)? as u8;
    let port: u16 = port.parse().ok().filter(|&p| p != 0)?;
    let address = if let Ok(v4) = address.parse::<Ipv4Addr>() {
        Address::V4(v4.octets())
    } else if let Ok(v6) = address.parse::<Ipv6Addr>() {
        Address::V6(v6.octets())
    } else {
        Address::Mdns(parse_uuid(&address.to_ascii_lowercase())?)
    };
    Some(Candidate { address, port, kind })
}

impl Compact {
    /// Reads a browser's description. `offer`: an offer must declare `actpass`, an answer `active` or
    /// `passive`. Refused with `live-sdp-unusable` when it lacks credentials, a sha-256 fingerprint,
    /// the role, or any UDP candidate (the page must wait for ICE gathering to complete).
    pub fn from_sdp(text: &str, offer: bool) -> Result<Compact> {
        let (mut ufrag, mut pwd, mut fingerprint, mut role) = (None, None, None, None);
        let mut candidates = Vec::new();
        for line in text.lines().map(str::trim) {
            let Some((key, value)) = line.strip_prefix("a=").and_then(|l| l.split_once(':')) else { continue };
            match key {
                "ice-ufrag" if ufrag.is_none() => ufrag = Some(value.trim().to_string()),
                "ice-pwd" if pwd.is_none() => pwd = Some(value.trim().to_string()),
                "fingerprint" if fingerprint.is_none() => fingerprint = parse_fingerprint(value),
                "setup" if role.is_none() => {
                    role = match value.trim() {
                        "actpass" => Some(Role::ActPass),
                        "active" => Some(Role::Active),
                        "passive" => Some(Role::Passive),
                        _ => None,
                    }
                }
                "candidate" => {
                    if let Some(c) = parse_candidate(value) {
                        if !candidates.contains(&c) && candidates.len() < MAX_CANDIDATES {
                            candidates.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let ufrag = ufrag.filter(|u| ice_text(u, 1, 32)).ok_or_else(|| unusable("no ICE user name"))?;
        let pwd = pwd.filter(|p| ice_text(p, 22, 64)).ok_or_else(|| unusable("no ICE password"))?;
        let fingerprint = fingerprint.ok_or_else(|| unusable("no sha-256 certificate fingerprint"))?;
        let role = role.filter(|&r| (r == Role::ActPass) == offer).ok_or_else(|| unusable("no DTLS role"))?;
        if candidates.is_empty() {
            return Err(unusable("no address to reach this browser"));
        }
        Ok(Compact { ufrag, pwd, fingerprint, role, candidates })
    }

    /// The full description a browser accepts as its remote description.
    pub fn to_sdp(&self) -> String {
        let mut lines = vec![
            "v=0".to_string(),
            "o=- 1 2 IN IP4 127.0.0.1".into(),
            "s=-".into(),
            "t=0 0".into(),
            "a=group:BUNDLE 0".into(),
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel".into(),
            "c=IN IP4 0.0.0.0".into(),
        ];
        for (i, c) in self.candidates.iter().enumerate() {
            let address = match c.address {
                Address::V4(b) => Ipv4Addr::from(b).to_string(),
                Address::V6(b) => Ipv6Addr::from(b).to_string(),
                Address::Mdns(b) => uuid_text(&b),
            };
            let kind = usize::from(c.kind & 3);
            let priority = (PREFERENCE[kind] << 24) | ((65535 - i as u32) << 8) | 255;
            let related = if kind == 0 { "" } else { " raddr 0.0.0.0 rport 0" };
            lines.push(format!(
                "a=candidate:{} 1 udp {priority} {address} {} typ {}{related}",
                i + 1,
                c.port,
                KINDS[kind]
            ));
        }
        let fingerprint: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        lines.extend([
            "a=end-of-candidates".into(),
            format!("a=ice-ufrag:{}", self.ufrag),
            format!("a=ice-pwd:{}", self.pwd),
            format!("a=fingerprint:sha-256 {}", fingerprint.join(":")),
            format!("a=setup:{}", self.role.name()),
            "a=mid:0".into(),
            "a=sctp-port:5000".into(),
            "a=max-message-size:262144".into(),
        ]);
        let mut text = lines.join("\r\n");
        text.push_str("\r\n");
        text
    }

    /// Appends the compact bytes (see `docs/live.md`).
    pub fn write(&self, out: &mut Vec<u8>) {
        for text in [&self.ufrag, &self.pwd] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&self.fingerprint);
        out.push(match self.role {
            Role::ActPass => 0,
            Role::Active => 1,
            Role::Passive => 2,
        });
        out.push(self.candidates.len() as u8);
        for c in &self.candidates {
            let (kind, bytes): (u8, &[u8]) = match &c.address {
                Address::V4(b) => (0, b),
                Address::V6(b) => (1, b),
                Address::Mdns(b) => (2, b),
            };
            out.push(kind | ((c.kind & 3) << 2));
            out.extend_from_slice(bytes);
            out.extend_from_slice(&c.port.to_be_bytes());
        }
    }

    /// Reads what [`Compact::write`] wrote, checking every field as [`Compact::from_sdp`] does.
    pub(super) fn read(r: &mut Reader) -> Result<Compact> {
        let malformed = |what: &str| super::bytes::malformed(what);
        let mut text = |min: usize, max: usize| -> Result<String> {
            let len = usize::from(r.u8()?);
            let bytes = r.take(len)?;
            let text = std::str::from_utf8(bytes).map_err(|_| malformed("ICE credentials"))?;
            if !ice_text(text, min, max) {
                return Err(malformed("ICE credentials"));
            }
            Ok(text.to_string())
        };
        let ufrag = text(1, 32)?;
        let pwd = text(22, 64)?;
        let fingerprint = r.array::<FINGERPRINT_BYTES>()?;
        let role = match r.u8()? {
            0 => Role::ActPass,
            1 => Role::Active,
            2 => Role::Passive,
            _ => return Err(malformed("the DTLS role")),
        };
        let count = usize::from(r.u8()?);
        if count == 0 || count > MAX_CANDIDATES {
            return Err(malformed("the number of addresses"));
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let head = r.u8()?;
            if head & !0x0f != 0 {
                return Err(malformed("an address"));
            }
            let address = match head & 3 {
                0 => Address::V4(r.array()?),
                1 => Address::V6(r.array()?),
                2 => Address::Mdns(r.array()?),
                _ => return Err(malformed("an address")),
            };
            let port = u16::from_be_bytes(r.array()?);
            let c = Candidate { address, port, kind: head >> 2 };
            if port == 0 || candidates.contains(&c) {
                return Err(malformed("an address"));
            }
            candidates.push(c);
        }
        Ok(Compact { ufrag, pwd, fingerprint, role, candidates })
    }
}

/// Refuses a compact description of the wrong side (an answer where an offer is due).
pub(super) fn check_role(c: &Compact, offer: bool) -> Result<()> {
    if (c.role == Role::ActPass) == offer {
        Ok(())
    } else {
        Err(super::bytes::malformed("the DTLS role"))
    }
}

#[cfg(test)]
pub(super) mod tests;
