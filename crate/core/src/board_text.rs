//! The board field of a position text, read and written once for every variant.
//!
//! The field lists the ranks from the top one down, separated by `/`; within a rank, files from `a`
//! on, each square either part of a run of empty squares, written as a number, or a piece, written
//! as its letter(s) and an optional suffix (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`).
//!
//! What a variant author supplies:
//! - a [`Shape`]: the board's width and height and how its runs are written ([`Runs`]);
//! - to [`read`], a hook that reads one piece: given its first character and the rest of the rank, it
//!   returns the piece (advancing the rest past a suffix it reads: Wounds' prongs `R{l.l.s.l.}`, a
//!   Chess 2024 stack's shots `A(3)`, a four-player Napoleon seat letter `Kw`) or `None` when the
//!   character is no piece of the variant; problems it finds it pushes as [`Problem::Piece`]; and a
//!   hook that puts a piece read on the variant's board (square index `rank * width + file`);
//! - to [`write()`], the piece on a square and a hook that writes a piece the way the reader reads it.
//!
//! The reader never stops early: it reports every [`Problem`] in reading order, typed, and the
//! variant words them ([`fen_words`] appends the wording of the FEN family: chess, Checkered,
//! Chess 2024, Wounds; Napoleon words its own and reports only the first). Counts from the text are
//! bounded (a long run of digits saturates), so no input overflows.

/// How runs of empty squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// FEN's runs: one digit from 1 to the width each (`44` is eight squares); any other digit (`0`,
    /// `9` on an 8-wide board) is handed to the piece hook like any character.
    Digit,
    /// A number of up to this many digits (more digits start the next run); a run of 0 or of more
    /// than the width is a [`Problem::Run`], counted as its length.
    Number(usize),
}

/// The board a field describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub width: usize,
    pub height: usize,
    pub runs: Runs,
}

/// A problem of a board field. Ranks are numbered from 1 (the bottom one), as in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The field has this many ranks instead of the height; nothing else of it is read.
    Ranks(usize),
    /// A run of empty squares of 0 or of more than the width ([`Runs::Number`] only).
    Run { rank: usize, run: usize },
    /// A character that is neither a run nor a piece; it counts as one square.
    Unknown { rank: usize, c: char },
    /// The rank's squares went past the width here (once a rank; the FEN family leaves this one out
    /// and reports the count at the end of the rank instead).
    Beyond { rank: usize },
    /// The rank has this many squares instead of the width (at the end of the rank).
    Width { rank: usize, squares: usize },
    /// A problem the piece hook found, worded by the variant.
    Piece(String),
}

/// Appends the words of the FEN family (chess, Checkered, Chess 2024, Wounds) for `problems` to `out`.
pub fn fen_words(problems: &[Problem], shape: Shape, out: &mut Vec<String>) {
    out.extend(problems.iter().filter_map(|p| p.fen_wording(shape)));
}

impl Problem {
    /// The words of the FEN family (`None` for [`Problem::Beyond`], which it does not report).
    pub fn fen_wording(&self, shape: Shape) -> Option<String> {
        Some(match self {
            Problem::Ranks(n) => format!("the board has {n} ranks instead of {}", shape.height),
            Problem::Run { rank, run } => format!("bad run of empty squares '{run}' on rank {rank}"),
            Problem::Unknown { rank, c } => format!("unknown character '{c}' on rank {rank}"),
            Problem::Beyond { .. } => return None,
            Problem::Width { rank, squares } => format!("rank {rank} has {squares} squares instead of {}", shape.width),
            Problem::Piece(text) => text.clone(),
        })
    }
}

/// Reads a board field, appending every problem found: `piece(c, rest, rank, problems)` reads the
/// piece starting with `c` (see the module docs) and `place(index, piece)` puts it on the variant's
/// board (index `rank * width + file`, rank 0 at the bottom). A piece beyond the width is read but
/// not placed.
pub fn read<P>(
    field: &str,
    shape: Shape,
    problems: &mut Vec<Problem>,
    piece: impl FnMut(char, &mut &str, usize, &mut Vec<Problem>) -> Option<P>,
    place: impl FnMut(usize, P),
) {
    read_squares(field, shape, problems, &mut Hooks { piece, place });
}

/// The variant's two hooks, as [`read`] was given them.
struct Hooks<R, W> {
    piece: R,
    place: W,
}

/// What the reader's loop asks of its hooks: read the piece that begins with `c`, place it at the
/// square index given (`None` beyond the width), and answer whether `c` began one.
trait Squares {
    fn piece(&mut self, c: char, rest: &mut &str, rank: usize, at: Option<usize>, problems: &mut Vec<Problem>) -> bool;
}

