//! The position text (see the module docs of [`super`]): writing, reading and checking it.

use super::*;

impl Chess2024 {
    pub fn text(&self) -> String {
        let board = board_text::write(
            SHAPE,
            |i| Some(self.board[i]).filter(|&cell| cell != Cell::Empty),
            |cell, text| match cell {
                Cell::Crater(owner) => text.push(if owner == WHITE { 'X' } else { 'x' }),
                Cell::Piece(p) => {
                    text.push(board_text::cased(KIND_TABLE[p.kind as usize].letter, p.color == WHITE));
                    if p.kind == STACK {
                        text.push_str(&format!("({})", p.shots));
                    }
                }
                Cell::Empty => {}
            },
        );
        let mut text =
            format!("{board} {} {} {}", if self.turn == WHITE { 'w' } else { 'b' }, self.halfmove_clock, self.fullmove);
        // The reserve fields are written once anything differs from the start (part-1 positions stay short).
        let untouched = self.reserve == [[0; KINDS]; 2]
            && self.credits == [0; 2]
            && self.losses == [0; 2]
            && self.archers_left == [ARCHERS; 2]
            && self.free == [[0; KINDS]; 2]
            && !self.fortune.used
            && !self.fortune_drawn();
        if !untouched {
            let pair = |a: String, b: String| format!("{a}/{b}");
            text.push_str(&format!(
                " {} {} {} {}",
                pair(self.reserve_text(WHITE), self.reserve_text(BLACK)),
                pair(self.credits[0].to_string(), self.credits[1].to_string()),
                pair(self.losses[0].to_string(), self.losses[1].to_string()),
                pair(self.archers_left[0].to_string(), self.archers_left[1].to_string()),
            ));
            if self.fortune.used {
                text.push_str(" used");
            } else if self.fortune_drawn() {
                text.push_str(" drawn");
            }
        }
        text
    }

    /// A side's reserve: letters with counts (`A` counts single shots), `+n` for items free to bring on,
    /// `-` when empty: `P2N1A3+1`.
    pub(super) fn reserve_text(&self, color: u8) -> String {
        let side = color as usize;
        let mut s = String::new();
        for kind in BRINGABLE {
            let k = kind as usize;
            if self.reserve[side][k] > 0 {
                s.push_str(&format!("{}{}", KIND_TABLE[k].code, self.reserve[side][k]));
                if self.free[side][k] > 0 {
                    s.push_str(&format!("+{}", self.free[side][k]));
                }
            }
        }
        if s.is_empty() {
            "-".into()
        } else {
            s
        }
    }

    /// Reads one side's reserve written by [`Chess2024::reserve_text`].
    pub(super) fn parse_reserve(&mut self, color: u8, text: &str) -> std::result::Result<(), String> {
        if text == "-" {
            return Ok(());
        }
        let side = color as usize;
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let number = |i: &mut usize| -> Option<u8> {
            let start = *i;
            while *i < chars.len() && chars[*i].is_ascii_digit() {
                *i += 1;
            }
            chars[start..*i].iter().collect::<String>().parse().ok()
        };
        while i < chars.len() {
            let letter = chars[i];
            i += 1;
            let kind = BRINGABLE
                .iter()
                .copied()
                .find(|&k| KIND_TABLE[k as usize].code.starts_with(letter))
                .ok_or_else(|| format!("'{letter}' is not a reserve item"))?;
            let count = number(&mut i).ok_or_else(|| format!("a count must follow '{letter}'"))?;
            self.reserve[side][kind as usize] = count;
            if chars.get(i) == Some(&'+') {
                i += 1;
                let free = number(&mut i).ok_or_else(|| format!("a number must follow '+' after '{letter}'"))?;
                if free > count {
                    return Err(format!("more free {letter} than {letter} in the reserve"));
                }
                self.free[side][kind as usize] = free;
            }
        }
        Ok(())
    }

