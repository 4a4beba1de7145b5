//! Totals per tax year (tax withheld, fees) summed as the walk goes.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::model::plus;

/// A total per year, summed in the walk's order. The ledger is walked in time order, so a
/// year's entries come together: the year being walked is summed on its own and put in
/// the map when another year comes (or the walk ends), not looked up once per entry.
#[derive(Debug, Default)]
pub struct YearSums {
    /// The year being summed and its total so far.
    running: Option<(i32, Option<Decimal>)>,
    done: BTreeMap<i32, Option<Decimal>>,
}

impl YearSums {
    /// Adds `amount` to the year's total; an overflow makes the total unknown for good.
    pub fn add(&mut self, year: i32, amount: Decimal) {
        match &mut self.running {
            Some((running, total)) if *running == year => *total = plus(*total, Some(amount)),
            _ => {
                self.put_away();
                let total = self.done.remove(&year).unwrap_or(Some(Decimal::ZERO));
                self.running = Some((year, plus(total, Some(amount))));
            }
        }
    }

    /// Puts the year being summed with the others.
    fn put_away(&mut self) {
        if let Some((year, total)) = self.running.take() {
            self.done.insert(year, total);
        }
    }

    /// Every year's total.
    pub fn finish(mut self) -> BTreeMap<i32, Option<Decimal>> {
        self.put_away();
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn each_year_sums_its_own_amounts_even_when_a_year_comes_back() {
        let mut sums = YearSums::default();
        sums.add(2023, dec("1.5"));
        sums.add(2023, dec("2"));
        sums.add(2024, dec("10"));
        // A year met again after another (the walk is in time order; a caller need not be).
        sums.add(2023, dec("0.25"));
        let done = sums.finish();
        assert_eq!(done.get(&2023), Some(&Some(dec("3.75"))));
        assert_eq!(done.get(&2024), Some(&Some(dec("10"))));
        assert_eq!(done.len(), 2);
    }

    #[test]
    fn an_overflow_makes_the_year_unknown_for_good_and_no_other() {
        let mut sums = YearSums::default();
        sums.add(2023, Decimal::MAX);
        sums.add(2023, Decimal::MAX);
        sums.add(2024, dec("1"));
        sums.add(2023, dec("1"));
        let done = sums.finish();
        assert_eq!(done.get(&2023), Some(&None));
        assert_eq!(done.get(&2024), Some(&Some(dec("1"))));
    }
}
