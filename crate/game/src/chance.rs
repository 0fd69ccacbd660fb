//! Chance that neither player can foresee or steer.
//!
//! A variant asks for chance through [`crate::rules::ChanceEvents::pending_chance`]: an id (Chess 2024 uses the
//! number of the ply about to be played) that the game turns into a uniform 64-bit value:
//!
//! - [`ChanceSource::Seeded`]: local games (pass and play, against the computer). The value is
//!   SHA-256(seed, id); the seed is drawn by the browser's secure random source when the game starts.
//! - [`ChanceSource::Committed`]: link games, commit and reveal. Each player keeps a random 128-bit secret
//!   in its own browser and publishes only the tip of a hash chain built from it (its commitment):
//!   element `i` of a player's chain is `H^(63 - i)(secret)` and the tip is `H^64(secret)`, so revealing
//!   the element of id `i` also reveals those of every smaller id, and anyone can check it against the tip
//!   by hashing `i + 1` times, while nobody can compute a later element from an earlier one. Every hash
//!   step is domain-separated and bound to the game id and the seat, so a chain made for one game or seat
//!   is worthless in another. The value of id `i` is SHA-256 of both players' elements.
//! - [`ChanceSource::Scripted`]: chosen values, for tests and the command line only.
//!
//! The rules that make commit and reveal fair are invariants of [`Commitments`]:
//! - nothing is revealed, and no value computed, before both players have committed;
//! - a reveal is accepted only if it hashes to its player's tip ([`Commitments::accept_reveal`]);
//! - a link reveals its sender's elements up to the id of the next chance only: the receiver, who plays
//!   after that chance, learns its outcome with its own secret before moving (the event happens before
//!   its move anyway); the sender could not compute it when moving, and the receiver could not choose
//!   it, having committed long before. A player who will not reveal cannot send a valid link.
//!
//! Which link may continue which stored game (tips and reveals never change or go back) is the session's
//! continuation rule, `crate::session::continuation`.

use sha2::{Digest, Sha256};

/// Bytes of a secret, a chain element or a tip of commit and reveal (128 bits).
pub const SECRET_BYTES: usize = 16;
/// Bytes of a local game's seed (kept at 96 bits: stored games and their links carry it).
pub const SEED_BYTES: usize = 12;
/// Chance ids a chain covers (0..64).
pub const CHAIN_LENGTH: u32 = 64;

pub type Secret = [u8; SECRET_BYTES];
pub type Seed = [u8; SEED_BYTES];

/// What a chain is bound to: its game and the seat of the player who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainOwner {
    pub game_id: u64,
    pub seat: u8,
}

/// One step of a hash chain.
pub fn step(value: &Secret, owner: ChainOwner) -> Secret {
    let digest = Sha256::new()
        .chain_update(b"chessfront-chain-v2")
        .chain_update(owner.game_id.to_le_bytes())
        .chain_update([owner.seat])
        .chain_update(value)
        .finalize();
    let mut out = [0u8; SECRET_BYTES];
    out.copy_from_slice(&digest[..SECRET_BYTES]);
    out
}

fn repeat(value: &Secret, owner: ChainOwner, times: u32) -> Secret {
    (0..times).fold(*value, |v, _| step(&v, owner))
}

/// The commitment (tip) of a secret.
pub fn tip(secret: &Secret, owner: ChainOwner) -> Secret {
    repeat(secret, owner, CHAIN_LENGTH)
}

/// The chain element for chance id `id`, from the secret; `None` past the chain.
pub fn element(secret: &Secret, owner: ChainOwner, id: u32) -> Option<Secret> {
    (id < CHAIN_LENGTH).then(|| repeat(secret, owner, CHAIN_LENGTH - 1 - id))
}

/// Whether `revealed` is a player's element for `id` under commitment `tip`.
pub fn verify(tip: &Secret, owner: ChainOwner, id: u32, revealed: &Secret) -> bool {
    id < CHAIN_LENGTH && repeat(revealed, owner, id + 1) == *tip
}

