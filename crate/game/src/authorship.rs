//! Authorship: every decision a link attributes to a seat is proved to come from that seat.
//!
//! Each seat of a game between browsers has an Ed25519 key pair. The browser that takes a seat makes
//! the key, keeps its 32-byte seed with the seat's other secrets, and publishes the public key in every
//! link from then on; once seen, a seat's key never changes. After each of its decisions the seat
//! signs a [`statement`]: the game (id, variant, revision, settings, start), its own key and
//! commitments (chance tip, sealed setup), and every decision of the record up to and including its
//! own last one. A seat's latest signature therefore vouches for all of its decisions.
//!
//! A link carries the latest signature of every seat that has decided, except the seat to move while
//! the game goes on: that seat receives the link and knows its own decisions (the session checks them
//! against its stored game). Every receiver, not only the seat a forger would impersonate, can so check
//! every other seat's decisions: a resignation or a turn written in another seat's name, or a
//! commitment swapped before its reveal, has no valid signature and the link is refused.
//!
//! Ed25519 comes from `ed25519-compact` (pure Rust, no dependencies); see `crate/engine/Cargo.toml`.
//!
//! The signature covers the decisions by their index and option count, which the replay from the same
//! start makes equivalent to the decisions themselves; chance reveals and setup salts need no signature
//! (each is checked against a commitment that is signed).

use ed25519_compact::{KeyPair, PublicKey as VerifyingKey, Seed, Signature};
use sha2::{Digest, Sha256};

pub const KEY_BYTES: usize = 32;
pub const SIGNATURE_BYTES: usize = 64;
/// A seat's public key.
pub type PublicKey = [u8; KEY_BYTES];
/// The secret a seat signs with (an Ed25519 seed): kept by its browser, never in a link.
pub type SigningSeed = [u8; KEY_BYTES];

/// A seat's latest signature: over the record's first `plies` decisions (up to and including its last).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Signed {
    pub plies: usize,
    pub signature: [u8; SIGNATURE_BYTES],
}

/// What a game knows of one seat's authorship.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Author {
    /// Published by the seat's browser when it took the seat.
    pub key: Option<PublicKey>,
    /// The seat's latest signature, as the game last saw it.
    pub signed: Option<Signed>,
    /// This browser's signing seed for the seat (never written into a link).
    pub own: Option<SigningSeed>,
}

impl std::fmt::Debug for Author {
    // The seed is a secret: it never goes into a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Author").field("key", &self.key).field("signed", &self.signed).finish_non_exhaustive()
    }
}

/// The public key of a signing seed; `None` for the all-zero seed, which is no key (a random source
/// never gives it, so it can only come from damaged storage).
pub fn public_key(seed: &SigningSeed) -> Option<PublicKey> {
    KeyPair::try_from_seed(Seed::new(*seed)).ok().map(|pair| *pair.pk)
}

/// Signs a statement's digest (deterministically: the same seed and digest give the same signature);
/// `None` for the all-zero seed.
pub fn sign(seed: &SigningSeed, digest: &[u8; 32]) -> Option<[u8; SIGNATURE_BYTES]> {
    KeyPair::try_from_seed(Seed::new(*seed)).ok().map(|pair| *pair.sk.sign(digest, None))
}

/// Whether `signature` is `key`'s over `digest`. A key that is not a curve point, or a signature whose
/// scalar is not in its one canonical form, never verifies (so a valid signature has one spelling).
pub fn verifies(key: &PublicKey, digest: &[u8; 32], signature: &[u8; SIGNATURE_BYTES]) -> bool {
    VerifyingKey::new(*key).verify(digest, &Signature::new(*signature)).is_ok()
}

/// Everything a seat's signature vouches for; [`statement`] hashes it.
pub struct Statement<'a> {
    pub game_id: u64,
    pub variant: u8,
    pub revision: u8,
    pub settings: &'a [u8],
    pub setup: Option<&'a str>,
    pub seat: u8,
    pub key: &'a PublicKey,
    /// The seat's chance commitment (its chain's tip), if the game has one.
    pub chance_tip: Option<&'a [u8]>,
    /// The seat's sealed setup commitment, if it sealed one.
    pub seal: Option<&'a [u8]>,
    /// The decisions covered, in record order: (index, option count, seat).
    pub decisions: &'a [(u32, u32, u8)],
}

