//! Decisions, squares and positions in words (engine::words), and moves typed in the move list's
//! notation (Game::typed_path): every variant's special actions are announced by what they did.

mod common;

use common::play;
use engine::game::Decision;
use engine::words::{position_words, square_words};
use engine::{ErrorCode, Game, Square};

fn game(slug: &str, text: Option<&str>) -> Game {
    Game::from_slug(slug, text).unwrap_or_else(|e| panic!("{slug} {text:?}: {e}"))
}

/// Plays `moves` and answers the words of each.
fn say(g: &mut Game, moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .map(|m| {
            play(g, &[m]);
            g.record().last().map(|e| e.words.clone()).unwrap_or_default()
        })
        .collect()
}

fn square(g: &Game, name: &str) -> String {
    square_words(&g.position().view(), Square::parse(name).expect("square"))
}

#[test]
fn chess_moves_captures_castling_en_passant_promotion_check_and_mate() {
    let mut g = game("chess", None);
    let words = say(&mut g, &["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4"]);
    assert_eq!(words[0], "White: pawn e2 to e4.");
    assert_eq!(words[3], "Black: knight b8 to c6.");
    assert_eq!(words[6], "White: king e1 to g1, rook h1 to f1.");
    assert_eq!(words[7], "Black: knight f6 takes white pawn e4.");
    let mut g = game("chess", Some("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1"));
    assert_eq!(
        say(&mut g, &["exd6", "Kd7", "b8=N+"]),
        [
            "White: pawn e5 to d6, removing black pawn d5.",
            "Black: king e8 to d7.",
            "White: pawn b7 to b8, becomes knight, check."
        ]
    );
    let mut g = game("chess", None);
    assert_eq!(say(&mut g, &["f3", "e5", "g4", "Qh4"])[3], "Black: queen d8 to h4, checkmate.");
}

#[test]
fn game_level_decisions_in_words() {
    let mut g = game("chess", None);
    let words = say(&mut g, &["offer-draw", "e4", "accept-draw"]);
    assert_eq!([&words[0], &words[2]], ["White offers a draw.", "Black accepts the draw."]);
    let mut g = game("chess", None);
    assert_eq!(say(&mut g, &["resign"]), ["White resigns."]);
    let mut g = game("chess", None);
    play(&mut g, &["e4"]);
    g.resign_out_of_turn(0).expect("White waits and resigns");
    assert_eq!(g.record().last().map(|e| e.words.as_str()), Some("White resigns."));
}

#[test]
fn a_gunnery_shot_destroys_both() {
    let mut g = game("gunnery", Some("4k3/8/8/4p3/8/4N3/4P3/4K3 w - - 0 1"));
    assert_eq!(say(&mut g, &["e2*e5"]), ["White: pawn e2 fires at black pawn e5, destroying both."]);
}

#[test]
fn wounds_rotations_and_prongs() {
    let mut g = game("wounds", Some("r6k/8/8/8/8/8/8/R6K w 0 0 1"));
    assert_eq!(
        say(&mut g, &["R~a8"]),
        ["White: rook a1 wounds black rook a8, leaving it long prongs north, east and west, short prong south."]
    );
    assert_eq!(square(&g, "a8"), "a8, black rook with long prongs north, east and west, short prong south");
    let mut g = game("wounds", Some("k7/8/8/8/3R{l.l.l...}4/8/8/7K w 0 0 1"));
    assert_eq!(say(&mut g, &["Rd4>"]), ["White: rook d4 turns: long prongs north-east, south-east and south-west."]);
    let g = game("wounds", None);
    assert_eq!(square(&g, "e2"), "e2, white pawn with short prongs north, north-east and north-west");
}

