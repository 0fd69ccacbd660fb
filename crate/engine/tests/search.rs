//! The computer player's search in every variant: its answer is always legal, it finds mates where the
//! variant has them, and the stop callback bounds it.

use engine::game::Decision;
use engine::search::{best_action, Level, GREEDY, LEVELS, WIN};
use engine::{arena, variants, Game};

mod common;

/// Random games of every variant (setups made through the game's setup calls); at every few decisions
/// the search at depth 2 must answer with one of the listed actions.
#[test]
fn the_answer_is_always_a_listed_action() {
    for rules in variants::REGISTRY {
        let slug = rules.info().slug;
        let mut game = Game::new(*rules, None, None).expect("start");
        let mut seed = 99u64;
        let mut checked = 0;
        for ply in 0..60 {
            if common::make_due_setup(&mut game, seed, 5) {
                continue;
            }
            let mut actions = Vec::new();
            game.position().actions(&mut actions);
            if actions.is_empty() {
                if game.outcome().is_some() {
                    break;
                }
                game.undo().expect("a dead end inside a turn");
                continue;
            }
            if ply % 5 == 0 {
                let level = Level { max_nodes: 200_000, ..Level::depth(2) };
                let found = best_action(game.position(), &level, &mut || false, seed).expect("an answer");
                assert!(actions.contains(&found.action), "{slug}: {:?} not listed", found.action);
                checked += 1;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let pick = actions[(seed >> 33) as usize % actions.len()];
            game.play(Decision::Act(pick)).expect("listed");
        }
        assert!(checked > 0, "{slug}: nothing checked");
    }
}

/// Mates (Wounds: wins by taking the last piece) in one and in two of each variant, found at the
/// strongest level. A mate in one is a win after one decision (Napoleon: one turn, several decisions),
/// a mate in two after three. Several use the variant's own weapons: a cannon's screen, a blast threat.
#[test]
fn mates_in_one_and_two_in_every_variant() {
    let cases = [
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Some("Ra8#"), WIN - 1),
        ("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", None, WIN - 3),
        // The bishop becomes the screen of the h2 pawn: a cannon check, and the king is boxed in.
        ("gunnery", "6rk/6pn/8/8/8/8/7P/K4B2 w - - 0 1", Some("Bh3#"), WIN - 1),
        ("gunnery", "7k/8/5K2/8/8/8/8/R7 w - - 0 1", None, WIN - 3),
        ("checkered", "6k1/5ppp/8/8/8/8/8/R5K1 w", Some("Ra8#"), WIN - 1),
        ("checkered", "7k/8/5K2/8/8/8/8/R7 w", None, WIN - 3),
        // The stack moves behind the cannon: shots could blast the king and every square it could go to.
        ("chess2024", "11k/2a(1)9/1c10/12/12/12/12/K11/12/12/12/12 b 0 1", Some("Ab11#"), WIN - 1),
        ("chess2024", "11k/12/9K2/12/12/12/12/12/12/12/12/R11 w 0 1", None, WIN - 3),
        // Taking the last piece wins; the pawn has no prong pointing back at a rook from its side.
        ("wounds", "8/8/8/8/R2p4/8/8/7K w 0 0 1", Some("Rxd4"), WIN - 1),
        // Rxd4 first: the f1 pawn then has no action (Black passes) and falls next.
        ("wounds", "7K/8/8/8/R2p4/8/8/R4p2 w 0 0 1", Some("Rxd4"), WIN - 3),
    ];
    for (slug, text, expected, score) in cases {
        let game = Game::from_slug(slug, Some(text)).expect("valid");
        let found = best_action(game.position(), &LEVELS[LEVELS.len() - 1], &mut || false, 0).expect("moves");
        let name = game.position().info(found.action).name;
        assert_eq!(found.score, score, "{slug} {text}: {name}");
        if let Some(expected) = expected {
            assert_eq!(name, expected, "{slug} {text}");
        }
    }
}