/// The digest a seat signs: SHA-256 over a domain tag and every field, each with its length or
/// presence, so that no two statements share an encoding.
pub fn statement(s: &Statement) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"chessfront-authorship-1");
    h.update(s.game_id.to_le_bytes());
    h.update([s.variant, s.revision]);
    h.update((s.settings.len() as u32).to_le_bytes());
    h.update(s.settings);
    match s.setup {
        Some(text) => {
            h.update([1]);
            h.update((text.len() as u32).to_le_bytes());
            h.update(text.as_bytes());
        }
        None => h.update([0]),
    }
    h.update([s.seat]);
    h.update(s.key);
    for part in [s.chance_tip, s.seal] {
        match part {
            Some(bytes) => {
                h.update([1, bytes.len() as u8]);
                h.update(bytes);
            }
            None => h.update([0]),
        }
    }
    h.update((s.decisions.len() as u32).to_le_bytes());
    for &(index, count, seat) in s.decisions {
        h.update(index.to_le_bytes());
        h.update(count.to_le_bytes());
        h.update([seat]);
    }
    h.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample<'a>(key: &'a PublicKey, decisions: &'a [(u32, u32, u8)]) -> Statement<'a> {
        Statement {
            game_id: 7,
            variant: 1,
            revision: 1,
            settings: &[],
            setup: None,
            seat: 1,
            key,
            chance_tip: None,
            seal: None,
            decisions,
        }
    }

    #[test]
    fn a_signature_verifies_only_for_its_key_and_statement() {
        let seed = [9u8; KEY_BYTES];
        let key = public_key(&seed).expect("a key");
        let decisions = [(3, 20, 0), (5, 20, 1)];
        let digest = statement(&sample(&key, &decisions));
        let signature = sign(&seed, &digest).expect("signed");
        assert!(verifies(&key, &digest, &signature));
        assert_eq!((public_key(&[0; KEY_BYTES]), sign(&[0; KEY_BYTES], &digest)), (None, None), "no key, no panic");
        let other_key = public_key(&[8u8; KEY_BYTES]).expect("a key");
        assert!(!verifies(&other_key, &digest, &signature), "another seat's key");
        let changed = statement(&sample(&key, &[(3, 20, 0), (4, 20, 1)]));
        assert!(!verifies(&key, &changed, &signature), "another decision");
        let mut bent = signature;
        bent[10] ^= 1;
        assert!(!verifies(&key, &digest, &bent), "a changed signature");
        assert!(!verifies(&[0xff; KEY_BYTES], &digest, &signature), "not a key at all");
    }

    #[test]
    fn an_authors_debug_text_shows_its_key_never_its_seed() {
        let seed = [0xab; KEY_BYTES];
        let author = Author { key: public_key(&seed), signed: None, own: Some(seed) };
        let text = format!("{author:?}");
        assert!(text.starts_with("Author") && text.contains("key: Some("), "{text}");
        assert!(!text.contains("171, 171, 171"), "the seed (bytes of 171) is not written: {text}");
    }

    #[test]
    fn every_field_of_a_statement_changes_its_digest() {
        let key = public_key(&[1u8; KEY_BYTES]).expect("a key");
        let decisions = [(3, 20, 0)];
        let base = statement(&sample(&key, &decisions));
        let tip = [4u8; 16];
        let seal = [5u8; 32];
        let other_key = public_key(&[2u8; KEY_BYTES]).expect("a key");
        for field in 0..10 {
            let mut s = sample(&key, &decisions);
            match field {
                0 => s.game_id = 8,
                1 => s.variant = 2,
                2 => s.revision = 2,
                3 => s.settings = &[1],
                4 => s.setup = Some("8/8"),
                5 => s.seat = 0,
                6 => s.key = &other_key,
                7 => s.chance_tip = Some(&tip),
                8 => s.seal = Some(&seal),
                _ => s.decisions = &[],
            }
            assert_ne!(statement(&s), base, "field {field}");
        }
        // A tip and a seal of the same bytes are not the same statement.
        let same = [6u8; 16];
        let mut a = sample(&key, &decisions);
        a.chance_tip = Some(&same);
        let mut b = sample(&key, &decisions);
        b.seal = Some(&same);
        assert_ne!(statement(&a), statement(&b));
    }
}
