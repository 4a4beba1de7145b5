//! The legacy API's end: available through 31 January 2027 (UTC), decommissioned after.

use chrono::{DateTime, NaiveDate, Utc};

use crate::ApiError;

/// The last day the legacy API is available (UTC).
pub fn sunset_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2027, 1, 31).expect("valid date")
}

/// Whether the legacy API can still be used, as a banner shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacyAvailability {
    /// Still available; `days_left` whole days after today (0 on 31 January 2027 itself).
    Available {
        /// Days left after today.
        days_left: u32,
    },
    /// Switched off (after 31 January 2027).
    Decommissioned,
}

/// Days left after `today` until the sunset date: 0 on the last day, `None` once it passed.
pub fn days_left(today: NaiveDate) -> Option<u32> {
    u32::try_from(sunset_date().signed_duration_since(today).num_days()).ok()
}

/// The availability at `now` (UTC calendar days).
pub fn availability(now: DateTime<Utc>) -> LegacyAvailability {
    match days_left(now.date_naive()) {
        Some(days_left) => LegacyAvailability::Available { days_left },
        None => LegacyAvailability::Decommissioned,
    }
}

/// Whether a legacy answer means the API is gone: 410 (`api_decommissioned`) or a 404 from
/// the legacy host (a proxy or host that no longer routes it).
pub fn is_gone(error: &ApiError) -> bool {
    matches!(error, ApiError::Gone(_) | ApiError::NotFound(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn counts_down_to_the_last_day() {
        assert_eq!(days_left(day(2027, 1, 31)), Some(0));
        assert_eq!(days_left(day(2027, 1, 30)), Some(1));
        assert_eq!(days_left(day(2026, 12, 31)), Some(31));
        assert_eq!(days_left(day(2026, 5, 4)), Some(272));
        assert_eq!(days_left(day(2027, 2, 1)), None);
        assert_eq!(days_left(NaiveDate::MAX), None);
        assert!(days_left(NaiveDate::MIN).is_some_and(|d| d > 90_000_000));
        let last = Utc.with_ymd_and_hms(2027, 1, 31, 23, 59, 59).unwrap();
        assert_eq!(
            availability(last),
            LegacyAvailability::Available { days_left: 0 }
        );
        let after = Utc.with_ymd_and_hms(2027, 2, 1, 0, 0, 0).unwrap();
        assert_eq!(availability(after), LegacyAvailability::Decommissioned);
    }

    #[test]
    fn gone_and_not_found_mean_decommissioned() {
        let gone = ApiError::from_response(
            410,
            None,
            r#"{"errors":[{"code":"api_decommissioned","status":410,"title":"Gone"}]}"#,
        );
        assert!(is_gone(&gone));
        assert_eq!(gone.code(), Some("api_decommissioned"));
        assert!(is_gone(&ApiError::from_response(404, None, "")));
        assert!(!is_gone(&ApiError::from_response(500, None, "")));
    }
}
