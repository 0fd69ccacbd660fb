//! Napoleon through the game record and links: setups sealed and revealed, turns as decisions, game
//! ends, four players.

mod common;

use engine::game::Decision;
use engine::link;
use engine::rules::{EndReason, Outcome};
use engine::variants::napoleon;
use engine::{ErrorCode, Game};

const WHITE_SETUP: &str = "Kb1 Qk1 Ra1 Rc1 Bd1 Bm1 Nj1 Nl1 Pa2 Pb2 Pc2 Pd2 Pj2 Pk2 Pl2 Pm2";
const SALT: [u8; 16] = [9; 16];
const GAME_ID: u64 = 0x12_3456_789a;

fn two_player() -> Game {
    Game::from_slug("napoleon", None).expect("napoleon exists")
}

fn black_setup() -> String {
    napoleon::preset(2, 1, 1).expect("preset")
}

/// White seals, Black sets up, White reveals: the game is at White's first turn.
fn set_up() -> Game {
    let mut g = two_player();
    g.seal_setup(0, WHITE_SETUP, SALT, GAME_ID).expect("valid setup");
    g.place_setup(1, Some(&black_setup())).expect("valid setup");
    g.place_setup(0, None).expect("White holds its sealed setup");
    g
}

/// Plays one man's move as the page does: pick it, then its destination (`b2b3`).
fn go(g: &mut Game, coord: &str) {
    common::play(g, &[&coord[..coord.len() / 2], coord]);
}

#[test]
fn a_sealed_setup_stays_off_the_board_until_revealed() {
    let mut g = two_player();
    assert_eq!(g.setup_due().map(|d| (d.seat, d.seal)), Some((0, true)));
    let bad = g.seal_setup(0, "Kb1 Qc1", SALT, GAME_ID).expect_err("incomplete setup refused");
    assert_eq!(bad.code, ErrorCode::BadPosition);
    assert!(bad.message.contains("2 rooks needed"), "{}", bad.message);
    g.seal_setup(0, WHITE_SETUP, SALT, GAME_ID).expect("valid setup");
    assert!(g.position().view().pieces.is_empty(), "nothing of White's setup is on the board");
    // The link carries the commitment only: Black's copy cannot reveal White's setup.
    let sent = link::encode(&g, GAME_ID);
    let mut black = link::decode(&sent).expect("decodes").game;
    assert!(black.seals()[0].commitment.is_some() && black.seals()[0].own.is_none());
    black.place_setup(1, Some(&black_setup())).expect("Black sets up in the open");
    assert_eq!(black.setup_due().map(|d| (d.seat, d.seal, d.sealed)), Some((0, false, true)));
    assert_eq!(black.place_setup(0, None).err().map(|e| e.code), Some(ErrorCode::LinkBadReveal));
    // White gets Black's link, reveals from its own secret and plays; Black checks the reveal.
    let mut white = link::decode(&link::encode(&black, GAME_ID)).expect("decodes").game;
    white.adopt_sealed_setup(0, WHITE_SETUP, SALT, GAME_ID).expect("White's own secret opens the seal");
    white.place_setup(0, None).expect("reveal");
    common::play(&mut white, &["pass"]);
    let back = link::decode(&link::encode(&white, GAME_ID)).expect("a true reveal is accepted");
    assert_eq!(back.game.position().to_text(), white.position().to_text());
    assert_eq!(back.game.position().setup_text(0).as_deref(), Some(WHITE_SETUP));
}

#[test]
fn a_reveal_that_does_not_match_the_seal_is_rejected() {
    let mut g = two_player();
    g.seal_setup(0, WHITE_SETUP, SALT, GAME_ID).expect("valid");
    g.place_setup(1, Some(&black_setup())).expect("valid");
    // A cheat: White's browser swaps its setup for another one after seeing Black's.
    let other = napoleon::preset(2, 0, 2).expect("preset");
    let mut cheat = g.clone();
    assert_eq!(
        cheat.adopt_sealed_setup(0, &other, SALT, GAME_ID).err().map(|e| e.code),
        Some(ErrorCode::LinkBadReveal)
    );
    // Or places another setup man by man, without the seal's secret.
    let mut forged = link::decode(&link::encode(&g, GAME_ID)).expect("decodes").game;
    for action in forged.position().setup_phase().expect("a setup phase").setup_actions(&other).expect("a valid setup")
    {
        forged.play(Decision::Act(action)).expect("the position itself does not know the seal");
    }
    let Err(err) = link::decode(&link::encode(&forged, GAME_ID)) else { panic!("the receiver must reject it") };
    assert_eq!(err.code, ErrorCode::LinkBadReveal);
    assert!(err.message.contains("White's revealed setup does not match"), "{}", err.message);
}

