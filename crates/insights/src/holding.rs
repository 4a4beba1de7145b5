//! The one-year holding period: when a lot acquired on a day may be sold tax-free.
//!
//! The period starts the day after the acquisition and ends at the end of the day that has
//! the acquisition's date one year later (§ 108 AO with §§ 187 (1), 188 (2) BGB); a lot
//! acquired on 29 February ends its period on 28 February of the next year (§ 188 (3) BGB).
//! A sale on the last day of the period is within it (taxable); the first tax-free day is the
//! day after. Days are calendar days of the rule set's zone (`crate::days`), never UTC days.

use chrono::{Datelike, Days, NaiveDate};

/// The first day on which a sale of a lot acquired on `acquired` is outside the one-year
/// period (`None` only at the end of chrono's calendar).
pub fn tax_free_from(acquired: NaiveDate) -> Option<NaiveDate> {
    let next_year = acquired.year().checked_add(1)?;
    let end = acquired
        .with_year(next_year)
        .or_else(|| NaiveDate::from_ymd_opt(next_year, 2, 28))?;
    end.checked_add_days(Days::new(1))
}

/// Whether a sale on `sold` of a lot acquired on `acquired` is after the one-year period.
pub fn held_more_than_a_year(acquired: NaiveDate, sold: NaiveDate) -> bool {
    tax_free_from(acquired).is_some_and(|free| sold >= free)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_sale_on_the_anniversary_is_within_the_year_and_the_next_day_is_not() {
        let bought = day(2023, 3, 15);
        assert_eq!(tax_free_from(bought), Some(day(2024, 3, 16)));
        assert!(!held_more_than_a_year(bought, day(2024, 3, 15)));
        assert!(held_more_than_a_year(bought, day(2024, 3, 16)));
    }

    #[test]
    fn a_lot_of_29_february_is_free_from_1_march() {
        let bought = day(2024, 2, 29);
        assert_eq!(tax_free_from(bought), Some(day(2025, 3, 1)));
        assert!(!held_more_than_a_year(bought, day(2025, 2, 28)));
        assert!(held_more_than_a_year(bought, day(2025, 3, 1)));
    }

    #[test]
    fn the_last_day_of_a_year_crosses_into_the_next() {
        assert_eq!(tax_free_from(day(2024, 12, 31)), Some(day(2026, 1, 1)));
    }
}
