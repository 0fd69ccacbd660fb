//! Dead ends marked before they are played: which of the listed options leave the player no legal
//! way to finish the turn (a Napoleon man moved while the king stays in check).
//!
//! The option lists stay local, as docs/rules.md has them for Napoleon (they decide move counts and links); the marks
//! are a warning beside them. A mark is a proof: the variant's exact turn search explored every state
//! the rest of the turn can reach and found no legal end ([`crate::rules::TurnSteps::turn_can_end`]
//! answering `Some(false)`). Where the search runs out of its budget the option is left unmarked,
//! which means "not known", never "safe". The budget is shared by the whole list, so drawing the
//! marks stays quick on the page's thread whatever the position.

use super::{Decision, Game, Listed};

/// Decisions the marks of one option list may try in all. Each option's own search stops at the
/// variant's hint budget (Napoleon: 2,000 decisions); what an option's search spends comes from this
/// pool, and once it is empty the options left are unmarked ("not known").
pub const DEAD_END_MARKS_BUDGET: u64 = 6_000;

impl Game {
    /// For each option of `listed` (the current [`Game::listed_options`]), whether it is a proved dead
    /// end: after it the seat deciding still has its turn to finish and no legal way to finish it.
    /// All false in variants whose turns are single decisions. The options that end a step (Napoleon's
    /// "end moves") are looked at first: they are few, and the one a player in trouble reaches for.
    pub fn dead_ends(&self, listed: &[Listed]) -> Vec<bool> {
        let mut budget = DEAD_END_MARKS_BUDGET;
        self.dead_ends_within(listed, &mut budget)
    }

    /// [`Game::dead_ends`] within `budget` decisions (what is left is written back).
    pub fn dead_ends_within(&self, listed: &[Listed], budget: &mut u64) -> Vec<bool> {
        let mut marks = vec![false; listed.len()];
        let position = self.position();
        if position.turn_steps().is_none() || self.outcome().is_some() {
            return marks;
        }
        let mut order: Vec<usize> = (0..listed.len()).collect();
        // Stable, like the standard `sort_by_key`, without its code for this element type.
        chessfront_core::short_sort::sort_by(&mut order, |&a, &b| listed[a].path.len() < listed[b].path.len());
        for i in order {
            if *budget == 0 {
                break;
            }
            marks[i] = self.proved_dead_end(&listed[i], budget);
        }
        marks
    }

    /// Whether playing `option` leaves the seat deciding inside its turn with no legal end proved.
    fn proved_dead_end(&self, option: &Listed, budget: &mut u64) -> bool {
        let Decision::Act(first) = option.decision else { return false };
        let position = self.position();
        let mut after = position.clone_box();
        if after.play(first).is_err() {
            return false;
        }
        if let Some(&then) = option.path.get(1) {
            let mut actions = Vec::new();
            after.actions(&mut actions);
            let Some(&action) = actions.get(then as usize) else { return false };
            if after.play(action).is_err() {
                return false;
            }
        }
        // An option that ends the turn is legal: the lists never offer an illegal end.
        if after.outcome().is_some() || after.to_move() != position.to_move() {
            return false;
        }
        after.turn_steps().is_some_and(|steps| steps.turn_can_end(budget) == Some(false))
    }
}
