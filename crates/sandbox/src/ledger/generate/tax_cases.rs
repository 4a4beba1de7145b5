//! The tax cases: fixed operations at fixed dates that a tax estimate (Folio's Insights,
//! `docs/insights.md`) must get right, in every history of at least [`MIN_OPERATIONS`]
//! operations (how they are merged into the random history: the parent module's docs).
//!
//! The same for every seed and start time: ids, times, quantities, EUR amounts (only the
//! wallet ids follow the seed). Operation `O` of case `C` has the id
//! `7a5ca5e0-CCCC-4OOO-8000-000000000000` ("tax case", [`ids`]); its legs end in `…0001`,
//! `…0002` in order, its trade id has `9000` and its order id `a000` in the fourth group.
//! Legs are drafted as the random history drafts them: a buy is EUR OUTGOING (the amount
//! paid, fee included, `fee_amount` = the fee) and the asset INCOMING, a sale the asset
//! OUTGOING and EUR INCOMING (received, after the fee), both legs with the trade (`fee`,
//! `fee_percentage` 1.49 crypto / 0.50 metals / 0.10 securities, `rate` without and
//! `rate_with_fee` with the fee) and an order id; amounts at the catalogue's precision.
//! Each case brings its EUR in with deposits of its own (listed below, not tax events).
//!
//! # Conventions of the figures
//! * **after fees** = EUR received − EUR paid (the share sold): the private-sale figure
//!   (DE § 23, AT § 31 and the old rules) and what `docs/insights.md` computes;
//!   **before fees** = (received + sale fee) − (paid − buy fee): the Austrian 27.5 % figure
//!   if purchase and sale fees are left out (tax-rules: "Fees are not part of the 27.5 %
//!   computation").
//! * **Local days**: Berlin and Vienna are UTC+1 in winter, UTC+2 in summer; a holding
//!   period ends on the local anniversary (a sale on it is within the year; the day after
//!   is free).
//! * **Reference price** (swap, reward, asset fee): EUR of the asset's latest fiat trade on
//!   or before the day ÷ its quantity (as `crates/insights/src/prices.rs`), fees included.
//! * **Which years are the cases' alone**: the random history covers the 730 days before the
//!   start time, so with a start from 2026-01-01 the years 2020–2023 hold only the cases
//!   and their yearly totals below are exact; 2024 and 2025 also hold random operations
//!   (other assets, and the cases' assets only after their last case operation), so only the
//!   cases' own figures are fixed there.
//!
//! # The cases
//!
//! Each case, its figures and what a tax estimate must show: [`cases`]'s module docs
//! (`tax_cases/cases.rs`).

use super::trades::trade_legs;
use super::{down, fee_percent, leg};
use crate::fixed_catalogue::{catalogue, Asset};
use crate::ids::Uuid;
use crate::ledger::{CostEffect, Flow, LegDraft, OperationIds, Trade, Unit, WalletKind};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::str::FromStr;

/// Histories with fewer operations have no tax cases.
pub const MIN_OPERATIONS: usize = 300;

/// A case is part of the history only when its last operation is at least this many days
/// before the sandbox's start time.
pub const MARGIN_DAYS: i64 = 30;

/// One operation of a tax case, before the ledger records it.
#[derive(Debug, Clone)]
pub struct FixedOp {
    /// The case's number (1–8, as in the module docs).
    pub case: u8,
    /// The operation's number within its case (1, 2, … in time order).
    pub number: u8,
    /// When it happened.
    pub time: DateTime<Utc>,
    /// `operation_type`.
    pub op_type: &'static str,
    /// Its legs (a deposit of an asset gets its cost basis, the market value, when recorded).
    pub legs: Vec<LegDraft>,
    /// Whether only the legacy API lists it.
    pub legacy_only: bool,
}

impl FixedOp {
    /// Its ids: the operation's, the order's when a leg has one, and one per leg.
    pub fn ids(&self) -> OperationIds {
        let (case, op) = (self.case, self.number);
        OperationIds {
            op: operation_id(case, op),
            order: self
                .legs
                .iter()
                .any(|d| d.with_order)
                .then(|| id(case, op, "a000", 0)),
            legs: (1..=self.legs.len())
                .map(|l| id(case, op, "8000", l))
                .collect(),
        }
    }
}

