//! Quotes: a price for buying or selling an asset against a fiat currency, valid for a while.
//!
//! Pricing (all in the quote's fiat currency): `price` = EUR ticker × units-per-EUR, at the
//! asset's price scale; the premium (fee) is the asset kind's fee percentage of the fiat
//! amount, 2 dp. `notional` is what moves in the fiat wallet, fee included: a buy pays it, a
//! sell receives it. `price_with_premium` = notional ÷ quantity.
//! * BUY by notional N: fee = N × pct, quantity = (N − fee) ÷ price rounded down.
//! * BUY by quantity Q: gross = Q × price rounded up to cents, notional = gross + fee.
//! * SELL by quantity Q: gross = Q × price rounded down to cents, notional = gross − fee.
//! * SELL by notional N: quantity = N ÷ (price × (1 − pct)) rounded up, fee = gross − N.

use super::generate::{down, fee_percent};
use super::{Ledger, Refusal};
use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use chrono::{DateTime, Duration, Utc};
use rust_decimal::{Decimal, RoundingStrategy};

/// Largest quantity or notional a quote accepts.
pub const MAX_AMOUNT: Decimal = Decimal::from_parts(0xD4A5_1000, 0xE8, 0, false, 0); // 1e12

/// Buy or sell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Fiat → asset.
    Buy,
    /// Asset → fiat.
    Sell,
}

impl Side {
    /// `BUY` / `SELL`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Buy => "BUY",
            Side::Sell => "SELL",
        }
    }

    /// Parses `buy`/`sell` in any case.
    pub fn parse(s: &str) -> Option<Self> {
        if s.eq_ignore_ascii_case("BUY") {
            Some(Side::Buy)
        } else if s.eq_ignore_ascii_case("SELL") {
            Some(Side::Sell)
        } else {
            None
        }
    }
}

/// How the amount of a quote was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// A quantity of the asset.
    Quantity(Decimal),
    /// A fiat amount.
    Notional(Decimal),
}

/// The figures of a priced quote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pricing {
    /// Asset quantity traded.
    pub quantity: Decimal,
    /// Fiat paid (buy) or received (sell), fee included.
    pub notional: Decimal,
    /// The fee in fiat.
    pub premium: Decimal,
}

/// One quote and, once accepted, its trade.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// `quote_id`.
    pub id: Uuid,
    /// Buy or sell.
    pub side: Side,
    /// Asset (catalogue index).
    pub asset: usize,
    /// Fiat currency (catalogue index).
    pub currency: usize,
    /// Unit price without premium.
    pub price: Decimal,
    /// notional ÷ quantity.
    pub price_with_premium: Decimal,
    /// Fee percentage of the fiat amount (`1.49`).
    pub fee_percentage: Decimal,
    /// The amounts.
    pub pricing: Pricing,
    /// EUR per unit of the fiat currency.
    pub to_euro_rate: Decimal,
    /// Last instant the quote can be accepted.
    pub expires_at: DateTime<Utc>,
    /// The trade id once accepted.
    pub trade_id: Option<Uuid>,
    /// When it was accepted.
    pub executed_at: Option<DateTime<Utc>>,
}

fn up(x: Decimal, dp: u32) -> Decimal {
    x.round_dp_with_strategy(dp, RoundingStrategy::AwayFromZero)
}