/// Napoleon: a turn that leaves Black without a legal turn (its king and two pawns are its only men:
/// the queen takes a pawn, the last two are cut off for good). The win is found as the turn's
/// decisions: the pick, the capture, the end of the moves and the queen's fate (switched or lost, so
/// the end is "no legal turn" rather than checkmate).
#[test]
fn napoleon_win_in_one_turn() {
    let text = "15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1";
    let mut game = Game::from_slug("napoleon", Some(text)).expect("valid");
    let mut decisions = 0;
    while game.outcome().is_none() && game.to_move() == 0 && decisions < 8 {
        let found = best_action(game.position(), &Level::depth(6), &mut || false, 0).expect("moves");
        assert!(found.score > WIN - 8, "a forced win is seen: {found:?}");
        game.play(Decision::Act(found.action)).expect("legal");
        decisions += 1;
    }
    let outcome = game.outcome().expect("Black has no legal turn");
    assert_eq!(outcome.winner, Some(0));
    assert!(matches!(outcome.reason, engine::EndReason::Checkmate | engine::EndReason::NoLegalTurn), "{outcome:?}");
}

/// Napoleon, a mate in two turns. Black (king a1, pawns a2 b1 b2 c1) is boxed in: every man's squares
/// are taken and no white man stands where a black pawn captures (diagonally forward, downward), so
/// Black can only pass. White's lone bishop a5 is cut off: passing, it switches onto the c3 pawn's
/// square (a switch comes after the moves, so it cannot capture in the same turn); Black passes; then
/// Bc3xb2 is check, covered by the b3 rook, and Black has no legal turn. The win is 7 decisions deep:
/// an analysis search of 8 finds it (of 7 it does not: late-move reductions take a decision off the
/// quiet passes); 6 decisions without the horizon see no win (there is no mate in one turn). With it,
/// 6 do: the horizon ends Black's pass (standing pat is ending the turn) and follows White's pick of
/// the bishop to its capture (a pick that can capture counts as one).
#[test]
fn napoleon_mate_in_two_turns() {
    let text = "16/16/16/16/16/16/16/16/16/16/16/B15/16/PRP13/ppPP12/kppK12 w 0 1";
    let game = Game::from_slug("napoleon", Some(text)).expect("valid");
    let without_horizon = Level { quiescence: false, ..Level::depth(6) };
    let shallow = best_action(game.position(), &without_horizon, &mut || false, 0).expect("moves");
    assert!(shallow.score < WIN - 64, "no win within one turn: {shallow:?}");
    let horizon = best_action(game.position(), &Level::depth(6), &mut || false, 0).expect("moves");
    assert!(horizon.score > WIN - 8, "the horizon plays the turn's end and the capture out: {horizon:?}");
    let mut game = game;
    let mut white_turns = 0;
    let mut last_seat = 1;
    while game.outcome().is_none() && white_turns <= 2 {
        let seat = game.to_move();
        if seat == 0 && last_seat != 0 {
            white_turns += 1;
        }
        last_seat = seat;
        let found = best_action(game.position(), &Level::depth(8), &mut || false, 0).expect("moves");
        if seat == 0 {
            assert!(found.score > WIN - 8, "the mate is seen at every White decision: {found:?}");
        }
        game.play(Decision::Act(found.action)).expect("legal");
    }
    let outcome = game.outcome().expect("mate");
    assert_eq!((outcome.winner, outcome.reason), (Some(0), engine::EndReason::Checkmate));
    assert_eq!(white_turns, 2, "mated on White's second turn");
    assert!(game.record().iter().any(|e| e.name == "Bc3xb2"), "the bishop's capture mates");
}

