//! Napoleon as a [`Position`]: the options of the decision under way, play, outcome, names and views.
//! Its capabilities (more seats, turn steps, a setup phase) are in `capabilities.rs`.

use super::*;

impl Position for Napoleon {
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
            Stage::Play { turn, selected: None } if matches!(turn.phase, Phase::Move { .. } | Phase::Rejoin { .. }) => {
                // The picks and the end of the step, as `options` lists them, without listing every
                // man's destinations (a third of the search's time went there).
                for from in turn.movable() {
                    if turn.can_go(from) {
                        out.push(Action(TAG_SELECT | from.0 as u64));
                    }
                }
                if turn.end_offered() {
                    out.push(Action(TAG_END));
                }
            }
            Stage::Play { turn, selected: None } => out.extend(options_as_actions(turn)),
        }
        out[start..].sort_unstable();
        let mut list = out.split_off(start);
        list.dedup();
        out.extend(list);
    }

    fn play(&mut self, action: Action) -> Result<()> {
        self.work = Work(0);
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
                        std::sync::Arc::make_mut(&mut self.setups)[seat as usize] =
                            Some(setup_text_of(&self.board, seat));
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
        // The board's own bytes are the pieces' codes (0 or `1 + seat * 8 + kind`).
        key.extend_from_slice(&self.board().cells);
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
        self.stage_notes(names, &mut regions, &mut notes);
        for seat in 0..self.players {
            if let Some(fate) = self.fates[seat as usize] {
                notes.push(format!("{} is out ({fate}).", names[seat as usize]));
            }
        }
        let limit = self.no_progress_limit();
        if self.quiet >= limit * 2 / 5 {
            notes.push(format!("{} turns without a capture or a man lost: the game is drawn at {limit}.", self.quiet));
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

/// The options of a decision without a man picked, from [`Turn::options`]: a pick per man with a
/// destination, the end of the step, the switch decisions.
pub(super) fn options_as_actions(turn: &Turn) -> Vec<Action> {
    let codes = turn.options().into_iter().map(|option| match option {
        TurnAction::Go { from, .. } => TAG_SELECT | from.0 as u64,
        TurnAction::EndPhase => TAG_END,
        TurnAction::Lose(_) => TAG_LOSE,
        TurnAction::SwitchOnto { target, .. } => TAG_SWITCH | target.0 as u64,
    });
    codes.map(Action).collect()
}

impl Napoleon {
    /// What the stage under way adds to the view: the setup zone and whose setup it is, or the moving
    /// group, the men waiting to rejoin and what the phase asks of the player.
    fn stage_notes(&self, names: &[&str], regions: &mut Vec<RegionView>, notes: &mut Vec<String>) {
        let board = self.board();
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
    }
}
