//! Perft data files shared by every test layer (`tests/perft/` at the repository root), run through
//! both the variant's fast perft and, at shallow depth, the generic interface the page uses.

use engine::{perft, Game};

/// Tests stop at this many leaves per figure; deeper figures are for `npm run bench`.
const MAX_NODES_IN_TESTS: u64 = 5_000_000;

/// Every figure of a variant's file up to `MAX_NODES_IN_TESTS` leaves (fewer where a variant's
/// positions are slow to count in the test build).
fn run_file(slug: &str, file: &str) {
    run_file_up_to(slug, file, MAX_NODES_IN_TESTS);
}

fn run_file_up_to(slug: &str, file: &str, max_nodes: u64) {
    let path = format!("{}/../../tests/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = perft::parse_cases(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(cases.len() >= 3, "{path} holds {} positions", cases.len());
    let mut checked = 0;
    for case in cases {
        let game = Game::from_slug(slug, Some(&case.position)).unwrap_or_else(|e| panic!("{}: {e}", case.position));
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                continue;
            }
            assert_eq!(engine::perft::perft(game.position(), depth), expected, "{} depth {depth}", case.position);
            if expected < 100_000 {
                assert_eq!(
                    perft::generic(game.position(), depth),
                    expected,
                    "generic, {} depth {depth}",
                    case.position
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn orthodox() {
    run_file("chess", "orthodox.txt");
}

#[test]
fn gunnery() {
    run_file("gunnery", "gunnery.txt");
}

#[test]
fn wounds() {
    run_file("wounds", "wounds.txt");
}

#[test]
fn checkered() {
    run_file_up_to("checkered", "checkered.txt", 3_000_000);
}

#[test]
fn chess2024() {
    run_file_up_to("chess2024", "chess2024.txt", 1_000_000);
}

#[test]
fn napoleon_decisions() {
    run_file("napoleon", "napoleon.txt");
}

/// Turn-level counts: figures above this many turns are left to the benchmarks.
const MAX_TURNS_IN_TESTS: u64 = 10_000;

#[test]
fn napoleon_turns() {
    napoleon_turns_up_to(MAX_TURNS_IN_TESTS);
}

/// Every turn-level figure: `cargo test --release -p chessfront-engine --test perft -- --ignored`.
#[test]
#[ignore = "slow: seconds even optimised"]
fn napoleon_turns_all() {
    napoleon_turns_up_to(u64::MAX);
}

fn napoleon_turns_up_to(limit: u64) {
    use engine::variants::napoleon::Napoleon;
    let path = format!("{}/../../tests/perft/napoleon_turns.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut checked = 0;
    for case in perft::parse_cases(&text).unwrap_or_else(|e| panic!("{path}: {e}")) {
        let position = Napoleon::from_text(&case.position, 2).unwrap_or_else(|e| panic!("{}: {e}", case.position));
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            assert_eq!(position.turn_perft(depth), expected, "{} turns {depth}", case.position);
            checked += 1;
        }
    }
    assert!(checked > 0);
}
