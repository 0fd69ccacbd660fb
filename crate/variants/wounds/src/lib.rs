//! Chess with Wounds (docs/rules.md, "Chess with Wounds"): pieces are sets of prongs that break off; wounded pieces rotate.
//!
//! Every piece is a set of prongs, each a board direction and a length: short (one square), long (a
//! slide) or a knight leap. A piece moves and attacks only along its prongs. An attack on a piece that
//! has a prong pointing back at the attacker wounds that prong (long becomes short, short or knight
//! breaks off) and the attacker stays; otherwise, or when the wound breaks the last prong, the piece
//! is captured. Knights only wound or are wounded by knights. Instead of moving, a wounded non-knight
//! may rotate all its prongs by 45 degrees. No check, castling, promotion, en passant or two-steps; the
//! king is an ordinary piece; taking every enemy piece wins. A side with no action passes; two passes
//! in a row draw.
//!
//! Depends on the core and the contract, and on `chessfront-chess` for the orthodox piece kinds and
//! the 8x8 board field of its position text.
//!
//! Action codes: a move or attack is `from << 16 | to << 8`; a rotation is `square << 16 | square << 8
//! | 1` (left, counterclockwise) or `| 2` (right, clockwise); the forced pass is `0xffffff`.
//!
//! Position notation: a FEN board, side to move, consecutive passes (0, 1, or 2 once both sides passed
//! and the game is drawn), no-progress clock and move number, e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 0 1`. A piece whose prongs differ from
//! its kind's start is followed by its prongs in braces: for compass pieces 8 characters for N, NE,
//! E, SE, S, SW, W, NW, each `.` (none), `s` (short) or `l` (long); for knights 8 characters for the
//! leaps clockwise from north-north-east, each `.` or `k`. A wounded rook: `R{l.l.s.l.}`; the same
//! rook rotated right: `R{.l.l.s.l}`.

// The layers below, under the names the engine gives them.
use crate::bitboard::to_square;
use crate::board_text::Problem;
use crate::error::{Error, ErrorCode, Result};
use crate::pieces::Kind;
use crate::rules::SearchTuning;
use crate::rules::*;
use chessfront_core::{bitboard, board_text, error, pieces, square, Square};
use chessfront_rules::{self as rules, perft};

const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const BISHOP: u8 = 2;
const ROOK: u8 = 3;
const QUEEN: u8 = 4;
const KING: u8 = 5;
const WHITE: u8 = 0;
/// An attack and its answer: the attacker stays after a wound, so longer exchanges never end.
const QUIESCENCE: u32 = 2;

/// The kinds by this file's codes, chess's ([`PAWN`] = 0 … [`KING`] = 5).
const KINDS: [Kind; 6] = chessfront_chess::KINDS;
/// Values for the computer: the king is an ordinary piece here, valued like a minor piece.
const VALUES: [i32; 6] = {
    let mut values = pieces::values(&KINDS);
    values[KING as usize] = 300;
    values
};
const COLOR_NAMES: [&str; 2] = ["white", "black"];

/// Compass directions clockwise from north: N, NE, E, SE, S, SW, W, NW (prongs are written in this order).
const COMPASS: [(i8, i8); 8] = pieces::COMPASS;
/// Knight leaps clockwise from north-north-east.
const LEAPS: [(i8, i8); 8] = pieces::KNIGHT_LEAPS;

const ROTATE_LEFT: u64 = 1;
const ROTATE_RIGHT: u64 = 2;
const PASS: Action = Action(0xff_ffff);

/// A piece: its owner, its kind and its current prongs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    color: u8,
    kind: u8,
    /// Compass prongs present (bit i = direction i) and which of them are long.
    prongs: u8,
    long: u8,
    /// Knight prongs present.
    knight: u8,
}

impl Piece {
    fn new(color: u8, kind: u8) -> Piece {
        let (prongs, long, knight) = start_prongs(color, kind);
        Piece { color, kind, prongs, long, knight }
    }

    fn prong_count(self) -> u32 {
        self.prongs.count_ones() + self.knight.count_ones()
    }

