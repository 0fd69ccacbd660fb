//! The live state as the stored game keeps it: one line of `;`-separated fields, version first.
//! What does not outlive the page (a takeback asked for, a rematch offered, the open channel) is not
//! written; an open channel is read back as dropped. A text that does not read is no live state.

use super::clock::Clocks;
use super::{Connection, Live};
use chessfront_game::live::TimeControl;

fn connection(name: &str) -> Option<Connection> {
    Some(match name {
        "waiting" => Connection::Waiting,
        // The channel does not outlive the page.
        "connected" | "disconnected" => Connection::Disconnected,
        "links" => Connection::Links,
        _ => return None,
    })
}

fn seat_or_none(text: &str) -> Option<Option<u8>> {
    if text == "-" {
        Some(None)
    } else {
        text.parse().ok().filter(|&s: &u8| s < 4).map(Some)
    }
}

/// What of a stored text lasts beyond the page that wrote it: the text as another page reads it back
/// (an open channel read as dropped). Two tabs that differ only in whether they hold the channel
/// have nothing to write to each other; each writing its own view would overwrite the other's copy.
#[cfg(feature = "live")]
pub(crate) fn lasting(text: &str) -> String {
    Live::from_text(text).map_or_else(|| text.to_string(), |live| live.to_text())
}

impl Live {
    /// The stored text.
    pub fn to_text(&self) -> String {
        let clocks = match &self.clocks {
            None => "-;-;-;-;-;-;-".to_string(),
            Some(c) => format!(
                "{};{};{};{};{};{};{}",
                c.control.base_ms,
                c.control.increment_ms,
                c.remaining.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
                c.running.map_or("-".into(), |s| s.to_string()),
                c.since,
                c.granted,
                u8::from(c.stopped)
            ),
        };
        let peers: Vec<String> = self.peers.iter().map(|(s, c)| format!("{s}:{}", c.name())).collect();
        format!(
            "1;{clocks};{};{};{};{};{}",
            self.connection.name(),
            self.takebacks,
            self.flagged.map_or("-".into(), |s| s.to_string()),
            self.seen,
            peers.join(",")
        )
    }

    /// Reads [`Live::to_text`]'s text; `None` for anything else.
    pub fn from_text(text: &str) -> Option<Live> {
        let f: Vec<&str> = text.split(';').collect();
        let [version, base, inc, remaining, running, since, granted, stopped, conn, takebacks, flagged, seen, peers] =
            f[..]
        else {
            return None;
        };
        if version != "1" {
            return None;
        }
        let clocks = if base == "-" {
            None
        } else {
            let control = TimeControl::new(base.parse().ok()?, inc.parse().ok()?).ok()?;
            let remaining: Vec<u64> = remaining.split(',').map(|n| n.parse().ok()).collect::<Option<_>>()?;
            let running = seat_or_none(running)?.filter(|&s| (s as usize) < remaining.len());
            Some(Clocks {
                control,
                remaining,
                running,
                since: since.parse().ok()?,
                granted: granted.parse().ok()?,
                stopped: match stopped {
                    "0" => false,
                    "1" => true,
                    _ => return None,
                },
            })
        };
        let peers = if peers.is_empty() {
            Vec::new()
        } else {
            peers
                .split(',')
                .map(|p| {
                    let (seat, state) = p.split_once(':')?;
                    Some((seat_or_none(seat)??, connection(state)?))
                })
                .collect::<Option<Vec<_>>>()?
        };
        let mut live = Live::new(None, 0, seen.parse().ok()?, clocks.as_ref().map_or(0, |c| c.since));
        live.clocks = clocks;
        live.connection = connection(conn)?;
        live.takebacks = takebacks.parse().ok()?;
        live.flagged = seat_or_none(flagged)?;
        live.peers = peers;
        Some(live)
    }
}
