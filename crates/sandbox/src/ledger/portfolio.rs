//! Portfolio figures: positions and their values in a valuation currency.
//!
//! * `value` (`currency_balance`) = balance × EUR ticker price × the valuation currency's
//!   units per EUR, rounded to 2 dp. Fiat positions have no value field.
//! * `invested_amount`: average-cost basis. Buys and savings plans add the fiat spent
//!   (fee included) converted to EUR; swaps add the EUR market value given up; crypto
//!   deposits add their market value; rewards and cashback add nothing. Every disposal (sell,
//!   swap out, withdrawal, network fee) shrinks the basis in proportion to the quantity that
//!   left. Stake/unstake leave it unchanged. Converted to the valuation currency, 2 dp.
//! * `average_buy_price` = invested / balance (asset's price scale);
//!   `total_return` = value − invested; `total_return_percent` = total_return / invested ×
//!   100, 2 dp (absent when nothing was invested).
//! * Portfolio total = Σ asset values (each rounded to 2 dp) + Σ fiat balances converted to
//!   the valuation currency (amount ÷ units-per-EUR of the fiat × units-per-EUR of the
//!   valuation currency, each rounded to 2 dp; exact when the currencies are the same).

use super::{Ledger, Unit};
use crate::fixed_catalogue::{catalogue, Currency};
use crate::price_walk::PriceModel;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// One non-zero holding with its figures in the valuation currency.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// Asset or currency.
    pub unit: Unit,
    /// Total balance incl. staked.
    pub balance: Decimal,
    /// Balance minus staked.
    pub available: Decimal,
    /// Value in the valuation currency (assets only).
    pub value: Option<Decimal>,
    /// Cost basis in the valuation currency (assets only).
    pub invested: Option<Decimal>,
    /// Cost per unit in the valuation currency (assets only).
    pub average_buy_price: Option<Decimal>,
    /// value − invested (assets only).
    pub total_return: Option<Decimal>,
    /// total_return / invested × 100 (assets with a cost basis only).
    pub total_return_percent: Option<Decimal>,
}

/// The value of `qty` of `unit` at `t` in the valuation currency, rounded to 2 dp.
pub fn value_of(
    prices: &PriceModel,
    unit: Unit,
    qty: Decimal,
    t: DateTime<Utc>,
    val: &Currency,
) -> Decimal {
    match unit {
        Unit::Asset(i) => (qty * prices.price_eur_at(i, t) * val.per_eur).round_dp(2),
        Unit::Fiat(c) if c == val.index => qty.round_dp(2),
        Unit::Fiat(c) => (qty / catalogue().currencies[c].per_eur * val.per_eur).round_dp(2),
    }
}

/// Units in slot order (assets, then currencies).
pub fn all_units() -> impl Iterator<Item = Unit> {
    let c = catalogue();
    (0..c.assets.len())
        .map(Unit::Asset)
        .chain((0..c.currencies.len()).map(Unit::Fiat))
}

impl Ledger {
    /// The sum of `balances` (indexed by slot) valued at `t`, as described in the module docs.
    pub fn valuation(&self, balances: &[Decimal], t: DateTime<Utc>, val: &Currency) -> Decimal {
        all_units()
            .filter(|u| !balances[u.slot()].is_zero())
            .map(|u| value_of(&self.prices, u, balances[u.slot()], t, val))
            .sum()
    }

    /// Current total balances (main + staked) per slot.
    pub fn balances(&self) -> Vec<Decimal> {
        let h = &self.holdings;
        h.main.iter().zip(&h.staked).map(|(m, s)| m + s).collect()
    }

    /// The portfolio total at `t` in the valuation currency.
    pub fn total_value(&self, t: DateTime<Utc>, val: &Currency) -> Decimal {
        self.valuation(&self.balances(), t, val)
    }

    /// Non-zero positions at `t`: assets in catalogue order, then fiat currencies.
    pub fn positions(&self, t: DateTime<Utc>, val: &Currency) -> Vec<Position> {
        let h = &self.holdings;
        all_units()
            .filter(|u| !h.balance(*u).is_zero())
            .map(|unit| {
                let balance = h.balance(unit);
                let available = h.main[unit.slot()];
                let Unit::Asset(i) = unit else {
                    return Position {
                        unit,
                        balance,
                        available,
                        value: None,
                        invested: None,
                        average_buy_price: None,
                        total_return: None,
                        total_return_percent: None,
                    };
                };
                let value = value_of(&self.prices, unit, balance, t, val);
                let invested = (h.cost_eur[unit.slot()] * val.per_eur).round_dp(2);
                let scale = catalogue().assets[i].price_scale;
                let total_return = value - invested;
                Position {
                    unit,
                    balance,
                    available,
                    value: Some(value),
                    invested: Some(invested),
                    average_buy_price: Some((invested / balance).round_dp(scale)),
                    total_return: Some(total_return),
                    total_return_percent: (!invested.is_zero())
                        .then(|| (total_return / invested * Decimal::ONE_HUNDRED).round_dp(2)),
                }
            })
            .collect()
    }
}
