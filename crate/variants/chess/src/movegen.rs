//! Move generation: attacks, checks and pins, the legal moves (pin- and check-aware, so no move is
//! tried on a copy), making a move, perft, and decoding an action without listing the moves.

use super::*;

/// Where the generator puts the moves it finds: a [`MoveList`], or straight into a list of action
/// codes or a count, so the search's callers skip the list.
pub trait MoveSink {
    fn push(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

struct Actions<'a>(&'a mut Vec<Action>);

impl MoveSink for Actions<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.0.push(m.action());
    }
}

struct Count(usize);

impl MoveSink for Count {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// The side to move's view of the board, computed once per listing and shared by its parts.
#[derive(Clone, Copy)]
struct Side {
    us: u8,
    them: u8,
    own: Bitboard,
    enemy: Bitboard,
    occupied: Bitboard,
    king: u8,
}

impl Chess {
    pub(super) fn king_index(&self, color: u8) -> u8 {
        let kings = self.pieces(color, KING);
        if kings == 0 {
            NO_SQUARE
        } else {
            kings.trailing_zeros() as u8
        }
    }

    /// Pieces of `by` attacking `sq` with the given occupancy.
    pub fn attackers(&self, sq: u8, by: u8, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[by as usize];
        let rooks = self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        let bishops = self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize];
        them & ((KNIGHT_ATTACKS[sq as usize] & self.by_kind[KNIGHT as usize])
            | (KING_ATTACKS[sq as usize] & self.by_kind[KING as usize])
            | (PAWN_ATTACKS[(by ^ 1) as usize][sq as usize] & self.by_kind[PAWN as usize])
            | (rook_attacks(sq, occupied) & rooks)
            | (bishop_attacks(sq, occupied) & bishops))
    }

    /// The pieces giving check (kept, see [`Chess::refresh_checkers`]).
    #[inline]
    pub(super) fn checkers(&self) -> Bitboard {
        debug_assert_eq!(self.checkers, self.find_checkers(), "{}", self.fen());
        self.checkers
    }

    /// Finds the checkers again after a change of the position.
    pub(super) fn refresh_checkers(&mut self) {
        self.checkers = self.find_checkers();
    }

    fn find_checkers(&self) -> Bitboard {
        let king = self.king_index(self.turn);
        if king == NO_SQUARE {
            return 0;
        }
        self.attackers(king, self.turn ^ 1, self.occupied())
    }

    pub fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Whether the side that just moved left its own king attacked: never true after a legal move.
    pub fn mover_in_check(&self) -> bool {
        let king = self.king_index(self.turn ^ 1);
        king != NO_SQUARE && self.attackers(king, self.turn, self.occupied()) != 0
    }

