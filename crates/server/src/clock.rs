//! Clocks: a time bank with an increment (Fischer) or a limit per decision, kept as deadlines
//! in the table's row so that they survive a restart.

use serde::{Deserialize, Serialize};

/// A table's clock settings, chosen at creation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum ClockSettings {
    /// Each seat has `bank_ms` for the whole game and gains `increment_ms` after each of its
    /// decisions.
    Bank {
        /// The starting bank, in milliseconds.
        bank_ms: u64,
        /// Added after each decision, in milliseconds.
        increment_ms: u64,
    },
    /// Each decision must be taken within `limit_ms`.
    PerDecision {
        /// The limit, in milliseconds.
        limit_ms: u64,
    },
}

/// Time given back to a player who returns to a seat whose time ran out.
pub const RETURN_GRACE_MS: u64 = 30_000;

/// The most a clock setting may be (a week), so deadlines stay far from overflow.
const MAX_MS: u64 = 7 * 24 * 3600 * 1000;

impl ClockSettings {
    /// Checks the settings; the message says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        let (low, high) = match *self {
            ClockSettings::Bank {
                bank_ms,
                increment_ms,
            } => (bank_ms, bank_ms.max(increment_ms)),
            ClockSettings::PerDecision { limit_ms } => (limit_ms, limit_ms),
        };
        if low == 0 || high > MAX_MS {
            return Err(format!(
                "a clock needs a time above 0 and at most {MAX_MS} ms (a week)"
            ));
        }
        Ok(())
    }
}

/// The clocks' state, persisted with every decision.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Each seat's bank in milliseconds (with a per-decision limit: the limit).
    pub remaining_ms: Vec<u64>,
    /// The seat whose time is running, if any.
    pub running: Option<u8>,
    /// When its turn started (ms since the epoch).
    pub since_ms: i64,
    /// When its time runs out (ms since the epoch).
    pub deadline_ms: Option<i64>,
}

impl Clocks {
    /// Full banks for `players`.
    pub fn new(settings: &ClockSettings, players: usize) -> Clocks {
        let start = match *settings {
            ClockSettings::Bank { bank_ms, .. } => bank_ms,
            ClockSettings::PerDecision { limit_ms } => limit_ms,
        };
        Clocks {
            remaining_ms: vec![start; players],
            ..Clocks::default()
        }
    }

    /// `seat` decided at `now`: its time used is taken from its bank and the increment added.
    pub fn stop(&mut self, settings: &ClockSettings, seat: u8, now: i64) {
        if self.running != Some(seat) {
            return;
        }
        let used = u64::try_from(now - self.since_ms).unwrap_or(0);
        if let (ClockSettings::Bank { increment_ms, .. }, Some(bank)) =
            (settings, self.remaining_ms.get_mut(usize::from(seat)))
        {
            *bank = bank.saturating_sub(used).saturating_add(*increment_ms);
        }
        self.running = None;
        self.deadline_ms = None;
    }

    /// Starts `seat`'s time at `now` (or stops every clock with `None`).
    pub fn start(&mut self, settings: &ClockSettings, seat: Option<u8>, now: i64) {
        self.running = seat;
        self.since_ms = now;
        self.deadline_ms = seat.map(|s| {
            let ms = match *settings {
                ClockSettings::Bank { .. } => {
                    self.remaining_ms.get(usize::from(s)).copied().unwrap_or(0)
                }
                ClockSettings::PerDecision { limit_ms } => limit_ms,
            };
            now + ms as i64
        });
    }

    /// A returning player's bank, so that their time does not run out again at once.
    pub fn grace(&mut self, seat: u8) {
        if let Some(bank) = self.remaining_ms.get_mut(usize::from(seat)) {
            *bank = (*bank).max(RETURN_GRACE_MS);
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_loses_the_time_used_and_gains_the_increment() {
        let s = ClockSettings::Bank {
            bank_ms: 60_000,
            increment_ms: 5_000,
        };
        let mut c = Clocks::new(&s, 2);
        c.start(&s, Some(0), 1_000);
        assert_eq!(c.deadline_ms, Some(61_000));
        c.stop(&s, 0, 11_000);
        // 60 s - 10 s used + 5 s increment.
        assert_eq!(c.remaining_ms, vec![55_000, 60_000]);
        c.start(&s, Some(1), 11_000);
        assert_eq!(c.deadline_ms, Some(71_000));
    }

    #[test]
    fn a_per_decision_limit_resets_every_turn() {
        let s = ClockSettings::PerDecision { limit_ms: 20_000 };
        let mut c = Clocks::new(&s, 2);
        c.start(&s, Some(1), 0);
        c.stop(&s, 1, 19_000);
        c.start(&s, Some(1), 19_000);
        assert_eq!(c.deadline_ms, Some(39_000));
        assert!(ClockSettings::PerDecision { limit_ms: 0 }
            .validate()
            .is_err());
    }
}