/// The caller's `stop` (the page's clock) bounds the search in every variant: once it says stop, the
/// search answers at once with the last finished iteration. Counted in polls, not milliseconds (the
/// search polls every 2048 nodes after its first iteration, which always finishes), so a busy machine
/// cannot make it fail.
#[test]
fn the_stop_callback_bounds_the_search() {
    for rules in variants::REGISTRY {
        let mut game = Game::new(*rules, None, None).expect("start");
        while common::make_due_setup(&mut game, 3, 9) {}
        let first = best_action(game.position(), &Level::depth(1), &mut || false, 0).expect("an answer");
        let mut polls = 0;
        let mut stop = || {
            polls += 1;
            polls > 3
        };
        let found = best_action(game.position(), &Level::depth(64), &mut stop, 0).expect("an answer");
        let slug = rules.info().slug;
        assert!(found.depth >= 1 && found.depth < 64, "{slug}: {found:?}");
        assert!(
            found.nodes <= first.nodes + 4 * 2048,
            "{slug}: {} nodes after the first iteration's {}",
            found.nodes,
            first.nodes
        );
    }
}

/// Every level beats the one below it and the strongest beats greedy, in a few quick games per
/// variant at reduced budgets (the benchmark plays the real matches: `npm run bench`).
#[test]
fn a_deeper_search_beats_greedy_in_every_variant() {
    for rules in variants::REGISTRY {
        let slug = rules.info().slug;
        let searcher = Level { max_nodes: 8_000, min_depth: 2, ..LEVELS[LEVELS.len() - 1] };
        let terms = arena::Match { rules: *rules, settings: None, games: 2, seed: 5, max_turns: 100, threads: 2 };
        let result = arena::play_match(&terms, &searcher, &GREEDY);
        assert!(result.a_wins > result.b_wins, "{slug}: {result:?}");
    }
}

/// A Napoleon position (from a match) where the Club level's decisions walked into dead ends at every
/// try (a rook's far capture leaves a turn that cannot end legally): the fallback finds a legal turn.
#[test]
fn a_turn_can_always_be_finished_when_the_search_walks_into_dead_ends() {
    let text = "16/3p2n3b5/bpp2pr2qpn4/1k1p1r3pp5/16/16/16/16/16/16/16/16/5NKP8/4PP1P8/6PP1PQP4/9NBRRB2 w 0 1";
    let mut game = Game::from_slug("napoleon", Some(text)).expect("valid");
    let path = engine::search::finish_turn(game.position()).expect("a legal turn exists");
    for action in path {
        game.play(Decision::Act(action)).expect("each decision is listed");
    }
    assert_eq!(game.to_move(), 1, "White's turn is over");
    assert_eq!(game.outcome(), None);
}

/// The position `text` of `slug` (settings at their defaults).
fn position(slug: &str, text: &str) -> Box<dyn engine::rules::Position> {
    variants::by_slug(slug).expect("registered").parse_position(text, &[]).expect("a valid position")
}

