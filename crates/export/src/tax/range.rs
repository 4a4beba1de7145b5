//! The period a file covers: whole UTC days, both ends included.

use chrono::{DateTime, NaiveDate, Utc};

/// A period of whole days in UTC, `from` and `to` included (a tax year is
/// [`DateRange::year`]). An instant is in the range when its UTC date is one of the days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DateRange {
    from: NaiveDate,
    to: NaiveDate,
}

impl DateRange {
    /// The days from `from` to `to`, or `None` when `to` is before `from`.
    pub fn new(from: NaiveDate, to: NaiveDate) -> Option<Self> {
        (from <= to).then_some(Self { from, to })
    }

    /// 1 January to 31 December of `year` (`None` outside chrono's calendar).
    pub fn year(year: i32) -> Option<Self> {
        Self::new(
            NaiveDate::from_ymd_opt(year, 1, 1)?,
            NaiveDate::from_ymd_opt(year, 12, 31)?,
        )
    }

    /// Every day chrono's calendar holds (a ledger of the whole account).
    pub fn all_days() -> Self {
        Self {
            from: NaiveDate::MIN,
            to: NaiveDate::MAX,
        }
    }

    /// The first day.
    pub fn from(&self) -> NaiveDate {
        self.from
    }

    /// The last day (included).
    pub fn to(&self) -> NaiveDate {
        self.to
    }

    /// Whether `t` falls on one of the range's days (UTC).
    pub fn contains(&self, t: DateTime<Utc>) -> bool {
        let day = t.date_naive();
        self.from <= day && day <= self.to
    }
}
