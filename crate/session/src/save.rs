//! Saving the open game as a stored game (its link and what the list of games shows), the rule that an older copy never
//! overwrites a newer one written by another tab, and that an empty game of this device is not kept.

use super::continuation;
use super::keep::StoredGame;
use super::{id_text, status, Mode, Notice, Session};
use crate::link;

/// Whether our copy (`ours`) continues the copy another tab stored (`theirs`): then ours may replace it.
fn continues(theirs: &str, ours: &str) -> bool {
    match (link::decode(theirs), link::decode(ours)) {
        (Ok(theirs), Ok(ours)) => continuation::continues(&theirs, &ours).is_ok(),
        (Err(_), _) => true, // an unreadable copy holds nothing to lose
        _ => false,
    }
}

/// The open game's live state as stored (none in a build without live play, which keeps the stored text).
fn live_text(o: &super::Open) -> Option<String> {
    #[cfg(feature = "live")]
    return o.live.as_deref().map(super::live::Live::to_text);
    #[cfg(not(feature = "live"))]
    {
        let _ = o;
        None
    }
}

/// Whether two live texts keep the same state; whether this tab holds the live channel does not count
/// (see `live::lasting`). A build without live play keeps the stored text as it is: it never differs.
fn same_live(stored: Option<&str>, ours: Option<&str>) -> bool {
    #[cfg(feature = "live")]
    return stored.map(super::live::lasting) == ours.map(super::live::lasting);
    #[cfg(not(feature = "live"))]
    {
        let _ = (stored, ours);
        true
    }
}

impl Session {
    /// The open game as a stored game: its `link`, what the list of games shows, the time now.
    pub(super) fn open_as_stored(&self, link: String) -> Option<StoredGame> {
        let o = self.open.as_ref()?;
        let game = &o.game;
        let names = game.seat_names();
        let info = game.rules().info();
        Some(StoredGame {
            id: id_text(o.id),
            variant: info.slug.into(),
            variant_name: info.name.into(),
            mode: o.mode.name().into(),
            seat: o.mode.seat(),
            level: match o.mode {
                Mode::Computer { level, .. } => Some(level),
                _ => None,
            },
            link,
            created: o.created.clone(),
            updated: self.host.now(),
            plies: game.record().len(),
            to_move: Some(game.to_move()),
            last_move: game.record().last().map(|e| e.name.clone()).unwrap_or_default(),
            result: game
                .outcome()
                .zip(game.score())
                .map(|(out, score)| format!("{score} {}", status::outcome_text(out, names)))
                .unwrap_or_default(),
            seat_names: names.iter().map(|s| s.to_string()).collect(),
            hints: o.hints.shown.clone(),
            // A build without live play never changes a game's live state: the stored text is kept.
            #[cfg(feature = "live")]
            live: o.live.as_deref().map(super::live::Live::to_text),
            #[cfg(not(feature = "live"))]
            live: None,
            your_turn: false,
            title: String::new(),
            detail: String::new(),
        })
    }

    /// Saves the open game, unless storage holds a copy this session has not seen that ours does not
    /// continue (another tab played on): then that copy is taken instead, never overwritten. A game
    /// storage already holds is not written again (nor its link made again, when it was just read from
    /// storage and has not changed since).
    pub(super) fn save(&mut self) -> Option<Notice> {
        let o = self.open.as_mut()?;
        // A game only looked at (not joined yet, or watched) is not this browser's to keep.
        if o.visiting || o.watching {
            return None;
        }
        // Every decision of this browser's seat is signed before its link is made.
        o.game.sign_own(o.id);
        let stored_as = o.stored_as.take();
        // An empty game played on this device only holds nothing to keep (a link game keeps its id
        // and secrets from the start: its link may be on its way).
        if o.game.record().is_empty() && !matches!(o.mode, Mode::Link { .. }) {
            return None;
        }
        let id = id_text(o.id);
        let live = live_text(o);
        if stored_as == Some(o.game.changes()) && live.is_none() {
            // Read from storage by this same command, and unchanged since: storage holds this very game.
            let _ = self.shelf().set_current(&id);
            return None;
        }
        let link = link::encode(&o.game, o.id);
        let saved = o.saved.clone();
        let hints = o.hints.shown.clone();
        let mut created = None;
        let mut kept_live = None;
        if let Some(stored) = self.shelf().game(&id) {
            // A hint taken, or a live clock, changes the stored game, not its link.
            if stored.link == link && stored.hints == hints && same_live(stored.live.as_deref(), live.as_deref()) {
                let _ = self.shelf().set_current(&id);
                if let Some(o) = &mut self.open {
                    o.saved = Some(stored.link);
                }
                return None;
            }
            if saved.as_ref() != Some(&stored.link) && !continues(&stored.link, &link) {
                let mut update = self.open_stored(&id);
                let text = "This game was changed in another tab or window since it was opened here; that copy is kept and shown, and what was done here was not saved.";
                let texte = "Cette partie a été modifiée dans un autre onglet ou une autre fenêtre depuis son ouverture ici : cette copie est conservée et affichée, et ce qui a été fait ici n'a pas été enregistré.";
                update.notice = Some(Notice::info("changed-elsewhere", text, texte));
                return update.notice;
            }
            created = Some(stored.created);
            kept_live = stored.live;
        }
        let mut copy = self.open_as_stored(link)?;
        if !cfg!(feature = "live") {
            copy.live = kept_live;
        }
        // A game storage does not hold yet counts against the cap on stored games.
        let room = match created {
            Some(created) => {
                copy.created = created;
                Ok(())
            }
            None => self.make_room(),
        };
        let result = room.and_then(|()| self.shelf().save_game(&copy)).and_then(|()| self.shelf().set_current(&id));
        match result {
            Ok(()) => {
                if let Some(o) = &mut self.open {
                    o.saved = Some(copy.link);
                }
                self.unsaved = None;
                None
            }
            // Said in every update it happens in (see `Session::finish`): a player who plays on unsaved
            // must keep being told.
            Err(e) => {
                let notice = Notice::error(&e);
                self.unsaved = Some(notice.clone());
                Some(notice)
            }
        }
    }
}