/// Prices `amount` at unit `price` with fee percentage `pct` for an asset with `precision`
/// decimals. Refuses amounts that are not > 0, too precise, too large or too small to trade.
pub fn price(
    side: Side,
    amount: Amount,
    price: Decimal,
    pct: Decimal,
    precision: u32,
) -> Result<Pricing, Refusal> {
    let (value, dp, name) = match amount {
        Amount::Quantity(q) => (q, precision, "quantity"),
        Amount::Notional(n) => (n, 2, "notional"),
    };
    if value <= Decimal::ZERO || value > MAX_AMOUNT {
        return Err(Refusal::invalid(format!("{name} must be > 0 and ≤ 10^12")));
    }
    if value.normalize().scale() > dp {
        return Err(Refusal::invalid(format!(
            "{name} has more than {dp} decimals"
        )));
    }
    let rate = pct / Decimal::ONE_HUNDRED;
    let fee_of = |gross: Decimal| (gross * rate).round_dp(2);
    let (quantity, notional, premium) = match (side, amount) {
        (Side::Buy, Amount::Notional(n)) => {
            let fee = fee_of(n);
            (down((n - fee) / price, precision), n, fee)
        }
        (Side::Buy, Amount::Quantity(q)) => {
            let gross = up(q * price, 2);
            let fee = fee_of(gross);
            (q, gross + fee, fee)
        }
        (Side::Sell, Amount::Quantity(q)) => {
            let gross = down(q * price, 2);
            let fee = fee_of(gross);
            (q, gross - fee, fee)
        }
        (Side::Sell, Amount::Notional(n)) => {
            let q = up(n / (price * (Decimal::ONE - rate)), precision);
            let gross = down(q * price, 2);
            let received = n.min(gross);
            (q, received, gross - received)
        }
    };
    if quantity <= Decimal::ZERO || notional <= Decimal::ZERO {
        return Err(Refusal::invalid("the amount is too small to trade"));
    }
    Ok(Pricing {
        quantity,
        notional,
        premium,
    })
}

impl Ledger {
    /// Prices and stores a quote valid from `now` for `ttl`.
    pub fn create_quote(
        &mut self,
        side: Side,
        asset: usize,
        currency: usize,
        amount: Amount,
        now: DateTime<Utc>,
        ttl: Duration,
    ) -> Result<&Quote, Refusal> {
        let a = &catalogue().assets[asset];
        let c = &catalogue().currencies[currency];
        let unit_price = (self.prices.price_eur(a, now) * c.per_eur).round_dp(a.price_scale);
        let pct = fee_percent(a.kind);
        let pricing = price(side, amount, unit_price, pct, a.kind.precision())?;
        self.quotes
            .retain(|_, q| q.trade_id.is_some() || q.expires_at + Duration::days(1) > now);
        let id = self.new_id();
        let quote = Quote {
            id,
            side,
            asset,
            currency,
            price: unit_price,
            price_with_premium: (pricing.notional / pricing.quantity).round_dp(a.price_scale),
            fee_percentage: pct,
            pricing,
            to_euro_rate: c.to_eur_rate(),
            expires_at: now + ttl,
            trade_id: None,
            executed_at: None,
        };
        Ok(self.quotes.entry(id).or_insert(quote))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn pricing_rules() {
        let pct = d("1.49");
        let p = price(Side::Buy, Amount::Notional(d("100")), d("50000"), pct, 8).unwrap();
        assert_eq!((p.notional, p.premium), (d("100"), d("1.49")));
        assert_eq!(p.quantity, d("0.0019702"));
        let p = price(Side::Buy, Amount::Quantity(d("0.5")), d("10.01"), pct, 8).unwrap();
        assert_eq!(
            (p.quantity, p.premium, p.notional),
            (d("0.5"), d("0.07"), d("5.08"))
        );
        let p = price(Side::Sell, Amount::Quantity(d("2")), d("10"), pct, 8).unwrap();
        assert_eq!((p.premium, p.notional), (d("0.30"), d("19.70")));
        let p = price(Side::Sell, Amount::Notional(d("19.70")), d("10"), pct, 8).unwrap();
        assert_eq!(p.notional, d("19.70"));
        assert!(p.quantity > d("1.99") && p.quantity <= d("2"), "{p:?}");
        assert_eq!(p.premium, down(p.quantity * d("10"), 2) - d("19.70"));
    }

    #[test]
    fn pricing_refuses_bad_amounts() {
        let pct = d("1.49");
        for amount in [
            Amount::Notional(d("0")),
            Amount::Notional(d("-1")),
            Amount::Notional(d("1.001")),
            Amount::Quantity(d("0.000000001")),
            Amount::Quantity(d("1000000000001")),
        ] {
            let r = price(Side::Buy, amount, d("50000"), pct, 8);
            assert!(matches!(r, Err(Refusal::Invalid(_))), "{amount:?}");
        }
        let tiny = price(
            Side::Buy,
            Amount::Notional(d("0.01")),
            d("100000000"),
            pct,
            8,
        );
        assert!(matches!(tiny, Err(Refusal::Invalid(_))));
        assert_eq!(MAX_AMOUNT, d("1000000000000"));
    }
}
