//! The exported API as the page uses it, run in headless Chromium by `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use chessfront_web::{levels, perft, variants, view_position, GameHandle};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).expect("object property")
}

fn code(error: JsValue) -> String {
    get(&error, "code").as_string().expect("errors carry a code")
}

/// Index of the option whose coordinate notation is `coord`.
fn option(game: &GameHandle, coord: &str) -> u32 {
    let state = game.state(None).expect("state");
    let options = js_sys::Array::from(&get(&state, "options"));
    options
        .iter()
        .find(|o| get(o, "coord").as_string().as_deref() == Some(coord))
        .map(|o| get(&o, "index").as_f64().expect("index") as u32)
        .unwrap_or_else(|| panic!("{coord} is not an option"))
}

#[wasm_bindgen_test]
fn lists_variants() {
    let list = js_sys::Array::from(&variants().expect("variants"));
    assert_eq!(list.length(), 6);
    let chess = list.get(0);
    assert_eq!(get(&chess, "slug").as_string().as_deref(), Some("chess"));
    assert_eq!(get(&chess, "name").as_string().as_deref(), Some("Chess"));
    // The rules texts are fetched by the page (dist/rules/<slug>.html), not carried by the wasm.
    assert!(get(&chess, "rules_html").is_undefined());
}

#[wasm_bindgen_test]
fn perft_in_the_browser() {
    assert_eq!(perft("chess", None, 3).expect("perft"), 8902.0);
    assert_eq!(code(perft("chess", Some("nonsense".into()), 1).expect_err("bad position")), "bad-position");
    assert_eq!(code(perft("nochess", None, 1).expect_err("bad variant")), "unknown-variant");
}

#[wasm_bindgen_test]
fn play_undo_and_state() {
    let mut game = GameHandle::new("chess", None, None, None).expect("new game");
    let state = game.state(None).expect("state");
    assert_eq!(js_sys::Array::from(&get(&state, "options")).length(), 22, "20 moves, offer a draw, resign");
    game.play(option(&game, "e2e4")).expect("legal");
    let state = game.state(None).expect("state");
    assert_eq!(get(&state, "toMove").as_f64(), Some(1.0));
    assert_eq!(get(&get(&state, "lastMove"), "name").as_string().as_deref(), Some("e4"));
    let start = game.state(Some(0)).expect("ply 0");
    assert_eq!(js_sys::Array::from(&get(&start, "options")).length(), 0, "no options on an earlier ply");
    assert_eq!(code(game.state(Some(5)).expect_err("no ply 5")), "no-such-ply");
    assert_eq!(code(game.play(500).expect_err("no option 500")), "illegal-action");
    game.undo().expect("undo");
    assert_eq!(code(game.undo().expect_err("nothing left")), "nothing-to-undo");
}

#[wasm_bindgen_test]
fn links_round_trip_and_report_damage() {
    let mut game = GameHandle::new("chess", None, None, None).expect("new game");
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play(option(&game, m)).expect("legal");
    }
    let link = game.link();
    let back = GameHandle::from_link(&format!("http://localhost:8080/#{link}")).expect("decodes");
    assert_eq!(back.game_id(), game.game_id());
    assert_eq!(back.common_prefix(&game), 4);
    let outcome = get(&back.state(None).expect("state"), "outcome");
    assert_eq!(get(&outcome, "score").as_string().as_deref(), Some("0-1"));
    assert_eq!(code(GameHandle::from_link("#%%%").err().expect("garbage")), "link-malformed");
    assert_eq!(code(GameHandle::from_link(&link[..link.len() - 4]).err().expect("cut")), "link-truncated");
    let bad_setup = GameHandle::new("chess", None, Some("8/8/8/8/8/8/8/8 w - - 0 1".into()), None);
    assert_eq!(code(bad_setup.err().expect("no kings")), "bad-position");
}

