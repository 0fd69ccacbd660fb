//! Reviews of constructed games in every variant: a queen left where it is taken for nothing is a
//! blunder, the analysis' own turn is best; the thresholds, chance rows and summaries.

use super::*;
use crate::game::{Decision, Game};
use crate::search::{Level, Memory};

fn level() -> Level {
    Level { max_nodes: 30_000, ..Level::depth(64) }
}

fn play(game: &mut Game, names: &[&str]) {
    for name in names {
        let decision = game.find(name).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        game.play(decision).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

/// In `slug` from `text`, the queen move `blunder` answered by `capture` is a blunder, and the
/// analysis' own move from the same position is best.
fn assert_hanging_queen_is_a_blunder(slug: &str, text: &str, blunder: &str, capture: &str) {
    let mut game = Game::from_slug(slug, Some(text)).expect("a position");
    play(&mut game, &[blunder, capture]);
    let review = super::review(&game, &level(), &mut || false);
    let first = review.turns().next().expect("a judged turn");
    assert_eq!(first.label, Label::Blunder, "{slug}: {first:?}");
    assert!(first.lost >= BLUNDER, "{slug}: {first:?}");
    assert_eq!(review.summaries[0].counts[Label::Blunder as usize], 1, "{slug}");

    let mut game = Game::from_slug(slug, Some(text)).expect("a position");
    let analysis = crate::search::analyse(game.position(), &level(), 1, &mut || false, &mut Memory::default())
        .expect("an analysis");
    game.play(Decision::Act(analysis.lines[0].actions[0])).expect("legal");
    let review = super::review(&game, &level(), &mut || false);
    let first = review.turns().next().expect("a judged turn");
    assert_eq!(first.label, Label::Best, "{slug}: {first:?}");
    assert_eq!(first.played, first.best_names, "{slug}");
}

#[test]
fn a_hanging_queen_is_a_blunder_and_the_best_move_best_in_chess() {
    assert_hanging_queen_is_a_blunder("chess", "3qk3/pppp2pp/8/5p2/8/8/PPPP1PPP/3QK3 w - - 0 1", "Qg4", "fxg4");
}

#[test]
fn a_hanging_queen_is_a_blunder_and_the_best_move_best_in_gunnery() {
    assert_hanging_queen_is_a_blunder("gunnery", "3qk3/pppp2pp/8/5p2/8/8/PPPP1PPP/3QK3 w - - 0 1", "Qg4", "fxg4");
}

#[test]
fn a_hanging_queen_is_a_blunder_and_the_best_move_best_in_checkered_chess() {
    let text = "3qk3/pppp2pp/8/5p2/8/8/PPPP1PPP/3QK3 w 0 iiii1111011111110011 - - 1";
    let mut game = Game::from_slug("checkered", Some(text)).expect("a position");
    // The capture makes a checkered piece: its nature is chosen with it (a pawn, the capturer's kind).
    play(&mut game, &["Qg4"]);
    let capture = game.position().clone_box();
    let mut options = Vec::new();
    capture.actions(&mut options);
    let names: Vec<String> = options.iter().map(|&a| capture.info(a).name).collect();
    let pawn = names.iter().find(|n| n.starts_with("fxg4")).expect("the capture").clone();
    assert_hanging_queen_is_a_blunder("checkered", text, "Qg4", &pawn);
}

#[test]
fn a_hanging_queen_is_a_blunder_and_the_best_move_best_in_chess2024() {
    let text = "10k1/11q/12/12/5p6/12/12/12/3Q8/12/1P10/K11 w 0 1";
    assert_hanging_queen_is_a_blunder("chess2024", text, "Qg7", "fxg7");
}

#[test]
fn a_queen_left_to_a_knight_is_a_blunder_and_the_best_move_best_in_wounds() {
    assert_hanging_queen_is_a_blunder("wounds", "k6q/8/4n3/8/8/8/8/1N1Q3K w 0 0 1", "Qd4", "Nxd4");
}

/// Napoleon is judged per turn: the winning turn (a pick, a capture, the end of the moves, the
/// queen's fate) is one judged row, best; a turn that lets the win go is judged as a whole.
#[test]
fn napoleon_is_judged_per_turn() {
    let text = "15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1";
    let mut game = Game::from_slug("napoleon", Some(text)).expect("a position");
    let deep = Level::depth(6);
    while game.outcome().is_none() && game.to_move() == 0 {
        let analysis = crate::search::analyse(game.position(), &deep, 1, &mut || false, &mut Memory::default())
            .expect("an analysis");
        game.play(Decision::Act(analysis.lines[0].actions[0])).expect("legal");
    }
    assert!(game.record().len() > 1, "a turn of several decisions");
    let review = super::review(&game, &deep, &mut || false);
    let turns: Vec<&Judged> = review.turns().collect();
    assert_eq!(turns.len(), 1, "one turn, one row: {turns:?}");
    assert_eq!((turns[0].first, turns[0].end), (0, game.record().len()));
    assert_eq!(turns[0].label, Label::Best, "{:?}", turns[0]);
    assert_eq!(turns[0].before, crate::search::Score::Mate(1));
    assert_eq!(turns[0].after, crate::search::Score::Ended(1));
}

#[test]
fn thresholds_in_winning_chances() {
    assert!((win_percent(Score::Centipawns(0)) - 50.0).abs() < 1e-9);
    assert!(win_percent(Score::Centipawns(-900)) < 5.0, "a queen down is nearly lost");
    assert_eq!(win_percent(Score::Mate(3)), 100.0);
    assert_eq!(win_percent(Score::Mate(-1)), 0.0);
    assert_eq!(win_percent(Score::Ended(0)), 50.0);
    // A queen given away: a blunder when even, an inaccuracy at fifteen pawns up.
    let even = win_percent(Score::Centipawns(0)) - win_percent(Score::Centipawns(-900));
    assert_eq!(Label::of(even, false), Label::Blunder);
    let won = win_percent(Score::Centipawns(1500)) - win_percent(Score::Centipawns(600));
    assert_eq!(Label::of(won, false), Label::Inaccuracy, "{won}");
    let labels: Vec<Label> = [0.0, 4.9, 5.0, 10.0, 15.0].iter().map(|&l| Label::of(l, false)).collect();
    assert_eq!(labels, [Label::Good, Label::Good, Label::Inaccuracy, Label::Mistake, Label::Blunder]);
    assert_eq!(Label::of(40.0, true), Label::Best, "the analysis' own turn");
    assert!(accuracy(0.0) > 99.99);
    assert!(accuracy(30.0) < 30.0);
    let glyphs: Vec<Option<&str>> = Label::ALL.iter().map(|l| l.glyph()).collect();
    assert_eq!(glyphs, [None, None, Some("?!"), Some("?"), Some("??")]);
}

#[test]
fn an_accuracy_is_written_as_float_formatting_writes_it() {
    let mut shares: Vec<f64> = (0..=4000).map(|lost| accuracy(lost as f64 / 40.0)).collect();
    shares.extend([0.0, 0.5, 1.5, 2.5, 49.5, 50.4999, 99.5, 100.0]);
    for share in shares {
        assert_eq!(super::page::whole_percent(share).to_string(), format!("{share:.0}"), "{share}");
    }
}

#[test]
fn labels_have_words_in_both_languages() {
    for label in Label::ALL {
        assert!(!label.name(crate::Language::En).is_empty());
        assert_ne!(label.name(crate::Language::En), label.name(crate::Language::Fr));
    }
}

/// Chess 2024's fortunes of war: the event is a row of its own right after the turn it followed, and
/// that turn is judged by the position before the event (nobody chose it).
#[test]
fn a_chance_event_is_shown_where_it_happened() {
    use crate::chance::ChanceSource;
    use crate::variants::chess2024::{Card, Chess2024};
    let text = "6k5/12/12/12/12/12/12/2N9/12/12/12/6K5 b 0 10";
    let rules = crate::variants::by_slug("chess2024").expect("registered");
    let script = ChanceSource::Scripted(vec![(21, Chess2024::forced_chance(21, Card::QueenOfHearts, 0))]);
    let mut game = Game::with_chance(rules, None, Some(text), script).expect("a position");
    let mut options = Vec::new();
    game.position().actions(&mut options);
    game.play(Decision::Act(options[0])).expect("legal");
    let note = game.record()[0].note.clone().expect("the Queen of Hearts struck");
    let review = super::review(&game, &level(), &mut || false);
    assert!(matches!(&review.rows[0], Row::Turn(j) if j.seat == 1 && (j.first, j.end) == (0, 1)), "{:?}", review.rows);
    assert_eq!(review.rows[1], Row::Chance { after: 0, note });
    // Black's king move is judged before White's free queen arrived: no blunder for Black.
    assert!(review.turn_of(0).expect("judged").label < Label::Mistake, "{:?}", review.rows[0]);
}

/// The page's view: a row per turn in words with its label's key, a graph point per turn and the
/// start, a summary per player, the PGN with the review; in French too.
#[test]
fn the_pages_view_of_a_review() {
    let mut game = Game::from_slug("chess", None).expect("a game");
    play(&mut game, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let review = super::review(&game, &level(), &mut || false);
    let view = review_view(&game, &review, crate::Language::En);
    assert_eq!(view.rows.len(), 7);
    assert_eq!(view.graph.len(), 8, "the start and after each turn");
    assert_eq!((view.graph[0].ply, view.graph[7].ply, view.graph[7].white), (0, 7, 1.0));
    assert_eq!(view.rows[5].label, Some("blunder"));
    assert!(view.rows[5].text.starts_with("6. Black: Nf6 (") && view.rows[5].text.contains("#-1), blunder; best "));
    assert_eq!(view.rows[5].ply, 6);
    assert!(
        view.summaries[1].starts_with("Black: ") && view.summaries[1].contains("1 blunder"),
        "{:?}",
        view.summaries
    );
    assert!(view.pgn.contains("Nf6??") && view.pgn.contains("[%eval #1]"), "{}", view.pgn);
    let french = review_view(&game, &review, crate::Language::Fr);
    assert!(french.rows[5].text.starts_with("6. Noirs : Nf6 ("), "{}", french.rows[5].text);
    assert!(french.rows[5].text.contains("gaffe ; meilleur "), "{}", french.rows[5].text);
    assert!(
        french.summaries[0].starts_with("Blancs : ") && french.summaries[0].contains("précision"),
        "{:?}",
        french.summaries
    );
}

/// A game against the computer whose player took hints: its player's summary counts them, and the
/// review's PGN carries them as the game's record does.
#[test]
fn the_review_counts_the_hints_taken() {
    let mut game = Game::from_slug("chess", None).expect("a game");
    play(&mut game, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let review = super::review(&game, &level(), &mut || false);
    let view = super::review_view_with_hints(&game, &review, crate::Language::En, &[0, 2]);
    assert!(view.summaries[0].ends_with("; 2 hints"), "{:?}", view.summaries);
    assert!(!view.summaries[1].contains("hint"), "{:?}", view.summaries);
    assert!(view.pgn.contains("[Hints \"2\"]") && view.pgn.contains("A hint was shown for this move."), "{}", view.pgn);
    let french = super::review_view_with_hints(&game, &review, crate::Language::Fr, &[0]);
    assert!(french.summaries[0].ends_with(" ; 1 indice"), "{:?}", french.summaries);
    assert!(!review_view(&game, &review, crate::Language::En).pgn.contains("Hints"));
}

/// Napoleon: a turn that leaves the queen where it is lost (next to the enemy's pawns; its fate, the
/// turn's last decision) is one judged row, a blunder, as the chess family's hanging queen is.
#[test]
fn a_queen_left_to_be_lost_is_a_blunder_in_napoleon() {
    let text = "15k/14pp/16/16/16/16/16/14Q1/13PKP/16/16/16/16/16/16/16 w 0 1";
    let mut game = Game::from_slug("napoleon", Some(text)).expect("a position");
    play(&mut game, &["o9", "Qo9-o14", "end moves", "end rejoining", "Qo14 lost"]);
    let review = super::review(&game, &level(), &mut || false);
    let first = review.turns().next().expect("a judged turn");
    assert_eq!((first.seat, first.first, first.end), (0, 0, 5), "the whole turn, one row: {first:?}");
    assert_eq!(first.label, Label::Blunder, "{first:?}");
    assert!(first.lost >= BLUNDER, "{first:?}");
    assert_eq!(review.summaries[0].counts[Label::Blunder as usize], 1);
}