    /// Fewer prongs, or fewer long prongs, than its kind starts with.
    fn is_wounded(self) -> bool {
        let (prongs, long, knight) = start_prongs(self.color, self.kind);
        self.prong_count() < prongs.count_ones() + knight.count_ones() || self.long.count_ones() < long.count_ones()
    }

    fn rotated(self, clockwise: bool) -> Piece {
        let turn = |m: u8| if clockwise { m.rotate_left(1) } else { m.rotate_right(1) };
        Piece { prongs: turn(self.prongs), long: turn(self.long), ..self }
    }

    fn view(self) -> Prongs {
        Prongs { short: self.prongs & !self.long, long: self.long, knight: self.knight }
    }
}

/// (compass prongs, long prongs, knight prongs) of a kind at the start.
fn start_prongs(color: u8, kind: u8) -> (u8, u8, u8) {
    match kind {
        PAWN if color == WHITE => (0b1000_0011, 0, 0), // N, NE, NW
        PAWN => (0b0011_1000, 0, 0),                   // SE, S, SW
        KNIGHT => (0, 0, 0xff),
        BISHOP => (0b1010_1010, 0b1010_1010, 0),
        ROOK => (0b0101_0101, 0b0101_0101, 0),
        QUEEN => (0xff, 0xff, 0),
        _ => (0xff, 0, 0),
    }
}

