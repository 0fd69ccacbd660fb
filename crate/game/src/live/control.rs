//! Time controls: a base time and an increment per turn, the presets the dialog offers, and the
//! bounds of a custom one. How the clocks run is the session's policy (`crate/session/src/live/clock.rs`).

use crate::error::{Error, ErrorCode, Result};
use serde::Serialize;

/// A live game's time control, in milliseconds (whole seconds: the invitation carries seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// The longest base time (10 hours) and increment (10 minutes) a custom control may have.
pub const MAX_BASE_MS: u64 = 36_000_000;
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// The presets: 3+2, 5+3, 10+5, 15+10 (minutes + seconds per turn).
pub const PRESETS: [TimeControl; 4] = [
    TimeControl { base_ms: 180_000, increment_ms: 2_000 },
    TimeControl { base_ms: 300_000, increment_ms: 3_000 },
    TimeControl { base_ms: 600_000, increment_ms: 5_000 },
    TimeControl { base_ms: 900_000, increment_ms: 10_000 },
];

impl TimeControl {
    /// A control from the dialog: base 1 s to 10 h, increment 0 to 10 min, both whole seconds.
    pub fn new(base_ms: u64, increment_ms: u64) -> Result<TimeControl> {
        let whole = base_ms % 1000 == 0 && increment_ms % 1000 == 0;
        if !whole || !(1000..=MAX_BASE_MS).contains(&base_ms) || increment_ms > MAX_INCREMENT_MS {
            return Err(Error::bilingual(
                ErrorCode::BadSetting,
                "A time control is 1 second to 10 hours, plus 0 to 10 minutes a move, in whole seconds.",
                "Une cadence va d'une seconde à 10 heures, plus 0 à 10 minutes par coup, en secondes entières.",
            ));
        }
        Ok(TimeControl { base_ms, increment_ms })
    }

    /// Its name as players write it: "5+3" (minutes + seconds), "0:30+0" under a minute, "1:30+5"
    /// for a base that is not whole minutes.
    pub fn name(&self) -> String {
        let (seconds, inc) = (self.base_ms / 1000, self.increment_ms / 1000);
        if seconds % 60 == 0 {
            format!("{}+{inc}", seconds / 60)
        } else {
            format!("{}:{:02}+{inc}", seconds / 60, seconds % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_named_as_players_name_them_and_valid() {
        let names: Vec<String> = PRESETS.iter().map(TimeControl::name).collect();
        assert_eq!(names, ["3+2", "5+3", "10+5", "15+10"]);
        for p in PRESETS {
            assert_eq!(TimeControl::new(p.base_ms, p.increment_ms), Ok(p));
        }
        assert_eq!(TimeControl::new(90_000, 5_000).expect("valid").name(), "1:30+5");
        assert_eq!(TimeControl::new(30_000, 0).expect("valid").name(), "0:30+0");
    }

    #[test]
    fn custom_controls_are_bounded() {
        for (base, inc) in
            [(0, 0), (999, 0), (1500, 0), (MAX_BASE_MS + 1000, 0), (60_000, 500), (60_000, MAX_INCREMENT_MS + 1000)]
        {
            assert_eq!(TimeControl::new(base, inc).expect_err("refused").code, ErrorCode::BadSetting, "{base}+{inc}");
        }
        assert!(TimeControl::new(1000, 0).is_ok() && TimeControl::new(MAX_BASE_MS, MAX_INCREMENT_MS).is_ok());
    }
}
