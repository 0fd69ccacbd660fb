//! Matches between computer players: the strength figures of the benchmark and the slow tests.
//!
//! A game is played through [`Game`], as on the page: setups are random valid ones, chance comes from
//! a seed of the game's own, and a player whose multi-step turn walks into a dead end takes the turn
//! back and tries again with another seed, as the page's worker does (resigning after a few tries).
//! Searches are bounded by nodes only, never by a clock, so a match gives the same result on every
//! machine. Games are split over threads.
//!
//! Adjudication, as engine testers do it (cutechess's resign rule): a two-player game is scored as won
//! once the static evaluation has favoured the same side by [`ADJUDICATE_MARGIN`] or more at the end
//! of [`ADJUDICATE_TURNS`] turns in a row; matches report how many games ended so. The judge is the
//! shipped evaluation ([`crate::search::shipped_evaluation`]), whatever candidate change a player
//! tries: a judge that changed with the evaluation a match measures would score the games by that
//! evaluation's own lights. A game of more seats
//! between two players (four-player Napoleon: each player takes every second seat) is judged the same
//! way on each player's seats together ([`side_margin`]), over as many turns of each seat (three
//! rounds with four seats), and the player ahead wins.

use crate::chance::{ChanceSource, SEED_BYTES};
use crate::game::{Decision, Game};
use crate::rules::{Rules, Seat, SetupDue};
use crate::search::{finish_turn, shipped_evaluation, Level, Memory, TurnBudget};

/// Tries at a turn before a player stuck in its own dead ends falls back on any legal way to finish
/// it (and resigns only when there is none).
const TURN_TRIES: u64 = 3;
/// An advantage (centipawns) that decides a game when it lasts [`ADJUDICATE_TURNS`] turns: about a
/// queen's worth, which a side that far behind never recovers against these players.
pub const ADJUDICATE_MARGIN: i32 = 900;
pub const ADJUDICATE_TURNS: u32 = 6;

/// The result of a match between players A and B.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    pub a_wins: u32,
    pub b_wins: u32,
    /// Draws by the rules, and games stopped unfinished at the turn limit.
    pub draws: u32,
    pub unfinished: u32,
    /// Wins (either side's) given by adjudication.
    pub adjudicated: u32,
    /// Decisions made by both players, over all games.
    pub decisions: u64,
    /// How deep and wide each player searched: A's, then B's.
    pub searched: [Searched; 2],
}

/// What a player's searches amounted to over a match: the depth a level really reaches in a variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    pub searches: u64,
    pub depths: u64,
    pub nodes: u64,
}

impl Searched {
    /// Mean depth completed and mean nodes per search.
    pub fn means(&self) -> Option<(f64, f64)> {
        (self.searches > 0).then(|| {
            let n = self.searches as f64;
            (self.depths as f64 / n, self.nodes as f64 / n)
        })
    }

    fn add(&mut self, other: Searched) {
        self.searches += other.searches;
        self.depths += other.depths;
        self.nodes += other.nodes;
    }
}

impl MatchResult {
    pub fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// A's share of the decisive games and its 95% error bar (normal approximation), in percent.
    pub fn decisive_share(&self) -> Option<(f64, f64)> {
        let n = (self.a_wins + self.b_wins) as f64;
        (n > 0.0).then(|| {
            let p = self.a_wins as f64 / n;
            (100.0 * p, 100.0 * 1.96 * (p * (1.0 - p) / n).sqrt())
        })
    }

    /// Counts one game in which A played `players[a_seat]` (and, with more seats than players, every
    /// seat that player takes).
    fn tally(&mut self, game: &GameResult, a_seat: Seat) {
        self.decisions += game.decisions;
        let (a_index, b_index) = if a_seat == 0 { (0, 1) } else { (1, 0) };
        self.searched[0].add(game.searched[a_index]);
        self.searched[1].add(game.searched[b_index]);
        self.adjudicated += game.adjudicated as u32;
        match game.winning_player {
            Some(p) if p == a_seat as usize => self.a_wins += 1,
            Some(_) => self.b_wins += 1,
            None => {
                self.draws += 1;
                self.unfinished += game.unfinished as u32;
            }
        }
    }

