//! Orthodox chess (RULINGS §0): FIDE rules with automatic draws, FEN notation and SAN move names.
//!
//! The position is kept as bitboards plus a mailbox; move generation is fully legal (checks, pins and
//! en-passant discoveries handled at generation time), and [`Chess::perft`] counts the last ply by list
//! length (bulk counting). The 8x8 variants built on orthodox chess reuse [`crate::bitboard`].
//!
//! Action codes: `from << 16 | to << 8 | promotion`, with engine-wide squares (rank * 16 + file) and
//! promotion 0 = none, 1 = queen, 2 = rook, 3 = bishop, 4 = knight. Castling is the king's move
//! (e1g1). Ascending codes are the canonical order, so this layout is part of the link format.

use crate::bitboard::*;
use crate::board_text::{self, Runs, Shape};
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::{self, Kind};
use crate::rules::*;
use crate::search::SearchTuning;

pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
const NO_PIECE: u8 = 0xff;
const NO_SQUARE: u8 = 64;

pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;

/// The kinds by this file's codes ([`PAWN`] = 0 … [`KING`] = 5).
pub(crate) const KINDS: [Kind; 6] =
    [pieces::PAWN, pieces::KNIGHT, pieces::BISHOP, pieces::ROOK, pieces::QUEEN, pieces::KING];
/// The board field of FEN.
pub(crate) const SHAPE: Shape = Shape { width: 8, height: 8, runs: Runs::Digit };
pub(crate) const COLOR_NAMES: [&str; 2] = ["white", "black"];

/// Castling right bits.
const WHITE_SHORT: u8 = 1;
const WHITE_LONG: u8 = 2;
const BLACK_SHORT: u8 = 4;
const BLACK_LONG: u8 = 8;

/// Rights kept when a piece leaves or arrives on a square (rook and king home squares clear them).
static CASTLING_KEPT: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !WHITE_LONG;
    t[7] = 15 & !WHITE_SHORT;
    t[4] = 15 & !(WHITE_SHORT | WHITE_LONG);
    t[56] = 15 & !BLACK_LONG;
    t[63] = 15 & !BLACK_SHORT;
    t[60] = 15 & !(BLACK_SHORT | BLACK_LONG);
    t
};

/// What kind of move a [`Move`] is, beyond from and to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal,
    /// Promotion to the given piece kind.
    Promotion(u8),
    EnPassant,
    Castle,
}

/// A move in the 8x8 index space, as the generator produces it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
}

impl Move {
    const NONE: Move = Move { from: 0, to: 0, kind: MoveKind::Normal };

    /// The move's action code (see the module docs).
    pub fn action(self) -> Action {
        // Queen first, so choosers list the usual choice first.
        let promotion = match self.kind {
            MoveKind::Promotion(QUEEN) => 1,
            MoveKind::Promotion(ROOK) => 2,
            MoveKind::Promotion(BISHOP) => 3,
            MoveKind::Promotion(_) => 4,
            _ => 0,
        };
        Action((to_square(self.from).0 as u64) << 16 | (to_square(self.to).0 as u64) << 8 | promotion)
    }
}

