//! What the computer's search asks of Napoleon: its evaluation and capture gains.

use super::*;

impl Napoleon {
    /// The evaluation: material, with men outside valid groups at half value
    /// (they are lost or cost a switch unless they rejoin) and a king outside a valid group at a pawn
    /// and a half less: group cohesion.
    fn material_and_cohesion(&self, seat: rules::Seat) -> i32 {
        // One flood fill per group, each man valued as its group's size says (a quarter of the
        // search's time went here when the groups were marked first and the board scanned again).
        const VALUES: [i32; 6] = pieces::values(&KINDS);
        let board = self.board();
        let mut seen = [false; 256];
        let mut group = Vec::with_capacity(64);
        let mut score = 0;
        for start in 0..=255u8 {
            let cell = board.cells[start as usize];
            if cell == 0 || seen[start as usize] {
                continue;
            }
            let owner = (cell - 1) / 8;
            board.flood(Square(start), owner, &mut seen, &mut group);
            if self.is_out(owner) {
                continue;
            }
            let valid = group.len() >= 3;
            let worth: i32 = group
                .iter()
                .map(|sq| {
                    let kind = (board.cells[sq.0 as usize] - 1) % 8;
                    let value = VALUES[kind as usize];
                    if valid {
                        value
                    } else if kind == KING {
                        -150
                    } else {
                        value / 2
                    }
                })
                .sum();
            score += if owner == seat { worth } else { -worth };
        }
        score
    }
}

/// What taking `victim` with `mover` is worth to the search's ordering and horizon: the victim's value
/// less a tenth of the taker's. Taking a king is worth something here (a player loses a king's group,
/// not the game).
fn gain(mover: Man, victim: Man) -> i32 {
    const VALUES: [i32; 6] = {
        let mut values = pieces::values(&KINDS);
        values[KING as usize] = 300;
        values
    };
    VALUES[victim.kind as usize] - VALUES[mover.kind as usize] / 10
}

/// The largest level budget a Napoleon turn is sized from (see [`SearchTuning::turn_nodes`]): the
/// budget of the level the four-player round of three computers was measured at (under 3 s in the
/// browser). The levels above it spend more time a move elsewhere, not here.
const ROUND_LEVEL_NODES: u64 = 300_000;

/// A four-player turn's budget, in decisions of the level ([`ROUND_LEVEL_NODES`] at most). It was half a
/// decision (the round of three turns one and a half, as a two-player turn), and the Strongest scored
/// 47% against the old search (12-15-23, `match napoleon 14 old5 --setting 1 --turns 40 --games 50
/// --seed 5001`) while a round took a fraction of its 3 s. Six times that, three decisions, is what a
/// round of three computers can afford: rounds of 0.7-1.9 s in the browser (`node
/// scripts/napoleon-round.mjs`, 53 rounds), the slowest of 160 rounds 1.84 s natively
/// (`napoleon_round_native 20 8 101`, where the wasm takes about 1.5 times as long).
///
/// Searched decision by decision it did not make the Strongest stronger against the old search, which
/// takes the same turn: 21-31-48 (45%) over 100 games (`match napoleon 14 old5 --setting 1 --turns 40
/// --games 100 --threads 2 --seed 5001`), 44-47-9 (48.5%) with games played to 200 turns; with the old
/// search kept at the old half decision, 26-28-46 (48%). A search of a few decisions ends inside its
/// own turn. The Master and the Strongest now spend it on a plan of the whole turn that plays the
/// other players' replies ([`SearchTuning::plans_turns`]): 47-6-47 (70.5%) on the same games, 53-4-43
/// (74.5%) on the next hundred (`--seed 5101`).
const FOUR_PLAYER_TURN: u64 = 3;

impl SearchTuning for Napoleon {
    /// Material and group cohesion (see [`Napoleon::material_and_cohesion`]).
    fn evaluate(&self, seat: rules::Seat) -> i32 {
        self.material_and_cohesion(seat)
    }

    /// A destination onto another player's man; and, with two players, a pick of a man that can
    /// capture, while the move phase still allows its one capture, as the best capture it could make.
    /// A pick changes nothing by itself, but counted as a capture the search's horizon (quiescence,
    /// captures only) follows it to its capture, so a threat to take a man, a pick and a destination
    /// away, no longer stays out of sight at the leaves. Two players: 56% against the same search
    /// without it (200 games, `match napoleon 13:trial=32 13 --turns 40 --seed 6001` with the trials
    /// build of the day), and 63.5% against the old search where that search scored 60% (seeds
    /// 5001-5100). Not with four: the paranoid search takes every other player's capture as aimed at
    /// the searching one, and seeing more of them did not help (47.5% against the same search without
    /// it over 100 games; 41.5% against the old search where it scored 46%).
    fn capture_gain(&self, action: rules::Action) -> Option<i32> {
        let Stage::Play { turn, selected } = &self.stage else { return None };
        let tag = action.0 & !0xffff;
        let sq = Square((action.0 & 0xff) as u8);
        match selected {
            None if tag == TAG_SELECT && self.players == 2 => {
                let Phase::Move { captured: false, .. } = turn.phase else { return None };
                let mover = turn.board.get(sq)?;
                let mut best = None;
                turn.board.each_capturable(sq, |victim| best = best.max(Some(gain(mover, victim))));
                best
            }
            Some(from) if tag == TAG_DEST => {
                let mover = turn.board.get(*from)?;
                let victim = turn.board.get(sq).filter(|v| v.seat != mover.seat)?;
                Some(gain(mover, victim))
            }
            _ => None,
        }
    }