    fn add(&mut self, other: MatchResult) {
        self.a_wins += other.a_wins;
        self.b_wins += other.b_wins;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.adjudicated += other.adjudicated;
        self.decisions += other.decisions;
        for (mine, theirs) in self.searched.iter_mut().zip(other.searched) {
            mine.add(theirs);
        }
    }
}

/// How one game ended: the winning seat (`None`: a draw), whether it was stopped at the turn limit,
/// and the decisions played.
pub struct GameResult {
    pub winner: Option<Seat>,
    /// The index in `players` of the winner's player: with more seats than players (a four-player
    /// game between two) players take the seats in turn, so each plays every second seat.
    pub winning_player: Option<usize>,
    pub unfinished: bool,
    pub adjudicated: bool,
    pub decisions: u64,
    /// The searches of `players[i]`.
    pub searched: Vec<Searched>,
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Plays one game, `players[seat]` deciding for each seat, stopped as a draw after `max_turns` turns.
pub fn play_game(
    rules: &'static dyn Rules,
    settings: Option<&[u8]>,
    players: &[Level],
    seed: u64,
    max_turns: u32,
) -> GameResult {
    let mut chance = [0u8; SEED_BYTES];
    for (i, byte) in chance.iter_mut().enumerate() {
        *byte = (splitmix(seed ^ i as u64) >> 24) as u8;
    }
    let mut searched = vec![Searched::default(); players.len()];
    let result = |game: &Game, unfinished: bool, searched: &[Searched]| GameResult {
        winner: game.outcome().and_then(|o| o.winner),
        winning_player: game.outcome().and_then(|o| o.winner).map(|seat| player_of(seat, players.len())),
        unfinished,
        adjudicated: false,
        decisions: game.record().len() as u64,
        searched: searched.to_vec(),
    };
    let Ok(mut game) = Game::with_chance(rules, settings, None, ChanceSource::Seeded(chance)) else {
        return GameResult {
            winner: None,
            winning_player: None,
            unfinished: true,
            adjudicated: false,
            decisions: 0,
            searched,
        };
    };
    let mut turns = 0;
    let mut judge = Adjudicator::new(game.seat_count());
    // What each seat's searches keep from one decision to the next, as the page's worker keeps it.
    let mut memories: Vec<Memory> = (0..game.seat_count()).map(|_| Memory::default()).collect();
    while game.outcome().is_none() {
        if let Some(due) = game.setup_due() {
            if make_setup(&mut game, due, seed).is_err() {
                return result(&game, true, &searched);
            }
            continue;
        }
        if game.waiting_for_chance() || turns >= max_turns {
            return result(&game, true, &searched);
        }
        let player = player_of(game.to_move(), players.len());
        let turn_seed = seed ^ (turns as u64) << 20;
        let memory = &mut memories[game.to_move() as usize];
        if !play_whole_turn(&mut game, &players[player], turn_seed, &mut searched[player], memory) {
            return result(&game, true, &searched);
        }
        turns += 1;
        let seats = game.seat_count();
        if adjudicable(seats, players.len()) && game.outcome().is_none() && !game.position().transient() {
            if let Some(player) = judge.after_turn(side_margin(game.position(), seats, players.len())) {
                // The winning player's first seat (seat 0 or 1) stands for it.
                return GameResult {
                    winner: Some(player as Seat),
                    winning_player: Some(player),
                    unfinished: false,
                    adjudicated: true,
                    ..result(&game, false, &searched)
                };
            }
        }
    }
    result(&game, false, &searched)
}

/// Counts the turns in a row that ended with the first player (seat 0's) ahead (positive) or behind
/// (negative) by [`ADJUDICATE_MARGIN`], and gives the game to a player once that lasted
/// [`ADJUDICATE_TURNS`] turns of each seat (with four seats, three rounds).
struct Adjudicator {
    lopsided: i32,
    turns: u32,
}

impl Adjudicator {
    fn new(seats: usize) -> Self {
        Adjudicator { lopsided: 0, turns: ADJUDICATE_TURNS * seats.max(2) as u32 / 2 }
    }