impl<P, R, W> Squares for Hooks<R, W>
where
    R: FnMut(char, &mut &str, usize, &mut Vec<Problem>) -> Option<P>,
    W: FnMut(usize, P),
{
    fn piece(&mut self, c: char, rest: &mut &str, rank: usize, at: Option<usize>, problems: &mut Vec<Problem>) -> bool {
        let Some(piece) = (self.piece)(c, rest, rank, problems) else { return false };
        if let Some(i) = at {
            (self.place)(i, piece);
        }
        true
    }
}

/// The reader's loop, not generic (one copy in the program).
fn read_squares(field: &str, shape: Shape, problems: &mut Vec<Problem>, squares: &mut dyn Squares) {
    let ranks = field.split('/').count();
    if ranks != shape.height {
        problems.push(Problem::Ranks(ranks));
        return;
    }
    for (i, row) in field.split('/').enumerate() {
        let rank = shape.height - 1 - i;
        let number = rank + 1;
        let mut file = 0usize;
        let mut beyond = false;
        let mut rest = row;
        loop {
            let mut chars = rest.chars();
            let Some(c) = chars.next() else { break };
            rest = chars.as_str();
            let run = match (shape.runs, c.to_digit(10)) {
                (Runs::Digit, Some(d)) if (1..=shape.width).contains(&(d as usize)) => Some(d as usize),
                (Runs::Number(max_digits), Some(d)) => {
                    let mut run = d as usize;
                    let digits = rest.bytes().take(max_digits - 1).take_while(u8::is_ascii_digit);
                    let mut taken = 0;
                    for d in digits {
                        run = run.saturating_mul(10).saturating_add((d - b'0') as usize);
                        taken += 1;
                    }
                    rest = rest.get(taken..).unwrap_or_default();
                    if run == 0 || run > shape.width {
                        problems.push(Problem::Run { rank: number, run });
                    }
                    Some(run)
                }
                _ => None,
            };
            match run {
                Some(run) => file = file.saturating_add(run),
                None => {
                    let at = (file < shape.width).then(|| rank * shape.width + file);
                    if !squares.piece(c, &mut rest, number, at, problems) {
                        problems.push(Problem::Unknown { rank: number, c });
                    }
                    file = file.saturating_add(1);
                }
            }
            if file > shape.width && !beyond {
                beyond = true;
                problems.push(Problem::Beyond { rank: number });
            }
        }
        if file != shape.width {
            problems.push(Problem::Width { rank: number, squares: file });
        }
    }
}

