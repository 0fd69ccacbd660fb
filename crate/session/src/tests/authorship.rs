//! Every decision bound to the player who made it: the attacks a cheating opponent and a hostile page
//! made on links before they were signed, each refused now.

use super::*;
use crate::authorship::Author;

/// White and Black play e4, e5, Nf3 by links; Black has opened the Nf3 link and not answered.
/// Returns both browsers with their storage, and the links of e5 (Black's) and Nf3 (White's).
fn three_moves() -> ((Session, SharedKeep), (Session, SharedKeep), String, String) {
    let (mut white, white_keep) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let (mut black, black_keep) = browser(2);
    black.start(&white.link().expect("link"));
    play(&mut black, "e5");
    let e5 = black.link().expect("link");
    white.open_link(&e5);
    play(&mut white, "Nf3");
    let nf3 = white.link().expect("link");
    assert_eq!(code(&black.open_link(&nf3)), None);
    ((white, white_keep), (black, black_keep), e5, nf3)
}

/// The sender drops its own last move and sends "the receiver resigns" in its place: the resignation
/// carries no signature of the receiver's, so neither the receiver nor anyone else takes it.
#[test]
fn a_link_cannot_resign_in_the_receivers_name() {
    let ((_, white_keep), (mut black, black_keep), e5, nf3) = three_moves();
    let before = stored_links(&black_keep);
    let mut forged = link::decode(&e5).expect("valid");
    forged.game.resign_out_of_turn(1).expect("Black waits for White's move");
    sign_with(&mut forged.game, forged.game_id, &[&white_keep]);
    let forged = link::encode(&forged.game, forged.game_id);
    let update = black.open_link(&forged);
    assert_eq!(code(&update), Some("link-unsigned"), "{:?}", update.notice);
    assert_eq!(stored_links(&black_keep), before, "nothing stored changes");
    assert!(black.game().is_some_and(|g| g.outcome().is_none()), "Black's game goes on");
    assert_eq!(judge_continuation(&nf3, &forged, Some(1)).err().map(|e| e.code), Some(ErrorCode::LinkUnsigned));
    // The same resignation with a key of the forger's own for Black: Black's key was already published.
    let mut keyed = link::decode(&e5).expect("valid");
    keyed.game.resign_out_of_turn(1).expect("Black waits");
    let mut authors = keyed.game.authors().to_vec();
    authors[1] = Author::default();
    keyed.game.set_authors(authors);
    keyed.game.adopt_signing_key(1, [7; 32]).expect("a key of the forger's");
    sign_with(&mut keyed.game, keyed.game_id, &[&white_keep]);
    let keyed = link::encode(&keyed.game, keyed.game_id);
    assert_eq!(code(&black.open_link(&keyed)), Some("link-key-changed"));
    assert_eq!(stored_links(&black_keep), before);
}

/// The continuation rule looks for decisions in the receiver's name from where the two records part,
/// not from where the stored one ends: a resignation "over" the receiver's moves must be the sender's.
#[test]
fn decisions_in_the_receivers_name_are_looked_for_from_where_the_records_part() {
    let mut stored = Game::from_slug("chess", None).expect("chess");
    for m in ["e4", "e5", "Nf3"] {
        stored.play(stored.find(m).expect("legal")).expect("played");
    }
    let mut incoming = Game::from_slug("chess", None).expect("chess");
    for m in ["e4", "e5"] {
        incoming.play(incoming.find(m).expect("legal")).expect("played");
    }
    incoming.resign_out_of_turn(1).expect("Black waits");
    let err = trust::no_decisions_for(1, &stored, &incoming).err().map(|e| e.code);
    assert_eq!(err, Some(ErrorCode::LinkForgedMove), "Black's resignation, shorter than Black's copy");
    assert!(trust::no_decisions_for(0, &stored, &incoming).is_ok(), "White's browser: nothing in its name");
}