fn step(sq: u8, (df, dr): (i8, i8)) -> Option<u8> {
    let (f, r) = ((sq & 7) as i8 + df, (sq >> 3) as i8 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

/// What an attack does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hit {
    Capture,
    /// The defender keeps these prongs; the attacker stays.
    Wound(Piece),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WMove {
    /// To an empty square.
    Go {
        from: u8,
        to: u8,
    },
    /// Attack along prong `direction` (compass index, or knight index when `leap`).
    Attack {
        from: u8,
        to: u8,
        direction: u8,
        leap: bool,
    },
    Rotate {
        square: u8,
        clockwise: bool,
    },
    Pass,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Wounds {
    board: [Option<Piece>; 64],
    turn: u8,
    /// Passes in a row so far (two end the game).
    passes: u8,
    halfmove_clock: u16,
    fullmove: u16,
}

impl Wounds {
    pub fn start() -> Wounds {
        let mut board = [None; 64];
        let back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
        for f in 0..8 {
            board[f] = Some(Piece::new(WHITE, back[f]));
            board[8 + f] = Some(Piece::new(WHITE, PAWN));
            board[48 + f] = Some(Piece::new(1, PAWN));
            board[56 + f] = Some(Piece::new(1, back[f]));
        }
        Wounds { board, turn: WHITE, passes: 0, halfmove_clock: 0, fullmove: 1 }
    }

    fn has_pieces(&self, color: u8) -> bool {
        self.board.iter().flatten().any(|p| p.color == color)
    }

    /// What the piece on `from` attacking along `direction` does to the piece on `to`.
    fn hit(&self, attacker: Piece, defender: Piece, direction: u8, leap: bool) -> Hit {
        let back = (direction + 4) % 8;
        if attacker.kind == KNIGHT || defender.kind == KNIGHT {
            // Knights only wound or are wounded by knights.
            if !(attacker.kind == KNIGHT && defender.kind == KNIGHT && leap) || defender.knight & (1 << back) == 0 {
                return Hit::Capture;
            }
            let wounded = Piece { knight: defender.knight & !(1 << back), ..defender };
            return if wounded.prong_count() == 0 { Hit::Capture } else { Hit::Wound(wounded) };
        }
        if defender.prongs & (1 << back) == 0 {
            return Hit::Capture;
        }
        let wounded = if defender.long & (1 << back) != 0 {
            Piece { long: defender.long & !(1 << back), ..defender }
        } else {
            Piece { prongs: defender.prongs & !(1 << back), ..defender }
        };
        if wounded.prong_count() == 0 {
            Hit::Capture
        } else {
            Hit::Wound(wounded)
        }
    }

    /// Every action of the side to move: moves and attacks along prongs, rotations; a pass when none.
    /// Nothing once the game is decided (a side without pieces, or two passes in a row).
    pub fn actions_list(&self) -> Vec<WMove> {
        let mut out = Vec::new();
        if self.passes >= 2 || !self.has_pieces(self.turn) || !self.has_pieces(self.turn ^ 1) {
            return out;
        }
        for from in 0..64u8 {
            let Some(piece) = self.board[from as usize].filter(|p| p.color == self.turn) else { continue };
            for d in 0..8u8 {
                if piece.prongs & (1 << d) == 0 {
                    continue;
                }
                let long = piece.long & (1 << d) != 0;
                let mut sq = from;
                while let Some(next) = step(sq, COMPASS[d as usize]) {
                    match self.board[next as usize] {
                        None => out.push(WMove::Go { from, to: next }),
                        Some(other) => {
                            if other.color != piece.color {
                                out.push(WMove::Attack { from, to: next, direction: d, leap: false });
                            }
                            break;
                        }
                    }
                    if !long {
                        break;
                    }
                    sq = next;
                }
            }
            for k in 0..8u8 {
                if piece.knight & (1 << k) == 0 {
                    continue;
                }
                if let Some(to) = step(from, LEAPS[k as usize]) {
                    match self.board[to as usize] {
                        None => out.push(WMove::Go { from, to }),
                        Some(other) if other.color != piece.color => {
                            out.push(WMove::Attack { from, to, direction: k, leap: true })
                        }
                        Some(_) => {}
                    }
                }
            }
            if piece.kind != KNIGHT && piece.is_wounded() {
                let left = piece.rotated(false);
                let right = piece.rotated(true);
                // A rotation must change the prongs; when both ways agree they are one action.
                if right != piece {
                    out.push(WMove::Rotate { square: from, clockwise: true });
                }
                if left != piece && left != right {
                    out.push(WMove::Rotate { square: from, clockwise: false });
                }
            }
        }
        if out.is_empty() {
            out.push(WMove::Pass);
        }
        out
    }

    fn action_of(m: WMove) -> Action {
        let sq = |s: u8| to_square(s).0 as u64;
        match m {
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => Action(sq(from) << 16 | sq(to) << 8),
            WMove::Rotate { square, clockwise } => {
                Action(sq(square) << 16 | sq(square) << 8 | if clockwise { ROTATE_RIGHT } else { ROTATE_LEFT })
            }
            WMove::Pass => PASS,
        }
    }

    fn move_of(&self, action: Action) -> Option<WMove> {
        self.actions_list().into_iter().find(|&m| Wounds::action_of(m) == action)
    }

    fn make(&mut self, m: WMove) {
        let mut progress = false;
        match m {
            WMove::Go { from, to } => {
                self.board[to as usize] = self.board[from as usize].take();
            }
            WMove::Attack { from, to, direction, leap } => {
                progress = true;
                if let (Some(attacker), Some(defender)) = (self.board[from as usize], self.board[to as usize]) {
                    match self.hit(attacker, defender, direction, leap) {
                        Hit::Capture => {
                            self.board[to as usize] = self.board[from as usize].take();
                        }
                        Hit::Wound(wounded) => self.board[to as usize] = Some(wounded),
                    }
                }
            }
            WMove::Rotate { square, clockwise } => {
                if let Some(p) = self.board[square as usize] {
                    self.board[square as usize] = Some(p.rotated(clockwise));
                }
            }
            WMove::Pass => {}
        }
        self.passes = if m == WMove::Pass { self.passes.saturating_add(1) } else { 0 };
        self.halfmove_clock = if progress { 0 } else { self.halfmove_clock.saturating_add(1) };
        if self.turn == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn ^= 1;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.actions_list(), &|p: &mut Self, m| p.make(m))
    }

    /// Move-list name: `Nf3` a move, `Rxa8` a capture, `R~a8` a wound (the attacker stays), `Ra1>` and
    /// `Ra1<` a rotation right (clockwise) and left, `pass`. Pieces are disambiguated like SAN; a pawn
    /// names both squares (`e2-e3`, `d2xe3`, `e4~e5`, `e2>`).
    pub fn name(&self, m: WMove) -> String {
        let letter = |sq: u8| self.board[sq as usize].map_or("?", |p| KINDS[p.kind as usize].code);
        match m {
            WMove::Pass => "pass".into(),
            WMove::Rotate { square, clockwise } => {
                let letter =
                    if self.board[square as usize].is_some_and(|p| p.kind == PAWN) { "" } else { letter(square) };
                format!("{letter}{}{}", to_square(square), if clockwise { '>' } else { '<' })
            }
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => {
                let kind = self.board[from as usize].map_or(KING, |p| p.kind);
                let rivals: Vec<u8> = self
                    .actions_list()
                    .into_iter()
                    .filter_map(|o| match o {
                        WMove::Go { from: f, to: t } | WMove::Attack { from: f, to: t, .. } if t == to && f != from => {
                            Some(f)
                        }
                        _ => None,
                    })
                    .filter(|&f| self.board[f as usize].is_some_and(|p| p.kind == kind))
                    .collect();
                // Pawns here step diagonally too, so several often reach one square: a pawn's move always
                // names both squares (`e2-e3`, `e4~e5`); pieces are disambiguated like SAN.
                let name = to_square(from).name();
                let mut s = if kind == PAWN { name.clone() } else { KINDS[kind as usize].code.to_string() };
                if kind != PAWN {
                    let rivals: Vec<crate::Square> = rivals.into_iter().map(to_square).collect();
                    s.push_str(&crate::square::disambiguation(to_square(from), &rivals));
                }
                if kind == PAWN && matches!(m, WMove::Go { .. }) {
                    s.push('-');
                }
                if let WMove::Attack { direction, leap, .. } = m {
                    let (attacker, defender) = (self.board[from as usize], self.board[to as usize]);
                    let wound = match (attacker, defender) {
                        (Some(a), Some(d)) => matches!(self.hit(a, d, direction, leap), Hit::Wound(_)),
                        _ => false,
                    };
                    s.push(if wound { '~' } else { 'x' });
                }
                s.push_str(&to_square(to).name());
                s
            }
        }
    }

    // ---- notation ----

    fn piece_text(p: Piece) -> String {
        let mut s = String::from(board_text::cased(KINDS[p.kind as usize].letter, p.color == WHITE));
        if p != Piece::new(p.color, p.kind) {
            s.push('{');
            for i in 0..8 {
                let bit = 1u8 << i;
                s.push(if p.kind == KNIGHT {
                    if p.knight & bit != 0 {
                        'k'
                    } else {
                        '.'
                    }
                } else if p.long & bit != 0 {
                    'l'
                } else if p.prongs & bit != 0 {
                    's'
                } else {
                    '.'
                });
            }
            s.push('}');
        }
        s
    }

    pub fn text(&self) -> String {
        let board = board_text::write(
            chessfront_chess::SHAPE,
            |i| self.board[i],
            |p, text| text.push_str(&Wounds::piece_text(p)),
        );
        format!(
            "{board} {} {} {} {}",
            if self.turn == WHITE { 'w' } else { 'b' },
            self.passes,
            self.halfmove_clock,
            self.fullmove
        )
    }

    /// Reads the notation; fields after the board may be left out (White to move, no pass, clocks 0 and 1).
    pub fn from_text(text: &str) -> Result<Wounds> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid position: {}.", problems.join("; ")))
        };
        if fields.is_empty() || fields.len() > 5 {
            return Err(bad(vec![format!(
                "expected 1 to 5 fields (board, side to move, passes, no-progress clock, move number), found {}",
                fields.len()
            )]));
        }
        let mut pos = Wounds { board: [None; 64], turn: WHITE, passes: 0, halfmove_clock: 0, fullmove: 1 };
        let mut problems = Vec::new();
        let shape = chessfront_chess::SHAPE;
        let mut board_problems = Vec::new();
        board_text::read(fields[0], shape, &mut board_problems, read_piece, |sq, piece| pos.board[sq] = Some(piece));
        board_text::fen_words(&board_problems, shape, &mut problems);
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = 1,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }
        match fields.get(2).copied().unwrap_or("0") {
            "0" => pos.passes = 0,
            "1" => pos.passes = 1,
            // The game drawn by two passes in a row, as the engine writes it once it is over.
            "2" => pos.passes = 2,
            other => problems.push(format!("passes must be 0, 1 or 2, not '{other}'")),
        }
        match fields.get(3).copied().unwrap_or("0").parse::<u16>() {
            Ok(n) => pos.halfmove_clock = n,
            Err(_) => problems.push("the no-progress clock is not a number".into()),
        }
        match fields.get(4).copied().unwrap_or("1").parse::<u16>() {
            Ok(n) if n >= 1 => pos.fullmove = n,
            _ => problems.push("the move number is not a positive number".into()),
        }
        if problems.is_empty() && !pos.board.iter().any(|p| p.is_some()) {
            problems.push("the board is empty".into());
        }
        if problems.is_empty() && pos.passes == 2 {
            // Both sides passed on this very board, so neither can have had anything else to do.
            for side in [pos.turn, pos.turn ^ 1] {
                let probe = Wounds { turn: side, passes: 0, ..pos.clone() };
                if probe.actions_list() != [WMove::Pass] {
                    let name = if side == WHITE { "White" } else { "Black" };
                    problems.push(format!("two passes in a row, but {name} has a move here"));
                }
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(bad(problems))
        }
    }
}

