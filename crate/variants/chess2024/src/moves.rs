//! Move generation: pseudo-legal board moves (runs for frontal attacks, shots), substitutions from
//! the reserve and archer calls.

use super::*;

impl Chess2024 {
    /// The lead's run for a frontal attack: itself and the same pieces directly to the mover's right.
    pub(super) fn run(&self, lead: Idx, piece: Piece) -> Vec<Idx> {
        let mut run = vec![lead];
        let mut i = lead;
        while run.len() < 5 {
            match offset(i, (right(piece.color), 0)) {
                Some(next) if self.piece(next) == Some(piece) => {
                    run.push(next);
                    i = next;
                }
                _ => break,
            }
        }
        run
    }

    /// Whether the piece on `from` can move straight forward `distance` squares on its own.
    pub(super) fn straight_forward(&self, from: Idx, piece: Piece, distance: i8) -> Option<Idx> {
        let fwd = forward(piece.color);
        let one = offset(from, (0, fwd))?;
        let to = offset(from, (0, fwd * distance))?;
        if distance == 2 && !self.is_empty(one) {
            return None;
        }
        let ok = match piece.kind {
            PAWN => self.is_empty(to) && (distance == 1 || rank_of(from) == start_rank(piece.color)),
            ELITE => self.is_empty(to),
            JESTER => self.enterable(to, piece.color),
            _ => false,
        };
        ok.then_some(to)
    }

