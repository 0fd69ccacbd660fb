//! Napoleon (RULINGS §2), groundwork: the 16x16 board, how each man moves, groups, check, the setup
//! rules for two or four players, a turn as a sequence of decisions ([`Turn`]) and the canonical order
//! in which a step's moves are recorded ([`canonical_order`]).
//!
//! Not registered yet: notation, the link record, secret setups over links, an exact game-end test and
//! the page's setup editor come next (issue 8). What is here is complete for what it covers and
//! tested, so the rest builds on it.
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

/// What the player may decide during a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TurnAction {
    /// An ordinary move of one man (move phase), or a cut-off man's rejoining move (no capture).
    Go { from: Square, to: Square },
    /// Ends the move phase (passing it when nothing moved) or the rejoining step.
    EndPhase,
    /// A cut-off man is given up.
    Lose(Square),
    /// A cut-off man takes the square of a grouped man, which is given up instead.
    SwitchOnto { man: Square, target: Square },
}

/// Where a turn stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Moving men of one group: `group` holds the squares of its men not moved yet, fixed by the first
    /// man moved (`None` before); at most one capture in the whole phase.
    Move { group: Option<Vec<Square>>, captured: bool },
    /// Cut-off men may each make one non-capturing move to rejoin a valid group.
    Rejoin { waiting: Vec<Square>, moved: Vec<Square> },
    /// One or two men are still cut off: each, in square order, is switched or lost.
    Switch { waiting: Vec<Square>, targets: Vec<Square> },
    /// The turn is complete.
    Done,
}

/// One player's turn in progress, on its own copy of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    pub board: Board,
    pub seat: u8,
    pub phase: Phase,
    /// Men given up or captured during the turn (for the no-progress rule).
    pub progress: bool,
}

impl Turn {
    pub fn begin(board: Board, seat: u8) -> Turn {
        Turn { board, seat, phase: Phase::Move { group: None, captured: false }, progress: false }
    }

    /// Whether a board may end the turn: the king is there, not in check, and not in the queen's group,
    /// and the bishops (after switches) stand on squares of different colours.
    pub fn can_end(&self) -> bool {
        let b = &self.board;
        let Some(king) = b.king(self.seat) else { return false };
        if b.in_check(self.seat) {
            return false;
        }
        let groups = b.groups(self.seat);
        let queen = b.men_of(self.seat).find(|(_, m)| m.kind == QUEEN).map(|(sq, _)| sq);
        if let Some(q) = queen {
            if groups.iter().any(|g| g.contains(&king) && g.contains(&q)) {
                return false;
            }
        }
        let bishops: Vec<Square> = b.men_of(self.seat).filter(|(_, m)| m.kind == BISHOP).map(|(sq, _)| sq).collect();
        !(bishops.len() == 2 && bishops[0].is_dark() == bishops[1].is_dark())
    }

