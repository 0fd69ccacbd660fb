//! The exported API as the page uses it, run in headless Chromium by `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use chessfront_web::browser::{BrowserHost, BrowserKeep};
use chessfront_web::{levels, perft, variants, view_position, GameHandle, SessionHandle};
use engine::session::keep::Keep;
use engine::session::Host;
use wasm_bindgen::JsValue;
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
    let list = js_sys::Array::from(&variants(None).expect("variants"));
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
    let mut game = GameHandle::new("chess", None, None).expect("new game");
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
    let mut game = GameHandle::new("chess", None, None).expect("new game");
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play(option(&game, m)).expect("legal");
    }
    let link = game.link();
    let back = GameHandle::from_link(&format!("http://localhost:8080/#{link}")).expect("decodes");
    assert_eq!(back.link(), link, "the same game, id and moves");
    let outcome = get(&back.state(None).expect("state"), "outcome");
    assert_eq!(get(&outcome, "score").as_string().as_deref(), Some("0-1"));
    assert_eq!(code(GameHandle::from_link("#%%%").err().expect("garbage")), "link-malformed");
    assert_eq!(code(GameHandle::from_link(&link[..link.len() - 4]).err().expect("cut")), "link-truncated");
    let bad_setup = GameHandle::new("chess", None, Some("8/8/8/8/8/8/8/8 w - - 0 1".into()));
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
    let list = js_sys::Array::from(&variants(None).expect("variants"));
    assert!(list.iter().any(|v| get(&v, "slug").as_string().as_deref() == Some("checkered")));
}

/// The path of the option whose coordinate notation is `coord` (a pick and its destination).

#[wasm_bindgen_test]
fn the_computer_answers_with_a_listed_option() {
    let mut game = GameHandle::new("chess", None, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into())).expect("game");
    let choice = game.think(2, 1e6, 1000.0, 7.0).expect("an answer");
    let index = get(&choice, "index").as_f64().expect("index") as u32;
    assert_eq!(index, option(&game, "a1a8"), "mate in one");
    game.play(index).expect("legal");
    assert_eq!(code(game.think(2, 1e6, 1000.0, 7.0).expect_err("game over")), "game-over");
    // A zero time budget still answers (the first iteration always completes).
    let start =
        GameHandle::new("napoleon", None, Some("15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP14/K15 w 0 1".into()))
            .expect("game");
    let choice = start.think(64, 1e9, 0.0, 1.0).expect("an answer");
    assert!(get(&choice, "depth").as_f64().expect("depth") >= 1.0);
}

#[wasm_bindgen_test]
fn every_level_answers_and_out_of_range_levels_are_clamped() {
    let list = levels(None, None, None);
    assert_eq!(list.len(), 14);
    assert!(list[0].starts_with("Beginner ("), "{list:?}");
    assert!(list[13].starts_with("Strongest (") && list[13].contains("on Stockfish's scale"), "{list:?}");
    // A position with one good answer: the queen on d5 is bait (a pawn takes back), the knight on a4 is
    // free. Every level searches two decisions at least, so every level takes the knight, the noisiest
    // too (its noise is well under the knight's worth).
    let game = GameHandle::new("chess", None, Some("6k1/5ppp/4p3/3q4/n7/8/5PPP/3Q2K1 w - - 0 1".into())).expect("game");
    let pick =
        |level: u32| get(&game.think_at(level, 3.0).expect("an answer"), "index").as_f64().expect("index") as u32;
    let knight = option(&game, "d1a4");
    for level in 1..=list.len() as u32 {
        assert_eq!(pick(level), knight, "level {level}");
    }
    // Out of range, no panic: below the first level plays as the first, above the last as the last.
    assert_eq!(pick(0), knight);
    assert_eq!(pick(99), knight);
}

#[wasm_bindgen_test]
fn finish_turn_gives_a_legal_way_through_the_turn() {
    let mut game =
        GameHandle::new("napoleon", None, Some("15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP14/K15 w 0 1".into()))
            .expect("game");
    let path = game.finish_turn().expect("a way");
    assert!(!path.is_empty());
    game.play_path(path).expect("legal, all of it");
    assert_eq!(get(&game.state(None).expect("state"), "toMove").as_f64(), Some(1.0), "the turn is over");
    let mut mated = GameHandle::new("chess", None, Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into())).expect("game");
    mated.play(option(&mated, "a1a8")).expect("mate");
    assert_eq!(mated.finish_turn().expect("nothing to do"), Vec::<u32>::new(), "nothing to finish after the game");
}

