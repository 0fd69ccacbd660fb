//! Napoleon's board: who stands where, how each man moves, check, groups (men connected through the
//! 8 neighbours; valid from 3 men) and the setup rules.

use super::*;

pub const SIDE: u8 = 16;

pub const KING: u8 = 0;
pub const QUEEN: u8 = 1;
pub const ROOK: u8 = 2;
pub const BISHOP: u8 = 3;
pub const KNIGHT: u8 = 4;
pub const PAWN: u8 = 5;

/// The men each player sets up: king, queen, two rooks, two bishops, two knights, eight pawns.
pub const ARMY: [(u8, u8); 6] = [(KING, 1), (QUEEN, 1), (ROOK, 2), (BISHOP, 2), (KNIGHT, 2), (PAWN, 8)];

pub(super) const LINES: [(i8, i8); 8] = pieces::COMPASS;
pub(super) const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

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
pub fn seats(players: u8) -> &'static [Seat] {
    const fn south(files: (u8, u8)) -> Seat {
        Seat { files, ranks: (0, 7), back_rank: 0, forward: 1 }
    }
    const fn north(files: (u8, u8)) -> Seat {
        Seat { files, ranks: (8, 15), back_rank: 15, forward: -1 }
    }
    const FOUR: [Seat; 4] = [south((0, 7)), north((0, 7)), north((8, 15)), south((8, 15))];
    const TWO: [Seat; 2] = [
        Seat { files: (0, 15), ranks: (0, 3), back_rank: 0, forward: 1 },
        Seat { files: (0, 15), ranks: (12, 15), back_rank: 15, forward: -1 },
    ];
    if players == 4 {
        &FOUR
    } else {
        &TWO
    }
}

