//! Buys, savings plans, sells and swaps: spend only what the wallets hold.

use super::{down, fee_percent, is_crypto, leg, Generator};
use crate::fixed_catalogue::catalogue;
use crate::ledger::{CostEffect, Flow, LegDraft, Trade, Unit};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// The two legs of a trade of `op_type`, both carrying `trade`: `give` goes out, `get` comes
/// in; with an order id when `with_order`.
pub(super) fn trade_legs(
    op_type: &'static str,
    trade: Trade,
    give: (Unit, Decimal),
    get: (Unit, Decimal),
    with_order: bool,
) -> [LegDraft; 2] {
    let mut give = leg(give.0, give.1, op_type, Flow::Outgoing);
    let mut get = leg(get.0, get.1, op_type, Flow::Incoming);
    for l in [&mut give, &mut get] {
        l.with_order = with_order;
        l.trade = Some(trade.clone());
    }
    [give, get]
}

impl Generator {
    /// A buy's or sell's trade against `fiat`: the fee counted in it, `(rate, rate with fee)`
    /// in it, and its EUR rate.
    fn fiat_trade(
        &mut self,
        fiat: usize,
        (rate, rate_with_fee): (Decimal, Decimal),
        fee: Decimal,
        fee_percentage: Decimal,
    ) -> Trade {
        Trade {
            id: self.ledger.new_id(),
            fee,
            fee_unit: Unit::Fiat(fiat),
            fee_percentage,
            rate,
            rate_with_fee,
            to_eur_rate: catalogue().currencies[fiat].to_eur_rate(),
        }
    }

    fn pick_fiat(&mut self) -> usize {
        let others: Vec<usize> = (1..catalogue().currencies.len())
            .filter(|&c| self.main(Unit::Fiat(c)) >= Decimal::TEN)
            .collect();
        if others.is_empty() || self.rng.chance(75) {
            0
        } else {
            others[self.rng.below(others.len() as u64) as usize]
        }
    }

    pub(super) fn buy(&mut self, t: DateTime<Utc>, op_type: &'static str) -> bool {
        let (fiat, asset, notional) = if op_type == "savings_plan" {
            let plans = ["BTC", "ETH", "EUNL", "VWCE", "XAU"];
            let symbol = plans[self.rng.below(plans.len() as u64) as usize];
            let asset = catalogue()
                .asset_by_symbol(symbol)
                .expect("plan asset")
                .index;
            (
                0,
                asset,
                Decimal::from([25, 50, 100][self.rng.below(3) as usize]),
            )
        } else {
            let fiat = self.pick_fiat();
            let asset = self.rng.below(catalogue().assets.len() as u64) as usize;
            let notional = self.percent_of(self.main(Unit::Fiat(fiat)), 2, 30, 2);
            (fiat, asset, notional)
        };
        if notional < Decimal::ONE || notional > self.main(Unit::Fiat(fiat)) || !self.free(asset) {
            return false;
        }
        let a = &catalogue().assets[asset];
        let currency = &catalogue().currencies[fiat];
        let rate = (self.ledger.prices.price_eur(a, t) * currency.per_eur).round_dp(a.price_scale);
        let pct = fee_percent(a.kind);
        let fee = (notional * pct / Decimal::ONE_HUNDRED).round_dp(2);
        let qty = down((notional - fee) / rate, a.kind.precision());
        if qty.is_zero() {
            return false;
        }
        let with_fee = (notional / qty).round_dp(a.price_scale);
        let trade = self.fiat_trade(fiat, (rate, with_fee), fee, pct);
        let pay = (Unit::Fiat(fiat), notional);
        let [mut pay, mut get] = trade_legs(op_type, trade, pay, (Unit::Asset(asset), qty), true);
        pay.fee = fee;
        get.cost = CostEffect::Add((notional / currency.per_eur).round_dp(2));
        self.ledger.record(op_type, t, vec![pay, get]);
        true
    }

    pub(super) fn sell(&mut self, t: DateTime<Utc>) -> bool {
        let Some(asset) = self.held(|_| true) else {
            return false;
        };
        let a = &catalogue().assets[asset];
        let fiat = if self.rng.chance(85) { 0 } else { 1 };
        let currency = &catalogue().currencies[fiat];
        let qty = self.percent_of(self.main(Unit::Asset(asset)), 10, 100, a.kind.precision());
        let rate = (self.ledger.prices.price_eur(a, t) * currency.per_eur).round_dp(a.price_scale);
        let proceeds = (qty * rate).round_dp(2);
        let pct = fee_percent(a.kind);
        let fee = (proceeds * pct / Decimal::ONE_HUNDRED).round_dp(2);
        if qty.is_zero() || proceeds - fee <= Decimal::ZERO {
            return false;
        }
        let with_fee = ((proceeds - fee) / qty).round_dp(a.price_scale);
        let trade = self.fiat_trade(fiat, (rate, with_fee), fee, pct);
        let get = (Unit::Fiat(fiat), proceeds - fee);
        let [mut give, mut get] = trade_legs("sell", trade, (Unit::Asset(asset), qty), get, true);
        give.cost = CostEffect::Reduce;
        get.fee = fee;
        self.ledger.record("sell", t, vec![give, get]);
        true
    }

    pub(super) fn swap(&mut self, t: DateTime<Utc>) -> bool {
        let Some(from) = self.held(is_crypto) else {
            return false;
        };
        let to = (from + 1 + self.rng.below(15) as usize) % 16;
        let qty = self.percent_of(self.main(Unit::Asset(from)), 10, 60, 8);
        let value_eur = self.market_value_eur(from, qty, t);
        let to_price = self.ledger.prices.price_eur_at(to, t);
        let gross = down(value_eur / to_price, 8);
        let pct = Decimal::new(99, 2);
        let fee = down(gross * pct / Decimal::ONE_HUNDRED, 8);
        if qty.is_zero() || (gross - fee).is_zero() || !self.free(to) {
            return false;
        }
        let trade = Trade {
            id: self.ledger.new_id(),
            fee,
            fee_unit: Unit::Asset(to),
            fee_percentage: pct,
            rate: (gross / qty).round_dp(8),
            rate_with_fee: ((gross - fee) / qty).round_dp(8),
            to_eur_rate: Decimal::ONE,
        };
        let get = (Unit::Asset(to), gross - fee);
        let [mut give, mut get] = trade_legs("swap", trade, (Unit::Asset(from), qty), get, false);
        give.cost = CostEffect::Reduce;
        get.fee = fee;
        get.cost = CostEffect::Add(value_eur);
        self.ledger.record("swap", t, vec![give, get]);
        true
    }
}