#[wasm_bindgen_test]
fn browser_storage_is_the_sessions_keep() {
    let mut keep = BrowserKeep;
    keep.remove("chessfront.test");
    assert_eq!(keep.get("chessfront.test"), None);
    keep.set("chessfront.test", "value").expect("stored");
    assert_eq!(keep.get("chessfront.test").as_deref(), Some("value"));
    assert!(keep.keys().iter().any(|k| k == "chessfront.test"));
    keep.remove("chessfront.test");
    assert_eq!(keep.get("chessfront.test"), None);
    let mut host = BrowserHost;
    let (mut a, mut b) = ([0u8; 16], [0u8; 16]);
    assert!(host.random(&mut a) && host.random(&mut b));
    assert_ne!(a, b, "the secure random source");
    // More than one call of `getRandomValues` gives (65,536 bytes): every part is filled.
    let mut long = vec![0u8; 70_000];
    assert!(host.random(&mut long));
    assert!(long[..65_536].iter().any(|&x| x != 0) && long[65_536..].iter().any(|&x| x != 0), "both parts filled");
    assert!(host.now().ends_with('Z'), "an ISO time: {}", host.now());
}

fn local_storage() -> web_sys::Storage {
    web_sys::window().expect("window").local_storage().expect("allowed").expect("present")
}

#[wasm_bindgen_test]
fn a_link_game_keeps_its_secret_in_storage_and_its_link_in_the_address_bar() {
    let mut session = SessionHandle::new();
    session.new_game("chess2024", "link", 0, None, None, None).expect("new game");
    let state = session.state(None).expect("state");
    let id = get(&state, "gameId").as_string().expect("id");
    let kept = local_storage().get_item(&format!("chessfront.secret.{id}")).expect("readable").expect("kept");
    assert!(kept.contains("\"seat\":0"), "{kept}");
    let link = session.link().expect("link");
    let hash = web_sys::window().expect("window").location().hash().expect("hash");
    assert_eq!(hash, format!("#{link}"), "the address bar holds the link game");
    let secret = kept.split("\"secret\":\"").nth(1).and_then(|r| r.split('"').next()).expect("hex").to_string();
    assert_eq!(secret.len(), 32, "128 bits");
    assert!(!link.contains(&secret), "the link never carries the secret");
    // A damaged link is reported with its code and the game stays.
    let update = session.open_link("#AQwBAQ").expect("an update");
    assert_eq!(get(&get(&update, "notice"), "code").as_string().as_deref(), Some("link-truncated"));
    assert_eq!(session.link().as_deref(), Some(link.as_str()));
    // A pass-and-play game leaves the address bar alone.
    session.new_game("chess", "local", 0, None, None, None).expect("new game");
    assert_eq!(web_sys::window().expect("window").location().hash().expect("hash"), "");
    session.delete_game(&id);
    assert_eq!(
        local_storage().get_item(&format!("chessfront.secret.{id}")).expect("readable"),
        None,
        "deleted with its game"
    );
}

#[wasm_bindgen_test]
fn the_computers_turn_comes_from_the_engine() {
    let mut session = SessionHandle::in_memory();
    let update = session.new_game("chess", "computer", 1, Some(1), None, None).expect("new game");
    let think = get(&update, "think");
    let link = get(&think, "link").as_string().expect("link");
    let id = get(&think, "id").as_f64().expect("id") as u32;
    let turn = chessfront_web::ComputerPlayer::new().turn(&link, 0, 1, 7).expect("a turn");
    let indices: Vec<u32> =
        js_sys::Array::from(&get(&turn, "indices")).iter().map(|v| v.as_f64().expect("index") as u32).collect();
    assert_eq!(indices.len(), 1);
    session.computer_moved(id, indices, false, 0).expect("played");
    assert_eq!(get(&session.state(None).expect("state"), "plies").as_f64(), Some(1.0));
}

/// The frozen link vectors of every variant, decoded by the wasm build as the page decodes a link: the
/// same final position, the same bytes back, and each damaged link's own error code.
#[wasm_bindgen_test]
fn frozen_link_vectors_decode_in_the_browser_as_in_cargo() {
    let text = include_str!("../../../tests/links/vectors.txt");
    let mut count = 0;
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, expect, link) = (fields[0], fields[1], fields.get(2).copied().unwrap_or(""));
        let decoded = GameHandle::from_link(&format!("https://example.org/#{link}"));
        if let Some(position) = expect.strip_prefix("ok:") {
            let game = decoded.unwrap_or_else(|e| panic!("{name}: {}", code(e)));
            let state = game.state(None).expect("state");
            assert_eq!(get(&state, "position").as_string().as_deref(), Some(position), "{name}");
            assert_eq!(game.link(), link, "{name} re-encodes to the same link");
        } else {
            let want = expect.strip_prefix("error:").expect("ok: or error:");
            assert_eq!(code(decoded.err().unwrap_or_else(|| panic!("{name} decoded"))), want, "{name}");
        }
        count += 1;
    }
    assert!(count >= 29, "{count} vectors");
}