/// The squares around each square (the first `count` of the 8, in the order of [`LINES`]): looked up,
/// not computed, by the flood fills that find groups at every node of a search.
pub(super) const AROUND: [([u8; 8], u8); 256] = {
    let mut table = [([0u8; 8], 0u8); 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < 8 {
            let (f, r) = ((sq % 16) as i8 + LINES[d].0, (sq / 16) as i8 + LINES[d].1);
            if f >= 0 && f < 16 && r >= 0 && r < 16 {
                let (around, count) = &mut table[sq];
                around[*count as usize] = (r as u8) * 16 + f as u8;
                *count += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

pub(super) fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
    ((0..SIDE as i8).contains(&f) && (0..SIDE as i8).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

/// A Napoleon board: which man stands where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// Per square 0 when empty, else `1 + seat * 8 + kind`: one byte a square, as the board is copied,
    /// compared and keyed at every step of the game-end search.
    pub(super) cells: [u8; 256],
    /// The seats' zones and directions (static: a board is copied at every step of a search).
    pub seats: &'static [Seat],
}

impl Board {
    pub fn empty(players: u8) -> Board {
        Board { cells: [0; 256], seats: seats(players) }
    }

    pub fn get(&self, sq: Square) -> Option<Man> {
        Self::decode(self.cells[sq.0 as usize])
    }

    pub(super) fn decode(cell: u8) -> Option<Man> {
        (cell != 0).then(|| Man { seat: (cell - 1) / 8, kind: (cell - 1) % 8 })
    }

    pub fn set(&mut self, sq: Square, man: Option<Man>) {
        self.cells[sq.0 as usize] = man.map_or(0, |m| 1 + m.seat * 8 + m.kind);
    }

    pub fn men_of(&self, seat: u8) -> impl Iterator<Item = (Square, Man)> + '_ {
        (0..=255u8).filter_map(move |i| {
            Self::decode(self.cells[i as usize]).filter(|m| m.seat == seat).map(|m| (Square(i), m))
        })
    }

    /// The squares the man on `from` can reach with one ordinary move: to an empty square, or onto an
    /// enemy man (a capture; never a king: a move onto a king's square is never a move).
    pub fn moves_from(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_move(from, |to| {
            out.push(to);
            false
        });
        out
    }

    /// Whether the man on `from` has an ordinary move (a quiet one when `quiet_only`): what listing
    /// the picks asks of every man, at every node of a search, without listing the moves.
    pub fn has_move(&self, from: Square, quiet_only: bool) -> bool {
        self.each_move(from, |to| !quiet_only || self.cells[to.0 as usize] == 0)
    }

    /// Calls `visit` with each man the man on `from` could capture with one ordinary move.
    pub fn each_capturable(&self, from: Square, mut visit: impl FnMut(Man)) {
        self.each_move(from, |to| {
            if let Some(victim) = self.get(to) {
                visit(victim);
            }
            false
        });
    }

    /// Calls `visit` with each square of [`Board::moves_from`], in its order, until `visit` answers
    /// true; whether it did.
    fn each_move(&self, from: Square, mut visit: impl FnMut(Square) -> bool) -> bool {
        let Some(man) = self.get(from) else { return false };
        let seat = self.seats[man.seat as usize];
        let enemy = |sq: Square| self.get(sq).is_some_and(|m| m.seat != man.seat && m.kind != KING);
        match man.kind {
            KNIGHT => {
                for d in LEAPS {
                    if let Some(to) = step(from, d).filter(|&to| self.get(to).is_none() || enemy(to)) {
                        if visit(to) {
                            return true;
                        }
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
                            None => {
                                if visit(next) {
                                    return true;
                                }
                            }
                            Some(_) => {
                                if enemy(next) && visit(next) {
                                    return true;
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
                                if (man.kind == KING || next.rank() != seat.back_rank) && visit(next) {
                                    return true;
                                }
                            }
                            Some(_) => {
                                if man.kind == KING && enemy(next) && visit(next) {
                                    return true;
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
                            if visit(to) {
                                return true;
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        false
    }

    /// Whether some man not of `seat` attacks `target` with one ordinary move (as if an enemy of it
    /// stood there: kings are attacked like any man). Looked up from the target outwards, as
    /// [`Board::moves_from`] would capture there: the game-end search asks it at every state it tries.
    pub fn attacked(&self, target: Square, seat: u8) -> bool {
        let enemy = |sq: Square, kinds: &[u8]| self.get(sq).filter(|m| m.seat != seat && kinds.contains(&m.kind));
        if LEAPS.iter().filter_map(|&d| step(target, d)).any(|sq| enemy(sq, &[KNIGHT]).is_some()) {
            return true;
        }
        for d in LINES {
            let diagonal = d.0 != 0 && d.1 != 0;
            let slider: &[u8] = if diagonal { &[QUEEN, BISHOP] } else { &[QUEEN, ROOK] };
            // The first man along the line, and how far: sliders take from any distance, kings from
            // one or two squares (never jumping).
            let mut sq = target;
            let mut distance = 0;
            while let Some(next) = step(sq, d) {
                distance += 1;
                if self.get(next).is_some() {
                    if enemy(next, slider).is_some() || (distance <= 2 && enemy(next, &[KING]).is_some()) {
                        return true;
                    }
                    break;
                }
                sq = next;
            }
            // Pawns take one square diagonally forward: from the square behind the target in their
            // direction.
            if diagonal {
                if let Some(pawn) = step(target, d).and_then(|sq| enemy(sq, &[PAWN])) {
                    if self.seats[pawn.seat as usize].forward == -d.1 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Every attack on `target` by a man not of `seat` ([`Board::attacked`] finds whether there is one),
    /// each passed to `visit` as the squares between the attacker and the target: the squares a man
    /// moving in would block it on, none for a knight's or a pawn's capture or an attack from next door.
    pub(super) fn each_attack(&self, target: Square, seat: u8, mut visit: impl FnMut(&[Square])) {
        self.each_attack_from(target, seat, |_, between| visit(between));
    }

    /// [`Board::each_attack`], with the attacker's square first.
    pub(super) fn each_attack_from(&self, target: Square, seat: u8, mut visit: impl FnMut(Square, &[Square])) {
        let enemy = |sq: Square, kinds: &[u8]| self.get(sq).filter(|m| m.seat != seat && kinds.contains(&m.kind));
        for sq in LEAPS.iter().filter_map(|&d| step(target, d)) {
            if enemy(sq, &[KNIGHT]).is_some() {
                visit(sq, &[]);
            }
        }
        let mut between = [Square(0); 16];
        for d in LINES {
            let diagonal = d.0 != 0 && d.1 != 0;
            let slider: &[u8] = if diagonal { &[QUEEN, BISHOP] } else { &[QUEEN, ROOK] };
            let mut sq = target;
            let mut distance = 0;
            while let Some(next) = step(sq, d) {
                if self.get(next).is_some() {
                    if enemy(next, slider).is_some() || (distance < 2 && enemy(next, &[KING]).is_some()) {
                        visit(next, &between[..distance]);
                    }
                    break;
                }
                between[distance] = next;
                distance += 1;
                sq = next;
            }
            if diagonal {
                if let Some((sq, pawn)) = step(target, d).and_then(|sq| Some((sq, enemy(sq, &[PAWN])?))) {
                    if self.seats[pawn.seat as usize].forward == -d.1 {
                        visit(sq, &[]);
                    }
                }
            }
        }
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
            let mut group = Vec::new();
            self.flood(start, seat, &mut seen, &mut group);
            crate::short_sort::sort(&mut group);
            groups.push(group);
        }
        groups
    }

    /// The seat's men outside valid groups (groups of fewer than 3), in square order.
    pub fn cut_off(&self, seat: u8) -> Vec<Square> {
        let mut seen = [false; 256];
        let mut group = Vec::with_capacity(16);
        let mut out = Vec::new();
        for (start, _) in self.men_of(seat) {
            if !seen[start.0 as usize] {
                self.flood(start, seat, &mut seen, &mut group);
                if group.len() < 3 {
                    out.extend_from_slice(&group);
                }
            }
        }
        crate::short_sort::sort(&mut out);
        out
    }

    /// Whether some man of the seat is outside a valid group ([`Board::cut_off`] not empty).
    pub fn any_cut_off(&self, seat: u8) -> bool {
        let mut seen = [false; 256];
        let mut group = Vec::with_capacity(16);
        for (start, _) in self.men_of(seat) {
            if !seen[start.0 as usize] {
                self.flood(start, seat, &mut seen, &mut group);
                if group.len() < 3 {
                    return true;
                }
            }
        }
        false
    }

    /// The group of the seat's man on `start`, sorted (what [`Board::groups`] lists for it).
    pub fn group_of(&self, start: Square, seat: u8) -> Vec<Square> {
        let mut group = Vec::with_capacity(16);
        self.flood(start, seat, &mut [false; 256], &mut group);
        crate::short_sort::sort(&mut group);
        group
    }

    /// Per square, whether a man stands there in a valid group (3 or more men of its seat connected),
    /// for every seat in one pass.
    pub fn grouped(&self) -> [bool; 256] {
        let mut seen = [false; 256];
        let mut marks = [false; 256];
        let mut group = Vec::with_capacity(16);
        for start in 0..=255u8 {
            if let (Some(man), false) = (self.get(Square(start)), seen[start as usize]) {
                self.flood(Square(start), man.seat, &mut seen, &mut group);
                if group.len() >= 3 {
                    for sq in &group {
                        marks[sq.0 as usize] = true;
                    }
                }
            }
        }
        marks
    }

    /// Collects into `group` (cleared first) the seat's men connected to `start` that `seen` does not
    /// mark yet, and marks them: the flood fill behind groups, without a list per group.
    pub(super) fn flood(&self, start: Square, seat: u8, seen: &mut [bool; 256], group: &mut Vec<Square>) {
        group.clear();
        group.push(start);
        seen[start.0 as usize] = true;
        let mut i = 0;
        while i < group.len() {
            let (around, count) = &AROUND[group[i].0 as usize];
            for &n in &around[..*count as usize] {
                let cell = self.cells[n as usize];
                if !seen[n as usize] && cell != 0 && (cell - 1) / 8 == seat {
                    seen[n as usize] = true;
                    group.push(Square(n));
                }
            }
            i += 1;
        }
    }

    /// Every rule a seat's setup breaks (judged on its own men only); empty when the setup is valid.
    pub fn setup_problems(&self, seat: u8) -> Vec<String> {
        let zone = self.seats[seat as usize];
        let mut problems = Vec::new();
        let men: Vec<(Square, Man)> = self.men_of(seat).collect();
        for (kind, count) in ARMY {
            let have = men.iter().filter(|(_, m)| m.kind == kind).count();
            if have != count as usize {
                let name = KINDS[kind as usize].name;
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
