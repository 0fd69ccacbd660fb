//! French for the fixed names the engine hands out in English: one table, a few labels with numbers
//! in them (Chess 2024's reserve), the seats, and the pieces with their genders (an adjective agrees:
//! « dame blanche », « roi noir »). The words are those of the French rules texts
//! (`variants/<slug>.rules.fr.html`), so the board's buttons and the rules speak alike.

/// English → French, for names and labels handed out as they are.
pub(super) const TABLE: &[(&str, &str)] = &[
    // Variants: names and one-line summaries.
    ("Chess", "Échecs"),
    ("Checkered Chess", "L'Échiqueté"),
    ("Chess with Wounds", "Échecs à blessures"),
    ("Chess 2024", "Échecs 2024"),
    ("Napoleon", "Napoléon"),
    ("Gunnery Chess", "Échecs canonniers"),
    ("The classic game, with FIDE rules and automatic draws.", "Le jeu classique, selon les règles de la FIDE, avec les nulles automatiques."),
    (
        "Captures make checkered pieces that serve the side to move; a switch starts stage two.",
        "Les prises créent des pièces échiquetées qui servent le camp qui a le trait ; un changement ouvre la phase 2.",
    ),
    (
        "Pieces are prongs that break off: a wounded piece fights on, and turns.",
        "Les pièces sont des branches qui se brisent : une pièce blessée combat encore, et pivote.",
    ),
    (
        "A 12x12 battlefield: cannons, jesters, reserves, archers and a fortune of war.",
        "Un champ de bataille de 12x12 : canons, bouffons, réserves, archers et une fortune de la guerre.",
    ),
    (
        "Group chess on 16x16 for two or four: secret setups, whole groups move at once.",
        "Des échecs en groupes sur 16x16, à deux ou à quatre : mises en place secrètes, des groupes entiers bougent d'un coup.",
    ),
    (
        "Pawns leap as cannons over a friendly screen and blow up with their target.",
        "Les pions sautent comme des canons par-dessus un écran ami et explosent avec leur cible.",
    ),
    // Settings and their choices.
    ("Fortunes of war", "Fortunes de la guerre"),
    ("Off", "Non"),
    ("On", "Oui"),
    ("The switch (stage 2)", "Le changement (phase 2)"),
    ("Without switch", "Sans changement"),
    ("With switch", "Avec changement"),
    ("Players", "Joueurs"),
    ("Two players", "Deux joueurs"),
    ("Four players", "Quatre joueurs"),
    // The computer's levels and how each plays.
    ("Beginner", "Débutant"),
    ("Novice", "Novice"),
    ("Casual", "Amateur"),
    ("Improver", "En progrès"),
    ("Intermediate", "Intermédiaire"),
    ("Club", "Club"),
    ("Seasoned", "Aguerri"),
    ("Advanced", "Avancé"),
    ("Tournament", "Tournoi"),
    ("Expert", "Expert"),
    ("Strong", "Fort"),
    ("Formidable", "Redoutable"),
    ("Master", "Maître"),
    ("Strongest", "Le plus fort"),
    ("misses threats and gives material away", "ne voit pas les menaces et donne du matériel"),
    ("sees simple threats, often drifts", "voit les menaces simples, joue souvent sans plan"),
    ("sees simple threats and takes what is offered", "voit les menaces simples et prend ce qu'on lui offre"),
    ("thinks up to a second a move", "réfléchit jusqu'à une seconde par coup"),
    // Napoleon's ready-made setups.
    ("Two wings", "Deux ailes"),
    ("Three groups", "Trois groupes"),
    ("Twin columns", "Colonnes jumelles"),
    ("Two blocks", "Deux blocs"),
    ("Corner and flank", "Coin et flanc"),
    // Buttons and choosers of the board's options.
    ("Offer a draw", "Proposer la nulle"),
    ("Accept the draw", "Accepter la nulle"),
    ("Resign", "Abandonner"),
    // The move list's names of game-level decisions.
    ("draw offered", "nulle proposée"),
    ("draw accepted", "nulle acceptée"),
    ("resigns", "abandon"),
    // Decisions named in words rather than notation (Napoleon's and Wounds' ends of a phase, setups):
    // the buttons the French rules text names « Passer », « Fin des déplacements », « Fin du ralliement ».
    ("pass", "passer"),
    ("end moves", "fin des déplacements"),
    ("end rejoining", "fin du ralliement"),
    ("set up", "mise en place faite"),
    ("setup sealed", "mise en place scellée"),
    ("setup revealed", "mise en place révélée"),
    ("Call archers", "Appeler les archers"),
    ("Bring on from the reserve", "Faire entrer depuis la réserve"),
    ("Switch", "Changement"),
    ("Fire", "Tirer"),
    ("Move alone", "Déplacer seul"),
    ("Rotate right", "Pivoter à droite"),
    ("Rotate left", "Pivoter à gauche"),
    ("King", "Roi"),
    ("Queen", "Dame"),
    ("Rook", "Tour"),
    ("Bishop", "Fou"),
    ("Knight", "Cavalier"),
    ("Pawn", "Pion"),
    ("Elite pawn", "Pion d'élite"),
    ("Jester", "Bouffon"),
    ("Cannon", "Canon"),
    ("Archer", "Archer"),
];

