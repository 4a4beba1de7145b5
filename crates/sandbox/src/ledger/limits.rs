//! Per-key daily trading limits. Limits are written once per key; each accepted buy or sell
//! uses up its side's budget by the trade's notional converted into the limit currency
//! (amount ÷ units-per-EUR of the trade currency × units-per-EUR of the limit currency,
//! rounded to 2 dp). Budgets reset at 00:00 UTC.

use super::quotes::Side;
use super::{Ledger, Refusal, TradingLimit};
use crate::fixed_catalogue::catalogue;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use rust_decimal::Decimal;

/// What a key may still trade today.
#[derive(Debug, Clone, PartialEq)]
pub struct Budget {
    /// Buy volume left today (≥ 0), in the limit currency.
    pub buy_remaining: Decimal,
    /// Sell volume left today (≥ 0), in the limit currency.
    pub sell_remaining: Decimal,
    /// Currency of the limit (catalogue index).
    pub currency: usize,
    /// The next 00:00 UTC.
    pub resets_at: DateTime<Utc>,
}

/// The first 00:00 UTC after `now`.
pub fn next_reset(now: DateTime<Utc>) -> DateTime<Utc> {
    let tomorrow = now.date_naive() + Duration::days(1);
    tomorrow.and_hms_opt(0, 0, 0).expect("midnight").and_utc()
}

/// `amount` of currency `from` in currency `to` (catalogue indices), 2 dp.
pub fn convert(amount: Decimal, from: usize, to: usize) -> Decimal {
    if from == to {
        return amount;
    }
    let c = &catalogue().currencies;
    (amount / c[from].per_eur * c[to].per_eur).round_dp(2)
}

impl TradingLimit {
    /// Fresh limits with nothing used.
    pub fn new(buy_limit: Decimal, sell_limit: Decimal, currency: usize) -> Self {
        Self {
            buy_limit,
            sell_limit,
            currency,
            day: None,
            buy_used: Decimal::ZERO,
            sell_used: Decimal::ZERO,
        }
    }

    fn used_on(&self, day: NaiveDate) -> (Decimal, Decimal) {
        if self.day == Some(day) {
            (self.buy_used, self.sell_used)
        } else {
            (Decimal::ZERO, Decimal::ZERO)
        }
    }

    /// The budgets left at `now`.
    pub fn budget(&self, now: DateTime<Utc>) -> Budget {
        let (buy, sell) = self.used_on(now.date_naive());
        Budget {
            buy_remaining: (self.buy_limit - buy).max(Decimal::ZERO),
            sell_remaining: (self.sell_limit - sell).max(Decimal::ZERO),
            currency: self.currency,
            resets_at: next_reset(now),
        }
    }

    /// Whether a trade of `amount` (in the limit currency) on `side` fits today's budget.
    pub fn allows(&self, side: Side, amount: Decimal, now: DateTime<Utc>) -> bool {
        let b = self.budget(now);
        amount
            <= match side {
                Side::Buy => b.buy_remaining,
                Side::Sell => b.sell_remaining,
            }
    }

    /// Uses up `amount` (in the limit currency) of today's `side` budget.
    pub fn consume(&mut self, side: Side, amount: Decimal, now: DateTime<Utc>) {
        let today = now.date_naive();
        let (buy, sell) = self.used_on(today);
        self.day = Some(today);
        (self.buy_used, self.sell_used) = match side {
            Side::Buy => (buy + amount, sell),
            Side::Sell => (buy, sell + amount),
        };
    }
}

impl Ledger {
    /// Sets `key`'s limits; a key that has limits keeps them ([`Refusal::LimitsAlreadySet`]).
    pub fn set_limits(&mut self, key: &str, limit: TradingLimit) -> Result<&TradingLimit, Refusal> {
        if self.trading_limits.contains_key(key) {
            return Err(Refusal::LimitsAlreadySet);
        }
        Ok(self.trading_limits.entry(key.to_string()).or_insert(limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn budgets_are_used_and_reset_at_midnight_utc() {
        let t = Utc.with_ymd_and_hms(2026, 5, 4, 23, 59, 0).unwrap();
        let mut l = TradingLimit::new(Decimal::from(100), Decimal::from(50), 0);
        assert!(l.allows(Side::Buy, Decimal::from(100), t));
        l.consume(Side::Buy, Decimal::from(60), t);
        let b = l.budget(t);
        assert_eq!((b.buy_remaining, b.sell_remaining), (40.into(), 50.into()));
        assert!(!l.allows(Side::Buy, Decimal::new(4001, 2), t));
        assert_eq!(
            b.resets_at,
            Utc.with_ymd_and_hms(2026, 5, 5, 0, 0, 0).unwrap()
        );
        let next_day = t + Duration::minutes(2);
        assert_eq!(l.budget(next_day).buy_remaining, Decimal::from(100));
        l.consume(Side::Sell, Decimal::from(10), next_day);
        assert_eq!(l.budget(next_day).buy_remaining, Decimal::from(100));
        assert_eq!(l.budget(next_day).sell_remaining, Decimal::from(40));
    }

    #[test]
    fn conversion_goes_through_eur() {
        let usd = catalogue().currency_by_symbol("USD").unwrap().index;
        assert_eq!(convert(Decimal::from(10), 0, 0), Decimal::from(10));
        let per = catalogue().currencies[usd].per_eur;
        assert_eq!(
            convert(Decimal::from(10), 0, usd),
            (Decimal::from(10) * per).round_dp(2)
        );
    }
}
