//! What is held of one asset: individual lots taken oldest first (Germany's FIFO; Austria's
//! Altvermögen, metals and arrivals whose acquisition date is not known) and Austria's
//! moving-average pool (Neuvermögen crypto and securities: one quantity, one total cost,
//! every acquisition averaged in).

use std::collections::VecDeque;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::model::Acquired;

/// One acquisition still (partly) held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lot {
    /// When acquired (a day, or unknown).
    pub acquired: Acquired,
    /// The day it reached the account: its place in line when the acquisition day is not
    /// known.
    pub arrived: NaiveDate,
    /// Quantity left.
    pub quantity: Decimal,
    /// Cost of the quantity left (`None`: unknown).
    pub cost: Option<Decimal>,
}

impl Lot {
    /// The day that orders lots oldest first: the acquisition day, else the arrival.
    fn order_day(&self) -> NaiveDate {
        match self.acquired {
            Acquired::On(day) => day,
            Acquired::Pool | Acquired::Unknown => self.arrived,
        }
    }
}

/// A part taken from a lot or from the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// Where it came from.
    pub acquired: Acquired,
    /// Quantity taken.
    pub quantity: Decimal,
    /// Its cost (the pool's: without purchase fees, Austria's 27.5 % computation).
    pub cost: Option<Decimal>,
    /// Its cost with the purchase fees (a lot's cost always holds them).
    pub cost_with_fees: Option<Decimal>,
}

/// Austria's moving-average pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    /// Quantity held.
    pub quantity: Decimal,
    /// Total cost without purchase fees, for the 27.5 % computation (`None`: an
    /// acquisition of unknown cost is in it, or a sum overflowed).
    pub cost: Option<Decimal>,
    /// Total cost with the purchase fees, for a sale the old § 31 taxes (Neuvermögen sold
    /// before 1 March 2022), where fees are costs of the sale.
    pub cost_with_fees: Option<Decimal>,
}

impl Default for Pool {
    fn default() -> Self {
        Pool {
            quantity: Decimal::ZERO,
            cost: Some(Decimal::ZERO),
            cost_with_fees: Some(Decimal::ZERO),
        }
    }
}

/// What is held of one asset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holding {
    /// Individual lots, oldest first.
    pub lots: VecDeque<Lot>,
    /// The moving-average pool.
    pub pool: Pool,
}

/// `cost × part / whole`, checked (`None` when unknown or out of range).
fn share(cost: Option<Decimal>, part: Decimal, whole: Decimal) -> Option<Decimal> {
    if part == whole {
        return cost;
    }
    cost?.checked_mul(part)?.checked_div(whole)
}

fn minus(a: Option<Decimal>, b: Option<Decimal>) -> Option<Decimal> {
    a?.checked_sub(b?)
}

impl Holding {
    /// Adds an individual lot in its place oldest first (after lots of the same day): an
    /// acquisition day the person entered may be older than lots already held.
    pub fn add_lot(&mut self, lot: Lot) {
        if lot.quantity <= Decimal::ZERO {
            return;
        }
        let day = lot.order_day();
        let at = self.lots.partition_point(|l| l.order_day() <= day);
        self.lots.insert(at, lot);
    }

    /// Averages an acquisition into the pool: its cost without and with purchase fees.
    pub fn add_to_pool(
        &mut self,
        quantity: Decimal,
        cost: Option<Decimal>,
        cost_with_fees: Option<Decimal>,
    ) {
        if quantity <= Decimal::ZERO {
            return;
        }
        let add = |a: Option<Decimal>, b: Option<Decimal>| a?.checked_add(b?);
        match self.pool.quantity.checked_add(quantity) {
            Some(q) => {
                self.pool.quantity = q;
                self.pool.cost = add(self.pool.cost, cost);
                self.pool.cost_with_fees = add(self.pool.cost_with_fees, cost_with_fees);
            }
            None => {
                self.pool.cost = None;
                self.pool.cost_with_fees = None;
            }
        }
    }