/// A position text from setup-style lists of each seat's men (`Kb1 Pa2 …`).
fn position(players: u8, seats: &[&str], rest: &str) -> String {
    let mut grid = vec![vec![String::new(); 16]; 16];
    let four = ['w', 'r', 'b', 'u'];
    for (seat, men) in seats.iter().enumerate() {
        for token in men.split_whitespace() {
            let (kind, square) = token.split_at(1);
            let sq = engine::Square::parse(square).expect("square");
            grid[sq.rank() as usize][sq.file() as usize] = match (players, seat) {
                (4, s) => format!("{kind}{}", four[s]),
                (_, 0) => kind.to_string(),
                _ => kind.to_lowercase(),
            };
        }
    }
    let rows: Vec<String> = (0..16)
        .rev()
        .map(|r| {
            let mut row = String::new();
            let mut run = 0;
            for cell in &grid[r] {
                if cell.is_empty() {
                    run += 1;
                } else {
                    if run > 0 {
                        row += &run.to_string();
                    }
                    run = 0;
                    row += cell;
                }
            }
            if run > 0 {
                row += &run.to_string();
            }
            row
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

fn game_at(players: u8, seats: &[&str], rest: &str) -> Game {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let settings = [u8::from(players == 4)];
    Game::new(rules, Some(&settings), Some(&position(players, seats, rest))).expect("valid position")
}

#[test]
fn the_record_keeps_each_step_in_canonical_order() {
    let mut g = set_up();
    // The pawns move in reverse square order; the record lists them by start square.
    go(&mut g, "d2d3");
    go(&mut g, "b2b3");
    common::play(&mut g, &["end moves"]);
    let names: Vec<&str> = g.record().iter().map(|e| e.name.as_str()).filter(|n| !n.is_empty()).collect();
    assert_eq!(names[names.len() - 3..], ["Pb2-b3", "Pd2-d3", "end moves"]);
    let back = link::decode(&link::encode(&g, GAME_ID)).expect("decodes");
    assert_eq!(back.game.position().to_text(), g.position().to_text());
    // A move that must wait for another keeps its place: the knight leaves b3's path first.
    let mut g = game_at(2, &["Ka1 Pa2 Pa3 Pa4 Nb3 Rb1", "Kp16 Po15 Pp15"], "w 0 1");
    go(&mut g, "b3a5");
    go(&mut g, "b1b3");
    common::play(&mut g, &["end moves"]);
    let moves: Vec<String> = g.record().iter().filter(|e| e.to.is_some()).map(|e| e.name.clone()).collect();
    assert_eq!(moves, ["Nb3-a5", "Rb1-b3"]);
}

#[test]
fn a_capture_that_splits_a_chain_cuts_off_men_and_three_are_lost() {
    // White's chain h5-h9 is cut in the middle by the rook's capture: two pairs, four men cut off.
    let mut g = game_at(2, &["Ka1 Pa2 Pb2 Nh5 Ph6 Ph7 Ph8 Nh9", "Kp16 Po15 Pp15 Ri7 Pi8 Pi6 Pj7"], "b 0 1");
    go(&mut g, "i7h7");
    common::play(&mut g, &["end moves"]);
    assert_eq!(g.to_move(), 0);
    let board = |g: &Game| g.position().view().pieces.iter().map(|p| p.square.name()).collect::<Vec<_>>();
    assert!(board(&g).contains(&"h5".to_string()));
    // White passes the move phase and makes no rejoining move: four men cut off, all lost.
    common::play(&mut g, &["pass", "end rejoining"]);
    let left = board(&g);
    for sq in ["h5", "h6", "h8", "h9"] {
        assert!(!left.contains(&sq.to_string()), "{sq} should be lost: {left:?}");
    }
    assert_eq!(g.to_move(), 1);
}

#[test]
fn a_king_cut_off_beyond_saving_loses_the_game() {
    // White's king and two knights are alone and far from everything: three cut off, the king among
    // them, and no turn can save it.
    let g = game_at(2, &["Pa2 Pb2 Pc2 Kp8 Na16 Ni14", "Kh16 Pg15 Pf15"], "w 0 1");
    assert_eq!(g.outcome(), Some(Outcome::win(1, EndReason::NoLegalTurn)));
    // With only one man beside it cut off, the king is switched onto a grouped man instead.
    let mut g = game_at(2, &["Ra1 Pa2 Pb2 Kh8 Nc10", "Kp16 Po15 Pp15"], "w 0 1");
    assert_eq!(g.outcome(), None);
    common::play(&mut g, &["pass", "end rejoining"]);
    let options = common::names(&g);
    assert!(!options.iter().any(|n| n == "Kh8 lost"), "the king is never given up: {options:?}");
    assert!(options.iter().any(|n| n == "Kh8⇄Pb2"), "{options:?}");
}

#[test]
fn four_players_lose_their_men_when_out_and_the_last_king_wins() {
    let seats = [
        "Pa2 Pb2 Pc2 Kp8 Na14 Ni14", // White: king cut off beyond saving
        "Kc16 Pc15 Pd15",
        "Kp16 Po15 Pp15",
        "Kp1 Po2 Pp2",
    ];
    let mut g = game_at(4, &seats, "w - 0 1");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), 1, "White is out at once; Red moves");
    assert!(g.position().view().pieces.iter().all(|p| p.color != "white"), "White's men left the board");
    assert!(g.position().to_text().contains(" r w "), "{}", g.position().to_text());
    common::play(&mut g, &["resign"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), 2);
    common::play(&mut g, &["pass", "resign"]);
    assert_eq!(g.outcome(), Some(Outcome::win(2, EndReason::LastKingStanding)));
}

#[test]
fn a_draw_among_four_needs_everybody() {
    let seats = ["Ka1 Pa2 Pb2", "Ka16 Pa15 Pb15", "Kp16 Po15 Pp15", "Kp1 Po2 Pp2"];
    let mut g = game_at(4, &seats, "- 0 1".replace('-', "w -").as_str());
    common::play(&mut g, &["offer-draw", "pass", "accept-draw"]);
    assert!(!g.decisions().contains(&Decision::AcceptDraw), "Red accepted already and plays its turn");
    common::play(&mut g, &["pass", "accept-draw"]);
    assert_eq!(g.outcome(), None, "Blue has not accepted yet");
    common::play(&mut g, &["pass", "accept-draw"]);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::DrawAgreed)));
    // Four players name a move by its seat and round; a game-level decision by its seat.
    assert_eq!(g.ply_label(1), "White: draw offered");
    assert_eq!(g.ply_label(2), "1. White pass");
    // A game-level decision closes the move list's row, so Red's pass after its acceptance opens round 2.
    assert_eq!(g.ply_label(4), "2. Red pass");
    // A player who moves instead of accepting lets the offer lapse.
    let mut g = game_at(4, &seats, "w - 0 1");
    common::play(&mut g, &["offer-draw", "pass", "pass"]);
    assert!(!g.decisions().contains(&Decision::AcceptDraw));
}

