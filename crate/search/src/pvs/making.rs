//! A searcher made for a position and a level, its table handed back to the player afterwards, and
//! the principal variation it keeps (a triangular table: `pv[ply]` is the best line from the node at
//! `ply`), written only at nodes searched with a full window, so the playing search pays for it at
//! the few nodes of its principal variation; analysis shows it ([`super::lines`]).

use super::{Searcher, Tools, POLL_EVERY};
use crate::quiet_memory::QuietMemory;
use crate::rules::{Action, Position};
use crate::spare::Spare;
use crate::tt::{key_of, Table};
use crate::{Level, Memory};

impl<'a> Searcher<'a> {
    /// A searcher for the seat to decide at `position`, bounded by `level` and `stop`, with the table
    /// its player kept in `memory` where the variant keeps it.
    pub(crate) fn new(
        position: &dyn Position,
        level: &Level,
        stop: &'a mut dyn FnMut() -> bool,
        tools: Tools,
        memory: &mut Memory,
    ) -> Searcher<'a> {
        let seat = position.to_move();
        let max_nodes = match position.turn_nodes(level.max_nodes) {
            // A turn of many decisions shares its own budget, counted in weighted nodes throughout.
            Some(_) => level.max_nodes / position.node_weight().max(1),
            None => crate::variant_nodes(level.max_nodes, position.node_weight()),
        };
        let slots = max_nodes.min(1 << 18) as usize;
        Searcher {
            seat,
            max_nodes,
            quiescence_depth: if level.quiescence { position.quiescence_depth() } else { 0 },
            stop,
            nodes: 0,
            stopped: false,
            next_poll: POLL_EVERY,
            may_stop: false,
            budgeted: false,
            quiet: QuietMemory::new(position.forgetful_history(), position.answer_history()),
            // About one entry per node of the budget, up to 2^18 (6 MiB): the search's own, or the one
            // its player kept from the last decision where the variant keeps it.
            table: if position.keeps_table() { memory.table(seat, slots) } else { Table::new(slots) },
            tools,
            max_ply: 2,
            path: vec![key_of(position)],
            twice_seen: memory.twice_seen().to_vec(),
            line: Vec::new(),
            null_child: u32::MAX,
            spare: Spare::default(),
            deep_reductions: position.futility_margin().is_some(),
            pv: Vec::new(),
        }
    }

    /// Hands the table back to the player's `memory` where the variant keeps it.
    pub(crate) fn keep_table(self, position: &dyn Position, memory: &mut Memory) {
        if position.keeps_table() {
            memory.keep(self.seat, self.table);
        }
    }

    /// Forgets the line below `ply` (before a child is searched with a full window).
    #[inline]
    pub(super) fn clear_line(&mut self, ply: u32) {
        if let Some(line) = self.pv.get_mut(ply as usize) {
            line.clear();
        }
    }

    /// `action` followed by the line its child at `ply + 1` found becomes the line at `ply`.
    pub(super) fn extend_line(&mut self, ply: u32, action: Action) {
        let p = ply as usize;
        if self.pv.len() < p + 2 {
            self.pv.resize_with(p + 2, Vec::new);
        }
        let (head, tail) = self.pv.split_at_mut(p + 1);
        let line = &mut head[p];
        line.clear();
        line.push(action);
        line.extend_from_slice(&tail[0]);
    }
}
