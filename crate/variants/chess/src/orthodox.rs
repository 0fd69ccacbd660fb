//! The orthodox evaluation: what a chess program's static judgement is made of, each term
//! small and tried, blended between middle game and endgame by the material left (a tapered
//! evaluation). Orthodox chess's [`crate::rules::SearchTuning::evaluate`] hook calls it.
//!
//! Values are centipawns from White's side, then turned to the asked colour. Material keeps the
//! values the rest of the engine uses ([`crate::VALUES`]: capture gains, adjudication), so a score still
//! reads as pawns. The terms and why:
//! - placement (piece-square values): knights and bishops in the centre, pawns advancing (more in the
//!   endgame, where they queen), rooks on the seventh, the king sheltered in a corner while there is
//!   material to attack it and central once the board empties;
//! - mobility: squares each piece reaches that are not its own side's and not guarded by an enemy
//!   pawn; a piece that moves freely is worth more;
//! - pawn structure: doubled and isolated pawns are weak (they cannot guard each other), passed pawns
//!   strong, the more so the further advanced and the emptier the board, and in the endgame the more
//!   so as our king is near the square in front of one and theirs far from it;
//! - king safety: in the middle game, pawns in front of the castled king, enemy pawns storming its
//!   files and those files opened; and the king danger ([`king_danger`]), Stockfish's classical sum of
//!   the enemy pieces bearing on the squares around it, its weak squares and safe checks, squared;
//! - threats: a piece an enemy pawn attacks (the side to move stands pat on it in quiescence); the
//!   side to move's rooks and queens a knight or bishop attacks, its queen a rook attacks, its pieces
//!   attacked and undefended, and two of those at once (a fork), which quiescence cannot see;
//! - knights on outposts (guarded by a pawn, never to be chased by one), the bishop pair, rooks on open
//!   and half-open files, and a tempo for the side to move.
//!
//! Each term is a count (pieces, squares, ranks) times a weight from [`weights`](mod@weights) (middle
//! game, endgame), so the search's evaluation and a tuner's trace of the counts are the same code.
//!
//! The storm, threats, outposts, passed pawns' kings and tempo were measured together in self-play,
//! level 9 with them against level 9 without (`chessfront match chess 9:trial=55 9`, a build with the
//! `trials` feature, before they became the evaluation): see the commit that added them. The side to
//! move's threats came with a refit of every weight on new positions: level 9 with them against level 9
//! with the weights before scored 110-95-95 over 300 games (52.5%), and with the continuation history
//! as well 94-66-140 at level 11 (54.7%), each in the trials build of the day.

use crate::bitboard::{bishop_attacks, rook_attacks, Bitboard, Squares, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};
use crate::{Chess, BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE};

mod king_danger;
pub mod tune;
mod weights;
use weights::{term, weights};

/// How much of the middle game each kind's presence means (24 at the start).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;
const FILE_A: Bitboard = 0x0101_0101_0101_0101;

/// A middle-game and an endgame value, blended at the end.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Score(i32, i32);

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

/// Ranks advanced from `side`'s first rank.
fn advance(side: u8, sq: u8) -> usize {
    if side == WHITE {
        (sq >> 3) as usize
    } else {
        7 - (sq >> 3) as usize
    }
}

fn file_mask(file: u8) -> Bitboard {
    FILE_A << file
}

fn adjacent_files(file: u8) -> Bitboard {
    (if file > 0 { file_mask(file - 1) } else { 0 }) | (if file < 7 { file_mask(file + 1) } else { 0 })
}

/// Squares in front of `sq` for `side` on its file and the files beside it: where enemy pawns would
/// stop or take a passed pawn.
fn front_span(side: u8, sq: u8) -> Bitboard {
    let files = file_mask(sq & 7) | adjacent_files(sq & 7);
    let rank = sq >> 3;
    let ahead: Bitboard = if side == WHITE {
        if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    };
    files & ahead
}