/// A transfer code holding "Black resigns" for Black's own game: refused, the game kept as it was.
#[test]
fn a_transfer_code_cannot_decide_in_the_receivers_name() {
    let ((_, white_keep), (mut black, black_keep), _, nf3) = three_moves();
    let before = stored_links(&black_keep);
    let mut forged = link::decode(&nf3).expect("valid");
    let resign = forged.game.index_of(Decision::Resign).expect("an option");
    forged.game.play_index(resign).expect("Black resigns");
    sign_with(&mut forged.game, forged.game_id, &[&white_keep]);
    let code = transfer::encode(&transfer::Transfer {
        mode: "link".into(),
        seat: 1,
        level: 0,
        link: link::encode(&forged.game, forged.game_id),
        created: "t".into(),
        secret: None,
        seals: Vec::new(),
        key: None,
    });
    assert_eq!(black.import_code(&code).err().map(|e| e.code), Some(ErrorCode::LinkUnsigned));
    assert_eq!(stored_links(&black_keep), before);
}

/// A transfer code that brings a secret of the sender's choosing for a game the receiver keeps (the
/// sender would foresee every card): refused, as is one for a seat whose key this browser does not hold.
#[test]
fn a_transfer_code_cannot_plant_a_secret_in_a_game_kept_here() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let (mut black, black_keep) = browser(2);
    black.start(&white.link().expect("link"));
    play_any(&mut black);
    let mine = black.export_code().expect("export");
    let before = stored_links(&black_keep);
    let mut planted = transfer::decode(&mine).expect("valid");
    planted.secret = Some(keep::Kept { seat: 1, secret: seal::to_hex(&[0x66; SECRET_BYTES]) });
    let err = black.import_code(&transfer::encode(&planted)).expect_err("refused");
    assert_eq!(err.code, ErrorCode::BadTransferCode);
    assert!(err.message.contains("other secrets"), "{}", err.message);
    assert_eq!(stored_links(&black_keep), before);
    // The player's own code, brought back unchanged, is taken.
    assert!(black.import_code(&mine).is_ok());
}

/// Four players: Red replaces White's last turn with "White resigns" (or White's seal before its
/// reveal). Every browser refuses it, not only White's: the turn is not signed by White.
/// Only a link game has a key and a chance secret of its player's own (the others draw their chance from
/// a seed in their link). A code that brings one with a computer or pass-and-play game was forged: were it
/// taken, the secret would stay kept under the game's id, and the forger's invitation to that id would be
/// joined with it as the player's own (the forger foreseeing every card, or signing in the player's name).
#[test]
fn a_transfer_code_cannot_plant_a_key_or_secret_with_a_game_that_is_not_a_link_game() {
    let (mut forger, _) = browser(3);
    link_game(&mut forger, "chess2024", 0, None);
    play(&mut forger, "e4");
    let id = forger.game_id().expect("id");
    let real = transfer::decode(&forger.export_code().expect("export")).expect("valid");
    assert!(real.secret.is_some() && real.key.is_some(), "a link game's code brings both");
    for (mode, secret, key) in [("computer", true, false), ("computer", false, true), ("local", false, true)] {
        let mut forged = real.clone();
        forged.mode = mode.into();
        forged.secret = forged.secret.filter(|_| secret);
        forged.key = forged.key.filter(|_| key);
        let (mut victim, victim_keep) = browser(4);
        let err = victim.import_code(&transfer::encode(&forged)).expect_err("forged");
        assert_eq!(err.code, ErrorCode::BadTransferCode, "{mode} secret {secret} key {key}");
        let kept: Vec<_> = stored_links(&victim_keep).into_iter().filter(|(k, _)| k.contains(&id)).collect();
        assert!(kept.is_empty(), "{mode}: nothing kept for the game, {kept:?}");
    }
}

