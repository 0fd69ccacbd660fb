//! Part 2: the fortunes of war: each card's effect, the event once between plies 20 and 60, and the
//! same fortune seen by two browsers playing by link.

use super::*;

use engine::chance::{self as fair, ChanceSource, Commitments};
use engine::variants::chess2024::{Card, Chess2024};

/// A game that reaches ply `ply` with `card` forced there (moves: kings shuffle).
fn forced(pieces: &[(&str, &str)], ply: u16, card: Card, detail: u64) -> Game {
    let fullmove = (ply - 1) / 2 + 1;
    let turn = if (ply - 1) % 2 == 0 { "w" } else { "b" };
    let text = fen(pieces, turn).replace(" 0 1", &format!(" 0 {fullmove}"));
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let script = ChanceSource::Scripted(vec![(ply as u32, Chess2024::forced_chance(ply, card, detail))]);
    Game::with_chance(rules, None, Some(&text), script).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn the_queen_of_hearts_gives_a_free_piece() {
    let g = forced(&with_kings(&[("c5", "N")]), 21, Card::QueenOfHearts, 0);
    // Ply 21 is White's: detail 0 gives a queen.
    assert!(text(&g).contains(" Q1+1/- "), "{}", text(&g));
    let view = g.position().view();
    assert_eq!(view.event.map(|e| e.title), Some("Queen of Hearts".to_string()));
    assert!(has(&g, "+Qa1"), "brought on at no cost: {:?}", names(&g));
}

#[test]
fn the_ace_of_spades_kills_two_adjacent_squares_but_never_a_king() {
    // Pair 0 is a1-b1: White's rook there dies, the king on b1 is immune.
    let g = forced(&[("b1", "K"), ("a1", "R"), ("g12", "k")], 21, Card::AceOfSpades, 0);
    assert_eq!(board_text(&g), fen(&[("b1", "K"), ("g12", "k")], "w").replace(" 0 1", " 0 11"));
    assert_eq!(g.position().view().marks.len(), 2);
    assert!(text(&g).contains(" R1/- "), "the rook went to the reserve: {}", text(&g));
}

#[test]
fn the_ace_of_spades_kills_every_isolated_piece_of_the_side_to_move() {
    // Odd detail: isolated pieces of the side to move (White at ply 21): the knight on c5 (alone) dies,
    // the pawns on e5/f5 (touching) live, the king is immune, Black's lone bishop is untouched.
    let g = forced(&with_kings(&[("c5", "N"), ("e5", "P"), ("f5", "P"), ("j8", "b")]), 21, Card::AceOfSpades, 1);
    let t = board_text(&g);
    assert!(!t.contains('N') && t.contains("PP") && t.contains('b') && t.contains('K'), "{t}");
}

#[test]
fn the_joker_goes_back_ten_plies_restoring_credits_reserves_and_shots() {
    // Play 12 plies of a real game (a shot and a substitution among them), then force the Joker.
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let script = ChanceSource::Scripted(vec![(20, Chess2024::forced_chance(20, Card::Joker, 0))]);
    let start = "rnba(3)jqkja(3)bnr/3c4c3/eeppppppppee/12/12/12/12/12/12/EEPPPPPPPPEE/3C4C3/RNBA(3)JQKJA(3)BNR w 0 5";
    let mut g = Game::with_chance(rules, None, Some(start), script).expect("valid");
    // Ply 9 is the first played here; the Joker is forced on the chance before ply 20.
    play(&mut g, &["C@d7"]);
    let ten_plies_back = g.position().to_text();
    play(&mut g, &["C@d6", "-Nb1", "-Nb12"]);
    assert!(text(&g).contains(" N1/N1 2/2 "), "credits and reserves changed: {}", text(&g));
    play(&mut g, &["Kh2", "Kh11", "Kg1", "Kg12", "Kh2", "Kh11"]);
    assert!(g.record().iter().all(|e| e.note.is_none()));
    play(&mut g, &["Kg1"]); // ply 19; then the chance before ply 20 draws the Joker
    let note = g.record().last().and_then(|e| e.note.clone()).unwrap_or_default();
    assert!(note.contains("Joker") && note.contains("10 plies"), "{note}");
    assert_eq!(
        g.position().to_text(),
        format!("{ten_plies_back} -/- 0/0 0/0 4/4 used"),
        "shots, craters, credits and reserves are back as they were 10 plies ago, and the event is used"
    );
    assert_eq!(g.position().view().event.map(|e| e.title), Some("Joker".to_string()));
}

#[test]
fn the_event_happens_exactly_once_between_plies_20_and_60() {
    for seed in 0..30u8 {
        let rules = engine::variants::by_slug("chess2024").expect("registered");
        let mut g = Game::with_chance(rules, None, None, ChanceSource::Seeded([seed; 12])).expect("start");
        let mut events = Vec::new();
        let mut rng = common::Rng(seed as u64 + 1);
        common::play_random(&mut g, &mut rng, 0, 70, |g| {
            if let Some(note) = g.record().last().and_then(|e| e.note.clone()) {
                events.push((g.record().len(), note));
            }
        });
        if g.record().len() >= 60 {
            assert_eq!(events.len(), 1, "seed {seed}: {events:?}");
            let ply = events[0].0 + 1;
            assert!((20..=60).contains(&ply), "seed {seed}: event before ply {ply}");
        }
    }
}

/// One player's browser: its own game copy and secret, exchanging links with the other.
struct Browser {
    seat: u8,
    secret: fair::Secret,
    game: Option<Game>,
}

impl Browser {
    fn receive(&mut self, link: &str) {
        let mut game = engine::link::decode(link).expect("valid link").game;
        game.adopt_secret(self.seat, self.secret).expect("own commitment");
        self.game = Some(game);
    }
    fn send(&self) -> String {
        engine::link::encode(self.game.as_ref().expect("a game"), 77)
    }
}

#[test]
fn two_browsers_playing_by_link_see_the_same_fortune() {
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let mut white = Browser { seat: 0, secret: [7; 16], game: None };
    let mut black = Browser { seat: 1, secret: [9; 16], game: None };
    let mut first = Game::with_chance(rules, None, None, ChanceSource::Committed(Commitments::new(77))).expect("start");
    first.adopt_secret(0, white.secret).expect("commit");
    white.game = Some(first);
    let mut rng = common::Rng(99);
    let mut event_seen_by_mover = None;
    for ply in 1..=70 {
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        let game = mover.game.as_mut().expect("game");
        assert!(!game.waiting_for_chance(), "ply {ply}: the mover can always draw the chance due");
        if game.outcome().is_some() {
            break;
        }
        if let Some(note) = game.record().last().and_then(|e| e.note.clone()) {
            event_seen_by_mover = Some((ply, note));
        }
        common::play_random(game, &mut rng, 77, 1, |_| {});
        let link = mover.send();
        other.receive(&link);
        // Both copies agree, except that the sender may not be able to draw the next chance yet.
        let sent = mover.game.as_ref().expect("game");
        let received = other.game.as_ref().expect("game");
        assert_eq!(sent.record().len(), received.record().len());
        if !sent.waiting_for_chance() {
            assert_eq!(sent.position().to_text(), received.position().to_text(), "ply {ply}");
        }
    }
    let (ply, note) = event_seen_by_mover.expect("the event happened within 70 plies");
    assert!((20..=61).contains(&ply), "{ply}: {note}");
    // A third party with neither secret replays the whole game from the last link.
    let last = white.send();
    let observer = engine::link::decode(&last).expect("replayable by anyone");
    assert!(observer.game.record().iter().any(|e| e.note.is_some()));
}

#[test]
fn a_forged_reveal_is_rejected() {
    use base64::Engine;
    let b64 = &base64::engine::general_purpose::URL_SAFE_NO_PAD;
    // Play 25 plies between two browsers so that both have revealed chain elements.
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    let mut white = Browser { seat: 0, secret: [7; 16], game: None };
    let mut black = Browser { seat: 1, secret: [9; 16], game: None };
    let mut first = Game::with_chance(rules, None, None, ChanceSource::Committed(Commitments::new(77))).expect("start");
    first.adopt_secret(0, white.secret).expect("commit");
    white.game = Some(first);
    let mut rng = common::Rng(5);
    for ply in 1..=25 {
        let (mover, other) = if ply % 2 == 1 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        let game = mover.game.as_mut().expect("game");
        common::play_random(game, &mut rng, 77, 1, |_| {});
        let link = mover.send();
        other.receive(&link);
    }
    let link = black.send();
    assert!(engine::link::decode(&link).is_ok());
    // Layout: version, length, variant, revision, flags, 1 setting, 5-byte id, chance mode, then White's
    // presence byte, 16-byte commitment, revealed id and 16-byte element (bytes 30..46).
    let bytes = b64.decode(&link).expect("own link");
    assert_eq!(bytes[11], 4, "commit-and-reveal mode");
    assert_eq!(bytes[12], 3, "White has a commitment and a reveal");
    let forged = common::edited_link(&link, |b| b[30] ^= 0x55);
    assert_eq!(engine::link::decode(&forged).err().map(|e| e.code), Some(engine::ErrorCode::LinkBadReveal));
    // The browser's own secret must match the game's commitment too.
    let mut copy = engine::link::decode(&link).expect("valid").game;
    assert_eq!(copy.adopt_secret(0, [3; 16]).err().map(|e| e.code), Some(engine::ErrorCode::LinkBadReveal));
}

#[test]
fn a_position_whose_chance_was_drawn_says_so_and_reads_back_the_same() {
    let rules = engine::variants::by_slug("chess2024").expect("registered");
    // Ply 19 is White's; on reaching ply 20 the chance is drawn and (nothing scripted) misses.
    let start = "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 10";
    let mut g = Game::with_chance(rules, None, Some(start), ChanceSource::Scripted(Vec::new())).expect("valid");
    play(&mut g, &["Kh1"]);
    let written = g.position().to_text();
    assert_eq!(written, "6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 10 -/- 0/0 0/0 4/4 drawn");
    let back = rules.parse_position(&written, &[1]).expect("own notation");
    assert_eq!(back.pending_chance(), None, "the chance of ply 20 is not drawn twice");
    assert_eq!(back.repetition_key(), g.position().repetition_key());
    // The old form, without the mark: the chance of the ply is still to be drawn, as before.
    let unmarked = rules.parse_position("6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 10", &[1]).expect("valid");
    assert_eq!(unmarked.pending_chance(), Some(20));
    // Outside plies 20 to 60 nothing can have been drawn.
    let early = "6k5/12/12/12/12/12/12/12/12/12/12/7K4 b 1 9 -/- 0/0 0/0 4/4 drawn";
    assert_eq!(rules.parse_position(early, &[1]).err().map(|e| e.code), Some(engine::ErrorCode::BadPosition));
}
