//! Known answers for the chance draw and the sealed setups (`tests/links/known_answers.txt`), shared
//! with the wasm facade's tests, so the hash chain, the draw and the seal commitment give the same
//! bytes on every build and target. A change here changes every link game's fortunes or seals.
//!
//! The line format and the computation are `engine::known_answers` (the page's release wasm exports
//! the same function to the end-to-end tests). `cargo test --test known_answers -- --ignored
//! --nocapture` prints lines for new inputs.

use engine::chance::ChanceSource;
use engine::known_answers::{answer, committed_value};

fn path() -> String {
    format!("{}/../../tests/links/known_answers.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn known_answers_hold() {
    let text = std::fs::read_to_string(path()).expect("known answers file");
    let mut kinds = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (inputs, expected) = line.rsplit_once('\t').expect("inputs and an answer");
        assert_eq!(answer(inputs).as_deref(), Some(expected), "{line}");
        kinds.insert(line.split('\t').next());
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
        println!("{line}\t{}", answer(line).expect("a line of the format"));
    }
}