#[test]
fn four_players_no_seat_can_rewrite_another_seats_turn() {
    let rules = variants::by_slug("napoleon").expect("napoleon");
    let start = "Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1";
    let seed = |seat: Seat| [seat + 10; 32];
    let with_keys = |game: &mut Game, own: &[Seat]| {
        let authors = (0..4).map(|s| Author { key: crate::authorship::public_key(&seed(s)), ..Default::default() });
        game.set_authors(authors.collect());
        for &s in own {
            game.adopt_signing_key(s, seed(s)).expect("its key");
        }
    };
    // White passes (signed by White), then Red passes (signed by Red): the honest link to Black.
    let mut honest = Game::new(rules, Some(&[1]), Some(start)).expect("four");
    with_keys(&mut honest, &[0, 1]);
    for _ in 0..2 {
        honest.play(honest.find("pass").expect("a pass")).expect("passed");
        honest.sign_own(0x55);
    }
    let honest_link = link::encode(&honest, 0x55);
    assert!(link::decode(&honest_link).is_ok());
    // Red's forgery: White resigned instead, Red passed; Red can sign only Red's own decisions.
    let mut forged = Game::new(rules, Some(&[1]), Some(start)).expect("four");
    with_keys(&mut forged, &[1]);
    forged.play(forged.find("resign").expect("a resignation")).expect("White out");
    forged.play(forged.find("pass").expect("a pass")).expect("Red passes");
    forged.sign_own(0x55);
    let forged_link = link::encode(&forged, 0x55);
    for (stream, who) in [(40, "Black"), (41, "Blue"), (42, "a browser that watches")] {
        let (mut browser, keep) = browser(stream);
        assert_eq!(code(&browser.open_link(&forged_link)), Some("link-unsigned"), "{who}");
        assert!(keep.keys().is_empty(), "{who}");
    }
    // White's signature over the pass, copied onto the resignation, does not match it.
    let mut copied = forged.clone();
    let white_signed = link::decode(&honest_link).expect("valid").game.authors()[0].signed;
    let mut authors = copied.authors().to_vec();
    authors[0].signed = white_signed.map(|s| crate::authorship::Signed { plies: 1, ..s });
    copied.set_authors(authors);
    assert_eq!(link::decode(&link::encode(&copied, 0x55)).err().map(|e| e.code), Some(ErrorCode::LinkBadSignature));
}

/// A sealed setup's commitment is signed by its seat: swapping it before the reveal is refused by
/// every browser.
#[test]
fn four_players_a_seal_cannot_be_swapped_before_its_reveal() {
    let (mut white, white_keep) = browser(1);
    let four =
        NewGame { variant: "napoleon".into(), mode: Mode::Link { seat: 0 }, settings: Some(vec![1]), setup: None };
    white.new_game(four).expect("new game");
    napoleon_setup(&mut white);
    let (mut red, red_keep) = browser(2);
    red.start(&white.link().expect("link"));
    napoleon_setup(&mut red);
    let to_black = link::decode(&red.link().expect("link")).expect("valid");
    assert!(to_black.game.seals()[0].commitment.is_some(), "White's seal travels to Black");
    // Red swaps White's commitment for one of its own making and signs what it can.
    let mut swapped = to_black.game.clone();
    let mut seals = swapped.seals().to_vec();
    seals[0].commitment = Some([0x77; 32]);
    swapped.set_seals(seals);
    sign_with(&mut swapped, to_black.game_id, &[&red_keep]);
    let forged = link::encode(&swapped, to_black.game_id);
    assert_eq!(link::decode(&forged).err().map(|e| e.code), Some(ErrorCode::LinkBadSignature));
    let _ = white_keep;
}

