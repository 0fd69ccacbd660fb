//! The computer player's search in every variant: its answer is always legal, it finds mates where the
//! variant has them, and the stop callback bounds it.

use engine::game::Decision;
use engine::search::{best_action, Limits, WIN};
use engine::{variants, Game};

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
            if let Some(due) = game.setup_due() {
                let text = rules.random_setup(game.options(), due.seat, seed).expect("random setup");
                if due.seal {
                    game.seal_setup(due.seat, &text, [1; 16], 5).expect("valid");
                } else {
                    game.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).expect("valid");
                }
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
                let mut never = || false;
                let mut limits = Limits { max_depth: 2, max_nodes: 200_000, stop: &mut never };
                let found = best_action(game.position(), &mut limits, seed).expect("an answer");
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

/// Mate in one in each variant that has mate, found at depth 1.
#[test]
fn mate_in_one_in_every_variant_with_mate() {
    let cases = [
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),
        ("gunnery", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),
    ];
    for (slug, text, expected) in cases {
        let game = Game::from_slug(slug, Some(text)).expect("valid");
        let mut never = || false;
        let mut limits = Limits { max_depth: 2, max_nodes: u64::MAX, stop: &mut never };
        let found = best_action(game.position(), &mut limits, 0).expect("moves");
        assert_eq!(game.position().info(found.action).name, expected, "{slug}");
        assert_eq!(found.score, WIN - 1, "{slug}");
    }
}

/// With a 150 ms clock the search answers well within a second in every variant (loosely: the
/// benchmark measures it).
#[test]
fn the_clock_bounds_the_search() {
    for rules in variants::REGISTRY {
        let mut game = Game::new(*rules, None, None).expect("start");
        while let Some(due) = game.setup_due() {
            let text = rules.random_setup(game.options(), due.seat, 3).expect("random setup");
            let result = if due.seal {
                game.seal_setup(due.seat, &text, [2; 16], 9)
            } else {
                game.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
            };
            result.expect("valid");
        }
        let started = std::time::Instant::now();
        let mut stop = || started.elapsed().as_millis() > 150;
        let mut limits = Limits { max_depth: 64, max_nodes: u64::MAX, stop: &mut stop };
        let found = best_action(game.position(), &mut limits, 0).expect("an answer");
        let took = started.elapsed();
        assert!(took.as_millis() < 1000, "{}: {took:?} (depth {})", rules.info().slug, found.depth);
    }
}

/// Plays `games` games between a deeper search and a one-ply greedy player, each side half the games;
/// returns (deeper wins, greedy wins, draws). Setups are random; a player stuck in a dead end of its
/// own multi-step turn resigns (the search avoids them; greedy may not).
fn match_against_greedy(slug: &str, games: u64, nodes: u64, max_plies: usize) -> (u32, u32, u32) {
    let rules = variants::by_slug(slug).expect("registered");
    let (mut deep_wins, mut greedy_wins, mut draws) = (0, 0, 0);
    for g in 0..games {
        let deep_seat = (g % 2) as u8;
        let mut game = Game::new(rules, None, None).expect("start");
        let mut plies = 0;
        while game.outcome().is_none() && plies < max_plies {
            if let Some(due) = game.setup_due() {
                let text = rules.random_setup(game.options(), due.seat, g * 31 + due.seat as u64).expect("setup");
                let r = if due.seal {
                    game.seal_setup(due.seat, &text, [3; 16], g)
                } else {
                    game.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
                };
                r.expect("valid");
                continue;
            }
            let deep = game.to_move() == deep_seat;
            let mut never = || false;
            let mut limits = Limits {
                max_depth: if deep { 64 } else { 1 },
                max_nodes: if deep { nodes } else { u64::MAX },
                stop: &mut never,
            };
            match best_action(game.position(), &mut limits, g * 1000 + plies as u64) {
                Some(found) => game.play(Decision::Act(found.action)).expect("legal"),
                None => game.play(Decision::Resign).expect("resign"),
            }
            plies += 1;
        }
        match game.outcome().and_then(|o| o.winner) {
            Some(w) if w == deep_seat => deep_wins += 1,
            Some(_) => greedy_wins += 1,
            None => draws += 1,
        }
    }
    (deep_wins, greedy_wins, draws)
}

/// `cargo test --release -p chessfront-engine --test search -- --ignored --nocapture`
#[test]
#[ignore = "slow: a match per variant"]
fn deeper_search_beats_greedy() {
    let only = std::env::var("MATCH_ONLY").ok();
    for (slug, games, nodes, plies) in [
        ("chess", 20, 20_000, 300),
        ("gunnery", 20, 20_000, 300),
        ("checkered", 20, 20_000, 300),
        ("wounds", 20, 20_000, 300),
        ("chess2024", 6, 3_000, 300),
        ("napoleon", 20, 20_000, 600),
    ] {
        if only.as_deref().is_some_and(|o| o != slug) {
            continue;
        }
        let started = std::time::Instant::now();
        let (w, l, d) = match_against_greedy(slug, games, nodes, plies);
        eprintln!("{slug}: deeper {w} wins, greedy {l} wins, {d} draws ({:?})", started.elapsed());
    }
}
