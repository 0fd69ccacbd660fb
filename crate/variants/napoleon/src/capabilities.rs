//! Napoleon's capabilities: more seats than two, turns of several steps (canonical steps, dead ends,
//! the computer's way through a turn) and the setup phase.

use super::*;

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

impl Napoleon {
    /// With a man picked, each of its destinations and the position after it (the turn goes on: a
    /// destination never ends it).
    fn after_each_destination(&self) -> impl Iterator<Item = (Action, Napoleon)> + '_ {
        let mut destinations = Vec::new();
        self.actions(&mut destinations);
        destinations.into_iter().filter_map(move |action| {
            let mut after = self.clone();
            (after.play(action).is_ok() && after.to_move() == self.to_move()).then_some((action, after))
        })
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

    /// Ending the move phase: the men moved so far stay moved, no more are searched.
    fn out_of_time(&self) -> Option<Action> {
        let Stage::Play { turn, selected: None } = &self.stage else { return None };
        (self.outcome.is_none() && matches!(turn.phase, Phase::Move { .. })).then_some(Action(TAG_END))
    }

    fn advice(&self) -> Vec<String> {
        let Stage::Play { turn, selected: None } = &self.stage else { return Vec::new() };
        if self.outcome.is_some() || turn.phase == (Phase::Move { group: None, captured: false }) {
            return Vec::new();
        }
        let mut budget = DEAD_END_HINT_BUDGET;
        if turn.can_still_end(&mut budget) == Some(false) {
            vec!["No legal way to finish this turn from here: take moves back with Undo.".into()]
        } else {
            Vec::new()
        }
    }

    /// A proved dead end inside the turn (a hint only: the options stay local, as the record needs).
    /// The turn's exact search (each distinct state once); with a man picked, over its destinations.
    /// `None` when the search's budget (at most [`DEAD_END_HINT_BUDGET`] decisions and what `budget`
    /// holds, which pays for them) runs out.
    fn turn_can_end(&self, budget: &mut u64) -> Option<bool> {
        let Stage::Play { turn, selected } = &self.stage else { return None };
        if self.outcome.is_some() {
            return None;
        }
        if selected.is_some() {
            let mut verdict = Some(false);
            for (_, after) in self.after_each_destination() {
                match after.turn_can_end(budget) {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => verdict = None,
                }
            }
            return verdict;
        }
        let limit = (*budget).min(u64::from(DEAD_END_HINT_BUDGET)) as u32;
        let mut left = limit;
        let verdict = turn.can_still_end(&mut left);
        *budget -= u64::from(limit - left);
        verdict
    }

    /// The turn's exact search ([`Turn::completion`]) as the decisions of this position; with a man
    /// picked, over its destinations (a dead end when every one is proved one).
    fn completion(&self, work: &mut u64) -> Option<Option<Vec<Action>>> {
        let Stage::Play { turn, selected } = &self.stage else { return None };
        if self.outcome.is_some() {
            return None;
        }
        if selected.is_some() {
            let mut proved = true;
            for (action, after) in self.after_each_destination() {
                *work += 1;
                match after.completion(work) {
                    Some(Some(mut path)) => {
                        path.insert(0, action);
                        return Some(Some(path));
                    }
                    Some(None) => {}
                    None => proved = false,
                }
            }
            return proved.then_some(None);
        }
        let steps = turn.completion(work)?;
        Some(steps.map(|steps| {
            steps
                .into_iter()
                .flat_map(|step| match step {
                    TurnAction::Go { from, to } => {
                        vec![Action(TAG_SELECT | from.0 as u64), Action(TAG_DEST | to.0 as u64)]
                    }
                    TurnAction::EndPhase => vec![Action(TAG_END)],
                    TurnAction::Lose(_) => vec![Action(TAG_LOSE)],
                    TurnAction::SwitchOnto { target, .. } => vec![Action(TAG_SWITCH | target.0 as u64)],
                })
                .collect()
        }))
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
        crate::short_sort::sort(&mut men);
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
                    name: KINDS[kind as usize].name.to_string(),
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
