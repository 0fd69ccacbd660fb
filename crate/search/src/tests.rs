//! The search's unit tests: levels and budgets, the table, the toolkit's parts, mates and repetitions.

use super::*;
use crate::rules::SearchTuning;
use crate::variants;

fn never() -> impl FnMut() -> bool {
    || false
}

#[test]
fn a_dear_variant_divides_its_budget_fully_only_at_the_top_of_the_ladder() {
    // Chess, and unbounded searches, are untouched.
    assert_eq!(variant_nodes(12_600, 1), 12_600);
    assert_eq!(variant_nodes(u64::MAX, 6), u64::MAX);
    // The ladder's ends: the smallest budget undivided, the largest divided by the whole weight.
    assert_eq!(variant_nodes(800, 6), 800);
    assert_eq!(variant_nodes(300_000, 6), 50_000);
    assert_eq!(variant_nodes(10_000_000, 6), 10_000_000 / 6, "past the ladder: time, as at its top");
    assert_eq!(variant_nodes(100, 6), 100, "below it: nodes, as at its foot");
    // In between, every level of the ladder gets more nodes than the one below, in every variant.
    for weight in [2, 5, 6, 10, 12] {
        let nodes: Vec<u64> =
            LEVELS.iter().filter(|l| l.max_nodes != u64::MAX).map(|l| variant_nodes(l.max_nodes, weight)).collect();
        assert!(nodes.windows(2).all(|w| w[1] as f64 >= 1.4 * w[0] as f64), "weight {weight}: {nodes:?}");
        assert!(nodes
            .iter()
            .zip(LEVELS.iter().filter(|l| l.max_nodes != u64::MAX))
            .all(|(&n, l)| n <= l.max_nodes && n >= l.max_nodes / weight));
    }
}

fn search(slug: &str, text: &str, depth: u32) -> (String, Found) {
    let rules = variants::by_slug(slug).expect("registered");
    let settings = variants::resolve_settings(rules, None).expect("defaults");
    let position = rules.parse_position(text, &settings).expect("valid position");
    let found = best_action(position.as_ref(), &Level::depth(depth), &mut never(), 1).expect("an action");
    (position.info(found.action).name, found)
}

#[test]
fn finds_mate_in_one_and_in_two() {
    // Scholar's mate.
    let (name, found) = search("chess", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", 3);
    assert_eq!(name, "Qxf7#");
    assert_eq!(found.score, WIN - 1);
    // Mate in two: 1.Kg6 Kg8 (the only move) 2.Ra8#.
    let (name, found) = search("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 4);
    assert_eq!(found.score, WIN - 3, "{name}");
}

#[test]
fn quiescence_sees_the_recapture_beyond_the_horizon() {
    // Qxd5 wins a pawn at depth 1 but loses the queen to exd5: only the quiescence search sees it.
    let text = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    let rules = variants::by_slug("chess").expect("registered");
    let position = rules.parse_position(text, &[]).expect("valid");
    let greedy = best_action(position.as_ref(), &GREEDY, &mut never(), 0).expect("moves");
    assert_eq!(position.info(greedy.action).name, "Qxd5", "the baseline takes the pawn");
    let careful = best_action(position.as_ref(), &Level::depth(1), &mut never(), 0).expect("moves");
    assert_ne!(position.info(careful.action).name, "Qxd5");
}

#[test]
fn the_answer_is_legal_and_the_seed_only_breaks_ties() {
    // Gunnery's evaluation is symmetric between the wings, so its first moves tie in pairs (chess's
    // fitted placement tables are not).
    let rules = variants::by_slug("gunnery").expect("registered");
    let start = rules.start(&[]);
    let mut legal = Vec::new();
    start.actions(&mut legal);
    let mut picks = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let found = best_action(start.as_ref(), &Level::depth(1), &mut never(), seed).expect("moves");
        assert!(legal.contains(&found.action));
        assert_eq!(best_action(start.as_ref(), &Level::depth(1), &mut never(), seed), Some(found.clone()));
        picks.insert(found.action);
    }
    assert!(picks.len() > 1, "equal first moves are varied by the seed");
}

/// Only a variant that bounds its turns gets another level; the others search as they were measured.
#[test]
fn a_turn_budget_changes_nothing_where_the_variant_has_none() {
    let start = variants::by_slug("chess").expect("registered").start(&[]);
    let spent = TurnBudget { searched: 1_000_000, checked: 0 };
    for level in &LEVELS {
        assert_eq!(spent.level(start.as_ref(), level), *level);
    }
}

#[test]
fn noise_makes_the_beginner_vary_but_not_the_strongest() {
    let rules = variants::by_slug("chess").expect("registered");
    let position = rules.parse_position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", &[]).expect("valid");
    let mut beginner = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let found = best_action(position.as_ref(), &LEVELS[0], &mut never(), seed).expect("moves");
        beginner.insert(position.info(found.action).name);
        let strongest = Level { max_nodes: 20_000, min_depth: 2, ..LEVELS[LEVELS.len() - 1] };
        let found = best_action(position.as_ref(), &strongest, &mut never(), seed).expect("moves");
        assert_eq!(position.info(found.action).name, "Qxd5", "seed {seed}");
    }
    assert!(beginner.len() > 1, "{beginner:?}");
}