/// The element for an earlier id, from a revealed element for a later one.
pub fn earlier(revealed: &Secret, owner: ChainOwner, revealed_id: u32, id: u32) -> Option<Secret> {
    (id <= revealed_id).then(|| repeat(revealed, owner, revealed_id - id))
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

/// Why a commitment or reveal was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// There is no such seat in a two-player game.
    NoSuchSeat,
    /// The seat is committed to another secret.
    OtherSecret,
    /// A reveal came before every player had committed.
    BeforeCommitments,
    /// A reveal does not hash to its player's tip, or lies past the chain.
    BadReveal,
}

/// A two-player game's commitments and reveals, and this browser's own secret (never written into a link).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Commitments {
    /// The game the chains are bound to.
    pub game_id: u64,
    tips: [Option<Secret>; 2],
    /// Per seat: the highest id revealed and its element.
    revealed: [Option<(u32, Secret)>; 2],
    /// This browser's seat and secret, if it plays in the game.
    secret: Option<(u8, Secret)>,
}

impl Commitments {
    /// No commitments yet, for the game `game_id`.
    pub fn new(game_id: u64) -> Commitments {
        Commitments { game_id, ..Commitments::default() }
    }

    fn owner(&self, seat: usize) -> ChainOwner {
        ChainOwner { game_id: self.game_id, seat: seat as u8 }
    }

    pub fn tip(&self, seat: usize) -> Option<Secret> {
        self.tips.get(seat).copied().flatten()
    }

    pub fn revealed(&self, seat: usize) -> Option<(u32, Secret)> {
        self.revealed.get(seat).copied().flatten()
    }

    /// Whether both players have committed (before that, nothing may be revealed or drawn).
    pub fn all_committed(&self) -> bool {
        self.tips.iter().all(Option::is_some)
    }

    /// Records a published tip (from a link). A seat's tip never changes once seen.
    pub fn accept_tip(&mut self, seat: usize, tip: Secret) -> Result<(), Refusal> {
        match self.tips.get_mut(seat).ok_or(Refusal::NoSuchSeat)? {
            Some(t) if *t != tip => Err(Refusal::OtherSecret),
            slot => {
                *slot = Some(tip);
                Ok(())
            }
        }
    }

    /// Records a published reveal (from a link): only after both players committed, only if it hashes to
    /// the seat's tip. A reveal for an earlier id than one already seen is consistent by construction
    /// (both hash to the same tip) and keeps the later one.
    pub fn accept_reveal(&mut self, seat: usize, id: u32, element: Secret) -> Result<(), Refusal> {
        if seat >= 2 {
            return Err(Refusal::NoSuchSeat);
        }
        if !self.all_committed() {
            return Err(Refusal::BeforeCommitments);
        }
        let tip = self.tips[seat].ok_or(Refusal::BeforeCommitments)?;
        if !verify(&tip, self.owner(seat), id, &element) {
            return Err(Refusal::BadReveal);
        }
        if self.revealed[seat].map_or(true, |(r, _)| r < id) {
            self.revealed[seat] = Some((id, element));
        }
        Ok(())
    }

    /// The element of `seat` for `id`, when this browser knows it.
    fn element_of(&self, seat: usize, id: u32) -> Option<Secret> {
        if let Some((own, secret)) = self.secret {
            if own as usize == seat {
                return element(&secret, self.owner(seat), id);
            }
        }
        let (rid, revealed) = self.revealed[seat]?;
        earlier(&revealed, self.owner(seat), rid, id)
    }

    /// Records this browser's secret for `seat`, committing to it when the seat has no commitment yet.
    pub fn adopt_secret(&mut self, seat: u8, secret: Secret) -> Result<(), Refusal> {
        let own_tip = tip(&secret, self.owner(seat as usize));
        self.accept_tip(seat as usize, own_tip)?;
        self.secret = Some((seat, secret));
        Ok(())
    }

