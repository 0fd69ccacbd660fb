//! The board: setup rules, attacks, groups, how men move, check, the four-player zones.

use super::*;

#[test]
fn setup_rules_each_reported() {
    let b = white_setup();
    assert!(b.setup_problems(0).is_empty(), "{:?}", b.setup_problems(0));
    // Both bishops on light squares.
    let mut same = b.clone();
    same.set(sq("m1"), Some(Man { seat: 0, kind: KNIGHT }));
    same.set(sq("l1"), Some(Man { seat: 0, kind: BISHOP }));
    assert_eq!(same.setup_problems(0), ["the bishops must stand on squares of different colours"]);
    // King and queen in one group.
    let mut one = b.clone();
    one.set(sq("k1"), None);
    put(&mut one, 0, QUEEN, &["e1"]);
    assert_eq!(one.setup_problems(0), ["the king and the queen must be in different groups"]);
    // A pawn on the back rank.
    let mut back = b.clone();
    back.set(sq("a2"), None);
    put(&mut back, 0, PAWN, &["e1"]);
    assert_eq!(back.setup_problems(0), ["no pawn on the back rank (e1)"]);
    // A man outside the zone is also cut off from every group.
    let mut out = b.clone();
    out.set(sq("a2"), None);
    put(&mut out, 0, PAWN, &["a5"]);
    assert_eq!(out.setup_problems(0), ["a5 is outside the setup zone", "every man must be in a group of at least 3"]);
    // Pawns moved to e2..i2 bridge the two groups into one.
    let mut single = b.clone();
    for s in ["a2", "b2", "c2", "d2", "j2"] {
        single.set(sq(s), None);
    }
    put(&mut single, 0, PAWN, &["e2", "f2", "g2", "h2", "i2"]);
    assert_eq!(
        single.setup_problems(0),
        ["at least two groups are needed", "the king and the queen must be in different groups"]
    );
    // A missing man.
    let mut short = b.clone();
    short.set(sq("j1"), None);
    assert!(short.setup_problems(0).contains(&"2 knights needed, 1 placed".to_string()));
}

/// The old definition of `attacked`: every enemy man's moves, with an enemy of it on the target.
fn attacked_by_moves(board: &Board, target: Square, seat: u8) -> bool {
    let mut probe = board.clone();
    probe.set(target, Some(Man { seat, kind: QUEEN }));
    (0..=255u8)
        .map(Square)
        .any(|from| probe.get(from).is_some_and(|m| m.seat != seat) && probe.moves_from(from).contains(&target))
}

#[test]
fn attacks_looked_up_from_the_target_agree_with_every_mans_moves() {
    let mut next = random_below();
    let mut attacked = 0;
    for round in 0..400 {
        let players = if round % 2 == 0 { 2 } else { 4 };
        let mut b = Board::empty(players);
        // From sparse to crowded boards, every kind for every seat.
        let men = 4 + next(60);
        for _ in 0..men {
            let man = Man { seat: next(players as u64) as u8, kind: next(6) as u8 };
            b.set(Square(next(256) as u8), Some(man));
        }
        for _ in 0..40 {
            let (target, seat) = (Square(next(256) as u8), next(players as u64) as u8);
            let expected = attacked_by_moves(&b, target, seat);
            assert_eq!(b.attacked(target, seat), expected, "{target} for seat {seat} on {:?}", b);
            attacked += expected as u32;
        }
    }
    assert!(attacked > 1000, "both answers are tested ({attacked} attacked)");
}

#[test]
fn groups_connect_through_diagonal_contact() {
    let mut b = Board::empty(2);
    put(&mut b, 0, PAWN, &["a1", "b2", "c3", "e5"]);
    let groups = b.groups(0);
    assert_eq!(groups, vec![vec![sq("a1"), sq("b2"), sq("c3")], vec![sq("e5")]]);
    assert_eq!(b.cut_off(0), vec![sq("e5")]);
}

#[test]
fn kings_and_pawns_move_up_to_two_squares_without_jumping() {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["h8"]);
    put(&mut b, 0, PAWN, &["h9"]);
    put(&mut b, 1, PAWN, &["j8"]);
    let king = b.moves_from(sq("h8"));
    assert!(king.contains(&sq("h6")) && king.contains(&sq("f10")) && !king.contains(&sq("h10")), "blocked by h9");
    assert!(king.contains(&sq("i8")) && king.contains(&sq("j8")), "captures at distance 2 too");
    // Pawns go any way to empty squares but capture only diagonally forward, never onto the back rank.
    let mut p = Board::empty(2);
    put(&mut p, 0, PAWN, &["e3"]);
    put(&mut p, 1, KNIGHT, &["f4", "e4"]);
    let moves = p.moves_from(sq("e3"));
    assert!(moves.contains(&sq("f4")), "diagonal forward capture");
    assert!(!moves.contains(&sq("e4")), "no straight capture");
    assert!(moves.contains(&sq("e2")) && !moves.contains(&sq("e1")), "never onto its own back rank");
    assert!(moves.contains(&sq("c5")), "two squares diagonally");
}

#[test]
fn check_counts_every_enemy_man_and_kings_at_distance_two() {
    let mut b = Board::empty(2);
    put(&mut b, 0, KING, &["h8"]);
    put(&mut b, 1, KING, &["h10"]);
    assert!(b.in_check(0) && b.in_check(1), "kings attack at distance 2");
    put(&mut b, 0, PAWN, &["h9"]);
    assert!(!b.in_check(0), "blocked");
    let mut four = Board::empty(4);
    put(&mut four, 0, KING, &["d4"]);
    put(&mut four, 2, ROOK, &["d12"]);
    assert!(four.in_check(0), "any opponent counts in four-player games");
}

#[test]
fn four_player_zones() {
    let s = seats(4);
    assert_eq!(s[0].files, (0, 7));
    assert_eq!((s[1].back_rank, s[1].forward), (15, -1));
    assert_eq!(s[2].files, (8, 15));
    assert_eq!((s[3].back_rank, s[3].forward), (0, 1));
}
