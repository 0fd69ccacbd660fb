//! Setups: the setup text (`Kb1 Qk1 Ra1 …`), presets moved to any seat, random valid setups, and the
//! order the setup plan gives them (White seals, Black sets up in the open, White reveals).

use super::*;

/// The men in the order a setup places them (each kind's men in square order).
pub(super) const PLACING: [u8; 16] =
    [KING, QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN];

/// The kinds by this file's codes ([`KING`] = 0 … [`PAWN`] = 5). Setups and move names write their
/// letters in capitals (`Kb1`), the position text as the board field's hook says.
pub(super) const KINDS: [Kind; 6] =
    [pieces::KING, pieces::QUEEN, pieces::ROOK, pieces::BISHOP, pieces::KNIGHT, pieces::PAWN];
/// The board field: 16 ranks, runs of any length.
pub(super) const SHAPE: Shape = Shape { width: SIDE as usize, height: SIDE as usize, runs: Runs::Number(usize::MAX) };

/// The setup steps of a game in order: (seat, sealed). Two players: White seals, Black sets up in the
/// open, White reveals. Four players: the first three seal in turn, the fourth sets up in the open,
/// then the three reveal in turn.
pub(super) fn setup_plan(players: u8) -> Vec<(u8, bool)> {
    if players == 4 {
        vec![(0, true), (1, true), (2, true), (3, false), (0, false), (1, false), (2, false)]
    } else {
        vec![(0, true), (1, false), (0, false)]
    }
}

/// Reads a setup text (`Kb1 Qk1 Ra1 …`, men in any order) into a board holding only `seat`'s men.
/// Fails on text that names no man or square; the setup rules are [`Board::setup_problems`]'s.
pub fn setup_board(players: u8, seat: u8, text: &str) -> Result<Board> {
    let bad = |m: String| Error::new(ErrorCode::BadPosition, m);
    let mut board = Board::empty(players);
    for token in text.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap_or(' ');
        let kind = pieces::by_letter(&KINDS, letter)
            .filter(|_| letter.is_ascii_uppercase())
            .ok_or_else(|| bad(format!("'{token}': a man is a letter K, Q, R, B, N or P and a square, as Kb1.")))?;
        let sq = Square::parse(chars.as_str()).ok_or_else(|| bad(format!("'{token}': no such square.")))?;
        if board.get(sq).is_some() {
            return Err(bad(format!("Two men on {sq}.")));
        }
        board.set(sq, Some(Man { seat, kind }));
    }
    Ok(board)
}

/// The canonical text of a seat's men: king, queen, rooks, bishops, knights, pawns, each kind in square
/// order (`Kb1 Qk1 Ra1 Rc1 …`).
pub fn setup_text_of(board: &Board, seat: u8) -> String {
    let mut men: Vec<(u8, Square)> = board.men_of(seat).map(|(sq, m)| (m.kind, sq)).collect();
    crate::short_sort::sort(&mut men);
    men.iter().map(|(kind, sq)| format!("{}{sq}", KINDS[*kind as usize].code)).collect::<Vec<_>>().join(" ")
}

/// A few ready-made setups, written for seat 0 of a two-player game (files a-p) or for the south-west
/// seat of a four-player game (files a-h); [`preset`] moves them to any seat.
pub const PRESETS_TWO: &[(&str, &str)] = &[
    ("Two wings", "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2"),
    ("Three groups", "Kc1 Qh1 Rb1 Rn1 Bd1 Bi1 Ng1 Nm1 Pb2 Pc2 Pd2 Pg2 Ph2 Pm2 Pn2 Po2"),
    ("Twin columns", "Kf1 Qk1 Re1 Rl1 Bg1 Bj1 Nd1 Nm1 Pd2 Pe2 Pf2 Pg2 Pj2 Pk2 Pl2 Pm2"),
];
pub const PRESETS_FOUR: &[(&str, &str)] = &[
    ("Two blocks", "Kb1 Qg1 Ra1 Rh1 Bc1 Bf1 Nb3 Ne1 Pa2 Pb2 Pc2 Pa3 Pe2 Pf2 Pg2 Ph2"),
    ("Corner and flank", "Kb2 Qg3 Ra1 Rh3 Bb1 Bh2 Nc1 Ng2 Pa2 Pa3 Pb3 Pc2 Pf2 Pf3 Pf4 Pg4"),
];

/// A preset's setup text for `seat`: mirrored to the top of the board for northern seats (which keeps
/// the bishops on squares of different colours) and shifted to files i-p for eastern ones.
pub fn preset(players: u8, seat: u8, index: usize) -> Option<String> {
    let list = if players == 4 { PRESETS_FOUR } else { PRESETS_TWO };
    let (_, text) = list.get(index)?;
    let zone = *seats(players).get(seat as usize)?;
    let board = setup_board(players, 0, text).ok()?;
    let mut moved = Board::empty(players);
    for (sq, m) in board.men_of(0) {
        let rank = if zone.back_rank == 0 { sq.rank() } else { SIDE - 1 - sq.rank() };
        moved.set(Square::new(sq.file() + zone.files.0, rank), Some(Man { seat, kind: m.kind }));
    }
    Some(setup_text_of(&moved, seat))
}

