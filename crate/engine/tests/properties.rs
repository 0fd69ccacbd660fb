//! Property tests over random games: nothing panics, every listed action is legal, undo restores,
//! position text and links round-trip; and the link decoder survives arbitrary input.

use engine::chance::ChanceSource;
use engine::game::Decision;
use engine::variants::chess::Chess;
use engine::variants::chess2024::{Card, Chess2024, FORTUNE_PLIES, GIFT_KINDS, SQUARE_PAIRS};
use engine::{link, variants, Game};
use proptest::prelude::*;

mod common;
use common::Rng;

/// Plays a random game of up to `plies` decisions, checking invariants after each one.
fn random_game(slug: &str, seed: u64, plies: usize) -> Game {
    random_game_with(slug, None, seed, plies)
}

/// [`random_game`] under the given settings.
fn random_game_with(slug: &str, settings: Option<&[u8]>, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let rules = variants::by_slug(slug).expect("registered");
    let mut game = Game::new(rules, settings, None).expect("start position");
    let mut dead_ends = 0;
    for _ in 0..plies {
        // Setups are made through the game's setup calls, as the page does.
        if common::make_due_setup(&mut game, seed, seed & link::GAME_ID_MASK) {
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
        let pick = match rng.below(100) {
            0 => options.len() - 1,
            1..=3 if options.len() > board_moves => board_moves + rng.below(options.len() - board_moves),
            _ if board_moves > 0 => rng.below(board_moves),
            _ => rng.below(options.len()),
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
        let reparsed = rules.parse_position(&after_text, game.settings()).expect("own notation parses");
        assert_eq!(reparsed.to_text(), after_text);
    }
    game
}

/// What vanished and appeared is every piece of one view the other lacks, in order (`Effects::between`
/// searches near each piece's own index first: the answer must be the plain search's), between each
/// decision's boards and between the start and the end.
fn effects_are_every_difference(game: &Game) {
    let views: Vec<_> = (0..=game.record().len()).map(|i| game.position_at(i).expect("a ply").view()).collect();
    let lacking = |a: &engine::BoardView, b: &engine::BoardView| -> Vec<_> {
        a.pieces.iter().filter(|p| !b.pieces.contains(p)).cloned().collect()
    };
    let last = views.len() - 1;
    for (before, after) in views.windows(2).map(|w| (&w[0], &w[1])).chain([(&views[0], &views[last])]) {
        let effects = engine::rules::Effects::between(before, after);
        assert_eq!(effects.vanish, lacking(before, after));
        assert_eq!(effects.appear, lacking(after, before));
    }
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
            effects_are_every_difference(&game);
        }
    }

    /// A game between browsers, every seat signing its decisions: its link decodes (every signature
    /// checks) and encodes back to the very same text (a link has one spelling, signatures included).
    #[test]
    fn signed_games_of_every_variant_re_encode_to_the_same_link(seed in any::<u64>()) {
        for rules in variants::REGISTRY {
            let mut game = random_game(rules.info().slug, seed, 80);
            for seat in 0..game.seat_count() as u8 {
                game.adopt_signing_key(seat, [(u64::from(seat) + seed % 200 + 1) as u8; 32]).expect("a key");
            }
            game.sign_own(seed);
            let text = link::encode(&game, seed);
            let back = link::decode(&text).unwrap_or_else(|e| panic!("{}: {e}", rules.info().slug));
            prop_assert_eq!(link::encode(&back.game, back.game_id), text, "{}", rules.info().slug);
            prop_assert!(back.game.signed());
        }
    }

    #[test]
    fn chess_moves_never_leave_the_king_in_check(seed in any::<u64>()) {
        let mut rng = Rng(seed);
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
            let m = list.as_slice()[rng.below(list.len())];
            pos.make(m);
        }
    }

    #[test]
    fn any_text_is_a_link_error_or_a_game_that_re_encodes_to_it(text in ".{0,300}") {
        check_link(&text)?;
    }

    #[test]
    fn any_bytes_are_a_link_error_or_a_game_that_re_encodes_to_them(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        use base64::Engine;
        check_link(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))?;
    }

    #[test]
    fn damaged_links_are_rejected_or_replayed_never_panic(seed in any::<u64>(), cut in 0usize..400, flip in 0usize..400, ch in "[A-Za-z0-9_-]") {
        let game = random_game("chess", seed, 60);
        let good = link::encode(&game, seed);
        check_link(&good[..cut.min(good.len())])?;
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
    fn fen_reader_gives_a_position_or_a_bad_position_error(text in "[rnbqkpRNBQKP1-9/ wbKQkqa-h0-9-]{0,90}") {
        match Chess::from_fen(&text) {
            Err(e) => prop_assert_eq!(e.code, engine::ErrorCode::BadPosition),
            Ok(pos) => prop_assert!(Chess::from_fen(&pos.fen()).is_ok(), "{} printed as {}", text, pos.fen()),
        }
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
            // Perft 2 is the sum of perft 1 after each move (the move generator agrees with itself).
            let mut list = engine::variants::chess::MoveList::new();
            pos.legal_moves(&mut list);
            let by_move: u64 = list.as_slice().iter().map(|&m| { let mut next = pos.clone(); next.make(m); next.perft(1) }).sum();
            prop_assert_eq!(pos.perft(2), by_move, "{}", text);
        }
    }
}