    /// Takes `quantity`: individual lots first, oldest first, then the pool. Adds the parts
    /// taken to `taken` and answers what could not be taken (more than held).
    pub fn take(&mut self, quantity: Decimal, taken: &mut Vec<Taken>) -> Decimal {
        let mut left = quantity;
        while left > Decimal::ZERO {
            let Some(lot) = self.lots.front_mut() else {
                break;
            };
            let part = left.min(lot.quantity);
            let cost = share(lot.cost, part, lot.quantity);
            taken.push(Taken {
                acquired: lot.acquired,
                quantity: part,
                cost,
                cost_with_fees: cost,
            });
            lot.cost = minus(lot.cost, cost);
            lot.quantity = lot.quantity.checked_sub(part).unwrap_or(Decimal::ZERO);
            left = left.checked_sub(part).unwrap_or(Decimal::ZERO);
            if lot.quantity <= Decimal::ZERO {
                self.lots.pop_front();
            }
        }
        if left > Decimal::ZERO && self.pool.quantity > Decimal::ZERO {
            let part = left.min(self.pool.quantity);
            let cost = share(self.pool.cost, part, self.pool.quantity);
            let cost_with_fees = share(self.pool.cost_with_fees, part, self.pool.quantity);
            taken.push(Taken {
                acquired: Acquired::Pool,
                quantity: part,
                cost,
                cost_with_fees,
            });
            self.pool.cost = minus(self.pool.cost, cost);
            self.pool.cost_with_fees = minus(self.pool.cost_with_fees, cost_with_fees);
            self.pool.quantity = self
                .pool
                .quantity
                .checked_sub(part)
                .unwrap_or(Decimal::ZERO);
            if self.pool.quantity <= Decimal::ZERO {
                self.pool = Pool::default();
            }
            left = left.checked_sub(part).unwrap_or(Decimal::ZERO);
        }
        left
    }

    /// [`Self::take`] into a list of its own.
    #[cfg(test)]
    fn take_listed(&mut self, quantity: Decimal) -> (Vec<Taken>, Decimal) {
        let mut taken = Vec::new();
        let short = self.take(quantity, &mut taken);
        (taken, short)
    }

    /// The quantity held.
    #[cfg(test)]
    pub fn quantity(&self) -> Decimal {
        self.lots
            .iter()
            .map(|l| l.quantity)
            .fold(self.pool.quantity, |a, q| a.checked_add(q).unwrap_or(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2024, 1, d).unwrap()
    }

    fn lot(d: u32, quantity: &str, cost: Option<&str>) -> Lot {
        Lot {
            acquired: Acquired::On(day(d)),
            arrived: day(d),
            quantity: dec(quantity),
            cost: cost.map(dec),
        }
    }

    #[test]
    fn fifo_takes_the_oldest_lot_first_and_splits_the_cost_of_a_partial_one() {
        let mut h = Holding::default();
        h.add_lot(lot(1, "1", Some("100")));
        h.add_lot(lot(2, "2", Some("300")));
        let (taken, short) = h.take_listed(dec("1.5"));
        assert_eq!(short, Decimal::ZERO);
        assert_eq!(taken.len(), 2);
        assert_eq!(taken[0].cost, Some(dec("100")));
        assert_eq!(taken[1].quantity, dec("0.5"));
        // 300 × 0.5 / 2 = 75.
        assert_eq!(taken[1].cost, Some(dec("75")));
        assert_eq!(h.quantity(), dec("1.5"));
        assert_eq!(h.lots[0].cost, Some(dec("225")));
    }

    #[test]
    fn an_entered_older_acquisition_day_goes_to_the_front_of_the_line() {
        let mut h = Holding::default();
        h.add_lot(lot(5, "1", Some("100")));
        // Deposited on the 9th, bought elsewhere on the 2nd: it is the oldest lot.
        h.add_lot(Lot {
            acquired: Acquired::On(day(2)),
            arrived: day(9),
            quantity: dec("1"),
            cost: Some(dec("80")),
        });
        // Deposited on the 10th, acquisition day unknown: in line by its arrival.
        h.add_lot(Lot {
            acquired: Acquired::Unknown,
            arrived: day(10),
            quantity: dec("1"),
            cost: None,
        });
        let (taken, _) = h.take_listed(dec("3"));
        assert_eq!(taken[0].acquired, Acquired::On(day(2)));
        assert_eq!(taken[1].acquired, Acquired::On(day(5)));
        assert_eq!(taken[2].acquired, Acquired::Unknown);
    }

    #[test]
    fn the_pool_averages_and_a_sale_takes_the_average_cost() {
        let mut h = Holding::default();
        h.add_to_pool(dec("1"), Some(dec("100")), Some(dec("101")));
        h.add_to_pool(dec("3"), Some(dec("500")), Some(dec("503")));
        // 600 / 4 × 2 = 300.
        let (taken, _) = h.take_listed(dec("2"));
        assert_eq!(taken[0].cost, Some(dec("300")));
        // With the fees: 604 / 4 × 2 = 302.
        assert_eq!(taken[0].cost_with_fees, Some(dec("302")));
        assert_eq!(taken[0].acquired, Acquired::Pool);
        assert_eq!(h.pool.cost, Some(dec("300")));
        assert_eq!(h.pool.quantity, dec("2"));
    }

    #[test]
    fn taking_more_than_held_answers_the_shortfall() {
        let mut h = Holding::default();
        h.add_lot(lot(1, "1", None));
        let (taken, short) = h.take_listed(dec("3"));
        assert_eq!(taken[0].cost, None);
        assert_eq!(short, dec("2"));
        assert_eq!(h.quantity(), Decimal::ZERO);
    }
}