#[test]
fn a_stopped_search_still_answers() {
    let rules = variants::by_slug("chess").expect("registered");
    let start = rules.start(&[]);
    let mut polls = 0;
    let mut stop = || {
        polls += 1;
        polls > 1
    };
    let found = best_action(start.as_ref(), &Level::depth(30), &mut stop, 0).expect("moves");
    assert!(found.depth >= 1 && found.depth < 30, "{found:?}");
}

/// An iteration cut short by the budget still counts where it proved something: here depth 1 takes a
/// pawn with the queen (no quiescence), depth 2 sees the king take the queen back, and a budget that
/// ends depth 2 after a few root actions must not play the blunder the finished iteration chose.
#[test]
fn an_unfinished_iteration_overrules_the_last_answer_with_what_it_proved() {
    let position = chess_position("4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1");
    let plain = Level { quiescence: false, noise: 0, ..Level::depth(2) };
    let first = best_action(position.as_ref(), &Level { max_depth: 1, ..plain }, &mut never(), 0).expect("moves");
    assert_eq!(position.info(first.action).name, "Qxd7+", "depth 1 takes the pawn");
    let full = best_action(position.as_ref(), &plain, &mut never(), 0).expect("moves");
    assert_ne!(position.info(full.action).name, "Qxd7+", "depth 2 sees the recapture");
    // Every budget that stops depth 2 before its end: once the iteration has finished an action
    // better than the blunder, that action is played, and this happens well before the end.
    let mut proven_from = None;
    for max_nodes in (first.nodes + 1)..full.nodes {
        let level = Level { min_depth: 1, max_nodes, ..plain };
        let found = best_action(position.as_ref(), &level, &mut never(), 0).expect("moves");
        assert_eq!(found.depth, 1, "depth 2 never finishes with {max_nodes} nodes");
        let blunder = position.info(found.action).name == "Qxd7+";
        match proven_from {
            None if !blunder => proven_from = Some(max_nodes),
            Some(from) => assert!(!blunder, "proven from {from} nodes, the blunder again at {max_nodes}"),
            None => {}
        }
    }
    let from = proven_from.expect("a budget that stops depth 2 plays what it proved");
    assert!(full.nodes - from > 20, "proven at {from} of {} nodes", full.nodes);
}

fn chess_position(text: &str) -> Box<dyn Position> {
    variants::by_slug("chess").expect("registered").parse_position(text, &[]).expect("valid")
}

/// A mate in three for Black, starting 1...Bc5+, proved at depth 5: with every tool on, the table included, the search finds it at the same distance
/// whatever depth it is allowed, and stops there.
#[test]
fn the_full_search_finds_a_known_mate_in_three_at_the_right_distance() {
    let position = chess_position("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1");
    for depth in [5, 6, 7, 8] {
        let level = Level { max_depth: depth, min_depth: depth, ..Level::depth(depth) };
        // The search stops deepening once a forced win is proved, so the depth reached is 5.
        let found =
            pvs::best_action(position.as_ref(), &level, &mut never(), 0, pvs::ALL_TOOLS, &mut Memory::default())
                .expect("moves");
        assert_eq!((found.score, found.depth), (WIN - 5, 5), "max depth {depth}");
        assert_eq!(position.info(found.action).name, "Bc5+");
    }
    // Mates in one and two, with the table, in positions with many transpositions.
    let (name, found) = search("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 6);
    assert_eq!(found.score, WIN - 3, "{name}");
}

/// The nodes searched at depth 7 over three middlegames, quiet and tactical, with each set of tools.
fn middlegame_nodes_at_depth_7(with: pvs::Tools, without: pvs::Tools) -> [u64; 2] {
    let mut searched = [0u64; 2];
    for text in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
        "r2q1rk1/pp2ppbp/2np1np1/8/3NP1b1/2N1BP2/PPPQ2PP/R3KB1R w KQ - 1 10",
    ] {
        let position = chess_position(text);
        for (i, tools) in [with, without].into_iter().enumerate() {
            searched[i] +=
                pvs::best_action(position.as_ref(), &Level::depth(7), &mut never(), 3, tools, &mut Memory::default())
                    .expect("moves")
                    .nodes;
        }
    }
    searched
}

