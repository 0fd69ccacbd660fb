//! What the computer's search asks of Checkered chess: material (checkered pieces a third, for the
//! side to move) and capture gains.

use super::*;

impl SearchTuning for Checkered {
    /// Material: own pieces count fully, checkered ones a third for the side to move (they are its
    /// pieces now, the opponent's after the move), plus centralised minor pieces.
    fn evaluate(&self, seat: Seat) -> i32 {
        const CENTRALITY: [i32; 8] = [-10, -4, 2, 6, 6, 2, -4, -10];
        let own = seat; // Seats are the original colours.
        let checkered_sign = if self.turn == seat { 1 } else { -1 };
        let mut score = 0;
        // Over the occupied squares only: walking all 64 was a tenth of a node's cost.
        for sq in Squares(self.occupied()) {
            let sq = sq as usize;
            let code = self.board[sq];
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

    /// Measured against orthodox chess when the ladder was measured: three self-play games from the start per variant,
    /// `chessfront think <variant> <position> --level 13` at each of up to 60 decisions, 300,000 nodes a
    /// search in both (Checkered at `--level 13:nodes=3000000` then), nodes over the searches' summed
    /// user CPU time, one after the other on the same machine and load: chess 549 knodes/s,
    /// Checkered 723 (128 before its moves were tested on bitboards and found among their piece's
    /// moves, when the weight was 10). A Checkered node now costs less than a chess one (its
    /// evaluation is material only): 1, the least weight.
    fn node_weight(&self) -> u64 {
        1
    }

    /// A king of the side to move in check (in stage two, either king, as `checked_kings` lists them). No null
    /// move: checkered pieces belong to whoever moves, so a pass hands the opponent every one of them.
    fn in_check(&self) -> bool {
        match self.stage {
            Stage::One => self.king_attacked(self.turn),
            Stage::Two { checkered_side } => {
                checkered_side != self.turn && (self.king_attacked(WHITE) || self.king_attacked(BLACK))
            }
        }
    }

    /// The legal actions unsorted (the search ranks them itself).
    fn actions_in_any_order(&self, out: &mut Vec<Action>) -> bool {
        out.extend(self.legal_moves().iter().map(|&m| self.action_of(m)));
        true
    }
}