/// Random games of two and four players, setups made through the game's setup calls: after every
/// completed turn the mover has no man cut off and is not in check, every player still in has its
/// king, and the link replays to the same position.
#[test]
fn random_games_keep_the_turn_invariants() {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let mut all_turns = 0;
    for (players, seeds) in [(2u8, 0..12u64), (4, 100..106)] {
        for seed in seeds {
            let mut rng = common::Rng(seed);
            let mut g = Game::new(rules, Some(&[u8::from(players == 4)]), None).expect("start");
            let mut dead_ends = 0;
            let mut turns = 0;
            let mut turn_start = 0;
            let mut cautious = false;
            let mut stuck = 0;
            while g.outcome().is_none() && turns < 24 && dead_ends < 400 {
                if let Some(due) = g.setup_due() {
                    let text = napoleon::random_setup(players, due.seat, seed * 7 + due.seat as u64);
                    if due.seal {
                        g.seal_setup(due.seat, &text, SALT, GAME_ID).expect("valid random setup");
                    } else {
                        g.place_setup(due.seat, (!due.sealed).then_some(text.as_str())).expect("valid");
                    }
                    turn_start = g.record().len();
                    continue;
                }
                let actions: Vec<Decision> =
                    g.decisions().into_iter().filter(|d| matches!(d, Decision::Act(_))).collect();
                if actions.is_empty() {
                    // A dead end: take the whole turn back and end its steps early this time.
                    dead_ends += 1;
                    while g.record().len() > turn_start {
                        g.undo().expect("inside the turn");
                    }
                    cautious = true;
                    stuck += 1;
                    if stuck > 30 {
                        // A random player that cannot find the way out gives up (four players: it leaves).
                        g.play(Decision::Resign).expect("resigning is always an option");
                        stuck = 0;
                        turn_start = g.record().len();
                    }
                    continue;
                }
                let mover = g.to_move();
                // The last option ends the step (or loses a man); take it often, always when cautious.
                let enders: Vec<usize> = (0..actions.len())
                    .filter(|&i| matches!(actions[i], Decision::Act(a) if g.position().info(a).from.is_none()))
                    .collect();
                let pick = match (cautious || rng.below(3) == 0, enders.is_empty()) {
                    (true, false) => enders[rng.below(enders.len())],
                    _ => rng.below(actions.len()),
                };
                g.play(actions[pick]).expect("listed");
                if g.to_move() != mover && g.outcome().is_none() && g.setup_due().is_none() {
                    turns += 1;
                    turn_start = g.record().len();
                    cautious = false;
                    stuck = 0;
                    let text = g.position().to_text();
                    let board = napoleon::Napoleon::from_text(&text, players).expect("own text parses");
                    let b = board.board();
                    assert!(b.cut_off(mover).is_empty(), "{text}: seat {mover} left men cut off");
                    assert!(!b.in_check(mover), "{text}: seat {mover} ended its turn in check");
                    for seat in g.position().active_seats() {
                        assert!(b.king(seat).is_some(), "{text}: seat {seat} lost its king");
                    }
                    // The game-end verdict's quick tries agree with the exact search alone.
                    let next = napoleon::Turn::begin(b.clone(), g.to_move());
                    let mut budget = 20_000;
                    let exact = next.has_legal_completion(&mut budget) == Some(false);
                    assert_eq!(next.proved_without_legal_turn(), exact, "{text}");
                }
            }
            let back = link::decode(&link::encode(&g, GAME_ID)).expect("own link decodes");
            assert_eq!(back.game.position().to_text(), g.position().to_text(), "seed {seed}");
            assert_eq!(back.game.outcome(), g.outcome());
            all_turns += turns;
        }
    }
    eprintln!("{all_turns} turns played");
    assert!(all_turns >= 200, "only {all_turns} turns were completed");
}

