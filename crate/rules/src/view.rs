//! What a variant hands out to be drawn and named: the board as the page draws it (pieces, prongs,
//! outlines, a chance card), the effects of an action, how an action is shown, a draft setup. Plain
//! data with no rules in it, so the page, the words and the CLI use it without knowing a variant.

use chessfront_core::square::Square;
use serde::Serialize;

/// The prongs of a piece whose moves are drawn on it (Chess with Wounds). Bit `i` of `short` and
/// `long` is compass direction `i` clockwise from north (N, NE, E, SE, S, SW, W, NW); bit `i` of `knight`
/// is knight leap `i` clockwise from north-north-east. Only Chess with Wounds has prongs, but the page
/// draws them and the words say them, and neither knows a variant: they are part of the view every
/// variant may hand out, not of the Wounds crate.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq, Hash)]
pub struct Prongs {
    pub short: u8,
    pub long: u8,
    pub knight: u8,
}

/// A piece or marker the page draws on a square.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PieceView {
    pub square: Square,
    /// Piece kind code the page has a picture for: "K", "Q", "R", "B", "N", "P", …
    pub kind: &'static str,
    /// Owner colour: "white", "black", …
    pub color: &'static str,
    /// Small text drawn on the piece (counters), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<String>,
    /// Prongs to draw, for variants whose pieces carry them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prongs: Option<Prongs>,
}

/// A set of one player's pieces the page outlines together (a Napoleon group), or a zone of squares.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RegionView {
    pub squares: Vec<Square>,
    pub color: &'static str,
    /// "group" (a valid group), "cut-off" (pieces outside any valid group), "zone" (a setup zone),
    /// "active" (the group moving this turn).
    pub style: &'static str,
}

/// What the board looks like: enough to draw it, nothing to reason about.
#[derive(Clone, Debug, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub width: u8,
    pub height: u8,
    pub pieces: Vec<PieceView>,
    /// Squares of kings in check, to highlight.
    pub checks: Vec<Square>,
    /// The seats in check, for the status line: not always the kings' colours (in Checkered chess's
    /// second stage one seat moves both the white and the black king).
    pub checked_seats: Vec<u8>,
    /// Lines of state the board alone does not show (a stage, who holds an army), shown beside it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// A chance event to show as a card (title and explanation), with the squares it touched in `marks`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<EventView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Square>,
    /// Groups and zones to outline.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<RegionView>,
}

/// A chance event as the page shows it: a card and what it did.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EventView {
    pub title: String,
    pub text: String,
}

/// What an action changed on the board, as pieces that vanish and pieces that appear (a move is a
/// vanish and an appear; castling two of each; an en-passant capture vanishes a third piece). Computed
/// by comparing views, so every variant gets it without writing anything, explosions and wounds included.
#[derive(Clone, Debug, Serialize, PartialEq, Default)]
pub struct Effects {
    pub vanish: Vec<PieceView>,
    pub appear: Vec<PieceView>,
}

impl Effects {
    pub fn between(before: &BoardView, after: &BoardView) -> Effects {
        Effects { vanish: missing(&before.pieces, &after.pieces), appear: missing(&after.pieces, &before.pieces) }
    }
}

/// The pieces of `list` that `other` does not hold, in `list`'s order. A view lists its pieces in a fixed
/// order, so a piece an action left alone is found at its own index in the other view, or near it (a move
/// or a capture shifts some by one), before the whole view is searched: replaying a game compares each
/// piece once or a few times rather than with every piece of the board.
fn missing(list: &[PieceView], other: &[PieceView]) -> Vec<PieceView> {
    let near = |i: usize| &other[i.saturating_sub(2).min(other.len())..(i + 3).min(other.len())];
    let among = |pieces: &[PieceView], p: &PieceView| pieces.iter().any(|q| same_piece(p, q));
    let holds = |i: usize, p: &PieceView| {
        other.get(i).is_some_and(|q| same_piece(p, q)) || among(near(i), p) || among(other, p)
    };
    list.iter().enumerate().filter(|&(i, p)| !holds(i, p)).map(|(_, p)| p.clone()).collect()
}

/// `a == b`, comparing the kind and colour names as the same static text first (views take them from the
/// variants' tables), then by their letters. Every field is named, so a new one cannot be left out.
fn same_piece(a: &PieceView, b: &PieceView) -> bool {
    let PieceView { square, kind, color, badge, prongs } = a;
    let same = |x: &'static str, y: &'static str| std::ptr::eq(x, y) || x == y;
    *square == b.square && same(kind, b.kind) && same(color, b.color) && *badge == b.badge && *prongs == b.prongs
}

/// A choice that shares its squares with other actions (promotion piece, …): the page shows a chooser.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Choice {
    pub kind: &'static str,
    pub color: &'static str,
    pub label: String,
    /// The piece's prongs after this choice, when they are what the choice is about (a rotation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prongs: Option<Prongs>,
}

/// How the page and the CLI show one action.
#[derive(Clone, Debug, Serialize, Default)]
pub struct ActionInfo {
    /// Square to pick first; `None` for actions that are not board moves.
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub choice: Option<Choice>,
    /// The move's name in the move list (SAN for the chess family).
    pub name: String,
    /// Plain coordinate notation accepted as input as well (`e2e4`, `e7e8q`).
    pub coord: String,
    /// Squares the action affects beyond its own two (a blast area, the other pieces of a frontal
    /// attack), for the page to show before the player commits.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Square>,
    /// For actions tied to no square (bring a reserve piece on, call archers): the heading the page lists
    /// them under. For a board move (with `from` and `to`): the page offers it as a button as well, with
    /// this label (Checkered's switch, a king's move onto the enemy king that few would guess).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<&'static str>,
    /// Picking the piece on `from` is a decision of its own: the page plays it together with one of
    /// the destinations that follow, as one move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub select: bool,
    /// The action destroys rather than moves or captures (a shot, an explosion, a wound): the page draws
    /// its target apart and, on touch, shows its effect on a first tap and plays it on a second.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub destroys: bool,
}

impl ActionInfo {
    /// What `info` answers for an action that is not legal here (a caller's mistake, shown plainly).
    pub fn unknown() -> ActionInfo {
        ActionInfo { name: "?".into(), coord: "?".into(), ..Default::default() }
    }
}

/// A draft setup as the setup editor shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SetupDraft {
    pub board: BoardView,
    /// Per kind of man: its picture code, how many the setup needs and how many the draft places.
    pub army: Vec<ArmyCount>,
    pub problems: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ArmyCount {
    pub kind: &'static str,
    pub color: &'static str,
    /// The kind's name ("king"; in the session's language once the facade has put it there).
    pub name: String,
    pub needed: u8,
    pub placed: u8,
}
