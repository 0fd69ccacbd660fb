//! Attacks and checks (checkered pieces attack for the side to move), move generation with the
//! checkered natures and the switch, making a move, legality and perft.

use super::*;

impl Checkered {
    /// Whether `sq` is attacked by the pieces of `normal` (a colour, if any) and by checkered pieces,
    /// checkered pawns attacking in the given directions (0 = up, 1 = down).
    pub(super) fn attacked(&self, sq: u8, normal: Option<u8>, checkered_pawn_directions: &[u8]) -> bool {
        let checkered = self.by_color[CHECKERED as usize];
        let attackers = normal.map_or(0, |c| self.by_color[c as usize]) | checkered;
        let occupied = self.occupied();
        let k = |kind: u8| self.by_kind[kind as usize] & attackers;
        if KNIGHT_ATTACKS[sq as usize] & k(KNIGHT) != 0
            || KING_ATTACKS[sq as usize] & k(KING) != 0
            || rook_attacks(sq, occupied) & (k(ROOK) | k(QUEEN)) != 0
            || bishop_attacks(sq, occupied) & (k(BISHOP) | k(QUEEN)) != 0
        {
            return true;
        }
        let pawns = self.by_kind[PAWN as usize];
        // A pawn moving in direction d attacks sq from the squares a pawn moving the other way would attack.
        if let Some(c) = normal {
            if PAWN_ATTACKS[(c ^ 1) as usize][sq as usize] & pawns & self.by_color[c as usize] != 0 {
                return true;
            }
        }
        checkered_pawn_directions.iter().any(|&d| PAWN_ATTACKS[(d ^ 1) as usize][sq as usize] & pawns & checkered != 0)
    }

    /// Stage 1: `color`'s king as its opponent would see it on their turn (enemy pieces and checkered
    /// pieces, checkered pawns moving the opponent's way). Stage 2: attacked by any checkered piece.
    pub(super) fn king_attacked(&self, color: u8) -> bool {
        let Some(king) = self.king(color) else { return false };
        match self.stage {
            Stage::One => self.attacked(king, Some(color ^ 1), &[color ^ 1]),
            Stage::Two { .. } => self.attacked(king, None, &[0, 1]),
        }
    }

    /// The kings in check for the side to move, to highlight and to judge mate.
    pub(super) fn checked_kings(&self) -> Vec<u8> {
        match self.stage {
            Stage::One => self.king(self.turn).filter(|_| self.king_attacked(self.turn)).into_iter().collect(),
            Stage::Two { checkered_side } if checkered_side == self.turn => Vec::new(),
            Stage::Two { .. } => {
                [WHITE, BLACK].iter().filter(|&&c| self.king_attacked(c)).filter_map(|&c| self.king(c)).collect()
            }
        }
    }

    pub(super) fn any_checkered(&self) -> bool {
        self.by_color[CHECKERED as usize] != 0
    }

    /// Pseudo-legal moves of the side to move (checked for the own king later); no switch.
    pub(super) fn pseudo_moves(&self, out: &mut Vec<CMove>) {
        let us = self.turn;
        let (movers, targets) = match self.stage {
            Stage::One => {
                (self.by_color[us as usize] | self.by_color[CHECKERED as usize], self.by_color[(us ^ 1) as usize])
            }
            Stage::Two { checkered_side } if checkered_side == us => {
                (self.by_color[CHECKERED as usize], self.by_color[WHITE as usize] | self.by_color[BLACK as usize])
            }
            Stage::Two { .. } => {
                (self.by_color[WHITE as usize] | self.by_color[BLACK as usize], self.by_color[CHECKERED as usize])
            }
        };
        let kings = self.by_kind[KING as usize];
        let capturable = targets & !kings; // kings are never captured: a king in reach means mate already
        let occupied = self.occupied();
        for from in Squares(movers) {
            let Some((color, kind)) = self.piece(from) else { continue };
            if kind == PAWN {
                self.pawn_moves(from, color, capturable, out);
                continue;
            }
            let reach = match kind {
                KNIGHT => KNIGHT_ATTACKS[from as usize],
                BISHOP => bishop_attacks(from, occupied),
                ROOK => rook_attacks(from, occupied),
                QUEEN => rook_attacks(from, occupied) | bishop_attacks(from, occupied),
                _ => KING_ATTACKS[from as usize],
            };
            for to in Squares(reach & !occupied) {
                out.push(CMove { from, to, color, kind, special: Special::None });
            }
            for to in Squares(reach & capturable) {
                self.push_capture(from, to, color, kind, Special::None, out);
            }
            if kind == KING {
                self.castlings(from, color, out);
            }
        }
    }

