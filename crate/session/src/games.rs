//! The games this browser keeps: starting one, a rematch, resuming the last, listing and deleting
//! them, and another tab's changes to storage.

use super::*;

impl Session {
    /// The browser's stored games: those where it is the player's turn first, then the others, each
    /// most recently played first.
    pub fn games(&mut self) -> Vec<StoredGame> {
        let mut games = self.shelf().games();
        for g in &mut games {
            g.your_turn = g.result.is_empty()
                && matches!(g.mode.as_str(), "link" | "computer")
                && g.seat.is_some()
                && g.to_move == g.seat;
            (g.title, g.detail) = status::game_line(g, self.language);
        }
        crate::short_sort::sort_by(&mut games, |a, b| a.your_turn && !b.your_turn); // stable: the order by date stays within each group
        games
    }

    /// Whether this build has the rules of stored game `id`'s variant (a one-variant build has its own
    /// only); true for an id that is not stored, whose opening says so.
    pub fn has_rules_for_stored(&mut self, id: &str) -> bool {
        self.shelf().game(id).map_or(true, |g| variants::by_slug(&g.variant).is_ok())
    }

    /// Makes stored game `id` the one an address without a game reopens ([`Session::resume`]): a build
    /// without its variant's rules hands it over so. Refused for an id that is not stored.
    pub fn reopen_next(&mut self, id: &str) -> Result<()> {
        if self.shelf().game(id).is_none() {
            return Err(no_game());
        }
        self.shelf().set_current(id)
    }

    /// Reopens the browser's current game, or starts a pass-and-play game of the first variant.
    pub fn resume(&mut self) -> Update {
        if let Some(id) = self.shelf().current() {
            if self.shelf().game(&id).is_some() {
                let update = self.open_stored(&id);
                if self.open.as_ref().is_some_and(|o| id_text(o.id) == id) {
                    return update;
                }
            }
            let mut update = self.default_game();
            update.notice = Some(Notice::error(&Error::bilingual(
                ErrorCode::NoGame,
                "Your last game could not be reopened; it is still listed under \"My games\". A new game was started.",
                "Votre dernière partie n'a pas pu être rouverte ; elle figure toujours dans « Mes parties ». Une nouvelle partie a commencé.",
            )));
            return update;
        }
        self.default_game()
    }

    pub(super) fn default_game(&mut self) -> Update {
        let variant = variants::REGISTRY[0].info().slug.to_string();
        self.new_game(NewGame { variant, mode: Mode::Local, settings: None, setup: None })
            .unwrap_or_else(|e| Update { notice: Some(Notice::error(&e)), ..Update::default() })
    }

    /// Starts a new game. In a link game with chance, this browser commits to a fresh secret for its seat.
    pub fn new_game(&mut self, spec: NewGame) -> Result<Update> {
        let rules = variants::by_slug(&spec.variant)?;
        let id = u64::from_le_bytes(self.random::<8>("a game")?) & GAME_ID_MASK;
        let chance = match spec.mode {
            Mode::Link { .. } => ChanceSource::Committed(Commitments::new(id)),
            _ => ChanceSource::Seeded(self.random::<SEED_BYTES>("the fortunes of war")?),
        };
        let setup = spec.setup.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let mut game = Game::with_chance(rules, spec.settings.as_deref(), setup, chance)?;
        if let Some(seat) = spec.mode.seat() {
            if game.seat_count() <= seat as usize {
                return Err(Error::bilingual(
                    ErrorCode::BadSetting,
                    format!("This game has no seat {seat}."),
                    format!("Cette partie n'a pas de place {seat}."),
                ));
            }
        }
        let mut notice = None;
        if let Mode::Link { seat } = spec.mode {
            notice = self.claim(&mut game, id, seat)?;
        }
        self.install(game, id, spec.mode, None);
        let mut update = self.after_change(false);
        update.notice = notice.or(update.notice);
        Ok(update)
    }