    /// Reads the notation; the fields after the board may be left out (White to move, clocks 0 and 1).
    pub fn from_text(text: &str) -> Result<Chess2024> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let bad = |problems: Vec<String>| {
            Error::new(ErrorCode::BadPosition, format!("Invalid position: {}.", problems.join("; ")))
        };
        if fields.is_empty() || fields.len() > 9 {
            return Err(bad(vec![format!(
                "expected 1 to 8 fields (board, side to move, no-progress clock, move number, reserves, credits, \
                 losses, archers left), found {}",
                fields.len()
            )]));
        }
        let mut pos = Chess2024::blank();
        let mut problems = Vec::new();
        let mut board_problems = Vec::new();
        board_text::read(fields[0], SHAPE, &mut board_problems, read_cell, |i, cell| pos.board[i] = cell);
        board_text::fen_words(&board_problems, SHAPE, &mut problems);
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.turn = WHITE,
            "b" => pos.turn = BLACK,
            other => problems.push(format!("side to move must be 'w' or 'b', not '{other}'")),
        }
        match fields.get(2).copied().unwrap_or("0").parse::<u16>() {
            Ok(n) => pos.halfmove_clock = n,
            Err(_) => problems.push("the no-progress clock is not a number".into()),
        }
        match fields.get(3).copied().unwrap_or("1").parse::<u16>() {
            Ok(n) if n >= 1 => pos.fullmove = n,
            _ => problems.push("the move number is not a positive number".into()),
        }
        if let Some(reserves) = fields.get(4) {
            pos.read_reserves(reserves, &mut problems);
        }
        pos.read_counts(&fields, &mut problems);
        pos.read_fortunes(fields.get(8).copied(), &mut problems);
        if problems.is_empty() {
            pos.validate(&mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(bad(problems))
        }
    }

    /// Reads the reserves field, White's and Black's parts.
    fn read_reserves(&mut self, reserves: &str, problems: &mut Vec<String>) {
        match reserves.split_once('/') {
            Some((w, b)) => {
                for (color, part) in [(WHITE, w), (BLACK, b)] {
                    if let Err(e) = self.parse_reserve(color, part) {
                        problems.push(format!("reserves: {e}"));
                    }
                }
            }
            None => problems.push("reserves must be written White/Black, like P2N1/-".into()),
        }
    }

    /// Reads the fields of counted pairs: credits, losses, archers left.
    fn read_counts(&mut self, fields: &[&str], problems: &mut Vec<String>) {
        let pair = |index: usize, what: &str, problems: &mut Vec<String>| -> Option<[u16; 2]> {
            let text = fields.get(index)?;
            let parsed = text.split_once('/').and_then(|(a, b)| Some([a.parse().ok()?, b.parse().ok()?]));
            if parsed.is_none() {
                problems.push(format!("{what} must be two numbers like 3/0, not '{text}'"));
            }
            parsed
        };
        if let Some([w, b]) = pair(5, "credits", problems) {
            self.credits = [w, b];
        }
        if let Some([w, b]) = pair(6, "losses", problems) {
            self.losses = [w.min(255) as u8, b.min(255) as u8];
        }
        if let Some([w, b]) = pair(7, "archers left", problems) {
            if w > ARCHERS as u16 || b > ARCHERS as u16 {
                problems.push(format!("each side has at most {ARCHERS} archers"));
            }
            self.archers_left = [w.min(ARCHERS as u16) as u8, b.min(ARCHERS as u16) as u8];
        }
    }

    /// Reads the fortunes field (`-`, `drawn` or `used`), after the move number, which it depends on.
    fn read_fortunes(&mut self, field: Option<&str>, problems: &mut Vec<String>) {
        // The chance draws made before this ply, as a game that reached it made them: every ply of the
        // window before this one, and this one too when the text says `drawn`.
        let ply = self.ply_to_play();
        let window = FORTUNE_PLIES.0..=FORTUNE_PLIES.1;
        self.fortune.checked = if window.contains(&ply) && ply > FORTUNE_PLIES.0 { ply - 1 } else { 0 };
        match field {
            None | Some("-") => {}
            Some("used") => self.fortune.used = true,
            Some("drawn") if window.contains(&ply) => self.fortune.checked = ply,
            Some("drawn") => problems.push(format!(
                "'drawn' (this ply's chance drawn, the event to come) needs a ply from {} to {}, not {ply}",
                FORTUNE_PLIES.0, FORTUNE_PLIES.1
            )),
            Some(other) => problems.push(format!("the fortunes field must be -, drawn or used, not '{other}'")),
        }
    }

    pub(super) fn validate(&self, problems: &mut Vec<String>) {
        for (color, name) in [(WHITE, "White"), (BLACK, "Black")] {
            let kings = (0..SIZE).filter(|&i| self.is(i, color, KING)).count();
            if kings != 1 {
                problems.push(format!("{name} has {kings} kings instead of 1"));
            }
            if self.shots_on_board(color) > MAX_SHOTS as u32 {
                problems.push(format!("{name} has more than {MAX_SHOTS} shots on the board"));
            }
            for i in 0..SIZE {
                if (self.is(i, color, CANNON) || self.is(i, color, STACK)) && !in_home_base(color, i) {
                    problems.push(format!("{name}'s cannon or stack on {} is outside its home base", to_sq(i)));
                }
            }
        }
        // Only the game's event can leave the side not to move in check (a blocker killed: docs/rules.md), so
        // such a position is one whose event has been used; any other is impossible.
        if problems.is_empty() && !self.fortune.used && self.in_check(self.turn ^ 1) {
            problems.push("the side not to move is in check (only the fortunes of war's event can leave it so)".into());
        }
    }
}

/// Reads a square of the board field that begins with `c`: a piece (a stack with its shots, `A(3)`) or
/// a crater (`X` White's, `x` Black's).
pub(super) fn read_cell(c: char, rest: &mut &str, rank: usize, problems: &mut Vec<Problem>) -> Option<Cell> {
    if c == 'X' || c == 'x' {
        return Some(Cell::Crater(if c == 'X' { WHITE } else { BLACK }));
    }
    let kind = pieces::by_letter(&KIND_TABLE, c)?;
    let mut piece = Piece { color: if c.is_ascii_uppercase() { WHITE } else { BLACK }, kind, shots: 0 };
    if kind == STACK {
        match rest.find(')').filter(|_| rest.starts_with('(')) {
            Some(end) => {
                let digits = &rest[1..end];
                match digits.parse::<u8>() {
                    Ok(n) if (1..=MAX_SHOTS).contains(&n) => piece.shots = n,
                    _ => {
                        problems.push(Problem::Piece(format!("a stack on rank {rank} holds '{digits}' shots (1 to 6)")))
                    }
                }
                *rest = &rest[end + 1..];
            }
            None => problems.push(Problem::Piece(format!("a stack on rank {rank} needs its shots, like A(3)"))),
        }
    }
    Some(Cell::Piece(piece))
}