    /// A capture, with the natures the rules allow: stage 1 turns non-king capturers checkered.
    pub(super) fn push_capture(&self, from: u8, to: u8, color: u8, kind: u8, special: Special, out: &mut Vec<CMove>) {
        let captured_kind = match special {
            Special::EnPassant(_) => PAWN,
            _ => self.piece(to).map_or(kind, |(_, k)| k),
        };
        if self.stage != Stage::One || kind == KING {
            out.push(CMove { from, to, color, kind, special });
            return;
        }
        out.push(CMove { from, to, color: CHECKERED, kind, special });
        if captured_kind != kind {
            out.push(CMove { from, to, color: CHECKERED, kind: captured_kind, special });
        }
    }

    pub(super) fn pawn_moves(&self, from: u8, color: u8, capturable: Bitboard, out: &mut Vec<CMove>) {
        let occupied = self.occupied();
        // Stage 1 pawns move the mover's way; in stage 2 coloured pawns their own way and checkered both.
        let directions: &[u8] = match self.stage {
            Stage::One => &[self.turn][..],
            Stage::Two { .. } if color == CHECKERED => &[0, 1],
            Stage::Two { .. } => &[color][..],
        };
        let directions: Vec<u8> = directions.to_vec();
        for d in directions {
            let step = forward(d);
            let last_rank = if d == 0 { 7 } else { 0 };
            let start_rank = if d == 0 { 1 } else { 6 };
            let one = from as i8 + step;
            if !(0..64).contains(&one) {
                continue;
            }
            let one = one as u8;
            let promote = |to: u8| rank(to) == last_rank;
            if occupied & bit(one) == 0 {
                if promote(one) {
                    for p in PROMOTIONS {
                        out.push(CMove { from, to: one, color, kind: p, special: Special::None });
                    }
                } else {
                    out.push(CMove { from, to: one, color, kind: PAWN, special: Special::None });
                    let two = (one as i8 + step) as u8;
                    let allowed = match self.stage {
                        Stage::One => self.pawn_flags & (1 << (self.turn * 8 + file(from))) != 0,
                        Stage::Two { .. } => true,
                    };
                    if rank(from) == start_rank && allowed && occupied & bit(two) == 0 {
                        out.push(CMove { from, to: two, color, kind: PAWN, special: Special::DoubleStep });
                    }
                }
            }
            for to in Squares(PAWN_ATTACKS[d as usize][from as usize] & capturable) {
                if promote(to) {
                    for p in PROMOTIONS {
                        let c = if self.stage == Stage::One { CHECKERED } else { color };
                        out.push(CMove { from, to, color: c, kind: p, special: Special::None });
                    }
                } else {
                    self.push_capture(from, to, color, PAWN, Special::None, out);
                }
            }
            if let Some((skipped, victim)) = self.ep {
                // The capturer stands beside the pawn that skipped and moves onto the skipped square.
                let beside = rank(from) == rank(victim) && file(from).abs_diff(file(victim)) == 1;
                let toward = PAWN_ATTACKS[d as usize][from as usize] & bit(skipped) != 0;
                let victim_capturable = capturable & bit(victim) != 0;
                // Stage 1: checkered pawns never take en passant.
                let allowed = self.stage != Stage::One || color != CHECKERED;
                if beside && toward && victim_capturable && allowed {
                    self.push_capture(from, skipped, color, PAWN, Special::EnPassant(victim), out);
                }
            }
        }
    }

    pub(super) fn castlings(&self, king: u8, color: u8, out: &mut Vec<CMove>) {
        if color == CHECKERED {
            return;
        }
        let home = if color == WHITE { 4 } else { 60 };
        if king != home {
            return;
        }
        let occupied = self.occupied();
        for (side, king_to, rook_to) in [(0usize, home - 2, home - 1), (1, home + 2, home + 1)] {
            let rook_file = self.castle_files[(color * 2) as usize + side];
            if rook_file == NO_FILE {
                continue;
            }
            let rook = (home & !7) + rook_file;
            if self.piece(rook) != Some((color, ROOK)) {
                continue;
            }
            if between(king, rook) & occupied != 0 {
                continue;
            }
            let path = [king, (king + king_to) / 2, king_to];
            let attacked = path.iter().any(|&sq| match self.stage {
                Stage::One => self.attacked(sq, Some(color ^ 1), &[color ^ 1]),
                Stage::Two { .. } => self.attacked(sq, None, &[0, 1]),
            });
            if !attacked {
                out.push(CMove { from: king, to: king_to, color, kind: KING, special: Special::Castle(rook, rook_to) });
            }
        }
    }