/// `7a5ca5e0-CCCC-4OOO-GGGG-LLLLLLLLLLLL`: case C, operation O, G = 8000 for the operation
/// (L = 0) and its legs (L = 1, 2, …), 9000 for its trade, a000 for its order.
fn id(case: u8, op: u8, group: &str, leg: usize) -> Uuid {
    Uuid::parse(&format!("7a5ca5e0-{case:04}-4{op:03}-{group}-{leg:012}")).expect("a uuid")
}

/// The `operation_id` of operation `op` of case `case`.
pub fn operation_id(case: u8, op: u8) -> Uuid {
    id(case, op, "8000", 0)
}

/// The operations of the cases whose last operation is before `limit`, oldest first.
pub fn ending_before(limit: DateTime<Utc>) -> Vec<FixedOp> {
    let mut ops: Vec<FixedOp> = cases()
        .into_iter()
        .filter(|c| c.ops.iter().all(|op| op.time < limit))
        .flat_map(|c| c.ops)
        .collect();
    ops.sort_by_key(|op| op.time);
    ops
}

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).expect("a decimal")
}

fn time(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("an RFC 3339 instant")
        .with_timezone(&Utc)
}

fn asset(symbol: &str) -> &'static Asset {
    catalogue()
        .asset_by_symbol(symbol)
        .expect("a catalogue asset")
}

const EUR: Unit = Unit::Fiat(0);

/// The gross proceeds of a sale that brings `received` after a fee of `pct` % of the gross
/// (rounded to the cent): the smallest such amount.
pub(crate) fn gross_for(received: Decimal, pct: Decimal) -> Decimal {
    let cent = Decimal::new(1, 2);
    let net = |gross: Decimal| gross - (gross * pct / Decimal::ONE_HUNDRED).round_dp(2);
    let mut gross = (received / (Decimal::ONE - pct / Decimal::ONE_HUNDRED)).round_dp(2);
    while net(gross) > received {
        gross -= cent;
    }
    while net(gross) < received {
        gross += cent;
    }
    while net(gross - cent) == received {
        gross -= cent;
    }
    gross
}

/// One case being written down: its operations and the trade of the next one.
struct Case {
    number: u8,
    ops: Vec<FixedOp>,
}

impl Case {
    fn new(number: u8) -> Self {
        Self {
            number,
            ops: Vec::new(),
        }
    }

    fn push(&mut self, at: &str, op_type: &'static str, legs: Vec<LegDraft>) -> &mut FixedOp {
        self.ops.push(FixedOp {
            case: self.number,
            number: self.ops.len() as u8 + 1,
            time: time(at),
            op_type,
            legs,
            legacy_only: false,
        });
        self.ops.last_mut().expect("just pushed")
    }

    /// The trade id of the operation pushed next.
    fn next_trade_id(&self) -> Uuid {
        id(self.number, self.ops.len() as u8 + 1, "9000", 0)
    }

    /// A trade against EUR of the operation pushed next.
    fn eur_trade(&self, a: &Asset, fee: Decimal, rate: Decimal, with_fee: Decimal) -> Trade {
        Trade {
            id: self.next_trade_id(),
            fee,
            fee_unit: EUR,
            fee_percentage: fee_percent(a.kind),
            rate,
            rate_with_fee: with_fee,
            to_eur_rate: catalogue().eur().to_eur_rate(),
        }
    }

    /// A EUR deposit (as the random history's deposits).
    fn deposit_eur(&mut self, at: &str, amount: &str) -> &mut FixedOp {
        self.push(
            at,
            "deposit",
            vec![leg(EUR, dec(amount), "deposit", Flow::Incoming)],
        )
    }

    /// A buy paying `paid` EUR (fee included) at `rate`, as the random history's buys: the
    /// fee is the asset's fee percentage of `paid`, the quantity what the rest buys (cut to
    /// the asset's precision). Returns the quantity.
    fn buy(&mut self, at: &str, symbol: &str, paid: &str, rate: &str) -> Decimal {
        let (a, paid, rate) = (asset(symbol), dec(paid), dec(rate));
        let fee = (paid * fee_percent(a.kind) / Decimal::ONE_HUNDRED).round_dp(2);
        let qty = down((paid - fee) / rate, a.kind.precision());
        let with_fee = (paid / qty).round_dp(a.price_scale);
        let trade = self.eur_trade(a, fee, rate, with_fee);
        let [mut pay, mut get] =
            trade_legs("buy", trade, (EUR, paid), (Unit::Asset(a.index), qty), true);
        pay.fee = fee;
        get.cost = CostEffect::Add(paid);
        self.push(at, "buy", vec![pay, get]);
        qty
    }

