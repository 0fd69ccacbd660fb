//! One player's turn as a sequence of decisions on its own board copy: the move phase, the rejoining
//! step and the switch step, the options of the current decision, the exact search for a legal
//! completion, and the canonical order a step's moves are recorded in.

use super::*;

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

    /// Whether the man on `from`, one that may move now, has a destination ([`Turn::destinations`]).
    pub(super) fn can_go(&self, from: Square) -> bool {
        let quiet_only = match &self.phase {
            Phase::Move { captured, .. } => *captured,
            _ => true,
        };
        self.board.has_move(from, quiet_only)
    }

    /// Whether ending the step is an option now, as [`Turn::tested_options`] judges it. In the move
    /// phase without a copy: the end changes only the phase there, so it is left out only when no man
    /// is cut off (the turn ends) and the board may not end the turn.
    pub(super) fn end_offered(&self) -> bool {
        match &self.phase {
            Phase::Move { .. } => self.board.any_cut_off(self.seat) || self.can_end(),
            Phase::Rejoin { .. } => {
                let mut next = self.clone();
                next.apply(TurnAction::EndPhase);
                next != *self && (next.phase != Phase::Done || next.can_end())
            }
            Phase::Switch { .. } | Phase::Done => false,
        }
    }

    /// The moves of the men that may move now (the `Go` options, which never end the turn).
    pub(super) fn moves(&self) -> Vec<TurnAction> {
        self.movable()
            .into_iter()
            .flat_map(|from| self.destinations(from).into_iter().map(move |to| TurnAction::Go { from, to }))
            .collect()
    }

    /// What the rules offer now, before the options that would end the turn illegally are left out.
    pub(super) fn offered(&self) -> Vec<TurnAction> {
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
    pub(super) fn tested_options(&self) -> Vec<(TurnAction, Option<Turn>)> {
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
                self.move_in_group(group, captured, from, to)
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
            (Phase::Rejoin { moved, waiting }, TurnAction::EndPhase) => self.end_rejoining(waiting, moved),
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

    /// A man of the moving group moves (the first move picks the group, `from`'s own).
    fn move_in_group(&mut self, group: Option<Vec<Square>>, captured: bool, from: Square, to: Square) {
        let seat = self.seat;
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

    /// The end of the rejoining step: it stays open while a man that moved is still cut off; then three
    /// or more men still cut off are lost, one or two are switched (or lost), none ends the turn.
    fn end_rejoining(&mut self, waiting: Vec<Square>, moved: Vec<Square>) {
        let seat = self.seat;
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

/// The squares strictly between `from` and `to` when they share a line (none for a knight's leap).
pub(super) fn between(from: Square, to: Square) -> Vec<Square> {
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

/// The canonical order of one step's moves (docs/rules.md, Napoleon, "Decisions and canonical order"): the board
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
    // The moves free to go next; the one from the lowest square (then the earliest listed) goes first. A
    // scan of a plain list: a turn moves a few men, and collecting a BTreeSet brought a stable sort of
    // about 9 KB into the page's wasm for this list alone.
    let mut ready: Vec<(Square, usize)> = (0..n).filter(|&i| waiting_for[i] == 0).map(|i| (moves[i].0, i)).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(first) = (0..ready.len()).min_by_key(|&k| ready[k]) {
        let (_, i) = ready.swap_remove(first);
        order.push(moves[i]);
        for &j in &after[i] {
            waiting_for[j] -= 1;
            if waiting_for[j] == 0 {
                ready.push((moves[j].0, j));
            }
        }
    }
    // A set that was never played could hold a cycle; keep its remaining moves rather than drop them.
    if order.len() < n {
        let mut rest: Vec<_> = moves.iter().filter(|m| !order.contains(m)).copied().collect();
        crate::short_sort::sort(&mut rest);
        order.extend(rest);
    }
    order
}