    /// The winning player (0 or 1), if the margin after this turn decides the game.
    fn after_turn(&mut self, margin: i32) -> Option<usize> {
        self.lopsided = match margin {
            s if s >= ADJUDICATE_MARGIN => self.lopsided.max(0) + 1,
            s if s <= -ADJUDICATE_MARGIN => self.lopsided.min(0) - 1,
            _ => 0,
        };
        (self.lopsided.unsigned_abs() >= self.turns).then_some(if self.lopsided > 0 { 0 } else { 1 })
    }
}

/// Whether games of `seats` seats between `players` players are adjudicated: two players, each taking
/// as many seats (a free-for-all of three, or of four with three players, has no sides to judge).
fn adjudicable(seats: usize, players: usize) -> bool {
    players == 2 && seats >= 2 && seats % 2 == 0
}

/// How far the first player's seats are ahead of the second player's together (centipawns), players
/// taking the seats in turn ([`player_of`]), by the shipped evaluation (see the module's comment). Two seats: seat 0's evaluation, as always. More: half the
/// difference between the sums of the two players' seats' evaluations, which for an evaluation of the
/// form "own material minus everyone else's" (Napoleon's) is exactly the first player's material minus
/// the second's (each side's sum is twice its own material minus its seats times everyone's). Seats
/// out of the game are counted too: they have no material, so the identity holds.
pub fn side_margin(position: &dyn crate::rules::Position, seats: usize, players: usize) -> i32 {
    if seats == 2 {
        return shipped_evaluation(position, 0);
    }
    let sum = (0..seats as Seat).fold(0i64, |sum, seat| {
        let score = shipped_evaluation(position, seat) as i64;
        if player_of(seat, players) == 0 {
            sum + score
        } else {
            sum - score
        }
    });
    (sum / 2).clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// The player (an index into a game's players) who decides for `seat`: players take the seats in
/// turn order, so with two players in a four-player game each plays every second seat.
pub fn player_of(seat: Seat, players: usize) -> usize {
    seat as usize % players.max(1)
}

/// A seat's setup in a match game: a random one from the game's seed (sealed with a fixed salt where the
/// rules seal it, revealed when due). Tests that need a game past its setups place them this way too.
pub fn make_setup(game: &mut Game, due: SetupDue, seed: u64) -> crate::error::Result<()> {
    let setup_seed = splitmix(seed ^ 0x5e70 ^ due.seat as u64);
    let text = game.random_setup(due.seat, setup_seed).unwrap_or_default();
    if due.seal {
        game.seal_setup(due.seat, &text, [due.seat; 16], seed)
    } else {
        game.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
    }
}

/// The turn of the seat to move at `level`: searched up to [`TURN_TRIES`] times (each try undone when it
/// walks into a dead end), then any legal way through, then a resignation; false only when even that
/// cannot be played.
fn play_whole_turn(
    game: &mut Game,
    level: &Level,
    turn_seed: u64,
    searched: &mut Searched,
    memory: &mut Memory,
) -> bool {
    let seat = game.to_move();
    let start = game.record().len();
    let mut finished = false;
    // One budget for the whole turn, retries included, as on the page.
    let mut budget = TurnBudget::default();
    for attempt in 0..TURN_TRIES {
        finished = play_turn(game, seat, level, splitmix(turn_seed ^ attempt), searched, &mut budget, memory);
        if finished {
            break;
        }
        while game.record().len() > start {
            if game.undo().is_err() {
                break;
            }
        }
    }
    // The searched decisions keep walking into dead ends: any legal way to finish the turn.
    if !finished {
        if let Some(path) = finish_turn(game.position()) {
            finished = path.into_iter().all(|action| game.play(Decision::Act(action)).is_ok());
        }
    }
    finished || game.play(Decision::Resign).is_ok()
}

/// Plays `seat`'s decisions until the turn passes or the game ends; false on a dead end.
fn play_turn(
    game: &mut Game,
    seat: Seat,
    level: &Level,
    seed: u64,
    searched: &mut Searched,
    budget: &mut TurnBudget,
    memory: &mut Memory,
) -> bool {
    for i in 0..1024 {
        if game.outcome().is_some() || game.to_move() != seat || game.setup_due().is_some() {
            return true;
        }
        let mut never = || false;
        memory.recall_positions(game.position_keys());
        let Some(found) = budget.choose(game.position(), level, &mut never, seed.wrapping_add(i), memory) else {
            return false;
        };
        if found.depth > 0 {
            searched.add(Searched { searches: 1, depths: found.depth as u64, nodes: found.nodes });
        }
        if game.play(Decision::Act(found.action)).is_err() {
            return false;
        }
    }
    false
}

/// The terms of a match: variant, settings, number of games (each player takes White in half of them),
/// seeds (game `g` uses `seed + g`, so results do not depend on the thread count), the turn limit and
/// the threads to play on.
pub struct Match<'a> {
    pub rules: &'static dyn Rules,
    pub settings: Option<&'a [u8]>,
    pub games: u32,
    pub seed: u64,
    pub max_turns: u32,
    pub threads: usize,
}

/// Plays a match between `a` and `b` (in games of more seats, each takes every second seat).
pub fn play_match(terms: &Match, a: &Level, b: &Level) -> MatchResult {
    play_match_reporting(terms, a, b, &|_, _, _| {})
}

/// [`play_match`], calling `report` with each game's number, result and A's seat as it ends (from
/// whichever thread played it). In games of more than two seats A takes every second seat from
/// `a_seat` on, and wins when any of them is the last one standing.
pub fn play_match_reporting(
    terms: &Match,
    a: &Level,
    b: &Level,
    report: &(dyn Fn(u32, &GameResult, Seat) + Sync),
) -> MatchResult {
    let Match { rules, settings, games, seed, max_turns, threads } = *terms;
    let threads = threads.clamp(1, 64);
    let play_share = |first: u32| {
        let mut total = MatchResult::default();
        for g in (first..games).step_by(threads) {
            let a_seat: Seat = (g % 2) as Seat;
            let players = if a_seat == 0 { [*a, *b] } else { [*b, *a] };
            let game = play_game(rules, settings, &players, seed.wrapping_add(g as u64), max_turns);
            report(g, &game, a_seat);
            total.tally(&game, a_seat);
        }
        total
    };
    let mut total = MatchResult::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u32).map(|t| scope.spawn(move || play_share(t))).collect();
        for handle in handles {
            // A thread that panicked is a bug in the engine; its games count as unfinished draws.
            match handle.join() {
                Ok(share) => total.add(share),
                Err(_) => total.unfinished += 1,
            }
        }
    });
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{GREEDY, LEVELS};
    use crate::variants;

    #[test]
    fn a_match_is_the_same_on_any_number_of_threads() {
        let rules = variants::by_slug("chess").expect("registered");
        let fast = Level { max_nodes: 300, ..LEVELS[2] };
        let terms = Match { rules, settings: None, games: 4, seed: 11, max_turns: 60, threads: 1 };
        let one = play_match(&terms, &fast, &GREEDY);
        let two = play_match(&Match { threads: 2, ..terms }, &fast, &GREEDY);
        assert_eq!(one, two);
        assert_eq!(one.games(), 4);
        assert!(one.decisions > 0);
    }

    fn won_by(seat: Seat, players: usize) -> GameResult {
        GameResult {
            winner: Some(seat),
            winning_player: Some(player_of(seat, players)),
            unfinished: false,
            adjudicated: false,
            decisions: 1,
            searched: vec![Searched::default(); players],
        }
    }

    #[test]
    fn in_a_four_player_game_between_two_players_each_wins_with_every_seat_it_plays() {
        // Seats 0 and 2 are the first player's, 1 and 3 the second's.
        assert_eq!([0, 1, 2, 3].map(|seat| player_of(seat, 2)), [0, 1, 0, 1]);
        assert_eq!([0, 1].map(|seat| player_of(seat, 2)), [0, 1]);
        let mut total = MatchResult::default();
        // A starts at seat 0: seats 0 and 2 win for A, 1 and 3 for B.
        for seat in 0..4 {
            total.tally(&won_by(seat, 2), 0);
        }
        assert_eq!((total.a_wins, total.b_wins), (2, 2));
        // A starts at seat 1: a win at seat 3 is A's, at seat 2 B's.
        total.tally(&won_by(3, 2), 1);
        total.tally(&won_by(2, 2), 1);
        assert_eq!((total.a_wins, total.b_wins), (3, 3));
    }

    #[test]
    fn a_four_player_match_between_two_players_counts_every_game() {
        let rules = variants::by_slug("napoleon").expect("registered");
        let terms = Match { rules, settings: Some(&[1]), games: 2, seed: 3, max_turns: 6, threads: 1 };
        let r = play_match(&terms, &GREEDY, &GREEDY);
        assert_eq!(r.games(), 2);
        assert!(r.searched.iter().all(|s| s.searches > 0), "both players played their seats: {r:?}");
    }

    #[test]
    fn a_four_seat_game_is_judged_on_each_players_seats_together() {
        let rules = variants::by_slug("napoleon").expect("registered");
        // Seats in turn order: w (south-west), r (north-west), b (north-east), u (south-east); the first
        // player takes w and b. Every man stands in a valid group; r has a queen, a bishop and a rook more.
        let text = "KrNrNr3QrBrRr4KbNbNb/16/16/16/16/16/16/16/16/16/16/16/16/16/16/KwNwNw10KuNuNu w - 0 1";
        let position = rules.parse_position(text, &[1]).expect("valid");
        assert_eq!(side_margin(&*position, 4, 2), -(900 + 330 + 500));
        // Only two players sharing the seats evenly are judged.
        assert!(adjudicable(2, 2) && adjudicable(4, 2));
        assert!(!adjudicable(4, 4) && !adjudicable(3, 2));
    }

    #[test]
    fn a_side_wins_when_ahead_by_the_margin_for_as_many_turns_of_each_seat() {
        for seats in [2, 4] {
            let turns = ADJUDICATE_TURNS as usize * seats / 2;
            let mut judge = Adjudicator::new(seats);
            // A turn below the margin starts the count again.
            for _ in 1..turns {
                assert_eq!(judge.after_turn(ADJUDICATE_MARGIN), None);
            }
            assert_eq!(judge.after_turn(ADJUDICATE_MARGIN - 1), None);
            for _ in 1..turns {
                assert_eq!(judge.after_turn(-ADJUDICATE_MARGIN), None);
            }
            assert_eq!(judge.after_turn(-ADJUDICATE_MARGIN), Some(1), "{seats} seats");
            let mut judge = Adjudicator::new(seats);
            assert_eq!((0..turns).filter_map(|_| judge.after_turn(ADJUDICATE_MARGIN + 1)).next(), Some(0));
        }
    }

    #[test]
    fn decisive_share_has_an_error_bar() {
        let r = MatchResult { a_wins: 90, b_wins: 10, draws: 5, ..MatchResult::default() };
        let (share, bar) = r.decisive_share().expect("decisive games");
        assert!((share - 90.0).abs() < 1e-9);
        assert!((bar - 5.88).abs() < 0.01, "{bar}");
        assert_eq!(MatchResult::default().decisive_share(), None);
    }
}
