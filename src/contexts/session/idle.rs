//! Forgetting the key after a period without activity: the time of the last keyboard,
//! pointer, touch or wheel activity, kept beside the key (so a restored tab can be checked
//! before anything is sent), and the timer that forgets the key once the limit is passed.

use std::time::Duration;

use chrono::{DateTime, Utc};
use leptos::prelude::*;

use super::{Session, ACTIVITY_ITEM};
use crate::contexts::settings::Settings;
use crate::contexts::storage;
use crate::data::write::Writes;
use crate::i18n::{tn, Words};

/// Whether `idle_minutes` have passed between `last_activity` and `now`.
pub(super) fn idle_expired(
    last_activity: DateTime<Utc>,
    now: DateTime<Utc>,
    idle_minutes: u32,
) -> bool {
    now.signed_duration_since(last_activity) >= chrono::Duration::minutes(i64::from(idle_minutes))
}

pub(super) fn idle_notice(minutes: u32) -> Words {
    Words::new(move || {
        tn(
            usize::try_from(minutes).unwrap_or(usize::MAX),
            "The key was forgotten after {n} minute without activity. Paste it again to continue.",
            "The key was forgotten after {n} minutes without activity. Paste it again to continue.",
        )
    })
}

/// Stores the time of the last activity beside the key, as Unix milliseconds (a number
/// needs no date parser in the first load); `false` when the storage refused it.
pub(super) fn note_activity() -> bool {
    storage::try_set(ACTIVITY_ITEM, &Utc::now().timestamp_millis().to_string())
}

/// The last activity this tab's storage holds (the timer counts from it, so a restored tab
/// does not start its idle time again from now), else now.
fn stored_activity() -> DateTime<Utc> {
    storage::get(ACTIVITY_ITEM)
        .and_then(|t| activity_from_text(&t))
        .unwrap_or_else(Utc::now)
}

/// Reads what [`note_activity`] stored.
pub(super) fn activity_from_text(text: &str) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp_millis(text.trim().parse().ok()?)
}

/// Forgets the key after the idle time set in Settings without keyboard, pointer, touch or
/// wheel activity — but never while a write is waiting for its answer. Call once, inside the
/// router (it navigates to `/connect`).
///
/// Usage: `use_idle_forget(session, settings, writes);` in the layout component.
pub fn use_idle_forget(session: Session, settings: Settings, writes: Writes) {
    let last_activity = StoredValue::new(stored_activity());
    let touch = move || {
        let now = Utc::now();
        // Storage is written at most every 5 s.
        if now.signed_duration_since(last_activity.get_value()) > chrono::Duration::seconds(5) {
            let _ = note_activity();
        }
        last_activity.set_value(now);
    };
    // The handles live as long as the app; they are never removed.
    let _ = window_event_listener(leptos::ev::pointerdown, move |_| touch());
    let _ = window_event_listener(leptos::ev::keydown, move |_| touch());
    let _ = window_event_listener(leptos::ev::wheel, move |_| touch());
    let _ = window_event_listener(leptos::ev::touchstart, move |_| touch());
    let navigate = leptos_router::hooks::use_navigate();
    set_interval(
        move || {
            if !session.key.with_untracked(Option::is_some) || writes.in_flight_untracked() {
                last_activity.set_value(Utc::now());
                return;
            }
            let minutes = settings.get_untracked().idle_minutes;
            let set = chrono::Duration::minutes(i64::from(minutes));
            let limit = test_idle_limit().filter(|t| *t < set).unwrap_or(set);
            if Utc::now().signed_duration_since(last_activity.get_value()) >= limit {
                session.forget(Some(idle_notice(minutes)));
                navigate("/connect", Default::default());
            }
        },
        Duration::from_secs(5),
    );
}

/// A shorter idle limit for tests: the `sessionStorage` item `folio.idle_limit_ms` (whole
/// milliseconds, at least 2,000) may only *lower* the limit set in Settings, like the
/// client's test timeouts (`session::shorter`). It holds no secret.
fn test_idle_limit() -> Option<chrono::Duration> {
    let millis: i64 = storage::get("folio.idle_limit_ms")?.trim().parse().ok()?;
    (millis >= 2_000).then(|| chrono::Duration::milliseconds(millis))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn activity_time_round_trips_and_garbage_is_none() {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 20, 0, 0).unwrap();
        let text = at.timestamp_millis().to_string();
        assert_eq!(activity_from_text(&text), Some(at));
        assert_eq!(activity_from_text("2026-11-23T20:00:00Z"), None);
        assert_eq!(activity_from_text(""), None);
        assert_eq!(activity_from_text("99999999999999999999"), None);
    }

    #[test]
    fn the_notice_counts_minutes() {
        assert_eq!(
            idle_notice(1).text(),
            "The key was forgotten after 1 minute without activity. Paste it again to continue."
        );
        assert_eq!(
            idle_notice(30).text(),
            "The key was forgotten after 30 minutes without activity. Paste it again to continue."
        );
    }

    #[test]
    fn idle_time() {
        let start = Utc.with_ymd_and_hms(2026, 1, 1, 10, 0, 0).unwrap();
        let later = Utc.with_ymd_and_hms(2026, 1, 1, 10, 29, 59).unwrap();
        assert!(!idle_expired(start, later, 30));
        let much_later = Utc.with_ymd_and_hms(2026, 1, 1, 10, 30, 0).unwrap();
        assert!(idle_expired(start, much_later, 30));
    }
}