#[wasm_bindgen_test]
fn view_position_draws_any_variant_and_reports_bad_text() {
    let view = view_position("wounds", "k7/r{l.l.s.l.}7/8/8/8/8/8/R6K w 0 0 1").expect("valid");
    let pieces = js_sys::Array::from(&get(&view, "pieces"));
    assert_eq!(pieces.length(), 4);
    let prongs = get(&pieces.get(2), "prongs"); // a1, h1, a7, a8: square order
    assert_eq!(get(&prongs, "short").as_f64(), Some(16.0), "the rook's south prong is short");
    assert_eq!(code(view_position("wounds", "k7/r{zz}7/8/8/8/8/8/R6K").expect_err("bad prongs")), "bad-position");
    assert_eq!(code(view_position("go", "").expect_err("no such variant")), "unknown-variant");
    let list = js_sys::Array::from(&variants().expect("variants"));
    assert!(list.iter().any(|v| get(&v, "slug").as_string().as_deref() == Some("checkered")));
}

#[wasm_bindgen_test]
fn link_games_with_chance_keep_a_secret_and_check_it() {
    let game = GameHandle::new("chess2024", None, None, Some(0)).expect("new game");
    assert!(game.uses_secrets());
    let secret = game.secret().expect("White's secret");
    assert_eq!(secret.len(), 24);
    assert!(game.has_commitment(0) && !game.has_commitment(1));
    // The link carries the commitment, never the secret.
    let link = game.link();
    let mut received = GameHandle::from_link(&link).expect("decodes");
    assert!(received.secret().is_none());
    received.adopt_secret(1, None).expect("Black commits to a fresh secret");
    assert!(received.has_commitment(1));
    // White's browser can take its secret back; a wrong one is refused.
    let mut again = GameHandle::from_link(&link).expect("decodes");
    assert_eq!(code(again.adopt_secret(0, Some("00".repeat(12))).expect_err("wrong secret")), "link-bad-reveal");
    again.adopt_secret(0, Some(secret)).expect("own secret");
    assert!(again.same_commitments(&game));
    // Local games draw from a seed and need no secret.
    let local = GameHandle::new("chess2024", None, None, None).expect("local game");
    assert!(!local.uses_secrets());
}

/// The path of the option whose coordinate notation is `coord` (a pick and its destination).
fn path(game: &GameHandle, coord: &str) -> Vec<u32> {
    let state = game.state(None).expect("state");
    let options = js_sys::Array::from(&get(&state, "options"));
    let found = options
        .iter()
        .find(|o| get(o, "coord").as_string().as_deref() == Some(coord))
        .unwrap_or_else(|| panic!("{coord} is not an option"));
    js_sys::Array::from(&get(&found, "path")).iter().map(|i| i.as_f64().expect("index") as u32).collect()
}

