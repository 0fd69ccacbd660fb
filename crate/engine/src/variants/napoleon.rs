//! Napoleon (RULINGS §2), groundwork: the 16x16 board, how each man moves, groups, check and the
//! setup rules, for two or four players.
//!
//! Not registered yet: the turn structure (move phase, connection phase, switches), secret setups over
//! links and the page's setup editor come next (issue 8). What is here is complete for what it covers
//! and tested, so the rest builds on it.
//!
//! Squares are engine-wide [`Square`] values (`rank * 16 + file`), which on a 16x16 board are the
//! index itself.

use crate::square::Square;

pub const SIDE: u8 = 16;

pub const KING: u8 = 0;
pub const QUEEN: u8 = 1;
pub const ROOK: u8 = 2;
pub const BISHOP: u8 = 3;
pub const KNIGHT: u8 = 4;
pub const PAWN: u8 = 5;

/// The men each player sets up: king, queen, two rooks, two bishops, two knights, eight pawns.
pub const ARMY: [(u8, u8); 6] = [(KING, 1), (QUEEN, 1), (ROOK, 2), (BISHOP, 2), (KNIGHT, 2), (PAWN, 8)];

const LINES: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Man {
    pub seat: u8,
    pub kind: u8,
}

/// Where a seat sets up and which way its pawns go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Seat {
    /// Files and ranks (inclusive) of the setup zone.
    pub files: (u8, u8),
    pub ranks: (u8, u8),
    /// The seat's back rank (no pawn may stand or move there).
    pub back_rank: u8,
    /// Rank step of its pawns' forward direction.
    pub forward: i8,
}

/// The seats of a game, in turn order. Two players: White on ranks 1-4, Black on 13-16. Four players:
/// south-west, north-west, north-east, south-east, each in its 8x8 quadrant.
pub fn seats(players: u8) -> Vec<Seat> {
    let south = |files| Seat { files, ranks: (0, 7), back_rank: 0, forward: 1 };
    let north = |files| Seat { files, ranks: (8, 15), back_rank: 15, forward: -1 };
    if players == 4 {
        vec![south((0, 7)), north((0, 7)), north((8, 15)), south((8, 15))]
    } else {
        vec![
            Seat { files: (0, 15), ranks: (0, 3), back_rank: 0, forward: 1 },
            Seat { files: (0, 15), ranks: (12, 15), back_rank: 15, forward: -1 },
        ]
    }
}

fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
    ((0..SIDE as i8).contains(&f) && (0..SIDE as i8).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

/// A Napoleon board: which man stands where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    men: [Option<Man>; 256],
    pub seats: Vec<Seat>,
}

impl Board {
    pub fn empty(players: u8) -> Board {
        Board { men: [None; 256], seats: seats(players) }
    }

    pub fn get(&self, sq: Square) -> Option<Man> {
        self.men[sq.0 as usize]
    }

    pub fn set(&mut self, sq: Square, man: Option<Man>) {
        self.men[sq.0 as usize] = man;
    }

