//! The options as a player names them: a piece picked and its destination as one move (a path of two
//! indices), and a move typed in the move list's notation matched to one of them.

use super::{Decision, Game};
use crate::error::{Error, ErrorCode, Result};
use crate::rules::ActionInfo;

/// One option of the current decision as the page offers it.
pub struct Listed {
    /// The indices to play, in order: `[index]`, or the pick of a piece and then its destination.
    pub path: Vec<u32>,
    /// The first decision of the path.
    pub decision: Decision,
    /// How to show and name the move (the destination's, for a pick and a destination); empty for
    /// game-level decisions.
    pub info: ActionInfo,
}

impl Game {
    /// Index of the current option list's entry for a decision, if it is an option now.
    pub fn index_of(&self, decision: Decision) -> Option<u32> {
        self.decisions().iter().position(|&d| d == decision).map(|i| i as u32)
    }

    /// The current options, a pick and each destination after it listed as one move.
    pub fn listed_options(&self) -> Vec<Listed> {
        let position = self.position();
        let decisions = self.decisions();
        let actions: Vec<_> =
            decisions.iter().filter_map(|d| if let Decision::Act(a) = d { Some(*a) } else { None }).collect();
        let mut infos = position.infos(&actions).into_iter();
        let mut out = Vec::new();
        for (i, decision) in decisions.into_iter().enumerate() {
            let info = match decision {
                Decision::Act(_) => infos.next().unwrap_or_default(),
                _ => ActionInfo::default(),
            };
            if !info.select {
                out.push(Listed { path: vec![i as u32], decision, info });
                continue;
            }
            // Picking a piece is a decision of its own; the page offers pick-and-destination as one move.
            // (A transient position offers its actions only, so their indices are the game's.)
            let Decision::Act(pick) = decision else { continue };
            let mut picked = position.clone_box();
            if picked.play(pick).is_err() {
                continue; // a listed action always plays
            }
            let mut acts = Vec::new();
            picked.actions(&mut acts);
            for (j, info) in picked.infos(&acts).into_iter().enumerate() {
                out.push(Listed { path: vec![i as u32, j as u32], decision, info });
            }
        }
        out
    }

    /// The path of the option `text` names: the move list's name (check signs optional), its
    /// coordinates (`g1f3`, in any case, a dash allowed), or `resign`, `offer draw`, `accept draw`.
    /// Nothing or several matching is an error whose message says what to type.
    pub fn typed_path(&self, text: &str) -> Result<Vec<u32>> {
        let wanted = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if wanted.is_empty() {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                "Type a move first, as the move list writes it (Nf3) or by its squares (g1f3).",
                "Tapez d'abord un coup, comme la liste des coups l'écrit (Nf3) ou par ses cases (g1f3).",
            ));
        }
        let options = self.listed_options();
        if options.is_empty() {
            return Err(Error::bilingual(
                ErrorCode::IllegalAction,
                format!("'{wanted}' cannot be played: there is nothing to decide here now."),
                format!("« {wanted} » ne peut pas être joué : il n'y a rien à décider ici maintenant."),
            ));
        }
        let loose = |s: &str| s.to_ascii_lowercase().replace(['-', ' '], "").replace('0', "o");
        let game_level = match loose(wanted).as_str() {
            // The words in English and in French (« abandon », « proposer nulle », « accepter nulle »).
            "resign" | "abandon" | "abandonner" => Some(Decision::Resign),
            "offerdraw" | "draw" | "nulle" | "proposernulle" | "proposerlanulle" => Some(Decision::OfferDraw),
            "acceptdraw" | "accept" | "acceptenulle" | "accepternulle" | "accepterlanulle" => {
                Some(Decision::AcceptDraw)
            }
            _ => None,
        };
        let matches: Vec<&Listed> = options
            .iter()
            .filter(|o| match o.decision {
                _ if o.info.name.is_empty() => Some(o.decision) == game_level,
                _ => {
                    let name = o.info.name.trim_end_matches(['+', '#']);
                    name == wanted
                        || (!o.info.coord.is_empty() && loose(&o.info.coord) == loose(wanted))
                        // Castling written with zeros.
                        || (name.starts_with("O-O") && name == wanted.replace('0', "O"))
                }
            })
            .collect();
        match matches.as_slice() {
            [one] => Ok(one.path.clone()),
            [] => Err(Error::bilingual(
                ErrorCode::IllegalAction,
                format!("'{wanted}' is not a legal move here. Type a move as the move list writes it (Nf3) or by its squares (g1f3)."),
                format!("« {wanted} » n'est pas un coup légal ici. Tapez un coup comme la liste des coups l'écrit (Nf3) ou par ses cases (g1f3)."),
            )),
            several => {
                let names: Vec<String> = several.iter().map(|o| format!("{} ({})", o.info.name, o.info.coord)).collect();
                Err(Error::bilingual(
                    ErrorCode::IllegalAction,
                    format!("'{wanted}' names several moves: {}. Type one of them as written.", names.join(", ")),
                    format!("« {wanted} » désigne plusieurs coups : {}. Tapez l'un d'eux tel qu'il est écrit.", names.join(", ")),
                ))
            }
        }
    }
}
