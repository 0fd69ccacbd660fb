//! [`Napoleon`], the position: the setup plan, then turns; the game end at the start of each turn;
//! the turn-search state hashing. The position text is in `text.rs`.

use super::*;

pub(super) const TAG_PLACE: u64 = 1 << 16;
pub(super) const TAG_SEAL: u64 = 2 << 16;
pub(super) const TAG_SELECT: u64 = 3 << 16;
pub(super) const TAG_DEST: u64 = 4 << 16;
pub(super) const TAG_SWITCH: u64 = 5 << 16;
pub(super) const TAG_LOSE: u64 = 6 << 16;
pub(super) const TAG_END: u64 = 7 << 16;

pub(super) const SEAT_NAMES_TWO: &[&str] = &["White", "Black"];
pub(super) const SEAT_NAMES_FOUR: &[&str] = &["White", "Red", "Black", "Blue"];
pub(super) const SEAT_COLORS: [&str; 4] = ["white", "red", "black", "blue"];
/// Seat letters in position text.
pub(super) const SEAT_LETTERS_TWO: [char; 2] = ['w', 'b'];
pub(super) const SEAT_LETTERS_FOUR: [char; 4] = ['w', 'r', 'b', 'u'];

/// Decisions tried when looking for a legal turn at the start of a turn. A turn found within it is
/// certain; when the budget runs out the player is given the benefit of the doubt (see the module docs).
pub(super) const TURN_SEARCH_BUDGET: u32 = 20_000;
/// Decisions the quick search for a way out (one move, then the other steps) may try first.
pub(super) const QUICK_TURN_SEARCH_BUDGET: u32 = 2_000;
/// Decisions each deeper look for a way through the turn (two, then three more moves) may try before
/// the search without a move limit ([`Turn::completion`]).
pub(super) const DEEPENING_BUDGET: u32 = 8_000;
/// Decisions tried, mid-turn, to tell the player that the turn cannot be finished from here.
pub(super) const DEAD_END_HINT_BUDGET: u32 = 2_000;

/// Game-end verdicts remembered ([`Napoleon::proved_without_legal_turn`]); all are forgotten when
/// there are this many (about 1 MB).
const REMEMBERED_VERDICTS: usize = 4096;

thread_local! {
    /// The remembered verdicts, by players, seat and board: per thread, so that nothing is shared
    /// between the games a match plays on several threads.
    static VERDICTS: std::cell::RefCell<std::collections::HashMap<Box<[u8]>, bool, FixedHasher>> =
        std::cell::RefCell::new(std::collections::HashMap::default());
}

// A position is mostly in play; boxing the turn would only add an allocation per decision.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Stage {
    /// Setup step `index` of the plan; `placed` holds the squares placed so far in this step.
    Setup { index: usize, placed: Vec<Square> },
    /// A turn in progress; `selected` is the man picked whose destination comes next.
    Play { turn: Turn, selected: Option<Square> },
}

/// A Napoleon position at one decision.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Napoleon {
    pub(super) players: u8,
    /// The board at the start of the current turn (during setup: as placed so far).
    pub(super) board: Board,
    pub(super) stage: Stage,
    /// Seats that are out (bit per seat).
    pub(super) out: u8,
    /// Seats that sealed their setup.
    pub(super) sealed: u8,
    /// Each seat's setup text once placed.
    /// Shared between copies (the search copies the position at every node; a setup is written once).
    pub(super) setups: std::sync::Arc<Vec<Option<String>>>,
    /// Turns in a row without a capture, a man lost or an elimination.
    pub(super) quiet: u32,
    /// Turns completed.
    pub(super) turns: u32,
    /// Why each seat left the game, for the notes.
    pub(super) fates: [Option<&'static str>; 4],
    pub(super) outcome: Option<Outcome>,
    /// Decisions the game-end check tried during the last decision played (see [`Work`]).
    pub(super) work: Work,
}

/// What the last decision played cost beyond itself: the decisions the next player's game-end check
/// tried when it ended a turn (up to [`TURN_SEARCH_BUDGET`] and the quick looks). The computer's search
/// counts it in its nodes ([`crate::rules::SearchTuning::play_work`]). No part of the game: every
/// position equals another whatever it holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Work(pub(super) u64);

impl PartialEq for Work {
    fn eq(&self, _other: &Work) -> bool {
        true
    }
}

impl Eq for Work {}

impl Napoleon {
    pub fn start(players: u8) -> Napoleon {
        let players = if players == 4 { 4 } else { 2 };
        Napoleon {
            players,
            board: Board::empty(players),
            stage: Stage::Setup { index: 0, placed: Vec::new() },
            out: 0,
            sealed: 0,
            setups: std::sync::Arc::new(vec![None; players as usize]),
            quiet: 0,
            turns: 0,
            fates: [None; 4],
            outcome: None,
            work: Work(0),
        }
    }

