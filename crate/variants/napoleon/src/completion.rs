//! The exact search for a legal completion of a turn: the game-end verdict at the start of a turn,
//! the quick looks tried before it, the computer's way through a turn and its dead-end checks.

use super::*;

impl Turn {
    /// Whether some sequence of decisions completes the turn legally: a depth-first search, ending the
    /// phase first, that explores each distinct state once (orders of the same moves meet in one state)
    /// and tries at most `budget` decisions. `None` when the budget ran out before an answer.
    ///
    /// This is the game-end search: where its budget runs out decides which games end, so old links
    /// replay only while it explores in the same order (the men's moves in square order) and counts
    /// decisions alike. [`Turn::can_still_end`] is the same search made for a king in check.
    pub fn has_legal_completion(&self, budget: &mut u32) -> Option<bool> {
        self.search_within(usize::MAX, budget, &mut Vec::new(), false)
    }

    /// [`Turn::has_legal_completion`] with a king in check in mind, for the checks that decide no game
    /// (the dead-end hints, the computer's dead-end checks, [`Turn::completion`]): with the king
    /// attacked, the moves that leave fewer attacks on it come first, and a state where an attack can
    /// no longer be blocked or taken is a dead end at once ([`Turn::check_stays`]). The same verdicts
    /// where both answer; it answers more often (in square order a king in check at the start of a
    /// turn could have the search spend its whole budget inside the sequences of a group that cannot
    /// help).
    pub fn can_still_end(&self, budget: &mut u32) -> Option<bool> {
        self.search_within(usize::MAX, budget, &mut Vec::new(), true)
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
        self.proved_without_legal_turn_counting(&mut 0)
    }

    /// [`Turn::proved_without_legal_turn`], adding to `work` the decisions it tried (each move tried
    /// by the quick look counts as one), which the computer's search counts as part of its nodes.
    pub fn proved_without_legal_turn_counting(&self, work: &mut u64) -> bool {
        if self.ends_after_one_move_counting(work) {
            return false;
        }
        let mut quick = QUICK_TURN_SEARCH_BUDGET;
        let found = self.search_within(1, &mut quick, &mut Vec::new(), false);
        *work += u64::from(QUICK_TURN_SEARCH_BUDGET - quick);
        if found == Some(true) {
            return false;
        }
        let mut budget = TURN_SEARCH_BUDGET;
        let verdict = self.has_legal_completion(&mut budget);
        *work += u64::from(TURN_SEARCH_BUDGET - budget);
        verdict == Some(false)
    }

    /// Whether one man's move followed by the end of the move phase completes the turn legally (no man
    /// cut off, the king safe).
    #[cfg(test)]
    pub(super) fn ends_after_one_move(&self) -> bool {
        self.ends_after_one_move_counting(&mut 0)
    }

    fn ends_after_one_move_counting(&self, work: &mut u64) -> bool {
        self.phase == (Phase::Move { group: None, captured: false })
            && self.moves().into_iter().any(|a| {
                *work += 1;
                let mut next = self.clone();
                next.apply(a);
                next.apply(TurnAction::EndPhase);
                next.phase == Phase::Done && next.can_end()
            })
    }

    /// A legal way to complete the turn from here, as the decisions to take (empty when the turn is
    /// complete), found by the exact search. In the move phase it deepens: at most one more move (a quick
    /// look, [`QUICK_TURN_SEARCH_BUDGET`] decisions), then two and three more ([`DEEPENING_BUDGET`] each),
    /// then without limit within [`TURN_SEARCH_BUDGET`] decisions (38,000 in all); each distinct state
    /// explored once. `Some(None)` for a proved dead end, `None` when the budget ran out first. The
    /// decisions tried are added to `work`.
    ///
    /// The shallow looks come first because the search goes depth first: a king in check at the start of
    /// a turn may need its queen to step out of its group after it moved, and the full search can spend
    /// its whole budget on the long sequences of the first moves it tries.
    pub fn completion(&self, work: &mut u64) -> Option<Option<Vec<TurnAction>>> {
        let moved = self.step_moves.len();
        let deepening: &[(usize, u32)] = if matches!(self.phase, Phase::Move { .. }) {
            &[(moved + 1, QUICK_TURN_SEARCH_BUDGET), (moved + 2, DEEPENING_BUDGET), (moved + 3, DEEPENING_BUDGET)]
        } else {
            &[]
        };
        for &(moves, limit) in deepening {
            let mut budget = limit;
            let mut path = Vec::new();
            let found = self.search_within(moves, &mut budget, &mut path, true);
            *work += u64::from(limit - budget);
            if found == Some(true) {
                path.reverse();
                return Some(Some(path));
            }
        }
        // Only the search without a move limit proves a dead end.
        let mut budget = TURN_SEARCH_BUDGET;
        let mut path = Vec::new();
        let verdict = self.search_within(usize::MAX, &mut budget, &mut path, true);
        *work += u64::from(TURN_SEARCH_BUDGET - budget);
        path.reverse();
        verdict.map(|found| found.then_some(path))
    }