    /// Reveals this browser's elements up to `id` (what its next link will carry); nothing while a
    /// player has not committed, nothing past the chain, and never backwards.
    pub fn reveal_up_to(&mut self, id: u32) {
        let Some((seat, secret)) = self.secret else { return };
        if !self.all_committed() {
            return;
        }
        let Some(element) = element(&secret, self.owner(seat as usize), id) else { return };
        let current = self.revealed[seat as usize].map(|(r, _)| r);
        if current.map_or(true, |r| r < id) {
            self.revealed[seat as usize] = Some((id, element));
        }
    }

    /// Whether `later` keeps everything `self` published: the same tips (none gone, none changed) and
    /// reveals that reach at least as far.
    pub fn extended_by(&self, later: &Commitments) -> bool {
        self.game_id == later.game_id
            && (0..2).all(|seat| {
                let tips = self.tips[seat].map_or(true, |t| later.tips[seat] == Some(t));
                let reveals = self.revealed[seat].map_or(true, |(id, el)| {
                    later.revealed[seat]
                        .is_some_and(|(lid, lel)| lid >= id && earlier(&lel, later.owner(seat), lid, id) == Some(el))
                });
                tips && reveals
            })
    }

    /// The published part only (what a link carries), without this browser's secret.
    pub fn published(&self) -> Commitments {
        Commitments { secret: None, ..self.clone() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceSource {
    Seeded(Seed),
    Committed(Commitments),
    /// Chosen values by id (for tests and the command line's forced events); other ids get 1.
    Scripted(Vec<(u32, u64)>),
}

impl ChanceSource {
    /// The uniform value of chance `id`, or `None` while a player has not committed or its element is
    /// still unrevealed.
    pub fn value(&self, id: u32) -> Option<u64> {
        match self {
            ChanceSource::Seeded(seed) => Some(value_of(&[b"chessfront-seeded", seed, &id.to_le_bytes()])),
            ChanceSource::Committed(c) => {
                if !c.all_committed() {
                    return None;
                }
                let white = c.element_of(0, id)?;
                let black = c.element_of(1, id)?;
                Some(value_of(&[
                    b"chessfront-committed-v2",
                    &c.game_id.to_le_bytes(),
                    &white,
                    &black,
                    &id.to_le_bytes(),
                ]))
            }
            ChanceSource::Scripted(values) => Some(values.iter().find(|(i, _)| *i == id).map_or(1, |&(_, v)| v)),
        }
    }

    /// The mode's name, for messages.
    pub fn mode_name(&self) -> &'static str {
        match self {
            ChanceSource::Seeded(_) => "a local seed",
            ChanceSource::Committed(_) => "commit and reveal",
            ChanceSource::Scripted(_) => "a script of chosen outcomes",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Secret = [1; SECRET_BYTES];
    const B: Secret = [2; SECRET_BYTES];
    const WHITE: ChainOwner = ChainOwner { game_id: 77, seat: 0 };
    const BLACK: ChainOwner = ChainOwner { game_id: 77, seat: 1 };

    fn el(secret: &Secret, owner: ChainOwner, id: u32) -> Secret {
        element(secret, owner, id).expect("inside the chain")
    }

    #[test]
    fn reveals_verify_against_the_tip_and_give_every_earlier_element() {
        let t = tip(&A, WHITE);
        for id in [0, 20, 41, 63] {
            assert!(verify(&t, WHITE, id, &el(&A, WHITE, id)));
            assert!(!verify(&t, WHITE, id, &el(&B, WHITE, id)), "another secret's element fails");
        }
        assert!(!verify(&t, WHITE, 21, &el(&A, WHITE, 20)), "an element claimed for the wrong id fails");
        assert!(!verify(&t, WHITE, 64, &A), "nothing past the chain");
        // Not even a true pre-image: with secret = step(x), x hashes to the tip in 65 steps, but id 64
        // lies past the chain (it would let a player "reveal" beyond what it committed to).
        let x = [9; SECRET_BYTES];
        let secret = step(&x, WHITE);
        assert!(!verify(&tip(&secret, WHITE), WHITE, 64, &x));
        assert_eq!(element(&A, WHITE, 64), None);
        assert_eq!(earlier(&el(&A, WHITE, 30), WHITE, 30, 25), Some(el(&A, WHITE, 25)));
        assert_eq!(earlier(&el(&A, WHITE, 30), WHITE, 30, 31), None, "no later element from an earlier one");
    }

    #[test]
    fn chains_are_bound_to_their_game_and_seat() {
        assert_ne!(tip(&A, WHITE), tip(&A, BLACK), "the same secret gives another chain for another seat");
        assert_ne!(tip(&A, WHITE), tip(&A, ChainOwner { game_id: 78, seat: 0 }), "and for another game");
        // A reveal of White's chain cannot be passed off as Black's, nor carried into another game.
        assert!(!verify(&tip(&A, BLACK), BLACK, 5, &el(&A, WHITE, 5)));
        let other_game = ChainOwner { game_id: 78, seat: 0 };
        assert!(!verify(&tip(&A, other_game), other_game, 5, &el(&A, WHITE, 5)));
    }

    #[test]
    fn known_answers_pin_the_hash_chain_and_the_draw() {
        // Frozen values: a change here is a change of the link format and of every game's fortunes.
        assert_eq!(crate::seal::to_hex(&tip(&A, WHITE)), "396e24caa23dccb9d6f9ff76de7fbea3");
        let mut c = Commitments::new(77);
        c.adopt_secret(0, A).expect("commit");
        c.accept_tip(1, tip(&B, BLACK)).expect("commit");
        c.accept_reveal(1, 30, el(&B, BLACK, 30)).expect("reveal");
        let values: Vec<u64> =
            (20..24).map(|id| ChanceSource::Committed(c.clone()).value(id).expect("known")).collect();
        assert!(values.windows(2).all(|w| w[0] != w[1]), "values differ by id: {values:?}");
        let seeded: Vec<u64> = [[0u8; SEED_BYTES], [1u8; SEED_BYTES]]
            .iter()
            .map(|s| ChanceSource::Seeded(*s).value(20).expect("seeded"))
            .collect();
        assert_ne!(seeded[0], seeded[1], "different seeds give different draws");
        assert_eq!(ChanceSource::Seeded([0u8; SEED_BYTES]).value(20), Some(KNOWN_SEEDED_20));
    }

    /// SHA-256("chessfront-seeded" || 12 zero bytes || 20u32 LE), first 8 bytes little-endian.
    const KNOWN_SEEDED_20: u64 = 18_397_719_089_044_774_747;

    #[test]
    fn committed_value_needs_both_players_and_is_what_both_compute() {
        // White's browser: own secret, Black's reveals up to 24.
        let mut white = Commitments::new(77);
        white.adopt_secret(0, A).expect("commit");
        white.accept_tip(1, tip(&B, BLACK)).expect("commit");
        white.accept_reveal(1, 24, el(&B, BLACK, 24)).expect("reveal");
        let mut black = Commitments::new(77);
        black.adopt_secret(1, B).expect("commit");
        black.accept_tip(0, tip(&A, WHITE)).expect("commit");
        black.accept_reveal(0, 25, el(&A, WHITE, 25)).expect("reveal");
        let w = ChanceSource::Committed(white.clone());
        let b = ChanceSource::Committed(black.clone());
        // What a link carries has no secret: the published part alone cannot compute White's element.
        assert!(w.value(24).is_some());
        assert_eq!(ChanceSource::Committed(white.published()).value(24), None);
        // A reveal reaching further replaces the one kept; an earlier one leaves it.
        black.accept_reveal(0, 30, el(&A, WHITE, 30)).expect("reveal");
        assert_eq!(black.revealed(0), Some((30, el(&A, WHITE, 30))));
        black.accept_reveal(0, 27, el(&A, WHITE, 27)).expect("an earlier reveal is consistent");
        assert_eq!(black.revealed(0), Some((30, el(&A, WHITE, 30))));
        assert_eq!(w.value(24), b.value(24));
        assert!(w.value(25).is_none(), "Black's element for 25 is not revealed yet: White cannot foresee it");
        assert!(b.value(25).is_some(), "Black, who moves after chance 25, learns it with its own secret");
        // Nobody else can compute it either, from everything published so far.
        let mut observer = white.published();
        observer.accept_reveal(0, 25, el(&A, WHITE, 25)).expect("reveal");
        assert!(ChanceSource::Committed(observer).value(25).is_none());
    }

    #[test]
    fn nothing_is_revealed_or_drawn_before_both_players_commit() {
        let mut white = Commitments::new(77);
        white.adopt_secret(0, A).expect("commit");
        white.reveal_up_to(20);
        assert_eq!(white.revealed(0), None, "no reveal while Black has not committed");
        assert_eq!(ChanceSource::Committed(white.clone()).value(20), None);
        // A reveal from a link before Black's commitment is refused, even a true one.
        let mut joiner = Commitments::new(77);
        joiner.accept_tip(0, tip(&A, WHITE)).expect("tip");
        assert_eq!(joiner.accept_reveal(0, 20, el(&A, WHITE, 20)), Err(Refusal::BeforeCommitments));
        white.accept_tip(1, tip(&B, BLACK)).expect("commit");
        white.reveal_up_to(20);
        assert_eq!(white.revealed(0), Some((20, el(&A, WHITE, 20))));
        white.reveal_up_to(10);
        assert_eq!(white.revealed(0).map(|r| r.0), Some(20), "reveals never go back");
        white.reveal_up_to(30);
        assert_eq!(white.revealed(0), Some((30, el(&A, WHITE, 30))), "and go forward");
        white.reveal_up_to(64);
        assert_eq!(white.revealed(0).map(|r| r.0), Some(30), "nor past the chain");
    }

    #[test]
    fn a_seat_cannot_switch_to_another_secret_and_seats_are_checked() {
        let mut c = Commitments::new(77);
        c.accept_tip(0, tip(&A, WHITE)).expect("tip");
        assert_eq!(c.adopt_secret(0, B), Err(Refusal::OtherSecret));
        assert_eq!(c.adopt_secret(0, A), Ok(()));
        assert_eq!(c.adopt_secret(2, A), Err(Refusal::NoSuchSeat));
        assert_eq!(c.adopt_secret(255, A), Err(Refusal::NoSuchSeat));
        assert_eq!(c.accept_reveal(2, 0, A), Err(Refusal::NoSuchSeat));
    }

    #[test]
    fn a_wrong_reveal_is_refused_and_extension_is_checked() {
        let mut c = Commitments::new(77);
        c.accept_tip(0, tip(&A, WHITE)).expect("tip");
        c.accept_tip(1, tip(&B, BLACK)).expect("tip");
        assert_eq!(c.accept_reveal(0, 20, el(&B, WHITE, 20)), Err(Refusal::BadReveal));
        assert_eq!(c.accept_reveal(0, 20, el(&A, BLACK, 20)), Err(Refusal::BadReveal), "a seat's chain only");
        let before = c.clone();
        c.accept_reveal(0, 20, el(&A, WHITE, 20)).expect("true reveal");
        assert!(before.extended_by(&c));
        assert!(!c.extended_by(&before), "a reveal that disappears is no extension");
        let mut other = Commitments::new(77);
        other.accept_tip(0, tip(&B, WHITE)).expect("tip");
        other.accept_tip(1, tip(&B, BLACK)).expect("tip");
        assert!(!before.extended_by(&other), "a changed tip is no extension");
        assert!(!before.extended_by(&Commitments::new(77)), "a dropped tip is no extension");
        assert!(!before.extended_by(&Commitments { game_id: 78, ..before.clone() }));
    }
}