    pub(super) fn seat_names(&self) -> &'static [&'static str] {
        if self.players == 4 {
            SEAT_NAMES_FOUR
        } else {
            SEAT_NAMES_TWO
        }
    }

    pub(super) fn color(&self, seat: u8) -> &'static str {
        if self.players == 4 {
            SEAT_COLORS[seat as usize]
        } else {
            ["white", "black"][seat as usize]
        }
    }

    pub(super) fn seat_letters(&self) -> &'static [char] {
        if self.players == 4 {
            &SEAT_LETTERS_FOUR
        } else {
            &SEAT_LETTERS_TWO
        }
    }

    pub(super) fn is_out(&self, seat: u8) -> bool {
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
    pub(super) fn setup_step(&self) -> Option<(u8, bool, &Vec<Square>)> {
        match &self.stage {
            Stage::Setup { index, placed } => setup_plan(self.players).get(*index).map(|&(s, seal)| (s, seal, placed)),
            Stage::Play { .. } => None,
        }
    }

    /// Skips setup steps of seats that are out, and starts play after the last one.
    pub(super) fn advance_setup(&mut self, mut index: usize) {
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
    pub(super) fn begin_turn_after(&mut self, previous: u8) {
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
            if self.quiet >= self.no_progress_limit() {
                self.outcome = Some(Outcome::draw(EndReason::NoProgress));
                self.stage = Stage::Play { turn, selected: None };
                return;
            }
            if self.proved_without_legal_turn(&turn) {
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

    /// The game-end verdict for `turn`, a turn about to begin ([`Turn::proved_without_legal_turn`]),
    /// remembered: the search plays the same turn ends again and again (each iteration of its
    /// deepening plays the root's actions anew, and orders of the same moves meet), and a verdict can
    /// take 20,000 decisions. It depends on the board and the seat alone, so a remembered verdict is
    /// the one the check would give. The decisions a check tries are added to `self.work`; a verdict
    /// remembered costs none. The search makes the table forget all as it begins
    /// ([`crate::rules::SearchTuning::search_begins`]), so what it counts, and so what it plays,
    /// depends on that search alone, never on what the thread did before.
    fn proved_without_legal_turn(&mut self, turn: &Turn) -> bool {
        let mut key = Vec::with_capacity(258);
        key.push(self.players);
        key.push(turn.seat);
        key.extend_from_slice(&turn.board.cells);
        if let Some(verdict) = VERDICTS.with(|v| v.borrow().get(key.as_slice()).copied()) {
            return verdict;
        }
        let mut work = 0;
        let verdict = turn.proved_without_legal_turn_counting(&mut work);
        self.work.0 += work;
        VERDICTS.with(|v| {
            let mut v = v.borrow_mut();
            if v.len() >= REMEMBERED_VERDICTS {
                v.clear();
            }
            v.insert(key.into_boxed_slice(), verdict);
        });
        verdict
    }

    /// Forgets every remembered game-end verdict (see [`Napoleon::proved_without_legal_turn`]).
    pub(super) fn forget_verdicts() {
        VERDICTS.with(|v| v.borrow_mut().clear());
    }

    /// Turns without progress that draw the game: 50 per player still in (docs/rules.md: 50 x the
    /// players still in, in four-player games too).
    pub(super) fn no_progress_limit(&self) -> u32 {
        50 * (self.players as u32 - self.out.count_ones())
    }

    /// Takes a seat out of a four-player game: its men leave the board at once.
    pub(super) fn eliminate(&mut self, seat: u8, fate: &'static str) {
        self.out |= 1 << seat;
        self.fates[seat as usize] = Some(fate);
        let squares: Vec<Square> = self.board.men_of(seat).map(|(sq, _)| sq).collect();
        for sq in squares {
            self.board.set(sq, None);
        }
        self.quiet = 0;
    }

    pub(super) fn finish_turn(&mut self, turn: Turn) {
        self.quiet = if turn.progress { 0 } else { self.quiet.saturating_add(1) };
        // The turn number stays one the notation reads (1 to 65535), however long a game read from text.
        self.turns = (self.turns + 1).min(u16::MAX as u32 - 1);
        self.board = turn.board;
        self.begin_turn_after(turn.seat);
    }

    /// The squares a setup may use for its next man.
    pub(super) fn placement_squares(&self, seat: u8, placed: &[Square]) -> Vec<Square> {
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
        crate::short_sort::sort(&mut out);
        out
    }

    pub(super) fn first_waiting(&self) -> Option<Square> {
        match &self.stage {
            Stage::Play { turn: Turn { phase: Phase::Switch { waiting, .. }, .. }, .. } => waiting.first().copied(),
            _ => None,
        }
    }

    pub(super) fn man_name(&self, sq: Square) -> String {
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

    pub(super) fn collect_turns(
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

    pub(super) fn selected(&self) -> Option<Square> {
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
pub(super) type FixedHasher = std::hash::BuildHasherDefault<StateHasher>;

#[derive(Default)]
pub(super) struct StateHasher(u64);

impl std::hash::Hasher for StateHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = (self.0.rotate_left(23) ^ hash_bytes(bytes)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 31)
    }
}

/// A fast 64-bit hash of a byte string (8 bytes at a time, multiply and shift).
pub(super) fn hash_bytes(bytes: &[u8]) -> u64 {
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
pub(super) type StateSet<T> = std::collections::HashSet<T, FixedHasher>;
pub(super) type StateMap<K, V> = std::collections::HashMap<K, V, FixedHasher>;

/// A turn's decisions for counting distinct turns: (step or marker, square, square).
pub(super) type TurnRecord = Vec<(u8, Square, Square)>;

/// Sorts the moves of each step of a turn's path (the steps are separated by their end markers), so
/// that two orders of one set of moves compare equal.
pub(super) fn sort_steps(path: &mut [(u8, Square, Square)]) {
    let mut start = 0;
    for i in 0..=path.len() {
        let boundary = i == path.len() || path[i].0 >= 2;
        if boundary {
            crate::short_sort::sort(&mut path[start..i]);
            start = i + 1;
        }
    }
}
