//! Mini Breakthrough, a variant for tests only: it proves the recipe for adding a variant (README,
//! "Adding a variant"). It is registered behind the registry's `mini` feature, which no shipped build
//! turns on; `npm test` turns it on for the engine's `new_variant` tests.
//!
//! A board of 3 files and 4 ranks, three pawns each on the home ranks. A pawn steps one square forward
//! to an empty square, or diagonally forward to a square that is empty or holds an enemy pawn (capturing
//! it). Reaching the far rank wins; a player left without a move loses.
#![forbid(unsafe_code)]

use chessfront_core::error::{Error, ErrorCode, Result};
use chessfront_core::Square;
use chessfront_rules::{
    not_an_option, Action, ActionInfo, BoardView, EndReason, Outcome, PieceView, Position, Rules, SearchTuning, Seat,
    VariantInfo,
};

const FILES: u8 = 3;
const RANKS: u8 = 4;

/// A position: who stands where (`None`, or the owning seat) and who moves.
#[derive(Clone, PartialEq)]
struct Mini {
    board: [Option<Seat>; (FILES * RANKS) as usize],
    to_move: Seat,
}

/// Squares are the engine's (`rank * 16 + file`); the board array is indexed `rank * FILES + file`.
fn square(index: usize) -> Square {
    Square::new(index as u8 % FILES, index as u8 / FILES)
}

impl Mini {
    fn start() -> Mini {
        let mut board = [None; (FILES * RANKS) as usize];
        for file in 0..FILES as usize {
            board[file] = Some(0);
            board[(RANKS as usize - 1) * FILES as usize + file] = Some(1);
        }
        Mini { board, to_move: 0 }
    }

