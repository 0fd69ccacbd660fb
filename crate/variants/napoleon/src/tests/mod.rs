//! Unit tests of Napoleon's board, turns, setups and positions, by theme: the board and its setup
//! rules (`board`), turns and the canonical order (`turns`), what the computer's search asks of the
//! variant (`search`), a king in check (`in_check`). The helpers they share are here.

use super::*;

mod board;
mod in_check;
mod search;
mod turns;

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn put(b: &mut Board, seat: u8, kind: u8, squares: &[&str]) {
    for s in squares {
        b.set(sq(s), Some(Man { seat, kind }));
    }
}

/// A valid two-player setup for White: two groups of 8, king and queen apart, bishops on d1 (light:
/// file 3 + rank 0 is odd) and m1 (dark).
fn white_setup() -> Board {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["b1"]);
    put(&mut b, 0, ROOK, &["a1", "c1"]);
    put(&mut b, 0, BISHOP, &["d1", "m1"]);
    put(&mut b, 0, PAWN, &["a2", "b2", "c2", "d2", "j2", "k2", "l2", "m2"]);
    put(&mut b, 0, QUEEN, &["k1"]);
    put(&mut b, 0, KNIGHT, &["j1", "l1"]);
    b
}

/// A fixed xorshift sequence for the randomised tests: each call gives a number below its argument.
fn random_below() -> impl FnMut(u64) -> u64 {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// Plays the named moves (`e2e4`-style squares) as `Go` decisions, then ends the phase if asked.
fn go(turn: &mut Turn, from: &str, to: &str) {
    let a = TurnAction::Go { from: sq(from), to: sq(to) };
    assert!(turn.options().contains(&a), "{from}-{to} not offered");
    turn.apply(a);
}

/// Two White groups on the first ranks and a Black king far away: the base of the turn tests.
fn two_groups() -> Board {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["b1"]);
    put(&mut b, 0, PAWN, &["a2", "b2", "c2"]);
    put(&mut b, 0, QUEEN, &["k1"]);
    put(&mut b, 0, PAWN, &["j2", "k2", "l2"]);
    put(&mut b, 1, KING, &["h16"]);
    b
}