    /// Own pieces that stand alone between the own king and an enemy slider.
    pub(super) fn pinned(&self, king: u8) -> Bitboard {
        let us = self.turn;
        let them = self.by_color[(us ^ 1) as usize];
        let rooks = self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        let bishops = self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize];
        let snipers = them & ((rook_attacks(king, 0) & rooks) | (bishop_attacks(king, 0) & bishops));
        let occupied = self.occupied();
        let mut pinned = 0;
        for sniper in Squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.by_color[us as usize];
            }
        }
        pinned
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self, list: &mut MoveList) {
        self.legal_moves_to(list, false);
    }

    /// The legal moves' action codes, in generation order, into `out`: with `captures_only`, those
    /// that take a piece or promote (en passant included, castling never), all the search's horizon
    /// plays, listed without the quiet moves it would throw away.
    pub fn legal_actions(&self, out: &mut Vec<Action>, captures_only: bool) {
        self.legal_moves_to(&mut Actions(out), captures_only);
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut count = Count(0);
        self.legal_moves_to(&mut count, false);
        count.0 > 0
    }

    /// Every legal move, or with `captures_only` those that take a piece or promote.
    #[inline(always)]
    fn legal_moves_to(&self, list: &mut impl MoveSink, captures_only: bool) {
        let us = self.turn;
        let them = us ^ 1;
        let own = self.by_color[us as usize];
        let enemy = self.by_color[them as usize];
        let occupied = own | enemy;
        let king = self.king_index(us);
        if king == NO_SQUARE {
            return;
        }
        let checkers = self.checkers();
        let side = Side { us, them, own, enemy, occupied, king };
        // Where a move may land: anywhere but on an own piece, or only on an enemy one (pawns may also
        // promote on an empty square).
        let landing = if captures_only { enemy } else { !own };
        self.king_steps(side, landing, list);
        if checkers.count_ones() > 1 {
            return;
        }
        // In check, other pieces must capture the checker or block the line.
        let target = if checkers != 0 {
            let checker = checkers.trailing_zeros() as u8;
            (between(king, checker) | checkers) & !own
        } else {
            !own
        };
        let pinned = self.pinned(king);
        self.piece_moves(side, target & landing, pinned, list);
        const LAST_RANKS: Bitboard = 0xff00_0000_0000_00ff;
        self.pawn_moves(side, target & (landing | LAST_RANKS), pinned, list);
        if self.ep_square != NO_SQUARE {
            self.en_passant_captures(side, checkers, list);
        }
        if checkers == 0 && !captures_only {
            self.castlings(side, list);
        }
    }

    /// King steps: each destination tested with the king lifted off the board, so sliders see through it.
    #[inline(always)]
    fn king_steps(&self, side: Side, landing: Bitboard, list: &mut impl MoveSink) {
        let Side { them, occupied, king, .. } = side;
        let without_king = occupied ^ bit(king);
        for to in Squares(KING_ATTACKS[king as usize] & landing) {
            if self.attackers(to, them, without_king) == 0 {
                list.push(Move { from: king, to, kind: MoveKind::Normal });
            }
        }
    }

    /// Knights, bishops, rooks and queens: onto `target` (anywhere but own pieces, or against a check),
    /// a pinned piece only along its pin.
    #[inline(always)]
    fn piece_moves(&self, side: Side, target: Bitboard, pinned: Bitboard, list: &mut impl MoveSink) {
        let Side { own, occupied, king, .. } = side;
        for from in Squares(own & !self.by_kind[KING as usize] & !self.by_kind[PAWN as usize]) {
            let kind = self.mailbox[from as usize];
            let mut dests = match kind {
                KNIGHT => KNIGHT_ATTACKS[from as usize],
                BISHOP => bishop_attacks(from, occupied),
                ROOK => rook_attacks(from, occupied),
                _ => rook_attacks(from, occupied) | bishop_attacks(from, occupied),
            } & target;
            if pinned & bit(from) != 0 {
                dests &= line(king, from);
            }
            for to in Squares(dests) {
                list.push(Move { from, to, kind: MoveKind::Normal });
            }
        }
    }

    /// Pawn pushes and captures (en passant apart), each promotion piece a move of its own.
    #[inline(always)]
    fn pawn_moves(&self, side: Side, target: Bitboard, pinned: Bitboard, list: &mut impl MoveSink) {
        let Side { us, enemy, occupied, king, .. } = side;
        let (forward, start_rank, last_rank): (i8, u8, u8) = if us == WHITE { (8, 1, 7) } else { (-8, 6, 0) };
        for from in Squares(self.pieces(us, PAWN)) {
            let mut dests = PAWN_ATTACKS[us as usize][from as usize] & enemy;
            let one = (from as i8 + forward) as u8;
            if occupied & bit(one) == 0 {
                dests |= bit(one);
                let two = (one as i8 + forward) as u8;
                if from >> 3 == start_rank && occupied & bit(two) == 0 {
                    dests |= bit(two);
                }
            }
            dests &= target;
            if pinned & bit(from) != 0 {
                dests &= line(king, from);
            }
            for to in Squares(dests) {
                if to >> 3 == last_rank {
                    for kind in [KNIGHT, BISHOP, ROOK, QUEEN] {
                        list.push(Move { from, to, kind: MoveKind::Promotion(kind) });
                    }
                } else {
                    list.push(Move { from, to, kind: MoveKind::Normal });
                }
            }
        }
    }

    /// En passant empties two squares of one line: each capture tests the king directly on the result.
    #[inline(always)]
    fn en_passant_captures(&self, side: Side, checkers: Bitboard, list: &mut impl MoveSink) {
        let Side { us, them, enemy, occupied, king, .. } = side;
        // The pawn taken stands one rank behind the en-passant square, which `make` and the text check
        // put on the third or sixth rank only (index 16-23, 40-47), so on the fourth or fifth (24-31,
        // 32-39): one bit apart, which spares the step's direction (fewer instructions than `- forward`).
        let captured = self.ep_square ^ 8;
        for from in Squares(PAWN_ATTACKS[them as usize][self.ep_square as usize] & self.pieces(us, PAWN)) {
            let after = (occupied ^ bit(from) ^ bit(captured)) | bit(self.ep_square);
            let rooks = (self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize]) & enemy;
            let bishops = (self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize]) & enemy;
            let still_checked = (checkers & !bit(captured)) != 0
                || rook_attacks(king, after) & rooks != 0
                || bishop_attacks(king, after) & bishops != 0;
            if !still_checked {
                list.push(Move { from, to: self.ep_square, kind: MoveKind::EnPassant });
            }
        }
    }

    /// Castling, short then long (only called out of check): the squares between empty, the king's
    /// path unattacked.
    #[inline(always)]
    fn castlings(&self, side: Side, list: &mut impl MoveSink) {
        let Side { us, them, occupied, .. } = side;
        let (short, long, home) =
            if us == WHITE { (WHITE_SHORT, WHITE_LONG, 4) } else { (BLACK_SHORT, BLACK_LONG, 60) };
        if self.castling & short != 0
            && occupied & (bit(home + 1) | bit(home + 2)) == 0
            && self.attackers(home + 1, them, occupied) == 0
            && self.attackers(home + 2, them, occupied) == 0
        {
            list.push(Move { from: home, to: home + 2, kind: MoveKind::Castle });
        }
        if self.castling & long != 0
            && occupied & (bit(home - 1) | bit(home - 2) | bit(home - 3)) == 0
            && self.attackers(home - 1, them, occupied) == 0
            && self.attackers(home - 2, them, occupied) == 0
        {
            list.push(Move { from: home, to: home - 2, kind: MoveKind::Castle });
        }
    }

    /// Plays a move the generator produced.
    pub fn make(&mut self, m: Move) {
        let us = self.turn;
        let kind = self.mailbox[m.from as usize];
        let capture = self.mailbox[m.to as usize] != NO_PIECE;
        self.halfmove_clock = if kind == PAWN || capture || m.kind == MoveKind::EnPassant {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        self.castling &= CASTLING_KEPT[m.from as usize] & CASTLING_KEPT[m.to as usize];
        self.ep_square = NO_SQUARE;
        self.remove(m.to);
        self.remove(m.from);
        match m.kind {
            MoveKind::Normal => {
                self.put(m.to, us, kind);
                if kind == PAWN && m.from.abs_diff(m.to) == 16 {
                    self.ep_square = (m.from + m.to) / 2;
                }
            }
            MoveKind::Promotion(promoted) => self.put(m.to, us, promoted),
            MoveKind::EnPassant => {
                self.put(m.to, us, PAWN);
                self.remove(if us == WHITE { m.to - 8 } else { m.to + 8 });
            }
            MoveKind::Castle => {
                self.put(m.to, us, KING);
                let (rook_from, rook_to) =
                    if m.to > m.from { (m.from + 3, m.from + 1) } else { (m.from - 4, m.from - 1) };
                self.remove(rook_from);
                self.put(rook_to, us, ROOK);
            }
        }
        if us == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
        self.refresh_checkers();
    }

    /// A whole turn that only removes pieces (a variant's explosion): castling rights tied to those
    /// squares go, the no-progress clock restarts, and the other side moves.
    pub fn remove_as_turn(&mut self, squares: &[u8]) {
        for &sq in squares {
            self.castling &= CASTLING_KEPT[sq as usize];
            self.remove(sq);
        }
        self.ep_square = NO_SQUARE;
        self.halfmove_clock = 0;
        if self.turn == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
        self.refresh_checkers();
    }

    /// Number of leaf paths of `depth` plies, counting the last ply by list length.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.as_slice()
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.make(m);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The move of a legal action's code, read from the code and the board alone.
    /// The move an action names, checked only for its shape: a code the move generator writes, a piece
    /// of the side to move on `from` and none of its own on `to`. Whether it is legal is the legal
    /// list's to say; the game plays only listed options (debug builds check the two agree).
    pub(super) fn decode(&self, action: Action) -> Option<Move> {
        if action.0 >> 24 != 0 {
            return None;
        }
        let from = from_square(crate::square::Square((action.0 >> 16) as u8))?;
        let to = from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let own = self.by_color[self.turn as usize];
        if own & bit(from) == 0 || own & bit(to) != 0 {
            return None;
        }
        let kind = match action.0 & 0xff {
            1 => MoveKind::Promotion(QUEEN),
            2 => MoveKind::Promotion(ROOK),
            3 => MoveKind::Promotion(BISHOP),
            4 => MoveKind::Promotion(KNIGHT),
            _ => match self.mailbox[from as usize] {
                KING if from.abs_diff(to) == 2 => MoveKind::Castle,
                PAWN if (from & 7) != (to & 7) && self.mailbox[to as usize] == NO_PIECE => MoveKind::EnPassant,
                NO_PIECE => return None,
                _ => MoveKind::Normal,
            },
        };
        Some(Move { from, to, kind })
    }

    pub(super) fn move_of(&self, action: Action) -> Option<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.as_slice().iter().copied().find(|m| m.action() == action)
    }

    /// The en-passant square only when a legal en-passant capture exists (as FEN and repetition need).
    pub(super) fn legal_ep_square(&self) -> Option<u8> {
        if self.ep_square == NO_SQUARE {
            return None;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        Chess::ep_square_if_capturable(list.as_slice())
    }

    /// The en-passant square when the given legal moves include an en-passant capture.
    pub fn ep_square_if_capturable(legal: &[Move]) -> Option<u8> {
        legal.iter().find(|m| m.kind == MoveKind::EnPassant).map(|m| m.to)
    }

    pub(super) fn insufficient_material(&self) -> bool {
        let heavy = self.by_kind[PAWN as usize] | self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        if heavy != 0 {
            return false;
        }
        let knights = self.by_kind[KNIGHT as usize];
        let bishops = self.by_kind[BISHOP as usize];
        const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
        // K v K, K+minor v K, or only bishops that all stand on one square colour: no mate is possible.
        (knights | bishops).count_ones() <= 1 || (knights == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }
}