/// A hostile page that opens link after link stores nothing: no game, no secret, and the player's
/// own game stays the current one.
#[test]
fn opening_links_stores_nothing_until_the_player_acts() {
    let (mut me, keep) = browser(3);
    link_game(&mut me, "chess2024", 0, None);
    play(&mut me, "e4");
    let mine = me.game_id().expect("id");
    let stored_before = stored_links(&keep);
    for stream in 100..150 {
        let (mut other, _) = browser(stream);
        link_game(&mut other, "chess2024", 0, None);
        play(&mut other, "e4");
        let update = me.start(&other.link().expect("link"));
        assert_eq!(code(&update), Some("visiting"));
    }
    assert_eq!(stored_links(&keep), stored_before, "no game, no secret, no key, the same current game");
    assert_eq!(keep.get("chessfront.current").as_deref(), Some(mine.as_str()));
    // The player acts in the last one: it is stored from then on, with its key and secret.
    play_any(&mut me);
    let id = me.game_id().expect("id");
    for prefix in ["game", "key", "secret"] {
        assert!(keep.get(&format!("chessfront.{prefix}.{id}")).is_some(), "{prefix}");
    }
}

/// A link has one spelling; a respelled one is refused, and so are links past the limits.
#[test]
fn respelled_overlong_and_overfull_links_are_refused() {
    let (mut white, _) = browser(1);
    link_game(&mut white, "chess", 0, None);
    play(&mut white, "e4");
    let sent = white.link().expect("link");
    let (mut black, keep) = browser(2);
    let respelled = [format!("{sent}="), format!("{sent}==")];
    let mut tested = 0;
    for text in respelled.iter().filter(|t| link::decode(t).is_ok()) {
        assert_eq!(code(&black.open_link(text)), Some("link-respelled"), "{text}");
        tested += 1;
    }
    assert!(tested > 0, "a respelling that decodes");
    // Stray bits in the last character decode to the same bytes: another spelling.
    let last = sent.chars().last().expect("a character");
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let next = alphabet.chars().nth(alphabet.find(last).expect("base64url") + 1).unwrap_or('A');
    let strayed = format!("{}{next}", &sent[..sent.len() - 1]);
    if let Ok(same) = link::decode(&strayed) {
        assert_eq!(same.game.record().len(), 1);
        assert_eq!(code(&black.open_link(&strayed)), Some("link-respelled"));
    }
    let long = "A".repeat(link::MAX_LINK_CHARS + 1);
    assert_eq!(code(&black.open_link(&long)), Some("link-too-long"));
    let longest = "A".repeat(link::MAX_LINK_CHARS);
    assert_ne!(
        link::decode(&longest).err().map(|e| e.code),
        Some(ErrorCode::LinkTooLong),
        "the limit itself is allowed"
    );
    // A count of decisions past the limit is refused before anything is replayed; the limit itself is
    // replayed (and here runs out of decisions: damage).
    let counted = |count: u64| {
        let mut bytes = vec![1u8, 0];
        let mut body = vec![1u8, 1, 0];
        body.extend_from_slice(&[0; 5]);
        let mut n = count;
        while n >= 0x80 {
            body.push((n as u8) | 0x80);
            n >>= 7;
        }
        body.push(n as u8);
        bytes[1] = body.len() as u8;
        bytes.extend_from_slice(&body);
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        link::decode(&crate::base64url::encode(&bytes)).err().map(|e| e.code)
    };
    assert_eq!(counted(link::MAX_DECISIONS + 1), Some(ErrorCode::LinkTooManyDecisions));
    assert_eq!(counted(link::MAX_DECISIONS), Some(ErrorCode::LinkCorrupted));
    assert!(keep.keys().is_empty());
}

/// Every link the session hands out decodes and encodes back to the same text, signatures included.
#[test]
fn signed_links_have_one_spelling() {
    let ((mut white, _), (mut black, _), e5, nf3) = three_moves();
    for text in [&e5, &nf3] {
        let decoded = link::decode(text).expect("valid");
        assert_eq!(&link::encode(&decoded.game, decoded.game_id), text);
    }
    play(&mut black, "Nc6");
    white.open_link(&black.link().expect("link"));
    white.resign().expect("resigns on its turn");
    let last = white.link().expect("link");
    let decoded = link::decode(&last).expect("valid");
    assert_eq!(link::encode(&decoded.game, decoded.game_id), last, "every seat signed once the game is over");
    assert!(decoded.game.authors().iter().all(|a| a.signed.is_some()));
}

