//! Checkered Chess, l'Échiqueté (P. Bernier and B. Auder; RULINGS §5), both stages.
//!
//! Stage 1: every non-king capture turns the capturing piece checkered, with the mover's choice of
//! nature (its own kind or the captured kind; a capturing promotion is simply checkered). Checkered
//! pieces belong to the side to move, cannot be captured, and after a move they are the opponent's,
//! so a king must not be left attacked by enemy pieces or by checkered pieces (checkered pawns
//! attacking in the opponent's direction). A non-capturing checkered move A→B may not be answered by
//! a non-capturing checkered move B→A. Pawn two-steps need the mover's flag for that file, which only
//! a two-step from that rank and file clears.
//!
//! The switch (setting, on by default): while a checkered piece exists, the side to move may take the
//! checkered army (`S`, entered as its king's move onto the enemy king's square), a decision of its
//! own after which the same player makes a checkered move. Stage 2: that player moves only checkered
//! pieces, now capturable; the other moves white and black pieces, which never capture each other.
//! Checkered pawns then move both ways. Results keep the original colours.
//!
//! Representation: a mailbox with three colours (white, black, checkered) plus bitboards for attack
//! tests. Moves are generated pseudo-legally, played on a copy and tested, as the rules are too
//! irregular for pin logic to pay off.
//!
//! Action codes: `from << 16 | to << 8 | choice` with engine-wide squares; `choice` is 0 when the
//! piece keeps its kind, else the kind it becomes (1 queen, 2 rook, 3 bishop, 4 knight, 5 pawn);
//! the switch is the king's square to the enemy king's square with choice 0x10.
//!
//! Position notation (vchess): `board turn plyCount flags enPassant lastCheckeredMove stage`, checkered
//! pieces written s (pawn), u (rook), o (knight), c (bishop), t (queen); flags are the four castling
//! rook files (white long, white short, black long, black short; `i` = none) and 16 pawn flags (White
//! a–h, Black a–h); stage `1`, `1-` (no switch), `2w`, `2b`. A bare board (the seed's diagrams) or
//! any prefix of the fields is accepted, with defaults for the rest (White to move, castling where
//! king and rook stand at home, every pawn flag set, no en passant, no last checkered move, stage 1).
//! vchess has no no-progress clock; ours follows the stage as an eighth field when it is not 0
//! (`… - - 1 37`), so that a position reads back with its clock (and a game drawn by the rule reads back
//! drawn). Without it the clock is 0.

use crate::bitboard::*;
use crate::board_text;
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::{self, Kind};
use crate::rules::*;
use crate::search::SearchTuning;
use crate::square::Square;

const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const BISHOP: u8 = 2;
const ROOK: u8 = 3;
const QUEEN: u8 = 4;
const KING: u8 = 5;
const WHITE: u8 = 0;
const BLACK: u8 = 1;
const CHECKERED: u8 = 2;
const EMPTY: u8 = 0xff;

