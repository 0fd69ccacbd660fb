use super::*;
use clock::Turn;

fn sample() -> Live {
    let control = TimeControl { base_ms: 300_000, increment_ms: 3_000 };
    let mut live = Live::new(Some(control), 2, 4, 1_000);
    if let Some(c) = live.clocks.as_mut() {
        c.local_decision(0, Turn { to_move: Some(1), timed: true }, 1_000);
        c.received(1, Some(299_000), Turn { to_move: Some(0), timed: true }, 3_000);
    }
    live.takebacks = 2;
    live.seen = 7;
    live.set_connection(Some(1), Connection::Connected);
    live
}

#[test]
fn the_stored_text_round_trips_and_an_open_channel_reads_back_as_dropped() {
    let live = sample();
    let text = live.to_text();
    let back = Live::from_text(&text).expect("reads");
    assert_eq!(back.clocks, live.clocks);
    assert_eq!((back.takebacks, back.seen, back.flagged), (2, 7, None));
    assert_eq!(back.connection, Connection::Disconnected, "a channel does not outlive the page");
    assert_eq!(back.peers, [(1, Connection::Disconnected)]);
    let untimed = Live { flagged: Some(1), ..Live::new(None, 4, 0, 5) };
    let back = Live::from_text(&untimed.to_text()).expect("reads");
    assert_eq!((back.clocks, back.flagged, back.connection), (None, Some(1), Connection::Waiting));
    let links = Live { connection: Connection::Links, ..sample() };
    assert_eq!(Live::from_text(&links.to_text()).map(|l| l.connection), Some(Connection::Links));
}

#[test]
fn a_damaged_stored_text_is_no_live_state() {
    let good = sample().to_text();
    let fields: Vec<&str> = good.split(';').collect();
    for i in 0..fields.len() {
        for bad in ["x", "-1", "9"] {
            let mut f = fields.clone();
            f[i] = bad;
            let text = f.join(";");
            // Some fields take "9" or "-" (a count, a seat absent); none takes "x" or "-1".
            if bad != "9" {
                assert!(Live::from_text(&text).is_none() || fields[i] == bad, "field {i} = {bad}: {text}");
            }
        }
    }
    for text in ["", "2;-;-;-;-;-;-;-;waiting;0;-;0;", "1;-", &format!("{good};")] {
        assert!(Live::from_text(text).is_none(), "{text}");
    }
}

#[test]
fn the_game_is_connected_while_any_channel_is_open() {
    let mut live = Live::new(None, 4, 0, 0);
    live.set_connection(Some(1), Connection::Connected);
    live.set_connection(Some(2), Connection::Connected);
    live.set_connection(Some(1), Connection::Disconnected);
    assert_eq!(live.connection, Connection::Connected);
    live.set_connection(Some(2), Connection::Disconnected);
    assert_eq!(live.connection, Connection::Disconnected);
    live.set_connection(None, Connection::Links);
    assert!(live.peers.iter().all(|(_, c)| *c == Connection::Links) && live.connection == Connection::Links);
}