    /// A new game against the same opponent: same variant, settings and start, this browser's player
    /// on the next seat (the other colour), played the same way.
    pub fn rematch(&mut self) -> Result<Update> {
        let o = self.open.as_ref().ok_or_else(no_game)?;
        // Counted wide: a damaged copy may keep the player on the last seat a Seat can name.
        let next = |seat: Seat| ((usize::from(seat) + 1) % o.game.seat_count()) as Seat;
        let mode = match o.mode {
            Mode::Local => Mode::Local,
            Mode::Link { seat } => Mode::Link { seat: next(seat) },
            Mode::Computer { seat, level } => Mode::Computer { seat: next(seat), level },
        };
        let spec = NewGame {
            variant: o.game.rules().info().slug.to_string(),
            mode,
            settings: Some(o.game.settings().to_vec()),
            setup: o.game.setup().map(str::to_string),
        };
        #[cfg(feature = "live")]
        let live = o.live.as_deref().cloned();
        let update = self.new_game(spec)?;
        #[cfg(feature = "live")]
        let update = self.live_rematch(live, update);
        Ok(update)
    }

    /// Deletes a stored game with its secrets (the open game stays open, unsaved, if it is that one). An
    /// id that is no stored game is left alone: what cannot be read is not the player's to have chosen,
    /// and its keys may be a damaged game's only secrets.
    pub fn delete_game(&mut self, id: &str) {
        if self.shelf().game(id).is_none() {
            return;
        }
        self.shelf().delete_game(id);
        if let Some(o) = &mut self.open {
            if id_text(o.id) == id {
                o.saved = None;
            }
        }
    }

    /// Another tab changed storage. A copy of the open game written there is the newest thing the player
    /// did (a move, or a move taken back), so it is shown; a deleted game stays open here, unsaved.
    pub fn storage_changed(&mut self) -> Update {
        let Some(o) = &self.open else { return Update::default() };
        let id = id_text(o.id);
        let current = link::encode(&o.game, o.id);
        let saved = o.saved.clone();
        let Some(stored) = self.shelf().game(&id) else { return Update::default() };
        if stored.link == current || Some(&stored.link) == saved.as_ref() {
            return Update::default();
        }
        let extends = match (link::decode(&current), link::decode(&stored.link)) {
            (Ok(ours), Ok(theirs)) => {
                matches!(continuation::continues(&ours, &theirs), Ok(Continuation::Extends { .. }))
            }
            _ => false,
        };
        let mut update = self.open_stored(&id);
        update.notice = Some(if extends {
            Notice::info(
                "updated-elsewhere",
                "This game was played on in another tab: its latest position is shown.",
                "Cette partie a continué dans un autre onglet : sa dernière position est affichée.",
            )
        } else {
            Notice::info(
                "updated-elsewhere",
                "This game was changed in another tab (a move taken back, or another line): that copy is shown.",
                "Cette partie a été modifiée dans un autre onglet (un coup repris, ou une autre suite) : cette copie est affichée.",
            )
        });
        update.animate = extends;
        update
    }

    pub(super) fn install(&mut self, game: Game, id: u64, mode: Mode, created: Option<String>) {
        self.thinking = false;
        self.think_id = self.think_id.wrapping_add(1);
        let turn_start = game.record().len();
        let created = created.unwrap_or_else(|| self.host.now());
        // The same game opened again (a link that continues it, another tab's copy) keeps its live state.
        let live = self.open.take().filter(|o| o.id == id).and_then(|o| o.live);
        self.open = Some(Open {
            game,
            id,
            mode,
            created,
            turn_start,
            saved: None,
            stored_as: None,
            joined_from: None,
            fresh: true,
            locked: false,
            visiting: false,
            watching: false,
            sent: turn_start,
            unconfirmed: false,
            hints: hints::Hints::default(),
            live,
        });
    }
}
