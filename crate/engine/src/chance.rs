//! Chance that neither player can foresee or steer.
//!
//! A variant asks for chance through [`crate::Position::pending_chance`]: an id (Chess 2024 uses the
//! number of the ply about to be played) that the game turns into a uniform 64-bit value:
//!
//! - [`ChanceSource::Seeded`]: local games (pass and play, against the computer). The value is
//!   SHA-256(seed, id); the seed is drawn by the browser's secure random source when the game starts.
//! - [`ChanceSource::Committed`]: link games, commit and reveal. Each player keeps a random secret in its
//!   own browser and publishes only the tip of a hash chain built from it (its commitment): element
//!   `i` of a player's chain is `H^(63 - i)(secret)` and the tip is `H^64(secret)`, so revealing the
//!   element of id `i` also reveals those of every smaller id, and anyone can check it against the tip by
//!   hashing `i + 1` times, while nobody can compute a later element from an earlier one. The value of id
//!   `i` is SHA-256 of both players' elements. A link reveals its sender's elements up to the id of the
//!   next chance only: the receiver, who plays after that chance, learns its outcome with its own secret
//!   before moving (the event happens before its move anyway); the sender could not compute it when
//!   moving, and the receiver could not choose it, having committed long before. A player who will not
//!   reveal cannot send a valid link.
//!
//! Chain elements are truncated to 12 bytes (96 bits) to keep links short.

use sha2::{Digest, Sha256};

/// Bytes of a secret, a chain element, a tip or a seed.
pub const SECRET_BYTES: usize = 12;
/// Chance ids a chain covers (0..64).
pub const CHAIN_LENGTH: u32 = 64;

pub type Secret = [u8; SECRET_BYTES];

fn truncated(digest: &[u8]) -> Secret {
    let mut out = [0u8; SECRET_BYTES];
    out.copy_from_slice(&digest[..SECRET_BYTES]);
    out
}

/// One step of a hash chain.
pub fn step(value: &Secret) -> Secret {
    truncated(&Sha256::new().chain_update(b"chessfront-chain").chain_update(value).finalize())
}

fn repeat(value: &Secret, times: u32) -> Secret {
    (0..times).fold(*value, |v, _| step(&v))
}

/// The commitment (tip) of a secret.
pub fn tip(secret: &Secret) -> Secret {
    repeat(secret, CHAIN_LENGTH)
}

/// The chain element for chance id `id`, from the secret.
pub fn element(secret: &Secret, id: u32) -> Secret {
    repeat(secret, CHAIN_LENGTH - 1 - id.min(CHAIN_LENGTH - 1))
}

/// Whether `revealed` is a player's element for `id` under commitment `tip`.
pub fn verify(tip: &Secret, id: u32, revealed: &Secret) -> bool {
    id < CHAIN_LENGTH && repeat(revealed, id + 1) == *tip
}

/// The element for an earlier id, from a revealed element for a later one.
pub fn earlier(revealed: &Secret, revealed_id: u32, id: u32) -> Option<Secret> {
    (id <= revealed_id).then(|| repeat(revealed, revealed_id - id))
}

fn value_of(parts: &[&[u8]]) -> u64 {
    let mut hasher = Sha256::new();
    for p in parts {
        hasher.update(p);
    }
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// A two-player game's commitments and reveals, and this browser's own secret (never written into a link).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Commitments {
    pub tips: [Option<Secret>; 2],
    /// Per seat: the highest id revealed and its element.
    pub revealed: [Option<(u32, Secret)>; 2],
    /// This browser's seat and secret, if it plays in the game.
    pub secret: Option<(u8, Secret)>,
}

impl Commitments {
    /// The element of `seat` for `id`, when this browser knows it.
    fn element_of(&self, seat: usize, id: u32) -> Option<Secret> {
        if let Some((own, secret)) = self.secret {
            if own as usize == seat {
                return Some(element(&secret, id));
            }
        }
        let (rid, revealed) = self.revealed[seat]?;
        earlier(&revealed, rid, id)
    }

