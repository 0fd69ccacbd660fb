//! Unit tests of the game record: decisions, undo, draws, resignation, setups and names.

use super::*;

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        let d = game.find(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(d).expect("found decisions are legal");
    }
}

#[test]
fn fools_mate_ends_the_game() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    play_all(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Checkmate)));
    assert!(g.decisions().is_empty());
    assert_eq!(g.play_index(0).err().map(|e| e.code), Some(ErrorCode::GameOver));
    assert_eq!(g.record()[3].name, "Qh4#");
}

#[test]
fn threefold_repetition_is_automatic() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    assert_eq!(g.outcome(), None);
    play_all(&mut g, &["Ng8"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

#[test]
fn the_position_keys_are_the_ones_the_threefold_rule_counts() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    let start = g.position().repetition_key();
    play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    let keys: Vec<&[u8]> = g.position_keys().collect();
    assert_eq!(keys.len(), 5, "the start and one a move");
    assert_eq!(keys.iter().filter(|&&k| k == start.as_slice()).count(), 2);
    assert_eq!(keys.last(), Some(&g.position().repetition_key().as_slice()), "the one to decide last");
    g.undo().expect("undo");
    assert_eq!(g.position_keys().count(), 4, "undo takes its position back");
}

#[test]
fn draw_offer_accept_and_lapse() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    play_all(&mut g, &["offer-draw", "e4"]);
    assert!(g.decisions().contains(&Decision::AcceptDraw));
    assert!(!g.decisions().contains(&Decision::OfferDraw));
    play_all(&mut g, &["e5"]);
    assert!(!g.decisions().contains(&Decision::AcceptDraw), "offer lapses when declined by moving");
    play_all(&mut g, &["offer-draw", "Nf3", "accept-draw"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::DrawAgreed)));
}

#[test]
fn the_offerer_cannot_accept_its_own_offer() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    assert_eq!(g.draw_offer(), None);
    play_all(&mut g, &["e4", "offer-draw"]);
    assert_eq!(g.draw_offer(), Some(1), "Black's offer is pending");
    assert!(!g.decisions().contains(&Decision::AcceptDraw), "Black still moves, with no accept of its own offer");
    play_all(&mut g, &["e5"]);
    assert_eq!(g.draw_offer(), Some(1), "the offer stands for White to answer");
    assert!(g.decisions().contains(&Decision::AcceptDraw));
}

#[test]
fn only_the_waiting_player_of_two_resigns_out_of_turn() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    play_all(&mut g, &["e4"]);
    let refused = |g: &mut Game, seat| g.resign_out_of_turn(seat).err().map(|e| e.code);
    assert_eq!(refused(&mut g, 1), Some(ErrorCode::IllegalAction), "Black is to move: it resigns by a decision");
    assert_eq!(refused(&mut g, 2), Some(ErrorCode::IllegalAction), "no third seat");
    g.resign_out_of_turn(0).expect("White waits for Black");
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::Resignation)));
    assert_eq!(g.resigned_out_of_turn(), Some(0));
    assert_eq!(refused(&mut g, 0), Some(ErrorCode::GameOver));
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    g.resign_out_of_turn(1).expect("Black waits for White");
    assert_eq!(g.outcome(), Some(Outcome::win(0, EndReason::Resignation)));
    // Four players: nobody resigns out of turn (the others would play on without a word from them).
    let mut four = Game::new(variants::by_slug("napoleon").expect("napoleon"), Some(&[1]), None).expect("four");
    assert_eq!(refused(&mut four, 1), Some(ErrorCode::IllegalAction));
    // In the middle of a gesture (a Napoleon man picked): not out of turn either.
    let start = "12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R w 1 1";
    let mut napoleon = Game::from_slug("napoleon", Some(start)).expect("napoleon");
    napoleon.play_index(0).expect("a man picked");
    assert!(napoleon.position().transient() && napoleon.to_move() == 0);
    assert_eq!(refused(&mut napoleon, 1), Some(ErrorCode::IllegalAction));
}

#[test]
fn undoing_a_move_takes_back_the_pick_as_well() {
    let start = "12rr2/3p9bk1/2pp2p2pq2b2/1p3nn2pp5/16/16/16/16/16/16/16/16/13P1P/3P10QP/3KPP7PPN/3NBBR8R w 1 1";
    let mut g = Game::from_slug("napoleon", Some(start)).expect("napoleon");
    g.play_index(0).expect("a man picked");
    assert!(g.position().transient());
    let to = g.decisions().iter().position(|d| matches!(d, Decision::Act(_))).expect("a destination");
    g.play_index(to as u32).expect("moved");
    assert!(!g.position().transient());
    g.undo_move().expect("a move to take back");
    assert!(g.record().is_empty(), "the destination and the pick: {:?}", g.record().len());
}