    /// With two players, ending the move phase where it is an option (see
    /// [`rules::TurnSteps::out_of_time`]): a leaf in the middle of a turn stood for the turn ending as
    /// it stands with nobody answering, so a man left where the next player takes it looked safe.
    /// Played out, the next player's captures answer (counted as their picks, see `capture_gain`): 58%
    /// against the same search without it (200 games, `match napoleon 13:trial=96 13:trial=32 --turns
    /// 40 --seed 6001` with the trials build of the day), its leaves about half a decision shallower in
    /// the same nodes; with the pick's capture, 67.5% against the old search (seeds 5001-5100, where the
    /// search without either scored 60%). Four players: 50.5% against the same search without it over
    /// 100 games, so their horizon stays as it was.
    fn stand_pat_action(&self) -> Option<rules::Action> {
        (self.players == 2).then(|| rules::TurnSteps::out_of_time(self)).flatten()
    }

    /// With two players: 56% against the same search without it over 200 games (`match napoleon
    /// 13:trial=1 13 --turns 40 --seed 6001` in the trials build of the day, both with the horizon's
    /// pick captures and turn ends). Four players: 51% over 88 games, so they keep the history as it was.
    fn forgetful_history(&self) -> bool {
        self.players == 2
    }

    /// What a node costs against orthodox chess, times 3 because a turn is several decisions (pick,
    /// destination, end of a step), each searched on its own: a turn then takes about the time of a
    /// chess move. Measured natively at the Strongest level on the same machine under the same load
    /// (CPU time, runs interleaved): Napoleon's search 363,000 nodes a second over 155 turns of
    /// `napoleon_turns` (two and four players, seeds 1-4), chess's 589,000 over six positions of
    /// `chessfront think chess --level 13`: 1.6 times dearer, so 5. It was 12 (measured in wasm, about
    /// 4 times 3) until the evaluation and the listing of picks got cheaper: the same measure gave
    /// 169,000 nodes a second before them (10.5).
    ///
    /// Two players: 7, since the horizon's turn ends ([`SearchTuning::stand_pat_action`]) each play a
    /// turn's end and the next player's game-end check. Measured natively, the three searches side by
    /// side on the same seeds (`match napoleon 13:trial=<n> 13:trial=<n> --turns 20 --games 6 --seed
    /// 5021` in the trials build of the day): 0.88 µs a node without them, 0.88 with the pick's
    /// capture, 1.25 with both (1.43 times dearer), so the turn takes about the time it took.
    fn node_weight(&self) -> u64 {
        if self.players == 2 {
            7
        } else {
            5
        }
    }

    /// The next player's game-end check, when the decision played ended a turn ([`Work`]): its
    /// decisions at a third of a node each (measured natively: a decision of the turn search about 4
    /// µs, a search node about 12).
    fn play_work(&self) -> u64 {
        self.work.0 / 3
    }

    /// Forgets the game-end verdicts remembered (see [`Napoleon::proved_without_legal_turn`]).
    fn search_begins(&self) {
        Napoleon::forget_verdicts();
    }

    /// Four players: the levels whose turn is the round's full budget ([`ROUND_LEVEL_NODES`]: the Master
    /// and the Strongest) choose each turn whole, after the other players' replies
    /// ([`crate::rules::SearchTuning::plans_turns`]); a plan costs about that turn's nodes, and
    /// cut shorter it would try only the first few men. In check too: leaving those turns to the search
    /// of decisions scored 65.5% against the old search where planning them scored 70-70.5% (100 games
    /// each, [`FOUR_PLAYER_TURN`]'s match). Two players keep the search of decisions, whose horizon
    /// already plays the next player's captures (`stand_pat_action`).
    fn plans_turns(&self, level_nodes: u64) -> bool {
        self.players > 2 && level_nodes >= ROUND_LEVEL_NODES && level_nodes != u64::MAX
    }

    /// A turn here is many searched decisions (a pick and a destination per man moved, the end of each
    /// step, the switches), so a budgeted level bounds the whole turn (the search's `TurnBudget`):
    /// with two players, one and a half times the level's budget for one decision; with four, each of
    /// the round's three turns gets [`FOUR_PLAYER_TURN`] times it. The Strongest level's four-player
    /// turn is 900,000 weighted nodes (180,000 of Napoleon's), aimed at a round of three computers
    /// under 3 s in the browser; each decision searched with the level's own budget, a turn
    /// took 6 to 16 times 300,000. The budget
    /// counts the turn's game-end and dead-end checks too (see the search's `TurnBudget`): before,
    /// most rounds took 0.5-1.9 s in the browser, but now and then a turn spent 3-9 s in those checks
    /// (natively, a turn at a lost position 5.7 s of dead-end checks, a turn whose searches met hard
    /// game-end checks 1 s of them). Levels without a node budget are left as they are. Levels above
    /// [`ROUND_LEVEL_NODES`] (the ladder's top, which takes a second a decision in the other variants)
    /// take that budget's turn: the round's time is the bound here.
    fn turn_nodes(&self, level_nodes: u64) -> Option<u64> {
        let decision = level_nodes.min(ROUND_LEVEL_NODES);
        let turn = if self.players == 2 { decision / 2 * 3 } else { decision * FOUR_PLAYER_TURN };
        (level_nodes != u64::MAX).then_some(turn)
    }
}