/// A stored key that is no key (damaged storage: all zeros, or not hex) locks the game with a message;
/// nothing panics.
#[test]
fn a_damaged_stored_key_locks_the_game_and_says_why() {
    for damaged in ["0".repeat(64), "not hex".to_string()] {
        let (mut white, keep) = browser(1);
        link_game(&mut white, "chess", 0, None);
        play(&mut white, "e4");
        let id = white.game_id().expect("id");
        let kept = keep::Kept { seat: 0, secret: damaged.clone() };
        keep.clone().set(&format!("chessfront.key.{id}"), &kept.to_json()).expect("raw");
        let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 9 }));
        let update = again.open_stored(&id);
        assert_eq!(code(&update), Some("link-bad-reveal"), "{damaged}");
        assert!(!again.decides(), "locked: {damaged}");
    }
}

/// A link game stored before links were signed gets its player's key when it is opened, and storage
/// is written with it at once (its link now publishes the key, and signs what the player decided).
#[test]
fn a_game_stored_before_signatures_publishes_its_key_when_opened() {
    for moves in [&[][..], &["e4"][..]] {
        let (mut white, keep) = browser(1);
        link_game(&mut white, "chess", 0, None);
        for m in moves {
            play(&mut white, m);
            white.confirm_move().expect("confirmed");
        }
        let id = white.game_id().expect("id");
        let mut bare = link::decode(&white.link().expect("link")).expect("valid");
        bare.game.set_authors(vec![Default::default(); 2]);
        let unsigned = link::encode(&bare.game, bare.game_id);
        let key = format!("chessfront.game.{id}");
        let old = keep::StoredGame::from_json(&keep.get(&key).expect("stored")).expect("readable");
        keep.clone().set(&key, &keep::StoredGame { link: unsigned, ..old }.to_json()).expect("raw");
        keep.clone().remove(&format!("chessfront.key.{id}"));
        let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 77 }));
        assert_eq!(code(&again.open_stored(&id)), None);
        let saved = keep::StoredGame::from_json(&keep.get(&key).expect("stored")).expect("readable");
        let white_author = link::decode(&saved.link).expect("valid").game.authors()[0].clone();
        assert!(white_author.key.is_some(), "the key is in the stored link ({moves:?})");
        assert_eq!(white_author.signed.is_some(), !moves.is_empty(), "White's decisions signed ({moves:?})");
        assert!(keep.get(&format!("chessfront.key.{id}")).is_some(), "and its seed is kept");
    }
}

/// A signature whose seat published no key is a damaged link, not an unsigned one.
#[test]
fn a_signature_without_its_key_is_damage() {
    let mut game = Game::from_slug("chess", None).expect("chess");
    game.adopt_signing_key(0, [3; 32]).expect("White's key");
    for m in ["e4", "e5"] {
        game.play(game.find(m).expect("legal")).expect("played");
    }
    game.sign_own(5);
    let mut authors = game.authors().to_vec();
    authors[1] =
        Author { key: None, signed: Some(crate::authorship::Signed { plies: 2, signature: [1; 64] }), own: None };
    game.set_authors(authors);
    let err = link::decode(&link::encode(&game, 5)).err().expect("refused");
    assert_eq!(err.code, ErrorCode::LinkCorrupted, "{}", err.message);
    assert!(err.message.contains("without its key"), "{}", err.message);
}

/// A signed two-player link's body, framed again around `body` (the same version byte, a fresh length
/// and checksum): what a forger who edits the bytes sends.
fn reframed(version: u8, body: &[u8]) -> String {
    let mut framed = vec![version];
    let mut n = body.len();
    while n >= 0x80 {
        framed.push((n as u8) | 0x80);
        n >>= 7;
    }
    framed.push(n as u8);
    framed.extend_from_slice(body);
    let crc = crc32fast::hash(&framed);
    framed.extend_from_slice(&crc.to_le_bytes());
    crate::base64url::encode(&framed)
}

