//! How numbers, money and dates look on screen, in the language shown (`crate::i18n`).
//!
//! Amounts keep the scale the service sent (an asset's precision); fiat values are shown with
//! two decimals. Thousands separators are added here, for display only: nothing parses these
//! strings back. English writes `€1,234.56`, `4 May 2026`; German `1.234,56 €`, `04.05.2026`.
//! Exports never use these (they stay locale-neutral: `.` decimals, ISO dates).
//!
//! Times are shown in the person's own time zone, the browser's ([`local_time`]); which
//! times name the zone is said at [`format_datetime`].
//!
//! The public functions are never inlined: pages call them at hundreds of places, and a copy
//! of each at every call costs more in every first load than the call does.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike, Utc};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::i18n::{language, Language};

pub mod local_time;

use local_time::{local, zone_name};

/// The thousands separator and the decimal mark of the language shown.
fn marks() -> (char, char) {
    match language() {
        Language::English => (',', '.'),
        Language::German => ('.', ','),
    }
}

/// Placeholder for a value the service did not send.
pub const MISSING: &str = "—";

/// Inserts the thousands separator every three digits of an unsigned run of digits.
fn group_digits(digits: &str) -> String {
    let separator = marks().0;
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(ch);
    }
    out
}

/// A count with thousands separators (`50000` → `50,000`).
#[inline(never)]
pub fn format_count(n: usize) -> String {
    group_digits(&n.to_string())
}

/// Formats a decimal with thousands separators, keeping its scale (`1234.50000` →
/// `1,234.50000`; German `1.234,50000`).
#[inline(never)]
pub fn format_amount(value: Decimal) -> String {
    let point = marks().1;
    let text = value.to_string();
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    match unsigned.split_once('.') {
        Some((int, frac)) => format!("{sign}{}{point}{frac}", group_digits(int)),
        None => format!("{sign}{}", group_digits(unsigned)),
    }
}

/// A number as a person would type it back: no thousands separators, every decimal kept, the
/// language's decimal mark (`0.00001`, `50000`; German `0,00001`). Used inside sentences about
/// typed values and the exchange's steps, where a separator could be misread.
#[inline(never)]
pub fn format_plain(value: Decimal) -> String {
    let text = value.to_string();
    match marks().1 {
        '.' => text,
        point => text.replace('.', &point.to_string()),
    }
}

/// "1 record could not be read…" for records a list skipped because they were malformed
/// (`None` when there were none). Such records are never fatal and never silently lost.
#[inline(never)]
pub fn skipped_sentence(skipped: usize) -> Option<String> {
    (skipped > 0).then(|| {
        crate::i18n::tn(
            skipped,
            "{n} record could not be read and is not shown.",
            "{n} records could not be read and are not shown.",
        )
    })
}

/// Rounds half away from zero to `dp` decimals and shows exactly `dp` decimals.
pub fn round_to(value: Decimal, dp: u32) -> Decimal {
    let mut rounded = value.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(dp);
    if rounded.is_zero() {
        // Avoid "-0.00".
        rounded.set_sign_positive(true);
    }
    rounded
}

/// A fiat value: two decimals, thousands separators (`1234.5` → `1,234.50`).
#[inline(never)]
pub fn format_fiat(value: Decimal) -> String {
    format_amount(round_to(value, 2))
}

/// A fiat value with its currency: the symbol of the euro, dollar and pound, the code of any
/// other (`€1,234.50`, `-$3.00`, `12.00 CHF`; German `1.234,50 €`, `-3,00 $`, `12,00 CHF`).
#[inline(never)]
pub fn format_fiat_with_unit(value: Decimal, unit: Option<&str>) -> String {
    with_currency(&format_fiat(value), unit)
}