/// A fixed-capacity move list: no allocation in the generator (218 is the known maximum).
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NONE; 256], len: 0 }
    }
    #[inline]
    fn push(&mut self, m: Move) {
        // The capacity exceeds the legal maximum; a full list would be a generator bug, never input.
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

/// An orthodox chess position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 6],
    /// Piece kind on each square, or NO_PIECE.
    mailbox: [u8; 64],
    turn: u8,
    castling: u8,
    /// Square a pawn skipped with its last two-step (NO_SQUARE if none), whether or not it can be taken.
    ep_square: u8,
    halfmove_clock: u16,
    fullmove: u16,
}

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    pub fn start() -> Chess {
        // The constant is valid by construction; the unit tests parse it.
        Chess::from_fen(START_FEN).unwrap_or_else(|_| Chess::empty())
    }

    fn empty() -> Chess {
        Chess {
            by_color: [0; 2],
            by_kind: [0; 6],
            mailbox: [NO_PIECE; 64],
            turn: WHITE,
            castling: 0,
            ep_square: NO_SQUARE,
            halfmove_clock: 0,
            fullmove: 1,
        }
    }

    fn put(&mut self, sq: u8, color: u8, kind: u8) {
        self.by_color[color as usize] |= bit(sq);
        self.by_kind[kind as usize] |= bit(sq);
        self.mailbox[sq as usize] = kind;
    }

    pub(crate) fn remove(&mut self, sq: u8) {
        let kind = self.mailbox[sq as usize];
        if kind != NO_PIECE {
            self.by_kind[kind as usize] &= !bit(sq);
            self.by_color[0] &= !bit(sq);
            self.by_color[1] &= !bit(sq);
            self.mailbox[sq as usize] = NO_PIECE;
        }
    }

    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on an 8x8 square: (colour, kind).
    pub fn piece_at(&self, sq: u8) -> Option<(u8, u8)> {
        let kind = self.mailbox[sq as usize];
        if kind == NO_PIECE {
            None
        } else {
            Some((if self.by_color[0] & bit(sq) != 0 { WHITE } else { BLACK }, kind))
        }
    }

    pub(crate) fn pieces(&self, color: u8, kind: u8) -> Bitboard {
        self.by_color[color as usize] & self.by_kind[kind as usize]
    }

    pub(crate) fn king_square(&self, color: u8) -> Option<u8> {
        let sq = self.king_index(color);
        (sq != NO_SQUARE).then_some(sq)
    }

    fn king_index(&self, color: u8) -> u8 {
        let kings = self.pieces(color, KING);
        if kings == 0 {
            NO_SQUARE
        } else {
            kings.trailing_zeros() as u8
        }
    }

    /// Pieces of `by` attacking `sq` with the given occupancy.
    pub(crate) fn attackers(&self, sq: u8, by: u8, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[by as usize];
        let rooks = self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        let bishops = self.by_kind[BISHOP as usize] | self.by_kind[QUEEN as usize];
        them & ((KNIGHT_ATTACKS[sq as usize] & self.by_kind[KNIGHT as usize])
            | (KING_ATTACKS[sq as usize] & self.by_kind[KING as usize])
            | (PAWN_ATTACKS[(by ^ 1) as usize][sq as usize] & self.by_kind[PAWN as usize])
            | (rook_attacks(sq, occupied) & rooks)
            | (bishop_attacks(sq, occupied) & bishops))
    }

    fn checkers(&self) -> Bitboard {
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
    fn pinned(&self, king: u8) -> Bitboard {
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
        let us = self.turn;
        let them = us ^ 1;
        let own = self.by_color[us as usize];
        let enemy = self.by_color[them as usize];
        let occupied = own | enemy;
        let king = self.king_index(us);
        if king == NO_SQUARE {
            return;
        }
        let checkers = self.attackers(king, them, occupied);

        // King steps: test each destination with the king lifted off the board, so sliders see through it.
        let without_king = occupied ^ bit(king);
        for to in Squares(KING_ATTACKS[king as usize] & !own) {
            if self.attackers(to, them, without_king) == 0 {
                list.push(Move { from: king, to, kind: MoveKind::Normal });
            }
        }
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

        if self.ep_square != NO_SQUARE {
            let captured = (self.ep_square as i8 - forward) as u8;
            for from in Squares(PAWN_ATTACKS[them as usize][self.ep_square as usize] & self.pieces(us, PAWN)) {
                // En passant empties two squares of one line: test the king directly on the result.
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

        if checkers == 0 {
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
    }

    /// A whole turn that only removes pieces (a variant's explosion): castling rights tied to those
    /// squares go, the no-progress clock restarts, and the other side moves.
    pub(crate) fn remove_as_turn(&mut self, squares: &[u8]) {
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
    fn decode(&self, action: Action) -> Option<Move> {
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

    fn move_of(&self, action: Action) -> Option<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.as_slice().iter().copied().find(|m| m.action() == action)
    }

    /// The en-passant square only when a legal en-passant capture exists (as FEN and repetition need).
    fn legal_ep_square(&self) -> Option<u8> {
        if self.ep_square == NO_SQUARE {
            return None;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        Chess::ep_square_if_capturable(list.as_slice())
    }

    /// The en-passant square when the given legal moves include an en-passant capture.
    pub(crate) fn ep_square_if_capturable(legal: &[Move]) -> Option<u8> {
        legal.iter().find(|m| m.kind == MoveKind::EnPassant).map(|m| m.to)
    }

    fn insufficient_material(&self) -> bool {
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

    /// The SAN name of a legal move, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let mut san = self.san_body(m, legal.as_slice());
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            let mut replies = MoveList::new();
            after.legal_moves(&mut replies);
            san.push(if replies.is_empty() { '#' } else { '+' });
        }
        san
    }

    /// SAN without the check sign, disambiguated among `legal` (the variant's legal moves).
    pub(crate) fn san_body(&self, m: Move, legal: &[Move]) -> String {
        let kind = self.mailbox[m.from as usize];
        match m.kind {
            MoveKind::Castle if m.to > m.from => "O-O".to_string(),
            MoveKind::Castle => "O-O-O".to_string(),
            _ => {
                let capture = self.mailbox[m.to as usize] != NO_PIECE || m.kind == MoveKind::EnPassant;
                let mut s = String::new();
                if kind == PAWN {
                    if capture {
                        s.push((b'a' + (m.from & 7)) as char);
                    }
                } else {
                    s.push_str(KINDS[kind as usize].code);
                    s.push_str(&self.disambiguation(m, kind, legal));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_square(m.to).name());
                if let MoveKind::Promotion(p) = m.kind {
                    s.push('=');
                    s.push_str(KINDS[p as usize].code);
                }
                s
            }
        }
    }

    fn disambiguation(&self, m: Move, kind: u8, legal: &[Move]) -> String {
        let rivals: Vec<crate::Square> = legal
            .iter()
            .filter(|o| o.to == m.to && o.from != m.from && self.mailbox[o.from as usize] == kind)
            .map(|o| to_square(o.from))
            .collect();
        crate::square::disambiguation(to_square(m.from), &rivals)
    }

    /// Coordinate notation: `e2e4`, `e7e8q`, castling as the king's move.
    pub fn coord(m: Move) -> String {
        let mut s = format!("{}{}", to_square(m.from).name(), to_square(m.to).name());
        if let MoveKind::Promotion(p) = m.kind {
            s.push(KINDS[p as usize].letter);
        }
        s
    }

    fn board_fen(&self) -> String {
        board_text::write(
            SHAPE,
            |sq| self.piece_at(sq as u8),
            |(color, kind), text| text.push(board_text::cased(KINDS[kind as usize].letter, color == WHITE)),
        )
    }

    fn castling_fen(&self) -> String {
        let s: String = [(WHITE_SHORT, 'K'), (WHITE_LONG, 'Q'), (BLACK_SHORT, 'k'), (BLACK_LONG, 'q')]
            .iter()
            .filter(|(b, _)| self.castling & b != 0)
            .map(|&(_, c)| c)
            .collect();
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }

    /// FEN with the en-passant square written only when a legal en-passant capture exists.
    pub fn fen(&self) -> String {
        self.fen_with_ep(self.legal_ep_square())
    }

    /// FEN with the given en-passant square (the variant decides whether a capture is legal).
    pub(crate) fn fen_with_ep(&self, ep: Option<u8>) -> String {
        let ep = ep.map_or("-".to_string(), |sq| to_square(sq).name());
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            if self.turn == WHITE { 'w' } else { 'b' },
            self.castling_fen(),
            ep,
            self.halfmove_clock,
            self.fullmove
        )
    }

    /// Reads a FEN (the two clock fields may be left out). Every problem found is listed in the error.
    pub fn from_fen(text: &str) -> Result<Chess> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid FEN: {}.", problems.join("; ")))
        };
        if fields.len() != 4 && fields.len() != 6 {
            return Err(bad(vec![format!(
                "expected 6 fields (board, side to move, castling, en passant, halfmove clock, move number), found {}",
                fields.len()
            )]));
        }
        let mut pos = Chess::empty();
        let mut problems = Vec::new();

        let mut board_problems = Vec::new();
        board_text::read(
            fields[0],
            SHAPE,
            &mut board_problems,
            |c, _, _, _| {
                pieces::by_letter(&KINDS, c).map(|kind| (if c.is_ascii_uppercase() { WHITE } else { BLACK }, kind))
            },
            |sq, (color, kind)| pos.put(sq as u8, color, kind),
        );
        board_text::fen_words(&board_problems, SHAPE, &mut problems);

        match fields[1] {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = BLACK,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }

        if fields[2] != "-" {
            for c in fields[2].chars() {
                let right = match c {
                    'K' => WHITE_SHORT,
                    'Q' => WHITE_LONG,
                    'k' => BLACK_SHORT,
                    'q' => BLACK_LONG,
                    _ => {
                        problems.push(format!("unknown castling right '{c}'"));
                        0
                    }
                };
                if pos.castling & right != 0 {
                    problems.push(format!("castling right '{c}' given twice"));
                }
                pos.castling |= right;
            }
        }

        if fields[3] != "-" {
            match crate::square::Square::parse(fields[3]).and_then(from_square) {
                Some(sq) => pos.ep_square = sq,
                None => problems.push(format!("'{}' is not an en-passant square", fields[3])),
            }
        }
        if fields.len() == 6 {
            match fields[4].parse::<u16>() {
                Ok(n) => pos.halfmove_clock = n,
                Err(_) => problems.push(format!("halfmove clock '{}' is not a number", fields[4])),
            }
            match fields[5].parse::<u16>() {
                Ok(n) if n >= 1 => pos.fullmove = n,
                _ => problems.push(format!("move number '{}' is not a positive number", fields[5])),
            }
        }
        if problems.is_empty() {
            pos.validate(&mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(bad(problems))
        }
    }

    /// Checks that a parsed setup is a position play can reach or continue from.
    fn validate(&self, problems: &mut Vec<String>) {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = self.pieces(color, KING).count_ones();
            if kings != 1 {
                problems.push(format!("{name} has {kings} kings instead of 1"));
            }
            if self.by_color[color as usize].count_ones() > 16 {
                problems.push(format!("{name} has more than 16 pieces"));
            }
            if self.pieces(color, PAWN).count_ones() > 8 {
                problems.push(format!("{name} has more than 8 pawns"));
            }
        }
        if self.by_kind[PAWN as usize] & 0xFF00_0000_0000_00FF != 0 {
            problems.push("a pawn stands on the first or last rank".into());
        }
        for (right, king, rook, color, label) in [
            (WHITE_SHORT, 4, 7, WHITE, 'K'),
            (WHITE_LONG, 4, 0, WHITE, 'Q'),
            (BLACK_SHORT, 60, 63, BLACK, 'k'),
            (BLACK_LONG, 60, 56, BLACK, 'q'),
        ] {
            if self.castling & right != 0
                && (self.piece_at(king) != Some((color, KING)) || self.piece_at(rook) != Some((color, ROOK)))
            {
                problems.push(format!("castling right '{label}' without king and rook on their home squares"));
            }
        }
        if self.ep_square != NO_SQUARE {
            // The pushed pawn stands one rank beyond the skipped square (checked only on the right rank).
            let (rank, pusher, behind) = if self.turn == WHITE {
                (5, BLACK, self.ep_square.wrapping_sub(8))
            } else {
                (2, WHITE, self.ep_square.wrapping_add(8))
            };
            if self.ep_square >> 3 != rank
                || self.piece_at(behind) != Some((pusher, PAWN))
                || self.mailbox[self.ep_square as usize] != NO_PIECE
            {
                problems.push(format!(
                    "en-passant square {} does not follow a pawn's two-step",
                    to_square(self.ep_square).name()
                ));
            }
        }
        if problems.is_empty() {
            let waiting = self.turn ^ 1;
            let king = self.king_index(waiting);
            if self.attackers(king, self.turn, self.occupied()) != 0 {
                problems.push("the side not to move is in check".into());
            }
            if self.checkers().count_ones() > 2 {
                problems.push("the side to move is checked by more than two pieces".into());
            }
        }
    }
}

impl Position for Chess {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let start = out.len();
        out.extend(list.as_slice().iter().map(|m| m.action()));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        // Decoded from the code rather than found in the legal list: listing the moves to play one was
        // a good part of the computer's time (issue 19). The caller plays only listed actions; tests
        // (debug builds) check the decoding against the list.
        let m = self.decode(action);
        debug_assert_eq!(m, self.move_of(action), "{action:?} in {}", self.fen());
        self.make(m.ok_or_else(|| not_an_option(action))?);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        self.outcome_given(list.is_empty(), self.in_check())
    }

    fn repetition_key(&self) -> Vec<u8> {
        self.key_with_ep(self.legal_ep_square())
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        match self.move_of(action) {
            Some(m) => self.move_info(m, self.san(m)),
            None => ActionInfo::unknown(),
        }
    }

    fn view(&self) -> BoardView {
        self.view_with_check(self.in_check())
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Chess {
    fn perft(&self, depth: u32) -> u64 {
        Chess::perft(self, depth)
    }
}

impl SearchTuning for Chess {
    /// The search's orthodox evaluation (issue 19): tapered placement, mobility, pawn structure and
    /// king safety. Gunnery keeps [`Chess::material_and_placement`] for now.
    fn evaluate(&self, seat: Seat) -> i32 {
        crate::search::eval::orthodox(self, seat)
    }

    fn capture_gain(&self, action: Action) -> Option<i32> {
        self.orthodox_capture_gain(action)
    }

    /// Listing the legal moves was a third of a search node's cost, and the search listed them twice
    /// (for the outcome, then to play them): out of check no mate can be, and the draws by rule need no
    /// list. Stalemates are found where the search lists the moves anyway.
    fn outcome_without_listing(&self) -> Option<Option<Outcome>> {
        if self.in_check() {
            return None;
        }
        Some(self.outcome_given(false, false))
    }
}

/// Centipawn values by kind (the king is never traded).
pub(crate) const VALUES: [i32; 6] = pieces::values(&KINDS);

/// Placement bonus of knights and bishops: the centre is worth most, the rim least.
const CENTRALITY: [i32; 8] = [-20, -8, 4, 12, 12, 4, -8, -20];

/// Pieces shared by the variants on an orthodox board, which judge moves and checks by their own rules.
impl Chess {
    /// The computer player's evaluation for `color`: material, centralised minor pieces, advanced and
    /// central pawns, and a king kept home while queens are on.
    pub(crate) fn material_and_placement(&self, color: u8) -> i32 {
        let mut score = 0;
        let queens = self.by_kind[QUEEN as usize] != 0;
        for side in [WHITE, BLACK] {
            let mut value = 0;
            for kind in PAWN..KING {
                value += VALUES[kind as usize] * self.pieces(side, kind).count_ones() as i32;
            }
            for sq in Squares(self.pieces(side, KNIGHT) | self.pieces(side, BISHOP)) {
                value += CENTRALITY[(sq & 7) as usize] / 2 + CENTRALITY[(sq >> 3) as usize] / 2;
            }
            for sq in Squares(self.pieces(side, PAWN)) {
                let advance = if side == WHITE { sq >> 3 } else { 7 - (sq >> 3) } as i32;
                let central = matches!(sq & 7, 3 | 4) as i32;
                value += (advance - 1) * (4 + 4 * central) + if advance >= 5 { advance * 8 } else { 0 };
            }
            if queens {
                for sq in Squares(self.pieces(side, KING)) {
                    let home = if side == WHITE { sq >> 3 } else { 7 - (sq >> 3) } as i32;
                    value -= home * 15;
                }
            }
            score += if side == color { value } else { -value };
        }
        score
    }

    /// [`Position::capture_gain`] for orthodox move codes: the victim (a pawn for en passant) plus a
    /// queen's promotion, minus a tenth of the mover.
    pub(crate) fn orthodox_capture_gain(&self, action: Action) -> Option<i32> {
        let from = from_square(crate::square::Square((action.0 >> 16) as u8))?;
        let to = from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let (mover_color, mover) = self.piece_at(from)?;
        let victim = match self.piece_at(to) {
            Some((color, kind)) if color != mover_color => VALUES[kind as usize],
            Some(_) => return None,
            None if mover == PAWN && (from & 7) != (to & 7) => VALUES[PAWN as usize],
            None => 0,
        };
        let promotion = if action.0 & 0xff == 1 { VALUES[QUEEN as usize] - VALUES[PAWN as usize] } else { 0 };
        (victim + promotion > 0).then(|| victim + promotion - VALUES[mover as usize] / 10)
    }

    /// Mate, stalemate, no-progress and dead material, given the variant's verdict on moves and check.
    pub(crate) fn outcome_given(&self, no_moves: bool, in_check: bool) -> Option<Outcome> {
        if no_moves {
            return Some(if in_check {
                Outcome::win(self.turn ^ 1, EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }

    pub(crate) fn key_with_ep(&self, ep: Option<u8>) -> Vec<u8> {
        let mut key = self.mailbox.to_vec();
        for sq in 0..64 {
            if self.by_color[1] & bit(sq) != 0 {
                key[sq as usize] |= 0x80;
            }
        }
        key.push(self.turn);
        key.push(self.castling);
        key.push(ep.unwrap_or(NO_SQUARE));
        key
    }

    /// How the page shows a move of this board, with the variant's name for it.
    pub(crate) fn move_info(&self, m: Move, name: String) -> ActionInfo {
        ActionInfo {
            from: Some(to_square(m.from)),
            to: Some(to_square(m.to)),
            choice: match m.kind {
                MoveKind::Promotion(kind) => Some(Choice {
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[self.turn as usize],
                    label: KINDS[kind as usize].label(),
                    prongs: None,
                }),
                _ => None,
            },
            name,
            coord: Chess::coord(m),
            marks: Vec::new(),
            group: None,
            select: false,
            destroys: false,
        }
    }

    pub(crate) fn view_with_check(&self, in_check: bool) -> BoardView {
        let pieces = (0..64)
            .filter_map(|sq| {
                self.piece_at(sq).map(|(color, kind)| PieceView {
                    square: to_square(sq),
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[color as usize],
                    badge: None,
                    prongs: None,
                })
            })
            .collect();
        let checks = match self.king_square(self.turn) {
            Some(king) if in_check => vec![to_square(king)],
            _ => vec![],
        };
        let checked_seats = if in_check { vec![self.turn] } else { Vec::new() };
        BoardView { width: 8, height: 8, pieces, checks, checked_seats, ..BoardView::default() }
    }
}

pub struct ChessRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 1,
    slug: "chess",
    name: "Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "FEN",
    summary: "The classic game, with FIDE rules and automatic draws.",
};

impl Rules for ChessRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Chess::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Chess::from_fen(text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        Chess::from_fen(fen).expect("test FEN is valid")
    }

    fn sans(p: &Chess) -> Vec<String> {
        let mut actions = Vec::new();
        p.actions(&mut actions);
        actions.iter().map(|&a| p.info(a).name).collect()
    }

    #[test]
    fn start_fen_round_trips() {
        assert_eq!(Chess::start().fen(), START_FEN);
        assert_eq!(Chess::start().perft(1), 20);
    }

    #[test]
    fn actions_are_sorted_and_unique() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let mut a = Vec::new();
        p.actions(&mut a);
        assert_eq!(a.len(), 48);
        assert!(a.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn san_names_with_disambiguation_castling_promotion_and_mate() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let names = sans(&p);
        for expected in ["O-O", "O-O-O", "Nxd7", "Qxf6", "Rb1", "Bxa6", "d6", "gxh3", "Ng4"] {
            assert!(names.contains(&expected.to_string()), "{expected} missing from {names:?}");
        }
        let promo = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
        let names = sans(&promo);
        assert!(names.contains(&"a8=Q".to_string()) && names.contains(&"a8=N".to_string()));
        let knights = pos("k7/8/8/8/8/8/8/KN3N2 w - - 0 1");
        assert!(sans(&knights).contains(&"Nbd2".to_string()));
        let rooks = pos("1k6/8/R7/8/8/8/8/R6K w - - 0 1");
        assert!(sans(&rooks).contains(&"R6a3".to_string()));
        let mate = pos("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1");
        assert!(sans(&mate).contains(&"Re8#".to_string()));
    }

    #[test]
    fn outcomes() {
        let mated = pos("4R1k1/5ppp/8/8/8/8/8/K7 b - - 0 1");
        assert_eq!(mated.outcome(), Some(Outcome::win(WHITE, EndReason::Checkmate)));
        let stalemate = pos("7k/5Q2/8/8/8/8/8/K7 b - - 0 1");
        assert_eq!(stalemate.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
        let fifty = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
        assert_eq!(fifty.outcome(), Some(Outcome::draw(EndReason::NoProgress)));
        for dead in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
            "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        ] {
            assert_eq!(pos(dead).outcome(), Some(Outcome::draw(EndReason::InsufficientMaterial)), "{dead}");
        }
        for alive in
            ["3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
        {
            assert_eq!(pos(alive).outcome(), None, "{alive}");
        }
    }

    #[test]
    fn fen_errors_list_every_problem() {
        let err = Chess::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNX x KQkq - 0 1").expect_err("invalid");
        assert_eq!(err.code, ErrorCode::BadPosition);
        assert!(err.message.contains("unknown character 'X'"), "{}", err.message);
        assert!(err.message.contains("side to move"), "{}", err.message);
        for bad in [
            "",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 1x",
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - a1 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - h8 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - i9 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        ] {
            assert!(Chess::from_fen(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn ep_square_written_only_when_capturable() {
        let mut p = Chess::start();
        p.play(Action(0x14_34_00)).expect("e2e4");
        assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let q = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
        let mut r = q.clone();
        r.play(Action(0x14_34_00)).expect("e2e4");
        assert_eq!(r.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    }
}
