//! Helpers shared by the variant test files: list, find and play moves by their move-list names.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use engine::Game;

/// Names (move-list notation) of every legal move.
pub fn names(g: &Game) -> Vec<String> {
    let mut actions = Vec::new();
    g.position().actions(&mut actions);
    actions.iter().map(|&a| g.position().info(a).name).collect()
}

/// Whether a move of this name is legal, ignoring a check or mate suffix.
pub fn has(g: &Game, name: &str) -> bool {
    names(g).iter().any(|n| n.trim_end_matches(['+', '#']) == name)
}

/// Plays moves given in any notation `Game::find` accepts; a failure names the position and legal moves.
pub fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let d = g.find(m).unwrap_or_else(|e| panic!("{m} in {}: {e}; legal: {:?}", g.position().to_text(), names(g)));
        g.play(d).expect("legal");
    }
}

/// The placement field of the position text.
pub fn board(g: &Game) -> String {
    g.position().to_text().split(' ').next().unwrap_or("").to_string()
}

/// Makes the setup due now (if any) as the page does: a random valid one for its seat, sealed with a
/// fixed salt when the rules seal it, placed from the seal when it is due. Returns whether one was due.
pub fn make_due_setup(g: &mut Game, seed: u64, game_id: u64) -> bool {
    let Some(due) = g.setup_due() else { return false };
    let text = g.random_setup(due.seat, seed).expect("a setup phase has random setups");
    let done = if due.seal {
        g.seal_setup(due.seat, &text, [due.seat; 16], game_id)
    } else {
        g.place_setup(due.seat, (!due.sealed).then_some(text.as_str()))
    };
    done.expect("random setups are valid");
    true
}

/// A small deterministic generator (a 64-bit LCG), so a failing seed replays exactly. The one random
/// source of the test files: random games, fuzz inputs and picks all draw from it.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 11
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The board actions among the current decisions (no draw offers or resignations).
pub fn board_moves(g: &Game) -> Vec<engine::game::Decision> {
    g.decisions().into_iter().filter(|d| matches!(d, engine::game::Decision::Act(_))).collect()
}

/// Plays up to `plies` random board moves (setups made as the page makes them, see
/// [`make_due_setup`]); stops early at the end of the game or when nothing can be played. `each` runs
/// after every decision, for the invariants a test checks.
pub fn play_random(g: &mut Game, rng: &mut Rng, game_id: u64, plies: usize, mut each: impl FnMut(&Game)) {
    for _ in 0..plies {
        if !make_due_setup(g, rng.next(), game_id) {
            let moves = board_moves(g);
            if moves.is_empty() {
                break;
            }
            g.play(moves[rng.below(moves.len())]).expect("listed moves are legal");
        }
        each(g);
    }
}

/// A deterministic host for session tests: the same `stream` gives the same game ids, secrets and salts.
pub struct TestHost(pub u64);

impl engine::session::Host for TestHost {
    fn random(&mut self, out: &mut [u8]) -> bool {
        for b in out {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *b = (self.0 >> 56) as u8;
        }
        true
    }
    fn now(&self) -> String {
        "2026-11-24T00:00:00Z".into()
    }
}

/// A browser for session tests: memory storage and a [`TestHost`] on `stream`.
pub fn browser(stream: u64) -> engine::session::Session {
    use engine::session::{keep::MemoryKeep, Session};
    Session::new(Box::new(MemoryKeep::default()), Box::new(TestHost(stream)))
}

/// A two-player link game played by two browsers that pass the link to each other after every turn,
/// each making random board moves (and its setups) in its turn, until `done` holds or `plies` decisions
/// were made.
/// Returns the last link sent. Chance is commit and reveal, as in every link game.
pub fn correspondence(
    variant: &str,
    settings: Option<Vec<u8>>,
    plies: usize,
    rng: &mut Rng,
    done: impl Fn(&Game) -> bool,
) -> String {
    use engine::session::{Mode, NewGame};
    let mut players = [browser(rng.next()), browser(rng.next())];
    let spec = NewGame { variant: variant.into(), mode: Mode::Link { seat: 0 }, settings, setup: None };
    players[0].new_game(spec).expect("a new link game");
    let mut joined = false;
    let mut link = players[0].link().expect("a link game has a link");
    for _ in 0..plies {
        let Some(mover) = (0..2).find(|&p| players[p].decides()) else { break };
        let game = players[mover].game().expect("open game");
        if done(game) {
            break;
        }
        if game.waiting_for_chance() {
            // The other player's reveal is missing: its browser answers this one's link first.
            let update = players[1 - mover].open_link(&players[mover].link().expect("a link"));
            assert!(update.notice.as_ref().map_or(true, |n| n.info), "{:?}", update.notice);
            link = players[1 - mover].link().expect("a link");
            players[mover].open_link(&link);
            continue;
        } else if game.setup_due().is_some() {
            let text = players[mover].random_setup().expect("a setup is due");
            players[mover].set_up(&text).expect("random setups are valid");
        } else {
            let moves = board_moves(game);
            if moves.is_empty() {
                break;
            }
            // Half the time a step that ends a multi-step turn (Napoleon's "pass", "end moves"), so
            // turns finish instead of running into dead ends.
            let name = |d: &engine::game::Decision| match d {
                engine::game::Decision::Act(a) => game.position().info(*a).name,
                _ => String::new(),
            };
            let ending = moves.iter().copied().find(|d| name(d) == "pass" || name(d).starts_with("end "));
            let pick = match ending {
                Some(d) if rng.below(2) == 0 => d,
                _ => moves[rng.below(moves.len())],
            };
            let index = game.index_of(pick).expect("an option");
            players[mover].play(&[index]).expect("listed moves are legal");
        }
        // A link is passed on when the turn is over, as players do (a Napoleon turn takes several
        // decisions, whose order the game settles when the turn ends).
        if players[mover].decides() && !players[mover].game().is_some_and(|g| g.waiting_for_chance()) {
            continue;
        }
        link = players[mover].link().expect("a link game has a link");
        let other = &mut players[1 - mover];
        let update = if joined { other.open_link(&link) } else { other.start(&link) };
        joined = true;
        assert!(update.notice.as_ref().map_or(true, |n| n.info), "{:?}", update.notice);
    }
    link
}

/// A link's bytes, read as leniently as the decoder reads them (padding or not, stray trailing bits).
pub fn link_bytes(text: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
    use base64::engine::DecodePaddingMode;
    use base64::Engine;
    let lenient = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    lenient.decode(text).ok()
}

/// Signs link bytes (everything before the checksum) with a fresh CRC-32, as a forger's tool does.
pub fn signed(mut body: Vec<u8>) -> String {
    use base64::Engine;
    let crc = crc32fast::hash(&body);
    body.extend_from_slice(&crc.to_le_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(body)
}

/// A link with its bytes edited and the checksum made good again, so only the edit is wrong.
pub fn edited_link(link: &str, edit: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut bytes = link_bytes(link).expect("a link's bytes");
    bytes.truncate(bytes.len() - 4);
    edit(&mut bytes);
    signed(bytes)
}
