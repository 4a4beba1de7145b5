//! Generates two years of account activity ending at the sandbox's start time.
//!
//! The generator walks forward in time with the account's balances in hand and only drafts
//! what those balances allow (buys spend at most 30 % of a fiat balance, withdrawals at most
//! 20 %, sells and swaps at most what the main wallet holds), so no wallet ever goes
//! negative. With at least 10 operations it always includes: an opening EUR deposit, a
//! cancelled deposit (`asset_balance_after = -1`), a withdrawal refunded by a compensating
//! `refund`, a `card_cashback` (a type clients do not know) and, last, a pending deposit
//! without `credited_at`.

mod earn;
mod trades;

use crate::catalogue::{catalogue, Asset, AssetKind};
use crate::ledger::{CostEffect, Flow, Ledger, LegDraft, LegState, Unit, WalletKind};
use crate::prices::PriceModel;
use crate::rng::{hash, Rng};
use chrono::{DateTime, Duration, Utc};
use rust_decimal::{Decimal, RoundingStrategy};

/// How far back the generated history reaches.
pub const HISTORY_DAYS: i64 = 730;

/// Builds the ledger for `seed` with `operations` operations ending just before `now`.
pub fn generate(seed: u64, operations: usize, now: DateTime<Utc>, prices: PriceModel) -> Ledger {
    let mut g = Generator {
        ledger: Ledger::empty(seed, prices),
        rng: Rng::new(hash(&[seed, 0x9e4])),
    };
    let start = now - Duration::days(HISTORY_DAYS);
    let span_ms = (Duration::days(HISTORY_DAYS) - Duration::minutes(1)).num_milliseconds();
    let n = operations as i64;
    let step = (span_ms / n.max(1)).max(1);
    let specials = operations >= 10;
    for i in 0..n {
        let jitter = g.rng.below((step * 9 / 10).max(1) as u64) as i64;
        let t = start + Duration::milliseconds(span_ms * i / n.max(1) + jitter);
        let i = i as usize;
        if i == 0 {
            let amount = Decimal::from(g.rng.range(5_000, 20_000));
            g.fiat_deposit(t, 0, amount, LegState::Settled);
        } else if i == operations - 1 && operations >= 2 {
            g.fiat_deposit(t, 0, Decimal::from(250), LegState::Pending);
        } else if specials && i == operations / 3 {
            g.fiat_deposit(t, 0, Decimal::from(100), LegState::Cancelled);
        } else if specials && i == operations / 2 {
            g.refunded_withdrawal(t, step);
        } else if specials && i == operations * 2 / 3 {
            g.card_cashback(t);
        } else {
            g.regular(t);
        }
    }
    g.ledger
}

pub(super) struct Generator {
    pub(super) ledger: Ledger,
    pub(super) rng: Rng,
}

pub(super) fn leg(unit: Unit, amount: Decimal, tx_type: &'static str, flow: Flow) -> LegDraft {
    LegDraft::settled(unit, amount, tx_type, WalletKind::Main, flow)
}

pub(super) fn is_crypto(a: &Asset) -> bool {
    a.kind == AssetKind::Crypto
}

pub(super) fn down(x: Decimal, dp: u32) -> Decimal {
    x.round_dp_with_strategy(dp, RoundingStrategy::ToZero)
}

pub(super) fn fee_percent(kind: AssetKind) -> Decimal {
    match kind {
        AssetKind::Crypto | AssetKind::Index => Decimal::new(149, 2),
        AssetKind::Metal => Decimal::new(50, 2),
        AssetKind::Stock | AssetKind::Etf => Decimal::new(10, 2),
    }
}

impl Generator {
    pub(super) fn main(&self, unit: Unit) -> Decimal {
        self.ledger.holdings.main[unit.slot()]
    }

    pub(super) fn percent_of(&mut self, x: Decimal, lo: i64, hi: i64, dp: u32) -> Decimal {
        down(
            x * Decimal::from(self.rng.range(lo, hi)) / Decimal::ONE_HUNDRED,
            dp,
        )
    }

    pub(super) fn held(&mut self, filter: impl Fn(&Asset) -> bool) -> Option<usize> {
        let held: Vec<usize> = catalogue()
            .assets
            .iter()
            .filter(|a| filter(a) && self.main(Unit::Asset(a.index)) > Decimal::ZERO)
            .map(|a| a.index)
            .collect();
        (!held.is_empty()).then(|| held[self.rng.below(held.len() as u64) as usize])
    }