/// A link text decodes to a typed link error, or to a game whose link is the same bytes: a link has one
/// spelling, so two links can never claim to be different games while meaning one.
fn check_link(text: &str) -> Result<(), TestCaseError> {
    match link::decode(text) {
        Err(e) => prop_assert!(e.code.as_str().starts_with("link-"), "{:?} for {:?}", e, text),
        Ok(decoded) => {
            let again = link::encode(&decoded.game, decoded.game_id);
            prop_assert_eq!(common::link_bytes(link::fragment_of(text)), common::link_bytes(&again), "{}", text);
        }
    }
    Ok(())
}

/// Every variant's reader with the setting sets the fuzzing covers: defaults, and four-player Napoleon.
fn readers() -> Vec<(&'static dyn engine::Rules, Vec<u8>)> {
    let mut out = Vec::new();
    for &rules in variants::REGISTRY {
        out.push((rules, variants::resolve_settings(rules, None).expect("defaults")));
        if rules.info().slug == "napoleon" {
            out.push((rules, vec![1]));
        }
    }
    out
}

/// Valid position texts of every reader: the start and a few positions of short random games.
fn corpus() -> &'static [(usize, String)] {
    static CORPUS: std::sync::OnceLock<Vec<(usize, String)>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut out = Vec::new();
        for (r, (rules, settings)) in readers().into_iter().enumerate() {
            for seed in 0..3u64 {
                let game = random_game_with(rules.info().slug, Some(&settings), seed, 12 + 20 * seed as usize);
                let text = game.position().to_text();
                if rules.parse_position(&text, &settings).is_ok() {
                    out.push((r, text));
                }
            }
            if rules.info().slug == "checkered" {
                // Every field filled in, the last checkered move among them.
                out.push((
                    r,
                    "r1bqkbnr/pppppppp/2o5/8/8/5N2/PPPPPPPP/RNBQKB1R w 4 ahah1111111111111111 - b8c6 1".into(),
                ));
            }
        }
        out
    })
}

/// Mostly a character of some variant's notation (so that many damaged texts still read), else any.
fn notation_char() -> impl Strategy<Value = char> {
    let alphabet: Vec<char> = "0123456789/ -+()kqrbnpKQRBNPejcahxEJCAHXsuotwuWRU{}.slkiS".chars().collect();
    prop_oneof![3 => proptest::sample::select(alphabet), 1 => any::<char>()]
}

/// A text changed by a list of edits: (what, where, character).
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(what, at, c) in edits {
        let i = at % (chars.len() + 1);
        match what % 5 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i, c),
            2 if i < chars.len() => {
                chars.remove(i);
            }
            3 => {
                // A digit (or the character there) repeated many times: long runs and huge numbers.
                let d = chars.get(i).copied().filter(char::is_ascii_digit).unwrap_or('9');
                for _ in 0..(c as usize % 24 + 2) {
                    chars.insert(i, d);
                }
            }
            _ => chars.insert(i, ['é', '€', '𝄞', 'ｇ', '²', '٣', '\u{301}'][c as usize % 7]),
        }
    }
    chars.into_iter().collect()
}

