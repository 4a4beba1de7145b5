//! Generates two years of account activity ending at the sandbox's start time, plus the
//! fixed tax cases.
//!
//! The generator walks forward in time with the account's balances in hand and only drafts
//! what those balances allow (buys spend at most 30 % of a fiat balance, withdrawals at most
//! 20 %, sells and swaps at most what the main wallet holds), so no wallet ever goes
//! negative. With at least 10 operations it always includes: an opening EUR deposit, a
//! cancelled deposit (`asset_balance_after = -1`), a withdrawal refunded by a compensating
//! `refund`, a `card_cashback` (a type clients do not know) and, last, a pending deposit
//! without `credited_at`.
//!
//! # Tax cases
//! A history of at least [`tax_cases::MIN_OPERATIONS`] operations (the default 300) with
//! tax cases on (`Config::tax_cases`, the default) also holds the fixed operations of
//! [`tax_cases`]: the same ids, dates, quantities and EUR amounts for every seed and start
//! time, from 2020 to 2025, reaching further back than the random two years. A case is left
//! out whole when its last operation is not at least 30 days before the start time. The
//! fixed operations the current API lists count within `operations` (the random part is
//! that much shorter); the two legacy-only ones come on top. They are merged into the random
//! walk by time, and the walk keeps away from them:
//! * each case brings its own EUR (a deposit before its first buy), and that EUR (with what
//!   its sales bring) is set aside until the case's last operation: random operations see
//!   only the rest of the balance;
//! * an asset a case uses is not touched by random operations until the last case
//!   operation on it, so the cases' lots are the only ones of that asset up to then and their
//!   figures do not depend on the seed. Afterwards what a case leaves (its sale proceeds, the
//!   SOL of the swap, the staked XTZ, the rest of the LTC) is ordinary account money.
//!
//! Smaller histories (the unit tests' 200, the tax files' golden 240) have no tax cases and
//! are exactly what they were before the cases existed.

mod earn;
pub mod tax_cases;
mod trades;

use crate::fixed_catalogue::{catalogue, Asset, AssetKind};
use crate::ledger::{CostEffect, Flow, Ledger, LegDraft, LegState, Unit, WalletKind};
use crate::price_walk::PriceModel;
use crate::rng::{hash, Rng};
use chrono::{DateTime, Duration, Utc};
use rust_decimal::{Decimal, RoundingStrategy};
use std::collections::{BTreeMap, VecDeque};
use tax_cases::FixedOp;

/// How far back the generated (random) history reaches.
pub const HISTORY_DAYS: i64 = 730;