/// Null-move pruning is there to search less: at a fixed depth (7 here: the saving grows with depth,
/// 22% at 7 and 42% at 8 over these positions), over quiet and tactical middlegames,
/// it must save nodes, and it must keep the answers that a pass cannot fake (the mate in three
/// above is searched with every tool, null moves included).
#[test]
fn null_moves_save_nodes_at_a_fixed_depth() {
    // Futility cuts many of the same nodes near the horizon, so the saving is measured without it.
    let with = pvs::Tools { futility: false, ..pvs::ALL_TOOLS };
    let searched = middlegame_nodes_at_depth_7(with, pvs::Tools { null_move: false, ..with });
    assert!(searched[0] * 10 < searched[1] * 9, "null moves save a tenth of the nodes or more: {searched:?}");
}

/// Futility and late-move pruning are there to search less near the horizon without missing what
/// a quiet move cannot hide: at a fixed depth they must save nodes over quiet and tactical
/// middlegames, and still find the tactics below (a knight fork winning the queen, a back-rank
/// mate, a queen won by a pin).
#[test]
fn futility_saves_nodes_and_keeps_the_tactics() {
    let searched = middlegame_nodes_at_depth_7(pvs::ALL_TOOLS, pvs::Tools { futility: false, ..pvs::ALL_TOOLS });
    assert!(searched[0] * 3 < searched[1] * 2, "futility saves a third of the nodes or more: {searched:?}");
    for (text, answer) in [
        // Nc7+ forks the king and the queen.
        ("4k3/pp3ppp/q7/3N4/8/8/PPP2PPP/4K3 w - - 0 1", "Nc7+"),
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8#"),
        // Bb5, guarded by the pawn, pins the queen to the king.
        ("4k3/8/2q5/8/P7/8/8/4KB2 w - - 0 1", "Bb5"),
    ] {
        let position = chess_position(text);
        let found = pvs::best_action(
            position.as_ref(),
            &Level::depth(5),
            &mut never(),
            0,
            pvs::ALL_TOOLS,
            &mut Memory::default(),
        )
        .expect("moves");
        assert_eq!(position.info(found.action).name, answer, "{text}");
    }
}

/// The table used only to try its action first (no answers from it), with nothing else that
/// depends on the order (no reductions, no delta pruning), must give exactly the move and score of the
/// same search without the table: ordering changes how much is searched, never the result. The
/// same holds with principal variation search and aspiration windows, which only narrow windows and
/// search again when a score falls outside.
#[test]
fn the_table_used_for_ordering_only_never_changes_the_chosen_move() {
    let ordering_only = pvs::Tools {
        table_cutoffs: false,
        table_ordering: true,
        reductions: false,
        null_move: false,
        aspiration: true,
        delta_pruning: false,
        futility: false,
        exchange: false,
    };
    let no_table = pvs::Tools { table_ordering: false, ..ordering_only };
    let positions = [
        ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
        ("chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8", 4),
        ("chess", "8/5pk1/6p1/8/3P4/5PP1/5K2/8 w - - 0 40", 7),
        ("gunnery", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 4),
    ];
    let mut searched = [0u64; 2];
    for (slug, text, depth) in positions {
        let rules = variants::by_slug(slug).expect("registered");
        let position = rules.parse_position(text, &[]).expect("valid");
        let level = Level::depth(depth);
        let with = pvs::best_action(position.as_ref(), &level, &mut never(), 3, ordering_only, &mut Memory::default())
            .expect("moves");
        let without = pvs::best_action(position.as_ref(), &level, &mut never(), 3, no_table, &mut Memory::default())
            .expect("moves");
        assert_eq!((with.action, with.score), (without.action, without.score), "{slug} {text}");
        searched[0] += with.nodes;
        searched[1] += without.nodes;
    }
    assert!(searched[0] < searched[1], "the table's first action saves nodes: {searched:?}");
}

