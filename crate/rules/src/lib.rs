//! What a variant is made of: the [`Rules`] of the variant and its [`Position`]s.
//!
//! A turn is a sequence of decisions. A position lists the options of its current decision only, as
//! [`Action`]s in canonical order (ascending action code, so the order is independent of how moves
//! were generated); the link format stores indices into that order, so changing a variant's action
//! codes means bumping its rules revision. Playing one action may hand the next decision to the same
//! player (multi-step turns) or to the next one.
//!
//! Everything a variant hands out (views, action infos, outcomes) is plain data, so the page and the
//! CLI draw and name things without knowing any rules.
//!
//! The second layer of the engine, on [`chessfront_core`]: besides the contract, what the computer's
//! search asks of a variant ([`SearchTuning`], with every `Position`) and move-path counting
//! ([`perft`]), so a variant can be built, read and tested without the search. It depends on the core
//! alone; `SearchTuning` sits here, not in the search, so that the search depends on the contract and
//! never the other way round.
#![forbid(unsafe_code)]

pub mod capabilities;
pub mod perft;

mod tuning;
pub use capabilities::{ChanceEvents, OwnPerft, Seats, SetupPhase, TurnSteps};
use chessfront_core::{error, square};
use serde::Serialize;
use square::Square;
pub use tuning::{hash_key, SearchTuning};

/// A player's seat, in turn order from 0 (White = 0, Black = 1 in two-player games).
pub type Seat = u8;

/// One option of the current decision, opaque outside its variant. Variants pack their actions so
/// that ascending codes are the canonical order (for board moves: from-square, to-square, choice).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Action(pub u64);

/// A game setting a variant declares (e.g. "with switch"); its value is a small number.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SettingSpec {
    pub key: &'static str,
    pub label: &'static str,
    /// Labels of the values 0, 1, …
    pub choices: &'static [&'static str],
    pub default: u8,
}

/// The registry entry of a variant: everything about it that is not a position.
#[derive(Debug, Serialize)]
pub struct VariantInfo {
    /// Stable numeric id, written into links. Never reused.
    pub id: u8,
    /// Stable text id used by the CLI, tests and the page.
    pub slug: &'static str,
    pub name: &'static str,
    /// Bumped whenever the rules or the canonical action order change, so old links are recognised.
    pub revision: u8,
    pub seat_names: &'static [&'static str],
    pub settings: &'static [SettingSpec],
    /// Name of the position notation (e.g. "FEN").
    pub notation: &'static str,
    /// What the variant is about, in one line (the page's start screen).
    pub summary: &'static str,
}

/// A variant: how to start a game and how to read a position of it.
pub trait Rules: Sync {
    fn info(&self) -> &'static VariantInfo;
    /// The seats of a game under these setting values (a player-count setting changes them).
    fn seat_names(&self, _settings: &[u8]) -> &'static [&'static str] {
        self.info().seat_names
    }
    /// The start position under the given setting values (one per [`VariantInfo::settings`] entry).
    fn start(&self, settings: &[u8]) -> Box<dyn Position>;
    /// Whether `seat` sits at the top of the board (rank 16 side): the page turns the board for it.
    fn sits_north(&self, _settings: &[u8], seat: Seat) -> bool {
        seat % 2 == 1
    }
    /// Reads a position in the variant's notation, with every problem reported as a typed error.
    fn parse_position(&self, text: &str, settings: &[u8]) -> crate::error::Result<Box<dyn Position>>;
}

/// A position of some variant, at one decision. Its evaluation for the computer is the search's own
/// trait, [`SearchTuning`].
pub trait Position: SearchTuning + ClonePosition + Send + Sync {
    /// The seat that makes the current decision.
    fn to_move(&self) -> Seat;
    /// Appends the legal options of the current decision, in canonical (ascending) order.
    fn actions(&self, out: &mut Vec<Action>);
    /// Plays an option of the current decision. An action the position cannot play is an
    /// [`ErrorCode::IllegalAction`](chessfront_core::ErrorCode) error that changes nothing, never a silent no-op.
    /// (A variant may decode an action without listing the options, for speed: only [`Position::actions`]
    /// says what is legal, and the game crate's `Game` plays nothing else.)
    fn play(&mut self, action: Action) -> crate::error::Result<()>;
    /// The result when the position itself ends the game (mate, stalemate, no-progress, material).
    /// Repetition needs the history and is the game's to judge.
    fn outcome(&self) -> Option<Outcome>;
    /// Everything that decides future play (placement, side to move, rights, hidden state), but no
    /// counters: two positions with equal keys are "the same position" for repetition.
    fn repetition_key(&self) -> Vec<u8>;
    /// The position in the variant's notation.
    fn to_text(&self) -> String;
    /// How to show and name an action (the action must be legal here).
    fn info(&self, action: Action) -> ActionInfo;
    /// How to show every action of a list at once. Variants whose names need the whole move list
    /// override it to generate that list once instead of once per action.
    fn infos(&self, actions: &[Action]) -> Vec<ActionInfo> {
        actions.iter().map(|&a| self.info(a)).collect()
    }
    fn view(&self) -> BoardView;
    // Capabilities (see [`capabilities`]): a variant that has one hands it out; the rest write nothing.

