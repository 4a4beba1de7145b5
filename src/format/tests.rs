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