/// The squares `side`'s pawns attack towards the a-file and towards the h-file, each set shifted at
/// once (no file wraps around).
fn pawn_attacks_by_direction(side: u8, pawns: Bitboard) -> (Bitboard, Bitboard) {
    const NOT_A: Bitboard = !FILE_A;
    const NOT_H: Bitboard = !(FILE_A << 7);
    if side == WHITE {
        ((pawns << 7) & NOT_H, (pawns << 9) & NOT_A)
    } else {
        ((pawns >> 9) & NOT_H, (pawns >> 7) & NOT_A)
    }
}

/// The squares `side`'s pawns attack.
fn pawn_attacks(side: u8, pawns: Bitboard) -> Bitboard {
    let (west, east) = pawn_attacks_by_direction(side, pawns);
    west | east
}

/// The squares two of `side`'s pawns attack (a pawn chain's doubled guard).
fn pawn_double_attacks(side: u8, pawns: Bitboard) -> Bitboard {
    let (west, east) = pawn_attacks_by_direction(side, pawns);
    west & east
}

/// Squares north of any of `b`'s, `b`'s own included.
fn north_fill(mut b: Bitboard) -> Bitboard {
    b |= b << 8;
    b |= b << 16;
    b | b << 32
}

/// Squares south of any of `b`'s, `b`'s own included.
fn south_fill(mut b: Bitboard) -> Bitboard {
    b |= b >> 8;
    b |= b >> 16;
    b | b >> 32
}

/// One side's pawns by what their structure makes of them, each set found for every pawn at once with
/// shifts and fills rather than pawn by pawn (the evaluation's pawn loop was a tenth of a chess search).
struct PawnSets {
    /// Pawns with another of their side on their file.
    doubled: Bitboard,
    /// Pawns with none of their side on the files beside them.
    isolated: Bitboard,
    /// Pawns no enemy pawn stands in front of on their file or the files beside it, and no own pawn
    /// in front of on their file (the front one of a doubled pair only).
    passed: Bitboard,
}

impl PawnSets {
    fn of(side: u8, pawns: Bitboard, enemy: Bitboard) -> PawnSets {
        const NOT_A: Bitboard = !FILE_A;
        const NOT_H: Bitboard = !(FILE_A << 7);
        let beside = |b: Bitboard| ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
        let files = north_fill(pawns) | south_fill(pawns);
        let (own_behind, own_ahead) = (south_fill(pawns >> 8), north_fill(pawns << 8));
        let enemy_wide = enemy | beside(enemy);
        // The squares behind an enemy pawn or the squares beside it, as `side` advances: a pawn there
        // has an enemy pawn in front of it; and whether an own pawn stands in front on its file.
        let (stopped, in_front_of_own) = if side == WHITE {
            (south_fill(enemy_wide >> 8), own_behind)
        } else {
            (north_fill(enemy_wide << 8), own_ahead)
        };
        PawnSets {
            doubled: pawns & (own_behind | own_ahead),
            isolated: pawns & !beside(files),
            passed: pawns & !stopped & !in_front_of_own,
        }
    }
}

/// King steps between two squares.
fn chebyshev(a: u8, b: u8) -> i32 {
    let (fa, ra, fb, rb) = ((a & 7) as i32, (a >> 3) as i32, (b & 7) as i32, (b >> 3) as i32);
    (fa - fb).abs().max((ra - rb).abs())
}

/// Where an evaluation's terms go: summed with their weights ([`Score`], the search), or recorded
/// with their counts (the tuner's trace).
pub(super) trait Terms {
    /// `count` times the term `term` (an index of [`term`]).
    fn add(&mut self, term: usize, count: i32);
}

impl Terms for Score {
    #[inline]
    fn add(&mut self, term: usize, count: i32) {
        let w = weights()[term];
        self.0 += w.0 * count;
        self.1 += w.1 * count;
    }
}

/// The squares one side's men attack, by the kind of attacker: what [`threat_terms`] asks of the
/// other side's pieces.
#[derive(Clone, Copy, Default)]
pub(super) struct Attacks {
    pawns: Bitboard,
    knights: Bitboard,
    bishops: Bitboard,
    rooks: Bitboard,
    queens: Bitboard,
    king: Bitboard,
    /// Every man's, the king's too: a piece on one of these is defended (or attacked).
    all: Bitboard,
    /// Squares two or more of the side's men attack.
    twice: Bitboard,
    /// The side's men against the enemy king ([`king_danger`]).
    on_king: king_danger::Tally,
}

