//! What a signed control message vouches for. A takeback request or answer and a flag claim change a
//! game without a decision in its record, so each is signed with the sender seat's authorship key
//! ([`crate::authorship`]) over [`digest`]: a domain tag, the game id, the kind, the seat, the
//! message's numbers and the record it speaks of (every decision's index, option count and seat). A
//! signature made for one game, seat, kind, takeback count or record verifies for no other: a forged
//! message has no valid signature and a replayed one speaks of another state of the game.

use crate::authorship::{self, PublicKey, SigningSeed, SIGNATURE_BYTES};
use crate::game::Game;
use crate::Seat;
use sha2::{Digest, Sha256};

/// What a control message says.
pub struct Control<'a> {
    pub game_id: u64,
    /// The message's kind ("takeback-request", "takeback-answer", "flag").
    pub kind: &'a str,
    pub seat: Seat,
    /// The message's numbers, in its order (a ply, a count, an answer as 0 or 1, a seat).
    pub fields: &'a [u64],
    /// The record the message speaks of: (index, option count, seat) of each decision.
    pub record: &'a [(u32, u32, u8)],
}

/// The digest a control message's sender signs.
pub fn digest(c: &Control) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"chessfront-live-1");
    h.update(c.game_id.to_le_bytes());
    h.update((c.kind.len() as u32).to_le_bytes());
    h.update(c.kind.as_bytes());
    h.update([c.seat]);
    h.update((c.fields.len() as u32).to_le_bytes());
    for f in c.fields {
        h.update(f.to_le_bytes());
    }
    h.update((c.record.len() as u32).to_le_bytes());
    for &(index, count, seat) in c.record {
        h.update(index.to_le_bytes());
        h.update(count.to_le_bytes());
        h.update([seat]);
    }
    h.finalize().into()
}

/// The first `plies` decisions of `game`'s record, as a statement covers them.
pub fn record_of(game: &Game, plies: usize) -> Vec<(u32, u32, u8)> {
    game.record().iter().take(plies).map(|e| (e.index, e.option_count, e.seat)).collect()
}

/// Signs with this browser's seed for `c.seat` in `game`; `None` without one.
pub fn sign(game: &Game, c: &Control) -> Option<[u8; SIGNATURE_BYTES]> {
    let seed: SigningSeed = game.authors().get(c.seat as usize)?.own?;
    authorship::sign(&seed, &digest(c))
}

/// Whether `signature` is `c.seat`'s, by the key the game publishes for that seat.
pub fn verifies(game: &Game, c: &Control, signature: &[u8; SIGNATURE_BYTES]) -> bool {
    let key: Option<PublicKey> = game.authors().get(c.seat as usize).and_then(|a| a.key);
    key.is_some_and(|key| authorship::verifies(&key, &digest(c), signature))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_signed_in_a_game_verifies_by_the_seats_key_only() {
        let rules = crate::variants::by_slug("chess").expect("chess");
        let mut game = Game::new(rules, None, None).expect("a game");
        game.adopt_signing_key(0, [3; 32]).expect("White's key");
        game.play(game.find("e4").expect("e4")).expect("played");
        let record = record_of(&game, 1);
        assert_eq!(record, [(game.record()[0].index, game.record()[0].option_count, 0)]);
        assert!(record_of(&game, 9).len() == 1 && record_of(&game, 0).is_empty());
        let claim = Control { game_id: 9, kind: "flag", seat: 0, fields: &[1, 1], record: &record };
        let signature = sign(&game, &claim).expect("White signs");
        assert!(verifies(&game, &claim, &signature));
        assert!(!verifies(&game, &Control { seat: 1, ..claim }, &signature), "Black has no key");
        assert!(sign(&game, &Control { seat: 1, ..claim }).is_none(), "nor a seed here");
        let mut bent = signature;
        bent[0] ^= 1;
        assert!(!verifies(&game, &claim, &bent));
        assert!(!verifies(&game, &Control { record: &[], ..claim }, &signature), "another record");
    }

    #[test]
    fn every_part_of_a_control_statement_changes_its_digest() {
        let record = [(3u32, 20u32, 0u8), (5, 20, 1)];
        let base = Control { game_id: 7, kind: "flag", seat: 0, fields: &[1, 2], record: &record };
        let d = digest(&base);
        let shorter = [(3u32, 20u32, 0u8)];
        let variants = [
            Control { game_id: 8, ..base },
            Control { kind: "takeback-answer", ..base },
            Control { seat: 1, ..base },
            Control { fields: &[1, 3], ..base },
            Control { fields: &[1, 2, 0], ..base },
            Control { record: &shorter, ..base },
        ];
        for (i, v) in variants.iter().enumerate() {
            assert_ne!(digest(v), d, "part {i}");
        }
    }
}
