//! The fast paths (legality on bitboards or from the pieces shielding the king, a move found among its
//! piece's moves, the game-end test that stops at the first legal move, en passant in the repetition key
//! from the pawns beside) agree with the plain way of doing each (make every move on a copy, list every
//! legal move) in positions from random games, both stages.

use super::*;

/// The plain legality test: the move made on a copy of the whole position.
fn plain_is_legal(p: &Checkered, m: CMove) -> bool {
    let us = p.turn;
    let mut after = p.clone();
    after.make(m);
    match p.stage {
        Stage::One => {
            let capture = p.piece(m.to).is_some() || matches!(m.special, Special::EnPassant(_));
            let undoes = !capture && m.color == CHECKERED && p.last_checkered_move == Some((m.to, m.from));
            !undoes && !after.king_attacked(us)
        }
        Stage::Two { checkered_side } if checkered_side == us => true,
        Stage::Two { .. } => !after.king_attacked(WHITE) && !after.king_attacked(BLACK),
    }
}

fn plain_legal_moves(p: &Checkered) -> Vec<CMove> {
    let mut moves = Vec::new();
    p.pseudo_moves(&mut moves);
    moves.retain(|&m| plain_is_legal(p, m));
    moves.extend(p.switch_move());
    moves
}

fn check_position(p: &Checkered) {
    let mut pseudo = Vec::new();
    p.pseudo_moves(&mut pseudo);
    let plain = plain_legal_moves(p);
    assert_eq!(p.legal_moves(), plain, "{}", p.fen());
    let board_moves = plain.iter().filter(|m| m.special != Special::Switch).count();
    assert_eq!(p.has_legal_board_move(), board_moves > 0, "{}", p.fen());
    for &m in pseudo.iter().chain(&plain) {
        let action = p.action_of(m);
        let plain_found = plain.iter().copied().find(|&o| p.action_of(o) == action);
        assert_eq!(p.move_of(action), plain_found, "{} {:?}", p.fen(), m);
    }
    assert_eq!(p.move_of(Action(0x00ff_ff01)), None);
    let legality = p.legality();
    for &m in &pseudo {
        assert_eq!(p.is_legal_with(legality, m), plain_is_legal(p, m), "{} {:?}", p.fen(), m);
    }
    let in_check = !p.checked_kings().is_empty();
    assert_eq!(SearchTuning::in_check(p), in_check, "{}", p.fen());
    if p.ep.is_some() {
        let plain_ep = pseudo.iter().any(|m| matches!(m.special, Special::EnPassant(_)) && plain_is_legal(p, *m));
        let key = p.repetition_key();
        let ep_byte = key[64 + 1 + 4 + 2];
        assert_eq!(ep_byte != 0xff, plain_ep, "{}", p.fen());
    }
    assert!(p.repetition_key().ends_with(p.stage_text().as_bytes()));
}

#[test]
fn fast_paths_agree_with_the_plain_ones_in_random_games() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut positions, mut second_stage, mut en_passant) = (0, 0, 0);
    for game in 0..150 {
        let mut p = Checkered::start(game % 4 != 3);
        for _ in 0..160 {
            check_position(&p);
            positions += 1;
            second_stage += usize::from(p.stage != Stage::One);
            en_passant += usize::from(p.ep.is_some());
            let moves = p.legal_moves();
            if moves.is_empty() || p.halfmove_clock >= 100 {
                break;
            }
            // Captures and the switch often, so that games reach checkered pieces and stage 2.
            let special: Vec<CMove> = moves
                .iter()
                .copied()
                .filter(|m| m.special == Special::Switch || p.piece(m.to).is_some() || m.special == Special::DoubleStep)
                .collect();
            let pool = if !special.is_empty() && next() % 2 == 0 { &special } else { &moves };
            let m = pool[(next() % pool.len() as u64) as usize];
            p.make(m);
        }
    }
    assert!(positions > 3000 && second_stage > 200 && en_passant > 100, "{positions} {second_stage} {en_passant}");
}
