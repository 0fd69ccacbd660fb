//! What the page draws and says about a move: action infos and the board view.

use super::*;

impl Chess2024 {
    pub(super) fn info_in(&self, action: Action, legal: &[Move24]) -> ActionInfo {
        let legal = legal.to_vec();
        let Some(m) = legal.iter().copied().find(|&m| Chess2024::action_of(m) == action) else {
            return ActionInfo::unknown();
        };
        let (from, to, suffix) = match m {
            Move24::Step { from, to } => (from, to, ""),
            Move24::Fire { cannon, landing } => (cannon, landing, "f"),
            Move24::Frontal { lead, to } => (lead, to, "a"),
            Move24::Substitute { remove, bring } => return self.substitution_info(m, remove, bring, &legal),
            Move24::CallArchers { .. } => {
                let name = self.name(m, &legal);
                return ActionInfo {
                    coord: name.trim_end_matches(['+', '#']).to_string(),
                    name,
                    marks: self.marks(m),
                    group: Some("Call archers"),
                    ..Default::default()
                };
            }
        };
        let piece = self.piece(from);
        // Several actions on the same two squares (move or fire, alone or frontal): name each in a chooser.
        let shared = legal
            .iter()
            .filter(|o| {
                let (f, t) = match **o {
                    Move24::Step { from, to } | Move24::Frontal { lead: from, to } => (from, to),
                    Move24::Fire { cannon, landing } => (cannon, landing),
                    Move24::Substitute { .. } | Move24::CallArchers { .. } => (SIZE, SIZE),
                };
                f == from && t == to
            })
            .count()
            > 1;
        let choice = shared.then(|| {
            let p = piece.unwrap_or(Piece { color: self.turn, kind: KING, shots: 0 });
            Choice {
                kind: KIND_TABLE[p.kind as usize].code,
                color: COLOR_NAMES[p.color as usize],
                label: match m {
                    Move24::Fire { .. } => "Fire".to_string(),
                    Move24::Frontal { lead, .. } => format!("Frontal attack ({})", self.run(lead, p).len()),
                    _ => "Move alone".to_string(),
                },
                prongs: None,
            }
        });
        ActionInfo {
            from: Some(to_sq(from)),
            to: Some(to_sq(to)),
            choice,
            name: self.name(m, &legal),
            coord: format!("{}{}{suffix}", to_sq(from), to_sq(to)),
            marks: self.marks(m),
            group: None,
            select: false,
            destroys: matches!(m, Move24::Fire { .. }),
        }
    }

    /// A substitution's info: taking a piece off is an action of that piece, bringing one on alone
    /// belongs to the reserve; the chooser's label says what it costs and gains.
    fn substitution_info(
        &self,
        m: Move24,
        remove: Option<Idx>,
        bring: Option<(u8, Idx)>,
        legal: &[Move24],
    ) -> ActionInfo {
        let name = self.name(m, legal);
        let group = if remove.is_some() { None } else { Some("Bring on from the reserve") };
        let side = self.turn as usize;
        let gain = remove.and_then(|i| self.piece(i)).map_or(0, |p| {
            if p.kind == STACK {
                p.shots as u16
            } else {
                CREDIT[p.kind as usize]
            }
        });
        let label = match bring {
            None => format!("Take off (+{gain} credits)"),
            Some((kind, place)) => {
                let cost = if self.free[side][kind as usize] > 0 { 0 } else { COST[kind as usize] };
                let what =
                    if kind == STACK { "a shot".to_string() } else { format!("a {}", KIND_TABLE[kind as usize].name) };
                let price = if cost == 0 { "free".to_string() } else { format!("cost {cost}") };
                match remove {
                    Some(_) => format!("Replace by {what} on {} (+{gain}, {price})", to_sq(place)),
                    None => format!("Bring on {what} at {} ({price})", to_sq(place)),
                }
            }
        };
        let shown = bring.map_or_else(|| self.piece(remove.unwrap_or(0)).map_or(KING, |p| p.kind), |(k, _)| k);
        ActionInfo {
            from: remove.map(to_sq),
            coord: name.trim_end_matches(['+', '#']).to_string(),
            choice: Some(Choice {
                kind: KIND_TABLE[shown as usize].code,
                color: COLOR_NAMES[self.turn as usize],
                label,
                prongs: None,
            }),
            name,
            marks: self.marks(m),
            group,
            ..Default::default()
        }
    }

    pub(super) fn board_view(&self) -> BoardView {
        let pieces = (0..SIZE)
            .filter_map(|i| match self.board[i] {
                Cell::Empty => None,
                Cell::Crater(owner) => Some(PieceView {
                    square: to_sq(i),
                    kind: "X",
                    color: COLOR_NAMES[owner as usize],
                    badge: None,
                    prongs: None,
                }),
                Cell::Piece(p) => Some(PieceView {
                    square: to_sq(i),
                    kind: KIND_TABLE[p.kind as usize].code,
                    color: COLOR_NAMES[p.color as usize],
                    badge: (p.kind == STACK).then(|| p.shots.to_string()),
                    prongs: None,
                }),
            })
            .collect();
        let in_check = self.in_check(self.turn);
        let checks = self.king(self.turn).filter(|_| in_check).map(to_sq).into_iter().collect();
        let checked_seats = if in_check { vec![self.turn] } else { Vec::new() };
        let mut notes = vec![format!(
            "Shots on the board: White {}, Black {}.",
            self.shots_on_board(WHITE),
            self.shots_on_board(BLACK)
        )];
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let side = color as usize;
            let archers = if self.losses[side] >= ARCHER_CONDITION {
                match self.archers_left[side] {
                    1 => "1 archer to call".to_string(),
                    n => format!("{n} archers to call"),
                }
            } else {
                format!("archers after {} more losses", ARCHER_CONDITION - self.losses[side])
            };
            notes.push(format!(
                "{name}: reserve {}, {} credits, {} losses, {archers}.",
                self.reserve_words(color),
                self.credits[side],
                self.losses[side]
            ));
        }
        if self.fortune.enabled {
            notes.push(if self.fortune.used {
                "Fortunes of war: this game's event has happened.".to_string()
            } else {
                format!(
                    "Fortunes of war: one event will strike once, at a ply between {} and {} nobody can foresee.",
                    FORTUNE_PLIES.0, FORTUNE_PLIES.1
                )
            });
        }
        let (event, marks) = match &self.fortune.event {
            Some(e) => (
                Some(EventView { title: e.title.clone(), text: e.text.clone() }),
                e.squares.iter().map(|&i| to_sq(i)).collect(),
            ),
            None => (None, Vec::new()),
        };
        BoardView {
            width: WIDTH as u8,
            height: HEIGHT as u8,
            pieces,
            checks,
            checked_seats,
            notes,
            event,
            marks,
            regions: Vec::new(),
        }
    }
}