    /// Chance events, when this game draws on chance (the game then carries a chance source in its link).
    fn chance(&self) -> Option<&dyn ChanceEvents> {
        None
    }
    /// The same, to resolve a pending chance.
    fn chance_mut(&mut self) -> Option<&mut dyn ChanceEvents> {
        None
    }
    /// A setup phase before play.
    fn setup_phase(&self) -> Option<&dyn SetupPhase> {
        None
    }
    /// Turns of steps that the record and the page treat specially.
    fn turn_steps(&self) -> Option<&dyn TurnSteps> {
        None
    }
    /// Seats beyond the two of a duel.
    fn seats(&self) -> Option<&dyn Seats> {
        None
    }
    /// The same, to take a resignation.
    fn seats_mut(&mut self) -> Option<&mut dyn Seats> {
        None
    }
    /// A fast perft over the variant's own move type (see [`crate::perft::perft`]).
    fn own_perft(&self) -> Option<&dyn OwnPerft> {
        None
    }
}

/// Questions about capabilities that callers ask often, answered for every position.
impl dyn Position + '_ {
    /// Whether this game draws on chance at all.
    pub fn uses_chance(&self) -> bool {
        self.chance().is_some()
    }
    /// The chance due before the next decision, if any.
    pub fn pending_chance(&self) -> Option<u32> {
        self.chance().and_then(|c| c.pending_chance())
    }
    /// Whether the current decision is the middle of one gesture (see [`TurnSteps::transient`]).
    pub fn transient(&self) -> bool {
        self.turn_steps().is_some_and(|t| t.transient())
    }
    /// The setup the current decision belongs to, if any (see [`SetupPhase::setup_due`]).
    pub fn setup_due(&self) -> Option<SetupDue> {
        self.setup_phase().and_then(|s| s.setup_due())
    }
    /// The canonical text of a seat's placed setup (see [`SetupPhase::setup_text`]).
    pub fn setup_text(&self, seat: Seat) -> Option<String> {
        self.setup_phase().and_then(|s| s.setup_text(seat))
    }
    /// The seats still playing: both in a duel.
    pub fn active_seats(&self) -> Vec<Seat> {
        self.seats().map_or_else(|| vec![0, 1], |s| s.active_seats())
    }
}

/// The error of an action a position cannot play (out of line: the play of every variant calls it, and
/// only on a caller's mistake).
#[cold]
#[inline(never)]
pub fn not_an_option(action: Action) -> crate::error::Error {
    crate::error::Error::new(
        crate::error::ErrorCode::IllegalAction,
        format!("Action {:#x} is not an option of this decision.", action.0),
    )
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

/// A setup decision: `seat` either seals its setup (a commitment only; the men are placed when it is
/// revealed) or places it on the board, `sealed` telling whether it sealed it before.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SetupDue {
    pub seat: Seat,
    pub seal: bool,
    pub sealed: bool,
}

/// A copy of a position behind the contract, for every position that is `Clone`: no variant writes it.
pub trait ClonePosition {
    fn clone_box(&self) -> Box<dyn Position>;
}

impl<T: Position + Clone + 'static> ClonePosition for T {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The prongs of a piece whose moves are drawn on it (Chess with Wounds). Bit `i` of `short` and
/// `long` is compass direction `i` clockwise from north (N, NE, E, SE, S, SW, W, NW); bit `i` of `knight`
/// is knight leap `i` clockwise from north-north-east.
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

/// One option of a game's current decision: a variant's action, or one the game itself offers
/// (draw offers and resignation, which every variant shares).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    Act(Action),
    OfferDraw,
    AcceptDraw,
    Resign,
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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Resignation,
    DrawAgreed,
    Repetition,
    NoProgress,
    InsufficientMaterial,
    /// The loser has no pieces left to play with (Checkered stage 2, Chess with Wounds).
    AllCaptured,
    /// Both players had to pass in a row (Chess with Wounds).
    BothPassed,
    /// The player to move had no legal turn without being in check (Napoleon: its king cut off beyond
    /// saving).
    NoLegalTurn,
    /// Every other player was checkmated or resigned (four-player games).
    LastKingStanding,
}

impl EndReason {
    pub const ALL: [EndReason; 11] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::Resignation,
        EndReason::DrawAgreed,
        EndReason::Repetition,
        EndReason::NoProgress,
        EndReason::InsufficientMaterial,
        EndReason::AllCaptured,
        EndReason::BothPassed,
        EndReason::NoLegalTurn,
        EndReason::LastKingStanding,
    ];
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "agreement",
            EndReason::Repetition => "threefold repetition",
            EndReason::NoProgress => "no progress (50-move rule)",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::AllCaptured => "capturing every piece",
            EndReason::BothPassed => "both sides passing",
            EndReason::NoLegalTurn => "leaving the opponent no legal turn",
            EndReason::LastKingStanding => "being the last king standing",
        }
    }
}

/// How a game ended: a winner, or a draw (`winner: None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

impl Outcome {
    pub const fn win(winner: Seat, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }
    /// The result as written in a game score: `1-0`, `0-1`, `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
    /// The score for a game of `seats` players, of whom `still_in` were still playing at the end:
    /// two-player scores as [`Outcome::score`], more players one point to the winner in seat order
    /// (`0-0-1-0`); a draw is shared by the players still in, `½` each, and a player already out scores
    /// 0 (`½-½-0-½`).
    pub fn score_for(&self, seats: usize, still_in: &[Seat]) -> String {
        if seats <= 2 {
            return self.score().to_string();
        }
        (0..seats)
            .map(|s| match self.winner {
                Some(w) if w as usize == s => "1",
                Some(_) => "0",
                None if still_in.contains(&(s as Seat)) => "½",
                None => "0",
            })
            .collect::<Vec<_>>()
            .join("-")
    }
}