#[test]
fn four_player_setups_stay_in_their_corner() {
    for seat in 0..4 {
        for i in 0..napoleon::PRESETS_FOUR.len() {
            let text = napoleon::preset(4, seat, i).expect("preset");
            let board = napoleon::setup_board(4, seat, &text).expect("reads");
            assert_eq!(board.setup_problems(seat), Vec::<String>::new(), "seat {seat} preset {i}: {text}");
        }
        for seed in 0..20 {
            let text = napoleon::random_setup(4, seat, seed);
            let board = napoleon::setup_board(4, seat, &text).expect("reads");
            assert!(board.setup_problems(seat).is_empty(), "{text}");
        }
    }
    for seat in 0..2 {
        for i in 0..napoleon::PRESETS_TWO.len() {
            let board = napoleon::setup_board(2, seat, &napoleon::preset(2, seat, i).expect("preset")).expect("reads");
            assert!(board.setup_problems(seat).is_empty());
        }
    }
    // White's two-player preset is outside the south-west corner of a four-player game.
    let board = napoleon::setup_board(4, 0, napoleon::PRESETS_TWO[0].1).expect("reads");
    assert!(
        board.setup_problems(0).iter().any(|p| p == "k1 is outside the setup zone"),
        "{:?}",
        board.setup_problems(0)
    );
}

/// The game-end search decides which games end, so old links replay only while it explores in the
/// same order and counts decisions alike: pinned here on two crowded four-player positions in check
/// (found in computer games), one saved after thousands of decisions, one that runs out of budget.
#[test]
fn the_game_end_search_explores_in_a_fixed_order() {
    let cases = [
        (
            "2Rr9Rb3/2BrPrPr7PbPb2/3PrPrNr7Pb2/5BrPr2Nb4Nb1/9KbPbPb1Pb2/3KrPr11/4NrPr3RbBb5/4PwPw4Ru5/11Bu4/\
             12Pu1Pu1/12PuPuPuPu/5Pw7Qu2/PwBwBw1Kw5Bu5/1Pw1Pw6Nu2KuNuPu/1Pw2Pw4Pu6/3Rw12 b - 0 11",
            2,
            (Some(true), 5647),
        ),
        (
            "16/16/2PrNr12/2NrPrPr11/KrPr11PbPbPb/2Pr9RbPb2/14Pb1/14Kb1/1Pr2Rw8PbBb1/PrBwPrPwBwRw3Pu3Nb2/\
             Nw2KwPwPw2Ku7/7Pu8/6Pw1Pu1Pu5/5NwQw2Pu3Pu2/8Ru3Bu1PuPu/8Ru6Qu w - 2 21",
            0,
            (None, 20_000),
        ),
    ];
    for (text, seat, (answer, decisions)) in cases {
        let board = napoleon::Napoleon::from_text(text, 4).expect("valid position").board().clone();
        assert!(board.in_check(seat), "{text}");
        let mut budget = 20_000;
        let found = napoleon::Turn::begin(board, seat).has_legal_completion(&mut budget);
        assert_eq!((found, 20_000 - budget), (answer, decisions), "{text}");
    }
}

