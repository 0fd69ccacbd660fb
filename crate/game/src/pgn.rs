//! Game records as PGN: export for every variant, import of orthodox chess.
//!
//! Orthodox chess is written as standard PGN (the Seven Tag Roster, `SetUp`/`FEN` for a custom start,
//! SAN move text, the result), which lichess and chess programs import. Every other variant is written
//! in the same shape with a `Variant` tag naming it, `VariantSlug` (the name the command line and links
//! use), `SetUp "1"` and `FEN` holding the start position in the variant's own notation (see README,
//! "Rules and notation"), and move text in the project's notation: each named decision is one move. A
//! name a SAN tokenizer reads whole (`e4`, `Nxf3`, `e2-e3`) is written as it is; any other (a Gunnery
//! shot `f2*f6`, a wound `R~a8`, `C@d7`, `+H[a1,c1]`, Napoleon's `Nj1-h2` and `end moves`, a setup) as a
//! null move followed by the name as its comment, `-- {f2*f6}`, so that PGN readers such as chessops
//! and lichess count one move per decision and keep the name whole. With more
//! than two players each round is numbered once and holds every seat's turn in seat order. In every
//! variant game-level decisions (a draw offered) and chance events are comments, and `Termination`
//! says how the game ended.
//!
//! Import reads orthodox PGN (tags, move numbers, comments, NAGs, variations and the result are
//! skipped) and replays its SAN moves on a new game, from its `FEN` when it has one.

use crate::error::{Error, ErrorCode, Result};
use crate::game::{Decision, Game};
use crate::rules::Position;
use crate::variants;
use crate::words::outcome_text;

/// What a record says beyond the game: the date (ISO 8601, only its date part is used), the names of
/// the players by seat (the seat names when absent), and the hints taken (a game against the
/// computer): the ply each was shown at, written as a `Hints` tag with their count and a comment on
/// the move each was for.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    pub date: Option<String>,
    pub players: Vec<String>,
    pub hints: Vec<usize>,
}

fn quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A comment's text (PGN comments end at the first `}`).
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The game's result in PGN: "1-0", "0-1", "1/2-1/2" or "*" (unfinished, or a game of more than two).
fn result(game: &Game) -> &'static str {
    match game.outcome() {
        Some(o) if game.seat_count() == 2 => match o.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        },
        _ => "*",
    }
}

/// The game as PGN (see the module documentation).
pub fn export(game: &Game, tags: &Tags) -> String {
    export_annotated(game, tags, &|_| Annotation::default())
}

/// What a record entry's move carries besides its name: a glyph (`?!`, `?`, `??`) and comments after it.
#[derive(Clone, Debug, Default)]
pub struct Annotation {
    pub glyph: Option<&'static str>,
    pub comments: Vec<String>,
}

/// The game as PGN, each record entry's move annotated by `annotate` (its index in the record).
pub fn export_annotated(game: &Game, tags: &Tags, annotate: &dyn Fn(usize) -> Annotation) -> String {
    let info = game.rules().info();
    let orthodox = info.slug == "chess";
    let names = game.seat_names();
    let player = |seat: usize| tags.players.get(seat).cloned().unwrap_or_else(|| names[seat].to_string());
    let date = tags
        .date
        .as_deref()
        .and_then(|d| d.get(..10))
        .filter(|d| d.as_bytes().get(4) == Some(&b'-'))
        .map_or_else(|| "????.??.??".to_string(), |d| d.replace('-', "."));
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| out.push_str(&format!("[{key} \"{}\"]\n", quoted(value)));
    tag("Event", &format!("Chessfront {}", info.name));
    tag("Site", "Chessfront");
    tag("Date", &date);
    tag("Round", "-");
    if names.len() == 2 {
        tag("White", &player(0));
        tag("Black", &player(1));
    } else {
        tag("White", "?");
        tag("Black", "?");
        for (seat, name) in names.iter().enumerate() {
            tag(name, &player(seat));
        }
    }
    tag("Result", result(game));
    let start = game.position_at(0).map(|p| p.to_text()).unwrap_or_default();
    if !orthodox {
        tag("Variant", info.name);
        tag("VariantSlug", info.slug);
    }
    if !orthodox || game.setup().is_some() {
        tag("SetUp", "1");
        tag("FEN", &start);
    }
    if let Some(o) = game.outcome() {
        tag("Termination", &outcome_text(o, names));
    }
    if !tags.hints.is_empty() {
        tag("Hints", &tags.hints.len().to_string());
    }
    out.push('\n');
    let hinted = hinted_entries(game, &tags.hints);
    let annotate = |index: usize| {
        let mut annotation = annotate(index);
        if hinted.contains(&index) {
            annotation.comments.insert(0, "A hint was shown for this move.".to_string());
        }
        annotation
    };
    out.push_str(&movetext(game, orthodox, &annotate));
    out
}