    /// Every pseudo-legal action of the side to move (legality against checks comes after).
    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move24>) {
        let me = self.turn;
        for from in 0..SIZE {
            let Some(p) = self.piece(from).filter(|p| p.color == me) else { continue };
            match p.kind {
                KING => self.king_steps(from, me, out),
                QUEEN | ROOK | BISHOP | JESTER => self.line_moves(from, p.kind, me, out),
                KNIGHT => self.knight_leaps(from, me, out),
                PAWN | ELITE => self.pawn_moves(from, p.kind, me, out),
                CANNON | STACK => self.gun_moves(from, p.kind, me, out),
                ARCHER => self.archer_moves(from, me, out),
                _ => {}
            }
            if matches!(p.kind, PAWN | ELITE | JESTER) {
                self.frontal_attacks(from, p, out);
            }
        }
        self.substitutions(me, out);
        self.archer_calls(me, out);
    }

    #[inline]
    fn king_steps(&self, from: Idx, me: u8, out: &mut Vec<Move24>) {
        for d in ALL_DIRECTIONS {
            if let Some(to) = offset(from, d).filter(|&to| self.enterable(to, me)) {
                out.push(Move24::Step { from, to });
            }
        }
    }

    /// Queens, rooks and bishops along their lines; jesters like queens, two squares at most.
    #[inline]
    fn line_moves(&self, from: Idx, kind: u8, me: u8, out: &mut Vec<Move24>) {
        let dirs: &[(i8, i8)] = match kind {
            ROOK => &ORTHOGONAL,
            BISHOP => &DIAGONAL,
            _ => &ALL_DIRECTIONS,
        };
        let reach = if kind == JESTER { 2 } else { WIDTH.max(HEIGHT) };
        for &d in dirs {
            let mut i = from;
            for _ in 0..reach {
                let Some(next) = offset(i, d) else { break };
                i = next;
                if self.is_empty(i) {
                    out.push(Move24::Step { from, to: i });
                    continue;
                }
                if self.enterable(i, me) {
                    out.push(Move24::Step { from, to: i });
                }
                break;
            }
        }
    }

    #[inline]
    fn knight_leaps(&self, from: Idx, me: u8, out: &mut Vec<Move24>) {
        for d in LEAPS {
            if let Some(to) = offset(from, d).filter(|&to| self.enterable(to, me)) {
                out.push(Move24::Step { from, to });
            }
        }
    }

    /// Pawns and elite pawns: quiet steps (elites also back and sideways), then diagonal captures.
    #[inline]
    fn pawn_moves(&self, from: Idx, kind: u8, me: u8, out: &mut Vec<Move24>) {
        let fwd = forward(me);
        // Forward, and for elites back and sideways too: a slice of one array, not a list allocated per pawn.
        let steps = [(0, fwd), (0, -fwd), (1, 0), (-1, 0)];
        let quiet = if kind == ELITE { &steps[..] } else { &steps[..1] };
        for &d in quiet {
            if let Some(one) = offset(from, d).filter(|&i| self.is_empty(i)) {
                out.push(Move24::Step { from, to: one });
                // Two squares: elites straight either way, pawns forward from their start rank.
                let two_allowed = d.0 == 0 && (kind == ELITE || rank_of(from) == start_rank(me));
                if let Some(two) = offset(from, (d.0 * 2, d.1 * 2)).filter(|&i| two_allowed && self.is_empty(i)) {
                    out.push(Move24::Step { from, to: two });
                }
            }
        }
        for df in [-1, 1] {
            if let Some(to) = offset(from, (df, fwd)) {
                if !self.is_empty(to) && self.enterable(to, me) {
                    out.push(Move24::Step { from, to });
                }
            }
        }
    }

    /// Cannons and shot stacks step inside the home base; a cannon also fires.
    #[inline]
    fn gun_moves(&self, from: Idx, kind: u8, me: u8, out: &mut Vec<Move24>) {
        for d in ORTHOGONAL {
            if let Some(to) = offset(from, d).filter(|&to| self.is_empty(to) && in_home_base(me, to)) {
                out.push(Move24::Step { from, to });
            }
        }
        if kind == CANNON {
            for landing in self.landings(from, me) {
                out.push(Move24::Fire { cannon: from, landing });
            }
        }
    }

    /// Frontal attacks led from `from`: a run of two or more moving one or two squares forward together.
    #[inline]
    fn frontal_attacks(&self, from: Idx, p: Piece, out: &mut Vec<Move24>) {
        let run = self.run(from, p);
        if run.len() >= 2 {
            for distance in [1, 2] {
                let Some(to) = self.straight_forward(from, p, distance) else { continue };
                // A run whose lead captures at once is just the lead's ordinary move.
                if self.piece(to).is_some() {
                    continue;
                }
                if run[1..].iter().all(|&m| self.straight_forward(m, p, distance).is_some()) {
                    out.push(Move24::Frontal { lead: from, to });
                }
            }
        }
    }

    /// The first free square of the own back rank from the player's own left (a→l for White, l→a for
    /// Black), the square being vacated by a removal counting as free.
    pub(super) fn first_free_back_rank(&self, me: u8, vacated: Option<Idx>) -> Option<Idx> {
        let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
        let files: Vec<usize> = if me == WHITE { (0..WIDTH).collect() } else { (0..WIDTH).rev().collect() };
        files.into_iter().map(|f| rank * WIDTH + f).find(|&i| self.is_empty(i) || Some(i) == vacated)
    }

    /// Substitutions: take one own piece off (for its credit) and/or bring one reserve item on (for
    /// its cost), never the kind just taken off.
    pub(super) fn substitutions(&self, me: u8, out: &mut Vec<Move24>) {
        let side = me as usize;
        let removable =
            (0..SIZE).filter(|&i| self.piece(i).is_some_and(|p| p.color == me && p.kind != KING && p.kind != ARCHER));
        for remove in std::iter::once(None).chain(removable.map(Some)) {
            let taken = remove.and_then(|i| self.piece(i));
            let gain = taken.map_or(0, |p| if p.kind == STACK { p.shots as u16 } else { CREDIT[p.kind as usize] });
            if remove.is_some() {
                out.push(Move24::Substitute { remove, bring: None });
            }
            for kind in BRINGABLE {
                if taken.is_some_and(|p| p.kind == kind) || self.reserve[side][kind as usize] == 0 {
                    continue;
                }
                let cost = if self.free[side][kind as usize] > 0 { 0 } else { COST[kind as usize] };
                if self.credits[side].saturating_add(gain) < cost {
                    continue;
                }
                if kind == STACK {
                    let shots = self.shots_on_board(me) - taken.map_or(0, |p| p.shots as u32);
                    if shots >= MAX_SHOTS as u32 {
                        continue;
                    }
                    for stack in (0..SIZE).filter(|&i| Some(i) != remove && self.is(i, me, STACK)) {
                        out.push(Move24::Substitute { remove, bring: Some((STACK, stack)) });
                    }
                }
                if let Some(place) = self.first_free_back_rank(me, remove) {
                    out.push(Move24::Substitute { remove, bring: Some((kind, place)) });
                }
            }
        }
    }

    /// Archer calls: once a side has lost 16 pieces, 1 to 4 of its remaining archers onto free squares
    /// of its back rank, as a whole turn; each set of squares is one action.
    pub(super) fn archer_calls(&self, me: u8, out: &mut Vec<Move24>) {
        let side = me as usize;
        if self.losses[side] < ARCHER_CONDITION || self.archers_left[side] == 0 {
            return;
        }
        let rank = if me == WHITE { 0 } else { HEIGHT - 1 };
        let free: u16 = (0..WIDTH).filter(|&f| self.is_empty(rank * WIDTH + f)).fold(0, |m, f| m | 1 << f);
        let most = self.archers_left[side].min(ARCHERS) as u32;
        for files in 1..(1u16 << WIDTH) {
            if files & !free == 0 && files.count_ones() <= most {
                out.push(Move24::CallArchers { files });
            }
        }
    }

    /// Archer moves: 1-5 straight forward or back over own pieces and craters (never over an enemy) to an
    /// empty square, 1 sideways; captures the first enemy straight ahead within 5 if the square beyond is
    /// clear, and repairs an enemy crater the same way.
    pub(super) fn archer_moves(&self, from: Idx, me: u8, out: &mut Vec<Move24>) {
        for dr in [forward(me), -forward(me)] {
            let mut i = from;
            for _ in 1..=5 {
                let Some(next) = offset(i, (0, dr)) else { break };
                i = next;
                match self.board[i] {
                    Cell::Empty => out.push(Move24::Step { from, to: i }),
                    Cell::Piece(p) if p.color != me => {
                        let beyond_clear = offset(i, (0, dr)).map_or(true, |b| self.is_empty(b));
                        if dr == forward(me) && beyond_clear && p.kind != KING {
                            out.push(Move24::Step { from, to: i });
                        }
                        break;
                    }
                    Cell::Crater(owner)
                        if owner != me
                            && dr == forward(me)
                            && offset(i, (0, dr)).map_or(true, |b| self.is_empty(b)) =>
                    {
                        out.push(Move24::Step { from, to: i });
                    }
                    _ => {}
                }
            }
        }
        for df in [-1, 1] {
            if let Some(to) = offset(from, (df, 0)).filter(|&to| self.is_empty(to)) {
                out.push(Move24::Step { from, to });
            }
        }
    }
}
