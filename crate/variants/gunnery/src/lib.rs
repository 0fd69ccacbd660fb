//! Gunnery Chess (M. Winther; docs/rules.md, "Gunnery Chess"): orthodox chess plus the cannon pawn.
//!
//! A pawn whose first occupied square straight ahead holds a friendly piece (the screen) may leap
//! over the screen onto an enemy piece further along the file; pawn and target both vanish and the
//! landing square stays empty. Scanning beyond the screen, every enemy piece is a target until the
//! first enemy pawn (a target itself) or a second friendly piece (not a target). Cannon attacks are
//! attacks: they give check and forbid castling through or into them.
//!
//! Built on orthodox chess (`chessfront-chess`, besides the core and the contract): every Gunnery
//! attack set contains the orthodox one, so the legal moves are the orthodox legal moves that also
//! leave the king safe from cannons (castling: the king's three squares too), plus the legal cannon
//! shots.
//!
//! Action codes: orthodox moves keep the chess layout (`from << 16 | to << 8 | promotion`); a shot
//! is `from << 16 | to << 8 | 8`. A shot's squares differ from every orthodox move's (it goes
//! straight ahead onto an occupied square), the extra marker keeps the code readable.

// The layers below, under the names the engine gives them.
use crate::bitboard::{from_square, to_square, Squares};
use crate::error::Result;
use crate::rules::SearchTuning;
use crate::rules::*;
use chessfront_chess::{Chess, Move, MoveKind, MoveList, KING, PAWN, VALUES, WHITE};
use chessfront_core::{bitboard, error, square, Error, ErrorCode};
use chessfront_rules::{self as rules, perft};

/// The marker in the low byte of a shot's action code.
const SHOT: u64 = 8;

/// A Gunnery move: an orthodox move or a cannon shot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GunneryMove {
    Orthodox(Move),
    /// The pawn on `from` leaps over its screen onto `to`; both vanish.
    Shot {
        from: u8,
        to: u8,
    },
}

