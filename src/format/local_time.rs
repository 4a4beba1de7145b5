//! The person's own time zone, as their browser keeps it: the wall-clock time an instant is
//! there, the zone's name, and back from a day or time the person typed to the instant it
//! names.
//!
//! In the browser the offset is asked of `Date.prototype.getTimezoneOffset` for each instant
//! itself, so a summer time shows summer time and a winter time winter time whatever the date
//! today; the name is `Intl.DateTimeFormat().resolvedOptions().timeZone` (`Europe/Vienna`),
//! read once. No time-zone database is compiled in: the browser has one. Natively (unit
//! tests, the fuzzer) the zone is UTC, unless a unit test sets one of its own
//! ([`set_test_zone`]).
//!
//! Instants stay `DateTime<Utc>` everywhere else in Folio (the services send them so, the
//! exports write them so); only what is shown and what is typed goes through here.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// The browser's offset from UTC at the instant `millis` (Unix milliseconds), in seconds east
/// of UTC (`7200` in Vienna in summer).
fn offset_seconds(millis: i64) -> i32 {
    #[cfg(test)]
    if let Some(zone) = test_zone() {
        return zone.offset_seconds(millis);
    }
    platform::offset_seconds(millis)
}

/// `time` on the person's wall clock: the day and time their browser shows for it.
#[inline(never)]
pub fn local(time: DateTime<Utc>) -> NaiveDateTime {
    let offset = i64::from(offset_seconds(time.timestamp_millis()));
    DateTime::from_timestamp(time.timestamp() + offset, time.timestamp_subsec_nanos())
        .unwrap_or(time)
        .naive_utc()
}

/// The instant a wall-clock time of the person's zone names. A time the clocks skip when
/// summer time starts (02:30 on the day Vienna moves from 02:00 to 03:00) is read as that far
/// past the jump (03:30 summer time), as the browser's own `Date` reads it; a time that comes
/// twice when summer time ends is its first occurrence (summer time). `None` only beyond
/// chrono's range.
pub fn instant_of(wall: NaiveDateTime) -> Option<DateTime<Utc>> {
    let as_utc = wall.and_utc().timestamp_millis();
    let offset_ms = |millis: i64| i64::from(offset_seconds(millis)) * 1000;
    // Read with the offset in force a day before (a zone changes its offset at most once in
    // two days): right unless the offset changed in between, and then the later offset is
    // right if it holds at the time it gives; if it does not, the time is in the gap, and
    // the earlier offset carries it past the jump.
    let before = offset_ms(as_utc - DAY_MS);
    let first = as_utc - before;
    let offset = offset_ms(first);
    let second = as_utc - offset;
    let instant = if offset != before && offset_ms(second) == offset {
        second
    } else {
        first
    };
    DateTime::from_timestamp_millis(instant)
}

/// The first instant of `day` in the person's zone (its midnight, or the first time after
/// it where the clocks skip midnight).
pub fn start_of_day(day: NaiveDate) -> Option<DateTime<Utc>> {
    instant_of(day.and_time(chrono::NaiveTime::MIN))
}

/// The first instant of the day after `day` in the person's zone: `day` is the instants from
/// [`start_of_day`] up to, not including, this one (23, 24 or 25 hours).
pub fn end_of_day(day: NaiveDate) -> Option<DateTime<Utc>> {
    start_of_day(day.succ_opt()?)
}

/// Today's date in the person's zone.
pub fn today() -> NaiveDate {
    local(Utc::now()).date()
}

/// The name of the person's zone as the browser names it (`Europe/Vienna`, `UTC`).
pub fn zone_name() -> &'static str {
    #[cfg(test)]
    if let Some(zone) = test_zone() {
        return zone.name;
    }
    platform::zone_name()
}

/// The browser's clock and zone, through bindings of their own: `js_sys`'s take the
/// instant as a boxed `JsValue` and reach the zone's name through `Reflect`, more code at
/// each of the few places this is compiled into.
#[cfg(target_arch = "wasm32")]
mod platform {
    use std::cell::Cell;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// A JavaScript `Date`.
        #[wasm_bindgen(js_name = Date)]
        type WallClock;

        /// `new Date(millis)`.
        #[wasm_bindgen(constructor, js_class = Date)]
        fn new(millis: f64) -> WallClock;

        /// `getTimezoneOffset()`: minutes west of UTC at that instant.
        #[wasm_bindgen(method, js_class = Date, js_name = getTimezoneOffset)]
        fn minutes_west(this: &WallClock) -> f64;

        /// `Intl.DateTimeFormat`.
        #[wasm_bindgen(js_namespace = Intl, js_name = DateTimeFormat)]
        type ZoneFormat;

        /// `new Intl.DateTimeFormat()`.
        #[wasm_bindgen(constructor, js_namespace = Intl, js_class = DateTimeFormat)]
        fn new() -> ZoneFormat;