impl Attacks {
    /// Adds one man's squares to the side's, and those it attacks again to the squares attacked twice.
    #[inline]
    fn note(&mut self, reach: Bitboard) {
        self.twice |= self.all & reach;
        self.all |= reach;
    }

    fn minors(&self) -> Bitboard {
        self.knights | self.bishops
    }
}

/// One side's terms, from its own point of view; returns the squares its men attack.
fn side_terms(board: &Chess, side: u8, s: &mut impl Terms) -> Attacks {
    let them = side ^ 1;
    let own = |kind| board.pieces(side, kind);
    let theirs = |kind| board.pieces(them, kind);
    // Squares the enemy pawns guard: no piece wants to stand there.
    let enemy_pawn_guard = pawn_attacks(them, theirs(PAWN));
    let pawn_reach = pawn_attacks(side, own(PAWN));
    let enemy_king = board.king_square(them);
    let (target, on_king) = king_danger::Target::of(enemy_king, pawn_reach);
    let mut attacks = Attacks {
        pawns: pawn_reach,
        all: pawn_reach,
        twice: pawn_double_attacks(side, own(PAWN)),
        on_king,
        ..Attacks::default()
    };

    for kind in PAWN..KING {
        s.add(term::MATERIAL + kind as usize, own(kind).count_ones() as i32);
    }
    if own(BISHOP).count_ones() >= 2 {
        s.add(term::BISHOP_PAIR, 1);
    }
    piece_terms(board, side, enemy_pawn_guard, &target, &mut attacks, s);

    // Pieces an enemy pawn attacks: one of them is lost unless it moves, two are a fork. Quiescence
    // sees the capture only when it is the pawn's side's move; the side to move stands pat on it.
    let minor_and_major = own(KNIGHT) | own(BISHOP) | own(ROOK) | own(QUEEN);
    s.add(term::PAWN_THREAT, (minor_and_major & enemy_pawn_guard).count_ones() as i32);

    pawn_terms(board, side, enemy_king, s);
    king_terms(board, side, &mut attacks, s);
    attacks
}

/// A square as `side` sees it (its own first rank at the bottom): the placement tables' index.
#[inline(always)]
fn seen(side: u8, sq: u8) -> usize {
    if side == WHITE {
        sq as usize
    } else {
        (sq ^ 56) as usize
    }
}