    /// The options of the current decision: legal now, minus those that would end the turn illegally.
    pub fn options(&self) -> Vec<TurnAction> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Move { group, captured } => {
                let movable: Vec<Square> = match group {
                    Some(g) => g.clone(),
                    None => self.board.men_of(self.seat).map(|(sq, _)| sq).collect(),
                };
                for from in movable {
                    for to in self.board.moves_from(from) {
                        if !(*captured && self.board.get(to).is_some()) {
                            out.push(TurnAction::Go { from, to });
                        }
                    }
                }
            }
            Phase::Rejoin { waiting, .. } => {
                for &from in waiting {
                    for to in self.board.moves_from(from).into_iter().filter(|&to| self.board.get(to).is_none()) {
                        out.push(TurnAction::Go { from, to });
                    }
                }
            }
            Phase::Switch { waiting, targets } => {
                if let Some(&man) = waiting.first() {
                    out.push(TurnAction::Lose(man));
                    let is_pawn = self.board.get(man).is_some_and(|m| m.kind == PAWN);
                    let back = self.board.seats[self.seat as usize].back_rank;
                    for &target in targets {
                        if !(is_pawn && target.rank() == back) {
                            out.push(TurnAction::SwitchOnto { man, target });
                        }
                    }
                }
            }
            Phase::Done => {}
        }
        if !matches!(self.phase, Phase::Switch { .. } | Phase::Done) {
            out.push(TurnAction::EndPhase);
        }
        // Options that end the turn at once must leave a legal board.
        out.retain(|&a| {
            let mut next = self.clone();
            next.apply(a);
            // Not offered: what changes nothing (ending the rejoining step while a man that moved is still
            // cut off) and what ends the turn on an illegal board.
            next != *self && (next.phase != Phase::Done || next.can_end())
        });
        out
    }

    /// Plays a decision (one of `options`).
    pub fn apply(&mut self, action: TurnAction) {
        let seat = self.seat;
        match (std::mem::replace(&mut self.phase, Phase::Done), action) {
            (Phase::Move { group, captured }, TurnAction::Go { from, to }) => {
                let mut group = group.unwrap_or_else(|| {
                    self.board.groups(seat).into_iter().find(|g| g.contains(&from)).unwrap_or_default()
                });
                group.retain(|&sq| sq != from);
                let capture = self.board.get(to).is_some();
                self.progress |= capture;
                let man = self.board.get(from);
                self.board.set(from, None);
                self.board.set(to, man);
                self.phase = Phase::Move { group: Some(group), captured: captured || capture };
            }
            (Phase::Move { .. }, TurnAction::EndPhase) => {
                let waiting = self.board.cut_off(seat);
                self.phase =
                    if waiting.is_empty() { Phase::Done } else { Phase::Rejoin { waiting, moved: Vec::new() } };
            }
            (Phase::Rejoin { mut waiting, mut moved }, TurnAction::Go { from, to }) => {
                waiting.retain(|&sq| sq != from);
                let man = self.board.get(from);
                self.board.set(from, None);
                self.board.set(to, man);
                moved.push(to);
                self.phase = Phase::Rejoin { waiting, moved };
            }
            (Phase::Rejoin { moved, waiting }, TurnAction::EndPhase) => {
                // Every man that moved in this step must now stand in a valid group.
                let cut = self.board.cut_off(seat);
                if moved.iter().any(|sq| cut.contains(sq)) {
                    self.phase = Phase::Rejoin { waiting, moved };
                    return;
                }
                if cut.len() >= 3 {
                    for sq in cut {
                        self.board.set(sq, None);
                    }
                    self.progress = true;
                    self.phase = Phase::Done;
                } else if cut.is_empty() {
                    self.phase = Phase::Done;
                } else {
                    let targets = self
                        .board
                        .groups(seat)
                        .into_iter()
                        .filter(|g| g.len() >= 3)
                        .flatten()
                        .filter(|&sq| self.board.get(sq).is_some_and(|m| m.kind != KING))
                        .collect();
                    self.phase = Phase::Switch { waiting: cut, targets };
                }
            }
            (Phase::Switch { mut waiting, targets }, TurnAction::Lose(man)) => {
                waiting.retain(|&sq| sq != man);
                self.board.set(man, None);
                self.progress = true;
                self.phase = if waiting.is_empty() { Phase::Done } else { Phase::Switch { waiting, targets } };
            }
            (Phase::Switch { mut waiting, mut targets }, TurnAction::SwitchOnto { man, target }) => {
                waiting.retain(|&sq| sq != man);
                targets.retain(|&sq| sq != target);
                let moving = self.board.get(man);
                self.board.set(man, None);
                self.board.set(target, moving);
                self.progress = true;
                self.phase = if waiting.is_empty() { Phase::Done } else { Phase::Switch { waiting, targets } };
            }
            (phase, _) => self.phase = phase,
        }
    }

    /// Whether some sequence of decisions completes the turn legally (depth-first, passing first, at most
    /// `budget` decisions tried). `None` when the budget ran out before an answer.
    pub fn has_legal_completion(&self, budget: &mut u32) -> Option<bool> {
        if self.phase == Phase::Done {
            return Some(self.can_end());
        }
        let mut options = self.options();
        // Ending the phase first finds the ordinary turns quickly.
        options.sort_by_key(|a| !matches!(a, TurnAction::EndPhase));
        let mut unknown = false;
        for a in options {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let mut next = self.clone();
            next.apply(a);
            match next.has_legal_completion(budget) {
                Some(true) => return Some(true),
                None => unknown = true,
                Some(false) => {}
            }
        }
        if unknown {
            None
        } else {
            Some(false)
        }
    }
}

/// The squares strictly between `from` and `to` when they share a line (none for a knight's leap).
fn between(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let unit = (df.signum(), dr.signum());
    let mut squares = Vec::new();
    let mut at = from;
    while let Some(next) = step(at, unit).filter(|&next| next != to) {
        squares.push(next);
        at = next;
    }
    squares
}