        /// `resolvedOptions()`.
        #[wasm_bindgen(method, js_namespace = Intl, js_class = DateTimeFormat, js_name = resolvedOptions)]
        fn resolved_options(this: &ZoneFormat) -> ZoneOptions;

        /// What `resolvedOptions()` answers.
        type ZoneOptions;

        /// Its `timeZone`.
        #[wasm_bindgen(method, getter, js_name = timeZone)]
        fn time_zone(this: &ZoneOptions) -> Option<String>;
    }

    thread_local! {
        /// The zone's name, read once.
        static NAME: Cell<Option<&'static str>> = const { Cell::new(None) };
    }

    /// `-getTimezoneOffset()` of the instant, in seconds.
    pub fn offset_seconds(millis: i64) -> i32 {
        let minutes_west = WallClock::new(millis as f64).minutes_west();
        if minutes_west.is_finite() {
            (-minutes_west * 60.0).round() as i32
        } else {
            0
        }
    }

    /// `Intl.DateTimeFormat().resolvedOptions().timeZone`, kept for the page's life. Every
    /// browser that runs WebAssembly names the zone; "UTC" stands in should one not. The first
    /// `Intl.DateTimeFormat` a page builds loads the browser's locale data (110 ms with a 4×
    /// slower CPU, 1–2 ms for the next): a script at the end of index.html's body builds one
    /// before the first paint, so this one is quick.
    pub fn zone_name() -> &'static str {
        NAME.with(|kept| {
            kept.get().unwrap_or_else(|| {
                let name = ZoneFormat::new()
                    .resolved_options()
                    .time_zone()
                    .filter(|name| !name.is_empty())
                    .map_or("UTC", |name| &*Box::leak(name.into_boxed_str()));
                kept.set(Some(name));
                name
            })
        })
    }
}

/// Outside the browser: UTC.
#[cfg(not(target_arch = "wasm32"))]
mod platform {
    /// UTC has no offset.
    pub fn offset_seconds(_millis: i64) -> i32 {
        0
    }

    /// UTC.
    pub fn zone_name() -> &'static str {
        "UTC"
    }
}

/// A zone for unit tests, with at most one summer-time period, given by its two switches in
/// UTC, so tests state their expectations by hand.
#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub struct TestZone {
    /// The name shown.
    pub name: &'static str,
    /// Seconds east of UTC outside summer time.
    pub standard: i32,
    /// Seconds east of UTC in summer time.
    pub summer: i32,
    /// Summer time starts at this Unix second…
    pub summer_from: i64,
    /// …and ends at this one.
    pub summer_until: i64,
}

#[cfg(test)]
impl TestZone {
    /// Vienna in 2026: CET (+01:00), and CEST (+02:00) from 29 March 01:00 UTC (02:00 → 03:00
    /// local) to 25 October 01:00 UTC (03:00 → 02:00 local).
    pub const VIENNA_2026: TestZone = TestZone {
        name: "Europe/Vienna",
        standard: 3600,
        summer: 7200,
        summer_from: 1_774_746_000,
        summer_until: 1_792_890_000,
    };

    /// Bogotá: −05:00 all year.
    pub const BOGOTA: TestZone = TestZone {
        name: "America/Bogota",
        standard: -18_000,
        summer: -18_000,
        summer_from: 0,
        summer_until: 0,
    };

    fn offset_seconds(&self, millis: i64) -> i32 {
        let second = millis.div_euclid(1000);
        if (self.summer_from..self.summer_until).contains(&second) {
            self.summer
        } else {
            self.standard
        }
    }
}

#[cfg(test)]
thread_local! {
    static TEST_ZONE: std::cell::Cell<Option<TestZone>> = const { std::cell::Cell::new(None) };
}

#[cfg(test)]
fn test_zone() -> Option<TestZone> {
    TEST_ZONE.with(std::cell::Cell::get)
}

