//! The position text: a FEN board whose wounded pieces carry their prongs in braces, then side to
//! move, passes, no-progress clock and move number.

use super::*;
use crate::board_text::Problem;

impl Wounds {
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