    /// Records this browser's secret for `seat`, committing to it when the seat has no commitment yet.
    /// Fails when the seat is committed to another secret.
    pub fn adopt_secret(&mut self, seat: u8, secret: Secret) -> bool {
        let own_tip = tip(&secret);
        match self.tips[seat as usize] {
            Some(t) if t != own_tip => false,
            _ => {
                self.tips[seat as usize] = Some(own_tip);
                self.secret = Some((seat, secret));
                true
            }
        }
    }

    /// Reveals this browser's elements up to `id` (what its next link will carry).
    pub fn reveal_up_to(&mut self, id: u32) {
        if let Some((seat, secret)) = self.secret {
            let current = self.revealed[seat as usize].map(|(r, _)| r);
            if current.map_or(true, |r| r < id) && id < CHAIN_LENGTH {
                self.revealed[seat as usize] = Some((id, element(&secret, id)));
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceSource {
    Seeded(Secret),
    Committed(Commitments),
    /// Chosen values by id (for tests and the command line's forced events); other ids get 1.
    Scripted(Vec<(u32, u64)>),
}

impl ChanceSource {
    /// The uniform value of chance `id`, or `None` while a player's element is still unrevealed.
    pub fn value(&self, id: u32) -> Option<u64> {
        match self {
            ChanceSource::Seeded(seed) => Some(value_of(&[b"chessfront-seeded", seed, &id.to_le_bytes()])),
            ChanceSource::Committed(c) => {
                let white = c.element_of(0, id)?;
                let black = c.element_of(1, id)?;
                Some(value_of(&[b"chessfront-committed", &white, &black, &id.to_le_bytes()]))
            }
            ChanceSource::Scripted(values) => Some(values.iter().find(|(i, _)| *i == id).map_or(1, |&(_, v)| v)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Secret = [1; SECRET_BYTES];
    const B: Secret = [2; SECRET_BYTES];

    #[test]
    fn reveals_verify_against_the_tip_and_give_every_earlier_element() {
        let t = tip(&A);
        for id in [0, 20, 41, 63] {
            assert!(verify(&t, id, &element(&A, id)));
            assert!(!verify(&t, id, &element(&B, id)), "another secret's element fails");
        }
        assert!(!verify(&t, 21, &element(&A, 20)), "an element claimed for the wrong id fails");
        assert_eq!(earlier(&element(&A, 30), 30, 25), Some(element(&A, 25)));
        assert_eq!(earlier(&element(&A, 30), 30, 31), None, "no later element from an earlier one");
    }

    #[test]
    fn committed_value_needs_both_players_and_is_what_both_compute() {
        // White's browser: own secret, Black's reveals up to 24.
        let mut white = Commitments::default();
        assert!(white.adopt_secret(0, A));
        white.tips[1] = Some(tip(&B));
        white.revealed[1] = Some((24, element(&B, 24)));
        let mut black = Commitments::default();
        assert!(black.adopt_secret(1, B));
        black.tips[0] = Some(tip(&A));
        black.revealed[0] = Some((25, element(&A, 25)));
        let w = ChanceSource::Committed(white.clone());
        let b = ChanceSource::Committed(black);
        assert_eq!(w.value(24), b.value(24));
        assert!(w.value(25).is_none(), "Black's element for 25 is not revealed yet: White cannot foresee it");
        assert!(b.value(25).is_some(), "Black, who moves after chance 25, learns it with its own secret");
        // Nobody else can compute it either, from everything published so far.
        let mut observer = white;
        observer.secret = None;
        observer.revealed[0] = Some((25, element(&A, 25)));
        assert!(ChanceSource::Committed(observer).value(25).is_none());
    }

    #[test]
    fn a_seat_cannot_switch_to_another_secret() {
        let mut c = Commitments::default();
        c.tips[0] = Some(tip(&A));
        assert!(!c.adopt_secret(0, B));
        assert!(c.adopt_secret(0, A));
    }
}