    /// The exact search with at most `moves` moves in the move phase, within `budget` decisions (what
    /// is left is written back); a way found is written into `path`, last decision first.
    /// `check_aware`: ordered and pruned for a king in check ([`Turn::can_still_end`]).
    fn search_within(
        &self,
        moves: usize,
        budget: &mut u32,
        path: &mut Vec<TurnAction>,
        check_aware: bool,
    ) -> Option<bool> {
        let mut search = TurnSearch {
            check_aware,
            budget: *budget,
            seen: StateSet::with_capacity_and_hasher(256, Default::default()),
            key: Vec::with_capacity(320),
            move_limit: moves,
            path: std::mem::take(path),
        };
        let found = self.search(&mut search);
        *budget = search.budget;
        *path = search.path;
        found
    }

    /// The state a search may meet again by another order of the same moves.
    pub(super) fn state_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(320);
        self.write_state_key(&mut key);
        key
    }

    /// Writes [`Turn::state_key`] into `key` (cleared first), so a search reuses one buffer.
    pub(super) fn write_state_key(&self, key: &mut Vec<u8>) {
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
                crate::short_sort::sort(&mut moved);
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

    pub(super) fn search(&self, search: &mut TurnSearch) -> Option<bool> {
        if self.phase == Phase::Done {
            return Some(self.can_end());
        }
        // A state met before was (or is being) explored from there: nothing new below it.
        self.write_state_key(&mut search.key);
        if search.seen.contains(search.key.as_slice()) {
            return Some(false);
        }
        search.seen.insert(search.key.as_slice().into());
        if search.check_aware && self.check_stays() {
            return Some(false);
        }
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
                    Some(true) => {
                        search.path.push(TurnAction::EndPhase);
                        return Some(true);
                    }
                    None => unknown = true,
                    Some(false) => {}
                }
            }
        }
        // Then the moves (the pass was tried above; checking aware, with the king attacked those that leave
        // fewer attacks first); in the other steps, ending the step first (often the quickest way to a legal turn), the
        // rest in their order, each from the copy its test made.
        let mut options: Vec<(TurnAction, Option<Turn>)> = if matches!(self.phase, Phase::Move { .. }) {
            if self.step_moves.len() >= search.move_limit {
                return if unknown { None } else { Some(false) };
            }
            let mut moves = self.moves();
            if search.check_aware {
                self.evasions_first(&mut moves);
            }
            moves.into_iter().map(|a| (a, None)).collect()
        } else {
            let (mut options, rest): (Vec<_>, Vec<_>) =
                self.tested_options().into_iter().partition(|(a, _)| matches!(a, TurnAction::EndPhase));
            options.extend(rest);
            options
        };
        if let Phase::Rejoin { waiting, moved } = &self.phase {
            if !self.keep_useful_rejoins(waiting, moved, &mut options) {
                return Some(false);
            }
        }
        self.search_options(options, search, unknown)
    }

    /// Keeps, of the rejoining step's `options`, the moves that may lead somewhere; false when the men
    /// that cannot rejoin are three or more with the king among them (all would be lost: no legal turn).
    fn keep_useful_rejoins(
        &self,
        waiting: &[Square],
        moved: &[Square],
        options: &mut Vec<(TurnAction, Option<Turn>)>,
    ) -> bool {
        // A rejoining man must end next to one of its own men: one that stays, or another cut-off man
        // where it stands or may go. Other moves only lead to dead ends.
        let reach: Vec<(Square, Vec<Square>)> = waiting
            .iter()
            .map(|&w| (w, self.board.moves_from(w).into_iter().filter(|&to| self.board.get(to).is_none()).collect()))
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
                return false;
            }
        }
        options.retain(|(a, _)| match *a {
            TurnAction::Go { from, to } => useful(from, to),
            _ => true,
        });
        true
    }

    /// Tries `options` in their order, each from the copy its test made (or a new one): whether one
    /// leads to a legal end (`None`: unknown, the budget ran out or a search below it did; `unknown`
    /// carries that from the options tried before).
    fn search_options(
        &self,
        options: Vec<(TurnAction, Option<Turn>)>,
        search: &mut TurnSearch,
        mut unknown: bool,
    ) -> Option<bool> {
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
                Some(true) => {
                    search.path.push(a);
                    return Some(true);
                }
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
pub(super) struct TurnSearch {
    pub(super) budget: u32,
    /// Moves the move phase may make (a quick search tries one; the exact search has no limit).
    pub(super) move_limit: usize,
    /// Ordered and pruned for a king in check ([`Turn::can_still_end`]); not in the game-end search.
    pub(super) check_aware: bool,
    pub(super) seen: StateSet<Box<[u8]>>,
    pub(super) key: Vec<u8>,
    /// The way found, last decision first (written as the search returns from it).
    pub(super) path: Vec<TurnAction>,
}
