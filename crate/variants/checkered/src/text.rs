//! The position text, vchess-compatible (with an optional no-progress field): writing, reading and
//! checking it.

use super::*;

impl Checkered {
    pub(super) fn board_text(&self) -> String {
        board_text::write(
            chessfront_chess::SHAPE,
            |sq| self.piece(sq as u8),
            |(color, kind), text| {
                text.push(match color {
                    CHECKERED => CHECKERED_LETTERS[kind as usize],
                    _ => board_text::cased(KINDS[kind as usize].letter, color == WHITE),
                })
            },
        )
    }

    pub(super) fn flags_text(&self) -> String {
        let mut s: String = self.castle_files.iter().map(|&f| (b'a' + f) as char).collect();
        for bit_index in 0..16 {
            s.push(if self.pawn_flags & (1 << bit_index) != 0 { '1' } else { '0' });
        }
        s
    }

    pub(super) fn stage_text(&self) -> String {
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
        let shape = chessfront_chess::SHAPE;
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
            None => pos.castle_where_at_home(),
            Some(flags) => pos.read_flags(flags, &mut problems),
        }
        if let Some(&ep) = fields.get(4).filter(|&&e| e != "-") {
            pos.read_en_passant(ep, &mut problems);
        }
        if let Some(&cm) = fields.get(5).filter(|&&c| c != "-") {
            pos.read_last_checkered_move(cm, &mut problems);
        }
        pos.with_switch = switch_setting;
        pos.read_stage(fields.get(6).copied().unwrap_or("1"), &mut problems);
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

    /// Castling where king and rook stand at home; every pawn flag set (the flags field left out).
    fn castle_where_at_home(&mut self) {
        for (i, (king, rook, color)) in
            [(4u8, 0u8, WHITE), (4, 7, WHITE), (60, 56, BLACK), (60, 63, BLACK)].iter().enumerate()
        {
            if self.piece(*king) == Some((*color, KING)) && self.piece(*rook) == Some((*color, ROOK)) {
                self.castle_files[i] = rook & 7;
            }
        }
    }

    /// Reads the flags field: 4 castling files, then 16 pawn flags.
    fn read_flags(&mut self, flags: &str, problems: &mut Vec<String>) {
        let bytes = flags.as_bytes();
        let well_formed = bytes.len() == 20
            && bytes[..4].iter().all(|b| matches!(b, b'a' | b'h' | b'i'))
            && bytes[4..].iter().all(|b| matches!(b, b'0' | b'1'));
        if well_formed {
            for (file, letter) in self.castle_files.iter_mut().zip(bytes) {
                *file = letter - b'a';
            }
            // The long-side letter must name the a-file and the short side the h-file.
            for (i, expected) in [(0, 0u8), (1, 7), (2, 0), (3, 7)] {
                if self.castle_files[i] != NO_FILE && self.castle_files[i] != expected {
                    problems.push(format!("castling flag '{}' is not a rook's home file", bytes[i] as char));
                }
            }
            self.pawn_flags = bytes[4..].iter().enumerate().fold(0, |acc, (i, &b)| acc | ((b == b'1') as u16) << i);
        } else {
            problems.push(format!("flags '{flags}' must be 4 castling files (a, h or i) and 16 pawn flags (0 or 1)"));
        }
    }

    fn read_en_passant(&mut self, ep: &str, problems: &mut Vec<String>) {
        match Square::parse(ep).and_then(from_square) {
            Some(sq) if rank(sq) == 2 => self.ep = Some((sq, sq + 8)),
            Some(sq) if rank(sq) == 5 => self.ep = Some((sq, sq - 8)),
            _ => problems.push(format!("'{ep}' is not an en-passant square")),
        }
    }

    fn read_last_checkered_move(&mut self, cm: &str, problems: &mut Vec<String>) {
        // `get`, not slicing: the text may hold multibyte characters where the squares belong.
        let square = |range: std::ops::Range<usize>| cm.get(range).and_then(Square::parse).and_then(from_square);
        match (cm.len() == 4).then(|| (square(0..2), square(2..4))) {
            Some((Some(a), Some(b))) => self.last_checkered_move = Some((a, b)),
            _ => problems.push(format!("last checkered move '{cm}' must be two squares like g3g2")),
        }
    }

    /// Reads the stage field (`1-` also turns the switch off).
    fn read_stage(&mut self, stage: &str, problems: &mut Vec<String>) {
        match stage {
            "1" => {}
            "1-" => self.with_switch = false,
            "2w" => self.stage = Stage::Two { checkered_side: WHITE },
            "2b" => self.stage = Stage::Two { checkered_side: BLACK },
            other => problems.push(format!("stage must be 1, 1-, 2w or 2b, not '{other}'")),
        }
    }

    pub(super) fn validate(&self, problems: &mut Vec<String>) {
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
