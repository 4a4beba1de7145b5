//! Dates as text, both ways, in the few fixed forms Folio writes and reads: `2026-05-04`,
//! `09:15`, `2026-05-04 09:15`, `2026-05-04T09:15:00.000Z`, and the services' RFC 3339
//! timestamps ([`read_timestamp`]).
//!
//! The fixed forms are written and read here rather than with chrono's `format("%Y-%m-%d")`
//! and `parse_from_str`: those carry chrono's general strftime formatter and parser (≈ 30 KB
//! of wasm before optimisation) into every page that shows a date. Timestamps are read with
//! chrono's own RFC 3339 parser. Reading never panics; text in any other form is `None`.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};
use std::fmt::Write;

/// `2026-05-04`: the year as chrono's `%Y` writes it (four digits, a sign outside 0–9999).
pub fn day_text(date: NaiveDate) -> String {
    let mut out = String::with_capacity(10);
    push_day(&mut out, date);
    out
}

/// `09:15`, the hour and minute of `time`.
pub fn clock_text(time: DateTime<Utc>) -> String {
    let mut out = String::with_capacity(5);
    push_clock(&mut out, time.time());
    out
}

/// `2026-05-04 09:15`.
pub fn day_clock_text(time: DateTime<Utc>) -> String {
    let mut out = day_text(time.date_naive());
    out.push(' ');
    push_clock(&mut out, time.time());
    out
}

/// `2026-05-04T09:15:00.000Z`: RFC 3339 in UTC with milliseconds.
pub fn timestamp_text(time: DateTime<Utc>) -> String {
    let mut out = day_text(time.date_naive());
    out.push('T');
    push_clock(&mut out, time.time());
    let millis = time.timestamp_subsec_millis().min(999);
    let _ = write!(out, ":{:02}.{millis:03}Z", time.second());
    out
}

/// Reads `2026-05-04` (a year of one to six digits, a month and day of one or two).
pub fn read_day(text: &str) -> Option<NaiveDate> {
    let mut parts = text.trim().split('-');
    let year = number(parts.next()?, 6)?;
    let month = number(parts.next()?, 2)?;
    let day = number(parts.next()?, 2)?;
    if parts.next().is_some() {
        return None;
    }
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// Reads a `datetime-local` value, `2026-05-04T09:15` or `2026-05-04T09:15:30`.
pub fn read_day_clock(text: &str) -> Option<NaiveDateTime> {
    let (day, clock) = text.trim().split_once('T')?;
    let mut parts = clock.split(':');
    let hour = number(parts.next()?, 2)?;
    let minute = number(parts.next()?, 2)?;
    let second = match parts.next() {
        Some(s) => number(s, 2)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    Some(read_day(day)?.and_time(NaiveTime::from_hms_opt(hour, minute, second)?))
}

/// Reads an RFC 3339 timestamp, `2026-05-04T09:15:07.123+02:00`, with chrono's
/// `DateTime::parse_from_rfc3339`: `T`, `t` or a space between day and time, a leap second
/// (`:60`) allowed, any number of fraction digits (nine kept), and `Z`, `z` or an offset.
pub fn read_timestamp(text: &str) -> Option<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(text).ok()
}

/// Appends `date` as `2026-05-04`.
fn push_day(out: &mut String, date: NaiveDate) {
    let year = date.year();
    let _ = if (0..=9999).contains(&year) {
        write!(out, "{year:04}")
    } else {
        write!(out, "{year:+05}")
    };
    let _ = write!(out, "-{:02}-{:02}", date.month(), date.day());
}

/// Appends the hour and minute of `time` as `09:15`.
fn push_clock(out: &mut String, time: NaiveTime) {
    let _ = write!(out, "{:02}:{:02}", time.hour(), time.minute());
}

/// Up to `digits` ASCII digits (at least one, nothing else) as a number.
fn number(text: &str, digits: usize) -> Option<u32> {
    let ok = !text.is_empty() && text.len() <= digits && text.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn writes_what_chronos_formatter_writes() {
        for text in [
            "2026-05-04T09:15:07.123Z",
            "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999Z",
            "2024-02-29T12:05:00.5Z",
        ] {
            let t = at(text);
            assert_eq!(day_text(t.date_naive()), t.format("%Y-%m-%d").to_string());
            assert_eq!(clock_text(t), t.format("%H:%M").to_string());
            assert_eq!(day_clock_text(t), t.format("%Y-%m-%d %H:%M").to_string());
            assert_eq!(
                timestamp_text(t),
                t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
            );
        }
        let far = NaiveDate::from_ymd_opt(12_345, 6, 7).unwrap();
        assert_eq!(day_text(far), far.format("%Y-%m-%d").to_string());
        let before = NaiveDate::from_ymd_opt(-44, 3, 15).unwrap();
        assert_eq!(day_text(before), before.format("%Y-%m-%d").to_string());
    }

    #[test]
    fn milliseconds_carry_into_the_next_day() {
        let t = Utc.with_ymd_and_hms(2026, 6, 30, 23, 59, 59).unwrap()
            + chrono::Duration::milliseconds(1_500);
        assert_eq!(timestamp_text(t), "2026-07-01T00:00:00.500Z");
    }

    #[test]
    fn reads_the_services_timestamps() {
        let utc = |text: &str| read_timestamp(text).map(|t| t.with_timezone(&Utc).to_rfc3339());
        assert_eq!(
            utc("2026-05-04T09:15:07Z").as_deref(),
            Some("2026-05-04T09:15:07+00:00")
        );
        assert_eq!(
            utc("2026-05-04 09:15:07.123+02:00").as_deref(),
            Some("2026-05-04T07:15:07.123+00:00")
        );
        assert_eq!(
            utc("2026-05-04T23:45:00-05:30").as_deref(),
            Some("2026-05-05T05:15:00+00:00")
        );
        let offset =
            read_timestamp("2026-05-04T09:15:07+01:30").map(|t| t.offset().local_minus_utc());
        assert_eq!(offset, Some(5_400));
        for refused in [
            "2026-05-04T09:15:07",
            "2026-02-30T09:15:07Z",
            "2026-05-04T24:00:00Z",
            "2026-5-04T09:15:07Z",
            "2026-05-04T09:15:07+0200",
            "",
        ] {
            assert_eq!(read_timestamp(refused), None, "{refused:?}");
        }
    }

    #[test]
    fn reads_days_and_refuses_anything_else() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
        assert_eq!(read_day("2026-05-04"), d(2026, 5, 4));
        assert_eq!(read_day(" 2026-5-4 "), d(2026, 5, 4));
        for bad in [
            "",
            "2026",
            "2026-05",
            "2026-02-30",
            "2026-13-01",
            "2026-05-04-01",
            "+2026-05-04",
            "2026-05-04T00:00",
            "2026-0x-04",
            "2026--04",
            "२०२६-05-04",
            "9999999-01-01",
        ] {
            assert_eq!(read_day(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn reads_datetime_local_values_with_or_without_seconds() {
        let t = |h, m, s| NaiveDate::from_ymd_opt(2026, 5, 4)?.and_hms_opt(h, m, s);
        assert_eq!(read_day_clock("2026-05-04T09:15"), t(9, 15, 0));
        assert_eq!(read_day_clock("2026-05-04T09:15:30"), t(9, 15, 30));
        for bad in [
            "2026-05-04",
            "2026-05-04T25:00",
            "2026-05-04T09",
            "2026-05-04T09:15:30:01",
            "2026-05-04 09:15",
        ] {
            assert_eq!(read_day_clock(bad), None, "{bad:?}");
        }
    }
}