/// Sets this thread's zone for a unit test (`None`: UTC again).
#[cfg(test)]
pub fn set_test_zone(zone: Option<TestZone>) {
    TEST_ZONE.with(|z| z.set(zone));
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
    }

    fn wall(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, mo, d)
            .unwrap()
            .and_hms_opt(h, mi, 0)
            .unwrap()
    }

    #[test]
    fn utc_unless_a_zone_is_set() {
        set_test_zone(None);
        assert_eq!(local(utc(2026, 5, 4, 23, 30)), wall(2026, 5, 4, 23, 30));
        assert_eq!(zone_name(), "UTC");
        assert_eq!(
            start_of_day(NaiveDate::from_ymd_opt(2026, 5, 4).unwrap()),
            Some(utc(2026, 5, 4, 0, 0))
        );
    }

    #[test]
    fn vienna_across_midnight_and_both_switches() {
        set_test_zone(Some(TestZone::VIENNA_2026));
        assert_eq!(zone_name(), "Europe/Vienna");
        // Winter: +1. 23:30 UTC is already the next day in Vienna.
        assert_eq!(local(utc(2026, 1, 14, 22, 59)), wall(2026, 1, 14, 23, 59));
        assert_eq!(local(utc(2026, 1, 14, 23, 30)), wall(2026, 1, 15, 0, 30));
        // Summer: +2.
        assert_eq!(local(utc(2026, 5, 4, 9, 15)), wall(2026, 5, 4, 11, 15));
        assert_eq!(local(utc(2026, 5, 4, 22, 0)), wall(2026, 5, 5, 0, 0));
        // 29 March: 00:59 UTC is 01:59 CET, 01:00 UTC is 03:00 CEST.
        assert_eq!(local(utc(2026, 3, 29, 0, 59)), wall(2026, 3, 29, 1, 59));
        assert_eq!(local(utc(2026, 3, 29, 1, 0)), wall(2026, 3, 29, 3, 0));
        // 25 October: 00:59 UTC is 02:59 CEST, 01:00 UTC is 02:00 CET.
        assert_eq!(local(utc(2026, 10, 25, 0, 59)), wall(2026, 10, 25, 2, 59));
        assert_eq!(local(utc(2026, 10, 25, 1, 0)), wall(2026, 10, 25, 2, 0));
        set_test_zone(None);
    }

    #[test]
    fn typed_times_back_to_instants() {
        set_test_zone(Some(TestZone::VIENNA_2026));
        assert_eq!(
            instant_of(wall(2026, 1, 15, 0, 30)),
            Some(utc(2026, 1, 14, 23, 30))
        );
        assert_eq!(
            instant_of(wall(2026, 5, 4, 11, 15)),
            Some(utc(2026, 5, 4, 9, 15))
        );
        // 02:30 on 29 March does not exist: read as 03:30 CEST, as the browser reads it.
        assert_eq!(
            instant_of(wall(2026, 3, 29, 2, 30)),
            Some(utc(2026, 3, 29, 1, 30))
        );
        assert_eq!(
            instant_of(wall(2026, 3, 29, 3, 0)),
            Some(utc(2026, 3, 29, 1, 0))
        );
        // 02:30 on 25 October comes twice: the first, in summer time.
        assert_eq!(
            instant_of(wall(2026, 10, 25, 2, 30)),
            Some(utc(2026, 10, 25, 0, 30))
        );
        assert_eq!(
            instant_of(wall(2026, 10, 25, 3, 0)),
            Some(utc(2026, 10, 25, 2, 0))
        );
        set_test_zone(None);
    }

    #[test]
    fn days_are_local_days_of_23_24_or_25_hours() {
        set_test_zone(Some(TestZone::VIENNA_2026));
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        assert_eq!(start_of_day(day(5, 4)), Some(utc(2026, 5, 3, 22, 0)));
        assert_eq!(end_of_day(day(5, 4)), Some(utc(2026, 5, 4, 22, 0)));
        // The day summer time starts has 23 hours, the day it ends 25.
        assert_eq!(start_of_day(day(3, 29)), Some(utc(2026, 3, 28, 23, 0)));
        assert_eq!(end_of_day(day(3, 29)), Some(utc(2026, 3, 29, 22, 0)));
        assert_eq!(start_of_day(day(10, 25)), Some(utc(2026, 10, 24, 22, 0)));
        assert_eq!(end_of_day(day(10, 25)), Some(utc(2026, 10, 25, 23, 0)));
        set_test_zone(Some(TestZone::BOGOTA));
        assert_eq!(local(utc(2026, 5, 4, 3, 0)), wall(2026, 5, 3, 22, 0));
        assert_eq!(start_of_day(day(5, 4)), Some(utc(2026, 5, 4, 5, 0)));
        set_test_zone(None);
    }

    #[test]
    fn midnight_skipped_by_the_clocks_starts_the_day_after_the_jump() {
        // A zone that moves from 00:00 to 01:00 (as Santiago de Chile does): 29 March 2026
        // starts at 01:00 local, 00:00 UTC.
        set_test_zone(Some(TestZone {
            name: "Test/Midnight",
            standard: 0,
            summer: 3600,
            summer_from: 1_774_742_400,
            summer_until: 1_792_886_400,
        }));
        let day = NaiveDate::from_ymd_opt(2026, 3, 29).unwrap();
        assert_eq!(start_of_day(day), Some(utc(2026, 3, 29, 0, 0)));
        assert_eq!(local(utc(2026, 3, 29, 0, 0)), wall(2026, 3, 29, 1, 0));
        set_test_zone(None);
    }
}
