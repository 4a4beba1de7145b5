//! The entries that are not trades: deposits and withdrawals (EUR cash flows), rewards and
//! dividends (income, and an acquisition for a reward in an asset), assets moved in (cost
//! unknown unless entered) or out, stakes between the person's own wallets.

use folio_export::tax::entry::{Entry, Kind, Move};
use rust_decimal::Decimal;

use super::{Payment, Walker};
use crate::eur::is_eur;
use crate::model::{AssetRef, Flag, IncomeKind};
use crate::RuleSet;

impl<'a> Walker<'a> {
    pub(super) fn legs(&mut self, entry: &'a Entry, year: i32) {
        if entry.kind == Kind::Unknown {
            let n = self
                .out
                .unknown_types
                .entry(entry.type_name().to_string())
                .or_insert(0);
            *n = n.saturating_add(1);
        }
        let dividend =
            entry.kind == Kind::Unknown && entry.raw_type.to_ascii_lowercase().contains("dividend");
        let income = match entry.kind {
            Kind::StakingReward => Some(IncomeKind::Staking),
            Kind::PassiveEarnReward | Kind::CardCashback => Some(IncomeKind::OtherReward),
            _ if dividend => Some(IncomeKind::Dividend),
            _ => None,
        };
        for m in &entry.moves {
            match (m.unit.is_fiat(), m.incoming) {
                (true, _) => self.fiat_leg(entry, m, income, year),
                (false, true) => self.asset_in(entry, m, income, year),
                (false, false) => {
                    let own_wallets = matches!(entry.kind, Kind::Stake | Kind::Unstake);
                    if !own_wallets {
                        let at = self.asset(&m.unit);
                        self.take(entry, at, m.amount);
                    }
                }
            }
        }
    }

    fn fiat_leg(&mut self, entry: &Entry, m: &'a Move, income: Option<IncomeKind>, year: i32) {
        if let Some(kind) = income.filter(|_| m.incoming) {
            let value = self.value_of(entry, m.amount, &m.unit);
            let at = self.asset(&m.unit);
            let asset = self.asset_at(at);
            self.pay(entry, year, asset, kind, m.amount, value);
            return;
        }
        let flow = match entry.kind {
            Kind::Deposit => Decimal::ZERO.checked_sub(m.amount),
            Kind::Withdrawal => Some(m.amount),
            _ => None,
        };
        if let Some(flow) = flow {
            if is_eur(&m.unit) {
                self.out.cash_flows.push((entry.time.date_naive(), flow));
            } else {
                self.no_rate(entry, &m.unit);
            }
        }
    }

    fn asset_in(&mut self, entry: &Entry, m: &'a Move, income: Option<IncomeKind>, year: i32) {
        let at = self.asset(&m.unit);
        let day = entry.time.date_naive();
        if matches!(entry.kind, Kind::Stake | Kind::Unstake) {
            return;
        }
        if let Some(kind) = income {
            let value = self.value_of(entry, m.amount, &m.unit);
            // Austria: a reward's acquisition cost is zero; Germany: its value on receipt.
            let cost = match self.rules {
                RuleSet::Austria => Some(Decimal::ZERO),
                RuleSet::Germany => value,
            };
            self.acquire(at, day, m.amount, cost);
            let asset = self.asset_at(at);
            self.pay(entry, year, asset, kind, m.amount, value);
            return;
        }
        let cost = self.entered.get(&entry.id).copied();
        if cost.is_none() {
            let asset = self.asset_at(at);
            self.out.flags.push(Flag::CostUnknown {
                entry_id: entry.id.clone(),
                asset,
                quantity: m.amount,
                date: day,
            });
        }
        self.acquire(at, day, m.amount, cost);
    }

    fn pay(
        &mut self,
        entry: &Entry,
        year: i32,
        asset: AssetRef,
        kind: IncomeKind,
        gross: Decimal,
        value: Option<Decimal>,
    ) {
        let fee = entry
            .fees
            .iter()
            .filter(|f| *f.unit.id == *asset.id)
            .fold(Decimal::ZERO, |a, f| a.checked_add(f.amount).unwrap_or(a));
        // The value of what stayed: gross less the fee, valued like the gross.
        let net_value = match value {
            Some(v) if !fee.is_zero() => v
                .checked_mul(gross.checked_sub(fee).unwrap_or(gross))
                .and_then(|x| x.checked_div(gross)),
            other => other,
        };
        self.out.payments.push(Payment {
            year,
            asset,
            kind,
            gross,
            fee,
            value: net_value,
        });
    }
}