/// Reading must give a position or a `bad-position` error; a position read must play on and write text
/// that reads back to the same text.
fn check_reader(reader: usize, text: &str) -> Result<(), TestCaseError> {
    let (rules, settings) = &readers()[reader];
    match rules.parse_position(text, settings) {
        Err(e) => prop_assert_eq!(e.code, engine::ErrorCode::BadPosition, "{}: {:?}", text, e),
        Ok(position) => {
            // Whatever reads is a position like any other: it draws on its board, evaluates the same
            // twice, and plays on to a position that writes text and draws.
            let board_fits = |view: &engine::BoardView| {
                view.pieces.iter().all(|p| p.square.file() < view.width && p.square.rank() < view.height)
            };
            prop_assert!(board_fits(&position.view()), "{}: pieces off the board", text);
            let seat = position.to_move();
            prop_assert_eq!(position.evaluate(seat), position.evaluate(seat));
            prop_assert_eq!(position.repetition_key(), position.clone().repetition_key());
            let mut actions = Vec::new();
            position.actions(&mut actions);
            if let Some(&first) = actions.first() {
                let mut next = position.clone();
                prop_assert!(next.play(first).is_ok(), "{}: the first option {:?} plays", text, first);
                prop_assert!(!next.to_text().is_empty() && board_fits(&next.view()), "{}: after {:?}", text, first);
            }
            let written = position.to_text();
            let back = rules.parse_position(&written, settings);
            prop_assert!(
                back.is_ok(),
                "{} read '{}', wrote '{}', which fails: {:?}",
                rules.info().slug,
                text,
                written,
                back.err()
            );
            prop_assert_eq!(back.map(|p| p.to_text()).unwrap_or_default(), written);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn position_readers_never_panic_on_random_text(
        reader in 0usize..7,
        // Any printable text, or text of the notations' characters (which gets further into the readers).
        text in prop_oneof!["\\PC{0,160}", "[0-9kqrbnpejcahxsuotlKQRBNPEJCAHXSUWi/ (){}+.-]{0,160}"],
    ) {
        check_reader(reader % readers().len(), &text)?;
    }

    #[test]
    fn position_readers_never_panic_on_damaged_positions(
        pick in any::<usize>(),
        edits in proptest::collection::vec((any::<u8>(), any::<usize>(), notation_char()), 1..4),
    ) {
        let corpus = corpus();
        let (reader, text) = &corpus[pick % corpus.len()];
        check_reader(*reader, &mutate(text, &edits))?;
    }
}

/// Every variant under every setting set the notation must carry: defaults, both Napoleon player counts,
/// Chess 2024 with and without the fortunes, Checkered with and without the switch.
fn configurations() -> Vec<(&'static str, Vec<u8>)> {
    let mut out = Vec::new();
    for &rules in variants::REGISTRY {
        let slug = rules.info().slug;
        let defaults = variants::resolve_settings(rules, None).expect("defaults");
        out.push((slug, defaults.clone()));
        // Every value of each setting, the others at their defaults.
        for (i, spec) in rules.info().settings.iter().enumerate() {
            for value in (0..spec.choices.len() as u8).filter(|&v| v != spec.default) {
                let mut settings = defaults.clone();
                settings[i] = value;
                out.push((slug, settings));
            }
        }
    }
    out
}

/// Checks that the position written now reads back as the same position: the same text, outcome,
/// repetition key (which holds everything that decides future play) and use of chance.
fn reads_back_as_itself(game: &Game) {
    let rules = game.rules();
    let position = game.position();
    let text = position.to_text();
    let slug = rules.info().slug;
    let back = rules
        .parse_position(&text, game.settings())
        .unwrap_or_else(|e| panic!("{slug}: '{text}' does not read back: {e}"));
    assert_eq!(back.to_text(), text, "{slug}");
    assert_eq!(back.outcome(), position.outcome(), "{slug}: '{text}'");
    assert_eq!(back.uses_chance(), position.uses_chance(), "{slug}: '{text}'");
    assert_eq!(back.to_move(), position.to_move(), "{slug}: '{text}'");
    let (a, b) = (back.repetition_key(), position.repetition_key());
    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    assert!(
        a == b,
        "{slug}: '{text}' reads back with another repetition key (byte {at} of {} and {})",
        a.len(),
        b.len()
    );
}

/// A random game that prefers captures (so that many games finish), with the notation checked after
/// every decision.
fn notation_game(slug: &str, settings: &[u8], seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let rules = variants::by_slug(slug).expect("registered");
    let mut game = Game::new(rules, Some(settings), None).expect("start position");
    let mut dead_ends = 0;
    for _ in 0..plies {
        // Setups are made through the game's setup calls, as the page does.
        if common::make_due_setup(&mut game, seed, seed & link::GAME_ID_MASK) {
            continue;
        }
        let decisions = game.decisions();
        let board_moves = decisions.iter().filter(|d| matches!(d, Decision::Act(_))).count();
        if board_moves == 0 {
            if game.outcome().is_some() {
                break;
            }
            // A dead end inside a multi-step turn (Napoleon): the player takes a decision back.
            dead_ends += 1;
            assert!(dead_ends < 1000, "stuck in dead ends at {}", game.position().to_text());
            game.undo().expect("a decision to take back");
            continue;
        }
        let captures: Vec<usize> = (0..decisions.len())
            .filter(|&i| matches!(decisions[i], Decision::Act(a) if game.position().capture_gain(a).is_some()))
            .collect();
        // Rarely a resignation or a draw offer or acceptance, so that most games end on the board.
        let pick = match rng.below(1000) {
            0 => decisions.len() - 1,
            1..=5 if decisions.len() > board_moves + 1 => board_moves + rng.below(decisions.len() - board_moves - 1),
            6..=600 if !captures.is_empty() => captures[rng.below(captures.len())],
            _ => rng.below(board_moves),
        };
        let seat = game.to_move();
        game.play_index(pick as u32).expect("listed options are playable");
        // Setups in progress and a piece picked have no text of their own; a Napoleon text is the board
        // at the start of a turn (mid-turn it shows the board as it stands, without the turn's state:
        // `random_game` checks those texts).
        let napoleon = slug == "napoleon";
        let turn_start = game.to_move() != seat || game.position().outcome().is_some();
        if game.setup_due().is_some() || game.position().transient() || napoleon && !turn_start {
            continue;
        }
        reads_back_as_itself(&game);
    }
    game
}

/// Chess 2024 from `start` (the start position when `None`) with the one event forced at ply `at` (the
/// card and detail as the command line's `--card`): random moves until it has struck, then the position
/// right after it must read back as itself. Random games seldom make an event that matters (an Ace of
/// Spades killing the man that blocked a check, which leaves the side not to move in check, which docs/rules.md allows),
/// so every event is forced somewhere. Returns whether the event struck before the game ended.
fn reads_back_after_event(start: Option<&str>, at: u16, card: Card, detail: u64, seed: u64) -> bool {
    let rules = variants::by_slug("chess2024").expect("registered");
    let chance = ChanceSource::Scripted(vec![(u32::from(at), Chess2024::forced_chance(at, card, detail))]);
    let mut game = Game::with_chance(rules, None, start, chance).expect("a position before the event");
    let mut rng = Rng(seed);
    let struck = |g: &Game| g.position().to_text().ends_with(" used");
    while !struck(&game) {
        let moves = common::board_moves(&game);
        if moves.is_empty() || game.outcome().is_some() {
            return false;
        }
        game.play(moves[rng.below(moves.len())]).expect("a listed move");
    }
    reads_back_as_itself(&game);
    true
}

/// Every card and detail once, forced into random Chess 2024 games and into a position where the Ace of
/// Spades can kill the bishop that shields White's king (the side not to move is then in check).
#[test]
fn every_chess2024_event_leaves_a_position_that_reads_back() {
    let shielded = "6k5/12/p11/12/6r5/12/12/12/12/12/6B5/6K5 b 0 10";
    let mut cases = vec![(Card::Joker, 0), (Card::AceOfSpades, 1)];
    cases.extend((0..GIFT_KINDS).map(|kind| (Card::QueenOfHearts, kind)));
    cases.extend((0..SQUARE_PAIRS).map(|pair| (Card::AceOfSpades, pair * 2)));
    for (i, &(card, detail)) in cases.iter().enumerate() {
        assert!(reads_back_after_event(Some(shielded), 20, card, detail, i as u64), "{card:?} {detail}");
        let at = FORTUNE_PLIES.0 + (i as u16 % (FORTUNE_PLIES.1 - FORTUNE_PLIES.0 + 1));
        reads_back_after_event(None, at, card, detail, i as u64);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn every_position_reads_back_as_written_and_links_replay(seed in any::<u64>()) {
        for (slug, settings) in configurations() {
            let game = notation_game(slug, &settings, seed, 240);
            let back = link::decode(&link::encode(&game, seed)).unwrap_or_else(|e| panic!("{slug}: {e}")).game;
            let names = |g: &Game| g.record().iter().map(|e| e.name.clone()).collect::<Vec<_>>();
            prop_assert_eq!(names(&back), names(&game), "{}", slug);
            prop_assert_eq!(back.position().to_text(), game.position().to_text());
            prop_assert_eq!(back.position().repetition_key(), game.position().repetition_key());
            prop_assert_eq!(back.outcome(), game.outcome());
            prop_assert_eq!(back.settings(), game.settings());
        }
    }
}
