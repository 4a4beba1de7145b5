//! The calendar the rules count in: a tax day is a calendar day where the person lives —
//! Europe/Vienna for Austrian rules, Europe/Berlin for German ones — not a UTC day. A buy at
//! 00:30 on 16 March in Berlin (23:30 UTC on the 15th) is a buy on 16 March; holding
//! periods, "tax-free from" dates, reference-price days and tax years all use this day.
//! Both zones follow the EU's summer time (UTC+1 in winter, UTC+2 in summer); chrono-tz
//! holds their rules, compiled in alone (`.cargo/config.toml`: `CHRONO_TZ_TIMEZONE_FILTER`).

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;

use crate::RuleSet;

/// The zone whose calendar `rules` count days in.
pub fn zone(rules: RuleSet) -> Tz {
    match rules {
        RuleSet::Austria => chrono_tz::Europe::Vienna,
        RuleSet::Germany => chrono_tz::Europe::Berlin,
    }
}

/// The zone's name as the IANA database writes it (`Europe/Vienna`).
pub fn zone_name(rules: RuleSet) -> &'static str {
    zone(rules).name()
}

/// The calendar day of `time` under `rules`.
pub fn tax_day(rules: RuleSet, time: DateTime<Utc>) -> NaiveDate {
    time.with_timezone(&zone(rules)).date_naive()
}

/// The tax year of `time` under `rules`.
pub fn tax_year(rules: RuleSet, time: DateTime<Utc>) -> i32 {
    tax_day(rules, time).year()
}

/// Tax days of many times, as [`tax_day`] gives them, with the zone's offset looked up once
/// per UTC day instead of once per time (the walk asks for 100,000 days in a row). A UTC day
/// whose first and last second have the same offset keeps it throughout — the zones' changes
/// are months apart, as the test over 1890–2100 checks — so a time that day is its UTC time
/// plus that offset; a day with a change asks the zone for each time.
#[derive(Debug)]
pub struct TaxDays {
    zone: Tz,
    /// The UTC day last asked about and its offset, when the offset is the same all day.
    last: Option<(NaiveDate, Option<FixedOffset>)>,
}

impl TaxDays {
    /// The days of `rules`' calendar.
    pub fn new(rules: RuleSet) -> Self {
        TaxDays {
            zone: zone(rules),
            last: None,
        }
    }

    /// The calendar day of `time` (the same as [`tax_day`]).
    pub fn of(&mut self, time: DateTime<Utc>) -> NaiveDate {
        let utc_day = time.date_naive();
        let offset = match self.last {
            Some((day, offset)) if day == utc_day => offset,
            _ => {
                let offset = whole_day_offset(self.zone, utc_day);
                self.last = Some((utc_day, offset));
                offset
            }
        };
        match offset {
            Some(offset) => time.with_timezone(&offset).date_naive(),
            None => time.with_timezone(&self.zone).date_naive(),
        }
    }
}

/// The offset of `zone` throughout the UTC day `day`, when its first and last second have
/// the same one.
fn whole_day_offset(zone: Tz, day: NaiveDate) -> Option<FixedOffset> {
    let first = day.and_time(NaiveTime::MIN);
    let last = day.and_hms_opt(23, 59, 59)?;
    let at = |t| zone.offset_from_utc_datetime(&t).fix();
    let offset = at(first);
    (at(last) == offset).then_some(offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn half_past_midnight_in_winter_is_the_next_day_an_hour_before_in_utc() {
        // 15 March 2023, 23:30 UTC = 16 March, 00:30 CET (UTC+1).
        let t = utc(2023, 3, 15, 23, 30);
        assert_eq!(tax_day(RuleSet::Germany, t), day(2023, 3, 16));
        assert_eq!(tax_day(RuleSet::Austria, t), day(2023, 3, 16));
        // 22:59 UTC is still 23:59 on the 15th.
        assert_eq!(
            tax_day(RuleSet::Germany, utc(2023, 3, 15, 22, 59)),
            day(2023, 3, 15)
        );
    }

    #[test]
    fn in_summer_local_midnight_is_two_hours_before_utc_midnight() {
        // 30 June 2024, 22:00 UTC = 1 July, 00:00 CEST (UTC+2); 21:59 UTC is still 30 June.
        assert_eq!(
            tax_day(RuleSet::Austria, utc(2024, 6, 30, 22, 0)),
            day(2024, 7, 1)
        );
        assert_eq!(
            tax_day(RuleSet::Austria, utc(2024, 6, 30, 21, 59)),
            day(2024, 6, 30)
        );
    }

    #[test]
    fn across_the_autumn_change_the_offset_falls_from_two_hours_to_one() {
        // Clocks go back on 29 October 2023 at 01:00 UTC (03:00 CEST → 02:00 CET).
        // 28 Oct 22:30 UTC = 29 Oct 00:30 CEST; 29 Oct 23:30 UTC = 30 Oct 00:30 CET.
        assert_eq!(
            tax_day(RuleSet::Germany, utc(2023, 10, 28, 22, 30)),
            day(2023, 10, 29)
        );
        assert_eq!(
            tax_day(RuleSet::Germany, utc(2023, 10, 29, 22, 30)),
            day(2023, 10, 29)
        );
        assert_eq!(
            tax_day(RuleSet::Germany, utc(2023, 10, 29, 23, 30)),
            day(2023, 10, 30)
        );
    }

    #[test]
    fn a_utc_day_with_one_offset_at_both_ends_has_it_all_day() {
        // What `TaxDays` relies on, over both zones' whole history that matters (and before):
        // no day changes the offset and changes it back.
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            let zone = zone(rules);
            let mut d = day(1890, 1, 1);
            while d < day(2100, 1, 1) {
                if let Some(offset) = whole_day_offset(zone, d) {
                    for h in (0..24).step_by(2) {
                        let t = d.and_hms_opt(h, 30, 0).unwrap();
                        assert_eq!(zone.offset_from_utc_datetime(&t).fix(), offset, "{t}");
                    }
                }
                d = d.succ_opt().unwrap();
            }
        }
    }

    #[test]
    fn tax_days_in_any_order_are_tax_day() {
        // Around each change of 2023 and the new year, in time order and back and forth.
        for rules in [RuleSet::Austria, RuleSet::Germany] {
            let mut days = TaxDays::new(rules);
            let mut times = Vec::new();
            for (y, m, d) in [(2023, 3, 25), (2023, 10, 28), (2024, 12, 31), (1980, 4, 5)] {
                for minutes in (0..3 * 24 * 60).step_by(7) {
                    times.push(utc(y, m, d, 0, 0) + chrono::Duration::minutes(minutes));
                }
            }
            for &t in times.iter().chain(times.iter().rev().step_by(3)) {
                assert_eq!(days.of(t), tax_day(rules, t), "{rules:?} {t}");
            }
        }
    }

    #[test]
    fn the_new_year_starts_an_hour_early_in_utc() {
        // 31 December 2024, 23:30 UTC is 1 January 2025, 00:30 in Vienna: tax year 2025.
        assert_eq!(tax_year(RuleSet::Austria, utc(2024, 12, 31, 23, 30)), 2025);
        assert_eq!(tax_year(RuleSet::Austria, utc(2024, 12, 31, 22, 59)), 2024);
        assert_eq!(zone_name(RuleSet::Austria), "Europe/Vienna");
        assert_eq!(zone_name(RuleSet::Germany), "Europe/Berlin");
    }
}
