//! Buys, savings plans, sells and swaps: spend only what the wallets hold.

use super::{down, fee_percent, is_crypto, leg, Generator};
use crate::catalogue::catalogue;
use crate::ledger::{CostEffect, Flow, Trade, Unit};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

impl Generator {
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
        if notional < Decimal::ONE || notional > self.main(Unit::Fiat(fiat)) {
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
        let trade = Trade {
            id: self.ledger.new_id(),
            fee,
            fee_unit: Unit::Fiat(fiat),
            fee_percentage: pct,
            rate,
            rate_with_fee: (notional / qty).round_dp(a.price_scale),
            to_eur_rate: currency.to_eur_rate(),
        };
        let mut pay = leg(Unit::Fiat(fiat), notional, op_type, Flow::Outgoing);
        pay.fee = fee;
        pay.with_order = true;
        pay.trade = Some(trade.clone());
        let mut get = leg(Unit::Asset(asset), qty, op_type, Flow::Incoming);
        get.with_order = true;
        get.trade = Some(trade);
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
        let trade = Trade {
            id: self.ledger.new_id(),
            fee,
            fee_unit: Unit::Fiat(fiat),
            fee_percentage: pct,
            rate,
            rate_with_fee: ((proceeds - fee) / qty).round_dp(a.price_scale),
            to_eur_rate: currency.to_eur_rate(),
        };
        let mut give = leg(Unit::Asset(asset), qty, "sell", Flow::Outgoing);
        give.with_order = true;
        give.trade = Some(trade.clone());
        give.cost = CostEffect::Reduce;
        let mut get = leg(Unit::Fiat(fiat), proceeds - fee, "sell", Flow::Incoming);
        get.fee = fee;
        get.with_order = true;
        get.trade = Some(trade);
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
        if qty.is_zero() || (gross - fee).is_zero() {
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
        let mut give = leg(Unit::Asset(from), qty, "swap", Flow::Outgoing);
        give.trade = Some(trade.clone());
        give.cost = CostEffect::Reduce;
        let mut get = leg(Unit::Asset(to), gross - fee, "swap", Flow::Incoming);
        get.fee = fee;
        get.trade = Some(trade);
        get.cost = CostEffect::Add(value_eur);
        self.ledger.record("swap", t, vec![give, get]);
        true
    }
}