/// Reads a piece of the board field: its letter, then its prongs in braces when they differ from its
/// kind's start (`R{l.l.s.l.}`).
fn read_piece(c: char, rest: &mut &str, rank: usize, problems: &mut Vec<Problem>) -> Option<Piece> {
    let kind = pieces::by_letter(&KINDS, c)?;
    let mut piece = Piece::new(if c.is_ascii_uppercase() { WHITE } else { 1 }, kind);
    if let Some(braced) = rest.strip_prefix('{') {
        let (spec, after) = braced.split_once('}').unwrap_or((braced, ""));
        *rest = after;
        match parse_prongs(spec, piece.kind) {
            Some((prongs, long, knight)) => piece = Piece { prongs, long, knight, ..piece },
            None => problems.push(Problem::Piece(format!(
                "prongs '{{{spec}}}' on rank {rank}: 8 characters of . s l (k for knights)"
            ))),
        }
        if piece.prong_count() == 0 {
            problems.push(Problem::Piece(format!("a piece on rank {rank} has no prongs left")));
        }
    }
    Some(piece)
}

/// Reads 8 prong characters: `. s l` for compass pieces, `. k` for knights.
fn parse_prongs(spec: &str, kind: u8) -> Option<(u8, u8, u8)> {
    let chars: Vec<char> = spec.chars().collect();
    if chars.len() != 8 {
        return None;
    }
    let (mut prongs, mut long, mut knight) = (0u8, 0u8, 0u8);
    for (i, c) in chars.into_iter().enumerate() {
        let bit = 1u8 << i;
        match (c, kind == KNIGHT) {
            ('.', _) => {}
            ('k', true) => knight |= bit,
            ('s', false) => prongs |= bit,
            ('l', false) => {
                prongs |= bit;
                long |= bit;
            }
            _ => return None,
        }
    }
    Some((prongs, long, knight))
}