    pub fn men_of(&self, seat: u8) -> impl Iterator<Item = (Square, Man)> + '_ {
        (0..=255u8).filter_map(move |i| self.men[i as usize].filter(|m| m.seat == seat).map(|m| (Square(i), m)))
    }

    /// The squares the man on `from` can reach with one ordinary move: to an empty square, or onto an
    /// enemy man (a capture; never a king: a move onto a king's square is never a move).
    pub fn moves_from(&self, from: Square) -> Vec<Square> {
        let Some(man) = self.get(from) else { return Vec::new() };
        let seat = self.seats[man.seat as usize];
        let mut out = Vec::new();
        let enemy = |sq: Square| self.get(sq).is_some_and(|m| m.seat != man.seat && m.kind != KING);
        match man.kind {
            KNIGHT => {
                for d in LEAPS {
                    if let Some(to) = step(from, d).filter(|&to| self.get(to).is_none() || enemy(to)) {
                        out.push(to);
                    }
                }
            }
            QUEEN | ROOK | BISHOP => {
                for d in LINES {
                    let diagonal = d.0 != 0 && d.1 != 0;
                    if (man.kind == ROOK && diagonal) || (man.kind == BISHOP && !diagonal) {
                        continue;
                    }
                    let mut sq = from;
                    while let Some(next) = step(sq, d) {
                        match self.get(next) {
                            None => out.push(next),
                            Some(_) => {
                                if enemy(next) {
                                    out.push(next);
                                }
                                break;
                            }
                        }
                        sq = next;
                    }
                }
            }
            KING | PAWN => {
                // One or two squares along any line, never jumping.
                for d in LINES {
                    let mut sq = from;
                    for _ in 0..2 {
                        let Some(next) = step(sq, d) else { break };
                        match self.get(next) {
                            None => {
                                if man.kind == KING || next.rank() != seat.back_rank {
                                    out.push(next);
                                }
                            }
                            Some(_) => {
                                if man.kind == KING && enemy(next) {
                                    out.push(next);
                                }
                                break;
                            }
                        }
                        sq = next;
                    }
                }
                if man.kind == PAWN {
                    // Pawns capture one square diagonally forward only.
                    for df in [-1, 1] {
                        if let Some(to) = step(from, (df, seat.forward)).filter(|&to| enemy(to)) {
                            out.push(to);
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Whether some man not of `seat` attacks `target` with one ordinary move (as if an enemy of it
    /// stood there: kings are attacked like any man).
    pub fn attacked(&self, target: Square, seat: u8) -> bool {
        let mut probe = self.clone();
        probe.set(target, Some(Man { seat, kind: QUEEN }));
        (0..=255u8)
            .map(Square)
            .any(|from| probe.get(from).is_some_and(|m| m.seat != seat) && probe.moves_from(from).contains(&target))
    }

    pub fn king(&self, seat: u8) -> Option<Square> {
        self.men_of(seat).find(|(_, m)| m.kind == KING).map(|(sq, _)| sq)
    }

    /// Whether `seat`'s king could be captured by one ordinary move of any other player's man.
    pub fn in_check(&self, seat: u8) -> bool {
        self.king(seat).is_some_and(|k| self.attacked(k, seat))
    }

    /// The seat's groups: its men connected through the 8 neighbouring squares, each sorted, in the
    /// order of their first square.
    pub fn groups(&self, seat: u8) -> Vec<Vec<Square>> {
        let mut seen = [false; 256];
        let mut groups = Vec::new();
        for (start, _) in self.men_of(seat) {
            if seen[start.0 as usize] {
                continue;
            }
            let mut group = vec![start];
            seen[start.0 as usize] = true;
            let mut i = 0;
            while i < group.len() {
                let sq = group[i];
                for d in LINES {
                    if let Some(n) = step(sq, d) {
                        if !seen[n.0 as usize] && self.get(n).is_some_and(|m| m.seat == seat) {
                            seen[n.0 as usize] = true;
                            group.push(n);
                        }
                    }
                }
                i += 1;
            }
            group.sort();
            groups.push(group);
        }
        groups
    }

    /// The seat's men outside valid groups (groups of fewer than 3).
    pub fn cut_off(&self, seat: u8) -> Vec<Square> {
        let mut out: Vec<Square> = self.groups(seat).into_iter().filter(|g| g.len() < 3).flatten().collect();
        out.sort();
        out
    }

    /// Every rule a seat's setup breaks (judged on its own men only); empty when the setup is valid.
    pub fn setup_problems(&self, seat: u8) -> Vec<String> {
        let zone = self.seats[seat as usize];
        let mut problems = Vec::new();
        let men: Vec<(Square, Man)> = self.men_of(seat).collect();
        for (kind, count) in ARMY {
            let have = men.iter().filter(|(_, m)| m.kind == kind).count();
            if have != count as usize {
                let name = ["king", "queen", "rook", "bishop", "knight", "pawn"][kind as usize];
                problems.push(format!("{count} {name}{} needed, {have} placed", if count > 1 { "s" } else { "" }));
            }
        }
        for (sq, m) in &men {
            let inside = (zone.files.0..=zone.files.1).contains(&sq.file())
                && (zone.ranks.0..=zone.ranks.1).contains(&sq.rank());
            if !inside {
                problems.push(format!("{sq} is outside the setup zone"));
            }
            if m.kind == PAWN && sq.rank() == zone.back_rank {
                problems.push(format!("no pawn on the back rank ({sq})"));
            }
        }
        let bishops: Vec<Square> = men.iter().filter(|(_, m)| m.kind == BISHOP).map(|(sq, _)| *sq).collect();
        if bishops.len() == 2 && bishops[0].is_dark() == bishops[1].is_dark() {
            problems.push("the bishops must stand on squares of different colours".into());
        }
        let groups = self.groups(seat);
        if groups.iter().any(|g| g.len() < 3) {
            problems.push("every man must be in a group of at least 3".into());
        }
        if groups.len() < 2 {
            problems.push("at least two groups are needed".into());
        }
        let group_of =
            |kind: u8| groups.iter().position(|g| g.iter().any(|&sq| self.get(sq).is_some_and(|m| m.kind == kind)));
        if group_of(KING).is_some() && group_of(KING) == group_of(QUEEN) {
            problems.push("the king and the queen must be in different groups".into());
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            out.setup_problems(0),
            ["a5 is outside the setup zone", "every man must be in a group of at least 3"]
        );
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
}
