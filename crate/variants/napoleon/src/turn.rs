//! One player's turn as a sequence of decisions on its own board copy: the move phase, the rejoining
//! step and the switch step, and the options of the current decision. The exact search for a legal
//! completion is in `completion.rs`, the order a step's moves are recorded in in `canonical.rs`.

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
}