/// A random valid setup for `seat`, drawn from `seed`: two to four groups grown as random blobs that do
/// not touch, men dealt to them with the king and queen apart, retried until every rule holds.
pub fn random_setup(players: u8, seat: u8, seed: u64) -> String {
    let zone = seats(players)[seat as usize];
    let mut dice = Dice(seed ^ 0x9e37_79b9_7f4a_7c15);
    let zone_squares: Vec<Square> = (zone.ranks.0..=zone.ranks.1)
        .flat_map(|r| (zone.files.0..=zone.files.1).map(move |f| Square::new(f, r)))
        .collect();
    for _ in 0..10_000 {
        let groups = 2 + dice.below(3);
        let mut sizes = vec![3usize; groups];
        for _ in 0..16 - 3 * groups {
            let g = dice.below(groups);
            sizes[g] += 1;
        }
        let Some(cells) = grow_groups(&zone_squares, &sizes, &mut dice) else { continue };
        let board = deal_men(players, seat, zone.back_rank, cells, &mut dice);
        if board.setup_problems(seat).is_empty() {
            return setup_text_of(&board, seat);
        }
    }
    // Unreachable in practice (a valid deal is found within a few tries); a preset is always valid.
    preset(players, seat, 0).unwrap_or_default()
}

/// The random draws of [`random_setup`]: a linear congruential generator, so that a seed gives the
/// same setup everywhere.
struct Dice(u64);

impl Dice {
    /// A number from 0 to `below - 1` (0 when `below` is 0).
    fn below(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

/// Grows the groups of `sizes` in `zone_squares`, each from a random seed square, never next to another
/// group's squares; `None` when one finds no room.
fn grow_groups(zone_squares: &[Square], sizes: &[usize], dice: &mut Dice) -> Option<Vec<Vec<Square>>> {
    let groups = sizes.len();
    let mut owner = [usize::MAX; 256];
    let touches_other = |owner: &[usize; 256], sq: Square, g: usize| {
        LINES.iter().filter_map(|&d| step(sq, d)).any(|n| owner[n.0 as usize] != usize::MAX && owner[n.0 as usize] != g)
    };
    let mut cells: Vec<Vec<Square>> = vec![Vec::new(); groups];
    for g in 0..groups {
        let free: Vec<Square> = zone_squares
            .iter()
            .copied()
            .filter(|&sq| owner[sq.0 as usize] == usize::MAX && !touches_other(&owner, sq, g))
            .collect();
        if free.is_empty() {
            return None;
        }
        let start = free[dice.below(free.len())];
        owner[start.0 as usize] = g;
        cells[g].push(start);
        while cells[g].len() < sizes[g] {
            let frontier: Vec<Square> = cells[g]
                .iter()
                .flat_map(|&c| LINES.iter().filter_map(move |&d| step(c, d)))
                .filter(|&n| zone_squares.contains(&n) && owner[n.0 as usize] == usize::MAX)
                .filter(|&n| !touches_other(&owner, n, g))
                .collect();
            if frontier.is_empty() {
                return None;
            }
            let pick = frontier[dice.below(frontier.len())];
            owner[pick.0 as usize] = g;
            cells[g].push(pick);
        }
    }
    Some(cells)
}

/// Deals the men onto the groups' squares `cells`.
fn deal_men(players: u8, seat: u8, back_rank: u8, cells: Vec<Vec<Square>>, dice: &mut Dice) -> Board {
    // Deal the men: king to group 0, queen to group 1, the others shuffled; pawns only where they
    // may stand.
    let mut board = Board::empty(players);
    let mut squares = cells;
    for list in squares.iter_mut() {
        for i in (1..list.len()).rev() {
            let j = dice.below(i + 1);
            list.swap(i, j);
        }
    }
    board.set(squares[0].pop().unwrap_or(Square(0)), Some(Man { seat, kind: KING }));
    board.set(squares[1].pop().unwrap_or(Square(0)), Some(Man { seat, kind: QUEEN }));
    // Shuffled, then the back-rank squares first: they get the pieces, so the pawns find room
    // elsewhere.
    let mut rest: Vec<Square> = squares.into_iter().flatten().collect();
    for i in (1..rest.len()).rev() {
        let j = dice.below(i + 1);
        rest.swap(i, j);
    }
    let (mut rest, others): (Vec<Square>, Vec<Square>) = rest.into_iter().partition(|sq| sq.rank() == back_rank);
    rest.extend(others);
    let kinds = [ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN, PAWN];
    for (sq, kind) in rest.into_iter().zip(kinds) {
        board.set(sq, Some(Man { seat, kind }));
    }
    board
}