#[test]
fn a_setup_is_made_only_by_the_seat_it_is_due_for() {
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let mut g = Game::new(rules, None, None).expect("start");
    assert_eq!(g.setup_due().map(|d| d.seat), Some(0));
    let black = g.random_setup(1, 7).expect("a setup for Black");
    let err = g.seal_setup(1, &black, [3; 16], 9).expect_err("White's setup is due");
    assert_eq!((err.code, err.message.as_str()), (ErrorCode::IllegalAction, "It is not Black's setup now."));
    assert!(g.record().is_empty() && g.seals().iter().all(|s| s.commitment.is_none()));
}

#[test]
fn resignation_and_undo() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    play_all(&mut g, &["e4", "resign"]);
    assert_eq!(g.outcome(), Some(Outcome::win(0, EndReason::Resignation)));
    g.undo().expect("one decision to undo");
    assert_eq!(g.outcome(), None);
    g.undo().expect("one more");
    assert_eq!(g.undo().err().map(|e| e.code), Some(ErrorCode::NothingToUndo));
}

#[test]
fn effects_list_what_vanished_and_appeared() {
    let mut g = Game::from_slug("chess", Some("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1")).expect("valid");
    play_all(&mut g, &["exd6"]);
    let e = &g.record()[0].effects;
    let names = |v: &[crate::rules::PieceView]| v.iter().map(|p| format!("{}{}", p.kind, p.square)).collect::<Vec<_>>();
    assert_eq!(names(&e.vanish), ["Pd5", "Pe5"]);
    assert_eq!(names(&e.appear), ["Pd6"]);
    play_all(&mut g, &["Kd7", "O-O-O"]);
    let e = &g.record()[2].effects;
    assert_eq!(names(&e.vanish), ["Ra1", "Ke1"]);
    assert_eq!(names(&e.appear), ["Kc1", "Rd1"]);
}

#[test]
fn bad_indices_and_names_are_typed_errors() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    assert_eq!(g.play_index(999).err().map(|e| e.code), Some(ErrorCode::IllegalAction));
    assert_eq!(g.find("e5").err().map(|e| e.code), Some(ErrorCode::IllegalAction));
    assert_eq!(g.find("accept-draw").err().map(|e| e.code), Some(ErrorCode::IllegalAction));
    assert!(g.find("e2e4").is_ok());
}

/// Every change counts (the session relies on an equal count meaning the same game); reading does not.
#[test]
fn every_change_counts_and_reading_does_not() {
    let mut g = Game::from_slug("chess", None).expect("chess exists");
    let mut last = g.changes();
    let mut counted = |g: &Game, what: &str| {
        assert!(g.changes() > last, "{what} is counted");
        last = g.changes();
    };
    play_all(&mut g, &["e4"]);
    counted(&g, "a move");
    g.play_path(&[0, 9999]).expect_err("no such option");
    counted(&g, "a gesture that failed half-way");
    g.undo_move().expect("undo");
    counted(&g, "a move taken back");
    play_all(&mut g, &["d4"]);
    g.resign_out_of_turn(0).expect("White waits and resigns");
    counted(&g, "a resignation out of turn");
    let _ = (g.decisions(), g.record().len(), g.position().to_text(), crate::link::encode(&g, 1), g.ply_label(1));
    assert_eq!(g.changes(), last, "reading changes nothing");

    let mut n = Game::from_slug("napoleon", None).expect("napoleon exists");
    let mut last = n.changes();
    let mut counted = |g: &Game, what: &str| {
        assert!(g.changes() > last, "{what} is counted");
        last = g.changes();
    };
    let due = n.setup_due().expect("a setup due");
    let text = n.random_setup(due.seat, 7).expect("a setup");
    let salt = [5; crate::seal::SALT_BYTES];
    n.seal_setup(due.seat, &text, salt, 9).expect("sealed");
    counted(&n, "a setup sealed");
    let own = n.seals()[due.seat as usize].own.clone().expect("kept");
    n.adopt_sealed_setup(due.seat, &own.0, own.1, 9).expect("it opens its commitment");
    counted(&n, "a sealed setup adopted");
    n.set_seals(n.seals().to_vec());
    counted(&n, "seals set");
    let _ = n.place_setup(1, None);
    counted(&n, "a setup placed (or refused)");

    let mut c = Game::with_chance(
        crate::variants::by_slug("chess2024").expect("chess2024"),
        None,
        None,
        ChanceSource::Committed(crate::chance::Commitments::new(3)),
    )
    .expect("a game");
    let before = c.changes();
    c.adopt_secret(0, [1; crate::chance::SECRET_BYTES]).expect("adopted");
    assert!(c.changes() > before, "a secret adopted is counted");
}