impl GunneryMove {
    pub fn action(self) -> Action {
        match self {
            GunneryMove::Orthodox(m) => m.action(),
            GunneryMove::Shot { from, to } => {
                Action((to_square(from).0 as u64) << 16 | (to_square(to).0 as u64) << 8 | SHOT)
            }
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gunnery {
    board: Chess,
}

impl Gunnery {
    pub fn start() -> Gunnery {
        Gunnery { board: Chess::start() }
    }

    pub fn from_fen(text: &str) -> Result<Gunnery> {
        let board = Chess::from_fen(text)?;
        let pos = Gunnery { board };
        // Orthodox validation checked the waiting king against orthodox attacks; cannons count too.
        let waiting = pos.board.turn() ^ 1;
        if pos.king_attacked(waiting) {
            return Err(crate::Error::new(
                crate::ErrorCode::BadPosition,
                "Invalid FEN: the side not to move is in check (from a cannon pawn).",
            ));
        }
        Ok(pos)
    }

    /// Squares the cannon pawn on `from` can shoot at (its owner's view), lowest scan first.
    fn targets(&self, from: u8) -> Vec<u8> {
        let Some((color, PAWN)) = self.board.piece_at(from) else {
            return Vec::new();
        };
        let step: i8 = if color == WHITE { 8 } else { -8 };
        let mut targets = Vec::new();
        let mut screen_found = false;
        let mut sq = from as i8 + step;
        while (0..64).contains(&sq) {
            if let Some((owner, kind)) = self.board.piece_at(sq as u8) {
                if !screen_found {
                    if owner != color {
                        break; // The first piece ahead is an enemy: no screen, no shot.
                    }
                    screen_found = true;
                } else if owner == color {
                    break; // A second friendly piece ends the scan.
                } else {
                    targets.push(sq as u8);
                    if kind == PAWN {
                        break; // The first enemy pawn is the last target.
                    }
                }
            }
            sq += step;
        }
        targets
    }

    /// Whether a pawn of `by` could shoot a piece of the other side standing on `target` (occupied
    /// or not), through the pieces as they stand.
    fn cannon_attacks(&self, target: u8, by: u8) -> bool {
        let file_mask = 0x0101_0101_0101_0101u64 << (target & 7);
        for pawn in Squares(self.board.pieces(by, PAWN) & file_mask) {
            let ahead = if by == WHITE { pawn < target } else { pawn > target };
            if !ahead {
                continue;
            }
            let step: i8 = if by == WHITE { 8 } else { -8 };
            let mut screen_found = false;
            let mut reaches = true;
            let mut sq = pawn as i8 + step;
            while sq != target as i8 {
                if let Some((owner, kind)) = self.board.piece_at(sq as u8) {
                    if !screen_found {
                        if owner != by {
                            reaches = false;
                            break;
                        }
                        screen_found = true;
                    } else if owner == by || kind == PAWN {
                        // A second friendly piece stops the scan; so does an enemy pawn (the scan
                        // ends after it, so nothing beyond it is reached).
                        reaches = false;
                        break;
                    }
                }
                sq += step;
            }
            if reaches && screen_found {
                return true;
            }
        }
        false
    }

    /// Whether `color`'s king is attacked, orthodoxly or by a cannon pawn.
    fn king_attacked(&self, color: u8) -> bool {
        match self.board.king_square(color) {
            Some(king) => {
                self.board.attackers(king, color ^ 1, self.board.occupied()) != 0
                    || self.cannon_attacks(king, color ^ 1)
            }
            None => false,
        }
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.board.turn())
    }

    fn make(&mut self, m: GunneryMove) {
        match m {
            GunneryMove::Orthodox(m) => self.board.make(m),
            GunneryMove::Shot { from, to } => self.board.remove_as_turn(&[from, to]),
        }
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<GunneryMove> {
        let us = self.board.turn();
        let them = us ^ 1;
        let mut orthodox = MoveList::new();
        self.board.legal_moves(&mut orthodox);
        let mut moves = Vec::with_capacity(orthodox.len() + 4);
        for &m in orthodox.as_slice() {
            if m.kind == MoveKind::Castle {
                // The king may not start from, pass or land on a square a cannon attacks.
                let pass = (m.from + m.to) / 2;
                if [m.from, pass, m.to].iter().any(|&sq| self.cannon_attacks(sq, them)) {
                    continue;
                }
            }
            let mut after = self.clone();
            after.board.make(m);
            if !after.king_attacked(us) {
                moves.push(GunneryMove::Orthodox(m));
            }
        }
        for from in Squares(self.board.pieces(us, PAWN)) {
            for to in self.targets(from) {
                if self.board.piece_at(to).is_some_and(|(_, kind)| kind == KING) {
                    continue; // Never a move: a king in reach means the position was already lost.
                }
                let shot = GunneryMove::Shot { from, to };
                let mut after = self.clone();
                after.make(shot);
                if !after.king_attacked(us) {
                    moves.push(shot);
                }
            }
        }
        moves
    }

    fn move_of(&self, action: Action) -> Option<GunneryMove> {
        self.legal_moves().into_iter().find(|m| m.action() == action)
    }

    fn legal_ep(&self, legal: &[GunneryMove]) -> Option<u8> {
        let orthodox: Vec<Move> = legal
            .iter()
            .filter_map(|m| match m {
                GunneryMove::Orthodox(m) => Some(*m),
                GunneryMove::Shot { .. } => None,
            })
            .collect();
        Chess::ep_square_if_capturable(&orthodox)
    }

    pub fn fen(&self) -> String {
        self.board.fen_with_ep(self.legal_ep(&self.legal_moves()))
    }

    /// The move's name: SAN for orthodox moves, `e3*e7` for a cannon shot; `+`/`#` by Gunnery checks.
    pub fn name(&self, m: GunneryMove) -> String {
        let legal = self.legal_moves();
        let mut name = match m {
            GunneryMove::Orthodox(om) => {
                let orthodox: Vec<Move> = legal
                    .iter()
                    .filter_map(|g| match g {
                        GunneryMove::Orthodox(o) => Some(*o),
                        GunneryMove::Shot { .. } => None,
                    })
                    .collect();
                self.board.san_body(om, &orthodox)
            }
            GunneryMove::Shot { from, to } => format!("{}*{}", to_square(from), to_square(to)),
        };
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            name.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        name
    }

    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::count(self, depth, &|p: &Self| p.legal_moves(), &|p: &mut Self, m| p.make(m))
    }
}

impl Position for Gunnery {
    fn to_move(&self) -> Seat {
        self.board.turn()
    }

    fn actions(&self, out: &mut Vec<Action>) {
        let start = out.len();
        out.extend(self.legal_moves().iter().map(|m| m.action()));
        out[start..].sort_unstable();
    }

    fn play(&mut self, action: Action) -> Result<()> {
        let m = self.move_of(action).ok_or_else(|| not_an_option(action))?;
        self.make(m);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome_given(self.legal_moves().is_empty(), self.in_check())
    }

    fn repetition_key(&self) -> Vec<u8> {
        self.board.key_with_ep(self.legal_ep(&self.legal_moves()))
    }

    fn to_text(&self) -> String {
        self.fen()
    }

    fn info(&self, action: Action) -> ActionInfo {
        match self.move_of(action) {
            Some(m @ GunneryMove::Orthodox(om)) => self.board.move_info(om, self.name(m)),
            Some(m @ GunneryMove::Shot { from, to }) => ActionInfo {
                from: Some(to_square(from)),
                to: Some(to_square(to)),
                choice: None,
                name: self.name(m),
                coord: format!("{}{}", to_square(from), to_square(to)),
                marks: Vec::new(),
                group: None,
                select: false,
                destroys: true, // the cannon shot: target and cannon explode
            },
            None => ActionInfo::unknown(),
        }
    }

    fn view(&self) -> BoardView {
        self.board.view_with_check(self.in_check())
    }

    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        Some(self)
    }
}

impl OwnPerft for Gunnery {
    fn perft(&self, depth: u32) -> u64 {
        Gunnery::perft(self, depth)
    }
}

impl SearchTuning for Gunnery {
    /// Orthodox material and placement, plus each side's cannon threats: a quarter of the best gain
    /// (target minus the pawn that explodes with it) of every loaded cannon pawn.
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut score = self.board.material_and_placement(seat);
        for side in [WHITE, WHITE ^ 1] {
            let mut threats = 0;
            for pawn in Squares(self.board.pieces(side, PAWN)) {
                let best = self
                    .targets(pawn)
                    .into_iter()
                    .filter_map(|t| self.board.piece_at(t))
                    .map(|(_, kind)| if kind == KING { 300 } else { VALUES[kind as usize] - VALUES[PAWN as usize] })
                    .max()
                    .unwrap_or(0);
                threats += best.max(0) / 4;
            }
            score += if side == seat { threats } else { -threats };
        }
        score
    }

