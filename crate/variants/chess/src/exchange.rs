//! Static exchange evaluation: what a capture wins once both sides have recaptured on its
//! square with their least valuable piece for as long as it pays, the pieces behind a slider joining
//! in as the ones in front leave. The search orders losing captures last and leaves them out of the
//! horizon's captures ([`SearchTuning::exchange_gain`]); Gunnery's orthodox moves use it too.
//!
//! [`SearchTuning::exchange_gain`]: crate::rules::SearchTuning::exchange_gain

use super::*;

/// A king recaptures only where nothing recaptures it: valued so that the swap never lets it.
const KING_IN_EXCHANGE: i32 = 20_000;

fn exchange_value(kind: u8) -> i32 {
    if kind == KING {
        KING_IN_EXCHANGE
    } else {
        VALUES[kind as usize]
    }
}

impl Chess {
    /// The exchange's balance for the side moving `from` to `to`, which takes `victim` centipawns there.
    pub fn exchange(&self, from: u8, to: u8, victim: i32) -> i32 {
        let Some((mover_color, mover)) = self.piece_at(from) else {
            return victim;
        };
        // gains[d]: what the side making the d-th capture stands to gain if the exchange stops after it.
        let mut gains = [0i32; 32];
        gains[0] = victim;
        let mut on_square = exchange_value(mover);
        let mut occupied = self.occupied() & !(1u64 << from);
        let mut side = mover_color;
        let mut d = 0;
        while d < 31 {
            side ^= 1;
            let attackers = self.attackers(to, side, occupied) & occupied;
            let Some((square, kind)) = self.least_valuable(attackers) else {
                break;
            };
            d += 1;
            gains[d] = on_square - gains[d - 1];
            // Neither side gains by going on: stop counting (the result is the same).
            if gains[d].max(-gains[d - 1]) < 0 {
                break;
            }
            on_square = exchange_value(kind);
            occupied &= !(1u64 << square);
        }
        // Each side may stop capturing when that is better for it.
        while d > 0 {
            gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
            d -= 1;
        }
        gains[0]
    }

    /// [`SearchTuning::exchange_gain`] for orthodox move codes: the capture's gain (most valuable victim,
    /// least valuable attacker) while the exchange on its square does not lose, else the exchange's
    /// (negative) balance. Promotions and en passant keep their gain.
    ///
    /// [`SearchTuning::exchange_gain`]: crate::rules::SearchTuning::exchange_gain
    pub fn orthodox_exchange_gain(&self, action: Action) -> Option<i32> {
        let capture = self.capture_of(action)?;
        let gain = capture.gain();
        // Taking a piece worth at least the taker cannot lose: no exchange to count.
        if capture.promotion != 0 || capture.en_passant || VALUES[capture.mover as usize] <= capture.victim {
            return Some(gain);
        }
        let balance = self.exchange(capture.from, capture.to, capture.victim);
        Some(if balance >= 0 { gain } else { balance })
    }

    /// Whether `action` wins material outright: a promotion, or a capture whose exchange ends in the
    /// taker's favour (an even trade does not). The evaluation tuner keeps only positions with none.
    pub fn wins_material(&self, action: Action) -> bool {
        self.capture_of(action).is_some_and(|c| c.promotion != 0 || self.exchange(c.from, c.to, c.victim) > 0)
    }

    /// The least valuable piece among `attackers`, with its kind.
    fn least_valuable(&self, attackers: Bitboard) -> Option<(u8, u8)> {
        (PAWN..=KING).find_map(|kind| {
            let of_kind = attackers & self.by_kind[kind as usize];
            (of_kind != 0).then(|| (of_kind.trailing_zeros() as u8, kind))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange_of(fen: &str, from: &str, to: &str) -> i32 {
        let board = Chess::from_fen(fen).expect("valid");
        let sq = |s: &str| {
            let b = s.as_bytes();
            (b[1] - b'1') * 8 + (b[0] - b'a')
        };
        let victim = board.piece_at(sq(to)).map_or(0, |(_, kind)| VALUES[kind as usize]);
        board.exchange(sq(from), sq(to), victim)
    }

    #[test]
    fn exchanges_count_every_recapture_and_the_pieces_behind() {
        let (p, n, r, q) = (VALUES[0], VALUES[1], VALUES[3], VALUES[4]);
        // An undefended pawn is won.
        assert_eq!(exchange_of("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1", "d5"), p);
        // A pawn defended by a pawn costs the queen.
        assert_eq!(exchange_of("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1", "d5"), p - q);
        // Rook takes a defended rook: an even trade.
        assert_eq!(exchange_of("3rk3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "d1", "d5"), 0);
        // Two rooks lined up (the second behind the first) against one defender: a rook won.
        assert_eq!(exchange_of("4k3/3r4/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2", "d5"), r);
        // Knight takes a pawn defended by a bishop: loses the knight for the pawn, unless it stops.
        assert_eq!(exchange_of("4k3/8/2b5/3p4/8/4N3/8/4K3 w - - 0 1", "e3", "d5"), p - n);
        // The king may recapture only where nothing recaptures it.
        assert_eq!(exchange_of("4k3/4q3/8/8/8/8/4r3/4K3 w - - 0 1", "e1", "e2"), r - KING_IN_EXCHANGE);
        assert_eq!(exchange_of("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1", "e2"), r);
    }
}
