//! `use_countdown`: seconds left until an instant, ticking in the browser (a quote's
//! `expires_at`). The arithmetic is a plain function with native tests.
//!
//! Usage:
//! ```ignore
//! let countdown = use_countdown(quote.expires_at);
//! view! { <span role="timer">{move || format_countdown(countdown.seconds_left.get())}</span> }
//! ```

use std::time::Duration;

use chrono::{DateTime, Utc};
use leptos::prelude::*;

/// Whole seconds from `now` until `until` (rounded up, never negative).
pub fn seconds_until(until: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    let millis = until.signed_duration_since(now).num_milliseconds();
    if millis <= 0 {
        0
    } else {
        (millis + 999) / 1000
    }
}

/// `m:ss` (`0:27`, `1:05`).
pub fn format_countdown(seconds: i64) -> String {
    let s = seconds.max(0);
    format!("{}:{:02}", s / 60, s % 60)
}

/// What [`use_countdown`] returns.
#[derive(Debug, Clone, Copy)]
pub struct Countdown {
    /// Seconds left (`None` when there is no deadline).
    pub seconds_left: ReadSignal<Option<i64>>,
    /// Whether the deadline has passed (false without a deadline).
    pub expired: Signal<bool>,
}

/// Ticks four times a second until `until` has passed; the timer stops when the calling
/// component is dropped.
pub fn use_countdown(until: Option<DateTime<Utc>>) -> Countdown {
    let left = move || until.map(|t| seconds_until(t, Utc::now()));
    let (seconds_left, set_seconds_left) = signal(left());
    if until.is_some() {
        if let Ok(handle) = set_interval_with_handle(
            move || {
                let now = left();
                if seconds_left.get_untracked() != now {
                    set_seconds_left.set(now);
                }
            },
            Duration::from_millis(250),
        ) {
            on_cleanup(move || handle.clear());
        }
    }
    let expired = Signal::derive(move || seconds_left.get() == Some(0));
    Countdown {
        seconds_left,
        expired,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn counts_down_in_whole_seconds() {
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 9, 0, 30).unwrap();
        let now = Utc.with_ymd_and_hms(2026, 5, 4, 9, 0, 0).unwrap();
        assert_eq!(seconds_until(t, now), 30);
        assert_eq!(
            seconds_until(t, now + chrono::Duration::milliseconds(29_001)),
            1
        );
        assert_eq!(seconds_until(t, now + chrono::Duration::seconds(31)), 0);
        assert_eq!(format_countdown(27), "0:27");
        assert_eq!(format_countdown(65), "1:05");
        assert_eq!(format_countdown(-3), "0:00");
    }
}