/// Prong weight for the evaluation: a long prong is worth two short ones, a knight leap one.
fn prong_weight(compass: u8, long: u8, knight: u8) -> i32 {
    (compass.count_ones() + long.count_ones() + knight.count_ones()) as i32
}

impl Position for Wounds {
    fn to_move(&self) -> Seat {
        self.turn
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.actions_list().into_iter().map(Wounds::action_of));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.has_pieces(self.turn) {
            return Some(Outcome::win(self.turn ^ 1, EndReason::AllCaptured));
        }
        if !self.has_pieces(self.turn ^ 1) {
            return Some(Outcome::win(self.turn, EndReason::AllCaptured));
        }
        if self.passes >= 2 {
            return Some(Outcome::draw(EndReason::BothPassed));
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(EndReason::NoProgress));
        }
        None
    }

    fn repetition_key(&self) -> Vec<u8> {
        let mut key = Vec::with_capacity(200);
        for p in &self.board {
            match p {
                None => key.push(0xff),
                Some(p) => key.extend([p.color << 3 | p.kind, p.prongs, p.long, p.knight]),
            }
        }
        key.push(self.turn);
        key.push(self.passes);
        key
    }

    fn to_text(&self) -> String {
        self.text()
    }

    fn info(&self, action: Action) -> ActionInfo {
        let Some(m) = self.move_of(action) else {
            return ActionInfo::unknown();
        };
        let name = self.name(m);
        // A wound breaks prongs off and leaves the attacker where it stood (written `R~a8`).
        let wound = name.contains('~');
        match m {
            WMove::Go { from, to } | WMove::Attack { from, to, .. } => ActionInfo {
                from: Some(to_square(from)),
                to: Some(to_square(to)),
                choice: None,
                name,
                coord: format!("{}{}", to_square(from), to_square(to)),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: wound,
            },
            WMove::Rotate { square, clockwise } => {
                let piece = self.board[square as usize];
                ActionInfo {
                    from: Some(to_square(square)),
                    to: Some(to_square(square)),
                    choice: piece.map(|p| Choice {
                        kind: KINDS[p.kind as usize].code,
                        color: COLOR_NAMES[p.color as usize],
                        label: if clockwise { "Rotate right" } else { "Rotate left" }.to_string(),
                        prongs: Some(p.rotated(clockwise).view()),
                    }),
                    name,
                    coord: format!("{}{}", to_square(square), if clockwise { 'r' } else { 'l' }),
                    marks: Vec::new(),
                    group: None,
                    select: false,
                    destroys: false,
                }
            }
            WMove::Pass => ActionInfo {
                from: None,
                to: None,
                choice: None,
                name,
                coord: "pass".into(),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: false,
            },
        }
    }

    fn view(&self) -> BoardView {
        let pieces = (0..64u8)
            .filter_map(|sq| {
                self.board[sq as usize].map(|p| PieceView {
                    square: to_square(sq),
                    kind: KINDS[p.kind as usize].code,
                    color: COLOR_NAMES[p.color as usize],
                    badge: None,
                    prongs: Some(p.view()),
                })
            })
            .collect();
        let notes = if self.passes == 1 {
            vec!["The last player had to pass: another pass ends the game in a draw.".to_string()]
        } else {
            Vec::new()
        };
        // No check in this game: a king is captured like any piece.
        BoardView { width: 8, height: 8, pieces, notes, ..BoardView::default() }
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Wounds {
    fn perft(&self, depth: u32) -> u64 {
        Wounds::perft(self, depth)
    }
}

impl SearchTuning for Wounds {
    /// Material by prongs: each piece is worth its kind's value times the share of its starting prongs it
    /// still has (a rook with a broken prong is worth less, and rotations keep the value). The king is an
    /// ordinary piece here, valued like a minor piece.
    fn evaluate(&self, seat: Seat) -> i32 {
        self.board
            .iter()
            .flatten()
            .map(|p| {
                let (compass, long, knight) = start_prongs(p.color, p.kind);
                let start = prong_weight(compass, long, knight).max(1);
                let value = VALUES[p.kind as usize] * prong_weight(p.prongs, p.long, p.knight) / start;
                if p.color == seat {
                    value
                } else {
                    -value
                }
            })
            .sum()
    }

    /// An attack (it wounds or captures): the victim's value, least valuable attacker first.
    fn capture_gain(&self, action: Action) -> Option<i32> {
        let from = crate::bitboard::from_square(crate::square::Square((action.0 >> 16) as u8))?;
        let to = crate::bitboard::from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let mover = self.board[from as usize]?;
        let victim = self.board[to as usize].filter(|v| v.color != mover.color)?;
        Some(VALUES[victim.kind as usize] - VALUES[mover.kind as usize] / 10)
    }

    /// Measured against orthodox chess (prong scans on a mailbox).
    fn quiescence_depth(&self) -> u32 {
        QUIESCENCE
    }

    fn node_weight(&self) -> u64 {
        2
    }
}

pub struct WoundsRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 5,
    slug: "wounds",
    name: "Chess with Wounds",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "Wounds FEN",
    summary: "Pieces are prongs that break off: a wounded piece fights on, and turns.",
};

impl Rules for WoundsRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Wounds::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Wounds::from_text(text)?))
    }
}
