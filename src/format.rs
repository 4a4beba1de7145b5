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
    format!("{} %", format_signed_amount(round_to(percent, 2)))
}

/// A share of a whole, rounded to one decimal (`12.3 %`).
#[inline(never)]
pub fn format_share(percent: Decimal) -> String {
    format!("{} %", format_amount(round_to(percent, 1)))
}

/// A fiat amount with a sign for gains (`+12.30`, `-4.00`).
#[inline(never)]
pub fn format_signed_fiat(value: Decimal) -> String {
    format_signed_amount(round_to(value, 2))
}

/// An amount as given, with a sign for gains (`+0.000412`, `-4`, `0`): a change of price,
/// which can be a fraction of a cent.
#[inline(never)]
pub fn format_signed_amount(value: Decimal) -> String {
    let sign = if value.is_sign_positive() && !value.is_zero() {
        "+"
    } else {
        ""
    };
    format!("{sign}{}", format_amount(value))
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
mod tests;