#[test]
fn checkered_captures_pieces_and_the_switch() {
    let mut g = game("checkered", None);
    let words = say(&mut g, &["Nc3", "d5", "Nxd5=P", "d4"]);
    assert_eq!(words[2], "White: knight c3 takes black pawn d5, becomes checkered pawn.");
    assert_eq!(words[3], "Black: checkered pawn d5 to d4.");
    assert_eq!(square(&g, "d4"), "d4, checkered pawn");
    let mut g = game("checkered", Some("4k3/8/8/4o3/8/8/8/4K3 w 0 iiii0000000000000000 - - 1"));
    assert_eq!(say(&mut g, &["S"]), ["White: Switch."]);
}

#[test]
fn chess2024_frontal_attacks_shots_substitutions_archers_and_craters() {
    let mut g = game("chess2024", None);
    assert_eq!(
        say(&mut g, &["c4(5)"]),
        ["White: pawn c3 to c4, pawn d3 to d4, pawn e3 to e4, pawn f3 to f4, pawn g3 to g4."]
    );
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/2B1n7/2P1P7/3C8/3A(2)2K5 w 0 1"));
    assert_eq!(
        say(&mut g, &["C@d4"]),
        ["White: cannon d2 fires at d4, leaving a crater there, ammunition stack d1 now with 1 shot, removing pawn c3, pawn e3, bishop c4 and black knight e4."]
    );
    assert_eq!(square(&g, "d4"), "d4, white crater");
    assert_eq!(square(&g, "d1"), "d1, white ammunition stack with 1 shot");
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/12/12/12/RN4K5 w 0 1 B1N1/- 1/0 0/0 4/4"));
    assert_eq!(say(&mut g, &["-Nb1+Bb1"]), ["White: knight b1 replaced by bishop."]);
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 Q1/- 9/0 16/0 4/4"));
    assert_eq!(
        say(&mut g, &["+Qa1", "Kf12", "+H[b1,c1]"]),
        ["White: brings on queen a1.", "Black: king g12 to f12.", "White: brings on archer b1 and archer c1."]
    );
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/12/12/12/6K1N3 w 0 1"));
    assert_eq!(say(&mut g, &["-Ni1"]), ["White: knight i1 leaves the board."]);
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/3x8/12/12/3R2K5 w 0 1"));
    assert_eq!(say(&mut g, &["Rxd4"]), ["White: rook d1 to d4, filling the crater."]);
}

#[test]
fn napoleon_setups_group_moves_and_phases() {
    let mut g = game("napoleon", None);
    g.seal_setup(0, "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2", [9; 16], 1).expect("valid");
    g.place_setup(1, Some(&engine::variants::napoleon::preset(2, 1, 1).expect("preset"))).expect("valid");
    g.place_setup(0, None).expect("revealed");
    let said: Vec<&str> = g.record().iter().map(|e| e.words.as_str()).filter(|w| !w.is_empty()).collect();
    assert_eq!(said, ["White: setup sealed.", "Black: set up.", "White: setup revealed."]);
    // A man's move is a pick and a destination: the pick has no words of its own.
    play(&mut g, &["j1"]);
    assert_eq!(g.record().last().map(|e| e.words.as_str()), Some(""));
    assert_eq!(say(&mut g, &["Nj1-h2", "end moves"]), ["White: knight j1 to h2.", "White: end moves."]);
    // The knight left its group: cut off, it is the man to rejoin now.
    assert_eq!(square(&g, "h2"), "h2, white knight, cut off from its group, in the group moving now");
    // No rejoining move: the cut-off knight switches onto a grouped pawn, taking its place.
    assert_eq!(say(&mut g, &["end rejoining", "h2m2s"])[1], "White: knight h2 replaces pawn m2.");
}

#[test]
fn squares_and_the_whole_position() {
    let mut g = game("chess", Some("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"));
    assert_eq!(square(&g, "e1"), "e1, white king, in check");
    assert_eq!(square(&g, "a1"), "a1, empty");
    let view = g.position().view();
    assert_eq!(
        position_words(&view, g.seat_names(), g.to_move()),
        "White to move. White: king e1. Black: king e8; queen e2. White is in check."
    );
    play(&mut g, &["Kxe2"]);
    let g = game("chess", None);
    let words = position_words(&g.position().view(), g.seat_names(), g.to_move());
    assert!(words.contains("White: king e1; queen d1; rooks a1 and h1; bishops c1 and f1; knights b1 and g1; pawns a2, b2, c2, d2, e2, f2, g2 and h2."), "{words}");
    // The lines beside the board (Chess 2024's reserves) are read too.
    let g = game("chess2024", None);
    let words = position_words(&g.position().view(), g.seat_names(), g.to_move());
    assert!(words.contains("ammunition stacks d1 (3) and i1 (3)") && words.contains("White: reserve empty"), "{words}");
}