/// `amount` (already formatted) with its currency, placed as the language writes it.
#[inline(never)]
pub fn with_currency(amount: &str, unit: Option<&str>) -> String {
    let Some(code) = unit.filter(|u| !u.is_empty()) else {
        return amount.to_string();
    };
    let symbol = match code {
        "EUR" => Some("€"),
        "USD" => Some("$"),
        "GBP" => Some("£"),
        _ => None,
    };
    match (symbol, language()) {
        (Some(symbol), Language::English) => match amount.strip_prefix('-') {
            Some(unsigned) => format!("-{symbol}{unsigned}"),
            None => match amount.strip_prefix('+') {
                Some(unsigned) => format!("+{symbol}{unsigned}"),
                None => format!("{symbol}{amount}"),
            },
        },
        (Some(symbol), Language::German) => format!("{amount}\u{a0}{symbol}"),
        (None, Language::German) => format!("{amount}\u{a0}{code}"),
        (None, Language::English) => format!("{amount} {code}"),
    }
}

/// A percentage with a sign for gains (`+12.35 %`, `-3.10 %`, `0.00 %`).
#[inline(never)]
pub fn format_signed_percent(percent: Decimal) -> String {
    let rounded = round_to(percent, 2);
    let sign = if rounded.is_sign_positive() && !rounded.is_zero() {
        "+"
    } else {
        ""
    };
    format!("{sign}{} %", format_amount(rounded))
}

/// A share of a whole, rounded to one decimal (`12.3 %`).
#[inline(never)]
pub fn format_share(percent: Decimal) -> String {
    format!("{} %", format_amount(round_to(percent, 1)))
}

/// A fiat amount with a sign for gains (`+12.30`, `-4.00`).
#[inline(never)]
pub fn format_signed_fiat(value: Decimal) -> String {
    let rounded = round_to(value, 2);
    let sign = if rounded.is_sign_positive() && !rounded.is_zero() {
        "+"
    } else {
        ""
    };
    format!("{sign}{}", format_amount(rounded))
}

/// Whether a value counts as a gain, a loss or neither, for colouring.
pub fn trend_class(value: Option<Decimal>) -> &'static str {
    match value {
        Some(v) if v.is_sign_positive() && !v.is_zero() => "gain",
        Some(v) if v.is_sign_negative() && !v.is_zero() => "loss",
        _ => "flat",
    }
}

/// English month abbreviations (chrono's `%b` is English only and costs its formatter).
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// The English abbreviation of a month numbered from 1.
fn month_name(month: u32) -> &'static str {
    MONTHS.get(month.saturating_sub(1) as usize).unwrap_or(&"")
}

/// A calendar day as it is, with no time zone involved (`4 May 2026`; German `04.05.2026`):
/// for days that are days already (a tax period, a day the person typed).
#[inline(never)]
pub fn format_day(date: NaiveDate) -> String {
    let (day, month, year) = (date.day(), date.month(), date.year());
    match language() {
        Language::English => format!("{day} {} {year}", month_name(month)),
        Language::German => format!("{day:02}.{month:02}.{year}"),
    }
}

/// The day `time` falls on in the person's time zone (`4 May 2026`; German `04.05.2026`).
#[inline(never)]
pub fn format_date(time: DateTime<Utc>) -> String {
    format_day(local(time).date())
}

/// `09:15`: the hour and minute of a wall-clock time.
#[inline(never)]
fn clock(time: NaiveDateTime) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

/// The time of day of `time` in the person's time zone, without the zone (`11:15`): the
/// Operations list's rows, with a note naming the zone.
#[inline(never)]
pub fn format_clock(time: DateTime<Utc>) -> String {
    clock(local(time))
}

/// A point in time in the person's time zone, to the minute, without the zone's name (`4 May
/// 2026, 11:15`; German `04.05.2026, 11:15`).
///
/// Where the zone is named: every time Folio shows is in the browser's time zone, and
/// - a single record shows its times with [`format_datetime_zoned`]: the operation panel, the
///   trade receipt, an exchange order's and trade's detail, the next budget reset, an order's
///   end time in its confirmation;
/// - lists, tables and chart readouts use this, and name the zone once: a table in its time
///   column's heading ([`zoned_heading`]), the Operations list and the combined timeline in a
///   note with them (`components::TimesNote`).
///
/// Exports never use this: they write ISO 8601 instants in UTC (`…Z`), an offset included.
#[inline(never)]
pub fn format_datetime(time: DateTime<Utc>) -> String {
    let wall = local(time);
    format!("{}, {}", format_day(wall.date()), clock(wall))
}

