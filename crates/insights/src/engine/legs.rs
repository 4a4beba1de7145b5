//! The entries that are not trades (and trades whose legs make none): deposits and
//! withdrawals (cash flows; an asset's at its reference value), rewards and dividends
//! (income, and an acquisition for a reward in an asset), assets that arrive from elsewhere
//! (cost and acquisition day unknown unless entered) or leave, stakes between the person's
//! own wallets. Incoming tax legs are read by `charges.rs`.

use std::sync::Arc;

use folio_export::tax::entry::{Kind, Move};
use rust_decimal::Decimal;

use super::{At, Cost, Payment, Walker};
use crate::eur::is_eur;
use crate::model::{Acquired, AssetRef, Flag, IncomeKind, Regime, Unclear};
use crate::RuleSet;

/// The income an entry's kind stands for (`None`: not income).
fn income_of(at: At<'_>) -> Option<IncomeKind> {
    let entry = at.entry;
    match entry.kind {
        Kind::StakingReward => Some(IncomeKind::Staking),
        Kind::PassiveEarnReward => Some(IncomeKind::Lending),
        Kind::CardCashback => Some(IncomeKind::Cashback),
        Kind::Unknown if entry.raw_type.to_ascii_lowercase().contains("dividend") => {
            Some(IncomeKind::Dividend)
        }
        _ => None,
    }
}

impl<'a> Walker<'a> {
    pub(super) fn legs(&mut self, at: At<'a>) {
        let income = income_of(at);
        if at.entry.kind == Kind::Unknown && income.is_none() {
            self.not_understood(at, Unclear::UnknownType);
        }
        let own_wallets = matches!(at.entry.kind, Kind::Stake | Kind::Unstake);
        for m in at.entry.moves.iter().filter(|m| !m.tax_leg) {
            match (m.unit.is_fiat(), m.incoming) {
                (true, _) => self.fiat_leg(at, m, income),
                _ if own_wallets => {}
                (false, true) => self.asset_in(at, m, income),
                (false, false) => self.asset_out(at, m),
            }
        }
    }

    fn fiat_leg(&mut self, at: At<'a>, m: &'a Move, income: Option<IncomeKind>) {
        if let Some(kind) = income.filter(|_| m.incoming) {
            let value = self.value_of(at, m.amount, &m.unit);
            let asset = AssetRef {
                id: m.unit.id.clone(),
                symbol: Arc::from(m.unit.symbol()),
                regime: Regime::Cash,
            };
            self.pay(at, asset, kind, (m.amount, Decimal::ZERO), value);
            return;
        }
        let flow = match at.entry.kind {
            Kind::Deposit => Decimal::ZERO.checked_sub(m.amount),
            Kind::Withdrawal => Some(m.amount),
            _ => None,
        };
        if let Some(flow) = flow {
            if is_eur(&m.unit) {
                self.out.cash_flows.push((at.day, flow));
            } else {
                self.no_rate(at, &m.unit);
            }
        }
    }

    /// An asset transfer in (`incoming`) or out, as a cash flow at its reference value.
    fn transfer(&mut self, at: At<'a>, m: &'a Move, incoming: bool) {
        let value = self.asset_value(at, m.amount, &m.unit);
        let flow = match value {
            Some(v) if incoming => Decimal::ZERO.checked_sub(v),
            other => other,
        };
        match flow {
            Some(flow) => {
                self.out.cash_flows.push((at.day, flow));
                self.out.transfers_valued = self.out.transfers_valued.saturating_add(1);
            }
            None => {
                self.out.transfers_unvalued = self.out.transfers_unvalued.saturating_add(1);
            }
        }
    }

    fn asset_in(&mut self, at: At<'a>, m: &'a Move, income: Option<IncomeKind>) {
        let asset_at = self.asset(&m.unit);
        let (quantity, fee) = self.net_of_fees(&m.unit, m.amount);
        if let Some(kind) = income {
            let value = self.value_of(at, quantity, &m.unit);
            // Austria: staking and cashback are acquired at cost zero and taxed when sold
            // (§ 27b (2)); lending interest is income when received, so its value is the
            // cost. Germany: the value on receipt (§ 22 Nr. 3, BMF 2025).
            let cost = match (self.rules, kind) {
                (RuleSet::Austria, IncomeKind::Staking | IncomeKind::Cashback) => {
                    Some(Decimal::ZERO)
                }
                _ => value,
            };
            self.acquire(
                asset_at,
                Acquired::On(at.day),
                at.day,
                quantity,
                Cost::same(cost),
            );
            let asset = self.asset_at(asset_at);
            self.pay(at, asset, kind, (m.amount, fee), value);
            return;
        }
        let entered = self
            .entered
            .get(&*at.entry.id.text())
            .copied()
            .unwrap_or_default();
        if entered.cost.is_none() || entered.acquired.is_none() {
            let asset = self.asset_at(asset_at);
            self.out.flags.push(Flag::ArrivalUnknown {
                entry_id: at.entry.id.to_string(),
                asset,
                quantity: m.amount,
                date: at.day,
                cost_unknown: entered.cost.is_none(),
                day_unknown: entered.acquired.is_none(),
            });
        }
        let acquired = entered.acquired.map_or(Acquired::Unknown, Acquired::On);
        self.arrive(asset_at, acquired, at.day, quantity, entered.cost);
        if at.entry.kind == Kind::Deposit {
            self.transfer(at, m, true);
        }
    }

    fn asset_out(&mut self, at: At<'a>, m: &'a Move) {
        let asset_at = self.asset(&m.unit);
        self.take(at.entry, asset_at, m.amount);
        if at.entry.kind == Kind::Withdrawal {
            self.transfer(at, m, false);
        }
    }

    fn pay(
        &mut self,
        at: At<'_>,
        asset: AssetRef,
        kind: IncomeKind,
        (gross, fee): (Decimal, Decimal),
        value: Option<Decimal>,
    ) {
        self.out.payments.push(Payment {
            year: at.year,
            asset,
            kind,
            gross,
            fee,
            value,
        });
    }
}