/// The kinds by this file's codes, chess's ([`PAWN`] = 0 … [`KING`] = 5).
const KINDS: [Kind; 6] = super::chess::KINDS;
const VALUES: [i32; 6] = pieces::values(&KINDS);
const COLOR_NAMES: [&str; 3] = ["white", "black", "checkered"];
/// The letters of checkered pieces (pawn, knight, bishop, rook, queen; either case), as vchess writes them.
const CHECKERED_LETTERS: [char; 5] = ['s', 'o', 'c', 'u', 't'];
/// Choice byte of the kind a piece becomes (0 = keeps its kind).
const CHOICE_OF_KIND: [u64; 6] = [5, 4, 3, 2, 1, 0];
const SWITCH_CHOICE: u64 = 0x10;
const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
const NO_FILE: u8 = 8;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Stage {
    One,
    /// Stage 2, with the original colour of the player who took the checkered army.
    Two {
        checkered_side: u8,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Special {
    None,
    DoubleStep,
    /// En passant: the captured pawn's square.
    EnPassant(u8),
    /// Castling: rook from and to.
    Castle(u8, u8),
    Switch,
}

/// A move: which piece goes where and what stands on `to` afterwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CMove {
    from: u8,
    to: u8,
    /// Colour and kind of the piece on `to` after the move.
    color: u8,
    kind: u8,
    special: Special,
}

impl CMove {
    fn action(self, moving_kind: u8) -> Action {
        let choice = match self.special {
            Special::Switch => SWITCH_CHOICE,
            _ if self.kind != moving_kind => CHOICE_OF_KIND[self.kind as usize],
            _ => 0,
        };
        Action((to_square(self.from).0 as u64) << 16 | (to_square(self.to).0 as u64) << 8 | choice)
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Checkered {
    /// `color << 3 | kind` per square, or EMPTY.
    board: [u8; 64],
    by_color: [Bitboard; 3],
    by_kind: [Bitboard; 6],
    /// The original colour whose turn it is.
    turn: u8,
    /// Castling rook files: white long, white short, black long, black short (NO_FILE = none).
    castle_files: [u8; 4],
    /// Two-step flags: bit `color * 8 + file`.
    pawn_flags: u16,
    /// En passant: the skipped square and the pawn that skipped it.
    ep: Option<(u8, u8)>,
    /// The last move, when it was a non-capturing checkered move (stage 1).
    last_checkered_move: Option<(u8, u8)>,
    stage: Stage,
    with_switch: bool,
    ply_count: u32,
    halfmove_clock: u16,
}

fn color_of(code: u8) -> u8 {
    code >> 3
}
fn kind_of(code: u8) -> u8 {
    code & 7
}
const fn rank(sq: u8) -> u8 {
    sq >> 3
}
const fn file(sq: u8) -> u8 {
    sq & 7
}
/// Pawn step for a direction: 0 = up (White's way), 1 = down.
const fn forward(direction: u8) -> i8 {
    if direction == 0 {
        8
    } else {
        -8
    }
}

impl Checkered {
    fn empty() -> Checkered {
        Checkered {
            board: [EMPTY; 64],
            by_color: [0; 3],
            by_kind: [0; 6],
            turn: WHITE,
            castle_files: [NO_FILE; 4],
            pawn_flags: 0xffff,
            ep: None,
            last_checkered_move: None,
            stage: Stage::One,
            with_switch: true,
            ply_count: 0,
            halfmove_clock: 0,
        }
    }

    pub fn start(with_switch: bool) -> Checkered {
        let mut pos = Checkered::empty();
        let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        for f in 0..8u8 {
            pos.put(f, WHITE, back[f as usize]);
            pos.put(8 + f, WHITE, PAWN);
            pos.put(48 + f, BLACK, PAWN);
            pos.put(56 + f, BLACK, back[f as usize]);
        }
        pos.castle_files = [0, 7, 0, 7];
        pos.with_switch = with_switch;
        pos
    }

    fn put(&mut self, sq: u8, color: u8, kind: u8) {
        self.remove(sq);
        self.board[sq as usize] = color << 3 | kind;
        self.by_color[color as usize] |= bit(sq);
        self.by_kind[kind as usize] |= bit(sq);
    }

    fn remove(&mut self, sq: u8) {
        let code = self.board[sq as usize];
        if code != EMPTY {
            self.by_color[color_of(code) as usize] &= !bit(sq);
            self.by_kind[kind_of(code) as usize] &= !bit(sq);
            self.board[sq as usize] = EMPTY;
        }
    }

    fn piece(&self, sq: u8) -> Option<(u8, u8)> {
        let code = self.board[sq as usize];
        (code != EMPTY).then(|| (color_of(code), kind_of(code)))
    }

    fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.by_color[2]
    }

    fn king(&self, color: u8) -> Option<u8> {
        let kings = self.by_color[color as usize] & self.by_kind[KING as usize];
        (kings != 0).then(|| kings.trailing_zeros() as u8)
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether `sq` is attacked by the pieces of `normal` (a colour, if any) and by checkered pieces,
    /// checkered pawns attacking in the given directions (0 = up, 1 = down).
    fn attacked(&self, sq: u8, normal: Option<u8>, checkered_pawn_directions: &[u8]) -> bool {
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
    fn king_attacked(&self, color: u8) -> bool {
        let Some(king) = self.king(color) else { return false };
        match self.stage {
            Stage::One => self.attacked(king, Some(color ^ 1), &[color ^ 1]),
            Stage::Two { .. } => self.attacked(king, None, &[0, 1]),
        }
    }

    /// The kings in check for the side to move, to highlight and to judge mate.
    fn checked_kings(&self) -> Vec<u8> {
        match self.stage {
            Stage::One => self.king(self.turn).filter(|_| self.king_attacked(self.turn)).into_iter().collect(),
            Stage::Two { checkered_side } if checkered_side == self.turn => Vec::new(),
            Stage::Two { .. } => {
                [WHITE, BLACK].iter().filter(|&&c| self.king_attacked(c)).filter_map(|&c| self.king(c)).collect()
            }
        }
    }

    fn any_checkered(&self) -> bool {
        self.by_color[CHECKERED as usize] != 0
    }

    /// Pseudo-legal moves of the side to move (checked for the own king later); no switch.
    fn pseudo_moves(&self, out: &mut Vec<CMove>) {
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
    fn push_capture(&self, from: u8, to: u8, color: u8, kind: u8, special: Special, out: &mut Vec<CMove>) {
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

    fn pawn_moves(&self, from: u8, color: u8, capturable: Bitboard, out: &mut Vec<CMove>) {
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

    fn castlings(&self, king: u8, color: u8, out: &mut Vec<CMove>) {
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
    fn make(&mut self, m: CMove) {
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
    fn switch_move(&self) -> Option<CMove> {
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

    fn is_legal(&self, m: CMove) -> bool {
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
    fn legal_board_moves(&self) -> Vec<CMove> {
        let mut pseudo = Vec::with_capacity(64);
        self.pseudo_moves(&mut pseudo);
        pseudo.retain(|&m| self.is_legal(m));
        pseudo
    }

    fn moving_kind(&self, m: CMove) -> u8 {
        self.piece(m.from).map_or(KING, |(_, k)| k)
    }

    fn action_of(&self, m: CMove) -> Action {
        m.action(self.moving_kind(m))
    }

    fn move_of(&self, action: Action) -> Option<CMove> {
        self.legal_moves().into_iter().find(|&m| self.action_of(m) == action)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }

    /// The move's name: SAN-like, `=X` when the piece ends as another kind (promotion or checkered
    /// nature), `S` for the switch, `+`/`#` by this variant's checks.
    pub fn name(&self, m: CMove) -> String {
        if m.special == Special::Switch {
            return "S".into();
        }
        let legal = self.legal_moves();
        let moving = self.moving_kind(m);
        let capture = self.piece(m.to).is_some() || matches!(m.special, Special::EnPassant(_));
        let mut s = match m.special {
            Special::Castle(..) if m.to > m.from => "O-O".to_string(),
            Special::Castle(..) => "O-O-O".to_string(),
            _ => {
                let mut s = String::new();
                if moving == PAWN {
                    if capture {
                        s.push((b'a' + file(m.from)) as char);
                    }
                } else {
                    s.push_str(KINDS[moving as usize].code);
                    let rivals: Vec<u8> = legal
                        .iter()
                        .filter(|o| {
                            o.to == m.to
                                && o.from != m.from
                                && o.special != Special::Switch
                                && self.moving_kind(**o) == moving
                        })
                        .map(|o| o.from)
                        .collect();
                    let rivals: Vec<Square> = rivals.into_iter().map(to_square).collect();
                    s.push_str(&crate::square::disambiguation(to_square(m.from), &rivals));
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to_square(m.to).name());
                if m.kind != moving {
                    s.push('=');
                    s.push_str(KINDS[m.kind as usize].code);
                }
                s
            }
        };
        let mut after = self.clone();
        after.make(m);
        if !after.checked_kings().is_empty() {
            s.push(if after.legal_board_moves().is_empty() { '#' } else { '+' });
        }
        s
    }

    fn insufficient_material(&self) -> bool {
        let others = self.by_kind[PAWN as usize] | self.by_kind[ROOK as usize] | self.by_kind[QUEEN as usize];
        if others != 0 || self.any_checkered() {
            return false;
        }
        let minors = self.by_kind[KNIGHT as usize] | self.by_kind[BISHOP as usize];
        const DARK: Bitboard = 0xAA55_AA55_AA55_AA55;
        let bishops = self.by_kind[BISHOP as usize];
        minors.count_ones() <= 1
            || (self.by_kind[KNIGHT as usize] == 0 && (bishops & DARK == 0 || bishops & !DARK == 0))
    }

    // ---- notation ----

    fn board_text(&self) -> String {
        board_text::write(
            super::chess::SHAPE,
            |sq| self.piece(sq as u8),
            |(color, kind), text| {
                text.push(match color {
                    CHECKERED => CHECKERED_LETTERS[kind as usize],
                    _ => board_text::cased(KINDS[kind as usize].letter, color == WHITE),
                })
            },
        )
    }

    fn flags_text(&self) -> String {
        let mut s: String = self.castle_files.iter().map(|&f| (b'a' + f) as char).collect();
        for bit_index in 0..16 {
            s.push(if self.pawn_flags & (1 << bit_index) != 0 { '1' } else { '0' });
        }
        s
    }

    fn stage_text(&self) -> String {
        match self.stage {
            Stage::One if self.with_switch => "1".into(),
            Stage::One => "1-".into(),
            Stage::Two { checkered_side } => format!("2{}", if checkered_side == WHITE { 'w' } else { 'b' }),
        }
    }

    pub fn fen(&self) -> String {
        let clock = if self.halfmove_clock > 0 { format!(" {}", self.halfmove_clock) } else { String::new() };
        format!(
            "{} {} {} {} {} {} {}{clock}",
            self.board_text(),
            if self.turn == WHITE { 'w' } else { 'b' },
            self.ply_count,
            self.flags_text(),
            self.ep.map_or("-".to_string(), |(sq, _)| to_square(sq).name()),
            self.last_checkered_move.map_or("-".to_string(), |(a, b)| format!("{}{}", to_square(a), to_square(b))),
            self.stage_text()
        )
    }

    /// Reads the vchess notation, a prefix of its fields, or a bare board; `switch_setting` is the game
    /// setting (the stage field `1-` turns the switch off as well).
    pub fn from_fen(text: &str, switch_setting: bool) -> Result<Checkered> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid position: {}.", problems.join("; ")))
        };
        if fields.is_empty() || fields.len() > 8 {
            return Err(bad(vec![format!(
                "expected 1 to 8 fields (board turn plyCount flags enPassant lastCheckeredMove stage \
                 noProgressClock), found {}",
                fields.len()
            )]));
        }
        let mut pos = Checkered::empty();
        let mut problems = Vec::new();
        let shape = super::chess::SHAPE;
        let mut board_problems = Vec::new();
        let piece = |c: char, _: &mut &str, _, _: &mut Vec<_>| match CHECKERED_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_lowercase())
        {
            Some(kind) => Some((CHECKERED, kind as u8)),
            None => pieces::by_letter(&KINDS, c).map(|kind| (if c.is_ascii_uppercase() { WHITE } else { BLACK }, kind)),
        };
        board_text::read(fields[0], shape, &mut board_problems, piece, |sq, (color, kind)| {
            pos.put(sq as u8, color, kind)
        });
        board_text::fen_words(&board_problems, shape, &mut problems);
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = BLACK,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }
        match fields.get(2).copied().unwrap_or("0").parse::<u32>() {
            Ok(n) => pos.ply_count = n,
            Err(_) => problems.push(format!("ply count '{}' is not a number", fields[2])),
        }
        match fields.get(3) {
            None => {
                // Castling where king and rook stand at home; every pawn flag set.
                for (i, (king, rook, color)) in
                    [(4u8, 0u8, WHITE), (4, 7, WHITE), (60, 56, BLACK), (60, 63, BLACK)].iter().enumerate()
                {
                    if pos.piece(*king) == Some((*color, KING)) && pos.piece(*rook) == Some((*color, ROOK)) {
                        pos.castle_files[i] = rook & 7;
                    }
                }
            }
            Some(flags) => {
                let bytes = flags.as_bytes();
                let well_formed = bytes.len() == 20
                    && bytes[..4].iter().all(|b| matches!(b, b'a' | b'h' | b'i'))
                    && bytes[4..].iter().all(|b| matches!(b, b'0' | b'1'));
                if well_formed {
                    for (file, letter) in pos.castle_files.iter_mut().zip(bytes) {
                        *file = letter - b'a';
                    }
                    // The long-side letter must name the a-file and the short side the h-file.
                    for (i, expected) in [(0, 0u8), (1, 7), (2, 0), (3, 7)] {
                        if pos.castle_files[i] != NO_FILE && pos.castle_files[i] != expected {
                            problems.push(format!("castling flag '{}' is not a rook's home file", bytes[i] as char));
                        }
                    }
                    pos.pawn_flags =
                        bytes[4..].iter().enumerate().fold(0, |acc, (i, &b)| acc | ((b == b'1') as u16) << i);
                } else {
                    problems.push(format!(
                        "flags '{flags}' must be 4 castling files (a, h or i) and 16 pawn flags (0 or 1)"
                    ));
                }
            }
        }
        if let Some(&ep) = fields.get(4).filter(|&&e| e != "-") {
            match Square::parse(ep).and_then(from_square) {
                Some(sq) if rank(sq) == 2 => pos.ep = Some((sq, sq + 8)),
                Some(sq) if rank(sq) == 5 => pos.ep = Some((sq, sq - 8)),
                _ => problems.push(format!("'{ep}' is not an en-passant square")),
            }
        }
        if let Some(&cm) = fields.get(5).filter(|&&c| c != "-") {
            // `get`, not slicing: the text may hold multibyte characters where the squares belong.
            let square = |range: std::ops::Range<usize>| cm.get(range).and_then(Square::parse).and_then(from_square);
            match (cm.len() == 4).then(|| (square(0..2), square(2..4))) {
                Some((Some(a), Some(b))) => pos.last_checkered_move = Some((a, b)),
                _ => problems.push(format!("last checkered move '{cm}' must be two squares like g3g2")),
            }
        }
        pos.with_switch = switch_setting;
        match fields.get(6).copied().unwrap_or("1") {
            "1" => {}
            "1-" => pos.with_switch = false,
            "2w" => pos.stage = Stage::Two { checkered_side: WHITE },
            "2b" => pos.stage = Stage::Two { checkered_side: BLACK },
            other => problems.push(format!("stage must be 1, 1-, 2w or 2b, not '{other}'")),
        }
        if let Some(&clock) = fields.get(7) {
            match clock.parse::<u16>() {
                Ok(n) => pos.halfmove_clock = n,
                Err(_) => problems.push(format!("no-progress clock '{clock}' is not a number (0 to {})", u16::MAX)),
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

    fn validate(&self, problems: &mut Vec<String>) {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = (self.by_color[color as usize] & self.by_kind[KING as usize]).count_ones();
            if kings != 1 {
                problems.push(format!("{name} has {kings} kings instead of 1"));
            }
        }
        if self.by_color[CHECKERED as usize] & self.by_kind[KING as usize] != 0 {
            problems.push("kings are never checkered".into());
        }
        if self.by_kind[PAWN as usize] & 0xFF00_0000_0000_00FF != 0 {
            problems.push("a pawn stands on the first or last rank".into());
        }
        if let Some((skipped, victim)) = self.ep {
            if self.piece(skipped).is_some() || self.piece(victim).map_or(true, |(_, k)| k != PAWN) {
                problems.push(format!("en-passant square {} does not follow a pawn's two-step", to_square(skipped)));
            }
        }
        if let Stage::Two { checkered_side } = self.stage {
            if !self.any_checkered() && checkered_side != self.turn {
                problems.push("stage 2 without any checkered piece is over".into());
            }
        }
        if problems.is_empty() {
            // The side that just moved may not have left a king attacked.
            let waiting_attacked = match self.stage {
                Stage::One => self.king_attacked(self.turn ^ 1),
                Stage::Two { checkered_side } if checkered_side == self.turn => {
                    self.king_attacked(WHITE) || self.king_attacked(BLACK)
                }
                Stage::Two { .. } => false,
            };
            if waiting_attacked {
                problems.push("the side that just moved left a king attacked".into());
            }
        }
    }
}

impl Position for Checkered {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal_moves().iter().map(|&m| self.action_of(m)));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let us = self.turn;
        match self.stage {
            Stage::One => {
                if self.legal_board_moves().is_empty() {
                    return Some(if self.king_attacked(us) {
                        Outcome::win(us ^ 1, EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
            Stage::Two { checkered_side } if checkered_side == us => {
                if !self.any_checkered() {
                    return Some(Outcome::win(us ^ 1, EndReason::AllCaptured));
                }
                if self.legal_board_moves().is_empty() {
                    return Some(Outcome::draw(EndReason::Stalemate));
                }
            }
            Stage::Two { checkered_side } => {
                if self.legal_board_moves().is_empty() {
                    return Some(if self.king_attacked(WHITE) || self.king_attacked(BLACK) {
                        Outcome::win(checkered_side, EndReason::Checkmate)
                    } else {
                        Outcome::draw(EndReason::Stalemate)
                    });
                }
            }
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }

    fn repetition_key(&self) -> Vec<u8> {
        // Everything but the counters; en passant only when a capture is possible.
        let ep_capturable = self.ep.filter(|_| {
            let mut moves = Vec::new();
            self.pseudo_moves(&mut moves);
            moves.iter().any(|m| matches!(m.special, Special::EnPassant(_)) && self.is_legal(*m))
        });
        let mut key = self.board.to_vec();
        key.push(self.turn);
        key.extend_from_slice(&self.castle_files);
        key.extend_from_slice(&self.pawn_flags.to_le_bytes());
        key.push(ep_capturable.map_or(0xff, |(sq, _)| sq));
        key.extend(self.last_checkered_move.map_or([0xff, 0xff], |(a, b)| [a, b]));
        key.extend(self.stage_text().bytes());
        key
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        let Some(m) = self.move_of(action) else {
            return ActionInfo::unknown();
        };
        let moving = self.moving_kind(m);
        let mut coord = format!("{}{}", to_square(m.from), to_square(m.to));
        if m.special == Special::Switch {
            coord.push('s');
        } else if m.kind != moving {
            coord.push(KINDS[m.kind as usize].letter);
        }
        // Several actions share these squares when the piece may end as different kinds: show them all.
        let shared = self.legal_moves().iter().filter(|o| o.from == m.from && o.to == m.to).count() > 1;
        let choice = shared.then(|| Choice {
            kind: KINDS[m.kind as usize].code,
            color: COLOR_NAMES[m.color as usize],
            label: KINDS[m.kind as usize].label(),
            prongs: None,
        });
        ActionInfo {
            from: Some(to_square(m.from)),
            to: Some(to_square(m.to)),
            choice,
            name: self.name(m),
            coord,
            marks: Vec::new(),
            // The switch is the king's move onto the enemy king, and a button as well: a gesture few
            // players would guess.
            group: (m.special == Special::Switch).then_some("Switch"),
            select: false,
            destroys: false,
        }
    }

    fn view(&self) -> BoardView {
        let pieces = (0..64)
            .filter_map(|sq| {
                self.piece(sq).map(|(color, kind)| PieceView {
                    square: to_square(sq),
                    kind: KINDS[kind as usize].code,
                    color: COLOR_NAMES[color as usize],
                    badge: None,
                    prongs: None,
                })
            })
            .collect();
        let checked = self.checked_kings();
        // The kings in check are always the mover's: in the second stage it moves both of them.
        let checked_seats = if checked.is_empty() { Vec::new() } else { vec![self.turn] };
        let checks = checked.into_iter().map(to_square).collect();
        let seat = |c: u8| if c == WHITE { "White" } else { "Black" };
        let notes = vec![match self.stage {
            Stage::One if self.with_switch => {
                "Stage 1: checkered pieces move for the side to move. The switch is allowed.".to_string()
            }
            Stage::One => "Stage 1: checkered pieces move for the side to move (game without switch).".to_string(),
            Stage::Two { checkered_side } => format!(
                "Stage 2: {} holds the checkered army; {} moves the white and black pieces.",
                seat(checkered_side),
                seat(checkered_side ^ 1)
            ),
        }];
        BoardView { width: 8, height: 8, pieces, checks, checked_seats, notes, ..BoardView::default() }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Checkered {
    fn perft(&self, depth: u32) -> u64 {
        Checkered::perft(self, depth)
    }
}

impl SearchTuning for Checkered {
    /// Material: own pieces count fully, checkered ones a third for the side to move (they are its
    /// pieces now, the opponent's after the move), plus centralised minor pieces.
    fn evaluate(&self, seat: Seat) -> i32 {
        const CENTRALITY: [i32; 8] = [-10, -4, 2, 6, 6, 2, -4, -10];
        let own = seat; // Seats are the original colours.
        let checkered_sign = if self.turn == seat { 1 } else { -1 };
        let mut score = 0;
        for (sq, &code) in self.board.iter().enumerate() {
            if code == EMPTY {
                continue;
            }
            let kind = kind_of(code);
            let mut value = VALUES[kind as usize];
            if kind == KNIGHT || kind == BISHOP {
                value += CENTRALITY[sq & 7] + CENTRALITY[sq >> 3];
            }
            score += match color_of(code) {
                CHECKERED => checkered_sign * value / 3,
                c if c == own => value,
                _ => -value,
            };
        }
        score
    }

    fn capture_gain(&self, action: Action) -> Option<i32> {
        if action.0 & 0xff == SWITCH_CHOICE {
            return None;
        }
        let from = from_square(Square((action.0 >> 16) as u8))?;
        let to = from_square(Square((action.0 >> 8) as u8))?;
        let (mover, victim) = (self.board[from as usize], self.board[to as usize]);
        if mover == EMPTY || victim == EMPTY || color_of(victim) == color_of(mover) {
            return None;
        }
        Some(VALUES[kind_of(victim) as usize] - VALUES[kind_of(mover) as usize] / 10)
    }

    /// Measured against orthodox chess (moves are played on a copy and tested).
    fn node_weight(&self) -> u64 {
        10
    }
}

pub struct CheckeredRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 6,
    slug: "checkered",
    name: "Checkered Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[SettingSpec {
        key: "switch",
        label: "The switch (stage 2)",
        choices: &["Without switch", "With switch"],
        default: 1,
    }],
    notation: "vchess FEN",
    summary: "Captures make checkered pieces that serve the side to move; a switch starts stage two.",
};

impl Rules for CheckeredRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, settings: &[u8]) -> Box<dyn Position> {
        Box::new(Checkered::start(settings.first().copied().unwrap_or(1) == 1))
    }
    fn parse_position(&self, text: &str, settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Checkered::from_fen(text, settings.first().copied().unwrap_or(1) == 1)?))
    }
}
