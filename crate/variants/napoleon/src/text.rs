//! The position text (see the crate docs): writing it, and reading it back with every problem in
//! this variant's words.

use super::*;

impl Napoleon {
    /// Reads a position in Napoleon notation (see the module docs).
    pub fn from_text(text: &str, players: u8) -> Result<Napoleon> {
        let mut p = Napoleon::start(players);
        let fields: Vec<&str> = text.split_whitespace().collect();
        p.check_field_count(&fields)?;
        p.read_board(fields[0])?;
        let letters = p.seat_letters();
        let to_move = fields[1]
            .chars()
            .next()
            .filter(|_| fields[1].len() == 1)
            .and_then(|c| letters.iter().position(|&l| l == c))
            .ok_or_else(|| {
                bad_position(format!(
                    "'{}' is not a player to move ({}).",
                    fields[1],
                    letters.iter().collect::<String>()
                ))
            })? as u8;
        let mut next = 2;
        if p.players == 4 {
            p.read_players_out(fields[2])?;
            next = 3;
        }
        p.read_counters(fields[next], fields[next + 1])?;
        let mut problems = p.army_problems();
        if p.is_out(to_move) {
            problems.push(format!("{} is to move but out", p.seat_names()[to_move as usize]));
        }
        if !problems.is_empty() {
            return Err(bad_position(format!("Impossible position: {}.", problems.join("; "))));
        }
        // Begin the turn of the side to move (judging whether it has one).
        p.begin_turn_after((to_move + p.players - 1) % p.players);
        Ok(p)
    }

    /// The text has the field count of this player count; if not, says so, naming the other setting
    /// when the count is that setting's.
    fn check_field_count(&self, fields: &[&str]) -> Result<()> {
        let expected = if self.players == 4 { 5 } else { 4 };
        if fields.len() == expected {
            return Ok(());
        }
        // The other player count's field count: the position is probably of a game with the other setting.
        let other = match (self.players, fields.len()) {
            (2, 5) => " (a four-player position: give the game the four-player setting)",
            (4, 4) => " (a two-player position: give the game the two-player setting)",
            _ => "",
        };
        Err(bad_position(format!(
            "A {}-player Napoleon position has {expected} fields (board, player to move, {}no-progress count, turn number); this one has {}{other}.",
            self.players,
            if self.players == 4 { "players out, " } else { "" },
            fields.len()
        )))
    }

    /// Reads the board field onto the board; the first problem only, worded for this variant.
    fn read_board(&mut self, field: &str) -> Result<()> {
        let letters = self.seat_letters();
        let four = self.players == 4;
        let mut board_problems = Vec::new();
        let piece = |c: char, rest: &mut &str, rank, problems: &mut Vec<Problem>| {
            let kind = pieces::by_letter(&KINDS, c)?;
            if !four {
                return Some(Man { seat: if c.is_ascii_uppercase() { 0 } else { 1 }, kind });
            }
            let mark = rest.chars().next().unwrap_or(' ');
            *rest = rest.get(mark.len_utf8()..).unwrap_or("");
            let seat = if !c.is_ascii_uppercase() {
                problems.push(Problem::Piece(format!(
                    "Rank {rank}: four-player men are written in capitals, then their seat letter (Kw)."
                )));
                0
            } else if let Some(seat) = letters.iter().position(|&l| l == mark) {
                seat as u8
            } else {
                problems.push(Problem::Piece(format!(
                    "Rank {rank}: '{c}{mark}' needs a seat letter w, r, b or u after the man."
                )));
                0
            };
            Some(Man { seat, kind })
        };
        board_text::read(field, SHAPE, &mut board_problems, piece, |i, man| self.board.set(Square(i as u8), Some(man)));
        match board_problems.into_iter().next() {
            Some(problem) => Err(bad_position(board_problem_words(problem))),
            None => Ok(()),
        }
    }

    /// Reads the four-player field of the players out (`-` for none).
    fn read_players_out(&mut self, field: &str) -> Result<()> {
        if field == "-" {
            return Ok(());
        }
        let letters = self.seat_letters();
        for c in field.chars() {
            let seat = letters
                .iter()
                .position(|&l| l == c)
                .ok_or_else(|| bad_position(format!("'{field}' is not a list of players out (or '-').")))?;
            self.out |= 1 << seat;
            self.fates[seat] = Some("out");
        }
        Ok(())
    }

    /// Reads the no-progress count and the turn number.
    fn read_counters(&mut self, quiet: &str, number: &str) -> Result<()> {
        // Counters are read as u16 (as the chess family's clocks), so play can always count on.
        let quiet_count: u16 = quiet
            .parse()
            .map_err(|_| bad_position(format!("'{quiet}' is not a no-progress count (0 to {}).", u16::MAX)))?;
        self.quiet = quiet_count.into();
        let turn: u16 = number
            .parse()
            .map_err(|_| bad_position(format!("'{number}' is not a turn number (1 to {}).", u16::MAX)))?;
        if turn == 0 {
            return Err(bad_position("Turns are numbered from 1.".into()));
        }
        self.turns = u32::from(turn) - 1;
        Ok(())
    }

    /// What makes the armies on the board impossible: men of a player out, a king missing or doubled,
    /// more men of a kind than an army has, a pawn on its own back rank.
    fn army_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for seat in 0..self.players {
            let name = self.seat_names()[seat as usize];
            let men: Vec<Man> = self.board.men_of(seat).map(|(_, m)| m).collect();
            if self.is_out(seat) {
                if !men.is_empty() {
                    problems.push(format!("{name} is out but still has men on the board"));
                }
                continue;
            }
            for (kind, count) in ARMY {
                let have = men.iter().filter(|m| m.kind == kind).count();
                if kind == KING && have != 1 {
                    problems.push(format!("{name} needs exactly one king, not {have}"));
                } else if have > count as usize {
                    problems.push(format!("{name} has {have} {}s, more than {count}", KINDS[kind as usize].name));
                }
            }
            let back = self.board.seats[seat as usize].back_rank;
            for (sq, m) in self.board.men_of(seat) {
                if m.kind == PAWN && sq.rank() == back {
                    problems.push(format!("{name}'s pawn on {sq} stands on its own back rank"));
                }
            }
        }
        problems
    }

    pub(super) fn board_text(&self) -> String {
        let board = self.board();
        let letters = self.seat_letters();
        board_text::write(
            SHAPE,
            |i| board.get(Square(i as u8)),
            |m, text| {
                let letter = KINDS[m.kind as usize].letter;
                if self.players == 4 {
                    text.push(letter.to_ascii_uppercase());
                    text.push(letters[m.seat as usize]);
                } else {
                    text.push(board_text::cased(letter, m.seat == 0));
                }
            },
        )
    }
}

fn bad_position(message: String) -> Error {
    Error::new(ErrorCode::BadPosition, message)
}

/// A board problem in this variant's words.
fn board_problem_words(problem: Problem) -> String {
    match problem {
        Problem::Ranks(n) => format!("The board needs 16 ranks separated by '/', not {n}."),
        Problem::Run { rank, run: 0 } => format!("Rank {rank}: an empty run of 0 squares."),
        Problem::Run { rank, .. } | Problem::Beyond { rank } => format!("Rank {rank} has more than 16 squares."),
        Problem::Unknown { rank, c } => format!("Rank {rank}: '{c}' is not a man (K, Q, R, B, N, P) or a run length."),
        Problem::Width { rank, squares } => format!("Rank {rank} has {squares} squares, not 16."),
        Problem::Piece(message) => message,
    }
}
