//! Dates as text, both ways, in the few fixed forms Folio writes and reads: `2026-05-04`,
//! `09:15`, `2026-05-04 09:15`, `2026-05-04T09:15:00.000Z`, and the services' RFC 3339
//! timestamps ([`read_timestamp`]).
//!
//! Hand-written rather than chrono's `format("%Y-%m-%d")`, `parse_from_str` and
//! `parse_from_rfc3339`: those carry chrono's general strftime formatter and parsers (≈ 30 KB
//! of wasm before optimisation) into every page that shows a date. Reading never panics; text
//! in any other form is `None`.

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

/// Reads an RFC 3339 timestamp, `2026-05-04T09:15:07.123+02:00`, as chrono's
/// `DateTime::parse_from_rfc3339` does (its unit test is the oracle): a four-digit year, `T`,
/// `t` or a space between day and time, a leap second (`:60`) allowed, any number of
/// fraction digits (nine kept), and `Z`, `z` or an offset of `+`, `-` or `−` with `hh:mm`
/// below a day. Hand-written: measured with `cargo xtask bench size` (issue 43), calling
/// `parse_from_rfc3339` here adds 104–668 B brotli to the entry routes' first loads and
/// takes `/operations` from 249,664 to 250,332 B, over the 250,000 B ceiling.
pub fn read_timestamp(text: &str) -> Option<DateTime<FixedOffset>> {
    let bytes = text.as_bytes();
    let digits = |at: usize, len: usize| -> Option<u32> {
        let part = bytes.get(at..at.checked_add(len)?)?;
        part.iter().try_fold(0u32, |n, b| {
            b.is_ascii_digit().then(|| n * 10 + u32::from(b - b'0'))
        })
    };
    let at = |i: usize, c: u8| bytes.get(i) == Some(&c);
    if !(at(4, b'-') && at(7, b'-') && at(13, b':') && at(16, b':')) {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(
        i32::try_from(digits(0, 4)?).ok()?,
        digits(5, 2)?,
        digits(8, 2)?,
    )?;
    if !matches!(bytes.get(10), Some(b'T' | b't' | b' ')) {
        return None;
    }
    let (second, leap) = match digits(17, 2)? {
        60 => (59, 1_000_000_000),
        second => (second, 0),
    };
    let mut rest = text.get(19..)?;
    let mut nano = 0u32;
    if let Some(fraction) = rest.strip_prefix('.') {
        let count = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if count == 0 {
            return None;
        }
        let kept = fraction.get(..count.min(9))?;
        let scale = 10u32.pow(9u32.saturating_sub(u32::try_from(kept.len()).ok()?));
        nano = kept.parse::<u32>().ok()?.checked_mul(scale)?;
        rest = fraction.get(count..)?;
    }
    let time = NaiveTime::from_hms_nano_opt(
        digits(11, 2)?,
        digits(14, 2)?,
        second,
        nano.checked_add(leap)?,
    )?;
    let offset = read_offset(rest)?;
    date.and_time(time)
        .and_local_timezone(FixedOffset::east_opt(offset)?)
        .single()
}

/// `Z`, `z`, or `+hh:mm` / `-hh:mm` / `−hh:mm` (minutes below 60), in seconds east of UTC;
/// nothing may follow.
fn read_offset(text: &str) -> Option<i32> {
    if text == "Z" || text == "z" {
        return Some(0);
    }
    let (negative, rest) = if let Some(rest) = text.strip_prefix('+') {
        (false, rest)
    } else if let Some(rest) = text.strip_prefix('-').or_else(|| text.strip_prefix('−')) {
        (true, rest)
    } else {
        return None;
    };
    let (hours, minutes) = rest.split_once(':')?;
    let hours = i32::try_from(number(hours, 2).filter(|_| hours.len() == 2)?).ok()?;
    let minutes =
        i32::try_from(number(minutes, 2).filter(|m| minutes.len() == 2 && *m < 60)?).ok()?;
    let seconds = hours * 3600 + minutes * 60;
    Some(if negative { -seconds } else { seconds })
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
    fn reads_timestamps_as_chrono_does() {
        let mut samples: Vec<String> = [
            "2026-05-04T09:15:07Z",
            "2026-05-04t09:15:07z",
            "2026-05-04 09:15:07.123+02:00",
            "2026-05-04T09:15:07.123456789123-05:30",
            "2026-05-04T09:15:07.-05:30",
            "2026-05-04T09:15:07.5−01:00",
            "2026-05-04T09:15:60Z",
            "2026-05-04T23:59:60.999Z",
            "2026-05-04T09:15:07+23:59",
            "2026-05-04T09:15:07+24:00",
            "2026-05-04T09:15:07+99:00",
            "2026-05-04T09:15:07+02:60",
            "2026-05-04T09:15:07+0200",
            "2026-05-04T09:15:07+02",
            "2026-05-04T09:15:07+02:00 ",
            "2026-05-04T09:15:07",
            "2026-02-30T09:15:07Z",
            "2026-05-04T24:00:00Z",
            "0000-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-01:00",
            "+2026-05-04T09:15:07Z",
            "2026-5-04T09:15:07Z",
            "2026-05-04X09:15:07Z",
            "२०२६-05-04T09:15:07Z",
            "2026-05-04T09:15:07.１Z",
            "",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
        // Every one-byte change of a valid timestamp, to reach the edges of each field.
        let base = "2026-05-04T09:15:07.25+01:30";
        for i in 0..base.len() {
            for c in ['0', '5', '9', ':', '-', '+', '.', 'Z', 'T', ' ', 'x'] {
                let mut s = base.to_string();
                s.replace_range(i..=i, &c.to_string());
                samples.push(s);
            }
        }
        for text in samples {
            assert_eq!(
                read_timestamp(&text),
                DateTime::parse_from_rfc3339(&text).ok(),
                "{text:?}"
            );
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
