//! Everything the engine writes for a player, in English and in French: no name or label the
//! engine hands out lacks its French, the French words of moves in chess and in the variants' special
//! actions, and the board's French labels are the very words the French rules texts quote.

mod common;

use common::{make_due_setup, play, Rng};
use engine::game::Decision;
use engine::lang::{french_color, french_kind};
use engine::session::status::outcome_text_in;
use engine::variants::{self, REGISTRY};
use engine::words::{kind_name, position_words_in, square_words_in};
use engine::{EndReason, Game, Language, Outcome, Square};
use std::collections::BTreeSet;

/// Words that are the same in both languages.
const SAME_IN_BOTH: &[&str] = &["Club", "Archer", "Novice", "Expert"];

fn game(slug: &str, text: Option<&str>) -> Game {
    Game::from_slug(slug, text).unwrap_or_else(|e| panic!("{slug} {text:?}: {e}"))
}

/// What the board offers as words, gathered from the options of a game: choosers' labels, buttons'
/// headings, and decisions named in words rather than notation ("end moves"); and the pieces' kinds and
/// colours its views show.
#[derive(Default)]
struct Offered {
    labels: BTreeSet<String>,
    /// The lines beside the board, the turn's advice and the chance events' notes.
    notes: BTreeSet<String>,
    kinds: BTreeSet<String>,
    colors: BTreeSet<String>,
}

impl Offered {
    fn take(&mut self, g: &Game) {
        for listed in g.listed_options() {
            let info = listed.info;
            if let Some(choice) = &info.choice {
                self.labels.insert(choice.label.clone());
            }
            if let Some(group) = info.group {
                self.labels.insert(group.to_string());
            }
            let worded = info.name.chars().all(|c| c.is_ascii_lowercase() || c == ' ');
            if info.from.is_none() && info.to.is_none() && worded && !info.name.is_empty() {
                self.labels.insert(info.name.clone());
            }
        }
        let view = g.position().view();
        self.notes.extend(view.notes.iter().cloned());
        self.notes.extend(g.position().turn_steps().map(|t| t.advice()).unwrap_or_default());
        self.notes.extend(g.record().iter().filter_map(|e| e.note.clone()));
        for p in view.pieces {
            self.kinds.insert(p.kind.to_string());
            self.colors.insert(p.color.to_string());
        }
        for e in g.record() {
            let a_button = !matches!(e.decision, Decision::Act(_)) || (e.from.is_none() && e.to.is_none());
            let a_word = e.name.chars().all(|c| c.is_ascii_lowercase() || c == ' ') && !e.name.is_empty();
            if a_button && a_word {
                self.labels.insert(e.name.clone());
            }
        }
    }
}

/// Random games of every variant under every setting value, and positions where the rarer buttons show
/// (Chess 2024's reserve and archers, Checkered's switch, a Wounds rotation).
fn offered_by(slug: Option<&str>) -> Offered {
    let mut offered = Offered::default();
    for &rules in REGISTRY {
        let info = rules.info();
        if slug.is_some_and(|s| s != info.slug) {
            continue;
        }
        let defaults = variants::resolve_settings(rules, None).expect("defaults");
        let mut configurations = vec![defaults.clone()];
        for (i, spec) in info.settings.iter().enumerate() {
            for value in 0..spec.choices.len() as u8 {
                let mut settings = defaults.clone();
                settings[i] = value;
                configurations.push(settings);
            }
        }
        for settings in configurations {
            for seed in 0..6u64 {
                let mut rng = Rng(seed * 7919 + 1);
                let mut g = Game::new(rules, Some(&settings), None).expect("start");
                for _ in 0..160 {
                    offered.take(&g);
                    if make_due_setup(&mut g, seed, 1) {
                        continue;
                    }
                    let options = g.decisions();
                    if options.is_empty() {
                        if g.outcome().is_some() || g.undo().is_err() {
                            break;
                        }
                        continue;
                    }
                    let board = options.iter().filter(|d| matches!(d, Decision::Act(_))).count();
                    let pick = if board > 0 { rng.below(board) } else { rng.below(options.len()) };
                    g.play_index(pick as u32).expect("listed options are playable");
                }
                offered.take(&g);
            }
        }
    }
    let special: &[(&str, &str)] = &[
        ("chess2024", "6k5/12/12/12/12/12/12/12/12/12/12/RN4K5 w 0 1 B1N1/- 1/0 0/0 4/4"),
        ("chess2024", "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w 0 1 Q1/- 9/0 16/0 4/4"),
        ("chess2024", "6k5/12/12/12/12/12/12/12/2B1n7/2P1P7/3C8/3A(2)2K5 w 0 1"),
        ("checkered", "4k3/8/8/4o3/8/8/8/4K3 w 0 iiii0000000000000000 - - 1"),
        ("checkered", "4k3/1P6/8/8/8/8/8/4K3 w 0 iiii0000000000000000 - - 1"),
        ("wounds", "k7/8/8/8/3R{l.l.l...}4/8/8/7K w 0 0 1"),
        ("chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"),
    ];
    for &(s, text) in special {
        if slug.map_or(true, |slug| slug == s) {
            offered.take(&game(s, Some(text)));
        }
    }
    offered
}

