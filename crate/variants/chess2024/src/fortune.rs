//! The fortunes of war: when the one chance event of a game is due, how a uniform value draws it, the
//! forced draws of the command line, and the [`ChanceEvents`] capability.

use super::*;

impl Chess2024 {
    /// The number of the ply about to be played (1 = White's first move).
    pub(super) fn ply_to_play(&self) -> u16 {
        // Saturating: the move number comes from text and may be as large as u16 allows.
        (self.fullmove.saturating_sub(1)).saturating_mul(2).saturating_add(self.turn as u16 + 1)
    }

    /// Whether the chance of the ply about to be played was drawn and the event did not strike: the
    /// notation's `drawn` (a position written between that draw and the move).
    pub(super) fn fortune_drawn(&self) -> bool {
        let ply = self.ply_to_play();
        !self.fortune.used && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply) && self.fortune.checked >= ply
    }

    pub(super) fn fortune_pending(&self) -> bool {
        let ply = self.ply_to_play();
        self.fortune.enabled
            && !self.fortune.used
            && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply)
            && self.fortune.checked < ply
    }

    /// Why a card forced at ply `at` (the command line's `--card`) could never strike from this position:
    /// its event has happened, or the game is already past that ply (or at it, its chance drawn). `None`
    /// when it can.
    pub fn forced_card_refusal(&self, at: u16) -> Option<String> {
        let ply = self.ply_to_play();
        if self.fortune.used {
            Some("this position's event has already happened (its fortunes field says used)".into())
        } else if ply > at {
            Some(format!("this position is at ply {ply}, already past ply {at}, so that card could never be drawn"))
        } else if ply == at && self.fortune_drawn() {
            Some(format!("the chance of ply {at} is already drawn in this position (its fortunes field says drawn)"))
        } else {
            None
        }
    }

    /// The chance value that makes a given card happen at a given ply, with `detail` choosing within
    /// the card (the gift's kind, or for the Ace: even = two adjacent squares with `detail / 2` choosing the
    /// pair, odd = isolated pieces). For tests and the command line's forced events.
    pub fn forced_chance(ply: u16, card: Card, detail: u64) -> u64 {
        let n = (FORTUNE_PLIES.1 + 1).saturating_sub(ply).max(1) as u64;
        let card = match card {
            Card::QueenOfHearts => 0,
            Card::AceOfSpades => 1,
            Card::Joker => 2,
        };
        (detail * 3 + card) * n
    }

    /// Draws the chance of this ply: the event happens with probability 1 / (61 - ply), so that over
    /// plies 20..=60 its ply is uniform; then a card with equal chance, then the card's details.
    pub(super) fn draw_fortune(&mut self, value: u64) -> Option<String> {
        self.legal = LegalCache::default();
        let ply = self.ply_to_play();
        self.fortune.checked = ply;
        let n = (FORTUNE_PLIES.1 + 1 - ply) as u64;
        if value % n != 0 {
            return None;
        }
        let rest = value / n;
        let event = match rest % 3 {
            0 => self.queen_of_hearts(rest / 3),
            1 => self.ace_of_spades(rest / 3),
            _ => self.joker(),
        };
        self.fortune.used = true;
        // The event changed the board, the reserves or the position as a whole (the Joker).
        self.legal = LegalCache::default();
        self.past = None;
        let note = format!("Fortunes of war: {}! {}", event.title, event.text);
        self.fortune.event = Some(event);
        Some(note)
    }

    /// The Queen of Hearts: a gift (the kind chosen by `detail`) joins the reserve, free to bring on.
    fn queen_of_hearts(&mut self, detail: u64) -> FortuneEvent {
        let me = self.turn;
        let side_name = if me == WHITE { "White" } else { "Black" };
        let kind = GIFTS[(detail % GIFTS.len() as u64) as usize];
        let (reserve, free) =
            (&mut self.reserve[me as usize][kind as usize], &mut self.free[me as usize][kind as usize]);
        *reserve = reserve.saturating_add(1);
        *free = free.saturating_add(1);
        const NAMES: [&str; KINDS] =
            ["king", "queen", "rook", "bishop", "knight", "pawn", "elite pawn", "jester", "cannon", "shot", "archer"];
        FortuneEvent {
            title: "Queen of Hearts".into(),
            text: format!(
                "Good news for {side_name}: a {} joins {side_name}'s reserve and may be brought on at no cost.",
                NAMES[kind as usize]
            ),
            squares: Vec::new(),
        }
    }

    /// The Ace of Spades: the pieces on two adjacent squares (even `detail`, `detail / 2` choosing the
    /// pair) or the isolated pieces of the side to move (odd) are killed, kings excepted.
    fn ace_of_spades(&mut self, detail: u64) -> FortuneEvent {
        let me = self.turn;
        let side_name = if me == WHITE { "White" } else { "Black" };
        let (victims, how) = self.ace_victims(detail, side_name);
        let mut killed = 0;
        for &i in &victims {
            if let Some(p) = self.piece(i).filter(|p| p.kind != KING) {
                self.board[i] = Cell::Empty;
                self.leave_board(p);
                killed += 1;
            }
        }
        FortuneEvent {
            title: "Ace of Spades".into(),
            text: format!("Bad times for {side_name}: {how} ({killed} lost; kings are immune)."),
            squares: victims,
        }
    }

    /// The squares the Ace of Spades strikes, and how to say it.
    fn ace_victims(&self, detail: u64, side_name: &str) -> (Vec<Idx>, String) {
        let me = self.turn;
        if detail % 2 == 0 {
            let pair = detail / 2 % PAIRS;
            let horizontal = ((WIDTH - 1) * HEIGHT) as u64;
            let (a, b) = if pair < horizontal {
                let (r, f) = ((pair / (WIDTH as u64 - 1)) as usize, (pair % (WIDTH as u64 - 1)) as usize);
                (r * WIDTH + f, r * WIDTH + f + 1)
            } else {
                let j = pair - horizontal;
                let (r, f) = ((j / WIDTH as u64) as usize, (j % WIDTH as u64) as usize);
                (r * WIDTH + f, (r + 1) * WIDTH + f)
            };
            (vec![a, b], format!("every piece on {} and {} is killed", to_sq(a), to_sq(b)))
        } else {
            let isolated: Vec<Idx> = (0..SIZE)
                .filter(|&i| self.piece(i).is_some_and(|p| p.color == me))
                .filter(|&i| ALL_DIRECTIONS.iter().all(|&d| offset(i, d).map_or(true, |n| self.is_empty(n))))
                .collect();
            (isolated, format!("every isolated {side_name} piece is killed"))
        }
    }

    /// The Joker: the game goes back [`JOKER_PLIES`] plies, or to the start.
    fn joker(&mut self) -> FortuneEvent {
        // Back 10 plies, or to the start; everything returns but the event stays used.
        // The JOKER_PLIES-th position back, or the oldest kept (the start of the game).
        let mut back = 0;
        let mut oldest = None;
        let mut node = self.past.as_deref();
        while let Some(past) = node.filter(|_| back < JOKER_PLIES) {
            back += 1;
            oldest = Some(&past.position);
            node = past.before.as_deref();
        }
        if let Some(restored) = oldest.cloned() {
            let fortune = self.fortune.clone();
            *self = restored;
            self.fortune = fortune;
        }
        // Where the board went back to, so that a player whose board jumps back sees why.
        let side = if self.turn == WHITE { "White" } else { "Black" };
        FortuneEvent {
            title: "Joker".into(),
            text: format!(
                "The game goes back {back} plies, restoring everything: {side} plays move {} again; the event is used.",
                self.fullmove
            ),
            squares: Vec::new(),
        }
    }
}

impl ChanceEvents for Chess2024 {
    fn pending_chance(&self) -> Option<u32> {
        self.fortune_pending().then(|| self.ply_to_play() as u32)
    }

    fn chance_horizon(&self) -> Option<u32> {
        // The chance before the ply about to be played, and never a later one: revealing the element of a
        // later ply would let the receiver foresee that event before its own move.
        let ply = self.ply_to_play();
        (self.fortune.enabled && !self.fortune.used && (FORTUNE_PLIES.0..=FORTUNE_PLIES.1).contains(&ply))
            .then_some(ply as u32)
    }

    fn resolve_chance(&mut self, value: u64) -> Option<String> {
        if self.fortune_pending() {
            self.draw_fortune(value)
        } else {
            None
        }
    }
}