/// A hand-made game tree: node `n` lists `CHILDREN[n]` (none: a dead end), and is worth `VALUE[n]`
/// to seat 0 at the horizon; leaves pass to themselves. Seat 0 decides at the root, seat 1 below.
/// The second field counts the decisions played: a pass is no repetition.
#[derive(Clone)]
struct Tree(usize, u8);

//                                root     a       b     x     y     z
const CHILDREN: [&[usize]; 6] = [&[1, 2], &[3, 4], &[5], &[], &[4], &[5]];
const VALUE: [i32; 6] = [0, 0, 0, -1000, 100, 50];

impl SearchTuning for Tree {
    fn evaluate(&self, seat: Seat) -> i32 {
        if seat == 0 {
            VALUE[self.0]
        } else {
            -VALUE[self.0]
        }
    }
}

impl Position for Tree {
    fn to_move(&self) -> Seat {
        (self.0 != 0) as Seat
    }
    fn actions(&self, out: &mut Vec<Action>) {
        out.extend(CHILDREN[self.0].iter().map(|&c| Action(c as u64)));
    }
    fn play(&mut self, action: Action) -> crate::error::Result<()> {
        self.0 = action.0 as usize;
        self.1 += 1;
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn repetition_key(&self) -> Vec<u8> {
        vec![self.0 as u8, self.1]
    }
    fn to_text(&self) -> String {
        self.0.to_string()
    }
    fn info(&self, _action: Action) -> crate::rules::ActionInfo {
        crate::rules::ActionInfo::default()
    }
    fn view(&self) -> crate::rules::BoardView {
        crate::rules::BoardView::default()
    }
}

/// A game with a cycle: from the root (seat 0) action 1 leads to a position of seat 1 whose only
/// action comes back to the root; action 2 leads, through seat 1's only action, to a leaf worth
/// +100 (a position waiting for chance). The root and its cycle look worth +300 statically.
#[derive(Clone)]
struct Cycle(usize);

const CYCLE_CHILDREN: [&[usize]; 4] = [&[1, 2], &[0], &[3], &[]];
const CYCLE_VALUE: [i32; 4] = [300, 300, 100, 100];

impl SearchTuning for Cycle {
    fn evaluate(&self, seat: Seat) -> i32 {
        if seat == 0 {
            CYCLE_VALUE[self.0]
        } else {
            -CYCLE_VALUE[self.0]
        }
    }
}

/// Position 3 waits for chance: a leaf for the search.
impl crate::rules::ChanceEvents for Cycle {
    fn pending_chance(&self) -> Option<u32> {
        (self.0 == 3).then_some(0)
    }
    fn chance_horizon(&self) -> Option<u32> {
        None
    }
    fn resolve_chance(&mut self, _value: u64) -> Option<String> {
        None
    }
}

impl Position for Cycle {
    fn to_move(&self) -> Seat {
        matches!(self.0, 1 | 2) as Seat
    }
    fn actions(&self, out: &mut Vec<Action>) {
        out.extend(CYCLE_CHILDREN[self.0].iter().map(|&c| Action(c as u64)));
    }
    fn play(&mut self, action: Action) -> crate::error::Result<()> {
        self.0 = action.0 as usize;
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn chance(&self) -> Option<&dyn crate::rules::ChanceEvents> {
        Some(self)
    }
    fn repetition_key(&self) -> Vec<u8> {
        vec![self.0 as u8]
    }
    fn to_text(&self) -> String {
        self.0.to_string()
    }
    fn info(&self, _action: Action) -> crate::rules::ActionInfo {
        crate::rules::ActionInfo::default()
    }
    fn view(&self) -> crate::rules::BoardView {
        crate::rules::BoardView::default()
    }
}

#[test]
fn going_round_in_a_circle_is_a_draw_not_the_static_value_of_the_circle() {
    // The cycle repeats the root: a draw (0), so the sure +100 is better than the +300 a search
    // that knew no repetition would see at the circle's horizon.
    let found = best_action(&Cycle(0), &Level::depth(4), &mut never(), 0).expect("moves");
    assert_eq!((found.action, found.score), (Action(2), 100));
}

#[test]
fn an_opponents_dead_end_is_no_way_out_for_it() {
    // After `a` the opponent's only real answer `y` leaves +100; its other option `x` walks into a
    // dead end that would look like -1000 if it could stop there. `b` gives a sure +50.
    let found = best_action(&Tree(0, 0), &Level::depth(3), &mut never(), 0).expect("moves");
    assert_eq!((found.action, found.score), (Action(1), 100));
}
