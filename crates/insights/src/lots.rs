//! What is held of one asset: individual lots taken oldest first (Germany's FIFO; Austria's
//! Altvermögen and metals) and Austria's moving-average pool (Neuvermögen crypto and
//! securities: one quantity, one total cost, every acquisition averaged in).

use std::collections::VecDeque;

use chrono::NaiveDate;
use rust_decimal::Decimal;

/// One acquisition still (partly) held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lot {
    /// When acquired.
    pub acquired: NaiveDate,
    /// Quantity left.
    pub quantity: Decimal,
    /// Cost of the quantity left (`None`: unknown).
    pub cost: Option<Decimal>,
}

/// A part taken from a lot or from the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The lot's acquisition day (`None`: the pool).
    pub acquired: Option<NaiveDate>,
    /// Quantity taken.
    pub quantity: Decimal,
    /// Its cost.
    pub cost: Option<Decimal>,
}

/// Austria's moving-average pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    /// Quantity held.
    pub quantity: Decimal,
    /// Total cost (`None`: an acquisition of unknown cost is in it).
    pub cost: Option<Decimal>,
}

impl Default for Pool {
    fn default() -> Self {
        Pool {
            quantity: Decimal::ZERO,
            cost: Some(Decimal::ZERO),
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
    /// Adds an individual lot.
    pub fn add_lot(&mut self, acquired: NaiveDate, quantity: Decimal, cost: Option<Decimal>) {
        if quantity > Decimal::ZERO {
            self.lots.push_back(Lot {
                acquired,
                quantity,
                cost,
            });
        }
    }

    /// Averages an acquisition into the pool.
    pub fn add_to_pool(&mut self, quantity: Decimal, cost: Option<Decimal>) {
        if quantity <= Decimal::ZERO {
            return;
        }
        match self.pool.quantity.checked_add(quantity) {
            Some(q) => {
                self.pool.quantity = q;
                self.pool.cost = self.pool.cost.zip(cost).and_then(|(a, b)| a.checked_add(b));
            }
            None => self.pool.cost = None,
        }
    }

    /// Takes `quantity`: individual lots first, oldest first, then the pool. Answers the
    /// parts taken and what could not be taken (more than held).
    pub fn take(&mut self, quantity: Decimal) -> (Vec<Taken>, Decimal) {
        let mut left = quantity;
        let mut taken = Vec::new();
        while left > Decimal::ZERO {
            let Some(lot) = self.lots.front_mut() else {
                break;
            };
            let part = left.min(lot.quantity);
            let cost = share(lot.cost, part, lot.quantity);
            taken.push(Taken {
                acquired: Some(lot.acquired),
                quantity: part,
                cost,
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
            taken.push(Taken {
                acquired: None,
                quantity: part,
                cost,
            });
            self.pool.cost = minus(self.pool.cost, cost);
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
        (taken, left)
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
    use rust_decimal_macros_free::dec;

    mod rust_decimal_macros_free {
        /// `dec("1.5")`.
        pub fn dec(s: &str) -> rust_decimal::Decimal {
            s.parse().unwrap()
        }
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2024, 1, d).unwrap()
    }

    #[test]
    fn fifo_takes_the_oldest_lot_first_and_splits_the_cost_of_a_partial_one() {
        let mut h = Holding::default();
        h.add_lot(day(1), dec("1"), Some(dec("100")));
        h.add_lot(day(2), dec("2"), Some(dec("300")));
        let (taken, short) = h.take(dec("1.5"));
        assert_eq!(short, Decimal::ZERO);
        assert_eq!(taken.len(), 2);
        assert_eq!(taken[0].cost, Some(dec("100")));
        assert_eq!(taken[1].quantity, dec("0.5"));
        assert_eq!(taken[1].cost, Some(dec("75")));
        assert_eq!(h.quantity(), dec("1.5"));
        assert_eq!(h.lots[0].cost, Some(dec("225")));
    }

    #[test]
    fn the_pool_averages_and_a_sale_takes_the_average_cost() {
        let mut h = Holding::default();
        h.add_to_pool(dec("1"), Some(dec("100")));
        h.add_to_pool(dec("3"), Some(dec("500")));
        let (taken, _) = h.take(dec("2"));
        assert_eq!(taken[0].cost, Some(dec("300")));
        assert_eq!(h.pool.cost, Some(dec("300")));
        assert_eq!(h.pool.quantity, dec("2"));
    }

    #[test]
    fn taking_more_than_held_answers_the_shortfall() {
        let mut h = Holding::default();
        h.add_lot(day(1), dec("1"), None);
        let (taken, short) = h.take(dec("3"));
        assert_eq!(taken[0].cost, None);
        assert_eq!(short, dec("2"));
        assert_eq!(h.quantity(), Decimal::ZERO);
    }
}