/// Null-move pruning lets the side to decide pass only where a pass cannot mislead the search: never in
/// check (orthodox or by a cannon, Chess 2024's blast check too), never with only king and pawns
/// (zugzwang), never in the variants whose turns have steps, whose passes are moves, or whose pieces
/// change hands. A pass hands the move to the other side and gives up en passant.
#[test]
fn a_pass_is_offered_only_where_it_cannot_mislead() {
    let middlegame = position("chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let passed = middlegame.null_move().expect("a middlegame may pass");
    assert_eq!(passed.to_move(), 1, "Black moves after White's pass");
    assert_eq!(passed.to_text(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", "en passant is gone");
    assert!(passed.null_move().is_some(), "Black may pass too");
    for (slug, text, why) in [
        ("chess", "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "in check"),
        ("chess", "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "only king and pawns"),
        ("chess", "4k3/pp6/8/8/8/8/PP6/R3K3 b - - 0 1", "the side to move has only king and pawns"),
        ("gunnery", "4k3/8/8/8/8/4N3/4P3/4K3 b - - 0 1", "only king and pawns (they are cannons too)"),
        ("gunnery", "3qk3/8/4N3/8/8/4P3/8/3QK3 b - - 0 1", "in check by a cannon"),
        ("chess2024", "k2a(1)8/3c8/12/12/12/4K7/12/12/12/12/12/7B4 w 0 1", "in blast check"),
        ("chess2024", "k11/12/12/12/12/12/12/12/12/PPP9/12/4K7 w 0 1", "only king and pawns, no reserve"),
    ] {
        assert!(position(slug, text).null_move().is_none(), "{slug}: {why}: {text}");
    }
    assert!(
        position("gunnery", "3qk3/8/8/8/8/4P3/8/3QK3 b - - 0 1").null_move().is_some(),
        "no cannon screen, no check"
    );
    assert!(
        position("chess2024", "k11/12/12/12/12/12/12/12/12/PPP9/12/4K2B4 w 0 1").null_move().is_some(),
        "a bishop beside the pawns, and no check"
    );
    let passed = variants::by_slug("chess2024").expect("registered").start(&[]).null_move().expect("a pass");
    assert_eq!(passed.to_move(), 1, "Black moves after White's pass in Chess 2024");
    for rules in variants::REGISTRY {
        let slug = rules.info().slug;
        if !["chess", "gunnery", "chess2024"].contains(&slug) {
            assert!(rules.start(&[]).null_move().is_none(), "{slug} never passes in the search");
        }
    }
}

/// The search's check test (for its check extension) sees every kind of check: orthodox, a cannon's,
/// and Checkered's (a checkered rook, `u`, gives check too).
#[test]
fn the_search_sees_every_kind_of_check() {
    for (slug, text, check) in [
        ("chess", "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", true),
        ("chess", "4k3/8/8/8/8/8/3r4/4K2R w K - 0 1", false),
        ("gunnery", "3qk3/8/4N3/8/8/4P3/8/3QK3 b - - 0 1", true),
        ("gunnery", "3qk3/8/8/8/8/4P3/8/3QK3 b - - 0 1", false),
        ("checkered", "4k3/8/8/8/8/8/4r3/4K3 w 0 iiii0000000000000000 - - 1", true),
        ("checkered", "k7/8/8/8/8/8/4u3/4K3 w 0 iiii0000000000000000 - - 1", true),
        ("checkered", "k7/8/8/8/8/8/3u4/4K3 w 0 iiii0000000000000000 - - 1", false),
    ] {
        assert_eq!(position(slug, text).in_check(), check, "{slug}: {text}");
    }
}

/// Chess 2024's exchange gains see whether the taker can be taken back (on the board after the capture,
/// so a line through the square it leaves counts): quiescence skips a queen's capture of a defended pawn
/// as a loss, and sorts it after the even trades.
#[test]
fn a_chess2024_capture_of_a_defended_piece_by_a_dearer_taker_is_a_loss() {
    let gain = |text: &str, name: &str| {
        let p = position("chess2024", text);
        let mut actions = Vec::new();
        p.actions(&mut actions);
        let action = actions.into_iter().find(|&a| p.info(a).name == name).expect("the capture is listed");
        p.exchange_gain(action).expect("a capture")
    };
    let alone = gain("6k5/12/12/12/4p7/12/12/4Q7/12/12/12/6K5 w 0 1", "Qxe8");
    assert!(alone > 0, "an undefended pawn is a gain: {alone}");
    let by_pawn = gain("6k5/12/12/3p8/4p7/12/12/4Q7/12/12/12/6K5 w 0 1", "Qxe8");
    assert_eq!(by_pawn, 100 - 900, "a pawn takes the queen back");
    let behind = gain("6k5/12/12/12/4p7/12/12/4Q7/12/12/4r7/6K5 w 0 1", "Qxe8");
    assert_eq!(behind, 100 - 900, "the rook behind the queen takes back once the queen has left e5");
}
