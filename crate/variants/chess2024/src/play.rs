//! Making a move (pieces leave for the reserve, shots blast and leave craters), legality (no king
//! left in check or blast check), the legal list as actions, and perft.

use super::*;

impl Chess2024 {
    /// Takes a piece off the board into its owner's reserve (archers are gone for good; a stack's
    /// remaining shots become single shots); counts the loss for the archer condition.
    pub(super) fn leave_board(&mut self, victim: Piece) {
        let side = victim.color as usize;
        match victim.kind {
            ARCHER => self.losses[side] = self.losses[side].saturating_add(1),
            STACK => {
                self.reserve[side][STACK as usize] = self.reserve[side][STACK as usize].saturating_add(victim.shots)
            }
            kind => {
                self.reserve[side][kind as usize] = self.reserve[side][kind as usize].saturating_add(1);
                self.losses[side] = self.losses[side].saturating_add(1);
            }
        }
    }

    /// Moves a piece; returns whether it captured (a repair is not a capture).
    pub(super) fn move_piece(&mut self, from: Idx, to: Idx) -> bool {
        let Some(mover) = self.piece(from) else { return false };
        self.board[from] = Cell::Empty;
        let captured = match self.board[to] {
            Cell::Piece(victim) => {
                self.leave_board(victim);
                true
            }
            _ => false,
        };
        self.board[to] = Cell::Piece(mover);
        captured
    }

    /// Plays a move as part of the game: keeps the positions the Joker may return to.
    pub(super) fn make_recorded(&mut self, m: Move24) {
        if self.fortune.enabled && !self.fortune.used {
            let mut position = self.clone();
            position.past = None;
            position.fortune.event = None;
            self.past = Some(Arc::new(Past { position, before: self.past.take() }));
        }
        self.make(m);
    }

    /// Plays a move (also on copies made to test moves, which need no history).
    pub(super) fn make(&mut self, m: Move24) {
        self.legal = LegalCache::default();
        self.fortune.event = None;
        let me = self.turn;
        let progress = match m {
            Move24::Step { from, to } => {
                let kind = self.piece(from).map_or(KING, |p| p.kind);
                self.move_piece(from, to) || kind == PAWN || kind == ELITE
            }
            Move24::Fire { cannon, landing } => {
                self.fire(cannon, landing);
                true
            }
            Move24::Frontal { lead, to } => {
                let Some(progress) = self.frontal(lead, to) else { return };
                progress
            }
            Move24::Substitute { remove, bring } => {
                self.substitute(remove, bring);
                true
            }
            Move24::CallArchers { files } => {
                self.call_archers(files);
                true
            }
        };
        self.halfmove_clock = if progress { 0 } else { self.halfmove_clock.saturating_add(1) };
        if me == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
    }

    /// The cannon on `cannon` fires onto `landing`: the blast area empties, a crater is left, the stack
    /// behind the cannon loses a shot.
    #[inline]
    fn fire(&mut self, cannon: Idx, landing: Idx) {
        let me = self.turn;
        for i in Chess2024::blast_area(landing).collect::<Vec<_>>() {
            if let Cell::Piece(victim) = self.board[i] {
                self.board[i] = Cell::Empty;
                self.leave_board(victim);
            }
        }
        self.board[landing] = Cell::Crater(me);
        if let Some(behind) = offset(cannon, (0, -forward(me))) {
            if let Cell::Piece(stack) = self.board[behind] {
                self.board[behind] =
                    if stack.shots > 1 { Cell::Piece(Piece { shots: stack.shots - 1, ..stack }) } else { Cell::Empty };
            }
        }
    }

    /// The run led by `lead` advances to `to`'s rank, up to its first capture: whether that was progress
    /// (a capture, or any piece but jesters moving); `None` with no piece on `lead` (nothing is played).
    #[inline]
    fn frontal(&mut self, lead: Idx, to: Idx) -> Option<bool> {
        let me = self.turn;
        let p = self.piece(lead)?;
        let distance = rank_of(to).abs_diff(rank_of(lead)) as i8;
        let run = self.run(lead, p);
        let mut captured = false;
        for member in run {
            if let Some(dest) = offset(member, (0, forward(me) * distance)) {
                // The first capture ends the attack: the pieces further right stay.
                if self.move_piece(member, dest) {
                    captured = true;
                    break;
                }
            }
        }
        Some(captured || p.kind != JESTER)
    }

    /// A substitution: the piece on `remove` goes to the reserve for its credit, a reserve piece of
    /// `bring`'s kind comes onto its square (free, or paid from the credits).
    #[inline]
    fn substitute(&mut self, remove: Option<Idx>, bring: Option<(u8, Idx)>) {
        let me = self.turn;
        let side = me as usize;
        if let Some(i) = remove {
            if let Some(p) = self.piece(i) {
                self.board[i] = Cell::Empty;
                // Taken off voluntarily: into the reserve for its credit, not counted as a loss.
                // Saturating, as everywhere reserves and credits grow: they may come from text.
                let (credit, count) =
                    if p.kind == STACK { (p.shots as u16, p.shots) } else { (CREDIT[p.kind as usize], 1) };
                self.credits[side] = self.credits[side].saturating_add(credit);
                self.reserve[side][p.kind as usize] = self.reserve[side][p.kind as usize].saturating_add(count);
            }
        }
        if let Some((kind, place)) = bring {
            let k = kind as usize;
            if self.free[side][k] > 0 {
                self.free[side][k] -= 1;
            } else {
                self.credits[side] = self.credits[side].saturating_sub(COST[k]);
            }
            self.reserve[side][k] = self.reserve[side][k].saturating_sub(1);
            self.board[place] = match self.board[place] {
                Cell::Piece(stack) if kind == STACK && stack.kind == STACK => {
                    Cell::Piece(Piece { shots: stack.shots + 1, ..stack })
                }
                _ => Cell::Piece(Piece { color: me, kind, shots: if kind == STACK { 1 } else { 0 } }),
            };
        }
    }