#[wasm_bindgen_test]
fn napoleon_setups_are_sealed_previewed_revealed_and_moves_are_gestures() {
    let mut game = GameHandle::new("napoleon", None, None, Some(0)).expect("new game");
    let setup = get(&game.state(None).expect("state"), "setup");
    assert_eq!(get(&setup, "seal").as_bool(), Some(true));
    // The editor's live check: the men placed so far and what is still wrong.
    let draft = game.preview_setup(0, "Kb1 Qb2").expect("preview");
    let problems = js_sys::Array::from(&get(&draft, "problems"));
    assert!(problems.iter().any(|p| p.as_string().is_some_and(|p| p.contains("2 rooks needed"))));
    let army = js_sys::Array::from(&get(&draft, "army"));
    assert_eq!(get(&army.get(0), "placed").as_f64(), Some(1.0), "the king is placed");
    assert_eq!(code(game.seal_setup(0, "Kb1 Qb2").expect_err("incomplete")), "bad-position");
    let white = game.random_setup(0).expect("random setup");
    let secret = game.seal_setup(0, &white).expect("sealed");
    assert_eq!(game.sealed_secret(0).as_deref(), Some(secret.as_str()));
    // Black's browser gets the commitment only, sets up in the open; White's reveals from its secret.
    let mut black = GameHandle::from_link(&game.link()).expect("link");
    assert_eq!(black.sealed_secret(0), None);
    let presets = js_sys::Array::from(&black.setup_presets(1).expect("presets"));
    let preset = get(&presets.get(0), "text").as_string().expect("text");
    black.place_setup(1, Some(preset)).expect("placed");
    let mut white_again = GameHandle::from_link(&black.link()).expect("link");
    assert_eq!(code(white_again.adopt_sealed_setup(0, "00:Kb1").expect_err("wrong secret")), "link-bad-reveal");
    white_again.adopt_sealed_setup(0, &secret).expect("own secret");
    white_again.place_setup(0, None).expect("revealed");
    // A move is a pick and a destination, played as one gesture and taken back as one.
    let state = white_again.state(None).expect("state");
    let plies = get(&state, "plies").as_f64().expect("plies");
    let options = js_sys::Array::from(&get(&state, "options"));
    let first = options.iter().find(|o| get(o, "path").dyn_ref::<js_sys::Array>().is_some_and(|p| p.length() == 2));
    let first = first.expect("a pick-and-destination move");
    let coord = get(&first, "coord").as_string().expect("coord");
    white_again.play_path(path(&white_again, &coord)).expect("a gesture");
    assert_eq!(get(&white_again.state(None).expect("state"), "plies").as_f64(), Some(plies + 2.0));
    white_again.undo().expect("undo");
    assert_eq!(get(&white_again.state(None).expect("state"), "plies").as_f64(), Some(plies));
    assert_eq!(code(white_again.play_path(vec![0, 999]).expect_err("no such destination")), "illegal-action");
    assert_eq!(get(&white_again.state(None).expect("state"), "plies").as_f64(), Some(plies), "all or nothing");
}

#[wasm_bindgen_test]
fn the_computer_answers_with_a_listed_option() {
    let mut game =
        GameHandle::new("chess", None, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()), None).expect("game");
    let choice = game.think(2, 1e6, 1000.0, 7.0).expect("an answer");
    let index = get(&choice, "index").as_f64().expect("index") as u32;
    assert_eq!(index, option(&game, "a1a8"), "mate in one");
    game.play(index).expect("legal");
    assert_eq!(code(game.think(2, 1e6, 1000.0, 7.0).expect_err("game over")), "game-over");
    // A zero time budget still answers (the first iteration always completes).
    let start = GameHandle::new(
        "napoleon",
        None,
        Some("15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP14/K15 w 0 1".into()),
        None,
    )
    .expect("game");
    let choice = start.think(64, 1e9, 0.0, 1.0).expect("an answer");
    assert!(get(&choice, "depth").as_f64().expect("depth") >= 1.0);
}

#[wasm_bindgen_test]
fn every_level_answers_and_out_of_range_levels_are_clamped() {
    let list = levels();
    assert_eq!(list.len(), 5);
    assert!(list[0].starts_with("Beginner ("), "{list:?}");
    let game = GameHandle::new("chess", None, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()), None).expect("game");
    for level in [0, 1, 3, 5, 99] {
        let choice = game.think_at(level, 3.0).expect("an answer");
        assert!(get(&choice, "index").as_f64().is_some(), "level {level}");
    }
    let strongest = game.think_at(5, 3.0).expect("an answer");
    assert_eq!(get(&strongest, "index").as_f64().map(|i| i as u32), Some(option(&game, "a1a8")), "mate in one");
}

#[wasm_bindgen_test]
fn finish_turn_gives_a_legal_way_through_the_turn() {
    let mut game = GameHandle::new(
        "napoleon",
        None,
        Some("15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP14/K15 w 0 1".into()),
        None,
    )
    .expect("game");
    let path = game.finish_turn().expect("a way");
    assert!(!path.is_empty());
    game.play_path(path).expect("legal, all of it");
    assert_eq!(get(&game.state(None).expect("state"), "toMove").as_f64(), Some(1.0), "the turn is over");
    let mut mated =
        GameHandle::new("chess", None, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()), None).expect("game");
    mated.play(option(&mated, "a1a8")).expect("mate");
    assert_eq!(mated.finish_turn().expect("nothing to do"), Vec::<u32>::new(), "nothing to finish after the game");
}
