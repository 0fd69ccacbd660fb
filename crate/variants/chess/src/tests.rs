//! Unit tests of orthodox chess: moves, notation and positions.

use super::*;

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("test FEN is valid")
}

fn sans(p: &Chess) -> Vec<String> {
    let mut actions = Vec::new();
    p.actions(&mut actions);
    actions.iter().map(|&a| p.info(a).name).collect()
}

#[test]
fn start_fen_round_trips() {
    assert_eq!(Chess::start().fen(), START_FEN);
    assert_eq!(Chess::start().perft(1), 20);
}

#[test]
fn actions_are_sorted_and_unique() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut a = Vec::new();
    p.actions(&mut a);
    assert_eq!(a.len(), 48);
    assert!(a.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn san_names_with_disambiguation_castling_promotion_and_mate() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let names = sans(&p);
    for expected in ["O-O", "O-O-O", "Nxd7", "Qxf6", "Rb1", "Bxa6", "d6", "gxh3", "Ng4"] {
        assert!(names.contains(&expected.to_string()), "{expected} missing from {names:?}");
    }
    let promo = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let names = sans(&promo);
    assert!(names.contains(&"a8=Q".to_string()) && names.contains(&"a8=N".to_string()));
    let knights = pos("k7/8/8/8/8/8/8/KN3N2 w - - 0 1");
    assert!(sans(&knights).contains(&"Nbd2".to_string()));
    let rooks = pos("1k6/8/R7/8/8/8/8/R6K w - - 0 1");
    assert!(sans(&rooks).contains(&"R6a3".to_string()));
    let mate = pos("6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1");
    assert!(sans(&mate).contains(&"Re8#".to_string()));
}

#[test]
fn outcomes() {
    let mated = pos("4R1k1/5ppp/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(mated.outcome(), Some(Outcome::win(WHITE, EndReason::Checkmate)));
    let stalemate = pos("7k/5Q2/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(stalemate.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    let fifty = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(fifty.outcome(), Some(Outcome::draw(EndReason::NoProgress)));
    for dead in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",
    ] {
        assert_eq!(pos(dead).outcome(), Some(Outcome::draw(EndReason::InsufficientMaterial)), "{dead}");
    }
    for alive in
        ["3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
    {
        assert_eq!(pos(alive).outcome(), None, "{alive}");
    }
}

#[test]
fn fen_errors_list_every_problem() {
    let err = Chess::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNX x KQkq - 0 1").expect_err("invalid");
    assert_eq!(err.code, ErrorCode::BadPosition);
    assert!(err.message.contains("unknown character 'X'"), "{}", err.message);
    assert!(err.message.contains("side to move"), "{}", err.message);
    for bad in [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1x",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - a1 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - h8 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - i9 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
    ] {
        assert!(Chess::from_fen(bad).is_err(), "{bad}");
    }
}

#[test]
fn ep_square_written_only_when_capturable() {
    let mut p = Chess::start();
    p.play(Action(0x14_34_00)).expect("e2e4");
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let q = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let mut r = q.clone();
    r.play(Action(0x14_34_00)).expect("e2e4");
    assert_eq!(r.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

/// The horizon's list (captures, en passant and promotions only) is exactly those of the full legal
/// list, in every position two moves deep from the perft suite's tricky starts (pins, checks, en
/// passant, promotions, castling), and the count that tells a stalemate agrees with the full list.
#[test]
fn the_captures_only_list_is_the_full_lists_captures_and_promotions() {
    fn check(p: &Chess, depth: u32, seen: &mut usize) {
        let mut all = MoveList::new();
        p.legal_moves(&mut all);
        let mut expected: Vec<Action> = all
            .as_slice()
            .iter()
            .filter(|m| {
                p.by_color[(p.turn ^ 1) as usize] & (1u64 << m.to) != 0
                    || matches!(m.kind, MoveKind::Promotion(_) | MoveKind::EnPassant)
            })
            .map(|m| m.action())
            .collect();
        let mut captures = Vec::new();
        p.legal_actions(&mut captures, true);
        expected.sort();
        captures.sort();
        assert_eq!(captures, expected, "{}", p.fen());
        let mut listed = Vec::new();
        p.legal_actions(&mut listed, false);
        assert_eq!(listed, all.as_slice().iter().map(|m| m.action()).collect::<Vec<_>>());
        assert_eq!(p.has_legal_move(), !all.is_empty());
        *seen += captures.len();
        if depth > 0 {
            for &m in all.as_slice() {
                let mut next = p.clone();
                next.make(m);
                check(&next, depth - 1, seen);
            }
        }
    }
    let mut seen = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        check(&pos(fen), 2, &mut seen);
    }
    assert!(seen > 10_000, "{seen}");
}