/// The knights', bishops', rooks' and queens' placement, mobility (onto squares not their own side's
/// and not guarded by an enemy pawn, `enemy_pawn_guard`), outposts and open files; their attacks are
/// added to `attacks`, and tallied against the enemy king (`target`).
#[inline(always)]
fn piece_terms(
    board: &Chess,
    side: u8,
    enemy_pawn_guard: Bitboard,
    target: &king_danger::Target,
    attacks: &mut Attacks,
    s: &mut impl Terms,
) {
    let them = side ^ 1;
    let own = |kind| board.pieces(side, kind);
    let theirs = |kind| board.pieces(them, kind);
    let occupied = board.occupied();
    let safe = !board.all_pieces(side) & !enemy_pawn_guard;
    for sq in Squares(own(KNIGHT)) {
        s.add(term::PLACEMENT + 64 * KNIGHT as usize + seen(side, sq), 1);
        let reach = KNIGHT_ATTACKS[sq as usize];
        attacks.knights |= reach;
        attacks.note(reach);
        target.note(&mut attacks.on_king, KNIGHT, reach);
        s.add(term::MOBILITY, (reach & safe).count_ones() as i32 - 4);
        if (3..=5).contains(&advance(side, sq)) {
            // An outpost: guarded by a pawn of ours, and no enemy pawn can ever chase it away.
            let guarded = PAWN_ATTACKS[them as usize][sq as usize] & own(PAWN) != 0;
            let chasers = front_span(side, sq) & !file_mask(sq & 7) & theirs(PAWN);
            if guarded && chasers == 0 {
                s.add(term::OUTPOST, 1);
            }
        }
    }
    for sq in Squares(own(BISHOP)) {
        s.add(term::PLACEMENT + 64 * BISHOP as usize + seen(side, sq), 1);
        let reach = bishop_attacks(sq, occupied);
        attacks.bishops |= reach;
        attacks.note(reach);
        target.note(&mut attacks.on_king, BISHOP, reach);
        s.add(term::MOBILITY + 1, (reach & safe).count_ones() as i32 - 6);
    }
    for sq in Squares(own(ROOK)) {
        s.add(term::PLACEMENT + 64 * ROOK as usize + seen(side, sq), 1);
        let reach = rook_attacks(sq, occupied);
        attacks.rooks |= reach;
        attacks.note(reach);
        target.note(&mut attacks.on_king, ROOK, reach);
        s.add(term::MOBILITY + 2, (reach & safe).count_ones() as i32 - 7);
        let file = file_mask(sq & 7);
        if file & own(PAWN) == 0 {
            s.add(if file & theirs(PAWN) == 0 { term::ROOK_OPEN_FILE } else { term::ROOK_HALF_OPEN_FILE }, 1);
        }
    }
    for sq in Squares(own(QUEEN)) {
        s.add(term::PLACEMENT + 64 * QUEEN as usize + seen(side, sq), 1);
        let reach = rook_attacks(sq, occupied) | bishop_attacks(sq, occupied);
        attacks.queens |= reach;
        attacks.note(reach);
        target.note(&mut attacks.on_king, QUEEN, reach);
        s.add(term::MOBILITY + 3, (reach & safe).count_ones() as i32 - 13);
    }
}

/// Pawns, their structure found for all of them at once (see [`PawnSets`]): doubled, isolated,
/// placement, and passed pawns with the kings' distances to their stop squares (`enemy_king`: where
/// the enemy king stands, if anywhere).
#[inline(always)]
fn pawn_terms(board: &Chess, side: u8, enemy_king: Option<u8>, s: &mut impl Terms) {
    let pawns = board.pieces(side, PAWN);
    let sets = PawnSets::of(side, pawns, board.pieces(side ^ 1, PAWN));
    s.add(term::DOUBLED, sets.doubled.count_ones() as i32); // counted for each pawn of the file
    s.add(term::ISOLATED, sets.isolated.count_ones() as i32);
    for sq in Squares(pawns) {
        s.add(term::PLACEMENT + seen(side, sq), 1);
    }
    for sq in Squares(sets.passed) {
        let adv = advance(side, sq);
        s.add(term::PASSED + adv, 1);
        if adv >= 3 {
            // In the endgame the kings decide a passed pawn's race: ours near its stop square,
            // theirs far from it.
            let stop = if side == WHITE { sq + 8 } else { sq - 8 };
            let distance = |k: Option<u8>| k.map_or(0, |k| chebyshev(k, stop));
            let weight = adv as i32 - 2;
            s.add(term::PASSED_THEIR_KING, weight * distance(enemy_king));
            s.add(term::PASSED_OUR_KING, weight * distance(board.king_square(side)));
        }
    }
}

/// The king: its square is placement, its reach joins `attacks`; in the middle game, the pawns before
/// it, and enemy pawns storming its files.
#[inline(always)]
fn king_terms(board: &Chess, side: u8, attacks: &mut Attacks, s: &mut impl Terms) {
    let Some(k) = board.king_square(side) else { return };
    let pawns = board.pieces(side, PAWN);
    let their_pawns = board.pieces(side ^ 1, PAWN);
    attacks.king = KING_ATTACKS[k as usize];
    attacks.note(attacks.king);
    s.add(term::PLACEMENT + 64 * KING as usize + seen(side, k), 1);
    let (file, rank) = (k & 7, advance(side, k));
    if rank <= 1 {
        // Pawns on the three files in front of the king: right in front, and anywhere ahead.
        let shield = front_span(side, k) & KING_ATTACKS[k as usize] & pawns;
        let near = front_span(side, k) & pawns;
        s.add(term::KING_SHIELD, shield.count_ones().min(3) as i32);
        s.add(term::KING_NEAR_PAWNS, near.count_ones().min(3) as i32);
        // Enemy pawns storming the king's files, and those files opened (a loss to Stockfish
        // was a king castled into a g- and h-pawn storm, its h-file then opened).
        for f in file.saturating_sub(1)..=(file + 1).min(7) {
            let mine = file_mask(f) & pawns;
            let storm = file_mask(f) & their_pawns;
            // Their pawn on our third rank is an attack; far away it is nothing yet.
            if let Some(nearest @ 2..=4) = Squares(storm).map(|p| advance(side, p)).min() {
                s.add(term::STORM + nearest - 2, 1);
            }
            if mine == 0 {
                s.add(if storm == 0 { term::KING_OPEN_FILE } else { term::KING_HALF_OPEN_FILE }, 1);
            }
        }
    }
}

