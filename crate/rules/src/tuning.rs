//! What the computer's search asks of a variant beyond its rules: a static value, which actions
//! capture, how far its horizon plays captures out, what a node (and the work of a play) costs, and where the variant allows
//! them, a check test (for check extensions) and a pass (for null-move pruning). Every [`Position`] is a
//! [`SearchTuning`] (a supertrait), so a variant writes its rules and its evaluation apart; only
//! [`SearchTuning::evaluate`] has no default.
//!
//! [`Position`]: crate::Position

use crate::{Action, Outcome, Position, Seat};

/// The search's view of a variant's position (see the module docs).
pub trait SearchTuning {
    /// A static value of the position for `seat` (positive: good for it), with a comment in each
    /// variant saying why each term is there.
    fn evaluate(&self, seat: Seat) -> i32;
    /// For move ordering and quiescence: `Some(gain)` when `action` captures (or promotes), the gain
    /// being roughly what it takes minus a tenth of the taker (most valuable victim, least valuable
    /// attacker first); `None` for a quiet action. Must be cheap.
    fn capture_gain(&self, _action: Action) -> Option<i32> {
        None
    }
    /// [`SearchTuning::capture_gain`], corrected by what the recaptures on the square cost (static
    /// exchange evaluation): negative for a capture that loses material, which the search tries last
    /// and leaves out of the horizon's captures. The default knows no exchange: the capture's gain.
    fn exchange_gain(&self, action: Action) -> Option<i32> {
        self.capture_gain(action)
    }
    /// The outcome as far as it is known without listing the legal actions, for the horizon (it takes
    /// the static value of most positions there and lists actions only in a few): `Some(outcome)` when
    /// that settles it, `None` when only [`crate::Position::outcome`] can tell (the default).
    fn outcome_without_listing(&self) -> Option<Option<Outcome>> {
        None
    }
    /// What standing pat at the horizon stands for, where it is a decision of its own that the side
    /// deciding may take now: ending its turn midway through a multi-step one. Quiescence then plays
    /// it (when it is an option) and lets the next player's captures answer, instead of taking the
    /// static value as if nothing could. `None` by default: in a one-decision turn, standing pat is
    /// the static value of the position as it stands.
    fn stand_pat_action(&self) -> Option<Action> {
        None
    }
    /// Whether the search's history forgets: a cut-off also marks down the quiet actions tried before
    /// it, and every change is damped near a bound (the search's `remember_cutoff`). On where matches
    /// showed it better; off by default, so a variant keeps the history its levels were measured with.
    fn forgetful_history(&self) -> bool {
        false
    }
    /// Whether quiet actions are also ordered by their history as the answer to the action before
    /// them (a continuation history, kept by the search's `QuietMemory`). Off by default, for the same
    /// reason as [`SearchTuning::forgetful_history`].
    fn answer_history(&self) -> bool {
        false
    }
    /// Whether a player's searches keep their transposition table from one decision to the next
    /// (the search's memory). On where matches showed it better; off by default, for the same reason as
    /// [`SearchTuning::forgetful_history`].
    fn keeps_table(&self) -> bool {
        false
    }
    /// How many capture decisions quiescence plays out at the horizon: fewer where captures do not end
    /// exchanges (in Wounds the attacker stays, so attacks go on and on).
    fn quiescence_depth(&self) -> u32 {
        8
    }
    /// What one search node of this variant costs, in nodes of orthodox chess (measured, rounded): the
    /// levels count nodes in these units, so a level takes about the same time in every variant.
    fn node_weight(&self) -> u64 {
        1
    }
    /// What the decision that led to this position cost beyond one node, in nodes of this variant: work
    /// its play did that the search would otherwise not see (Napoleon: the next player's game-end
    /// check when the decision ends a turn, up to thousands of decisions). The search adds it to its
    /// nodes, so a node budget bounds that work too. 0 (the default): a node is a node.
    fn play_work(&self) -> u64 {
        0
    }
    /// Called as a search begins: a variant that remembers work between positions (Napoleon's game-end
    /// verdicts) forgets it here, so that the work a search counts ([`SearchTuning::play_work`]), and
    /// so what it plays, depends on that search alone. Nothing to do by default.
    fn search_begins(&self) {}
    /// Weighted nodes that the searches of one whole turn may spend together at a level whose budget
    /// for one decision is `level_nodes` (`u64::MAX`: no budget), where a turn is many searched
    /// decisions and each decision's own budget would make a turn cost many times a level's budget
    /// (the search's turn budget shares it among the decisions). `None` (the default): each decision
    /// searches with the level as it is.
    fn turn_nodes(&self, _level_nodes: u64) -> Option<u64> {
        None
    }
    /// Whether a level whose budget for one decision is `level_nodes` plays its turns whole (the
    /// search's turn plan): each option of the turn's first
    /// decision completed and answered by the other players' turns, where a search of decisions ends
    /// inside its own turn. Only with a turn budget ([`SearchTuning::turn_nodes`]), which pays for it.
    /// `false` (the default): each decision is searched on its own.
    fn plans_turns(&self, _level_nodes: u64) -> bool {
        false
    }
    /// Lists the options of the decision under way into `out` in any order and answers `true`, where
    /// the variant can do that faster than [`Position::actions`] (which sorts them into the canonical
    /// order the links index: a tenth of the search's time in chess). The search never needs that
    /// order: it ranks actions itself and breaks ties by the action's code. `false` (the default): the
    /// search calls `actions`.
    fn actions_in_any_order(&self, _out: &mut Vec<Action>) -> bool {
        false
    }
    /// Lists into `out`, in any order, the options of the decision under way that the horizon may play
    /// (every one with a [`SearchTuning::capture_gain`], and others the search then leaves out), and
    /// answers whether the side has any option at all (`Some(false)`: none, a stalemate or mate). `None`
    /// (the default): the variant has no such list and the horizon lists every option. In chess the
    /// horizon's nodes are most of the search's, and most of their moves are quiet.
    fn captures_in_any_order(&self, _out: &mut Vec<Action>) -> Option<bool> {
        None
    }
    /// Whether the side to decide is in check: the search looks a decision deeper there (a check
    /// extension), since a check's answer is forced and its line must not end at the horizon.
    fn in_check(&self) -> bool {
        false
    }
    /// The transposition table's key, where the variant computes it faster than the default,
    /// [`hash_key`] of [`Position::repetition_key`]'s bytes: it must hash the same bytes
    /// (only without building the vector; every node asks), so the table sees the same keys either way.
    fn table_key(&self) -> Option<u64> {
        None
    }
    /// The position after the side to decide passes (the other side decides next), for null-move
    /// pruning: a side that stays above beta even after giving the opponent a free move is cut off after
    /// a shallow look. `None` (the default) where a pass would mislead the search: in check, where
    /// zugzwang is common (only king and pawns left), where a turn has several steps or passing is a
    /// move of the rules (Wounds), and with more than two sides.
    fn null_move(&self) -> Option<Box<dyn Position>> {
        None
    }
    /// Centipawns a quiet action may change the static value by, per decision of depth left, for
    /// futility pruning near the horizon: a side whose static value stands that far above beta is cut
    /// off, one that stands that far below alpha plays only captures and checks, and late quiet actions
    /// there are skipped. `None` (the default) where a quiet action can swing the value further than
    /// any margin says (a Chess 2024 cannon shot, a Checkered capture that hands pieces over, a Napoleon
    /// turn of several steps), so those variants keep a full-width frontier.
    fn futility_margin(&self) -> Option<i32> {
        None
    }
}

/// A repetition key's bytes mixed eight at a time, then finalised.
pub fn hash_key(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h ^ u64::from_le_bytes(last)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^= h >> 32;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 29)
}
