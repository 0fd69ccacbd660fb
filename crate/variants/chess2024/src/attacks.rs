//! What attacks a square: pieces, archers and loaded cannons (blast threats), check, and the
//! no-progress draw.

use super::*;

impl Chess2024 {
    /// The stack directly behind a cannon, if it is its own and loaded.
    pub(super) fn loaded(&self, cannon: Idx, color: u8) -> bool {
        offset(cannon, (0, -forward(color))).is_some_and(|behind| {
            self.piece(behind).is_some_and(|p| p.color == color && p.kind == STACK && p.shots > 0)
        })
    }

    /// Landing squares of the cannon on `cannon`: empty squares 1-5 ahead on its file.
    pub(super) fn landings(&self, cannon: Idx, color: u8) -> Vec<Idx> {
        if !self.loaded(cannon, color) {
            return Vec::new();
        }
        (1..=5).filter_map(|d| offset(cannon, (0, forward(color) * d))).filter(|&l| self.is_empty(l)).collect()
    }

    pub(super) fn blast_area(landing: Idx) -> impl Iterator<Item = Idx> {
        ALL_DIRECTIONS.into_iter().filter_map(move |d| offset(landing, d))
    }

    /// Normal attacks of `by` on square `target` (craters block lines; knights leap; archers fly).
    pub(super) fn attacked(&self, target: Idx, by: u8) -> bool {
        let fwd = forward(by);
        for df in [-1, 1] {
            if let Some(from) = offset(target, (df, -fwd)) {
                if self.is(from, by, PAWN) || self.is(from, by, ELITE) {
                    return true;
                }
            }
        }
        if LEAPS.iter().any(|&d| offset(target, d).is_some_and(|i| self.is(i, by, KNIGHT))) {
            return true;
        }
        for d in ALL_DIRECTIONS {
            let diagonal = d.0 != 0 && d.1 != 0;
            let mut i = target;
            for distance in 1.. {
                let Some(next) = offset(i, d) else { break };
                i = next;
                match self.board[i] {
                    Cell::Empty => continue,
                    Cell::Crater(_) => break,
                    Cell::Piece(p) => {
                        if p.color == by {
                            let hits = match p.kind {
                                KING => distance == 1,
                                JESTER => distance <= 2,
                                QUEEN => true,
                                ROOK => !diagonal,
                                BISHOP => diagonal,
                                _ => false,
                            };
                            if hits {
                                return true;
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.archer_attacks(target, by)
    }

    /// Whether an archer of `by` could capture a piece of the other side on `target`: it is the first
    /// such piece within 5 squares straight ahead of the archer, and the square beyond it is empty or
    /// off the board.
    pub(super) fn archer_attacks(&self, target: Idx, by: u8) -> bool {
        let fwd = forward(by);
        let beyond_clear = offset(target, (0, fwd)).map_or(true, |b| self.is_empty(b));
        if !beyond_clear {
            return false;
        }
        let mut i = target;
        for _ in 1..=5 {
            let Some(next) = offset(i, (0, -fwd)) else { return false };
            i = next;
            match self.board[i] {
                Cell::Piece(p) if p.color == by && p.kind == ARCHER => return true,
                Cell::Piece(p) if p.color != by => return false, // the archer cannot fly over this one
                _ => {}
            }
        }
        false
    }

    /// Whether a loaded cannon of `by` could blast `target` with its next shot.
    pub(super) fn blast_threat(&self, target: Idx, by: u8) -> bool {
        let near =
            |a: Idx, b: Idx| a != b && file_of(a).abs_diff(file_of(b)) <= 1 && rank_of(a).abs_diff(rank_of(b)) <= 1;
        // Only cannons on the target's file or a neighbouring one can land next to it.
        // Found only when a loaded cannon is in reach (most positions have none).
        let mut own_king: Option<Option<Idx>> = None;
        for f in file_of(target).saturating_sub(1)..=(file_of(target) + 1).min(WIDTH - 1) {
            for r in 0..HEIGHT {
                let c = r * WIDTH + f;
                if !self.is(c, by, CANNON) || !self.loaded(c, by) {
                    continue;
                }
                for d in 1..=5 {
                    let Some(l) = offset(c, (0, forward(by) * d)) else { break };
                    // A shot that would also blast the firer's own king is no threat: it cannot be fired.
                    if self.is_empty(l)
                        && near(l, target)
                        && own_king.get_or_insert_with(|| self.king(by)).map_or(true, |k| !near(l, k))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The draw once the halfmove clock reaches 100 plies without progress.
    pub(super) fn no_progress_draw(&self) -> Option<Outcome> {
        (self.halfmove_clock >= 100).then(|| Outcome::draw(EndReason::NoProgress))
    }

    pub fn in_check(&self, color: u8) -> bool {
        match self.king(color) {
            Some(k) => self.attacked(k, color ^ 1) || self.blast_threat(k, color ^ 1),
            None => false,
        }
    }
}