    /// Moves as (from, to) board indices, ascending: the canonical order of the link format.
    fn moves(&self) -> Vec<(usize, usize)> {
        let forward: i32 = if self.to_move == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for from in 0..self.board.len() {
            if self.board[from] != Some(self.to_move) {
                continue;
            }
            let (file, rank) = ((from % FILES as usize) as i32, (from / FILES as usize) as i32);
            for df in [-1, 0, 1] {
                let (f, r) = (file + df, rank + forward);
                if !(0..FILES as i32).contains(&f) || !(0..RANKS as i32).contains(&r) {
                    continue;
                }
                let to = (r * FILES as i32 + f) as usize;
                let free = self.board[to].is_none();
                let takes = self.board[to] == Some(1 - self.to_move);
                if free || (df != 0 && takes) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    fn winner(&self) -> Option<Seat> {
        let far = |seat: Seat| if seat == 0 { RANKS as usize - 1 } else { 0 };
        (0..2).find(|&seat| (0..FILES as usize).any(|f| self.board[far(seat) * FILES as usize + f] == Some(seat)))
    }
}

const fn code((from, to): (usize, usize)) -> Action {
    Action(((from as u64) << 8) | to as u64)
}

impl Position for Mini {
    fn to_move(&self) -> Seat {
        self.to_move
    }
    fn actions(&self, out: &mut Vec<Action>) {
        if self.outcome().is_none() {
            out.extend(self.moves().into_iter().map(code));
        }
    }
    fn play(&mut self, action: Action) -> Result<()> {
        let (from, to) = self.moves().into_iter().find(|&m| code(m) == action).ok_or_else(|| not_an_option(action))?;
        self.board[to] = self.board[from].take();
        self.to_move = 1 - self.to_move;
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.winner() {
            return Some(Outcome::win(seat, EndReason::Checkmate));
        }
        self.moves().is_empty().then(|| Outcome::win(1 - self.to_move, EndReason::NoLegalTurn))
    }
    fn repetition_key(&self) -> Vec<u8> {
        self.to_text().into_bytes()
    }
    fn to_text(&self) -> String {
        let ranks: Vec<String> = (0..RANKS as usize)
            .rev()
            .map(|r| {
                let row = &self.board[r * FILES as usize..(r + 1) * FILES as usize];
                row.iter().map(|p| ['P', 'p'].get(p.map_or(9, usize::from)).copied().unwrap_or('.')).collect()
            })
            .collect();
        format!("{} {}", ranks.join("/"), ['w', 'b'][self.to_move as usize])
    }
    fn info(&self, action: Action) -> ActionInfo {
        let Some((from, to)) = self.moves().into_iter().find(|&m| code(m) == action) else {
            return ActionInfo::unknown();
        };
        let (from, to) = (square(from), square(to));
        let name =
            format!("{}{}{}", from.name(), if self.board[to_index(to)].is_some() { "x" } else { "-" }, to.name());
        ActionInfo {
            from: Some(from),
            to: Some(to),
            coord: format!("{}{}", from.name(), to.name()),
            name,
            ..Default::default()
        }
    }
    fn view(&self) -> BoardView {
        let pieces = (0..self.board.len())
            .filter_map(|i| {
                let seat = self.board[i]?;
                let color = if seat == 0 { "white" } else { "black" };
                Some(PieceView { square: square(i), kind: "P", color, badge: None, prongs: None })
            })
            .collect();
        BoardView { width: FILES, height: RANKS, pieces, ..Default::default() }
    }
}

fn to_index(sq: Square) -> usize {
    (sq.rank() * FILES + sq.file()) as usize
}

/// The computer's view: a pawn is worth 100, and 30 more per rank it has advanced.
impl SearchTuning for Mini {
    fn evaluate(&self, seat: Seat) -> i32 {
        let value = |i: usize, owner: Seat| {
            let rank = (i / FILES as usize) as i32;
            100 + 30 * if owner == 0 { rank } else { RANKS as i32 - 1 - rank }
        };
        (0..self.board.len())
            .filter_map(|i| self.board[i].map(|owner| if owner == seat { value(i, owner) } else { -value(i, owner) }))
            .sum()
    }
    fn capture_gain(&self, action: Action) -> Option<i32> {
        let to = (action.0 & 0xff) as usize;
        self.board.get(to).copied().flatten().map(|_| 100)
    }
}

/// Mini Breakthrough's rules, as the registry lists them.
pub struct MiniRules;

static INFO: VariantInfo = VariantInfo {
    id: 250,
    slug: "mini",
    name: "Mini Breakthrough",
    revision: 1,
    seat_names: &["White", "Black"],
    settings: &[],
    notation: "ranks of P, p and . from the top, then w or b",
    summary: "Three pawns each race for the far rank.",
};

impl Rules for MiniRules {
    fn info(&self) -> &'static VariantInfo {
        &INFO
    }
    fn start(&self, _settings: &[u8]) -> Box<dyn Position> {
        Box::new(Mini::start())
    }
    fn parse_position(&self, text: &str, _settings: &[u8]) -> Result<Box<dyn Position>> {
        let bad = |why: &str| Error::new(ErrorCode::BadPosition, format!("Not a Mini Breakthrough position: {why}."));
        let (ranks, side) = text.trim().split_once(' ').ok_or_else(|| bad("a board and a side to move"))?;
        let rows: Vec<&str> = ranks.split('/').collect();
        if rows.len() != RANKS as usize || rows.iter().any(|r| r.chars().count() != FILES as usize) {
            return Err(bad("4 ranks of 3 squares"));
        }
        let mut board = [None; (FILES * RANKS) as usize];
        for (i, row) in rows.iter().enumerate() {
            let rank = RANKS as usize - 1 - i;
            for (file, c) in row.chars().enumerate() {
                board[rank * FILES as usize + file] = match c {
                    'P' => Some(0),
                    'p' => Some(1),
                    '.' => None,
                    _ => return Err(bad("squares are P, p or .")),
                };
            }
        }
        let to_move = match side {
            "w" => 0,
            "b" => 1,
            _ => return Err(bad("w or b to move")),
        };
        Ok(Box::new(Mini { board, to_move }))
    }
}