    /// Plays a move (no legality test).
    pub(super) fn make(&mut self, m: CMove) {
        let us = self.turn;
        if m.special == Special::Switch {
            self.stage = Stage::Two { checkered_side: us };
            self.ep = None;
            self.last_checkered_move = None;
            return;
        }
        let (moving_color, moving_kind) = self.piece(m.from).unwrap_or((m.color, m.kind));
        let capture = self.piece(m.to).is_some() || matches!(m.special, Special::EnPassant(_));
        self.halfmove_clock = if capture || moving_kind == PAWN { 0 } else { self.halfmove_clock.saturating_add(1) };
        for sq in [m.from, m.to] {
            for (i, home) in [(0usize, 0u8), (1, 0), (2, 56), (3, 56)] {
                let rook = home + self.castle_files[i].min(7);
                let king = home + 4;
                if self.castle_files[i] != NO_FILE && (sq == rook || sq == king) {
                    self.castle_files[i] = NO_FILE;
                }
            }
        }
        if let Special::EnPassant(victim) = m.special {
            self.remove(victim);
        }
        if let Special::Castle(rook_from, rook_to) = m.special {
            self.remove(rook_from);
            self.put(rook_to, moving_color, ROOK);
        }
        self.remove(m.from);
        self.put(m.to, m.color, m.kind);
        self.ep = None;
        if m.special == Special::DoubleStep {
            self.pawn_flags &= !(1 << (us * 8 + file(m.from)));
            // Stage 1: only a coloured pawn's two-step can be taken en passant.
            if self.stage != Stage::One || moving_color != CHECKERED {
                self.ep = Some(((m.from + m.to) / 2, m.to));
            }
        }
        self.last_checkered_move =
            (self.stage == Stage::One && !capture && m.color == CHECKERED).then_some((m.from, m.to));
        self.turn ^= 1;
        self.ply_count = self.ply_count.saturating_add(1);
    }

    /// Whether the switch is possible now and leaves both kings unattacked with a checkered move to make.
    pub(super) fn switch_move(&self) -> Option<CMove> {
        if self.stage != Stage::One || !self.with_switch || !self.any_checkered() {
            return None;
        }
        let (own, enemy) = (self.king(self.turn)?, self.king(self.turn ^ 1)?);
        let m = CMove { from: own, to: enemy, color: self.turn, kind: KING, special: Special::Switch };
        let mut after = self.clone();
        after.make(m);
        if after.king_attacked(WHITE) || after.king_attacked(BLACK) {
            return None;
        }
        let mut moves = Vec::new();
        after.pseudo_moves(&mut moves);
        (!moves.is_empty()).then_some(m)
    }

    pub(super) fn is_legal(&self, m: CMove) -> bool {
        let us = self.turn;
        match self.stage {
            Stage::One => {
                // No undoing the opponent's non-capturing checkered move.
                let capture = self.piece(m.to).is_some() || matches!(m.special, Special::EnPassant(_));
                if !capture && m.color == CHECKERED && self.last_checkered_move == Some((m.to, m.from)) {
                    return false;
                }
                let mut after = self.clone();
                after.make(m);
                !after.king_attacked(us)
            }
            Stage::Two { checkered_side } if checkered_side == us => true,
            Stage::Two { .. } => {
                let mut after = self.clone();
                after.make(m);
                !after.king_attacked(WHITE) && !after.king_attacked(BLACK)
            }
        }
    }

    /// Every legal move, the switch included when allowed.
    pub fn legal_moves(&self) -> Vec<CMove> {
        let mut moves = self.legal_board_moves();
        moves.extend(self.switch_move());
        moves
    }

    /// Legal moves without the switch (what mate and stalemate are judged on).
    pub(super) fn legal_board_moves(&self) -> Vec<CMove> {
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_moves(&mut pseudo);
        pseudo.retain(|&m| self.is_legal(m));
        pseudo
    }

    pub(super) fn moving_kind(&self, m: CMove) -> u8 {
        self.piece(m.from).map_or(KING, |(_, k)| k)
    }

    pub(super) fn action_of(&self, m: CMove) -> Action {
        m.action(self.moving_kind(m))
    }

    pub(super) fn move_of(&self, action: Action) -> Option<CMove> {
        self.legal_moves().into_iter().find(|&m| self.action_of(m) == action)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }
}
