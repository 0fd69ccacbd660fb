//! Napoleon (RULINGS §2): 16x16 group chess for two or four players, with secret setups.
//!
//! The pieces of this file, in order:
//! - [`Board`]: who stands where, how each man moves ([`Board::moves_from`]), check, groups (men
//!   connected through the 8 neighbours; valid from 3 men) and the setup rules ([`Board::setup_problems`]).
//! - [`Turn`]: one player's turn as a sequence of decisions on its own board copy: the move phase (one
//!   group, each man once, one capture), the rejoining step and the switch step, with the options of
//!   the current decision ("local": legal now, minus what would end the turn illegally at once) and
//!   an exact search for a legal completion ([`Turn::has_legal_completion`]).
//! - [`canonical_order`]: the order a step's moves are recorded in (the board after a step depends only
//!   on its set of moves).
//! - Setups: setup text (`Kb1 Qk1 Ra1 …`), presets moved to any seat, random valid setups.
//! - [`Napoleon`], the [`Position`]: the setup plan (White seals, Black sets up in the open, White
//!   reveals; four players: three seal, the fourth sets up, three reveal), then turns; game end at the
//!   start of each turn; position text; views with group outlines.
//!
//! Decisions and action codes (ascending = canonical order within a decision): `1<<16 | square` places
//! the next man of a setup (king, queen, rooks, bishops, knights, pawns; each kind in square order),
//! `2<<16` seals a setup, `3<<16 | square` picks a man, `4<<16 | square` is its destination, `5<<16 |
//! square` switches the first cut-off man onto that grouped man, `6<<16` loses it, `7<<16` ends the
//! move phase (a pass when nothing moved) or the rejoining step. The page plays a pick and its
//! destination as one gesture ([`crate::rules::ActionInfo::select`]); the game rewrites a step's
//! moves into canonical order when the step ends ([`crate::rules::Position::canonical_step`]).
//!
//! Game end: at the start of each turn the search looks for a legal turn within a budget of decisions
//! (`TURN_SEARCH_BUDGET`), exploring each distinct state once and pruning rejoining moves that cannot
//! end next to an own man; without a legal turn the player loses (four players: is out). When the
//! budget runs out the player is given the benefit of the doubt and the game goes on (it then ends by
//! resignation if the position really is lost); the positions tested (kings cut off beyond saving)
//! are proved well within it. Quick tries for a way out come first ([`Turn::proved_without_legal_turn`]);
//! they save time, never change a verdict.
//!
//! Position text: 16 ranks from 16 down, `/`-separated, empty runs as numbers up to 16, White capitals
//! and Black small letters (four players: a capital and a seat letter `w`, `r`, `b`, `u`), then the
//! player to move, (four players: the players out or `-`,) the turns without progress and the turn
//! number. Mid-turn the text shows the board as it stands; a parsed position starts a turn.
//!
//! Squares are engine-wide [`Square`] values (`rank * 16 + file`), which on a 16x16 board are the
//! index itself.