/// A point in time in the person's time zone with the zone named (`4 May 2026, 11:15
/// (Europe/Vienna)`; German `04.05.2026, 11:15 (Europe/Vienna)`): the times of a single
/// record (see [`format_datetime`]).
#[inline(never)]
pub fn format_datetime_zoned(time: DateTime<Utc>) -> String {
    format!("{} ({})", format_datetime(time), zone_name())
}

/// A table's column heading naming the person's time zone (`Executed (Europe/Vienna)`).
#[inline(never)]
pub fn zoned_heading(heading: &str) -> String {
    format!("{heading} ({})", zone_name())
}

/// A short axis label in the person's time zone: the time of day for intraday series, the
/// day otherwise (`4 May`; German `04.05.`).
#[inline(never)]
pub fn format_axis_label(time: DateTime<Utc>, intraday: bool) -> String {
    let wall = local(time);
    if intraday {
        return clock(wall);
    }
    let (day, month) = (wall.day(), wall.month());
    match language() {
        Language::English => format!("{day} {}", month_name(month)),
        Language::German => format!("{day:02}.{month:02}."),
    }
}

/// Formats an optional value with `f`, or the placeholder when it is missing.
pub fn or_missing<T>(value: Option<T>, f: impl FnOnce(T) -> String) -> String {
    value.map(f).unwrap_or_else(|| MISSING.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn amounts_keep_scale_and_group_thousands() {
        assert_eq!(format_amount(d("0.00197000")), "0.00197000");
        assert_eq!(format_amount(d("1234567.5")), "1,234,567.5");
        assert_eq!(format_amount(d("-1234")), "-1,234");
        assert_eq!(format_amount(d("999")), "999");
        assert_eq!(format_amount(d("1000")), "1,000");
    }

    #[test]
    fn fiat_has_two_decimals() {
        assert_eq!(format_fiat(d("1234.5")), "1,234.50");
        assert_eq!(format_fiat(d("0.005")), "0.01");
        assert_eq!(format_fiat(d("-0.004")), "0.00");
        assert_eq!(format_fiat(d("12")), "12.00");
        assert_eq!(format_fiat_with_unit(d("3"), Some("EUR")), "€3.00");
        assert_eq!(format_fiat_with_unit(d("-3"), Some("USD")), "-$3.00");
        assert_eq!(
            format_fiat_with_unit(d("1234.5"), Some("CHF")),
            "1,234.50 CHF"
        );
        assert_eq!(format_fiat_with_unit(d("3"), None), "3.00");
    }

    #[test]
    fn percentages() {
        assert_eq!(format_signed_percent(d("12.345")), "+12.35 %");
        assert_eq!(format_signed_percent(d("-3.1")), "-3.10 %");
        assert_eq!(format_signed_percent(d("0")), "0.00 %");
        assert_eq!(format_share(d("33.333333")), "33.3 %");
        assert_eq!(format_signed_fiat(d("-4")), "-4.00");
        assert_eq!(format_signed_fiat(d("1234.5")), "+1,234.50");
    }

    #[test]
    fn trends() {
        assert_eq!(trend_class(Some(d("1"))), "gain");
        assert_eq!(trend_class(Some(d("-0.1"))), "loss");
        assert_eq!(trend_class(Some(d("0"))), "flat");
        assert_eq!(trend_class(None), "flat");
    }

    #[test]
    fn dates() {
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap();
        assert_eq!(format_datetime(t), "4 May 2026, 09:15");
        assert_eq!(format_datetime_zoned(t), "4 May 2026, 09:15 (UTC)");
        assert_eq!(format_clock(t), "09:15");
        assert_eq!(format_axis_label(t, true), "09:15");
        assert_eq!(format_axis_label(t, false), "4 May");
        assert_eq!(zoned_heading("Executed"), "Executed (UTC)");
        assert_eq!(or_missing(None::<Decimal>, format_fiat), "—");
    }

    #[test]
    fn times_in_vienna_on_both_sides_of_midnight_and_of_each_switch() {
        use local_time::{set_test_zone, TestZone};
        set_test_zone(Some(TestZone::VIENNA_2026));
        let at = |mo, d, h, mi| Utc.with_ymd_and_hms(2026, mo, d, h, mi, 0).unwrap();
        // Summer (+2): 09:15 UTC is 11:15; 21:59 UTC the same day, 22:00 UTC the next.
        assert_eq!(
            format_datetime_zoned(at(5, 4, 9, 15)),
            "4 May 2026, 11:15 (Europe/Vienna)"
        );
        assert_eq!(format_datetime(at(5, 4, 21, 59)), "4 May 2026, 23:59");
        assert_eq!(format_datetime(at(5, 4, 22, 0)), "5 May 2026, 00:00");
        assert_eq!(format_date(at(5, 4, 22, 0)), "5 May 2026");
        assert_eq!(format_clock(at(5, 4, 22, 0)), "00:00");
        // Winter (+1): 22:59 UTC on 31 December is still 2026, 23:00 UTC is 2027.
        let eve = Utc.with_ymd_and_hms(2026, 12, 31, 22, 59, 0).unwrap();
        assert_eq!(format_datetime(eve), "31 Dec 2026, 23:59");
        let new_year = Utc.with_ymd_and_hms(2026, 12, 31, 23, 0, 0).unwrap();
        assert_eq!(format_datetime(new_year), "1 Jan 2027, 00:00");
        assert_eq!(format_axis_label(new_year, false), "1 Jan");
        // 29 March: 00:59 UTC is 01:59 CET, 01:00 UTC 03:00 CEST.
        assert_eq!(format_clock(at(3, 29, 0, 59)), "01:59");
        assert_eq!(format_axis_label(at(3, 29, 1, 0), true), "03:00");
        // 25 October: 00:59 UTC is 02:59 CEST, 01:00 UTC 02:00 CET, 23:00 UTC the next day.
        assert_eq!(format_clock(at(10, 25, 0, 59)), "02:59");
        assert_eq!(format_clock(at(10, 25, 1, 0)), "02:00");
        assert_eq!(format_datetime(at(10, 25, 23, 0)), "26 Oct 2026, 00:00");
        assert_eq!(zoned_heading("Time"), "Time (Europe/Vienna)");
        // A calendar day stays the day it is, whatever the zone.
        let day = NaiveDate::from_ymd_opt(2025, 12, 31).unwrap();
        assert_eq!(format_day(day), "31 Dec 2025");
        set_test_zone(Some(TestZone::BOGOTA));
        assert_eq!(format_day(day), "31 Dec 2025");
        // West of UTC, midnight UTC is the evening before.
        assert_eq!(format_datetime(at(5, 4, 0, 0)), "3 May 2026, 19:00");
        set_test_zone(None);
    }

    #[test]
    fn german_numbers_and_dates() {
        crate::i18n::install(Some(Vec::new()));
        let t = Utc.with_ymd_and_hms(2026, 11, 23, 9, 5, 0).unwrap();
        assert_eq!(format_amount(d("1234567.5")), "1.234.567,5");
        assert_eq!(
            format_fiat_with_unit(d("1234.56"), Some("EUR")),
            "1.234,56\u{a0}€"
        );
        assert_eq!(
            format_fiat_with_unit(d("-3"), Some("CHF")),
            "-3,00\u{a0}CHF"
        );
        assert_eq!(format_signed_percent(d("12.345")), "+12,35 %");
        assert_eq!(format_count(50000), "50.000");
        assert_eq!(format_date(t), "23.11.2026");
        assert_eq!(format_datetime(t), "23.11.2026, 09:05");
        crate::format::local_time::set_test_zone(Some(
            crate::format::local_time::TestZone::VIENNA_2026,
        ));
        assert_eq!(
            format_datetime_zoned(t),
            "23.11.2026, 10:05 (Europe/Vienna)"
        );
        assert_eq!(format_axis_label(t, true), "10:05");
        crate::format::local_time::set_test_zone(None);
        assert_eq!(format_axis_label(t, false), "23.11.");
        assert_eq!(format_plain(d("50000.25")), "50000,25");
        crate::i18n::install(None);
    }
}