/// The chance draw's and the seal's known answers, computed by the wasm build of the engine.
#[wasm_bindgen_test]
fn chance_and_seal_known_answers_hold_in_wasm() {
    let text = include_str!("../../../tests/links/known_answers.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (inputs, expected) = line.rsplit_once('\t').expect("inputs and an answer");
        assert_eq!(engine::known_answers::answer(inputs).as_deref(), Some(expected), "{line}");
        checked += 1;
    }
    assert!(checked >= 10);
}

/// The session speaks the language the page sets: states, errors and the words of the
/// board in French for any French tag, English for any other.
#[wasm_bindgen_test]
fn the_session_speaks_the_language_the_page_sets() {
    let mut session = SessionHandle::in_memory();
    session.new_game("chess", "local", 0, None, None, None).expect("new game");
    assert_eq!(session.language(), "en");
    let status = |session: &SessionHandle| {
        get(&get(&session.state(None).expect("state"), "session"), "status").as_string().expect("status")
    };
    assert_eq!(status(&session), "White to move.");
    assert_eq!(session.set_language("fr-CA"), "fr");
    assert_eq!(session.language(), "fr");
    assert_eq!(status(&session), "Aux Blancs de jouer.");
    let state = session.state(None).expect("state");
    assert_eq!(get(&state, "variantName").as_string().as_deref(), Some("Échecs"));
    let options = js_sys::Array::from(&get(&state, "options"));
    let resign = options.iter().find(|o| get(o, "kind").as_string().as_deref() == Some("resign")).expect("resign");
    assert_eq!(get(&resign, "name").as_string().as_deref(), Some("Abandonner"));
    session.play_typed("e4").expect("e4");
    let record = js_sys::Array::from(&get(&session.state(None).expect("state"), "record"));
    assert_eq!(get(&record.get(0), "words").as_string().as_deref(), Some("Blancs\u{a0}: pion e2 en e4."));
    assert_eq!(session.square_words(None, 52, None).expect("e4").as_str(), "e4, pion blanc");
    let error = session.play_typed("Qh5").expect_err("not legal");
    assert_eq!(code(error.clone()), "illegal-action");
    let message = get(&error, "message").as_string().expect("a message");
    assert!(message.starts_with("« Qh5 » n'est pas un coup légal ici."), "{message}");
    assert_eq!(session.set_language("de"), "en");
    assert_eq!(session.language(), "en");
    assert_eq!(status(&session), "Black to move.");
    let names = js_sys::Array::from(&variants(Some("fr".into())).expect("variants"));
    assert_eq!(get(&names.get(0), "name").as_string().as_deref(), Some("Échecs"));
    assert_eq!(
        levels(Some("fr".into()), None, None)[0],
        "Débutant (ne voit pas les menaces et donne du matériel\u{a0}; aux échecs, environ 1275 sur l'échelle de Stockfish)"
    );
}

/// What the page draws without deciding: the seat to move, the bottom seat whichever way the
/// board is turned, what to announce, and the setup editor's squares, click and text.
#[wasm_bindgen_test]
fn the_page_is_told_seats_announcements_and_the_setup_editor() {
    let mut session = SessionHandle::in_memory();
    session.new_game("chess", "local", 0, None, None, None).expect("new game");
    let state = session.state(None).expect("state");
    assert_eq!(get(&state, "movingSeat").as_f64(), Some(0.0));
    let bottom = js_sys::Array::from(&get(&get(&state, "session"), "bottomSeats"));
    assert_eq!((bottom.get(0).as_f64(), bottom.get(1).as_f64()), (Some(0.0), Some(1.0)));
    let said = js_sys::Array::from(&session.announce(None, "White to move.").expect("said"));
    assert_eq!(said.length(), 1);
    assert_eq!(get(&said.get(0), "kind").as_string().as_deref(), Some("say"));
    assert_eq!(js_sys::Array::from(&session.announce(None, "White to move.").expect("said")).length(), 0);

    session.new_game("napoleon", "local", 0, None, None, None).expect("napoleon");
    let view = session.setup_editor(Vec::new(), Vec::new()).expect("an empty draft");
    let open = js_sys::Array::from(&get(&view, "open"));
    assert!(open.length() >= 16);
    let square = open.get(0).as_f64().expect("a square") as u8;
    let edit = session.setup_click(Vec::new(), Vec::new(), "K", square).expect("a click");
    let men = js_sys::Array::from(&get(&edit, "men"));
    assert_eq!(men.length(), 1);
    let view = session.setup_editor(vec![square], vec!["K".into()]).expect("a king placed");
    assert!(get(&view, "text").as_string().expect("text").starts_with('K'));
    let random = session.random_setup().expect("random");
    assert_eq!(js_sys::Array::from(&session.setup_draft_of(&random).expect("men")).length(), 16);
}