/// Writes a board field: `at(index)` is the piece on a square (index `rank * width + file`, rank 0 at
/// the bottom), `piece` writes one the way the variant's reader reads it.
pub fn write<P>(shape: Shape, at: impl Fn(usize) -> Option<P>, mut piece: impl FnMut(P, &mut String)) -> String {
    let mut text = String::new();
    for rank in (0..shape.height).rev() {
        let mut empty = 0;
        for file in 0..shape.width {
            match at(rank * shape.width + file) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    piece(p, &mut text);
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// Writes `letter` in capitals for White (seat 0) and small for Black: the FEN way.
pub fn cased(letter: char, white: bool) -> char {
    if white {
        letter.to_ascii_uppercase()
    } else {
        letter.to_ascii_lowercase()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: Shape = Shape { width: 8, height: 8, runs: Runs::Digit };
    const WIDE: Shape = Shape { width: 16, height: 2, runs: Runs::Number(usize::MAX) };

    /// Pieces are letters; `A` takes a suffix `(n)`, as a Chess 2024 stack.
    fn letters(shape: Shape, field: &str) -> (Vec<Option<String>>, Vec<Problem>) {
        let mut problems = Vec::new();
        let mut grid = vec![None; shape.width * shape.height];
        let piece = |c: char, rest: &mut &str, rank, problems: &mut Vec<Problem>| {
            if !c.is_ascii_alphabetic() {
                return None;
            }
            let mut piece = c.to_string();
            if c == 'A' {
                match rest.find(')').filter(|_| rest.starts_with('(')) {
                    Some(end) => {
                        piece.push_str(&rest[..=end]);
                        *rest = &rest[end + 1..];
                    }
                    None => problems.push(Problem::Piece(format!("a stack on rank {rank} needs its shots"))),
                }
            }
            Some(piece)
        };
        read(field, shape, &mut problems, piece, |i, p| grid[i] = Some(p));
        (grid, problems)
    }

    fn written(shape: Shape, grid: &[Option<String>]) -> String {
        write(shape, |i| grid[i].clone(), |p, out| out.push_str(&p))
    }

    #[test]
    fn a_board_reads_and_writes_back() {
        for field in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "8/8/3k4/8/8/4K3/8/7A(3)", "A(1)7/8/8/8/8/8/8/8"] {
            let (grid, problems) = letters(FEN, field);
            assert_eq!(problems, []);
            assert_eq!(written(FEN, &grid), field);
        }
        let (grid, _) = letters(FEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(grid[0].as_deref(), Some("R"), "a1 is index 0");
        assert_eq!(grid[63].as_deref(), Some("r"), "h8 is index 63");
    }

    #[test]
    fn fen_runs_are_single_digits_that_add_up() {
        let (grid, problems) = letters(FEN, "44/8/8/8/8/8/8/17");
        assert_eq!(problems, []);
        assert_eq!(written(FEN, &grid), "8/8/8/8/8/8/8/8");
        // 0 and 9 are no runs on an 8-wide board: the piece hook sees them, and they count one square.
        let (_, problems) = letters(FEN, "9/08/8/8/8/8/8/8");
        assert_eq!(
            problems,
            [
                Problem::Unknown { rank: 8, c: '9' },
                Problem::Width { rank: 8, squares: 1 },
                Problem::Unknown { rank: 7, c: '0' },
                Problem::Beyond { rank: 7 },
                Problem::Width { rank: 7, squares: 9 },
            ]
        );
    }

    #[test]
    fn multi_digit_runs_read_and_write() {
        let (grid, problems) = letters(WIDE, "16/3K12");
        assert_eq!(problems, []);
        assert_eq!(grid[3].as_deref(), Some("K"));
        assert_eq!(written(WIDE, &grid), "16/3K12");
        // Up to the given digits a run; the next digits begin another.
        let two = Shape { width: 12, height: 1, runs: Runs::Number(2) };
        assert_eq!(letters(two, "111").1, []);
        assert_eq!(letters(two, "112").1, [Problem::Beyond { rank: 1 }, Problem::Width { rank: 1, squares: 13 }]);
        // A leading 0 is a digit like another: 016 is 16.
        assert_eq!(letters(WIDE, "016/016").1, []);
    }

    #[test]
    fn every_problem_is_reported_in_reading_order() {
        assert_eq!(letters(FEN, "8/8").1, [Problem::Ranks(2)]);
        assert_eq!(letters(FEN, "").1, [Problem::Ranks(1)]);
        assert_eq!(
            letters(WIDE, "0K16/17").1,
            [
                Problem::Run { rank: 2, run: 0 },
                Problem::Beyond { rank: 2 },
                Problem::Width { rank: 2, squares: 17 },
                Problem::Run { rank: 1, run: 17 },
                Problem::Beyond { rank: 1 },
                Problem::Width { rank: 1, squares: 17 },
            ]
        );
        assert_eq!(
            letters(FEN, "7A/8/8/8/8/8/8/#7").1,
            [Problem::Piece("a stack on rank 8 needs its shots".into()), Problem::Unknown { rank: 1, c: '#' }]
        );
        assert_eq!(letters(FEN, "7/8/8/8/8/8/8/8").1, [Problem::Width { rank: 8, squares: 7 }]);
    }

    #[test]
    fn huge_runs_saturate() {
        let (_, problems) = letters(WIDE, "99999999999999999999999999999999/16");
        assert_eq!(
            problems,
            [
                Problem::Run { rank: 2, run: usize::MAX },
                Problem::Beyond { rank: 2 },
                Problem::Width { rank: 2, squares: usize::MAX },
            ]
        );
        let (_, problems) = letters(WIDE, "18446744073709551615K/16");
        assert_eq!(problems[0], Problem::Run { rank: 2, run: usize::MAX });
    }

    #[test]
    fn a_piece_beyond_the_width_is_not_placed() {
        let (grid, problems) = letters(FEN, "8K/8/8/8/8/8/8/8");
        assert!(grid.iter().all(Option::is_none));
        assert_eq!(problems, [Problem::Beyond { rank: 8 }, Problem::Width { rank: 8, squares: 9 }]);
    }

    #[test]
    fn the_fen_wording() {
        let words = |p: Problem| p.fen_wording(FEN);
        assert_eq!(words(Problem::Ranks(7)).as_deref(), Some("the board has 7 ranks instead of 8"));
        assert_eq!(words(Problem::Run { rank: 2, run: 0 }).as_deref(), Some("bad run of empty squares '0' on rank 2"));
        assert_eq!(words(Problem::Unknown { rank: 3, c: 'é' }).as_deref(), Some("unknown character 'é' on rank 3"));
        assert_eq!(words(Problem::Beyond { rank: 3 }), None);
        assert_eq!(words(Problem::Width { rank: 4, squares: 9 }).as_deref(), Some("rank 4 has 9 squares instead of 8"));
        assert_eq!(words(Problem::Piece("as the variant says".into())).as_deref(), Some("as the variant says"));
    }
}