/// Names that are the same word in both languages.
#[cfg(test)]
pub(super) const SAME_IN_BOTH: &[&str] = &["Club", "Archer", "Novice", "Expert"];

pub(super) fn label(english: &str) -> Option<String> {
    if let Some((_, fr)) = TABLE.iter().find(|(en, _)| *en == english) {
        return Some(super::typo(fr.to_string()));
    }
    reserve_label(english).map(super::typo)
}

/// Chess 2024's frontal attack and reserve choices, with their numbers and squares:
/// "Frontal attack (3)", "Take off (+3 credits)", "Replace by a knight on b1 (+3, cost 4)",
/// "Bring on a shot at a1 (free)".
fn reserve_label(english: &str) -> Option<String> {
    if let Some(n) = english.strip_prefix("Frontal attack (").and_then(|r| r.strip_suffix(')')) {
        return Some(format!("Attaque frontale ({n})"));
    }
    if let Some(n) = english.strip_prefix("Take off (+").and_then(|r| r.strip_suffix(" credits)")) {
        return Some(format!("Retirer (+{n} crédits)"));
    }
    let price = |p: &str| match p {
        "free" => Some("gratuit".to_string()),
        _ => p.strip_prefix("cost ").map(|c| format!("coût {c}")),
    };
    let what = |w: &str| -> Option<String> {
        let name = w.strip_prefix("a ")?;
        if name == "shot" {
            return Some("un obus".into());
        }
        let k = KINDS.iter().find(|k| k.english == name)?;
        Some(format!("{} {}", if k.feminine { "une" } else { "un" }, k.noun))
    };
    if let Some(rest) = english.strip_prefix("Replace by ") {
        // "{what} on {square} (+{gain}, {price})"
        let (what_part, rest) = rest.split_once(" on ")?;
        let (square, rest) = rest.split_once(" (+")?;
        let (gain, p) = rest.strip_suffix(')')?.split_once(", ")?;
        return Some(format!("Remplacer par {} en {square} (+{gain}, {})", what(what_part)?, price(p)?));
    }
    if let Some(rest) = english.strip_prefix("Bring on ") {
        let (what_part, rest) = rest.split_once(" at ")?;
        let (square, p) = rest.split_once(" (")?;
        return Some(format!("Faire entrer {} en {square} ({})", what(what_part)?, price(p.strip_suffix(')')?)?));
    }
    None
}

/// A seat's French name, a plural noun ("Blancs"): the English one when it has none.
pub(super) fn seat(english: &str) -> String {
    match english {
        "White" => "Blancs",
        "Black" => "Noirs",
        "Red" => "Rouges",
        "Blue" => "Bleus",
        other => other,
    }
    .to_string()
}

/// A kind of piece in French: its noun, plural and gender.
#[derive(Clone, Copy, Debug)]
pub struct FrenchKind {
    /// The English name the pieces table and the words use ("elite pawn"), or the spoken one
    /// ("ammunition stack").
    pub english: &'static str,
    pub noun: &'static str,
    pub plural: &'static str,
    pub feminine: bool,
}

const fn k(english: &'static str, noun: &'static str, plural: &'static str, feminine: bool) -> FrenchKind {
    FrenchKind { english, noun, plural, feminine }
}

pub(super) const KINDS: &[FrenchKind] = &[
    k("king", "roi", "rois", false),
    k("queen", "dame", "dames", true),
    k("rook", "tour", "tours", true),
    k("bishop", "fou", "fous", false),
    k("knight", "cavalier", "cavaliers", false),
    k("pawn", "pion", "pions", false),
    k("elite pawn", "pion d'élite", "pions d'élite", false),
    k("jester", "bouffon", "bouffons", false),
    k("cannon", "canon", "canons", false),
    k("stack", "pile de munitions", "piles de munitions", true),
    k("ammunition stack", "pile de munitions", "piles de munitions", true),
    k("archer", "archer", "archers", false),
    k("crater", "cratère", "cratères", false),
    k("piece", "pièce", "pièces", true),
];

/// The French kind of an English kind name (a piece, for a name the table lacks).
pub fn kind(english: &str) -> FrenchKind {
    KINDS.iter().copied().find(|k| k.english == english).unwrap_or(k("piece", "pièce", "pièces", true))
}

/// A colour as an adjective agreeing with its noun ("blanche" for a queen).
pub fn color(english: &str, feminine: bool) -> String {
    let (m, f) = match english {
        "white" => ("blanc", "blanche"),
        "black" => ("noir", "noire"),
        "checkered" => ("échiqueté", "échiquetée"),
        "red" => ("rouge", "rouge"),
        "blue" => ("bleu", "bleue"),
        other => (other, other),
    };
    if feminine { f } else { m }.to_string()
}

/// The heading of a colour's pieces when the whole position is read ("Blancs", "Pièces échiquetées").
pub fn color_group(english: &str) -> String {
    match english {
        "white" => "Blancs".to_string(),
        "black" => "Noirs".to_string(),
        "red" => "Rouges".to_string(),
        "blue" => "Bleus".to_string(),
        "checkered" => "Pièces échiquetées".to_string(),
        other => super::capital(other),
    }
}
