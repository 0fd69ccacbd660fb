//! The session in French: its status line, seat labels, notices, errors and "My games" lines, each
//! made in the language the page set (the English ones stay as they were).

use super::*;
use crate::computer::ComputerTurn;

fn new(s: &mut Session, variant: &str, mode: Mode) -> Update {
    s.new_game(NewGame { variant: variant.into(), mode, settings: None, setup: None }).expect("new game")
}

fn status(s: &Session) -> String {
    s.presentation(None).expect("a game").status
}

#[test]
fn the_language_comes_from_a_tag_and_english_is_the_default() {
    let (mut me, _) = browser(1);
    assert_eq!(me.language(), Language::En);
    assert_eq!(me.set_language("fr-CA"), Language::Fr);
    assert_eq!(me.language(), Language::Fr);
    assert_eq!(me.set_language("de"), Language::En);
}

#[test]
fn the_status_line_and_the_seats_in_french() {
    let (mut me, _) = browser(1);
    new(&mut me, "chess", Mode::Local);
    assert_eq!(status(&me), "White to move.");
    me.set_language("fr");
    assert_eq!(status(&me), "Aux Blancs de jouer.");
    assert_eq!(me.presentation(None).expect("a game").resign_label, "Abandonner (Blancs)");
    play(&mut me, "f3");
    play(&mut me, "e5");
    play(&mut me, "g4");
    assert_eq!(status(&me), "Aux Noirs de jouer.");
    play(&mut me, "Qh4");
    assert_eq!(status(&me), "La partie est terminée.");
    assert_eq!(
        me.presentation(None).expect("a game").banner.as_deref(),
        Some("0-1 · Les Noirs gagnent par échec et mat")
    );

    let (mut me, _) = browser(2);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    me.set_language("fr");
    assert_eq!(me.presentation(None).expect("a game").seat_labels, ["Blancs (vous)", "Noirs (ordinateur)"]);
    assert_eq!(status(&me), "À vous de jouer (Blancs).");
    play(&mut me, "e4");
    assert_eq!(status(&me), "L'ordinateur (Noirs) réfléchit…");

    let (mut me, _) = browser(3);
    link_game(&mut me, "chess", 0, None);
    me.set_language("fr");
    let p = me.presentation(None).expect("a game");
    assert_eq!(p.link_label.as_deref(), Some("Vous jouez les Blancs. Jouez votre premier coup, puis envoyez le lien."));
}

#[test]
fn notices_and_errors_in_the_sessions_language() {
    let (mut me, _) = browser(4);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    me.set_language("fr");
    let offer = me.game().expect("game").index_of(Decision::OfferDraw).expect("an offer");
    me.play(&[offer]).expect("offered");
    play(&mut me, "e4");
    let request = me.think_request().expect("Black thinks");
    let game = link::decode(&request.link).expect("valid").game;
    let quiet = game.decisions().iter().position(|d| matches!(d, Decision::Act(_))).expect("a move") as u32;
    let update = me.computer_moved(request.id, &ComputerTurn { indices: vec![quiet], resigned: false, undo: 0 });
    let update = me.localize(update);
    let notice = update.notice.expect("a notice");
    assert_eq!(notice.code, "draw-declined");
    assert_eq!(notice.text, "Les Noirs (ordinateur) refusent votre proposition de nulle et jouent.");

    // An error of the session's own, and one of the game's, by code.
    let (mut me, _) = browser(5);
    link_game(&mut me, "chess", 1, None);
    me.set_language("fr");
    let e = me.play(&[0]).expect_err("White's turn");
    assert_eq!(me.error_text(&e), "Ce n'est pas à vous de décider ici.");
    assert_eq!(e.message, "It is not your turn to decide here.");

    // A corrupted link, opened: one character changed in the middle.
    let (mut them, _) = browser(6);
    link_game(&mut them, "chess", 0, None);
    play(&mut them, "e4");
    let mut damaged: Vec<char> = them.link().expect("a link").chars().collect();
    let i = damaged.len() / 2;
    damaged[i] = if damaged[i] == 'A' { 'B' } else { 'A' };
    let (mut me, _) = browser(9);
    me.set_language("fr");
    let update = me.open_link(&damaged.into_iter().collect::<String>());
    let update = me.localize(update);
    let notice = update.notice.expect("a refusal");
    assert_eq!(notice.code, "link-corrupted");
    assert!(notice.text.starts_with("Ce lien de partie est endommagé"), "{}", notice.text);
    let update = me.open_link("#AAAA");
    assert_eq!(me.localize(update).notice.expect("a refusal").text, "Ce n'est pas un lien de partie.");
}

#[test]
fn my_games_lines_in_french() {
    let (mut me, _) = browser(7);
    new(&mut me, "chess", Mode::Computer { seat: 0, level: 1 });
    play(&mut me, "e4");
    me.set_language("fr");
    let games = me.games();
    let line = games.first().expect("a stored game");
    assert_eq!(line.title, "Échecs · vous jouez les Blancs contre l'ordinateur");
    assert_eq!(line.detail, "Aux Noirs de jouer · dernier coup e4");
    me.set_language("en");
    let games = me.games();
    assert_eq!(games[0].title, "Chess · you play White against the computer");

    let (mut me, _) = browser(8);
    new(&mut me, "chess", Mode::Local);
    for m in ["f3", "e5", "g4", "Qh4"] {
        play(&mut me, m);
    }
    me.set_language("fr");
    assert_eq!(me.games()[0].detail, "0-1 Les Noirs gagnent par échec et mat · dernier coup Qh4#");
}

/// Every error code has a French message of its own.
#[test]
fn every_error_code_says_itself_in_french() {
    let codes = [
        ErrorCode::UnknownVariant,
        ErrorCode::BadPosition,
        ErrorCode::BadSetting,
        ErrorCode::IllegalAction,
        ErrorCode::GameOver,
        ErrorCode::NothingToUndo,
        ErrorCode::NoSuchPly,
        ErrorCode::LinkMalformed,
        ErrorCode::LinkTruncated,
        ErrorCode::LinkCorrupted,
        ErrorCode::LinkNewerVersion,
        ErrorCode::LinkUnknownVariant,
        ErrorCode::LinkRulesRevision,
        ErrorCode::LinkIllegalMove,
        ErrorCode::LinkBadReveal,
        ErrorCode::LinkOldChance,
        ErrorCode::LinkOtherGame,
        ErrorCode::LinkChanceMode,
        ErrorCode::LinkCommitmentChanged,
        ErrorCode::LinkSealChanged,
        ErrorCode::LinkRewrite,
        ErrorCode::LinkOlderCopy,
        ErrorCode::BadTransferCode,
        ErrorCode::StorageFull,
        ErrorCode::StorageUnavailable,
        ErrorCode::NoGame,
        ErrorCode::LinkForgedMove,
        ErrorCode::LinkForeignCommitment,
        ErrorCode::StoredGameUnreadable,
        ErrorCode::TooManyGames,
        ErrorCode::DeadEnd,
    ];
    let mut seen = std::collections::BTreeSet::new();
    for code in codes {
        let french = Error::new(code, "English").text(Language::Fr);
        assert!(french.len() > 10 && french.ends_with('.'), "{code:?}: {french}");
        assert!(seen.insert(french), "{code:?} says what another code says");
    }
}