/// Threats to the side to move's pieces, which it must answer now. Quiescence searches the side to
/// move's captures only, so standing pat it cannot see the enemy's: a rook a knight attacks, a piece
/// nobody defends, and above all two threatened at once (a fork: one of them falls). The other side's
/// threatened pieces are the side to move's captures, which quiescence does see.
fn threat_terms(board: &Chess, side: u8, own: &Attacks, theirs: &Attacks, s: &mut impl Terms) {
    let mine = |kind| board.pieces(side, kind);
    let pieces = mine(KNIGHT) | mine(BISHOP) | mine(ROOK) | mine(QUEEN);
    let by_minor = (mine(ROOK) | mine(QUEEN)) & theirs.minors();
    let by_rook = mine(QUEEN) & theirs.rooks;
    let hanging = pieces & theirs.all & !own.all;
    s.add(term::THREAT_BY_MINOR, by_minor.count_ones() as i32);
    s.add(term::THREAT_BY_ROOK, by_rook.count_ones() as i32);
    s.add(term::HANGING, hanging.count_ones() as i32);
    let threatened = by_minor | by_rook | hanging | (pieces & theirs.pawns);
    if threatened.count_ones() >= 2 {
        s.add(term::FORKED, 1);
    }
}

/// White's king danger less Black's ([`king_danger`]): not a fitted term, so a tuner's trace carries
/// it as it is.
fn king_dangers(board: &Chess, white: &Attacks, black: &Attacks) -> Score {
    use king_danger::{danger, Sides};
    let w = danger(Sides { board, side: WHITE, ours: white, theirs: black });
    let b = danger(Sides { board, side: BLACK, ours: black, theirs: white });
    Score(w.0 - b.0, w.1 - b.1)
}

/// How much of the middle game is left, from [`FULL_PHASE`] (all pieces) to 0 (kings and pawns).
fn phase(board: &Chess) -> i32 {
    (PAWN..KING)
        .map(|k| PHASE[k as usize] * (board.pieces(WHITE, k) | board.pieces(BLACK, k)).count_ones() as i32)
        .sum::<i32>()
        .min(FULL_PHASE)
}

/// The orthodox evaluation of `board` for `color` (see the module's comment).
pub fn orthodox(board: &Chess, color: u8) -> i32 {
    let (mut w, mut b) = (Score::default(), Score::default());
    let white_attacks = side_terms(board, WHITE, &mut w);
    let black_attacks = side_terms(board, BLACK, &mut b);
    if board.turn() == WHITE {
        threat_terms(board, WHITE, &white_attacks, &black_attacks, &mut w);
    } else {
        threat_terms(board, BLACK, &black_attacks, &white_attacks, &mut b);
    }
    // The move is worth something: the side to move can improve first (a tempo).
    w += king_dangers(board, &white_attacks, &black_attacks);
    let tempo = weights()[term::TEMPO];
    let sign = if board.turn() == WHITE { 1 } else { -1 };
    let mg = w.0 - b.0 + tempo.0 * sign;
    let eg = w.1 - b.1 + tempo.1 * sign;
    let phase = phase(board);
    let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    if color == WHITE {
        white
    } else {
        -white
    }
}

#[cfg(test)]
mod tests;
