//! The variant contract, followed as README's "Adding a variant" says: a small variant for tests only,
//! Mini Breakthrough (crate/variants/mini, registered by one line behind the `mini` feature), gets the
//! registry, the game record, undo, move names, links, perft and the computer player from implementing
//! `Position`, `SearchTuning` and `Rules`, and nothing else. If it needs more than the README says, the
//! contract or the README is wrong. Runs with `--features mini` (`npm test` does).
//!
//! Mini Breakthrough: a board of 3 files and 4 ranks, three pawns each on the home ranks. A pawn steps
//! one square forward to an empty square, or diagonally forward to a square that is empty or holds an
//! enemy pawn (capturing it). Reaching the far rank wins; a player left without a move loses.
#![cfg(feature = "mini")]

use engine::game::{Decision, Game};
use engine::search::{self, Level};
use engine::{link, variants, Action, ErrorCode, Rules};

fn rules() -> &'static dyn Rules {
    variants::by_slug("mini").expect("registered by its one line")
}

#[test]
fn perft_counts_what_the_rules_say() {
    // Seven first moves (a1: a2 b2; b1: a2 b2 c2; c1: b2 c2), and Black has seven answers to each: the
    // pawns cannot meet within two plies.
    let game = Game::new(rules(), None, None).expect("start");
    assert_eq!(engine::perft::perft(game.position(), 1), 7);
    assert_eq!(engine::perft::perft(game.position(), 2), 49);
}

#[test]
fn the_game_record_plays_names_undoes_and_ends() {
    let mut game = Game::new(rules(), None, None).expect("start");
    for name in ["b1-b2", "b4-b3", "a1-a2"] {
        let decision = game.find(name).expect(name);
        game.play(decision).expect(name);
    }
    assert_eq!(game.position().to_text(), "p.p/.p./PP./..P b");
    game.undo().expect("undo");
    assert_eq!(game.position().to_text(), "p.p/.p./.P./P.P w");
    // A bogus action is an error, not a silent no-op, at both levels.
    assert!(game.play(Decision::Act(Action(0xffff))).is_err());
    let mut position = game.position().clone_box();
    assert_eq!(position.play(Action(0xffff)).expect_err("not an option").code, ErrorCode::IllegalAction);
    // White breaks through on the c-file.
    for name in ["c1-c2", "a4-a3", "c2xb3", "c4-c3", "b3-b4"] {
        let decision = game.find(name).expect(name);
        game.play(decision).expect(name);
    }
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(0)));
}

#[test]
fn positions_read_back_as_written() {
    for text in ["ppp/.../.../PPP w", ".p./P../..p/P.P b"] {
        let position = rules().parse_position(text, &[]).expect(text);
        assert_eq!(position.to_text(), text);
    }
    let err = rules().parse_position("ppp/... w", &[]).err().expect("too few ranks");
    assert_eq!(err.code, ErrorCode::BadPosition);
}

#[test]
fn the_computer_finds_the_breakthrough() {
    // White to move wins at once by b3-b4 (or b3xa4/xc4): the search must find a win in one.
    let position = rules().parse_position("p.p/.P./.../... w", &[]).expect("position");
    let found = search::best_action(position.as_ref(), &Level::depth(3), &mut || false, 1).expect("a move");
    let mut after = position.clone_box();
    after.play(found.action).expect("legal");
    assert_eq!(after.outcome().map(|o| o.winner), Some(Some(0)), "{}", position.info(found.action).name);
    assert!(found.score >= search::WIN - 2, "a win in one scores as a win: {}", found.score);
}

#[test]
fn one_registry_line_is_all_it_takes_to_be_listed_linked_and_played() {
    assert!(variants::REGISTRY.iter().any(|r| r.info().slug == "mini"), "listed with the others");
    assert_eq!(variants::by_id(250).map(|r| r.info().slug), Some("mini"));
    assert!(variants::rules_html_in("mini", "fr").is_some(), "its rules texts, in every language");
    let mut game = Game::from_slug("mini", None).expect("a game by its slug");
    for name in ["b1-b2", "a4-a3"] {
        game.play(game.find(name).expect(name)).expect(name);
    }
    let text = link::encode(&game, 7);
    let back = link::decode(&text).expect("its link reads back");
    assert_eq!(back.game.position().to_text(), game.position().to_text());
    assert_eq!(link::encode(&back.game, back.game_id), text, "one spelling");
}
