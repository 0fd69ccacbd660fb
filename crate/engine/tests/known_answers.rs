//! Known answers for the chance draw and the sealed setups (`tests/links/known_answers.txt`), shared
//! with the wasm facade's tests, so the hash chain, the draw and the seal commitment give the same
//! bytes on every build and target. A change here changes every link game's fortunes or seals.
//!
//! A line is tab-separated: `seeded seed id value`, `tip game-id seat secret tip`,
//! `committed game-id white-secret black-secret id value`, `seal game-id seat salt text commitment`
//! (bytes in hex, numbers in decimal). `cargo test --test known_answers -- --ignored --nocapture`
//! prints lines for new inputs.

use engine::chance::{self, ChainOwner, ChanceSource, Commitments, Secret};
use engine::seal::{self, from_hex, to_hex};

fn path() -> String {
    format!("{}/../../tests/links/known_answers.txt", env!("CARGO_MANIFEST_DIR"))
}

fn committed_value(game_id: u64, white: Secret, black: Secret, id: u32) -> Option<u64> {
    // White's browser: its own secret and Black's reveal for `id`.
    let mut c = Commitments::new(game_id);
    c.adopt_secret(0, white).ok()?;
    c.accept_tip(1, chance::tip(&black, ChainOwner { game_id, seat: 1 })).ok()?;
    let element = chance::element(&black, ChainOwner { game_id, seat: 1 }, id)?;
    c.accept_reveal(1, id, element).ok()?;
    ChanceSource::Committed(c).value(id)
}

/// What a line's inputs give now, in the line's own format.
fn answer(fields: &[&str]) -> String {
    let n = |i: usize| fields[i].parse::<u64>().expect("a number");
    match fields[0] {
        "seeded" => {
            let seed = from_hex(fields[1]).expect("12-byte seed");
            ChanceSource::Seeded(seed).value(n(2) as u32).expect("seeded").to_string()
        }
        "tip" => {
            let owner = ChainOwner { game_id: n(1), seat: n(2) as u8 };
            to_hex(&chance::tip(&from_hex(fields[3]).expect("secret"), owner))
        }
        "committed" => {
            let (white, black) = (from_hex(fields[2]).expect("secret"), from_hex(fields[3]).expect("secret"));
            committed_value(n(1), white, black, n(4) as u32).expect("both committed, revealed").to_string()
        }
        "seal" => to_hex(&seal::commitment(fields[4], n(1), n(2) as u8, &from_hex(fields[3]).expect("salt"))),
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn known_answers_hold() {
    let text = std::fs::read_to_string(path()).expect("known answers file");
    let mut kinds = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (inputs, expected) = fields.split_at(fields.len() - 1);
        assert_eq!(answer(inputs), expected[0], "{line}");
        kinds.insert(fields[0]);
    }
    assert_eq!(kinds.len(), 4, "every kind has answers: {kinds:?}");
}

/// Different secrets, seeds and ids give different draws, spread over the whole range: a draw that
/// ignored one of its inputs, or a constant, fails here.
#[test]
fn every_input_of_the_draw_matters() {
    let a = [1u8; 16];
    let b = [2u8; 16];
    let base = committed_value(77, a, b, 30).expect("value");
    assert_ne!(committed_value(77, [3; 16], b, 30), Some(base), "White's secret");
    assert_ne!(committed_value(77, a, [3; 16], 30), Some(base), "Black's secret");
    assert_ne!(committed_value(78, a, b, 30), Some(base), "the game");
    assert_ne!(committed_value(77, a, b, 31), Some(base), "the chance id");
    let mut values: Vec<u64> = (0..=255u8).map(|i| ChanceSource::Seeded([i; 12]).value(20).expect("seeded")).collect();
    // Every third of the range is hit (a card is picked by such a split) and no two seeds collide.
    for third in 0..3u64 {
        assert!(values.iter().any(|v| v / (u64::MAX / 3 + 1) == third), "third {third} never drawn");
    }
    values.sort_unstable();
    values.dedup();
    assert_eq!(values.len(), 256);
}

#[test]
#[ignore = "prints lines for new inputs"]
fn print_known_answers() {
    let lines = [
        "seeded\t000000000000000000000000\t20",
        "seeded\t0102030405060708090a0b0c\t59",
        "tip\t77\t0\t01010101010101010101010101010101",
        "tip\t77\t1\t01010101010101010101010101010101",
        "tip\t1099511627775\t1\t00112233445566778899aabbccddeeff",
        "committed\t77\t01010101010101010101010101010101\t02020202020202020202020202020202\t20",
        "committed\t77\t01010101010101010101010101010101\t02020202020202020202020202020202\t63",
        "committed\t1099511627775\t00112233445566778899aabbccddeeff\tffeeddccbbaa99887766554433221100\t0",
        "seal\t42\t0\t07070707070707070707070707070707\tKb1 Qk1",
        "seal\t42\t3\t00112233445566778899aabbccddeeff\t",
    ];
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        println!("{line}\t{}", answer(&fields));
    }
}