/// Builds the ledger for `seed` with `operations` operations ending just before `now`, with
/// the tax cases when `tax_cases` is set and the history is big enough (module docs).
pub fn generate(
    seed: u64,
    operations: usize,
    now: DateTime<Utc>,
    prices: PriceModel,
    tax_cases: bool,
) -> Ledger {
    let fixed = if tax_cases && operations >= tax_cases::MIN_OPERATIONS {
        tax_cases::ending_before(now - Duration::days(tax_cases::MARGIN_DAYS))
    } else {
        Vec::new()
    };
    let listed = fixed.iter().filter(|op| !op.legacy_only).count();
    let operations = operations.saturating_sub(listed);
    let start = now - Duration::days(HISTORY_DAYS);
    let mut g = Generator {
        ledger: Ledger::empty(seed, prices),
        rng: Rng::new(hash(&[seed, 0x9e4])),
        t: start,
        fixed: Fixed::new(fixed),
    };
    let span_ms = (Duration::days(HISTORY_DAYS) - Duration::minutes(1)).num_milliseconds();
    let n = operations as i64;
    let step = (span_ms / n.max(1)).max(1);
    let specials = operations >= 10;
    for i in 0..n {
        let jitter = g.rng.below((step * 9 / 10).max(1) as u64) as i64;
        let t = start + Duration::milliseconds(span_ms * i / n.max(1) + jitter);
        g.record_fixed_until(t);
        g.t = t;
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
    g.record_fixed_until(DateTime::<Utc>::MAX_UTC);
    g.ledger
}

pub(super) struct Generator {
    pub(super) ledger: Ledger,
    pub(super) rng: Rng,
    /// The time of the random operation being drafted.
    pub(super) t: DateTime<Utc>,
    /// The tax cases' operations still to record, and what they set aside.
    fixed: Fixed,
}

/// The tax cases' operations not yet recorded, the main-wallet balances set aside for the
/// cases still open, and until when each asset belongs to the cases alone.
struct Fixed {
    ops: VecDeque<FixedOp>,
    /// Per slot: the sum of the open cases' main-wallet balances.
    reserved: Vec<Decimal>,
    /// Per open case: its main-wallet balance per slot and its operations still to come.
    open: BTreeMap<u8, (Vec<Decimal>, usize)>,
    /// Per asset: the time of the last case operation on it.
    busy_until: Vec<Option<DateTime<Utc>>>,
}

impl Fixed {
    fn new(ops: Vec<FixedOp>) -> Self {
        let mut open: BTreeMap<u8, (Vec<Decimal>, usize)> = BTreeMap::new();
        let mut busy_until = vec![None; catalogue().assets.len()];
        for op in &ops {
            open.entry(op.case)
                .or_insert_with(|| (vec![Decimal::ZERO; Unit::slot_count()], 0))
                .1 += 1;
            for d in &op.legs {
                if let Unit::Asset(a) = d.unit {
                    let until: &mut Option<DateTime<Utc>> = &mut busy_until[a];
                    *until = Some(until.map_or(op.time, |u| u.max(op.time)));
                }
            }
        }
        Self {
            ops: ops.into(),
            reserved: vec![Decimal::ZERO; Unit::slot_count()],
            open,
            busy_until,
        }
    }
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
    /// What random operations may use of the unit's main wallet: its balance less what the
    /// open tax cases set aside.
    pub(super) fn main(&self, unit: Unit) -> Decimal {
        self.ledger.holdings.main[unit.slot()] - self.fixed.reserved[unit.slot()]
    }

    /// Whether random operations may touch the asset now (no tax case needs it any more).
    pub(super) fn free(&self, asset: usize) -> bool {
        self.fixed.busy_until[asset].is_none_or(|until| self.t > until)
    }

    /// Records every tax-case operation up to `t` (inclusive), setting aside its case's
    /// main-wallet balances until the case's last operation.
    fn record_fixed_until(&mut self, t: DateTime<Utc>) {
        while self.fixed.ops.front().is_some_and(|op| op.time <= t) {
            let op = self.fixed.ops.pop_front().expect("a next operation");
            let ids = op.ids();
            let mut drafts = op.legs;
            for d in &mut drafts {
                if let (Unit::Asset(a), "deposit") = (d.unit, op.op_type) {
                    d.cost = CostEffect::Add(self.market_value_eur(a, d.amount, op.time));
                }
            }
            let (balances, left) = self.fixed.open.get_mut(&op.case).expect("an open case");
            for d in &drafts {
                if d.wallet == WalletKind::Main && d.state == LegState::Settled {
                    let signed = match d.flow {
                        Flow::Incoming => d.amount,
                        Flow::Outgoing => -d.amount,
                    };
                    balances[d.unit.slot()] += signed;
                    self.fixed.reserved[d.unit.slot()] += signed;
                }
            }
            *left -= 1;
            if *left == 0 {
                let (balances, _) = self.fixed.open.remove(&op.case).expect("an open case");
                for (reserved, balance) in self.fixed.reserved.iter_mut().zip(balances) {
                    *reserved -= balance;
                }
            }
            self.ledger
                .record_with_ids(ids, op.op_type, op.time, drafts, op.legacy_only);
        }
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
            .filter(|a| {
                filter(a) && self.free(a.index) && self.main(Unit::Asset(a.index)) > Decimal::ZERO
            })
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
        self.record_fixed_until(later);
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
        let asset = (0..16).find(|&a| self.free(a)).unwrap_or(0);
        let d = leg(Unit::Asset(asset), amount, "card_cashback", Flow::Incoming);
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
        if qty.is_zero() || !self.free(asset) {
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