/// A four-player game handed to the computer in the middle of Black's turn: Black's king has stepped
/// onto Red's bishop's diagonal (Ki11-i12, Be8 on e8), and the one man of the group left to move cannot
/// block it. The options are local (docs/rules.md, Napoleon: 14 moves and "end moves" are listed), but no legal end of
/// the turn is left, which the turn's exact search proves. The turn still has legal ways from its start
/// (a pass), so the computer takes its moves back and plays one rather than resigning.
const DEAD_END_LINK: &str = "AaICAwEEAThNcbweBANfV3iA7T4UuRNqT5g4xQslhKLku3QYJjD4-8teCGKMlPL5CQWyad5d4zyNAQBrm7YDdHuYBh8Qv4i_IR44WVJYeWYeAvpohRToyjIjCnMlNkmTrV2ZU47ADRodhy2wyRHcA0_iTF6dPDaVtYXWGHntW28QdyqhYKoyASnFyOLxYhItOdO4oMq3JMaslGd-H49K_wCQAgBDHwBiOCyhsIAB6uhByqwSBwDCMBA23ZRzbcgJAEZACAUCdo6poAYAAOKYTm2GtmgBAEGEAQARoYUICREQAEhkJUk6zIIUDoCgGBSCEBgLAgiGxCAUB0iFENQVQg7g1AyWJpACFCiKgIEMSBBEClksmUtBEXgmAQTAgAkmoLlZAgA7rSh4";

#[test]
fn a_turn_handed_over_in_a_dead_end_is_taken_back_not_resigned() {
    use engine::search::{finish_turn, Level, Memory};
    use engine::session::computer;
    let game = link::decode(DEAD_END_LINK).expect("decodes").game;
    assert_eq!((game.to_move(), common::names(&game).len()), (2, 2), "Black picks its last man or ends the moves");
    assert!(common::has(&game, "end moves"));
    assert!(game.position().view().checked_seats.contains(&2), "Red's bishop on e8 checks the king on i12");
    assert_eq!(finish_turn(game.position()), None, "no legal end from here");
    let turn =
        computer::turn(&game, 2, &Level::depth(1), 1, &mut || false, &mut Memory::default()).expect("Black decides");
    assert!(!turn.resigned, "Black has legal turns from the turn's start");
    assert_eq!(turn.undo, 12, "the six moves of the turn, each a pick and a destination");
    let mut played = game.clone();
    for _ in 0..turn.undo {
        played.undo().expect("Black's own decisions");
    }
    played.play_path(&turn.indices).expect("legal");
    assert_ne!(played.to_move(), 2, "the turn ended");
    assert_eq!(played.outcome(), None);
}

/// Four players, Blue out from the start (its king alone cannot stay in a valid group).
const BLUE_GOES_OUT: &str = "16/1Kr12Kb1/1PrPr10PbPb1/16/16/16/16/16/16/16/16/16/16/1PwPw13/2KwPw10Ku1/16 w - 0 1";

fn four_players(position: &str) -> Game {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    Game::new(rules, Some(&[1]), Some(position)).expect("a four-player position")
}

#[test]
fn a_four_player_draw_is_shared_by_the_players_still_in() {
    let mut g = four_players(BLUE_GOES_OUT);
    common::play(&mut g, &["pass"; 9]);
    assert_eq!(g.position().active_seats(), vec![0, 1, 2], "Blue is out");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    assert_eq!(g.score().as_deref(), Some("½-½-½-0"), "Blue, out, scores nothing of the draw");
}