/// A link's version byte and body (between its length and its checksum).
fn unframed(text: &str) -> (u8, Vec<u8>) {
    let bytes = crate::base64url::decode(text, crate::base64url::Spelling::Exact).expect("own link");
    let length_bytes = bytes[1..].iter().position(|b| b & 0x80 == 0).expect("a varint") + 1;
    (bytes[0], bytes[1 + length_bytes..bytes.len() - 4].to_vec())
}

/// Presence bits for seats a two-player game does not have (a third and fourth seat's key or
/// signature) are damage, not bits to ignore: a link has one spelling.
#[test]
fn authors_of_seats_the_game_lacks_are_damage() {
    let mut game = Game::from_slug("chess", None).expect("chess");
    game.adopt_signing_key(0, [3; 32]).expect("White's key");
    game.play(game.find("e4").expect("legal")).expect("played");
    game.sign_own(5);
    let (version, body) = unframed(&link::encode(&game, 5));
    // Variant, revision, flags, five bytes of id (chess has no settings), then the authors' presence.
    let presence = 3 + 5;
    assert_eq!(body[presence], 0b0011, "White's key and signature");
    assert!(link::decode(&reframed(version, &body)).is_ok(), "the frame alone changes nothing");
    for extra in [0b0001_0000u8, 0b0010_0000, 0b0100_0000, 0b1000_0000] {
        let mut forged = body.clone();
        forged[presence] |= extra;
        let err = link::decode(&reframed(version, &forged)).err().expect("refused");
        assert_eq!(err.code, ErrorCode::LinkCorrupted, "{extra:#010b}: {}", err.message);
        assert!(err.message.contains("another number of players"), "{extra:#010b}: {}", err.message);
    }
}

/// A signature no decision needs (here for a seat that never decided, spliced into a finished game's
/// link by hand) is damage: a link has one spelling, and its encoder never writes one.
#[test]
fn a_signature_no_decision_needs_is_damage() {
    let mut game = Game::from_slug("chess", None).expect("chess");
    game.adopt_signing_key(0, [3; 32]).expect("White's key");
    game.adopt_signing_key(1, [4; 32]).expect("Black's key");
    game.play(game.find("e4").expect("legal")).expect("played");
    game.resign_out_of_turn(0).expect("White resigns while Black is to move");
    game.sign_own(5);
    let text = link::encode(&game, 5);
    assert!(link::decode(&text).is_ok());
    let (version, mut body) = unframed(&text);
    // Variant, revision, flags, five bytes of id (chess has no settings), then the authors' presence.
    let presence = 3 + 5;
    assert_eq!(body[presence], 0b0111, "two keys, White's signature");
    body[presence] |= 0b1000;
    let after_white_signature = presence + 1 + 64 + 64;
    body.splice(after_white_signature..after_white_signature, [7u8; 64]);
    let err = link::decode(&reframed(version, &body)).err().expect("refused");
    assert_eq!(err.code, ErrorCode::LinkCorrupted, "{}", err.message);
    assert!(err.message.contains("no decision needs"), "{}", err.message);
}

/// Where two records part is the first decision that differs in anything: here the same seat chose
/// another of as many options (e4 or d4, each of White's twenty), so they part there, not after it.
#[test]
fn records_part_at_the_first_other_choice_of_the_same_seat() {
    let game = |moves: &[&str]| {
        let mut game = Game::from_slug("chess", None).expect("chess");
        for m in moves {
            game.play(game.find(m).expect("legal")).expect("played");
        }
        game
    };
    assert_eq!(crate::continuation::parted_at(&game(&["e4"]), &game(&["d4"])), 0);
    assert_eq!(crate::continuation::parted_at(&game(&["e4", "e5"]), &game(&["e4", "d5"])), 1);
    assert_eq!(crate::continuation::parted_at(&game(&["e4", "e5"]), &game(&["e4", "e5", "Nf3"])), 2);
}

