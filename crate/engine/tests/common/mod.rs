//! Helpers shared by the variant test files: list, find and play moves by their move-list names.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use engine::Game;

/// Names (move-list notation) of every legal move.
pub fn names(g: &Game) -> Vec<String> {
    let mut actions = Vec::new();
    g.position().actions(&mut actions);
    actions.iter().map(|&a| g.position().info(a).name).collect()
}

/// Whether a move of this name is legal, ignoring a check or mate suffix.
pub fn has(g: &Game, name: &str) -> bool {
    names(g).iter().any(|n| n.trim_end_matches(['+', '#']) == name)
}

/// Plays moves given in any notation `Game::find` accepts; a failure names the position and legal moves.
pub fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let d = g.find(m).unwrap_or_else(|e| panic!("{m} in {}: {e}; legal: {:?}", g.position().to_text(), names(g)));
        g.play(d).expect("legal");
    }
}

/// The placement field of the position text.
pub fn board(g: &Game) -> String {
    g.position().to_text().split(' ').next().unwrap_or("").to_string()
}

/// Makes the setup due now (if any) as the page does: a random valid one for its seat, sealed with a
/// fixed salt when the rules seal it, placed from the seal when it is due. Returns whether one was due.
pub fn make_due_setup(g: &mut Game, seed: u64, game_id: u64) -> bool {
    let Some(due) = g.setup_due() else { return false };
    let text = g.rules().random_setup(g.options(), due.seat, seed).expect("a setup phase has random setups");
    let done = if due.seal {
        g.seal_setup(due.seat, &text, [due.seat; 16], game_id)
    } else {
        g.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
    };
    done.expect("random setups are valid");
    true
}