#[test]
fn the_four_player_no_progress_count_is_fifty_turns_a_player_still_in() {
    // Three players still in: drawn after 150 turns without progress, not 200.
    let at = |quiet: u32| {
        let mut g = four_players(&format!(
            "16/1Kr12Kb1/1PrPr10PbPb1/16/16/16/16/16/16/16/16/16/16/1PwPw13/2KwPw12/16 w u {quiet} 10"
        ));
        common::play(&mut g, &["pass"]);
        g.outcome()
    };
    assert_eq!(at(148), None);
    assert_eq!(at(149), Some(Outcome::draw(EndReason::NoProgress)));
}

/// White's king on a1 is checked along the first rank by the rook on d1. The queen can take it (and
/// then rejoin its pawns); the king's group can move the king away (a pawn makes room, or the king
/// steps off alone and rejoins later). But once the queen has moved without taking, only its pawns
/// are left to move, and nothing of theirs can block or take: those moves are dead ends.
const CHECKED_ON_THE_FIRST_RANK: &str = "15k/14pp/16/16/16/16/16/16/16/16/16/16/16/16/PP4PP8/K2r3Q8 w 0 1";

/// The dead-end marks of the current options, by name.
fn marked(game: &Game) -> Vec<String> {
    let listed = game.listed_options();
    let marks = game.dead_ends(&listed);
    listed.iter().zip(marks).filter(|(_, m)| *m).map(|(o, _)| o.info.name.clone()).collect()
}

/// A mark is a proof: no option marked has a legal finish (the computer's own search over the rest of
/// the turn, without the marks' budget, finds none after it).
fn assert_marks_are_proofs(game: &Game) {
    let listed = game.listed_options();
    for (option, mark) in listed.iter().zip(game.dead_ends(&listed)) {
        if mark {
            let mut after = game.clone();
            after.play_path(&option.path).expect("listed");
            let way = engine::search::finish_turn(after.position());
            assert_eq!(way, None, "{} marked, yet the turn can be finished", option.info.name);
        }
    }
}

#[test]
fn moves_that_leave_no_legal_end_of_the_turn_are_marked_before_they_are_played() {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    let mut game = Game::new(rules, None, Some(CHECKED_ON_THE_FIRST_RANK)).expect("position");
    let marks = marked(&game);
    assert_eq!(marks.len(), 19, "{marks:?}");
    assert!(marks.iter().all(|m| m.starts_with("Qh1-")), "the queen's moves that do not take: {marks:?}");
    assert_marks_are_proofs(&game);
    // Walked into: every option left is marked, "end moves" too.
    go(&mut game, "h1e1");
    assert!(common::has(&game, "end moves"));
    let listed = game.listed_options();
    let moves = listed.iter().filter(|o| matches!(o.decision, Decision::Act(_))).count();
    assert_eq!(marked(&game).len(), moves, "every move and \"end moves\" (not resigning)");
    // The way out is not marked, and is one.
    game.undo().expect("inside the turn");
    game.undo().expect("inside the turn");
    go(&mut game, "h1d1");
    assert_eq!(marked(&game), Vec::<String>::new());
    assert!(engine::search::finish_turn(game.position()).is_some());
}

#[test]
fn in_the_dead_end_of_a_four_player_game_end_moves_is_marked() {
    let mut game = link::decode(DEAD_END_LINK).expect("decodes").game;
    // "End moves" is looked at first; the budget shared by the list runs out before the last of the
    // men's 14 moves (each one a dead end): those are left unmarked, "not known".
    let marks = marked(&game);
    assert!(marks.contains(&"end moves".to_string()), "{marks:?}");
    assert!((2..15).contains(&marks.len()), "{marks:?}");
    assert_marks_are_proofs(&game);
    // One gesture back (a pick and its destination), the marks are proofs too.
    game.undo().expect("Black's own decisions");
    game.undo().expect("Black's own decisions");
    assert_marks_are_proofs(&game);
}

/// Random games: at every decision of a turn, whatever is marked is a proved dead end; a turn made
/// only of unmarked decisions always ends.
#[test]
fn dead_end_marks_never_claim_a_turn_that_can_end() {
    let rules = engine::variants::by_slug("napoleon").expect("registered");
    for seed in 0..4u64 {
        let mut rng = common::Rng(seed + 40);
        let mut g = Game::new(rules, None, None).expect("start");
        common::play_random(&mut g, &mut rng, GAME_ID, 60, |g| {
            if g.setup_due().is_none() {
                assert_marks_are_proofs(g);
            }
        });
    }
}