    fn capture_gain(&self, action: Action) -> Option<i32> {
        if action.0 & 0xff != SHOT {
            return self.board.orthodox_capture_gain(action);
        }
        let to = from_square(crate::square::Square((action.0 >> 8) as u8))?;
        let (_, victim) = self.board.piece_at(to)?;
        Some(VALUES[victim as usize] - VALUES[PAWN as usize] / 10 - VALUES[PAWN as usize])
    }

    /// Measured against orthodox chess (orthodox moves tested against cannons).
    fn node_weight(&self) -> u64 {
        6
    }

    /// Orthodox checks and cannon checks alike.
    fn in_check(&self) -> bool {
        Gunnery::in_check(self)
    }

    /// As in orthodox chess: no pass in check, nor with only the king and pawns (cannons included).
    fn null_move(&self) -> Option<Box<dyn Position>> {
        if Gunnery::in_check(self) {
            return None;
        }
        Some(Box::new(Gunnery { board: self.board.passed()? }))
    }
}

pub struct GunneryRules;

pub static INFO: VariantInfo = VariantInfo {
    id: 4,
    slug: "gunnery",
    name: "Gunnery Chess",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "FEN",
    summary: "Pawns leap as cannons over a friendly screen and blow up with their target.",
};

impl Rules for GunneryRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Gunnery::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        Ok(Box::new(Gunnery::from_fen(text)?))
    }
}
