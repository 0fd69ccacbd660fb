use super::*;

#[test]
fn tags_choose_the_language() {
    assert_eq!(Language::from_tag("fr"), Language::Fr);
    assert_eq!(Language::from_tag("fr-CA"), Language::Fr);
    assert_eq!(Language::from_tag("FR_be"), Language::Fr);
    assert_eq!(Language::from_tag("en-GB"), Language::En);
    assert_eq!(Language::from_tag("de"), Language::En);
    assert_eq!(Language::from_tag(""), Language::En);
    assert_eq!(Language::from_tag("fra"), Language::En);
    for language in Language::ALL {
        assert_eq!(Language::from_tag(language.tag()), language);
    }
}

/// The table of names: every English name once, each with a French that is not empty and not the
/// English again (but for the words that are the same in both).
#[test]
fn the_french_table_is_whole() {
    let mut seen = std::collections::BTreeSet::new();
    for &(en, fr) in french::TABLE {
        assert!(seen.insert(en), "{en} twice");
        assert!(!fr.trim().is_empty(), "{en}: empty");
        assert!(fr != en || french::SAME_IN_BOTH.contains(&en), "{en}: not translated");
    }
    for &same in french::SAME_IN_BOTH {
        assert!(seen.contains(same), "{same} is not in the table");
    }
}

#[test]
fn french_labels_with_numbers_and_typography() {
    assert_eq!(Language::Fr.label("Frontal attack (3)"), "Attaque frontale (3)");
    assert_eq!(Language::Fr.label("Take off (+3 credits)"), "Retirer (+3 crédits)");
    assert_eq!(
        Language::Fr.label("Replace by a knight on b1 (+3, cost 4)"),
        "Remplacer par un cavalier en b1 (+3, coût 4)"
    );
    assert_eq!(Language::Fr.label("Bring on a shot at a1 (free)"), "Faire entrer un obus en a1 (gratuit)");
    assert_eq!(Language::Fr.label("Nf3"), "Nf3");
    assert_eq!(Language::En.label("Move alone"), "Move alone");
    assert_eq!(typo("Blancs : e4 ; échec !".into()), "Blancs\u{a0}: e4\u{a0}; échec\u{a0}!");
    assert_eq!(Language::Fr.seat("Black"), "les Noirs");
    assert_eq!(capital("les Noirs"), "Les Noirs");
}

/// The engine's own capitals agree with Unicode's for every letter of English and French, and leave
/// what is no small letter as it is.
#[test]
fn capitals_of_english_and_french() {
    for small in ('a'..='z').chain("àâæçéèêëîïôœùûüÿñäöþ".chars()) {
        let unicode: String = small.to_uppercase().collect();
        assert_eq!(capital(&small.to_string()), unicode, "{small}");
    }
    assert_eq!(capital("échec et mat"), "Échec et mat");
    for same in ["", "Les", "1.", "÷ 2", "ß", "«\u{a0}oui\u{a0}»", "λ"] {
        assert_eq!(capital(same), same);
    }
}

/// The lines beside the board and the fortunes of war, with their numbers, seats and lists.
#[test]
fn french_notes() {
    let fr = |english: &str| Language::Fr.note(english);
    assert_eq!(
        fr("White: reserve 2 knights (1 free), 1 shot, 3 credits, 4 losses, archers after 2 more losses."),
        "Blancs\u{a0}: réserve 2 cavaliers (1 gratuit), 1 obus, 3 crédits, 4 pertes, archers après 2 pertes de plus."
    );
    assert_eq!(
        fr("Black: reserve empty, 0 credits, 16 losses, 1 archer to call."),
        "Noirs\u{a0}: réserve vide, 0 crédits, 16 pertes, 1 archer à appeler."
    );
    assert_eq!(
        fr("Fortunes of war: Ace of Spades! Bad times for Black: every piece on c4 and c5 is killed (2 lost; kings are immune)."),
        "Fortunes de la guerre\u{a0}: As de pique\u{a0}! Mauvais temps pour les Noirs\u{a0}: toutes les pièces en c4 et en c5 sont tuées (2 perdues\u{a0}; les rois sont épargnés)."
    );
    assert_eq!(
        fr("Good news for White: a jester joins White's reserve and may be brought on at no cost."),
        "Bonne nouvelle pour les Blancs\u{a0}: un bouffon rejoint la réserve des Blancs et peut entrer sans frais."
    );
    assert_eq!(fr("Queen of Hearts"), "Dame de cœur");
    assert_eq!(
        fr("Red: move phase. 3 more men of this group may move (the capture is made); or end the moves."),
        "Rouges\u{a0}: déplacements. Encore 3 pièces de ce groupe peuvent se déplacer (la prise est faite)\u{a0}; ou finissez les déplacements."
    );
    assert_eq!(fr("Blue is out (checkmated)."), "Les Bleus sont hors de la partie (mat).");
    assert_eq!(fr("White sets up."), "Les Blancs font leur mise en place.");
    assert_eq!(Language::Fr.note("Something new."), "Something new.");
    assert_eq!(Language::En.note("White sets up."), "White sets up.");
}

/// Napoleon's setup editor tells a French player what the draft breaks, in French, with its numbers,
/// men and squares.
#[test]
fn setup_problems_in_french() {
    let fr = Language::Fr;
    assert_eq!(fr.note("8 pawns needed, 5 placed"), "il faut 8 pions, 5 en place");
    assert_eq!(fr.note("1 king needed, 0 placed"), "il faut 1 roi, 0 en place");
    assert_eq!(fr.note("e9 is outside the setup zone"), "e9 est hors de la zone de mise en place");
    assert_eq!(fr.note("no pawn on the back rank (a1)"), "pas de pion sur la rangée du fond (a1)");
    assert_eq!(fr.note("at least two groups are needed"), "il faut au moins deux groupes");
    assert_eq!(fr.note("d4 is taken"), "d4 est occupée");
    assert_eq!(Language::En.note("d4 is taken"), "d4 is taken");
}