/// The record entries the hints shown at `plies` were for: the first named move at or after each (a
/// Napoleon hint may be the pick of a man, which the move text writes with the move it begins). A
/// hint whose move was taken back and not played again has none.
fn hinted_entries(game: &Game, plies: &[usize]) -> Vec<usize> {
    let record = game.record();
    plies
        .iter()
        .filter_map(|&ply| {
            (ply..record.len()).find(|&i| matches!(record[i].decision, Decision::Act(_)) && !record[i].name.is_empty())
        })
        .collect()
}

/// The move list alone, as PGN move text ("1. e4 e5 2. Nf3 *").
pub fn moves_text(game: &Game) -> String {
    movetext(game, game.rules().info().slug == "chess", &|_| Annotation::default())
}

/// The move text: numbered rounds, a token per named decision, comments for the rest, the result.
fn movetext(game: &Game, orthodox: bool, annotate: &dyn Fn(usize) -> Annotation) -> String {
    let names = game.seat_names();
    let seats = names.len();
    let mut tokens: Vec<String> = Vec::new();
    // Two players: the start's move number (a FEN may start at Black's move 23), one number per White
    // turn, and "N..." when Black's turn opens the text or follows a comment.
    let mut number = game.position_at(0).map(|p| fullmove(p, orthodox)).unwrap_or(1);
    let mut round = 0;
    let mut last_seat: Option<u8> = None;
    let mut need_number = true;
    for (index, entry) in game.record().iter().enumerate() {
        if !matches!(entry.decision, Decision::Act(_)) || entry.option_count == 0 {
            tokens.push(comment(&format!("{}: {}", names[entry.seat as usize], entry.name)));
            need_number = true;
            continue;
        }
        if entry.name.is_empty() {
            continue; // the pick of a piece, a man of a setup: part of the named decision after it
        }
        let new_turn = last_seat != Some(entry.seat);
        if seats == 2 {
            if new_turn && entry.seat == 0 {
                if last_seat == Some(1) {
                    number += 1;
                }
                tokens.push(format!("{number}."));
            } else if new_turn && need_number {
                tokens.push(format!("{number}..."));
            }
        } else if new_turn && last_seat.map_or(true, |s| entry.seat <= s) {
            round += 1;
            tokens.push(format!("{round}."));
        }
        last_seat = Some(entry.seat);
        need_number = false;
        let Annotation { glyph, comments } = annotate(index);
        let glyph = glyph.unwrap_or("");
        if orthodox || san_shaped(&entry.name) {
            tokens.push(format!("{}{glyph}", entry.name));
        } else {
            // A SAN tokenizer would split or drop this name: a null move holds its place, the name
            // follows as its comment.
            tokens.push(format!("--{glyph}"));
            tokens.push(comment(&entry.name));
        }
        tokens.extend(comments.iter().map(|c| comment(c)));
        if !comments.is_empty() {
            need_number = true;
        }
        if let Some(note) = &entry.note {
            tokens.push(comment(note));
            need_number = true;
        }
    }
    tokens.push(result(game).to_string());
    wrap(&tokens)
}

/// Whether a SAN tokenizer reads `name` as one move token (chessops' PGN parser, as lichess's): a
/// piece letter, origin file and rank, `x` or `-`, a square of files a-h and ranks 1-8, a promotion, a
/// check mark; or castling. Anything else (`f2*f6`, `e4~e5`, `C@d7`, `Nj1-h2`, `end moves`) is not.
fn san_shaped(name: &str) -> bool {
    let body = name.strip_suffix(['+', '#']).unwrap_or(name);
    if matches!(body, "O-O" | "O-O-O") {
        return true;
    }
    let body = match body.len().checked_sub(2).and_then(|i| body.split_at_checked(i)) {
        Some((rest, promo))
            if promo.starts_with('=') && matches!(promo.as_bytes()[1], b'N' | b'B' | b'R' | b'Q' | b'K') =>
        {
            rest
        }
        _ => body,
    };
    let b = body.as_bytes();
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    let rank = |c: u8| (b'1'..=b'8').contains(&c);
    let n = b.len();
    if n < 2 || !file(b[n - 2]) || !rank(b[n - 1]) {
        return false;
    }
    let mut rest = &b[..n - 2];
    if let [head @ .., b'x' | b'-'] = rest {
        rest = head;
    }
    if let [head @ .., r] = rest {
        if rank(*r) {
            rest = head;
        }
    }
    if let [head @ .., f] = rest {
        if file(*f) {
            rest = head;
        }
    }
    matches!(rest, [] | [b'N' | b'B' | b'K' | b'R' | b'Q'])
}