    fn regular(&mut self, t: DateTime<Utc>) {
        const WEIGHTS: [u64; 13] = [10, 3, 2, 2, 30, 12, 6, 8, 4, 2, 6, 3, 1];
        let eur = self.main(Unit::Fiat(0));
        let done = if eur < Decimal::from(300) {
            false
        } else {
            match self.rng.weighted(&WEIGHTS) {
                1 => self.fiat_withdrawal(t),
                2 => self.crypto_deposit(t),
                3 => self.crypto_withdrawal(t),
                4 => self.buy(t, "buy"),
                5 => self.sell(t),
                6 => self.swap(t),
                7 => self.buy(t, "savings_plan"),
                8 => self.stake(t),
                9 => self.unstake(t),
                10 => self.staking_reward(t),
                11 => self.passive_reward(t),
                12 => self.plain_refund(t),
                _ => false,
            }
        };
        if !done {
            let currency = if self.rng.chance(80) {
                0
            } else {
                1 + self.rng.below(catalogue().currencies.len() as u64 - 1) as usize
            };
            let amount = Decimal::from(self.rng.range(5, 300) * 10);
            self.fiat_deposit(t, currency, amount, LegState::Settled);
        }
    }

    fn fiat_deposit(&mut self, t: DateTime<Utc>, currency: usize, amount: Decimal, s: LegState) {
        let mut d = leg(Unit::Fiat(currency), amount, "deposit", Flow::Incoming);
        d.state = s;
        self.ledger.record("deposit", t, vec![d]);
    }

    fn fiat_withdrawal(&mut self, t: DateTime<Utc>) -> bool {
        let amount = self.percent_of(self.main(Unit::Fiat(0)), 5, 20, 2);
        let d = leg(Unit::Fiat(0), amount, "withdrawal", Flow::Outgoing);
        self.ledger.record("withdrawal", t, vec![d]);
        true
    }

    fn refunded_withdrawal(&mut self, t: DateTime<Utc>, step_ms: i64) {
        let amount = self.percent_of(self.main(Unit::Fiat(0)), 10, 20, 2);
        let d = leg(Unit::Fiat(0), amount, "withdrawal", Flow::Outgoing);
        let op = self.ledger.record("withdrawal", t, vec![d]);
        let leg_id = op.legs[0].id;
        let mut refund = leg(Unit::Fiat(0), amount, "refund", Flow::Incoming);
        refund.compensates = Some((leg_id, "withdrawal", "withdrawal"));
        let later = t + Duration::milliseconds((step_ms / 10).max(1));
        self.ledger.record("refund", later, vec![refund]);
    }

    fn plain_refund(&mut self, t: DateTime<Utc>) -> bool {
        let amount = Decimal::new(self.rng.range(500, 5_000), 2);
        self.ledger.record(
            "refund",
            t,
            vec![leg(Unit::Fiat(0), amount, "refund", Flow::Incoming)],
        );
        true
    }

    fn card_cashback(&mut self, t: DateTime<Utc>) {
        let amount = Decimal::new(self.rng.range(1_000, 9_000), 8);
        let d = leg(Unit::Asset(0), amount, "card_cashback", Flow::Incoming);
        self.ledger.record("card_cashback", t, vec![d]);
    }

    pub(super) fn market_value_eur(&self, asset: usize, qty: Decimal, t: DateTime<Utc>) -> Decimal {
        (qty * self.ledger.prices.price_eur_at(asset, t)).round_dp(2)
    }

    fn crypto_deposit(&mut self, t: DateTime<Utc>) -> bool {
        let asset = self.rng.below(16) as usize;
        let value_eur = Decimal::from(self.rng.range(20, 800));
        let price = self.ledger.prices.price_eur_at(asset, t);
        let qty = down(value_eur / price, 8);
        if qty.is_zero() {
            return false;
        }
        let mut d = leg(Unit::Asset(asset), qty, "deposit", Flow::Incoming);
        d.cost = CostEffect::Add(self.market_value_eur(asset, qty, t));
        self.ledger.record("deposit", t, vec![d]);
        true
    }

    fn crypto_withdrawal(&mut self, t: DateTime<Utc>) -> bool {
        let Some(asset) = self.held(is_crypto) else {
            return false;
        };
        let unit = Unit::Asset(asset);
        let total = self.percent_of(self.main(unit), 10, 40, 8);
        let fee = down(total / Decimal::from(200), 8);
        if fee.is_zero() {
            return false;
        }
        let mut out = leg(unit, total - fee, "withdrawal", Flow::Outgoing);
        out.cost = CostEffect::Reduce;
        let mut fee_leg = leg(unit, fee, "fee", Flow::Outgoing);
        fee_leg.fee = fee;
        fee_leg.cost = CostEffect::Reduce;
        self.ledger.record("withdrawal", t, vec![out, fee_leg]);
        true
    }
}
