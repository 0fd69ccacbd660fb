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