use crate::board_text::{self, Problem, Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::{self, Kind};
use crate::rules::{
    self, Action, ActionInfo, ArmyCount, BoardView, EndReason, Outcome, PieceView, Position, RegionView, Rules, Seats,
    SettingSpec, SetupDraft, SetupDue, SetupPhase, TurnSteps, VariantInfo,
};
use crate::search::SearchTuning;
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

const LINES: [(i8, i8); 8] = pieces::COMPASS;
const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

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
const AROUND: [([u8; 8], u8); 256] = {
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

fn step(sq: Square, (df, dr): (i8, i8)) -> Option<Square> {
    let (f, r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
    ((0..SIDE as i8).contains(&f) && (0..SIDE as i8).contains(&r)).then(|| Square::new(f as u8, r as u8))
}

/// A Napoleon board: which man stands where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// Per square 0 when empty, else `1 + seat * 8 + kind`: one byte a square, as the board is copied,
    /// compared and keyed at every step of the game-end search.
    cells: [u8; 256],
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

    fn decode(cell: u8) -> Option<Man> {
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
            group.sort_unstable();
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
        out.sort_unstable();
        out
    }

    /// The group of the seat's man on `start`, sorted (what [`Board::groups`] lists for it).
    pub fn group_of(&self, start: Square, seat: u8) -> Vec<Square> {
        let mut group = Vec::with_capacity(16);
        self.flood(start, seat, &mut [false; 256], &mut group);
        group.sort_unstable();
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
    fn flood(&self, start: Square, seat: u8, seen: &mut [bool; 256], group: &mut Vec<Square>) {
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
    /// The moves of the current step (move phase or rejoining step), in the order played.
    pub step_moves: Vec<(Square, Square)>,
}

impl Turn {
    pub fn begin(board: Board, seat: u8) -> Turn {
        Turn {
            board,
            seat,
            phase: Phase::Move { group: None, captured: false },
            progress: false,
            step_moves: Vec::new(),
        }
    }

    /// Whether a board may end the turn: the king is there, not in check, and not in the queen's group,
    /// and the bishops (after switches) stand on squares of different colours.
    pub fn can_end(&self) -> bool {
        let b = &self.board;
        // One pass over the board for the men the rules name (this runs at every leaf of the game-end
        // search).
        let (mut king, mut queen, mut bishops) = (None, None, Vec::with_capacity(2));
        for (sq, man) in b.men_of(self.seat) {
            match man.kind {
                KING => king = king.or(Some(sq)),
                QUEEN => queen = queen.or(Some(sq)),
                BISHOP => bishops.push(sq),
                _ => {}
            }
        }
        let Some(king) = king else { return false };
        if b.attacked(king, self.seat) {
            return false;
        }
        if let Some(q) = queen {
            let mut kings_group = Vec::with_capacity(16);
            b.flood(king, self.seat, &mut [false; 256], &mut kings_group);
            if kings_group.contains(&q) {
                return false;
            }
        }
        !(bishops.len() == 2 && bishops[0].is_dark() == bishops[1].is_dark())
    }

    /// The men that may move now: the unmoved men of the moving group (any man before the first
    /// move), or the cut-off men still to rejoin.
    pub fn movable(&self) -> Vec<Square> {
        match &self.phase {
            Phase::Move { group: Some(g), .. } => g.clone(),
            Phase::Move { group: None, .. } => self.board.men_of(self.seat).map(|(sq, _)| sq).collect(),
            Phase::Rejoin { waiting, .. } => waiting.clone(),
            _ => Vec::new(),
        }
    }

    /// Where the man on `from` may move now (a `Go` option each): its ordinary moves, without a second
    /// capture in the move phase, quiet ones only when rejoining. Empty for a man that may not move.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        if !self.movable().contains(&from) {
            return Vec::new();
        }
        let quiet_only = match &self.phase {
            Phase::Move { captured, .. } => *captured,
            _ => true,
        };
        self.board.moves_from(from).into_iter().filter(|&to| !(quiet_only && self.board.get(to).is_some())).collect()
    }

    /// The moves of the men that may move now (the `Go` options, which never end the turn).
    fn moves(&self) -> Vec<TurnAction> {
        self.movable()
            .into_iter()
            .flat_map(|from| self.destinations(from).into_iter().map(move |to| TurnAction::Go { from, to }))
            .collect()
    }

    /// What the rules offer now, before the options that would end the turn illegally are left out.
    fn offered(&self) -> Vec<TurnAction> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Move { .. } | Phase::Rejoin { .. } => out.extend(self.moves()),
            Phase::Switch { waiting, targets } => {
                if let Some(&man) = waiting.first() {
                    // The king is never given up.
                    if self.board.get(man).is_some_and(|m| m.kind != KING) {
                        out.push(TurnAction::Lose(man));
                    }
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
        out
    }

    /// The options of the current decision: legal now, minus those that would end the turn illegally.
    pub fn options(&self) -> Vec<TurnAction> {
        self.tested_options().into_iter().map(|(a, _)| a).collect()
    }

    /// The options, each but the moves with the turn after it (tested on that copy, which the game-end
    /// search then goes on from).
    fn tested_options(&self) -> Vec<(TurnAction, Option<Turn>)> {
        let mut out = Vec::new();
        for a in self.offered() {
            // A move never ends the turn and always changes the board: nothing to test.
            if matches!(a, TurnAction::Go { .. }) {
                out.push((a, None));
                continue;
            }
            let mut next = self.clone();
            next.apply(a);
            // Not offered: what changes nothing (ending the rejoining step while a man that moved is still
            // cut off) and what ends the turn on an illegal board.
            if next != *self && (next.phase != Phase::Done || next.can_end()) {
                out.push((a, Some(next)));
            }
        }
        out
    }

    /// Plays a decision (one of `options`).
    pub fn apply(&mut self, action: TurnAction) {
        let seat = self.seat;
        match (std::mem::replace(&mut self.phase, Phase::Done), action) {
            (Phase::Move { group, captured }, TurnAction::Go { from, to }) => {
                let mut group = group.unwrap_or_else(|| {
                    if self.board.get(from).is_some_and(|m| m.seat == seat) {
                        self.board.group_of(from, seat)
                    } else {
                        Vec::new()
                    }
                });
                group.retain(|&sq| sq != from);
                let capture = self.board.get(to).is_some();
                self.progress |= capture;
                self.step_moves.push((from, to));
                let man = self.board.get(from);
                self.board.set(from, None);
                self.board.set(to, man);
                self.phase = Phase::Move { group: Some(group), captured: captured || capture };
            }
            (Phase::Move { .. }, TurnAction::EndPhase) => {
                self.step_moves.clear();
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
                self.step_moves.push((from, to));
                self.phase = Phase::Rejoin { waiting, moved };
            }
            (Phase::Rejoin { moved, waiting }, TurnAction::EndPhase) => {
                // Every man that moved in this step must now stand in a valid group.
                let cut = self.board.cut_off(seat);
                if moved.iter().any(|sq| cut.contains(sq)) {
                    self.phase = Phase::Rejoin { waiting, moved };
                    return;
                }
                self.step_moves.clear();
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

    /// Whether some sequence of decisions completes the turn legally: a depth-first search, ending the
    /// phase first, that explores each distinct state once (orders of the same moves meet in one state)
    /// and tries at most `budget` decisions. `None` when the budget ran out before an answer.
    pub fn has_legal_completion(&self, budget: &mut u32) -> Option<bool> {
        let mut search = TurnSearch {
            budget: *budget,
            seen: StateSet::with_capacity_and_hasher(256, Default::default()),
            key: Vec::with_capacity(320),
            move_limit: usize::MAX,
        };
        let found = self.search(&mut search);
        *budget = search.budget;
        found
    }

    /// Whether the player is proved to have no legal turn: the game-end verdict at the start of a turn
    /// (the exact search finds none within [`TURN_SEARCH_BUDGET`] decisions).
    ///
    /// Quick ways out are tried first: one man's move and the end of the phase, then the exact search
    /// limited to one move in the move phase (own budget). A king in check is usually saved so, while the
    /// full depth-first search may spend its whole budget inside the first group's sequences (0.05 s,
    /// then the benefit of the doubt). They cannot change the verdict: proving that no turn exists
    /// means exploring every state the turn can reach, each decision counted once, in any order.
    pub fn proved_without_legal_turn(&self) -> bool {
        if self.ends_after_one_move() || self.completes_within(1, QUICK_TURN_SEARCH_BUDGET) {
            return false;
        }
        let mut budget = TURN_SEARCH_BUDGET;
        self.has_legal_completion(&mut budget) == Some(false)
    }

    /// Whether one man's move followed by the end of the move phase completes the turn legally (no man
    /// cut off, the king safe).
    fn ends_after_one_move(&self) -> bool {
        self.phase == (Phase::Move { group: None, captured: false })
            && self.moves().into_iter().any(|a| {
                let mut next = self.clone();
                next.apply(a);
                next.apply(TurnAction::EndPhase);
                next.phase == Phase::Done && next.can_end()
            })
    }

    /// Whether the search with at most `moves` moves in the move phase finds a legal completion within
    /// `budget` decisions.
    fn completes_within(&self, moves: usize, budget: u32) -> bool {
        let mut search = TurnSearch {
            budget,
            seen: StateSet::with_capacity_and_hasher(256, Default::default()),
            key: Vec::with_capacity(320),
            move_limit: moves,
        };
        self.search(&mut search) == Some(true)
    }

    /// The state a search may meet again by another order of the same moves.
    fn state_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(320);
        self.write_state_key(&mut key);
        key
    }

    /// Writes [`Turn::state_key`] into `key` (cleared first), so a search reuses one buffer.
    fn write_state_key(&self, key: &mut Vec<u8>) {
        key.clear();
        key.extend_from_slice(&self.board.cells);
        let squares = |key: &mut Vec<u8>, list: &[Square]| {
            key.push(0xff);
            key.extend(list.iter().map(|sq| sq.0));
        };
        match &self.phase {
            Phase::Move { group, captured } => {
                key.push(1 + *captured as u8);
                squares(key, group.as_deref().unwrap_or(&[]));
                key.push(group.is_some() as u8);
            }
            Phase::Rejoin { waiting, moved } => {
                key.push(3);
                squares(key, waiting);
                let mut moved = moved.clone();
                moved.sort_unstable();
                squares(key, &moved);
            }
            Phase::Switch { waiting, targets } => {
                key.push(4);
                squares(key, waiting);
                squares(key, targets);
            }
            Phase::Done => key.push(5),
        }
    }

    fn search(&self, search: &mut TurnSearch) -> Option<bool> {
        if self.phase == Phase::Done {
            return Some(self.can_end());
        }
        // A state met before was (or is being) explored from there: nothing new below it.
        self.write_state_key(&mut search.key);
        if search.seen.contains(search.key.as_slice()) {
            return Some(false);
        }
        search.seen.insert(search.key.as_slice().into());
        let mut unknown = false;
        // Passing the move phase first: most turns can end so, and the man moves need not be listed.
        if matches!(self.phase, Phase::Move { .. }) {
            let mut next = self.clone();
            next.apply(TurnAction::EndPhase);
            // Offered as `options` offers it: the phase changes, so only an illegal end is left out (and a
            // legal end is the answer).
            let ends = next.phase == Phase::Done;
            if !ends || next.can_end() {
                if search.budget == 0 {
                    return None;
                }
                search.budget -= 1;
                match if ends { Some(true) } else { next.search(search) } {
                    Some(true) => return Some(true),
                    None => unknown = true,
                    Some(false) => {}
                }
            }
        }
        // Then the moves (the pass was tried above); in the other steps, ending the step first (often the
        // quickest way to a legal turn), the rest in their order, each from the copy its test made.
        let mut options: Vec<(TurnAction, Option<Turn>)> = if matches!(self.phase, Phase::Move { .. }) {
            if self.step_moves.len() >= search.move_limit {
                return if unknown { None } else { Some(false) };
            }
            self.moves().into_iter().map(|a| (a, None)).collect()
        } else {
            let (mut options, rest): (Vec<_>, Vec<_>) =
                self.tested_options().into_iter().partition(|(a, _)| matches!(a, TurnAction::EndPhase));
            options.extend(rest);
            options
        };
        if let Phase::Rejoin { waiting, moved } = &self.phase {
            // A rejoining man must end next to one of its own men: one that stays, or another cut-off man
            // where it stands or may go. Other moves only lead to dead ends.
            let reach: Vec<(Square, Vec<Square>)> = waiting
                .iter()
                .map(|&w| {
                    (w, self.board.moves_from(w).into_iter().filter(|&to| self.board.get(to).is_none()).collect())
                })
                .collect();
            // The squares next to a man that stays, and per cut-off man the squares next to it or to where
            // it may go: marked once, as every option is judged against them.
            let mark_around = |marks: &mut [bool; 256], sq: Square| {
                for n in LINES.iter().filter_map(|&d| step(sq, d)) {
                    marks[n.0 as usize] = true;
                }
            };
            let mut near_staying = [false; 256];
            for (sq, _) in self.board.men_of(self.seat).filter(|(sq, _)| !waiting.contains(sq)) {
                mark_around(&mut near_staying, sq);
            }
            let near_waiting: Vec<(Square, [bool; 256])> = reach
                .iter()
                .map(|(w, dests)| {
                    let mut marks = [false; 256];
                    for &sq in std::iter::once(w).chain(dests) {
                        mark_around(&mut marks, sq);
                    }
                    (*w, marks)
                })
                .collect();
            let useful = |from: Square, to: Square| {
                near_staying[to.0 as usize] || near_waiting.iter().any(|(w, marks)| *w != from && marks[to.0 as usize])
            };
            if moved.is_empty() {
                // Men that cannot rejoin are switched or lost; three of them are all lost, the king too.
                let hopeless: Vec<Square> =
                    reach.iter().filter(|(w, dests)| !dests.iter().any(|&d| useful(*w, d))).map(|(w, _)| *w).collect();
                let king = self.board.king(self.seat);
                if hopeless.len() >= 3 && king.is_some_and(|k| hopeless.contains(&k)) {
                    return Some(false);
                }
            }
            options.retain(|(a, _)| match *a {
                TurnAction::Go { from, to } => useful(from, to),
                _ => true,
            });
        }
        for (a, tested) in options {
            if search.budget == 0 {
                return None;
            }
            search.budget -= 1;
            let found = match tested {
                // It passed the test: a turn that ends there ends legally.
                Some(next) if next.phase == Phase::Done => Some(true),
                Some(next) => next.search(search),
                None => {
                    let mut next = self.clone();
                    next.apply(a);
                    next.search(search)
                }
            };
            match found {
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

/// The game-end search's bookkeeping: the decisions it may still try, the states it has explored, and
/// the buffer each state's key is written into (allocated only for new states).
struct TurnSearch {
    budget: u32,
    /// Moves the move phase may make (a quick search tries one; the exact search has no limit).
    move_limit: usize,
    seen: StateSet<Box<[u8]>>,
    key: Vec<u8>,
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
        rest.sort_unstable();
        order.extend(rest);
    }
    order
}

// -------------------------------------------------------------------------------------------------
// Setups

/// The men in the order a setup places them (each kind's men in square order).
const PLACING: [u8; 16] =
    [KING, QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN];

/// The kinds by this file's codes ([`KING`] = 0 … [`PAWN`] = 5). Setups and move names write their
/// letters in capitals (`Kb1`), the position text as the board field's hook says.
const KINDS: [Kind; 6] = [pieces::KING, pieces::QUEEN, pieces::ROOK, pieces::BISHOP, pieces::KNIGHT, pieces::PAWN];
/// The board field: 16 ranks, runs of any length.
const SHAPE: Shape = Shape { width: SIDE as usize, height: SIDE as usize, runs: Runs::Number(usize::MAX) };

/// The setup steps of a game in order: (seat, sealed). Two players: White seals, Black sets up in the
/// open, White reveals. Four players: the first three seal in turn, the fourth sets up in the open,
/// then the three reveal in turn.
fn setup_plan(players: u8) -> Vec<(u8, bool)> {
    if players == 4 {
        vec![(0, true), (1, true), (2, true), (3, false), (0, false), (1, false), (2, false)]
    } else {
        vec![(0, true), (1, false), (0, false)]
    }
}

/// Reads a setup text (`Kb1 Qk1 Ra1 …`, men in any order) into a board holding only `seat`'s men.
/// Fails on text that names no man or square; the setup rules are [`Board::setup_problems`]'s.
pub fn setup_board(players: u8, seat: u8, text: &str) -> Result<Board> {
    let bad = |m: String| Error::new(ErrorCode::BadPosition, m);
    let mut board = Board::empty(players);
    for token in text.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let kind = pieces::by_letter(&KINDS, letter)
            .filter(|_| letter.is_ascii_uppercase())
            .ok_or_else(|| bad(format!("'{token}': a man is a letter K, Q, R, B, N or P and a square, as Kb1.")))?;
        let sq = Square::parse(chars.as_str()).ok_or_else(|| bad(format!("'{token}': no such square.")))?;
        if board.get(sq).is_some() {
            return Err(bad(format!("Two men on {sq}.")));
        }
        board.set(sq, Some(Man { seat, kind }));
    }
    Ok(board)
}

/// The canonical text of a seat's men: king, queen, rooks, bishops, knights, pawns, each kind in square
/// order (`Kb1 Qk1 Ra1 Rc1 …`).
pub fn setup_text_of(board: &Board, seat: u8) -> String {
    let mut men: Vec<(u8, Square)> = board.men_of(seat).map(|(sq, m)| (m.kind, sq)).collect();
    men.sort_unstable();
    men.iter().map(|(kind, sq)| format!("{}{sq}", KINDS[*kind as usize].code)).collect::<Vec<_>>().join(" ")
}

/// A few ready-made setups, written for seat 0 of a two-player game (files a-p) or for the south-west
/// seat of a four-player game (files a-h); [`preset`] moves them to any seat.
pub const PRESETS_TWO: &[(&str, &str)] = &[
    ("Two wings", "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2"),
    ("Three groups", "Kc1 Qh1 Rb1 Rn1 Bd1 Bi1 Ng1 Nm1 Pb2 Pc2 Pd2 Pg2 Ph2 Pm2 Pn2 Po2"),
    ("Twin columns", "Kf1 Qk1 Re1 Rl1 Bg1 Bj1 Nd1 Nm1 Pd2 Pe2 Pf2 Pg2 Pj2 Pk2 Pl2 Pm2"),
];
pub const PRESETS_FOUR: &[(&str, &str)] = &[
    ("Two blocks", "Kb1 Qg1 Ra1 Rh1 Bc1 Bf1 Nb3 Ne1 Pa2 Pb2 Pc2 Pa3 Pe2 Pf2 Pg2 Ph2"),
    ("Corner and flank", "Kb2 Qg3 Ra1 Rh3 Bb1 Bh2 Nc1 Ng2 Pa2 Pa3 Pb3 Pc2 Pf2 Pf3 Pf4 Pg4"),
];

/// A preset's setup text for `seat`: mirrored to the top of the board for northern seats (which keeps
/// the bishops on squares of different colours) and shifted to files i-p for eastern ones.
pub fn preset(players: u8, seat: u8, index: usize) -> Option<String> {
    let list = if players == 4 { PRESETS_FOUR } else { PRESETS_TWO };
    let (_, text) = list.get(index)?;
    let zone = *seats(players).get(seat as usize)?;
    let board = setup_board(players, 0, text).ok()?;
    let mut moved = Board::empty(players);
    for (sq, m) in board.men_of(0) {
        let rank = if zone.back_rank == 0 { sq.rank() } else { SIDE - 1 - sq.rank() };
        moved.set(Square::new(sq.file() + zone.files.0, rank), Some(Man { seat, kind: m.kind }));
    }
    Some(setup_text_of(&moved, seat))
}

/// A random valid setup for `seat`, drawn from `seed`: two to four groups grown as random blobs that do
/// not touch, men dealt to them with the king and queen apart, retried until every rule holds.
pub fn random_setup(players: u8, seat: u8, seed: u64) -> String {
    let zone = seats(players)[seat as usize];
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = move |below: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % below.max(1)
    };
    let zone_squares: Vec<Square> = (zone.ranks.0..=zone.ranks.1)
        .flat_map(|r| (zone.files.0..=zone.files.1).map(move |f| Square::new(f, r)))
        .collect();
    for _ in 0..10_000 {
        let groups = 2 + next(3);
        let mut sizes = vec![3usize; groups];
        for _ in 0..16 - 3 * groups {
            let g = next(groups);
            sizes[g] += 1;
        }
        // Grow each group from a random seed square, never next to another group's squares.
        let mut owner = [usize::MAX; 256];
        let touches_other = |owner: &[usize; 256], sq: Square, g: usize| {
            LINES
                .iter()
                .filter_map(|&d| step(sq, d))
                .any(|n| owner[n.0 as usize] != usize::MAX && owner[n.0 as usize] != g)
        };
        let mut cells: Vec<Vec<Square>> = vec![Vec::new(); groups];
        let mut ok = true;
        for g in 0..groups {
            let free: Vec<Square> = zone_squares
                .iter()
                .copied()
                .filter(|&sq| owner[sq.0 as usize] == usize::MAX && !touches_other(&owner, sq, g))
                .collect();
            if free.is_empty() {
                ok = false;
                break;
            }
            let start = free[next(free.len())];
            owner[start.0 as usize] = g;
            cells[g].push(start);
            while cells[g].len() < sizes[g] {
                let frontier: Vec<Square> = cells[g]
                    .iter()
                    .flat_map(|&c| LINES.iter().filter_map(move |&d| step(c, d)))
                    .filter(|&n| zone_squares.contains(&n) && owner[n.0 as usize] == usize::MAX)
                    .filter(|&n| !touches_other(&owner, n, g))
                    .collect();
                if frontier.is_empty() {
                    ok = false;
                    break;
                }
                let pick = frontier[next(frontier.len())];
                owner[pick.0 as usize] = g;
                cells[g].push(pick);
            }
            if !ok {
                break;
            }
        }
        if !ok {
            continue;
        }
        // Deal the men: king to group 0, queen to group 1, the others shuffled; pawns only where they
        // may stand.
        let mut board = Board::empty(players);
        let mut squares: Vec<Vec<Square>> = cells.clone();
        for list in squares.iter_mut() {
            for i in (1..list.len()).rev() {
                let j = next(i + 1);
                list.swap(i, j);
            }
        }
        board.set(squares[0].pop().unwrap_or(Square(0)), Some(Man { seat, kind: KING }));
        board.set(squares[1].pop().unwrap_or(Square(0)), Some(Man { seat, kind: QUEEN }));
        // Shuffled, then the back-rank squares first: they get the pieces, so the pawns find room
        // elsewhere.
        let mut rest: Vec<Square> = squares.into_iter().flatten().collect();
        for i in (1..rest.len()).rev() {
            let j = next(i + 1);
            rest.swap(i, j);
        }
        let (mut rest, others): (Vec<Square>, Vec<Square>) =
            rest.into_iter().partition(|sq| sq.rank() == zone.back_rank);
        rest.extend(others);
        let kinds = [ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN];
        for (sq, kind) in rest.into_iter().zip(kinds) {
            board.set(sq, Some(Man { seat, kind }));
        }
        if board.setup_problems(seat).is_empty() {
            return setup_text_of(&board, seat);
        }
    }
    // Unreachable in practice (a valid deal is found within a few tries); a preset is always valid.
    preset(players, seat, 0).unwrap_or_default()
}

// -------------------------------------------------------------------------------------------------
// The position

const TAG_PLACE: u64 = 1 << 16;
const TAG_SEAL: u64 = 2 << 16;
const TAG_SELECT: u64 = 3 << 16;
const TAG_DEST: u64 = 4 << 16;
const TAG_SWITCH: u64 = 5 << 16;
const TAG_LOSE: u64 = 6 << 16;
const TAG_END: u64 = 7 << 16;

const SEAT_NAMES_TWO: &[&str] = &["White", "Black"];
const SEAT_NAMES_FOUR: &[&str] = &["White", "Red", "Black", "Blue"];
const SEAT_COLORS: [&str; 4] = ["white", "red", "black", "blue"];
/// Seat letters in position text.
const SEAT_LETTERS_TWO: [char; 2] = ['w', 'b'];
const SEAT_LETTERS_FOUR: [char; 4] = ['w', 'r', 'b', 'u'];

/// Decisions tried when looking for a legal turn at the start of a turn. A turn found within it is
/// certain; when the budget runs out the player is given the benefit of the doubt (see the module docs).
const TURN_SEARCH_BUDGET: u32 = 20_000;
/// Decisions the quick search for a way out (one move, then the other steps) may try first.
const QUICK_TURN_SEARCH_BUDGET: u32 = 2_000;
/// Decisions tried, mid-turn, to tell the player that the turn cannot be finished from here.
const DEAD_END_HINT_BUDGET: u32 = 2_000;

// A position is mostly in play; boxing the turn would only add an allocation per decision.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
enum Stage {
    /// Setup step `index` of the plan; `placed` holds the squares placed so far in this step.
    Setup { index: usize, placed: Vec<Square> },
    /// A turn in progress; `selected` is the man picked whose destination comes next.
    Play { turn: Turn, selected: Option<Square> },
}

/// A Napoleon position at one decision.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Napoleon {
    players: u8,
    /// The board at the start of the current turn (during setup: as placed so far).
    board: Board,
    stage: Stage,
    /// Seats that are out (bit per seat).
    out: u8,
    /// Seats that sealed their setup.
    sealed: u8,
    /// Each seat's setup text once placed.
    setups: Vec<Option<String>>,
    /// Turns in a row without a capture, a man lost or an elimination.
    quiet: u32,
    /// Turns completed.
    turns: u32,
    /// Why each seat left the game, for the notes.
    fates: Vec<Option<&'static str>>,
    outcome: Option<Outcome>,
}

impl Napoleon {
    pub fn start(players: u8) -> Napoleon {
        let players = if players == 4 { 4 } else { 2 };
        Napoleon {
            players,
            board: Board::empty(players),
            stage: Stage::Setup { index: 0, placed: Vec::new() },
            out: 0,
            sealed: 0,
            setups: vec![None; players as usize],
            quiet: 0,
            turns: 0,
            fates: vec![None; players as usize],
            outcome: None,
        }
    }

    fn seat_names(&self) -> &'static [&'static str] {
        if self.players == 4 {
            SEAT_NAMES_FOUR
        } else {
            SEAT_NAMES_TWO
        }
    }

    fn color(&self, seat: u8) -> &'static str {
        if self.players == 4 {
            SEAT_COLORS[seat as usize]
        } else {
            ["white", "black"][seat as usize]
        }
    }

    fn seat_letters(&self) -> &'static [char] {
        if self.players == 4 {
            &SEAT_LETTERS_FOUR
        } else {
            &SEAT_LETTERS_TWO
        }
    }

    fn is_out(&self, seat: u8) -> bool {
        self.out & (1 << seat) != 0
    }

    /// The board as it stands now (mid-turn: with the moves made so far).
    pub fn board(&self) -> &Board {
        match &self.stage {
            Stage::Play { turn, .. } => &turn.board,
            Stage::Setup { .. } => &self.board,
        }
    }

    pub fn turn(&self) -> Option<&Turn> {
        match &self.stage {
            Stage::Play { turn, .. } => Some(turn),
            Stage::Setup { .. } => None,
        }
    }

    /// The seat and men-to-place of the current setup step.
    fn setup_step(&self) -> Option<(u8, bool, &Vec<Square>)> {
        match &self.stage {
            Stage::Setup { index, placed } => setup_plan(self.players).get(*index).map(|&(s, seal)| (s, seal, placed)),
            Stage::Play { .. } => None,
        }
    }

    /// Skips setup steps of seats that are out, and starts play after the last one.
    fn advance_setup(&mut self, mut index: usize) {
        let plan = setup_plan(self.players);
        while index < plan.len() && self.is_out(plan[index].0) {
            index += 1;
        }
        if index < plan.len() {
            self.stage = Stage::Setup { index, placed: Vec::new() };
        } else {
            self.begin_turn_after(self.players - 1);
        }
    }

    /// Starts the turn of the first seat after `previous` still in, judging on the way every seat that
    /// has no legal turn (two players: it loses; four: it is out and play goes on).
    fn begin_turn_after(&mut self, previous: u8) {
        let mut seat = previous;
        loop {
            let active: Vec<u8> = (0..self.players).filter(|&s| !self.is_out(s)).collect();
            if active.len() == 1 {
                self.outcome = Some(Outcome::win(active[0], EndReason::LastKingStanding));
                self.stage = Stage::Play { turn: Turn::begin(self.board.clone(), active[0]), selected: None };
                return;
            }
            seat = (seat + 1) % self.players;
            if self.is_out(seat) {
                continue;
            }
            let turn = Turn::begin(self.board.clone(), seat);
            if self.quiet >= 50 * self.players as u32 {
                self.outcome = Some(Outcome::draw(EndReason::NoProgress));
                self.stage = Stage::Play { turn, selected: None };
                return;
            }
            if turn.proved_without_legal_turn() {
                let checked = turn.board.in_check(seat);
                if self.players == 2 {
                    let reason = if checked { EndReason::Checkmate } else { EndReason::NoLegalTurn };
                    self.outcome = Some(Outcome::win(1 - seat, reason));
                    self.stage = Stage::Play { turn, selected: None };
                    return;
                }
                self.eliminate(seat, if checked { "checkmated" } else { "no legal turn" });
                continue;
            }
            self.stage = Stage::Play { turn, selected: None };
            return;
        }
    }

    /// Takes a seat out of a four-player game: its men leave the board at once.
    fn eliminate(&mut self, seat: u8, fate: &'static str) {
        self.out |= 1 << seat;
        self.fates[seat as usize] = Some(fate);
        let squares: Vec<Square> = self.board.men_of(seat).map(|(sq, _)| sq).collect();
        for sq in squares {
            self.board.set(sq, None);
        }
        self.quiet = 0;
    }

    fn finish_turn(&mut self, turn: Turn) {
        self.quiet = if turn.progress { 0 } else { self.quiet.saturating_add(1) };
        // The turn number stays one the notation reads (1 to 65535), however long a game read from text.
        self.turns = (self.turns + 1).min(u16::MAX as u32 - 1);
        self.board = turn.board;
        self.begin_turn_after(turn.seat);
    }

    /// The squares a setup may use for its next man.
    fn placement_squares(&self, seat: u8, placed: &[Square]) -> Vec<Square> {
        let zone = self.board.seats[seat as usize];
        let kind = PLACING[placed.len()];
        let after = placed.last().filter(|_| !placed.is_empty() && PLACING[placed.len() - 1] == kind).copied();
        let mut out = Vec::new();
        for rank in zone.ranks.0..=zone.ranks.1 {
            for file in zone.files.0..=zone.files.1 {
                let sq = Square::new(file, rank);
                if self.board.get(sq).is_some() || (kind == PAWN && rank == zone.back_rank) {
                    continue;
                }
                if after.is_some_and(|a| sq <= a) {
                    continue;
                }
                if placed.len() == PLACING.len() - 1 {
                    // The last man completes the setup: it must end valid.
                    let mut b = self.board.clone();
                    b.set(sq, Some(Man { seat, kind }));
                    if !b.setup_problems(seat).is_empty() {
                        continue;
                    }
                }
                out.push(sq);
            }
        }
        out.sort_unstable();
        out
    }

    fn first_waiting(&self) -> Option<Square> {
        match &self.stage {
            Stage::Play { turn: Turn { phase: Phase::Switch { waiting, .. }, .. }, .. } => waiting.first().copied(),
            _ => None,
        }
    }

    /// Reads a position in Napoleon notation (see the module docs).
    pub fn from_text(text: &str, players: u8) -> Result<Napoleon> {
        let bad = |m: String| Error::new(ErrorCode::BadPosition, m);
        let mut p = Napoleon::start(players);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let expected = if p.players == 4 { 5 } else { 4 };
        if fields.len() != expected {
            // The other player count's field count: the position is probably of a game with the other setting.
            let other = match (p.players, fields.len()) {
                (2, 5) => " (a four-player position: give the game the four-player setting)",
                (4, 4) => " (a two-player position: give the game the two-player setting)",
                _ => "",
            };
            return Err(bad(format!(
                "A {}-player Napoleon position has {expected} fields (board, player to move, {}no-progress count, turn number); this one has {}{other}.",
                p.players,
                if p.players == 4 { "players out, " } else { "" },
                fields.len()
            )));
        }
        let letters = p.seat_letters();
        let mut problems = Vec::new();
        let four = p.players == 4;
        let mut board_problems = Vec::new();
        let piece = |c: char, rest: &mut &str, rank, problems: &mut Vec<Problem>| {
            let kind = pieces::by_letter(&KINDS, c)?;
            if !four {
                return Some(Man { seat: if c.is_ascii_uppercase() { 0 } else { 1 }, kind });
            }
            let mark = rest.chars().next().unwrap_or(' ');
            *rest = rest.get(mark.len_utf8()..).unwrap_or("");
            let seat = if !c.is_ascii_uppercase() {
                problems.push(Problem::Piece(format!(
                    "Rank {rank}: four-player men are written in capitals, then their seat letter (Kw)."
                )));
                0
            } else if let Some(seat) = letters.iter().position(|&l| l == mark) {
                seat as u8
            } else {
                problems.push(Problem::Piece(format!(
                    "Rank {rank}: '{c}{mark}' needs a seat letter w, r, b or u after the man."
                )));
                0
            };
            Some(Man { seat, kind })
        };
        board_text::read(fields[0], SHAPE, &mut board_problems, piece, |i, man| {
            p.board.set(Square(i as u8), Some(man))
        });
        // The first problem only, worded for this variant.
        if let Some(problem) = board_problems.into_iter().next() {
            return Err(bad(match problem {
                Problem::Ranks(n) => format!("The board needs 16 ranks separated by '/', not {n}."),
                Problem::Run { rank, run: 0 } => format!("Rank {rank}: an empty run of 0 squares."),
                Problem::Run { rank, .. } | Problem::Beyond { rank } => {
                    format!("Rank {rank} has more than 16 squares.")
                }
                Problem::Unknown { rank, c } => {
                    format!("Rank {rank}: '{c}' is not a man (K, Q, R, B, N, P) or a run length.")
                }
                Problem::Width { rank, squares } => format!("Rank {rank} has {squares} squares, not 16."),
                Problem::Piece(message) => message,
            }));
        }
        let to_move = fields[1]
            .chars()
            .next()
            .filter(|_| fields[1].len() == 1)
            .and_then(|c| letters.iter().position(|&l| l == c))
            .ok_or_else(|| {
                bad(format!("'{}' is not a player to move ({}).", fields[1], letters.iter().collect::<String>()))
            })? as u8;
        let mut next = 2;
        if p.players == 4 {
            if fields[2] != "-" {
                for c in fields[2].chars() {
                    let seat = letters
                        .iter()
                        .position(|&l| l == c)
                        .ok_or_else(|| bad(format!("'{}' is not a list of players out (or '-').", fields[2])))?;
                    p.out |= 1 << seat;
                    p.fates[seat] = Some("out");
                }
            }
            next = 3;
        }
        // Counters are read as u16 (as the chess family's clocks), so play can always count on.
        let quiet: u16 = fields[next]
            .parse()
            .map_err(|_| bad(format!("'{}' is not a no-progress count (0 to {}).", fields[next], u16::MAX)))?;
        p.quiet = quiet.into();
        let number: u16 = fields[next + 1]
            .parse()
            .map_err(|_| bad(format!("'{}' is not a turn number (1 to {}).", fields[next + 1], u16::MAX)))?;
        if number == 0 {
            return Err(bad("Turns are numbered from 1.".into()));
        }
        p.turns = u32::from(number) - 1;
        for seat in 0..p.players {
            let name = p.seat_names()[seat as usize];
            let men: Vec<Man> = p.board.men_of(seat).map(|(_, m)| m).collect();
            if p.is_out(seat) {
                if !men.is_empty() {
                    problems.push(format!("{name} is out but still has men on the board"));
                }
                continue;
            }
            for (kind, count) in ARMY {
                let have = men.iter().filter(|m| m.kind == kind).count();
                if kind == KING && have != 1 {
                    problems.push(format!("{name} needs exactly one king, not {have}"));
                } else if have > count as usize {
                    problems.push(format!("{name} has {have} {}s, more than {count}", KINDS[kind as usize].name));
                }
            }
            let back = p.board.seats[seat as usize].back_rank;
            for (sq, m) in p.board.men_of(seat) {
                if m.kind == PAWN && sq.rank() == back {
                    problems.push(format!("{name}'s pawn on {sq} stands on its own back rank"));
                }
            }
        }
        if p.is_out(to_move) {
            problems.push(format!("{} is to move but out", p.seat_names()[to_move as usize]));
        }
        if !problems.is_empty() {
            return Err(bad(format!("Impossible position: {}.", problems.join("; "))));
        }
        // Begin the turn of the side to move (judging whether it has one).
        p.begin_turn_after((to_move + p.players - 1) % p.players);
        Ok(p)
    }

    fn board_text(&self) -> String {
        let board = self.board();
        let letters = self.seat_letters();
        board_text::write(
            SHAPE,
            |i| board.get(Square(i as u8)),
            |m, text| {
                let letter = KINDS[m.kind as usize].letter;
                if self.players == 4 {
                    text.push(letter.to_ascii_uppercase());
                    text.push(letters[m.seat as usize]);
                } else {
                    text.push(board_text::cased(letter, m.seat == 0));
                }
            },
        )
    }

    fn man_name(&self, sq: Square) -> String {
        let kind = self.board().get(sq).map_or("?", |m| KINDS[m.kind as usize].code);
        format!("{kind}{sq}")
    }

    /// Turn-level perft: the number of sequences of `depth` complete turns from the start of a turn,
    /// where a turn is counted once per distinct record (each step's set of moves, whatever order it
    /// could be played in, then the switch decisions).
    pub fn turn_perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut turns = StateMap::default();
        self.collect_turns(&mut Vec::new(), &mut turns, &mut StateSet::default());
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.values().map(|after| after.turn_perft(depth - 1)).sum()
    }

    fn collect_turns(
        &self,
        path: &mut TurnRecord,
        seen: &mut StateMap<TurnRecord, Napoleon>,
        visited: &mut StateSet<(Vec<u8>, TurnRecord)>,
    ) {
        let Stage::Play { turn, selected } = &self.stage else { return };
        // Another order of the same moves reaches the same state with the same record: explored once.
        let mut state = turn.state_key();
        state.push(selected.map_or(0xff, |s| s.0));
        let mut record = path.clone();
        sort_steps(&mut record);
        if !visited.insert((state, record)) {
            return;
        }
        let seat = turn.seat;
        let turns = self.turns;
        let mut actions = Vec::new();
        self.actions(&mut actions);
        for a in actions {
            let mut next = self.clone();
            let step_tag = match &turn.phase {
                Phase::Move { .. } => 0,
                Phase::Rejoin { .. } => 1,
                _ => 2,
            };
            let record = match (a.0 & !0xffff, self.selected()) {
                (TAG_DEST, Some(from)) => Some((step_tag, from, Square((a.0 & 0xff) as u8))),
                (TAG_SWITCH, _) => Some((2, self.first_waiting().unwrap_or(Square(0)), Square((a.0 & 0xff) as u8))),
                (TAG_LOSE, _) => Some((3, self.first_waiting().unwrap_or(Square(0)), Square(0))),
                (TAG_END, _) => Some((4 + step_tag, Square(0), Square(0))),
                _ => None,
            };
            if next.play(a).is_err() {
                continue;
            }
            let pushed = record.is_some();
            if let Some(r) = record {
                path.push(r);
            }
            if next.turns != turns || next.outcome.is_some() || next.turn().is_some_and(|t| t.seat != seat) {
                // Sets of moves within a step, in order across steps.
                let mut key = path.clone();
                sort_steps(&mut key);
                seen.entry(key).or_insert(next);
            } else {
                next.collect_turns(path, seen, visited);
            }
            if pushed {
                path.pop();
            }
        }
    }

    fn selected(&self) -> Option<Square> {
        match &self.stage {
            Stage::Play { selected, .. } => *selected,
            Stage::Setup { .. } => None,
        }
    }
}

/// Hash sets and maps of search states with a fixed hasher: deterministic, and without the random keys
/// of the standard one (which this engine, free of entropy, has no use for). Sets stay exact: the hash
/// only places the keys, so a fast one that resists no attacker is enough (SipHash cost a tenth of
/// the game-end search).
type FixedHasher = std::hash::BuildHasherDefault<StateHasher>;

#[derive(Default)]
struct StateHasher(u64);

impl std::hash::Hasher for StateHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = (self.0.rotate_left(23) ^ hash_bytes(bytes)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 31)
    }
}

