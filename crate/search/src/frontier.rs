//! What futility pruning says of a node near the horizon: search it all, cut it, or skip some of its
//! quiet actions (see `Searcher::frontier` in [`super::pvs`]).

use super::pvs::INF;

/// What futility says of a node (see `Searcher::frontier` in [`super::pvs`]).
#[derive(Clone, Copy)]
pub(super) enum Frontier {
    /// Search it all.
    Open,
    /// The static value stands so far above beta that no quiet answer will bring it down: cut.
    Above(i32),
    /// Near the horizon: quiet actions that do not give check are skipped when even the margin cannot
    /// lift the static value to alpha (`hopeless`: the value to count instead), and after the first
    /// `late_after` in the order (late-move pruning: the ordering put the promising ones first).
    Near { hopeless: Option<i32>, late_after: i32 },
}

impl Frontier {
    /// For the `i`-th action, quiet: `Some(value)` when it is skipped, counted as `value`.
    pub(super) fn prunes(self, i: usize, gives_check: impl FnOnce() -> bool) -> Option<i32> {
        let Frontier::Near { hopeless, late_after } = self else {
            return None;
        };
        if hopeless.is_none() && (i as i32) < late_after {
            return None;
        }
        if gives_check() {
            return None;
        }
        Some(hopeless.unwrap_or(-INF))
    }
}
