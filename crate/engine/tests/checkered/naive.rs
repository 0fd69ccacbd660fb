//! The naive reference generator of Checkered chess: an array board, pseudo-legal moves generated
//! piece by piece, attacks scanned from the target; it shares no code with the engine.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Col {
    W,
    B,
    C,
}

#[derive(Clone)]
pub struct Naive {
    sq: [Option<(Col, char)>; 64],
    turn: Col,
    castle: [bool; 4], // white long, white short, black long, black short
    flags: [[bool; 8]; 2],
    ep: Option<(usize, usize)>,
    cmove: Option<(usize, usize)>,
    stage2: Option<Col>,
    switch: bool,
}

fn opp(c: Col) -> Col {
    if c == Col::W {
        Col::B
    } else {
        Col::W
    }
}
fn side(c: Col) -> usize {
    if c == Col::W {
        0
    } else {
        1
    }
}

/// A pseudo-legal successor: the position after, from, to, whether it captured, whether the piece
/// that moved stands checkered.
type Successor = (Naive, usize, usize, bool, bool);
/// A square a piece reaches: (to, the kind it takes if any, the en-passant victim's square).
type Target = (usize, Option<char>, Option<usize>);

impl Naive {
    pub fn parse(fen: &str) -> Naive {
        let f: Vec<&str> = fen.split(' ').collect();
        let mut sq = [None; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let piece = match c {
                    's' => (Col::C, 'p'),
                    'u' => (Col::C, 'r'),
                    'o' => (Col::C, 'n'),
                    'c' => (Col::C, 'b'),
                    't' => (Col::C, 'q'),
                    _ if c.is_ascii_uppercase() => (Col::W, c.to_ascii_lowercase()),
                    _ => (Col::B, c),
                };
                sq[(7 - i) * 8 + file] = Some(piece);
                file += 1;
            }
        }
        let fl = f[3].as_bytes();
        let mut flags = [[false; 8]; 2];
        for i in 0..16 {
            flags[i / 8][i % 8] = fl[4 + i] == b'1';
        }
        let ep = (f[4] != "-").then(|| {
            let s = (f[4].as_bytes()[1] - b'1') as usize * 8 + (f[4].as_bytes()[0] - b'a') as usize;
            (s, if s / 8 == 2 { s + 8 } else { s - 8 })
        });
        let sqn = |t: &str| (t.as_bytes()[1] - b'1') as usize * 8 + (t.as_bytes()[0] - b'a') as usize;
        let cmove = (f[5] != "-").then(|| (sqn(&f[5][..2]), sqn(&f[5][2..])));
        Naive {
            sq,
            turn: if f[1] == "w" { Col::W } else { Col::B },
            castle: [fl[0] != b'i', fl[1] != b'i', fl[2] != b'i', fl[3] != b'i'],
            flags,
            ep,
            cmove,
            stage2: match f[6] {
                "2w" => Some(Col::W),
                "2b" => Some(Col::B),
                _ => None,
            },
            switch: f[6] == "1",
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<(Col, char)>> {
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| self.sq[(r * 8 + f) as usize])
    }

