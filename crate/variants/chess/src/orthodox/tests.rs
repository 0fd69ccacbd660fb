//! The orthodox evaluation's terms, each on positions that show it.

use super::*;

fn eval(fen: &str) -> i32 {
    orthodox(&Chess::from_fen(fen).expect("valid"), WHITE)
}

#[test]
fn the_start_is_level_but_for_the_tempo_and_colours_mirror() {
    assert_eq!(eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), weights()[term::TEMPO].0);
    // The same middle game with colours and sides swapped scores the same for the other side.
    let a = eval("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8");
    let b = eval("r2qkb1r/pp2bppp/2n2n2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b kq - 0 8");
    assert_eq!(a, -b);
}

/// The pawn sets found with fills are the ones the definitions give pawn by pawn.
#[test]
fn pawn_sets_match_the_pawn_by_pawn_definitions() {
    let mut checked = 0;
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pp3p1p/1p4p1/2P5/P2P1P2/3P4/1P4PP/4K3 w - - 0 1",
        "4k3/p1p1p1p1/P1P1P1P1/8/8/p1p1p1p1/P1P1P1P1/4K3 w - - 0 1",
        "4k3/7p/7P/p7/P7/8/1p4p1/4K3 b - - 0 1",
        "8/P6p/1P4p1/2P2p2/3Pp3/4P3/8/k6K w - - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "4k3/3p4/3p4/3p4/3P4/3P4/3P4/4K3 w - - 0 1",
    ] {
        let board = Chess::from_fen(fen).expect("valid");
        for side in [WHITE, BLACK] {
            let (pawns, enemy) = (board.pieces(side, PAWN), board.pieces(side ^ 1, PAWN));
            let (mut doubled, mut isolated, mut passed) = (0, 0, 0);
            for sq in Squares(pawns) {
                let file = sq & 7;
                if (file_mask(file) & pawns).count_ones() > 1 {
                    doubled |= 1 << sq;
                }
                if adjacent_files(file) & pawns == 0 {
                    isolated |= 1 << sq;
                }
                if front_span(side, sq) & enemy == 0 && file_mask(file) & front_span(side, sq) & pawns == 0 {
                    passed |= 1 << sq;
                }
            }
            let sets = PawnSets::of(side, pawns, enemy);
            assert_eq!((sets.doubled, sets.isolated, sets.passed), (doubled, isolated, passed), "{fen} {side}");
            assert_eq!(
                pawn_attacks(side, pawns),
                Squares(pawns).fold(0, |b, sq| b | PAWN_ATTACKS[side as usize][sq as usize])
            );
            let twice = (0..64u8)
                .filter(|&t| {
                    Squares(pawns).filter(|&p| PAWN_ATTACKS[side as usize][p as usize] & 1 << t != 0).count() >= 2
                })
                .fold(0, |b, t| b | 1 << t);
            assert_eq!(pawn_double_attacks(side, pawns), twice, "{fen} {side}");
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
}

#[test]
fn the_terms_point_the_right_way() {
    // A passed pawn on the sixth beats one blocked on its file (by less than a pawn with the enemy
    // king in front of it: Stockfish calls that a draw); a doubled, isolated pair is worse than two
    // connected pawns; the castled king behind its pawns is safer than one walked out.
    let (passed, blocked) = (eval("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1"), eval("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1"));
    assert!(passed > blocked, "{passed} {blocked}");
    assert!(eval("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1") < eval("4k3/8/8/8/8/3P4/4P3/4K3 w - - 0 1"));
    assert!(
        eval("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1")
            > eval("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N1KN2/PPPP1PPP/R1BQ3R w - - 0 1") + 50
    );
    // In the endgame the king belongs in the centre.
    assert!(eval("8/8/8/8/3K4/8/8/7k w - - 0 1") > eval("8/8/8/8/8/8/8/K6k w - - 0 1"));
}

#[test]
fn the_newer_terms_point_the_right_way() {
    // A knight an enemy pawn attacks is worth less than the same knight out of its reach.
    let (attacked, safe) = (eval("4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1"), eval("4k3/8/8/4p3/4N3/8/8/4K3 b - - 0 1"));
    assert!(attacked < safe - 15, "{attacked} {safe}");
    // Enemy pawns storming the castled king's files cost more the nearer they come, in the middle
    // game (in a pawn ending there is no attack to fear).
    // (The pawn comes from the h-file: a g-pawn gone from g7 would open its own king to a check.)
    let far = eval("r2q1rk1/5ppp/8/8/8/8/5PPP/R2Q1RK1 b - - 0 1");
    let near = eval("r2q1rk1/5pp1/8/8/8/7p/5PPP/R2Q1RK1 b - - 0 1");
    assert!(near < far - 20, "{near} {far}");
    // A knight on an outpost (guarded by a pawn, no enemy pawn can chase it) beats one that can
    // be chased.
    let outpost = eval("4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1");
    let chased = eval("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1");
    assert!(outpost > chased, "{outpost} {chased}");
    // In a pawn race, the passed pawn whose enemy king is far away is worth more.
    // (Both enemy kings equally central: only their distance to the pawn differs.)
    assert!(eval("8/8/4P3/8/K7/8/8/3k4 w - - 0 1") > eval("3k4/8/4P3/8/K7/8/8/8 w - - 0 1") + 40);
    // A knight forking the side to move's rook and queen costs it; the same fork with the other
    // side to move is that side's capture, which quiescence sees, not a term.
    let forked = eval("r3q1k1/2N5/8/8/8/8/8/7K b - - 0 1");
    let apart = eval("r3q1k1/8/8/2N5/8/8/8/7K b - - 0 1");
    assert!(forked > apart + 50, "{forked} {apart}");
    let (theirs, theirs_apart) = (eval("r3q1k1/2N5/8/8/8/8/8/7K w - - 0 1"), eval("r3q1k1/8/8/2N5/8/8/8/7K w - - 0 1"));
    assert!((theirs - theirs_apart).abs() < 40, "{theirs} {theirs_apart}");
    // A piece attacked and undefended is counted against the side to move, and costs it; defended
    // or not attacked, it is not counted.
    let count = |fen: &str| {
        let trace = tune::trace(fen).expect("quiet");
        trace.terms.iter().find(|&&(t, _)| t as usize == term::HANGING).map_or(0, |&(_, c)| c)
    };
    assert_eq!(count("4k3/8/8/3b4/8/8/8/3RK3 b - - 0 1"), -1);
    assert_eq!(count("4k3/8/4p3/3b4/8/8/8/3RK3 b - - 0 1"), 0);
    assert_eq!(count("4k3/8/8/3b4/8/8/8/2R1K3 b - - 0 1"), 0);
    assert_eq!(count("4k3/8/8/8/3B4/8/7K/3r4 w - - 0 1"), 1, "White's count for White's piece");
    let hanging = weights()[term::HANGING];
    assert!(hanging.0 < 0 && hanging.1 < 0, "{hanging:?}");
    // The side to move has the tempo.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(eval(&format!("{start} w KQkq - 0 1")) > 0);
    assert!(eval(&format!("{start} b KQkq - 0 1")) < 0);
}