    /// Archers come onto the back rank's files marked in `files`.
    #[inline]
    fn call_archers(&mut self, files: u16) {
        let me = self.turn;
        let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
        for f in (0..WIDTH).filter(|f| files & 1 << f != 0) {
            self.board[rank * WIDTH + f] = Cell::Piece(Piece { color: me, kind: ARCHER, shots: 0 });
            self.archers_left[me as usize] = self.archers_left[me as usize].saturating_sub(1);
        }
    }

    /// The directions from the king `k` along which an enemy piece could attack it once the squares in
    /// between were empty (x-raying every piece, stopped by craters): only a square vacated on such a
    /// ray can open a line onto the king.
    pub(super) fn exposed_rays(&self, k: Idx) -> [bool; 8] {
        let enemy = self.turn ^ 1;
        let mut rays = [false; 8];
        for (ray, &d) in rays.iter_mut().zip(ALL_DIRECTIONS.iter()) {
            let diagonal = d.0 != 0 && d.1 != 0;
            let mut i = k;
            for distance in 1.. {
                let Some(next) = offset(i, d) else { break };
                i = next;
                match self.board[i] {
                    Cell::Crater(_) => break,
                    Cell::Piece(p) if p.color == enemy => {
                        *ray |= match p.kind {
                            QUEEN => true,
                            ROOK => !diagonal,
                            BISHOP => diagonal,
                            JESTER => distance <= 2,
                            ARCHER => d.0 == 0,
                            _ => false,
                        };
                    }
                    _ => {}
                }
            }
        }
        rays
    }

    /// Whether `m` keeps the mover's king safe. `king`, `checked` and `rays` describe the position
    /// before it: when the king is not in check, a step of another piece or a substitution can only
    /// expose the king by vacating a square on an exposed ray (sliders, jesters, archers) or next to it
    /// (a landing square for a blast, or the square an archer's target needs empty); such moves, and
    /// all others, are played on a copy and tested.
    pub(super) fn is_legal(&self, m: Move24, king: Option<Idx>, checked: bool, rays: &[bool; 8]) -> bool {
        let me = self.turn;
        let Some(k) = king else { return true };
        let may_expose = |vacated: Idx| {
            let (df, dr) = (file_of(vacated) as i8 - file_of(k) as i8, rank_of(vacated) as i8 - rank_of(k) as i8);
            let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
            df.abs().max(dr.abs()) <= 1
                || (aligned && ALL_DIRECTIONS.iter().zip(rays).any(|(&d, &ray)| ray && d == (df.signum(), dr.signum())))
        };
        match m {
            // Never into one's own blast.
            Move24::Fire { landing, .. } if Chess2024::blast_area(landing).any(|i| i == k) => return false,
            Move24::Step { from, .. } if !checked && from != k && !may_expose(from) => return true,
            Move24::Substitute { remove, .. } if !checked && remove.map_or(true, |r| !may_expose(r)) => return true,
            _ => {}
        }
        let mut after = self.clone();
        after.make(m);
        // Only the king's own step moves it (frontal attacks are pawns, elites and jesters).
        let k = match m {
            Move24::Step { from, to } if from == k => to,
            _ => k,
        };
        !after.attacked(k, me ^ 1) && !after.blast_threat(k, me ^ 1)
    }

    /// Every legal action, in generation order.
    pub fn legal_moves(&self) -> Vec<Move24> {
        self.legal().to_vec()
    }

    /// Every legal action, in generation order, computed once per position.
    pub(super) fn legal(&self) -> &[Move24] {
        self.legal
            .0
            .get_or_init(|| {
                let mut moves = Vec::with_capacity(96);
                self.pseudo_moves(&mut moves);
                let king = self.king(self.turn);
                let checked = self.in_check(self.turn);
                let rays = king.map_or([false; 8], |k| self.exposed_rays(k));
                moves.retain(|&m| self.is_legal(m, king, checked, &rays));
                Arc::new(moves)
            })
            .as_slice()
    }

    pub(super) fn action_of(m: Move24) -> Action {
        let sq = |i: Idx| to_sq(i).0 as u64;
        let (from, to, tag) = match m {
            Move24::Step { from, to } => (from, to, TAG_STEP),
            Move24::Fire { cannon, landing } => (cannon, landing, TAG_FIRE),
            Move24::Frontal { lead, to } => (lead, to, TAG_FRONTAL),
            Move24::Substitute { remove, bring } => {
                let removed = remove.map_or(0xff, sq);
                let (kind, place) = bring.map_or((0xff, 0xff), |(k, p)| (k as u64, sq(p)));
                return Action(CLASS_SUBSTITUTE << 40 | removed << 24 | kind << 16 | place << 8);
            }
            Move24::CallArchers { files } => return Action(CLASS_ARCHERS << 40 | files as u64),
        };
        Action(sq(from) << 16 | sq(to) << 8 | tag)
    }

    pub(super) fn move_of(&self, action: Action) -> Option<Move24> {
        self.legal().iter().copied().find(|&m| Chess2024::action_of(m) == action)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }
}
