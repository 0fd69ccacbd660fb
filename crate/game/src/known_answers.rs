//! The known answers of the chance draw, the hash chain and the sealed setups
//! (`tests/links/known_answers.txt`), computed by this build: every build (native, the wasm of the
//! facade's tests, the page's release wasm) is checked against the same frozen lines, so a change of
//! the draw, the chain or the seal commitment on any target is seen.
//!
//! A line is tab-separated, its last field the answer: `seeded seed id value`,
//! `tip game-id seat secret tip`, `committed game-id white-secret black-secret id value`,
//! `seal game-id seat salt text commitment` (bytes in hex, numbers in decimal).

use crate::chance::{self, ChainOwner, ChanceSource, Commitments, Secret};
use crate::seal::{self, from_hex, to_hex};

/// The draw for chance `id` in White's browser of game `game_id`: its own secret, Black's commitment
/// and Black's reveal for `id`. `None` when the reveal cannot be made (an id past the chain).
pub fn committed_value(game_id: u64, white: Secret, black: Secret, id: u32) -> Option<u64> {
    let black_owner = ChainOwner { game_id, seat: 1 };
    let mut c = Commitments::new(game_id);
    c.adopt_secret(0, white).ok()?;
    c.accept_tip(1, chance::tip(&black, black_owner)).ok()?;
    c.accept_reveal(1, id, chance::element(&black, black_owner, id)?).ok()?;
    ChanceSource::Committed(c).value(id)
}

/// The answer to a line's inputs (its fields but the last, tab-separated), in the line's own format;
/// `None` for a line this format cannot read.
pub fn answer(inputs: &str) -> Option<String> {
    let fields: Vec<&str> = inputs.split('\t').collect();
    let number = |i: usize| fields.get(i)?.parse::<u64>().ok();
    let small = |i: usize| number(i).and_then(|n| u32::try_from(n).ok());
    let seat = |i: usize| number(i).and_then(|n| u8::try_from(n).ok());
    let bytes16 = |i: usize| from_hex::<16>(fields.get(i)?);
    match (fields[0], fields.len()) {
        ("seeded", 3) => Some(ChanceSource::Seeded(from_hex(fields[1])?).value(small(2)?)?.to_string()),
        ("tip", 4) => Some(to_hex(&chance::tip(&bytes16(3)?, ChainOwner { game_id: number(1)?, seat: seat(2)? }))),
        ("committed", 5) => Some(committed_value(number(1)?, bytes16(2)?, bytes16(3)?, small(4)?)?.to_string()),
        ("seal", 5) => Some(to_hex(&seal::commitment(fields[4], number(1)?, seat(2)?, &bytes16(3)?))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::answer;

    #[test]
    fn lines_it_cannot_read_have_no_answer() {
        let one = "01010101010101010101010101010101";
        for inputs in [
            "",
            "draw\t1",
            "tip\t77\t0",
            "tip\t77\t0\t0101",
            "tip\t77\t256\t01010101010101010101010101010101",
            "seeded\t00\t20",
            "seeded\t000000000000000000000000\t4294967296",
            "committed\t77\tzz\tzz\t1",
            "tip\t77\t0\t01010101010101010101010101010101\textra",
        ] {
            assert_eq!(answer(inputs), None, "{inputs}");
        }
        assert!(answer(&format!("tip\t77\t0\t{one}")).is_some());
        assert!(answer(&format!("committed\t77\t{one}\t{one}\t1")).is_some());
    }
}