/// The canonical order of one step's moves (RULINGS §2, "Decisions and canonical order"): the board
/// after a step depends only on its set of moves, so a link records them as the smallest order by
/// start square that can still be played. A move waits for a man leaving its destination or its path,
/// and goes before any move landing on its path or on its start square. `moves` must be a set the
/// player actually played; each man moves at most once in a step, which keeps these constraints
/// acyclic.
pub fn canonical_order(moves: &[(Square, Square)]) -> Vec<(Square, Square)> {
    let n = moves.len();
    let paths: Vec<Vec<Square>> = moves.iter().map(|&(from, to)| between(from, to)).collect();
    // Move x must precede move y when y lands where x started, x started on y's path, or y lands on x's path.
    let precedes = |x: usize, y: usize| {
        moves[x].0 == moves[y].1 || paths[y].contains(&moves[x].0) || paths[x].contains(&moves[y].1)
    };
    let after: Vec<Vec<usize>> = (0..n).map(|x| (0..n).filter(|&y| y != x && precedes(x, y)).collect()).collect();
    let mut waiting_for = vec![0usize; n];
    for &y in after.iter().flatten() {
        waiting_for[y] += 1;
    }
    let mut ready: std::collections::BTreeSet<(Square, usize)> =
        (0..n).filter(|&i| waiting_for[i] == 0).map(|i| (moves[i].0, i)).collect();
    let mut order = Vec::with_capacity(n);
    while let Some((_, i)) = ready.pop_first() {
        order.push(moves[i]);
        for &j in &after[i] {
            waiting_for[j] -= 1;
            if waiting_for[j] == 0 {
                ready.insert((moves[j].0, j));
            }
        }
    }
    // A set that was never played could hold a cycle; keep its remaining moves rather than drop them.
    if order.len() < n {
        let mut rest: Vec<_> = moves.iter().filter(|m| !order.contains(m)).copied().collect();
        rest.sort();
        order.extend(rest);
    }
    order
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

    #[test]
    fn one_group_at_most_one_capture() {
        let mut b = two_groups();
        put(&mut b, 1, KNIGHT, &["a3", "d3"]);
        let mut t = Turn::begin(b, 0);
        go(&mut t, "b2", "a3"); // the first capture
        let options = t.options();
        assert!(!options.contains(&TurnAction::Go { from: sq("c2"), to: sq("d3") }), "a second capture is refused");
        assert!(options.contains(&TurnAction::Go { from: sq("c2"), to: sq("c3") }), "quiet moves go on");
        assert!(
            !options.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("k2"))),
            "only the first man's group moves"
        );
        assert!(
            !options.iter().any(|a| matches!(a, TurnAction::Go { from, .. } if *from == sq("a3"))),
            "each man moves once"
        );
    }

    #[test]
    fn a_discovered_check_during_the_move_phase_is_judged_at_the_end() {
        let mut b = two_groups();
        put(&mut b, 1, ROOK, &["b8"]);
        let mut t = Turn::begin(b, 0);
        go(&mut t, "b2", "c3"); // opens the b-file: the king is in check, and the phase goes on
        assert!(t.board.in_check(0));
        assert!(!t.options().contains(&TurnAction::EndPhase), "the turn may not end in check");
        go(&mut t, "a2", "b3"); // blocks again
        assert!(t.options().contains(&TurnAction::EndPhase));
    }

    #[test]
    fn switches_for_one_and_two_cut_off_men_and_three_are_lost() {
        // One cut-off knight, too far to rejoin: lose it or switch it onto a grouped non-king man.
        let mut b = two_groups();
        put(&mut b, 0, KNIGHT, &["h8"]);
        let mut t = Turn::begin(b.clone(), 0);
        t.apply(TurnAction::EndPhase);
        assert!(matches!(t.phase, Phase::Rejoin { .. }));
        t.apply(TurnAction::EndPhase);
        let options = t.options();
        assert_eq!(options[0], TurnAction::Lose(sq("h8")));
        assert_eq!(options.len(), 1 + 7, "lose it, or switch onto any of the 7 grouped men but the king: {options:?}");
        t.apply(TurnAction::SwitchOnto { man: sq("h8"), target: sq("c2") });
        assert_eq!(t.phase, Phase::Done);
        assert_eq!(t.board.get(sq("c2")).map(|m| m.kind), Some(KNIGHT));
        assert!(t.can_end());
        // Two cut-off men (a pair is no group): two switch decisions.
        let mut two = b.clone();
        put(&mut two, 0, BISHOP, &["h9"]);
        let mut t = Turn::begin(two, 0);
        t.apply(TurnAction::EndPhase);
        t.apply(TurnAction::EndPhase);
        t.apply(TurnAction::Lose(sq("h8")));
        assert_eq!(t.options()[0], TurnAction::Lose(sq("h9")));
        // Three cut-off men are all lost at once.
        let mut three = b;
        put(&mut three, 0, BISHOP, &["h10"]);
        put(&mut three, 0, ROOK, &["h12"]);
        let mut t = Turn::begin(three, 0);
        t.apply(TurnAction::EndPhase);
        t.apply(TurnAction::EndPhase);
        assert_eq!(t.phase, Phase::Done);
        assert!(
            t.board.get(sq("h8")).is_none() && t.board.get(sq("h10")).is_none() && t.board.get(sq("h12")).is_none()
        );
    }

    #[test]
    fn a_rejoining_man_must_end_in_a_valid_group() {
        let mut b = two_groups();
        put(&mut b, 0, KNIGHT, &["e4"]);
        let mut t = Turn::begin(b, 0);
        t.apply(TurnAction::EndPhase);
        // e4-d2 reaches the first group (next to c2); e4-g5 stays cut off, so the step cannot end after it.
        let mut joined = t.clone();
        go(&mut joined, "e4", "d2");
        assert!(joined.options().contains(&TurnAction::EndPhase));
        let mut astray = t.clone();
        go(&mut astray, "e4", "g5");
        assert!(!astray.options().contains(&TurnAction::EndPhase));
    }

    #[test]
    fn king_and_queen_may_not_end_in_one_group() {
        let b = two_groups();
        let mut t = Turn::begin(b, 0);
        go(&mut t, "k1", "d1"); // the queen joins the king's group
        assert!(!t.options().contains(&TurnAction::EndPhase));
    }

    #[test]
    fn a_switch_may_not_leave_both_bishops_on_one_colour() {
        // c1 is dark; the cut-off bishop on h9 is light. b2 is dark, a2 light.
        let mut b = two_groups();
        put(&mut b, 0, BISHOP, &["c1", "h9"]);
        let mut t = Turn::begin(b, 0);
        t.apply(TurnAction::EndPhase);
        t.apply(TurnAction::EndPhase);
        let options = t.options();
        assert!(!options.contains(&TurnAction::SwitchOnto { man: sq("h9"), target: sq("b2") }));
        assert!(options.contains(&TurnAction::SwitchOnto { man: sq("h9"), target: sq("a2") }));
    }

    #[test]
    fn an_ordinary_turn_is_found_at_once() {
        let t = Turn::begin(two_groups(), 0);
        let mut budget = 100;
        assert_eq!(t.has_legal_completion(&mut budget), Some(true));
        assert!(budget > 90, "passing is tried first");
    }

    fn moves(list: &[(&str, &str)]) -> Vec<(Square, Square)> {
        list.iter().map(|&(from, to)| (sq(from), sq(to))).collect()
    }

    #[test]
    fn canonical_order_sorts_by_start_square_where_the_board_allows() {
        // Independent moves: start-square order, whatever order they were played in.
        let played = moves(&[("k2", "k4"), ("a2", "a3")]);
        assert_eq!(canonical_order(&played), moves(&[("a2", "a3"), ("k2", "k4")]));
        // The knight on a2 must leave before the king steps there, though a1 comes first.
        let played = moves(&[("a2", "c3"), ("a1", "a2")]);
        assert_eq!(canonical_order(&played), moves(&[("a2", "c3"), ("a1", "a2")]));
        // The man on a3 must leave the rook's path first.
        let played = moves(&[("a3", "b4"), ("a1", "a5")]);
        assert_eq!(canonical_order(&played), moves(&[("a3", "b4"), ("a1", "a5")]));
        // The knight lands on the rook's path, so the rook goes first though b1 comes before a5.
        let played = moves(&[("a5", "a1"), ("b1", "a3")]);
        assert_eq!(canonical_order(&played), moves(&[("a5", "a1"), ("b1", "a3")]));
        assert_eq!(canonical_order(&[]), Vec::new());
    }

    /// Plays random group moves on a full setup and checks that the canonical order of what was played
    /// can be replayed move by move, reaches the same board, and does not depend on the order played.
    #[test]
    fn canonical_order_replays_every_played_step() {
        let mut start = white_setup();
        put(&mut start, 1, KING, &["h16"]);
        let mut seed: u64 = 0x5eed;
        let mut next = |below: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % below
        };
        for _ in 0..300 {
            let mut turn = Turn::begin(start.clone(), 0);
            let mut played = Vec::new();
            for _ in 0..1 + next(6) {
                let goes: Vec<_> = turn
                    .options()
                    .into_iter()
                    .filter_map(|a| match a {
                        TurnAction::Go { from, to } => Some((from, to)),
                        _ => None,
                    })
                    .collect();
                if goes.is_empty() {
                    break;
                }
                let (from, to) = goes[next(goes.len())];
                turn.apply(TurnAction::Go { from, to });
                played.push((from, to));
            }
            let order = canonical_order(&played);
            let mut replay = Turn::begin(start.clone(), 0);
            for &(from, to) in &order {
                let a = TurnAction::Go { from, to };
                assert!(replay.options().contains(&a), "{played:?} -> {order:?}: {} not offered", from.name());
                replay.apply(a);
            }
            assert_eq!(replay.board, turn.board, "{played:?}");
            let mut shuffled = played.clone();
            shuffled.reverse();
            assert_eq!(canonical_order(&shuffled), order);
        }
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
