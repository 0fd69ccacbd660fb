//! Gunnery Chess: the rules of docs/rules.md, "Gunnery Chess", case by case, and the engine's perft checked against a
//! deliberately naive reference generator written here (8x8 array, pseudo-legal moves, make and
//! test), so the two share no code.

use engine::{Game, Outcome};

mod common;
use common::{names, play};

fn game(fen: &str) -> Game {
    Game::from_slug("gunnery", Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn shots(g: &Game) -> Vec<String> {
    names(g).into_iter().filter(|n| n.contains('*')).collect()
}

#[test]
fn leap_over_a_knight_onto_the_pawn_behind_it() {
    let mut g = game("4k3/8/8/4p3/8/4N3/4P3/4K3 w - - 0 1");
    assert_eq!(shots(&g), ["e2*e5"]);
    play(&mut g, &["e2*e5"]);
    // Pawn and target gone, landing square empty, knight (the screen) stays.
    assert_eq!(g.position().to_text(), "4k3/8/8/8/8/4N3/8/4K3 b - - 0 1");
    let effects = &g.record()[0].effects;
    assert_eq!(effects.vanish.len(), 2);
    assert!(effects.appear.is_empty());
}

#[test]
fn no_leap_when_the_first_piece_ahead_is_an_enemy_or_onto_an_empty_square() {
    assert!(shots(&game("4k3/8/8/4p3/8/4n3/4P3/K7 w - - 0 1")).is_empty(), "enemy first: no screen");
    assert!(shots(&game("k7/8/8/8/8/4N3/4P3/K7 w - - 0 1")).is_empty(), "nothing beyond the screen");
    // With the enemy king on that file the cannon would give check: a position with the side not to
    // move in check is refused.
    assert!(Game::from_slug("gunnery", Some("4k3/8/8/8/8/4N3/4P3/K7 w - - 0 1")).is_err());
}

#[test]
fn targets_beyond_an_enemy_rook_but_not_beyond_an_enemy_pawn() {
    // e2 pawn, e3 screen, e5 rook, e6 pawn, e7 queen: targets e5 and e6, not e7.
    let g = game("k7/4q3/4p3/4r3/8/4B3/4P3/K7 w - - 0 1");
    assert_eq!(shots(&g), ["e2*e5", "e2*e6"]);
    // A second friendly piece ends the line of fire (e4 white knight).
    let g = game("k7/4q3/8/4r3/4N3/4B3/4P3/K7 w - - 0 1");
    assert!(shots(&g).is_empty());
}

#[test]
fn black_cannons_shoot_downwards() {
    let g = game("4k3/4p3/4n3/8/4R3/8/8/K7 b - - 0 1");
    assert!(shots(&g).contains(&"e7*e4".to_string()));
}

/// Black cannon e7 with its screen on e6 (a bishop) checks the White king on e1.
const CANNON_CHECK: &str = "4k3/4p3/4b3/8/8/8/8/R3K3 w - - 0 1";

#[test]
fn a_cannon_check_and_its_four_answers() {
    let g = game(CANNON_CHECK);
    assert!(!g.position().view().checks.is_empty(), "the king is in check from the cannon");
    let legal = names(&g);
    // Moving the king off the file.
    assert!(legal.contains(&"Kd2".to_string()) && legal.contains(&"Kf1".to_string()));
    assert!(!legal.contains(&"Ke2".to_string()), "still on the file");
    // Every rook move but those that block the file is illegal.
    assert!(!legal.contains(&"Ra2".to_string()));

    // Capturing the screen (a rook that can reach e6).
    let g = game("4k3/4p3/4b3/8/8/8/8/4K2R w - - 0 1");
    assert!(!names(&g).contains(&"Rh6".to_string()));
    let g = game("4k3/4p3/4b2R/8/8/8/8/4K3 w - - 0 1");
    assert!(names(&g).contains(&"Rxe6".to_string()), "{:?}", names(&g));

    // Interposing between cannon and screen: impossible here (adjacent), so use a gap: e7 cannon, e5 screen.
    let g = game("4k3/4p3/8/4b3/8/8/8/3RK3 w - - 0 1");
    assert!(!names(&g).contains(&"Rd6".to_string()));
    let g = game("4k3/4p3/R7/4b3/8/8/8/4K3 w - - 0 1");
    assert!(names(&g).contains(&"Re6".to_string()), "blocks between cannon and screen: {:?}", names(&g));

    // A pawn off the file cannot help; a knight on the file is a target and does not stop the scan.
    let g = game("4k3/4p3/4b3/8/8/8/3P4/4K3 w - - 0 1");
    let legal = names(&g);
    assert!(!legal.contains(&"d3".to_string()));
    let g = game("4k3/4p3/4b3/8/8/8/8/3NK3 w - - 0 1");
    assert!(!names(&g).contains(&"Ne3".to_string()));
}

#[test]
fn a_pawn_between_screen_and_king_blocks_the_cannon() {
    let g = game("4k3/4p3/4b3/8/5n2/4P3/8/4K3 w - - 0 1");
    // e3 pawn stands between screen e6 and king e1: the scan stops at it, no check now.
    assert!(g.position().view().checks.is_empty());
    // Capturing away from the file (exf4) would expose the king to the cannon: illegal.
    assert!(!names(&g).contains(&"exf4".to_string()));
}

#[test]
fn castling_forbidden_through_a_square_a_cannon_attacks() {
    // Black cannon f7 with screen f6: f1 is attacked, so O-O is illegal; O-O-O is fine.
    let g = game("r3k3/5p2/5n2/8/8/8/8/R3K2R w KQ - 0 1");
    let legal = names(&g);
    assert!(!legal.contains(&"O-O".to_string()), "{legal:?}");
    assert!(legal.contains(&"O-O-O".to_string()));
    // Without the screen, f1 is not attacked and castling short is legal.
    let g = game("r3k3/5p2/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(names(&g).contains(&"O-O".to_string()));
}

#[test]
fn a_rook_removed_by_a_leap_loses_its_castling_right() {
    let mut g = game("r3k2r/8/p7/8/8/B7/P7/4K3 w kq - 0 1");
    assert!(names(&g).contains(&"a2*a6".to_string()));
    play(&mut g, &["a2*a6"]);
    // The a6 pawn is the first enemy pawn: the scan stopped there, the rook is safe.
    assert!(g.position().to_text().contains(" kq "));
    let mut g = game("r3k2r/8/8/8/8/B7/P7/4K3 w kq - 0 1");
    play(&mut g, &["a2*a8"]);
    assert_eq!(g.position().to_text(), "4k2r/8/8/8/8/B7/8/4K3 b k - 0 1");
}

#[test]
fn a_screen_placed_on_the_file_mates() {
    // Bh3 puts a screen in front of the h2 pawn: the black knight on h7 does not stop the line of fire
    // (only pawns and the cannon's own pieces do), so the king on h8 is in check, boxed in: mate.
    let mut g = game("6rk/6pn/8/8/8/8/7P/K4B2 w - - 0 1");
    play(&mut g, &["Bh3"]);
    assert_eq!(g.record()[0].name, "Bh3#");
    assert_eq!(g.outcome(), Some(Outcome::win(0, engine::EndReason::Checkmate)));
}

// ------------------------------------------------------------------------------------------------
// The naive reference generator.

#[derive(Clone)]
struct Naive {
    sq: [Option<(u8, char)>; 64], // (colour, lowercase kind)
    turn: u8,
    castling: [bool; 4], // K Q k q
    ep: Option<usize>,
}

impl Naive {
    fn parse(fen: &str) -> Naive {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [None; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    sq[rank * 8 + file] = Some((if c.is_ascii_uppercase() { 0 } else { 1 }, c.to_ascii_lowercase()));
                    file += 1;
                }
            }
        }
        let castling = [f[2].contains('K'), f[2].contains('Q'), f[2].contains('k'), f[2].contains('q')];
        let ep = (f[3] != "-").then(|| {
            let b = f[3].as_bytes();
            (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
        });
        Naive { sq, turn: if f[1] == "w" { 0 } else { 1 }, castling, ep }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Option<(u8, char)>> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| self.sq[(rank * 8 + file) as usize])
    }

    /// Shots of the pawn on `from`: scan ahead for screen, then targets.
    fn shot_targets(&self, from: usize) -> Vec<usize> {
        let Some((c, 'p')) = self.sq[from] else { return vec![] };
        let dir = if c == 0 { 1 } else { -1 };
        let (file, mut rank) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = vec![];
        let mut screen = false;
        loop {
            rank += dir;
            match self.at(file, rank) {
                None => break,
                Some(None) => {}
                Some(Some((o, k))) => {
                    if !screen {
                        if o != c {
                            break;
                        }
                        screen = true;
                    } else if o == c {
                        break;
                    } else {
                        out.push((rank * 8 + file) as usize);
                        if k == 'p' {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    /// Is `target` attacked by side `by`? A stand-in piece of the other side is put on it.
    fn attacked(&self, target: usize, by: u8) -> bool {
        let mut probe = self.clone();
        probe.sq[target] = Some((1 - by, 'x'));
        let (tf, tr) = ((target % 8) as i32, (target / 8) as i32);
        for from in 0..64 {
            let Some((c, k)) = probe.sq[from] else { continue };
            if c != by {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            let (df, dr) = (tf - f, tr - r);
            let hit = match k {
                'p' => {
                    dr == if by == 0 { 1 } else { -1 } && df.abs() == 1 || probe.shot_targets(from).contains(&target)
                }
                'n' => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
                'k' => df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0),
                _ => {
                    let straight = df == 0 || dr == 0;
                    let diagonal = df.abs() == dr.abs();
                    let fits = match k {
                        'r' => straight,
                        'b' => diagonal,
                        _ => straight || diagonal,
                    };
                    (df, dr) != (0, 0) && fits && {
                        let (sf, sr) = (df.signum(), dr.signum());
                        let mut clear = true;
                        let (mut x, mut y) = (f + sf, r + sr);
                        while (x, y) != (tf, tr) {
                            if probe.sq[(y * 8 + x) as usize].is_some() {
                                clear = false;
                                break;
                            }
                            x += sf;
                            y += sr;
                        }
                        clear
                    }
                }
            };
            if hit {
                return true;
            }
        }
        false
    }

    fn king(&self, c: u8) -> usize {
        (0..64).find(|&i| self.sq[i] == Some((c, 'k'))).expect("a king")
    }

    /// Legal successor positions (one per move; promotions four times).
    fn children(&self) -> Vec<Naive> {
        let mut out = vec![];
        for from in 0..64 {
            let Some((c, k)) = self.sq[from] else { continue };
            if c != self.turn {
                continue;
            }
            for to in self.piece_dests(from, k) {
                let mut next = self.clone();
                next.sq[to] = next.sq[from].take();
                next.ep = None;
                self.push(next, from, to, &mut out);
            }
            if k == 'k' && from == [4, 60][self.turn as usize] && !self.attacked(from, 1 - self.turn) {
                self.castlings(from, &mut out);
            }
            if k == 'p' {
                self.pawn_moves(from, &mut out);
            }
        }
        out
    }

    /// Keeps `next`, the position after a move from `from` to `to`, when the mover's king is safe there:
    /// the castling rights a king or rook leaving or being removed from its home square loses, the other
    /// side to move.
    fn push(&self, mut next: Naive, from: usize, to: usize, out: &mut Vec<Naive>) {
        let us = self.turn;
        for (i, (k, r)) in [(4, 7), (4, 0), (60, 63), (60, 56)].iter().enumerate() {
            if [from, to].contains(k) || [from, to].contains(r) {
                next.castling[i] = false;
            }
        }
        next.turn = 1 - us;
        if !next.attacked(next.king(us), 1 - us) {
            out.push(next);
        }
    }

    /// Where the knight, bishop, rook, queen or king (kind `k`) on `from` may go, captures included.
    fn piece_dests(&self, from: usize, k: char) -> Vec<usize> {
        let us = self.turn;
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let mut dests: Vec<usize> = vec![];
        let add_ray = |dirs: &[(i32, i32)], slide: bool, dests: &mut Vec<usize>| {
            for &(df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(cell) = self.at(x, y) {
                    match cell {
                        None => dests.push((y * 8 + x) as usize),
                        Some((o, _)) => {
                            if o != us {
                                dests.push((y * 8 + x) as usize);
                            }
                            break;
                        }
                    }
                    if !slide {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match k {
            'n' => {
                add_ray(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], false, &mut dests)
            }
            'b' => add_ray(&bishop, true, &mut dests),
            'r' => add_ray(&rook, true, &mut dests),
            'q' => {
                add_ray(&rook, true, &mut dests);
                add_ray(&bishop, true, &mut dests)
            }
            'k' => {
                add_ray(&rook, false, &mut dests);
                add_ray(&bishop, false, &mut dests)
            }
            _ => {}
        }
        dests
    }

    /// Castling of the king on its home square `from`, not in check.
    fn castlings(&self, from: usize, out: &mut Vec<Naive>) {
        let us = self.turn;
        let rights = if us == 0 { [0, 1] } else { [2, 3] };
        // Short: f, g empty and unattacked. Long: b, c, d empty; c, d unattacked.
        if self.castling[rights[0]]
            && self.sq[from + 1].is_none()
            && self.sq[from + 2].is_none()
            && !self.attacked(from + 1, 1 - us)
            && !self.attacked(from + 2, 1 - us)
        {
            let mut next = self.clone();
            next.sq[from + 2] = next.sq[from].take();
            next.sq[from + 1] = next.sq[from + 3].take();
            next.ep = None;
            self.push(next, from, from + 2, out);
        }
        if self.castling[rights[1]]
            && (1..=3).all(|i| self.sq[from - i].is_none())
            && !self.attacked(from - 1, 1 - us)
            && !self.attacked(from - 2, 1 - us)
        {
            let mut next = self.clone();
            next.sq[from - 2] = next.sq[from].take();
            next.sq[from - 1] = next.sq[from - 4].take();
            next.ep = None;
            self.push(next, from, from - 2, out);
        }
    }

    /// The pawn on `from`: steps, two-steps, captures, en passant, promotions, and its shots.
    fn pawn_moves(&self, from: usize, out: &mut Vec<Naive>) {
        let us = self.turn;
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let dir: i32 = if us == 0 { 1 } else { -1 };
        let last = if us == 0 { 7 } else { 0 };
        let mut pawn_to = |to: usize, ep_capture: bool, double: bool| {
            let promos: &[char] = if (to / 8) as i32 == last { &['q', 'r', 'b', 'n'] } else { &['p'] };
            for &p in promos {
                let mut next = self.clone();
                next.sq[from] = None;
                next.sq[to] = Some((us, p));
                if ep_capture {
                    next.sq[(to as i32 - 8 * dir) as usize] = None;
                }
                next.ep = double.then(|| (from as i32 + 8 * dir) as usize);
                self.push(next, from, to, out);
            }
        };
        if self.at(f, r + dir) == Some(None) {
            pawn_to(((r + dir) * 8 + f) as usize, false, false);
            let start = if us == 0 { 1 } else { 6 };
            if r == start && self.at(f, r + 2 * dir) == Some(None) {
                pawn_to(((r + 2 * dir) * 8 + f) as usize, false, true);
            }
        }
        for df in [-1, 1] {
            let to = ((r + dir) * 8 + f + df) as usize;
            match self.at(f + df, r + dir) {
                Some(Some((o, _))) if o != us => pawn_to(to, false, false),
                Some(None) if self.ep == Some(to) => pawn_to(to, true, false),
                _ => {}
            }
        }
        for target in self.shot_targets(from) {
            if self.sq[target].is_some_and(|(_, k)| k == 'k') {
                continue;
            }
            let mut next = self.clone();
            next.sq[from] = None;
            next.sq[target] = None;
            next.ep = None;
            self.push(next, from, target, out);
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

/// Positions with cannons, screens, pins by cannons, castling under fire and en passant.
const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/4p3/4b3/8/8/8/8/R3K2R w KQ - 0 1",
    "r3k2r/5p2/5n2/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
];

#[test]
fn perft_agrees_with_the_naive_reference() {
    for fen in POSITIONS {
        let g = game(fen);
        let naive = Naive::parse(fen);
        for depth in 1..=3 {
            assert_eq!(engine::perft::perft(g.position(), depth), naive.perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn random_games_keep_invariants() {
    let mut rng = common::Rng(7);
    for _ in 0..40 {
        let mut g = Game::from_slug("gunnery", None).expect("gunnery");
        common::play_random(&mut g, &mut rng, 1, 120, |g| {
            // The move was legal: the mover's king is not attacked by anything, cannons included.
            let text = g.position().to_text();
            let naive = Naive::parse(&text);
            let mover = 1 - naive.turn;
            assert!(
                !naive.attacked(naive.king(mover), naive.turn),
                "{text} after {:?}",
                g.record().last().map(|e| &e.name)
            );
            assert_eq!(game(&text).position().to_text(), text);
        });
        let link = engine::link::encode(&g, 1);
        let back = engine::link::decode(&link).expect("round trip");
        assert_eq!(back.game.position().to_text(), g.position().to_text());
    }
}