/// A name the engine hands out in English, checked to have its French.
fn check_french(english: &str, missing: &mut Vec<String>) {
    let french = Language::Fr.label(english);
    if french.trim().is_empty() || (french == english && !SAME_IN_BOTH.contains(&english)) {
        missing.push(english.to_string());
    }
}

#[test]
fn every_name_and_label_the_engine_hands_out_has_its_french() {
    let mut missing = Vec::new();
    for &rules in REGISTRY {
        let info = rules.info();
        check_french(info.name, &mut missing);
        check_french(info.summary, &mut missing);
        for spec in info.settings {
            check_french(spec.label, &mut missing);
            for choice in spec.choices {
                check_french(choice, &mut missing);
            }
        }
        for seat in info.seat_names {
            assert_ne!(Language::Fr.seat_label(seat), *seat, "seat {seat}");
        }
    }
    for settings in [[0u8], [1u8]] {
        for seat in variants::by_slug("napoleon").expect("napoleon").seat_names(&settings) {
            assert_ne!(Language::Fr.seat_label(seat), *seat, "seat {seat}");
        }
        let g = Game::new(variants::by_slug("napoleon").expect("napoleon"), Some(&settings), None).expect("start");
        for seat in 0..g.seat_count() as u8 {
            for (name, _) in g.setup_presets(seat) {
                check_french(name, &mut missing);
            }
        }
    }
    for level in &engine::search::LEVELS {
        check_french(level.name, &mut missing);
        if !level.about.is_empty() {
            check_french(level.about, &mut missing);
        }
    }
    for english in ["Offer a draw", "Accept the draw", "Resign", "draw offered", "draw accepted", "resigns"] {
        check_french(english, &mut missing);
    }
    let offered = offered_by(None);
    // The walk reaches every kind of button (else this test would check little).
    for english in ["Move alone", "Fire", "Switch", "Rotate right", "end moves", "Call archers", "Queen"] {
        assert!(offered.labels.contains(english), "the walk never met {english}: {:?}", offered.labels);
    }
    for prefix in ["Frontal attack (", "Take off (", "Replace by ", "Bring on "] {
        assert!(offered.labels.iter().any(|l| l.starts_with(prefix)), "the walk never met {prefix}…");
    }
    for label in &offered.labels {
        check_french(label, &mut missing);
    }
    for note in &offered.notes {
        if Language::Fr.note(note) == *note {
            missing.push(note.clone());
        }
    }
    assert!(offered.notes.len() > 20, "the walk met only {:?}", offered.notes);
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "no French for {missing:?}");
    for code in &offered.kinds {
        let english = kind_name(code);
        assert_ne!(english, "piece", "kind {code} has no name");
        assert_ne!(french_kind(english).noun, "pièce", "kind {code} ({english}) has no French");
    }
    for color in &offered.colors {
        assert_ne!(french_color(color, false), *color, "colour {color} has no French");
    }
}