    /// A sale of the quantities from the given wallets of the asset (one leg each) that
    /// brings `received` EUR after the fee; the gross is the smallest amount whose fee leaves
    /// `received`, the rates follow from it.
    fn sell(
        &mut self,
        at: &str,
        symbol: &str,
        from: &[(WalletKind, Decimal)],
        received: &str,
    ) -> &mut FixedOp {
        let (a, received) = (asset(symbol), dec(received));
        let qty: Decimal = from.iter().map(|(_, q)| *q).sum();
        let gross = gross_for(received, fee_percent(a.kind));
        let fee = gross - received;
        let rate = (gross / qty).round_dp(a.price_scale);
        let with_fee = (received / qty).round_dp(a.price_scale);
        let trade = self.eur_trade(a, fee, rate, with_fee);
        let mut legs = Vec::new();
        for &(wallet, part) in from {
            let mut give = leg(Unit::Asset(a.index), part, "sell", Flow::Outgoing);
            give.wallet = wallet;
            give.with_order = true;
            give.trade = Some(trade.clone());
            give.cost = CostEffect::Reduce;
            legs.push(give);
        }
        let mut get = leg(EUR, received, "sell", Flow::Incoming);
        get.with_order = true;
        get.trade = Some(trade);
        get.fee = fee;
        legs.push(get);
        self.push(at, "sell", legs)
    }

    /// A swap giving `qty` of `from` for `gross` of `to` less the swap fee (0.99 % of
    /// `gross`, paid in `to`), as the random history's swaps; `value_eur` is the cost basis
    /// the portfolio gives the received asset.
    fn swap(&mut self, at: &str, from: &str, qty: Decimal, to: &str, gross: &str, value: &str) {
        let (from, to, gross) = (asset(from), asset(to), dec(gross));
        let pct = Decimal::new(99, 2);
        let fee = down(gross * pct / Decimal::ONE_HUNDRED, 8);
        let trade = Trade {
            id: self.next_trade_id(),
            fee,
            fee_unit: Unit::Asset(to.index),
            fee_percentage: pct,
            rate: (gross / qty).round_dp(8),
            rate_with_fee: ((gross - fee) / qty).round_dp(8),
            to_eur_rate: Decimal::ONE,
        };
        let give = (Unit::Asset(from.index), qty);
        let get = (Unit::Asset(to.index), gross - fee);
        let [mut give, mut get] = trade_legs("swap", trade, give, get, false);
        give.cost = CostEffect::Reduce;
        get.fee = fee;
        get.cost = CostEffect::Add(dec(value));
        self.push(at, "swap", vec![give, get]);
    }

    /// Moves `qty` of the asset from its main wallet to its staking wallet.
    fn stake(&mut self, at: &str, symbol: &str, qty: &str) {
        let unit = Unit::Asset(asset(symbol).index);
        let mut out = leg(unit, dec(qty), "stake", Flow::Outgoing);
        out.wallet = WalletKind::Main;
        let mut inc = leg(unit, dec(qty), "stake", Flow::Incoming);
        inc.wallet = WalletKind::Staking;
        self.push(at, "stake", vec![out, inc]);
    }

    /// A staking reward into the main wallet with a fee leg in the same asset.
    fn reward_with_fee(&mut self, at: &str, symbol: &str, reward: &str, fee: &str) {
        let unit = Unit::Asset(asset(symbol).index);
        let mut get = leg(unit, dec(reward), "staking_reward", Flow::Incoming);
        get.cost = CostEffect::Add(Decimal::ZERO);
        let mut fee_leg = leg(unit, dec(fee), "fee", Flow::Outgoing);
        fee_leg.fee = dec(fee);
        fee_leg.cost = CostEffect::Reduce;
        self.push(at, "staking_reward", vec![get, fee_leg]);
    }
}

mod cases;
use cases::cases;

pub mod ids;

#[cfg(test)]
#[path = "tax_cases_tests.rs"]
mod tests;