#[test]
fn typed_moves_match_one_option_by_name_or_squares() {
    let g = game("chess", None);
    let path = |text: &str| g.typed_path(text).map_err(|e| (e.code, e.message));
    let index = |name: &str| g.listed_options().iter().position(|o| o.info.name == name).expect("listed") as u32;
    assert_eq!(path("Nf3"), Ok(vec![index("Nf3")]));
    assert_eq!(path("g1f3"), Ok(vec![index("Nf3")]));
    assert_eq!(path(" G1-F3 "), Ok(vec![index("Nf3")]), "squares in any case, with a dash");
    assert_eq!(path("e4+"), Ok(vec![index("e4")]), "check signs are optional");
    let resign = g.index_of(Decision::Resign).expect("resign");
    assert_eq!(path("Resign"), Ok(vec![resign]));
    let (code, message) = path("Nf4").expect_err("illegal");
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(message.contains("'Nf4' is not a legal move here"), "{message}");
    assert!(path("  ").expect_err("empty").1.contains("Type a move first"));
    // Castling with zeros; a Napoleon move is a pick and a destination: a path of two.
    let mut g = game("chess", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    let castle = g.typed_path("0-0").expect("castling");
    g.play_path(&castle).expect("plays");
    assert_eq!(g.record().last().map(|e| e.name.as_str()), Some("O-O"));
    let mut g = game("napoleon", None);
    g.seal_setup(0, "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2", [9; 16], 1).expect("valid");
    g.place_setup(1, Some(&engine::variants::napoleon::preset(2, 1, 1).expect("preset"))).expect("valid");
    g.place_setup(0, None).expect("revealed");
    let two = g.typed_path("Nj1-h2").expect("a man's move");
    assert_eq!(two.len(), 2);
    g.play_path(&two).expect("plays");
    assert_eq!(g.record().last().map(|e| e.name.as_str()), Some("Nj1-h2"));
    // Chess 2024's own forms: a shot by its name and by its coordinates.
    let g = game("chess2024", None);
    assert!(g.typed_path("C@d7").is_ok() && g.typed_path("d2d7f").is_ok() && g.typed_path("c4(5)").is_ok());
}

#[test]
fn four_players_are_named_by_their_seats() {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let mut g = Game::new(rules, Some(&[1]), None).expect("four players");
    let mut seed = 3;
    while common::make_due_setup(&mut g, seed, 7) {
        seed += 1;
    }
    let said: Vec<&str> = g.record().iter().map(|e| e.words.as_str()).filter(|w| !w.is_empty()).collect();
    assert!(said.contains(&"Red: setup sealed.") && said.contains(&"Blue: set up."), "{said:?}");
    let words = position_words(&g.position().view(), g.seat_names(), g.to_move());
    // Each seat's men under its own name, in seat order.
    let at = |name: &str| words.find(name).unwrap_or_else(|| panic!("{name} in {words}"));
    assert!(at("White to move.") < at("White: king") && at("White: king") < at("Red: king"), "{words}");
    assert!(at("Red: king") < at("Black: king") && at("Black: king") < at("Blue: king"), "{words}");
    // A man's move by White, then the phase ended: each said with the seat's name.
    let moves: Vec<_> = g.listed_options().into_iter().filter(|o| o.path.len() == 2).collect();
    let first = moves.first().expect("a man can move");
    g.play_path(&first.path).expect("plays");
    assert!(g.record().last().is_some_and(|e| e.words.starts_with("White: ") && e.words.contains(" to ")));
}