/// The « … » quotes of the French rules texts that name a button, a chooser or a setting: each is the
/// start of a French label the engine offers in that variant (the labels add what a choice costs).
#[test]
fn the_french_rules_texts_quote_the_engines_own_labels() {
    let mut checked = 0;
    for &rules in REGISTRY {
        let slug = rules.info().slug;
        let html = variants::rules_html_in(slug, "fr").expect("a French rules text");
        let quotes: Vec<&str> =
            html.split('«').skip(1).filter_map(|rest| rest.split_once('»').map(|(q, _)| q.trim())).collect();
        // The names of buttons the texts set in bold (Napoleon's « Fin des déplacements »).
        let bold: Vec<&str> = html
            .split("<b>")
            .skip(1)
            .filter_map(|rest| rest.split_once("</b>").map(|(b, _)| b.trim()))
            .filter(|b| ["Fin des déplacements", "Passer", "Fin du ralliement"].contains(b))
            .collect();
        if quotes.is_empty() && bold.is_empty() {
            continue;
        }
        let offered = offered_by(Some(slug));
        let mut french: Vec<String> = offered.labels.iter().map(|l| Language::Fr.label(l)).collect();
        for spec in rules.info().settings {
            french.push(Language::Fr.label(spec.label));
            french.extend(spec.choices.iter().map(|c| Language::Fr.label(c)));
        }
        for quote in quotes.iter().chain(&bold) {
            let found = french.iter().any(|f| f.to_lowercase().starts_with(&quote.to_lowercase()));
            assert!(
                found,
                "{slug}: the rules text quotes « {quote} », which the engine never offers; it offers {french:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 9, "only {checked} quotes checked");
}

/// Plays `moves` and answers the French words of each.
fn say_fr(g: &mut Game, moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .map(|m| {
            play(g, &[m]);
            g.words_in(g.record().len() - 1, Language::Fr)
        })
        .collect()
}

#[test]
fn chess_moves_in_french() {
    let mut g = game("chess", None);
    let words = say_fr(&mut g, &["e4", "e5", "Nf3", "Nf6", "Bc4", "Nxe4", "O-O"]);
    assert_eq!(words[0], "Blancs\u{a0}: pion e2 en e4.");
    assert_eq!(words[3], "Noirs\u{a0}: cavalier g8 en f6.");
    assert_eq!(words[5], "Noirs\u{a0}: cavalier f6 prend pion blanc e4.");
    assert_eq!(words[6], "Blancs\u{a0}: roi e1 en g1, tour h1 en f1.");
    // English as it was announced, untouched.
    assert_eq!(g.words_in(0, Language::En), "White: pawn e2 to e4.");
    let mut g = game("chess", None);
    assert_eq!(say_fr(&mut g, &["f3", "e5", "g4", "Qh4"])[3], "Noirs\u{a0}: dame d8 en h4, échec et mat.");
    let mut g = game("chess", Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    assert_eq!(say_fr(&mut g, &["b8=Q+"]), ["Blancs\u{a0}: pion b7 en b8, devient dame, échec."]);
    let mut g = game("chess", None);
    assert_eq!(say_fr(&mut g, &["offer-draw"]), ["Les Blancs proposent la nulle."]);
    // A black queen: the adjective agrees.
    let g = game("chess", None);
    assert_eq!(square_words_in(&g.position().view(), Square::parse("d8").expect("d8"), Language::Fr), "d8, dame noire");
    assert_eq!(square_words_in(&g.position().view(), Square::parse("e4").expect("e4"), Language::Fr), "e4, vide");
    let said = position_words_in(
        &game("chess", Some("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1")).position().view(),
        &["White", "Black"],
        0,
        Language::Fr,
    );
    assert_eq!(said, "Aux Blancs de jouer. Blancs\u{a0}: roi e1\u{a0}; pions a2 et b2. Noirs\u{a0}: roi e8.");
}

#[test]
fn special_actions_in_french() {
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/2B1n7/2P1P7/3C8/3A(2)2K5 w 0 1"));
    assert_eq!(
        say_fr(&mut g, &["C@d4"]),
        ["Blancs\u{a0}: canon d2 tire sur d4, laissant un cratère, pile de munitions d1 désormais avec 1 obus, retirant pion c3, pion e3, fou c4 et cavalier noir e4."]
    );
    let mut g = game("chess2024", Some("6k5/12/12/12/12/12/12/12/3x8/12/12/3R2K5 w 0 1"));
    assert_eq!(say_fr(&mut g, &["Rxd4"]), ["Blancs\u{a0}: tour d1 en d4, réparant le cratère."]);
    let mut g = game("checkered", None);
    let words = say_fr(&mut g, &["Nc3", "d5", "Nxd5=P", "d4"]);
    assert_eq!(words[2], "Blancs\u{a0}: cavalier c3 prend pion noir d5, devient pion échiqueté.");
    let mut g = game("checkered", Some("4k3/8/8/4o3/8/8/8/4K3 w 0 iiii0000000000000000 - - 1"));
    assert_eq!(say_fr(&mut g, &["S"]), ["Blancs\u{a0}: Changement."]);
    let mut g = game("wounds", Some("k7/8/8/8/3R{l.l.l...}4/8/8/7K w 0 0 1"));
    assert_eq!(
        say_fr(&mut g, &["Rd4>"]),
        ["Blancs\u{a0}: tour d4 pivote\u{a0}: branches longues nord-est, sud-est et sud-ouest."]
    );
}

#[test]
fn outcomes_in_french() {
    let names = ["White", "Black"];
    assert_eq!(
        outcome_text_in(Outcome::win(0, EndReason::Checkmate), &names, Language::Fr),
        "Les Blancs gagnent par échec et mat"
    );
    assert_eq!(outcome_text_in(Outcome::draw(EndReason::Stalemate), &names, Language::Fr), "Nulle par pat");
    assert_eq!(
        outcome_text_in(Outcome::win(1, EndReason::Resignation), &names, Language::En),
        "Black wins by resignation"
    );
}

#[test]
fn typed_moves_accept_the_french_words_and_answer_in_french() {
    let g = game("chess", None);
    let resign = g.index_of(Decision::Resign).expect("resign");
    let offer = g.index_of(Decision::OfferDraw).expect("offer");
    assert_eq!(g.typed_path("abandon").expect("abandon"), [resign]);
    assert_eq!(g.typed_path("nulle").expect("nulle"), [offer]);
    assert_eq!(g.typed_path("proposer nulle").expect("proposer nulle"), [offer]);
    let mut g = game("chess", None);
    play(&mut g, &["offer-draw", "e4"]);
    let accept = g.index_of(Decision::AcceptDraw).expect("accept");
    assert_eq!(g.typed_path("accepter nulle").expect("accepter nulle"), [accept]);
    let e = g.typed_path("Qh5").expect_err("not legal");
    assert_eq!(e.code, engine::ErrorCode::IllegalAction);
    assert_eq!(
        e.text(Language::Fr),
        "« Qh5 » n'est pas un coup légal ici. Tapez un coup comme la liste des coups l'écrit (Nf3) ou par ses cases (g1f3)."
    );
    assert!(e.text(Language::En).starts_with("'Qh5' is not a legal move here."));
}

#[test]
fn link_errors_in_french() {
    let mut g = game("chess", None);
    play(&mut g, &["e4", "e5", "Nf3"]);
    let link = engine::link::encode(&g, 7);
    // A character changed in the middle: the checksum fails.
    let mut damaged: Vec<char> = link.chars().collect();
    let i = damaged.len() / 2;
    damaged[i] = if damaged[i] == 'A' { 'B' } else { 'A' };
    let e = engine::link::decode(&damaged.into_iter().collect::<String>()).err().expect("damaged");
    assert_eq!(e.code, engine::ErrorCode::LinkCorrupted);
    assert!(e.text(Language::Fr).starts_with("Ce lien de partie est endommagé"), "{}", e.text(Language::Fr));
    let e = engine::link::decode(&link[..link.len() - 3]).err().expect("cut off");
    assert_eq!(e.text(Language::Fr), "Ce lien de partie est coupé\u{a0}: copiez le lien en entier et réessayez.");
    let e = engine::link::decode("").err().expect("nothing");
    assert_eq!(e.code, engine::ErrorCode::LinkMalformed);
    assert_eq!(e.text(Language::Fr), "Ce n'est pas un lien de partie.");
}

/// Every problem Napoleon's setup editor finds in a draft is said in French: drafts that break each rule
/// (men missing, a man outside the zone, a pawn on the back rank, one group, a square taken).
#[test]
fn setup_problems_are_said_in_french() {
    let g = game("napoleon", None);
    let setups = g.position().setup_phase().expect("Napoleon starts with its setups");
    let mut seen = 0;
    let drafts = ["", "Ka1", "Pa16", "Ka1 Qb1 Pc1", "Ka1 Qa2 Ra3 Rb1 Bb2 Bb3 Nc1 Nc2 Pc3 Pd1 Pd2 Pd3 Pe1 Pe2 Pe3 Pf1"];
    for (seat, text) in [0u8, 1].iter().flat_map(|&s| drafts.iter().map(move |t| (s, *t))) {
        for problem in setups.setup_preview(seat, text).problems {
            let french = Language::Fr.note(&problem);
            assert_ne!(french, problem, "seat {seat}, draft {text:?}: not said in French");
            seen += 1;
        }
    }
    assert!(seen >= 10, "the drafts broke only {seen} rules");
}

#[test]
fn every_man_a_setup_counts_has_its_french_name() {
    let game = Game::from_slug("napoleon", None).expect("napoleon");
    let draft = game.position().setup_phase().expect("setups").setup_preview(0, "");
    assert_eq!(draft.army.len(), 6);
    for count in &draft.army {
        let french = Language::Fr.piece_name(&count.name);
        assert!(french != count.name && french != "pièce", "{} has no French name of its own", count.name);
        assert_eq!(Language::En.piece_name(&count.name), count.name);
    }
    assert_eq!(Language::Fr.piece_name("king"), "roi");
}