/// A player's own transfer code of a Napoleon game kept here, with its sealed setup, brought back
/// unchanged, is taken: its seal is compared with the one kept for the same seat.
#[test]
fn a_transfer_code_with_the_same_sealed_setup_is_taken() {
    let (mut white, white_keep) = browser(5);
    link_game(&mut white, "napoleon", 0, None);
    napoleon_setup(&mut white);
    assert!(white_keep.keys().iter().any(|k| k.starts_with("chessfront.seal.")), "{:?}", white_keep.keys());
    let mine = white.export_code().expect("export");
    assert!(!transfer::decode(&mine).expect("valid").seals.is_empty(), "the code carries the seal");
    assert!(white.import_code(&mine).is_ok(), "the same secrets: nothing changes");
}

/// A browser whose copy of its link game is damaged opens its own link as a game it does not keep, with
/// the other side free: taking that side is refused with a message, and the key and chance secret kept
/// for the side it plays are not replaced (without them, that game could never be continued).
#[test]
fn taking_a_side_never_replaces_a_key_or_secret_kept_for_the_game() {
    for variant in ["chess", "chess2024"] {
        let (mut white, keep) = browser(70);
        link_game(&mut white, variant, 0, None);
        play(&mut white, "e4");
        let id = white.game_id().expect("id");
        let sent = white.link().expect("link");
        keep.clone().set(&format!("chessfront.game.{id}"), "{not json").expect("raw");
        let before = stored_links(&keep);
        let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 71 }));
        assert_eq!(code(&again.start(&sent)), Some("visiting"), "{variant}: Black is free");
        let game = again.game().expect("a game");
        let first = game.decisions().iter().position(|d| matches!(d, Decision::Act(_))).expect("a move") as u32;
        let refused = again.play(&[first]).expect_err("the side is not taken");
        assert_eq!(refused.code, ErrorCode::IllegalAction, "{variant}");
        assert!(refused.message.contains("already keeps a secret for this game"), "{}", refused.message);
        assert_eq!(stored_links(&keep), before, "{variant}: nothing replaced, nothing written");
        assert_eq!(code(&again.keep_game()), Some("illegal-action"), "{variant}: nor by keeping the game");
        assert_eq!(stored_links(&keep), before, "{variant}");
    }
}

/// A chance secret kept alone (the game's copy and its key lost or damaged) is not replaced either:
/// taking the other side would make a new secret over it.
#[test]
fn taking_a_side_never_replaces_a_chance_secret_kept_alone() {
    let (mut white, keep) = browser(72);
    link_game(&mut white, "chess2024", 0, None);
    play(&mut white, "e4");
    let id = white.game_id().expect("id");
    let sent = white.link().expect("link");
    let secret = keep.get(&format!("chessfront.secret.{id}")).expect("a chance secret kept");
    keep.clone().set(&format!("chessfront.game.{id}"), "{not json").expect("raw");
    keep.clone().remove(&format!("chessfront.key.{id}"));
    let mut again = Session::new(Box::new(keep.clone()), Box::new(TestHost { state: 73 }));
    assert_eq!(code(&again.start(&sent)), Some("visiting"), "Black is free");
    let game = again.game().expect("a game");
    let first = game.decisions().iter().position(|d| matches!(d, Decision::Act(_))).expect("a move") as u32;
    let refused = again.play(&[first]).expect_err("the side is not taken");
    assert!(refused.message.contains("already keeps a secret for this game"), "{}", refused.message);
    assert_eq!(keep.get(&format!("chessfront.secret.{id}")), Some(secret), "the kept secret is as it was");
    assert_eq!(keep.get(&format!("chessfront.key.{id}")), None, "no key made either");
}