/// A fast 64-bit hash of a byte string (8 bytes at a time, multiply and shift).
fn hash_bytes(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(K).rotate_left(29);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h ^ u64::from_le_bytes(last)).wrapping_mul(K);
    h ^= h >> 32;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}
type StateSet<T> = std::collections::HashSet<T, FixedHasher>;
type StateMap<K, V> = std::collections::HashMap<K, V, FixedHasher>;

/// A turn's decisions for counting distinct turns: (step or marker, square, square).
type TurnRecord = Vec<(u8, Square, Square)>;

/// Sorts the moves of each step of a turn's path (the steps are separated by their end markers), so
/// that two orders of one set of moves compare equal.
fn sort_steps(path: &mut [(u8, Square, Square)]) {
    let mut start = 0;
    for i in 0..=path.len() {
        let boundary = i == path.len() || path[i].0 >= 2;
        if boundary {
            path[start..i].sort_unstable();
            start = i + 1;
        }
    }
}

impl Position for Napoleon {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> rules::Seat {
        match &self.stage {
            Stage::Setup { index, .. } => setup_plan(self.players).get(*index).map_or(0, |s| s.0),
            Stage::Play { turn, .. } => turn.seat,
        }
    }

    fn actions(&self, out: &mut Vec<Action>) {
        if self.outcome.is_some() {
            return;
        }
        let start = out.len();
        match &self.stage {
            Stage::Setup { .. } => {
                let Some((seat, seal, placed)) = self.setup_step() else { return };
                if seal {
                    out.push(Action(TAG_SEAL));
                } else {
                    out.extend(
                        self.placement_squares(seat, placed).into_iter().map(|sq| Action(TAG_PLACE | sq.0 as u64)),
                    );
                }
            }
            Stage::Play { turn, selected: Some(from) } => {
                out.extend(turn.destinations(*from).into_iter().map(|to| Action(TAG_DEST | to.0 as u64)));
            }
            Stage::Play { turn, selected } => {
                for option in turn.options() {
                    let code = match (option, selected) {
                        (TurnAction::Go { from, to }, Some(sel)) if from == *sel => TAG_DEST | to.0 as u64,
                        (TurnAction::Go { .. }, Some(_)) => continue,
                        (TurnAction::Go { from, .. }, None) => TAG_SELECT | from.0 as u64,
                        (_, Some(_)) => continue,
                        (TurnAction::EndPhase, None) => TAG_END,
                        (TurnAction::Lose(_), None) => TAG_LOSE,
                        (TurnAction::SwitchOnto { target, .. }, None) => TAG_SWITCH | target.0 as u64,
                    };
                    out.push(Action(code));
                }
            }
        }
        out[start..].sort_unstable();
        let mut list = out.split_off(start);
        list.dedup();
        out.extend(list);
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let no = || rules::not_an_option(action);
        let tag = action.0 & !0xffff;
        let sq = Square((action.0 & 0xff) as u8);
        match &mut self.stage {
            Stage::Setup { index, placed } => {
                let index = *index;
                let Some(&(seat, _)) = setup_plan(self.players).get(index) else { return Err(no()) };
                if tag == TAG_SEAL {
                    self.sealed |= 1 << seat;
                    self.advance_setup(index + 1);
                } else if tag == TAG_PLACE {
                    let kind = PLACING[placed.len().min(PLACING.len() - 1)];
                    placed.push(sq);
                    let done = placed.len() == PLACING.len();
                    self.board.set(sq, Some(Man { seat, kind }));
                    if done {
                        self.setups[seat as usize] = Some(setup_text_of(&self.board, seat));
                        self.advance_setup(index + 1);
                    }
                } else {
                    return Err(no());
                }
            }
            Stage::Play { turn, selected } => {
                let decision = match tag {
                    TAG_SELECT => {
                        *selected = Some(sq);
                        return Ok(());
                    }
                    TAG_DEST => match selected.take() {
                        Some(from) => TurnAction::Go { from, to: sq },
                        None => return Err(no()),
                    },
                    TAG_END => TurnAction::EndPhase,
                    TAG_LOSE | TAG_SWITCH => {
                        let Phase::Switch { waiting, .. } = &turn.phase else { return Err(no()) };
                        let Some(&man) = waiting.first() else { return Err(no()) };
                        if tag == TAG_LOSE {
                            TurnAction::Lose(man)
                        } else {
                            TurnAction::SwitchOnto { man, target: sq }
                        }
                    }
                    _ => return Err(no()),
                };
                turn.apply(decision);
                if turn.phase == Phase::Done {
                    let turn = turn.clone();
                    self.finish_turn(turn);
                }
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(270);
        let at_boundary = matches!(
            &self.stage,
            Stage::Play { turn: Turn { phase: Phase::Move { group: None, .. }, .. }, selected: None }
        );
        key.push(at_boundary as u8);
        key.push(self.to_move());
        key.push(self.out);
        let board = self.board();
        for i in 0..=255u8 {
            key.push(board.get(Square(i)).map_or(0, |m| 1 + m.seat * 8 + m.kind));
        }
        if !at_boundary {
            // Mid-turn and setup decisions are never "the same position" as another.
            key.extend_from_slice(&self.turns.to_le_bytes());
            match &self.stage {
                Stage::Setup { index, placed } => {
                    key.push(*index as u8);
                    key.extend(placed.iter().map(|sq| sq.0));
                }
                Stage::Play { turn, selected } => {
                    key.extend(turn.state_key());
                    key.push(selected.map_or(0xff, |sq| sq.0));
                }
            }
        }
        key
    }

    fn to_text(&self) -> String {
        let letters = self.seat_letters();
        let side = letters[self.to_move() as usize];
        let out = if self.players == 4 {
            let list: String = (0..4).filter(|&s| self.is_out(s)).map(|s| letters[s as usize]).collect();
            format!(" {}", if list.is_empty() { "-".to_string() } else { list })
        } else {
            String::new()
        };
        format!("{} {side}{out} {} {}", self.board_text(), self.quiet, self.turns + 1)
    }

    fn info(&self, action: Action) -> ActionInfo {
        // Only legal actions are asked about (the game checks); the tags are checked against the stage so
        // that a caller's mistake is shown as unknown rather than misnamed.
        let fits = matches!(
            (&self.stage, action.0 & !0xffff),
            (Stage::Setup { .. }, TAG_PLACE | TAG_SEAL)
                | (Stage::Play { selected: Some(_), .. }, TAG_DEST)
                | (Stage::Play { selected: None, .. }, TAG_SELECT | TAG_END | TAG_LOSE | TAG_SWITCH)
        );
        if !fits || self.outcome.is_some() {
            return ActionInfo::unknown();
        }
        let tag = action.0 & !0xffff;
        let sq = Square((action.0 & 0xff) as u8);
        let mut info = ActionInfo::default();
        match tag {
            TAG_SEAL => {
                info.name = "setup sealed".into();
                info.coord = "seal".into();
            }
            TAG_PLACE => {
                let placed = self.setup_step().map_or(0, |s| s.2.len());
                let kind = PLACING[placed.min(PLACING.len() - 1)];
                info.to = Some(sq);
                info.coord = format!("{}{sq}", KINDS[kind as usize].code);
                // Only the last man of a setup is named: the move list shows the setup as one entry.
                if placed == PLACING.len() - 1 {
                    let sealed = self.setup_step().is_some_and(|(seat, _, _)| self.sealed & (1 << seat) != 0);
                    info.name = if sealed { "setup revealed" } else { "set up" }.into();
                }
            }
            TAG_SELECT => {
                info.from = Some(sq);
                info.select = true;
                info.coord = sq.name();
            }
            TAG_DEST => {
                let from = self.selected().unwrap_or(sq);
                let capture = self.board().get(sq).is_some();
                info.from = Some(from);
                info.to = Some(sq);
                info.name = format!("{}{}{sq}", self.man_name(from), if capture { 'x' } else { '-' });
                info.coord = format!("{from}{sq}");
            }
            TAG_END => {
                let (name, coord) = match self.turn().map(|t| &t.phase) {
                    Some(Phase::Move { group: None, .. }) => ("pass", "pass"),
                    Some(Phase::Move { .. }) => ("end moves", "end"),
                    _ => ("end rejoining", "end"),
                };
                info.name = name.into();
                info.coord = coord.into();
            }
            TAG_LOSE => {
                let man = self.first_waiting().unwrap_or(sq);
                info.name = format!("{} lost", self.man_name(man));
                info.coord = format!("{man}x");
                info.marks = vec![man];
            }
            TAG_SWITCH => {
                let man = self.first_waiting().unwrap_or(sq);
                info.from = Some(man);
                info.to = Some(sq);
                info.name = format!("{}⇄{}", self.man_name(man), self.man_name(sq));
                info.coord = format!("{man}{sq}s");
            }
            _ => return ActionInfo::unknown(),
        }
        info
    }

    fn infos(&self, actions: &[Action]) -> Vec<ActionInfo> {
        actions.iter().map(|&a| self.info(a)).collect()
    }

    fn view(&self) -> BoardView {
        let board = self.board();
        let pieces = (0..=255u8)
            .filter_map(|i| {
                board.get(Square(i)).map(|m| PieceView {
                    square: Square(i),
                    kind: KINDS[m.kind as usize].code,
                    color: self.color(m.seat),
                    badge: None,
                    prongs: None,
                })
            })
            .collect();
        let names = self.seat_names();
        let active: Vec<u8> = (0..self.players).filter(|&s| !self.is_out(s)).collect();
        let checked_seats: Vec<u8> = active.iter().copied().filter(|&s| board.in_check(s)).collect();
        let checks = checked_seats.iter().filter_map(|&s| board.king(s)).collect::<Vec<_>>();
        let mut regions = Vec::new();
        let mut notes = Vec::new();
        for &seat in &active {
            for group in board.groups(seat) {
                let style = if group.len() >= 3 { "group" } else { "cut-off" };
                regions.push(RegionView { squares: group, color: self.color(seat), style });
            }
        }
        match &self.stage {
            Stage::Setup { .. } => {
                if let Some((seat, seal, _)) = self.setup_step() {
                    let zone = board.seats[seat as usize];
                    let squares = (zone.ranks.0..=zone.ranks.1)
                        .flat_map(|r| (zone.files.0..=zone.files.1).map(move |f| Square::new(f, r)))
                        .collect();
                    regions.push(RegionView { squares, color: self.color(seat), style: "zone" });
                    let name = names[seat as usize];
                    notes.push(if seal {
                        format!("{name} sets up in secret: the setup is sealed now and revealed when the others have set up.")
                    } else if self.sealed & (1 << seat) != 0 {
                        format!("{name} reveals the sealed setup.")
                    } else {
                        format!("{name} sets up.")
                    });
                }
            }
            Stage::Play { .. } if self.outcome.is_some() => {}
            Stage::Play { turn, selected } => {
                let name = names[turn.seat as usize];
                match &turn.phase {
                    Phase::Move { group: None, .. } => {
                        notes.push(format!("{name}: move phase. Move men of one group, or pass."));
                    }
                    Phase::Move { group: Some(left), captured } => {
                        regions.push(RegionView {
                            squares: left.clone(),
                            color: self.color(turn.seat),
                            style: "active",
                        });
                        notes.push(format!(
                            "{name}: move phase. {} more {} of this group may move{}; or end the moves.",
                            left.len(),
                            if left.len() == 1 { "man" } else { "men" },
                            if *captured { " (the capture is made)" } else { "" }
                        ));
                    }
                    Phase::Rejoin { waiting, .. } => {
                        regions.push(RegionView {
                            squares: waiting.clone(),
                            color: self.color(turn.seat),
                            style: "active",
                        });
                        let list: Vec<String> = waiting.iter().map(|&s| self.man_name(s)).collect();
                        notes.push(format!(
                            "{name}: connection phase. Cut-off men may each make one quiet move to rejoin a group{}.",
                            if list.is_empty() { String::new() } else { format!(" ({})", list.join(", ")) }
                        ));
                    }
                    Phase::Switch { waiting, .. } => {
                        if let Some(&man) = waiting.first() {
                            notes.push(format!(
                                "{name}: {} is cut off. Switch it onto a grouped man (not the king), or lose it.",
                                self.man_name(man)
                            ));
                        }
                    }
                    Phase::Done => {}
                }
                if selected.is_some() {
                    notes.push("Pick the destination.".into());
                }
            }
        }
        for seat in 0..self.players {
            if let Some(fate) = self.fates[seat as usize] {
                notes.push(format!("{} is out ({fate}).", names[seat as usize]));
            }
        }
        if self.quiet >= 20 * self.players as u32 {
            notes.push(format!(
                "{} turns without a capture or a man lost: the game is drawn at {}.",
                self.quiet,
                50 * self.players as u32
            ));
        }
        BoardView { width: SIDE, height: SIDE, pieces, checks, checked_seats, notes, regions, ..BoardView::default() }
    }

    fn setup_phase(&self) -> Option<&dyn SetupPhase> {
        Some(self)
    }

    fn turn_steps(&self) -> Option<&dyn TurnSteps> {
        Some(self)
    }

    fn seats(&self) -> Option<&dyn Seats> {
        Some(self)
    }

    fn seats_mut(&mut self) -> Option<&mut dyn Seats> {
        Some(self)
    }
}

impl Seats for Napoleon {
    fn active_seats(&self) -> Vec<rules::Seat> {
        (0..self.players).filter(|&s| !self.is_out(s)).collect()
    }

    fn resign(&mut self, seat: rules::Seat) -> bool {
        if self.players == 2 || self.is_out(seat) {
            return false;
        }
        let to_move = self.to_move();
        if let Stage::Play { turn, .. } = &self.stage {
            // The resigning player's turn in progress is dropped with it.
            self.board = if turn.seat == seat { self.board.clone() } else { turn.board.clone() };
        }
        self.eliminate(seat, "resigned");
        match &self.stage {
            Stage::Setup { index, .. } => {
                let index = *index;
                if to_move == seat {
                    self.advance_setup(index);
                }
                let active = self.active_seats();
                if active.len() == 1 {
                    self.outcome = Some(Outcome::win(active[0], EndReason::LastKingStanding));
                }
            }
            Stage::Play { .. } => {
                if to_move == seat {
                    self.begin_turn_after(seat);
                } else {
                    let board = self.board.clone();
                    if let Stage::Play { turn, .. } = &mut self.stage {
                        turn.board = board;
                    }
                    let active = self.active_seats();
                    if active.len() == 1 {
                        self.outcome = Some(Outcome::win(active[0], EndReason::LastKingStanding));
                    }
                }
            }
        }
        true
    }
}

impl TurnSteps for Napoleon {
    fn transient(&self) -> bool {
        match &self.stage {
            Stage::Play { selected, .. } => selected.is_some(),
            Stage::Setup { placed, .. } => !placed.is_empty(),
        }
    }

    fn canonical_step(&self, action: Action) -> Option<(usize, Vec<Action>)> {
        let Stage::Play { turn, selected: None } = &self.stage else { return None };
        if action.0 != TAG_END || turn.step_moves.len() < 2 {
            return None;
        }
        let order = canonical_order(&turn.step_moves);
        if order == turn.step_moves {
            return None;
        }
        let replay = order
            .iter()
            .flat_map(|&(from, to)| [Action(TAG_SELECT | from.0 as u64), Action(TAG_DEST | to.0 as u64)])
            .collect();
        Some((2 * order.len(), replay))
    }

    fn advice(&self) -> Vec<String> {
        let Stage::Play { turn, selected: None } = &self.stage else { return Vec::new() };
        if self.outcome.is_some() || turn.phase == (Phase::Move { group: None, captured: false }) {
            return Vec::new();
        }
        let mut budget = DEAD_END_HINT_BUDGET;
        if turn.has_legal_completion(&mut budget) == Some(false) {
            vec!["No legal way to finish this turn from here: take moves back with Undo.".into()]
        } else {
            Vec::new()
        }
    }

    /// A proved dead end inside the turn (a hint only: the options stay local, as the record needs).
    /// The turn's exact search (each distinct state once); with a man picked, over its destinations.
    /// `None` when the search's budget runs out.
    fn turn_can_end(&self) -> Option<bool> {
        let Stage::Play { turn, selected } = &self.stage else { return None };
        if self.outcome.is_some() {
            return None;
        }
        if selected.is_some() {
            let mut destinations = Vec::new();
            self.actions(&mut destinations);
            let mut verdict = Some(false);
            for action in destinations {
                let mut after = self.clone();
                if after.play(action).is_err() {
                    continue;
                }
                match after.turn_can_end() {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => verdict = None,
                }
            }
            return verdict;
        }
        let mut budget = DEAD_END_HINT_BUDGET;
        turn.has_legal_completion(&mut budget)
    }
}

impl SetupPhase for Napoleon {
    fn presets(&self, seat: rules::Seat) -> Vec<(&'static str, String)> {
        let list = if self.players == 4 { PRESETS_FOUR } else { PRESETS_TWO };
        (0..list.len()).filter_map(|i| Some((list[i].0, preset(self.players, seat, i)?))).collect()
    }

    fn random_setup(&self, seat: rules::Seat, seed: u64) -> Option<String> {
        (seat < self.players).then(|| random_setup(self.players, seat, seed))
    }

    fn setup_due(&self) -> Option<SetupDue> {
        let (seat, seal, placed) = self.setup_step()?;
        if !placed.is_empty() {
            return None;
        }
        Some(SetupDue { seat, seal, sealed: self.sealed & (1 << seat) != 0 })
    }

    fn setup_actions(&self, text: &str) -> Result<Vec<Action>> {
        let due = self.setup_due().ok_or_else(|| Error::new(ErrorCode::IllegalAction, "No setup is due now."))?;
        if due.seal {
            return Err(Error::new(ErrorCode::IllegalAction, "This setup is sealed, not placed."));
        }
        let canonical = self.setup_check(due.seat, text)?;
        let board = setup_board(self.players, due.seat, &canonical)?;
        let mut men: Vec<(u8, Square)> = board.men_of(due.seat).map(|(sq, m)| (m.kind, sq)).collect();
        men.sort_unstable();
        Ok(men.into_iter().map(|(_, sq)| Action(TAG_PLACE | sq.0 as u64)).collect())
    }

    fn setup_check(&self, seat: rules::Seat, text: &str) -> Result<String> {
        if seat >= self.players {
            return Err(Error::new(ErrorCode::BadPosition, format!("There is no seat {seat}.")));
        }
        let board = setup_board(self.players, seat, text)?;
        let problems = board.setup_problems(seat);
        if !problems.is_empty() {
            return Err(Error::new(
                ErrorCode::BadPosition,
                format!("This setup breaks the rules: {}.", problems.join("; ")),
            ));
        }
        Ok(setup_text_of(&board, seat))
    }

    fn setup_preview(&self, seat: rules::Seat, text: &str) -> SetupDraft {
        let draft = |board: BoardView, men: Vec<Man>, problems: Vec<String>| SetupDraft {
            board,
            army: ARMY
                .iter()
                .map(|&(kind, needed)| ArmyCount {
                    kind: KINDS[kind as usize].code,
                    color: self.color(seat.min(self.players - 1)),
                    name: KINDS[kind as usize].name,
                    needed,
                    placed: men.iter().filter(|m| m.kind == kind).count() as u8,
                })
                .collect(),
            problems,
        };
        if seat >= self.players {
            return draft(self.view(), Vec::new(), vec![format!("There is no seat {seat}.")]);
        }
        let board = match setup_board(self.players, seat, text) {
            Ok(board) => board,
            Err(e) => return draft(self.view(), Vec::new(), vec![e.message]),
        };
        let mut problems = board.setup_problems(seat);
        let mut preview = self.clone();
        for (sq, man) in board.men_of(seat) {
            if preview.board.get(sq).is_some() {
                problems.push(format!("{sq} is taken"));
                continue;
            }
            preview.board.set(sq, Some(man));
        }
        draft(preview.view(), board.men_of(seat).map(|(_, m)| m).collect(), problems)
    }

    fn setup_text(&self, seat: rules::Seat) -> Option<String> {
        self.setups.get(seat as usize).cloned().flatten()
    }
}

impl SearchTuning for Napoleon {
    /// Material, with men outside valid groups at half value (they are lost or cost a switch unless
    /// they rejoin) and a king outside a valid group at a pawn and a half less: group cohesion.
    fn evaluate(&self, seat: rules::Seat) -> i32 {
        const VALUES: [i32; 6] = pieces::values(&KINDS);
        let board = self.board();
        let grouped = board.grouped();
        let mut score = 0;
        for sq in (0..=255u8).map(Square) {
            let Some(man) = board.get(sq).filter(|m| !self.is_out(m.seat)) else { continue };
            let value = VALUES[man.kind as usize];
            let worth = if grouped[sq.0 as usize] {
                value
            } else if man.kind == KING {
                -150
            } else {
                value / 2
            };
            score += if man.seat == seat { worth } else { -worth };
        }
        score
    }

    /// A destination onto another player's man (a pick is never a capture by itself).
    fn capture_gain(&self, action: rules::Action) -> Option<i32> {
        // Taking a king is worth something here (a player loses a king's group, not the game).
        const VALUES: [i32; 6] = {
            let mut values = pieces::values(&KINDS);
            values[KING as usize] = 300;
            values
        };
        let Stage::Play { selected: Some(from), .. } = &self.stage else { return None };
        if action.0 & !0xffff != TAG_DEST {
            return None;
        }
        let board = self.board();
        let mover = board.get(*from)?;
        let victim = board.get(Square((action.0 & 0xffff) as u8)).filter(|v| v.seat != mover.seat)?;
        Some(VALUES[victim.kind as usize] - VALUES[mover.kind as usize] / 10)
    }

    /// Measured against orthodox chess in wasm (about 4 since the game-end search got faster: the
    /// Strongest level's 12.5k nodes took 71 ms where chess takes 300k in 290 ms), times 3 because a
    /// turn is several decisions (pick, destination, end of a step), each searched on its own: a turn
    /// then takes about the time of a chess move.
    fn node_weight(&self) -> u64 {
        12
    }
}

pub struct NapoleonRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 3,
    slug: "napoleon",
    name: "Napoleon",
    revision: 1,
    seat_names: SEAT_NAMES_TWO,
    settings: &[SettingSpec {
        key: "players",
        label: "Players",
        choices: &["Two players", "Four players"],
        default: 0,
    }],
    notation: "Napoleon position text",
    summary: "Group chess on 16x16 for two or four: secret setups, whole groups move at once.",
};

fn players_of(settings: &[u8]) -> u8 {
    if settings.first() == Some(&1) {
        4
    } else {
        2
    }
}

impl Rules for NapoleonRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn seat_names(&self, settings: &[u8]) -> &'static [&'static str] {
        if players_of(settings) == 4 {
            SEAT_NAMES_FOUR
        } else {
            SEAT_NAMES_TWO
        }
    }
    fn start(&self, settings: &[u8]) -> Box<dyn Position> {
        Box::new(Napoleon::start(players_of(settings)))
    }
    fn sits_north(&self, settings: &[u8], seat: rules::Seat) -> bool {
        seats(players_of(settings)).get(seat as usize).is_some_and(|s| s.back_rank == SIDE - 1)
    }
    fn parse_position(&self, text: &str, settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Napoleon::from_text(text, players_of(settings))?))
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
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
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
    fn a_king_beyond_saving_is_proved_within_the_budget() {
        // Three cut off, the king among them, none able to rejoin: no turn ends legally.
        let mut b = Board::empty(2);
        put(&mut b, 0, PAWN, &["a2", "b2", "c2"]);
        put(&mut b, 0, KING, &["p8"]);
        put(&mut b, 0, KNIGHT, &["a16", "i14"]);
        put(&mut b, 1, KING, &["h16"]);
        let turn = Turn::begin(b, 0);
        let mut budget = TURN_SEARCH_BUDGET;
        assert_eq!(turn.has_legal_completion(&mut budget), Some(false));
        assert!(turn.proved_without_legal_turn());
    }

    #[test]
    fn a_king_in_check_is_saved_by_the_quick_try() {
        // Black starts in check from the queen on o3 (revealed setups may do that). The depth-first
        // search spends its whole budget inside the first group's sequences without finding a way out;
        // one man's move is enough, and the quick try finds it.
        let text = "12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R b 1 2";
        let board = Napoleon::from_text(text, 2).expect("valid").board().clone();
        assert!(board.in_check(1));
        let turn = Turn::begin(board, 1);
        let mut budget = TURN_SEARCH_BUDGET;
        assert_eq!(turn.has_legal_completion(&mut budget), None);
        assert!(turn.ends_after_one_move());
        assert!(!turn.proved_without_legal_turn());
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