/// The move number of a position: its text's last field where the notation has one (FEN's fullmove).
fn fullmove(position: &dyn Position, orthodox: bool) -> u32 {
    if !orthodox {
        return 1;
    }
    position.to_text().split_whitespace().last().and_then(|n| n.parse().ok()).unwrap_or(1)
}

/// Lines of at most 80 characters, as PGN asks.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for token in tokens {
        if line > 0 && line + 1 + token.len() > 80 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(token);
        line += token.len();
    }
    out.push('\n');
    out
}

/// Reads an orthodox PGN (the first game of the text) into a game of chess.
pub fn import(text: &str) -> Result<Game> {
    let bad = |message: String| Error::new(ErrorCode::BadPosition, message);
    let mut fen = None;
    let mut variant = None;
    let mut body = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if let Some((key, value)) = inner.split_once(' ') {
                let value = value.trim().trim_matches('"').replace("\\\"", "\"").replace("\\\\", "\\");
                match key {
                    "FEN" => fen = Some(value),
                    "Variant" => variant = Some(value),
                    _ => {}
                }
            }
            if !body.trim().is_empty() {
                break; // the next game's tags
            }
            continue;
        }
        if line.starts_with('%') {
            continue;
        }
        // A ';' comment runs to the end of the line.
        body.push_str(line.split(';').next().unwrap_or(""));
        body.push('\n');
    }
    if let Some(v) = variant.filter(|v| !v.eq_ignore_ascii_case("standard") && !v.eq_ignore_ascii_case("chess")) {
        return Err(bad(format!("This PGN is for the variant \"{v}\": only orthodox chess games can be imported.")));
    }
    let rules = variants::by_slug("chess")?;
    let mut game = Game::new(rules, None, fen.as_deref())?;
    let mut depth_brace = false;
    let mut depth_paren = 0u32;
    let mut token = String::new();
    let mut tokens = Vec::new();
    for c in body.chars() {
        match c {
            '{' if !depth_brace => depth_brace = true,
            '}' if depth_brace => depth_brace = false,
            _ if depth_brace => {}
            '(' => depth_paren += 1,
            ')' => depth_paren = depth_paren.saturating_sub(1),
            _ if depth_paren > 0 => {}
            c if c.is_whitespace() => {
                if !token.is_empty() {
                    tokens.push(std::mem::take(&mut token));
                }
            }
            c => token.push(c),
        }
    }
    if !token.is_empty() {
        tokens.push(token);
    }
    for token in tokens {
        // Move numbers ("12." "12..." or glued to the move, "12.e4"), NAGs, results.
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if san.is_empty() || san.starts_with('$') || matches!(san, "*" | "1-0" | "0-1" | "1/2-1/2" | "-0" | "-1") {
            continue;
        }
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let san = san.trim_end_matches(['!', '?']);
        let decision = game.find(san).map_err(|_| {
            bad(format!("\"{san}\" (move {}) is not a legal move in this game.", game.record().len() / 2 + 1))
        })?;
        game.play(decision)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(moves: &[&str], setup: Option<&str>) -> Game {
        let mut game = Game::from_slug("chess", setup).expect("chess");
        for m in moves {
            game.play(game.find(m).expect("legal")).expect("played");
        }
        game
    }

    #[test]
    fn orthodox_chess_is_standard_pgn_and_reads_back() {
        let game = chess(&["f3", "e5", "g4", "Qh4"], None);
        let pgn = export(&game, &Tags { date: Some("2026-11-24T18:00:00Z".into()), ..Tags::default() });
        assert!(
            pgn.starts_with("[Event \"Chessfront Chess\"]\n[Site \"Chessfront\"]\n[Date \"2026.11.24\"]\n"),
            "{pgn}"
        );
        assert!(pgn.contains("[Result \"0-1\"]\n"), "{pgn}");
        assert!(!pgn.contains("Variant") && !pgn.contains("FEN"), "{pgn}");
        assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
        let back = import(&pgn).expect("reads");
        assert_eq!(back.position().to_text(), game.position().to_text());
    }

    #[test]
    fn a_custom_start_with_black_to_move_and_comments() {
        let start = "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 23";
        let mut game = chess(&["Kf8"], Some(start));
        game.play(Decision::OfferDraw).expect("offer");
        game.play(game.find("Ra8").expect("legal")).expect("played");
        let pgn = export(&game, &Tags::default());
        assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n")), "{pgn}");
        assert!(pgn.contains("23... Kf8 {White: draw offered} 24. Ra8+ *"), "{pgn}");
        assert_eq!(import(&pgn).expect("reads").position().to_text(), game.position().to_text());
    }

    #[test]
    fn hints_taken_are_a_tag_and_a_comment_on_the_move_each_was_for() {
        let game = chess(&["e4", "e5", "Nf3"], None);
        let pgn = export(&game, &Tags { hints: vec![2, 0], ..Tags::default() });
        assert!(pgn.contains("[Hints \"2\"]\n"), "{pgn}");
        let moves = pgn.replace('\n', " ");
        let hinted = "1. e4 {A hint was shown for this move.} 1... e5 2. Nf3 {A hint was shown for this move.} *";
        assert!(moves.contains(hinted), "{pgn}");
        assert!(!export(&game, &Tags::default()).contains("Hint"));
        assert_eq!(import(&pgn).expect("reads").position().to_text(), game.position().to_text());
    }

    #[test]
    fn import_skips_what_players_write_around_the_moves() {
        let text = "[Event \"x\"]\n\n1.e4 {best} e5!? (1...c5 2.Nf3) 2. Nf3 $1 Nc6 ; a comment\n3. Bb5 a6 *\n";
        let game = import(text).expect("reads");
        assert_eq!(game.record().len(), 6);
        let err = import("1. e4 e4").err().expect("illegal");
        assert!(err.message.contains("\"e4\" (move 1)"), "{}", err.message);
        let err = import("[Variant \"Atomic\"]\n\n1. e4 *").err().expect("a variant");
        assert!(err.message.contains("Atomic"), "{}", err.message);
    }

    #[test]
    fn names_a_san_tokenizer_would_split_are_comments_after_a_null_move() {
        for name in ["e4", "Nxf3", "exd6", "R1a3", "Qh4xe1", "e8=Q+", "O-O", "O-O-O#", "e2-e3", "Rxa8", "Kd1#"] {
            assert!(san_shaped(name), "{name}");
        }
        for name in [
            "f2*f6",
            "e4~e5",
            "R~a8",
            "Rd4>",
            "C@d7",
            "c4(5)",
            "+H[a1,c1]",
            "-Nb1+Qb1",
            "Nj1-h2",
            "Pe4xf5",
            "Nh2⇄Pm2",
            "end moves",
            "pass",
            "S",
            "Rxh4=P",
            "a10",
            "Ce4",
            "",
            "e9",
            "x",
            "e4e",
        ] {
            assert!(!san_shaped(name), "{name}");
        }
        let mut game = Game::from_slug("gunnery", None).expect("gunnery");
        for name in ["Nf3", "Nf6", "f2*f6"] {
            game.play(game.find(name).expect("legal")).expect("played");
        }
        assert_eq!(moves_text(&game), "1. Nf3 Nf6 2. -- {f2*f6} *\n");
        // Orthodox chess is SAN throughout and never written that way.
        let game = chess(&["e4", "d5", "exd5", "Qxd5", "Nc3"], None);
        assert_eq!(moves_text(&game), "1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n");
    }

    #[test]
    fn variants_name_themselves_and_their_start() {
        let mut game = Game::from_slug("gunnery", None).expect("gunnery");
        let first = game.decisions().into_iter().find(|d| matches!(d, Decision::Act(_))).expect("a move");
        game.play(first).expect("played");
        let pgn = export(&game, &Tags::default());
        assert!(pgn.contains("[Variant \"Gunnery Chess\"]\n[VariantSlug \"gunnery\"]\n[SetUp \"1\"]\n[FEN "), "{pgn}");
        assert!(pgn.contains("\n\n1. "), "{pgn}");
    }
}
