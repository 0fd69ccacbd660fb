//! Property tests over random games: nothing panics, every listed action is legal, undo restores,
//! position text and links round-trip; and the link decoder survives arbitrary input.

use engine::game::Decision;
use engine::variants::chess::Chess;
use engine::{link, variants, Game};
use proptest::prelude::*;

/// A small deterministic generator, so a failing seed replays exactly.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays a random game of up to `plies` decisions, checking invariants after each one.
fn random_game(slug: &str, seed: u64, plies: usize) -> Game {
    let mut rng = Lcg(seed);
    let rules = variants::by_slug(slug).expect("registered");
    let mut game = Game::new(rules, None, None).expect("start position");
    let mut dead_ends = 0;
    for _ in 0..plies {
        if let Some(due) = game.setup_due() {
            // Setups are made through the game's setup calls, as the page does.
            let text = rules.random_setup(game.options(), due.seat, seed).expect("a setup phase has random setups");
            let done = if due.seal {
                game.seal_setup(due.seat, &text, [due.seat; 16], seed & link::GAME_ID_MASK)
            } else {
                game.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
            };
            done.expect("random setups are valid");
            continue;
        }
        let options = game.decisions();
        if options.is_empty() {
            if game.outcome().is_some() {
                break;
            }
            // A dead end inside a multi-step turn (Napoleon): the player takes a decision back.
            assert!(!game.record().is_empty(), "no options, no outcome and nothing to take back");
            dead_ends += 1;
            assert!(dead_ends < 1000, "stuck in dead ends at {}", game.position().to_text());
            game.undo().expect("a decision to take back");
            continue;
        }
        // Mostly board moves; now and then a game-level decision, rarely a resignation.
        let board_moves = options.iter().filter(|d| matches!(d, Decision::Act(_))).count();
        let pick = match rng.next(100) {
            0 => options.len() - 1,
            1..=3 if options.len() > board_moves => board_moves + rng.next(options.len() - board_moves),
            _ if board_moves > 0 => rng.next(board_moves),
            _ => rng.next(options.len()),
        };
        let before_text = game.position().to_text();
        let before_len = game.record().len();
        game.play_index(pick as u32).expect("listed options are playable");

        // Undo restores exactly, then replay.
        let after_text = game.position().to_text();
        game.undo().expect("just played");
        assert_eq!(game.position().to_text(), before_text);
        assert_eq!(game.record().len(), before_len);
        game.play_index(pick as u32).expect("replayable");
        assert_eq!(game.position().to_text(), after_text);

        // Position text round-trips through the parser (setups in progress have no text of their own).
        if game.setup_due().is_some()
            || game.position().transient()
            || game.position().setup_text(0).is_none() && slug == "napoleon"
        {
            continue;
        }
        let reparsed = rules.parse_position(&after_text, game.options()).expect("own notation parses");
        assert_eq!(reparsed.to_text(), after_text);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_of_every_variant_keep_every_invariant(seed in any::<u64>()) {
        for rules in variants::REGISTRY {
            let game = random_game(rules.info().slug, seed, 160);
            let back = link::decode(&link::encode(&game, seed)).unwrap_or_else(|e| panic!("{}: {e}", rules.info().slug));
            prop_assert_eq!(back.game_id, seed & link::GAME_ID_MASK);
            prop_assert_eq!(back.game.position().to_text(), game.position().to_text());
            prop_assert_eq!(back.game.outcome(), game.outcome());
        }
    }

    #[test]
    fn chess_moves_never_leave_the_king_in_check(seed in any::<u64>()) {
        let mut rng = Lcg(seed);
        let mut pos = Chess::start();
        for _ in 0..200 {
            let mut list = engine::variants::chess::MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() { break; }
            for &m in list.as_slice() {
                let mut next = pos.clone();
                next.make(m);
                prop_assert!(!next.mover_in_check(), "{} leaves the king in check in {}", Chess::coord(m), pos.fen());
            }
            let m = list.as_slice()[rng.next(list.len())];
            pos.make(m);
        }
    }

    #[test]
    fn link_decoder_never_panics_on_text(text in ".{0,300}") {
        let _ = link::decode(&text);
    }

    #[test]
    fn link_decoder_never_panics_on_base64_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        use base64::Engine;
        let _ = link::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes));
    }

    #[test]
    fn damaged_links_are_rejected_or_replayed_never_panic(seed in any::<u64>(), cut in 0usize..400, flip in 0usize..400, ch in "[A-Za-z0-9_-]") {
        let game = random_game("chess", seed, 60);
        let good = link::encode(&game, seed);
        let _ = link::decode(&good[..cut.min(good.len())]);
        let mut chars: Vec<char> = good.chars().collect();
        let i = flip % chars.len();
        chars[i] = ch.chars().next().unwrap_or('A');
        let damaged: String = chars.into_iter().collect();
        // A changed character is caught by the checksum, unless it only touched the unused low bits of
        // the last character, in which case the link still means exactly the same game.
        if let Ok(decoded) = link::decode(&damaged) {
            prop_assert_eq!(link::encode(&decoded.game, decoded.game_id), good);
        }
    }

    #[test]
    fn fen_parser_never_panics(text in "[rnbqkpRNBQKP1-9/ wbKQkqa-h0-9-]{0,90}") {
        let _ = Chess::from_fen(&text);
    }

    #[test]
    fn fen_parser_never_panics_on_well_formed_fields(
        board in "([rnbqkpRNBQKP1-8]{1,8}/){7}[rnbqkpRNBQKP1-8]{1,8}",
        turn in "[wbx]",
        castling in "(-|[KQkqX]{1,4})",
        ep in "(-|[a-j][0-9])",
        clocks in "([0-9]{1,6} [0-9]{1,6})?",
    ) {
        let text = format!("{board} {turn} {castling} {ep} {clocks}");
        if let Ok(pos) = Chess::from_fen(&text) {
            // Whatever parses must be playable and print back to something that parses.
            prop_assert!(Chess::from_fen(&pos.fen()).is_ok(), "{} printed as {}", text, pos.fen());
            let _ = pos.perft(2);
        }
    }
}