    /// Is `t` attacked by pieces whose colour is in `cols`, checkered pawns attacking in `cdirs` (+1 up, -1 down)?
    fn attacked(&self, t: usize, cols: &[Col], cdirs: &[i32]) -> bool {
        let (tf, tr) = ((t % 8) as i32, (t / 8) as i32);
        let is = |p: Option<(Col, char)>, kinds: &str| p.is_some_and(|(c, k)| cols.contains(&c) && kinds.contains(k));
        for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
            if self.at(tf + df, tr + dr).is_some_and(|p| is(p, "n")) {
                return true;
            }
        }
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let straight = df == 0 || dr == 0;
            let mut n = 1;
            while let Some(cell) = self.at(tf + df * n, tr + dr * n) {
                if let Some(p) = cell {
                    let kinds = if straight { "rq" } else { "bq" };
                    if is(Some(p), kinds) || (n == 1 && is(Some(p), "k")) {
                        return true;
                    }
                    break;
                }
                n += 1;
            }
        }
        // Pawns: a pawn moving in direction d attacks (f±1, r+d).
        for df in [-1, 1] {
            for (col, dirs) in [(Col::W, vec![1]), (Col::B, vec![-1]), (Col::C, cdirs.to_vec())] {
                if !cols.contains(&col) {
                    continue;
                }
                for d in dirs {
                    if self.at(tf + df, tr - d) == Some(Some((col, 'p'))) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn king(&self, c: Col) -> usize {
        (0..64).find(|&i| self.sq[i] == Some((c, 'k'))).expect("king")
    }

    fn king_in_danger(&self, c: Col) -> bool {
        match self.stage2 {
            None => self.attacked(self.king(c), &[opp(c), Col::C], &[if opp(c) == Col::W { 1 } else { -1 }]),
            Some(_) => self.attacked(self.king(c), &[Col::C], &[1, -1]),
        }
    }

    /// Whether the side to move moves pieces of colour `c` (stage 1: its own and the checkered; stage 2:
    /// the checkered for the player who switched, the others for the other player).
    fn movable(&self, c: Col) -> bool {
        match self.stage2 {
            None => c == self.turn || c == Col::C,
            Some(cs) if cs == self.turn => c == Col::C,
            Some(_) => c != Col::C,
        }
    }

    /// Whether the side to move may take a piece of colour `c` and kind `k` (never a king).
    fn takeable(&self, c: Col, k: char) -> bool {
        k != 'k'
            && match self.stage2 {
                None => c == opp(self.turn),
                Some(cs) if cs == self.turn => c != Col::C,
                Some(_) => c == Col::C,
            }
    }

    /// Pseudo-legal successors, each with (from, to, is_capture, appears_checkered).
    fn pseudo(&self) -> Vec<Successor> {
        let mut out = vec![];
        for from in 0..64 {
            let Some((col, kind)) = self.sq[from] else { continue };
            if !self.movable(col) {
                continue;
            }
            let mut targets = self.piece_targets(from, kind);
            let mut pushes: Vec<(usize, bool)> = vec![]; // pawn non-captures: (to, double)
            let mut promo_at: Vec<usize> = vec![];
            self.pawn_targets(from, (col, kind), &mut targets, &mut pushes, &mut promo_at);
            for target in targets {
                self.emit(from, (col, kind), &promo_at, target, false, &mut out);
            }
            for (to, double) in pushes {
                self.emit(from, (col, kind), &promo_at, (to, None, None), double, &mut out);
            }
            if kind == 'k' && col != Col::C {
                self.castlings(from, col, &mut out);
            }
        }
        out
    }

    /// The squares the knight, bishop, rook, queen or king (`kind`) on `from` reaches, with what it takes.
    fn piece_targets(&self, from: usize, kind: char) -> Vec<Target> {
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let mut targets: Vec<Target> = vec![];
        let ray = |dirs: &[(i32, i32)], slide: bool, targets: &mut Vec<Target>| {
            for &(df, dr) in dirs {
                let mut n = 1;
                while let Some(cell) = self.at(f + df * n, r + dr * n) {
                    let to = ((r + dr * n) * 8 + f + df * n) as usize;
                    match cell {
                        None => targets.push((to, None, None)),
                        Some((c, k)) => {
                            if self.takeable(c, k) {
                                targets.push((to, Some(k), None));
                            }
                            break;
                        }
                    }
                    if !slide {
                        break;
                    }
                    n += 1;
                }
            }
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match kind {
            'n' => ray(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], false, &mut targets),
            'b' => ray(&diag, true, &mut targets),
            'r' => ray(&orth, true, &mut targets),
            'q' => {
                ray(&orth, true, &mut targets);
                ray(&diag, true, &mut targets)
            }
            'k' => {
                ray(&orth, false, &mut targets);
                ray(&diag, false, &mut targets)
            }
            _ => {}
        }
        targets
    }

    /// A pawn's moves: captures and en passant into `targets`, steps into `pushes`, and the squares
    /// where it promotes into `promo_at`.
    fn pawn_targets(
        &self,
        from: usize,
        (col, kind): (Col, char),
        targets: &mut Vec<Target>,
        pushes: &mut Vec<(usize, bool)>,
        promo_at: &mut Vec<usize>,
    ) {
        let me = self.turn;
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let pawn_dirs: Vec<i32> = match (kind, self.stage2) {
            ('p', None) => vec![if me == Col::W { 1 } else { -1 }],
            ('p', Some(_)) if col == Col::C => vec![1, -1],
            ('p', Some(_)) => vec![if col == Col::W { 1 } else { -1 }],
            _ => vec![],
        };
        for d in pawn_dirs {
            let last = if d == 1 { 7 } else { 0 };
            if self.at(f, r + d) == Some(None) {
                let to = ((r + d) * 8 + f) as usize;
                pushes.push((to, false));
                if r + d == last {
                    promo_at.push(to);
                }
                let start = if d == 1 { 1 } else { 6 };
                let flag_ok = match self.stage2 {
                    None => self.flags[side(me)][f as usize],
                    Some(_) => true,
                };
                if r == start && flag_ok && self.at(f, r + 2 * d) == Some(None) {
                    pushes.push((((r + 2 * d) * 8 + f) as usize, true));
                }
            }
            for df in [-1, 1] {
                let to = (r + d) * 8 + f + df;
                match self.at(f + df, r + d) {
                    Some(Some((c, k))) if self.takeable(c, k) => {
                        targets.push((to as usize, Some(k), None));
                        if r + d == last {
                            promo_at.push(to as usize);
                        }
                    }
                    Some(None) => {
                        if let Some((skipped, victim)) = self.ep {
                            let victim_ok = self.sq[victim].is_some_and(|(c, k)| k == 'p' && self.takeable(c, k));
                            let allowed = self.stage2.is_some() || col != Col::C;
                            if skipped == to as usize && victim / 8 == r as usize && victim_ok && allowed {
                                targets.push((to as usize, Some('p'), Some(victim)));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// The successors of the piece (`col`, `kind`) on `from` going to `target`: one per promotion piece
    /// or checkered nature, with castling rights, en passant, pawn flags and the last checkered move.
    fn emit(
        &self,
        from: usize,
        (col, kind): (Col, char),
        promo_at: &[usize],
        (to, captured, victim): Target,
        double: bool,
        out: &mut Vec<Successor>,
    ) {
        let me = self.turn;
        let stage1 = self.stage2.is_none();
        let capture = captured.is_some();
        let becomes_checkered = stage1 && capture && kind != 'k';
        let new_col = if becomes_checkered { Col::C } else { col };
        let kinds: Vec<char> = if promo_at.contains(&to) {
            vec!['q', 'r', 'b', 'n']
        } else if becomes_checkered && captured != Some(kind) {
            vec![kind, captured.unwrap_or(kind)]
        } else {
            vec![kind]
        };
        for k in kinds {
            let mut n = self.clone();
            n.sq[from] = None;
            if let Some(v) = victim {
                n.sq[v] = None;
            }
            n.sq[to] = Some((new_col, k));
            for (i, (kh, rh)) in [(4, 0), (4, 7), (60, 56), (60, 63)].iter().enumerate() {
                if [from, to].contains(kh) || [from, to].contains(rh) {
                    n.castle[i] = false;
                }
            }
            n.ep = None;
            if double {
                n.flags[side(me)][from % 8] = false;
                if !(stage1 && col == Col::C) {
                    n.ep = Some(((from + to) / 2, to));
                }
            }
            n.cmove = (stage1 && !capture && new_col == Col::C).then_some((from, to));
            n.turn = opp(me);
            out.push((n, from, to, capture, new_col == Col::C));
        }
    }

    /// Castling of the (non-checkered) king of colour `col` on `from`, when it stands at home.
    fn castlings(&self, from: usize, col: Col, out: &mut Vec<Successor>) {
        let me = self.turn;
        let home = if col == Col::W { 4 } else { 60 };
        let base = if col == Col::W { 0 } else { 2 };
        let danger = |s: usize| match self.stage2 {
            None => self.attacked(s, &[opp(col), Col::C], &[if opp(col) == Col::W { 1 } else { -1 }]),
            Some(_) => self.attacked(s, &[Col::C], &[1, -1]),
        };
        if from != home {
            return;
        }
        for (i, rook, kto, rto, between) in [
            (0, home - 4, home - 2, home - 1, vec![home - 1, home - 2, home - 3]),
            (1, home + 3, home + 2, home + 1, vec![home + 1, home + 2]),
        ] {
            if self.castle[base + i]
                && self.sq[rook] == Some((col, 'r'))
                && between.iter().all(|&s| self.sq[s].is_none())
                && ![home, (home + kto) / 2, kto].iter().any(|&s| danger(s))
            {
                let mut n = self.clone();
                n.sq[kto] = n.sq[home].take();
                n.sq[rto] = n.sq[rook].take();
                n.castle[base] = false;
                n.castle[base + 1] = false;
                n.ep = None;
                n.cmove = None;
                n.turn = opp(me);
                out.push((n, from, kto, false, false));
            }
        }
    }

    pub fn legal(&self) -> Vec<Naive> {
        let me = self.turn;
        let mut out: Vec<Naive> = self
            .pseudo()
            .into_iter()
            .filter(|(n, from, to, capture, checkered)| match self.stage2 {
                None => {
                    let undoes = !capture && *checkered && self.cmove == Some((*to, *from));
                    !undoes && !n.king_in_danger(me)
                }
                Some(cs) if cs == me => true,
                Some(_) => !n.king_in_danger(Col::W) && !n.king_in_danger(Col::B),
            })
            .map(|t| t.0)
            .collect();
        if self.stage2.is_none() && self.switch && self.sq.iter().any(|p| p.is_some_and(|(c, _)| c == Col::C)) {
            let mut n = self.clone();
            n.stage2 = Some(me);
            n.ep = None;
            n.cmove = None;
            if !n.king_in_danger(Col::W) && !n.king_in_danger(Col::B) && !n.pseudo().is_empty() {
                out.push(n);
            }
        }
        out
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.legal();
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}
