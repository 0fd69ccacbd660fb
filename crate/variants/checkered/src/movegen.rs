//! Attacks and checks (checkered pieces attack for the side to move), move generation with the
//! checkered natures and the switch, making a move, legality and perft.

use super::*;

impl Checkered {
    /// Whether `sq` is attacked by the pieces of `normal` (a colour, if any) and by checkered pieces,
    /// checkered pawns attacking in the directions of the mask (bit 0 = up, bit 1 = down).
    pub(super) fn attacked(&self, sq: u8, normal: Option<u8>, checkered_pawn_directions: u8) -> bool {
        attacked_in(&self.by_color, &self.by_kind, sq, normal, checkered_pawn_directions)
    }

    /// Stage 1: `color`'s king as its opponent would see it on their turn (enemy pieces and checkered
    /// pieces, checkered pawns moving the opponent's way). Stage 2: attacked by any checkered piece.
    pub(super) fn king_attacked(&self, color: u8) -> bool {
        king_attacked_in(&self.by_color, &self.by_kind, self.stage, color)
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

    /// Which pieces the side to move moves, and which it may capture (kings never: a king in reach
    /// means mate already).
    fn movers_and_capturable(&self) -> (Bitboard, Bitboard) {
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
        (movers, targets & !self.by_kind[KING as usize])
    }

    /// Pseudo-legal moves of the side to move (checked for the own king later); no switch.
    pub(super) fn pseudo_moves(&self, out: &mut Vec<CMove>) {
        let (movers, capturable) = self.movers_and_capturable();
        for from in Squares(movers) {
            self.moves_from(from, capturable, out);
        }
    }

    /// [`Checkered::pseudo_moves`] of the piece on `from` alone (none when the side to move does not
    /// move it), in the same order.
    pub(super) fn pseudo_moves_from(&self, from: u8, out: &mut Vec<CMove>) {
        let (movers, capturable) = self.movers_and_capturable();
        if movers & bit(from) != 0 {
            self.moves_from(from, capturable, out);
        }
    }

    fn moves_from(&self, from: u8, capturable: Bitboard, out: &mut Vec<CMove>) {
        let occupied = self.occupied();
        let Some((color, kind)) = self.piece(from) else { return };
        if kind == PAWN {
            self.pawn_moves(from, color, capturable, out);
            return;
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
        let directions = match self.stage {
            Stage::One => 1 << self.turn,
            Stage::Two { .. } if color == CHECKERED => BOTH_WAYS,
            Stage::Two { .. } => 1 << color,
        };
        for d in (0..2u8).filter(|d| directions & 1 << d != 0) {
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
                Stage::One => self.attacked(sq, Some(color ^ 1), 1 << (color ^ 1)),
                Stage::Two { .. } => self.attacked(sq, None, BOTH_WAYS),
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
                self.kings_safe_after(m, &[us])
            }
            Stage::Two { checkered_side } if checkered_side == us => true,
            Stage::Two { .. } => self.kings_safe_after(m, &[WHITE, BLACK]),
        }
    }

    /// Whether no king of `colors` is attacked once `m` is made. A plain move (most of them) changes
    /// two squares, which the test makes on the bitboards alone: making every move on a copy of the
    /// whole position was most of a search node's cost. En passant and castling are made on a copy.
    fn kings_safe_after(&self, m: CMove, colors: &[u8]) -> bool {
        if let Special::None | Special::DoubleStep = m.special {
            let (mut by_color, mut by_kind) = (self.by_color, self.by_kind);
            for sq in [m.from, m.to] {
                let code = self.board[sq as usize];
                if code != EMPTY {
                    by_color[color_of(code) as usize] &= !bit(sq);
                    by_kind[kind_of(code) as usize] &= !bit(sq);
                }
            }
            by_color[m.color as usize] |= bit(m.to);
            by_kind[m.kind as usize] |= bit(m.to);
            return colors.iter().all(|&c| !king_attacked_in(&by_color, &by_kind, self.stage, c));
        }
        let mut after = self.clone();
        after.make(m);
        colors.iter().all(|&c| !after.king_attacked(c))
    }

    /// What the legality tests of one position's moves share (see [`Checkered::is_legal_with`]):
    /// stage 1 with the own king not attacked, the king's square and the pieces that alone stand
    /// between it and an attacking slider (enemy or checkered).
    pub(super) fn legality(&self) -> Option<(u8, Bitboard)> {
        let king = self.king(self.turn)?;
        if self.stage != Stage::One || self.king_attacked(self.turn) {
            return None;
        }
        let attackers = self.by_color[(self.turn ^ 1) as usize] | self.by_color[CHECKERED as usize];
        let queens = self.by_kind[QUEEN as usize];
        let straight = (self.by_kind[ROOK as usize] | queens) & rook_attacks(king, 0);
        let diagonal = (self.by_kind[BISHOP as usize] | queens) & bishop_attacks(king, 0);
        let occupied = self.occupied();
        let mut shields = 0;
        for slider in Squares((straight | diagonal) & attackers) {
            let between = between(king, slider) & occupied;
            if between.count_ones() == 1 {
                shields |= between;
            }
        }
        Some((king, shields))
    }

    /// [`Checkered::is_legal`], quicker in stage 1 when the own king is not attacked (`legality`): a
    /// plain move of another piece that is not the only one between the king and an attacking slider
    /// uncovers no attack, so only the piece it leaves, when checkered (the opponent's then), can
    /// attack the king.
    pub(super) fn is_legal_with(&self, legality: Option<(u8, Bitboard)>, m: CMove) -> bool {
        let Some((king, shields)) = legality else { return self.is_legal(m) };
        let plain = matches!(m.special, Special::None | Special::DoubleStep);
        if !plain || m.from == king || shields & bit(m.from) != 0 {
            return self.is_legal(m);
        }
        if m.color != CHECKERED {
            return true;
        }
        let capture = self.piece(m.to).is_some();
        if !capture && self.last_checkered_move == Some((m.to, m.from)) {
            return false;
        }
        let occupied = (self.occupied() & !bit(m.from)) | bit(m.to);
        // Checkered pawns attack the way the opponent moves.
        let reach = match m.kind {
            PAWN => PAWN_ATTACKS[(self.turn ^ 1) as usize][m.to as usize],
            KNIGHT => KNIGHT_ATTACKS[m.to as usize],
            BISHOP => bishop_attacks(m.to, occupied),
            ROOK => rook_attacks(m.to, occupied),
            QUEEN => rook_attacks(m.to, occupied) | bishop_attacks(m.to, occupied),
            _ => KING_ATTACKS[m.to as usize],
        };
        reach & bit(king) == 0
    }

    /// Whether the side to move has a legal move besides the switch (else the game is over), stopping
    /// at the first one found.
    pub(super) fn has_legal_board_move(&self) -> bool {
        let (movers, capturable) = self.movers_and_capturable();
        let legality = self.legality();
        let mut moves = Vec::with_capacity(32);
        Squares(movers).any(|from| {
            moves.clear();
            self.moves_from(from, capturable, &mut moves);
            moves.iter().any(|&m| self.is_legal_with(legality, m))
        })
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
        let legality = self.legality();
        pseudo.retain(|&m| self.is_legal_with(legality, m));
        pseudo
    }

    pub(super) fn moving_kind(&self, m: CMove) -> u8 {
        self.piece(m.from).map_or(KING, |(_, k)| k)
    }

    pub(super) fn action_of(&self, m: CMove) -> Action {
        m.action(self.moving_kind(m))
    }

    /// The legal move `action` stands for. Only its piece's moves are generated and only the one that
    /// matches is tested: listing every legal move for each move played cost the search most of its time.
    pub(super) fn move_of(&self, action: Action) -> Option<CMove> {
        if action.0 & 0xff == SWITCH_CHOICE {
            return self.switch_move().filter(|&m| self.action_of(m) == action);
        }
        let from = from_square(Square((action.0 >> 16) as u8))?;
        let mut moves = Vec::with_capacity(32);
        self.pseudo_moves_from(from, &mut moves);
        moves.into_iter().find(|&m| self.action_of(m) == action && self.is_legal(m))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }
}

/// Checkered pawns attacking both ways (stage 2), as a direction mask of [`Checkered::attacked`].
pub(super) const BOTH_WAYS: u8 = 0b11;

/// [`Checkered::attacked`] on bare bitboards, so that a legality test can look at the board after a
/// move without making it on a copy of the whole position.
fn attacked_in(by_color: &[Bitboard; 3], by_kind: &[Bitboard; 6], sq: u8, normal: Option<u8>, directions: u8) -> bool {
    let checkered = by_color[CHECKERED as usize];
    let attackers = normal.map_or(0, |c| by_color[c as usize]) | checkered;
    let occupied = by_color[0] | by_color[1] | by_color[2];
    let k = |kind: u8| by_kind[kind as usize] & attackers;
    let queens = k(QUEEN);
    if KNIGHT_ATTACKS[sq as usize] & k(KNIGHT) != 0
        || KING_ATTACKS[sq as usize] & k(KING) != 0
        || rook_attacks(sq, occupied) & (k(ROOK) | queens) != 0
        || bishop_attacks(sq, occupied) & (k(BISHOP) | queens) != 0
    {
        return true;
    }
    let pawns = by_kind[PAWN as usize];
    // A pawn moving in direction d attacks sq from the squares a pawn moving the other way would attack.
    if let Some(c) = normal {
        if PAWN_ATTACKS[(c ^ 1) as usize][sq as usize] & pawns & by_color[c as usize] != 0 {
            return true;
        }
    }
    (0..2u8).any(|d| directions & 1 << d != 0 && PAWN_ATTACKS[(d ^ 1) as usize][sq as usize] & pawns & checkered != 0)
}

/// [`Checkered::king_attacked`] on bare bitboards (see [`attacked_in`]).
fn king_attacked_in(by_color: &[Bitboard; 3], by_kind: &[Bitboard; 6], stage: Stage, color: u8) -> bool {
    let kings = by_color[color as usize] & by_kind[KING as usize];
    if kings == 0 {
        return false;
    }
    let king = kings.trailing_zeros() as u8;
    match stage {
        Stage::One => attacked_in(by_color, by_kind, king, Some(color ^ 1), 1 << (color ^ 1)),
        Stage::Two { .. } => attacked_in(by_color, by_kind, king, None, BOTH_WAYS),
    }
}
