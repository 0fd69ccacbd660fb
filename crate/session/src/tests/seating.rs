//! Who sits where beside the board: the seat at the bottom, whichever way the player turns the board.

use super::*;

#[test]
fn the_players_lines_put_a_seat_at_the_bottom_whichever_way_the_board_is_turned() {
    let (mut black, _) = browser(17);
    link_game(&mut black, "chess", 1, None);
    assert_eq!(
        black.presentation(None).expect("a game").bottom_seats,
        [0, 1],
        "two players: the side nearest, upright or turned"
    );
    let (mut four, _) = browser(18);
    let spec = NewGame {
        variant: "napoleon".into(),
        mode: Mode::Link { seat: 2 },
        settings: Some(vec![1]),
        setup: Some("Kr14Kb/PrPr12PbPb/16/16/16/16/16/16/16/16/16/16/16/16/PwPw12PuPu/Kw14Ku w - 0 1".into()),
    };
    four.new_game(spec).expect("four players");
    assert_eq!(
        four.presentation(None).expect("a game").bottom_seats,
        [2, 2],
        "four players: the player's own seat, however turned"
    );
}
