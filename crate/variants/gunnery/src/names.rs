//! Move names: SAN for orthodox moves, `e3*e7` for a cannon shot, checks by Gunnery's attacks.

use super::*;

impl Gunnery {
    /// The move's name: SAN for orthodox moves, `e3*e7` for a cannon shot; `+`/`#` by Gunnery checks.
    pub fn name(&self, m: GunneryMove) -> String {
        let legal = self.legal_moves();
        let mut name = match m {
            GunneryMove::Orthodox(om) => self.board.san_body(om, &moves::orthodox_moves(&legal)),
            GunneryMove::Shot { from, to } => format!("{}*{}", to_square(from), to_square(to)),
        };
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            name.push(if after.legal_moves().is_empty() { '#' } else { '+' });
        }
        name
    }
}
