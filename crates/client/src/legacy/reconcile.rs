//! Reconciliation: does the legacy API show the same account as the current API?
//!
//! **Balances**, per asset and fiat currency, matched by symbol (case-insensitive): the sum
//! of the legacy wallets' `balance` (crypto wallets of `/wallets`, metal wallets of
//! `/asset-wallets`, fiat wallets; deleted wallets left out) against the current portfolio
//! position's `balance` (staked included). The portfolio lists only non-zero holdings, so a
//! missing position counts as 0. Outcomes: [`Outcome::Match`] (equal amounts, whatever the
//! number of decimals sent), [`Outcome::Difference`], or [`Outcome::NotInLegacy`] when the
//! legacy API has no wallet for that symbol at all (stocks and ETFs: not a difference).
//! Symbols that are zero on both sides are not reported. A sum too large to compute (it
//! overflows a `Decimal`) is never guessed: its side is `None` and the row is
//! [`Outcome::TooLarge`], counted as a difference.
//!
//! **Trades** over the same [`Period`]: legacy trades are counted as swap (`is_swap`),
//! savings plan (`is_savings`), else buy or sell by `type`; current operations as `buy`,
//! `sell`, `savings_plan` and `swap` by `operation_type`. An operation's time is the latest
//! `credited_at` of its legs; a record without a time counts only for an unbounded period.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::types::LegacyItem;
use super::wallets::{LegacyFiatWallet, LegacyWallet};
use super::wire::LegacyTrade;
use crate::current::{Operation, PortfolioPosition};

pub use super::trade_counts::{
    legacy_trade_kind, operation_time, operation_trade_kind, reconcile_trades, Period,
    TradeCountRow, TradeKind,
};

/// Whether a balance is of an asset or a fiat currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BalanceKind {
    /// An asset (crypto, metal, …).
    Asset,
    /// A fiat currency.
    Fiat,
}

/// The verdict on one row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Both sides agree.
    Match,
    /// The sides disagree.
    Difference,
    /// The legacy API has no wallet for this symbol (informational, not a difference).
    NotInLegacy,
    /// A side's sum is too large to compute, so the sides cannot be compared (shown as "—",
    /// counted as a difference).
    TooLarge,
}

/// One symbol's balances on both sides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceRow {
    /// Symbol (upper case).
    pub symbol: String,
    /// Asset or fiat.
    pub kind: BalanceKind,
    /// Sum of the legacy wallets; `None` when the legacy API has no wallet for it, or when
    /// the sum is too large to compute ([`Outcome::TooLarge`]).
    pub legacy: Option<Decimal>,
    /// Current portfolio balance (0 when there is no position); `None` only when the sum is
    /// too large to compute ([`Outcome::TooLarge`]).
    pub current: Option<Decimal>,
    /// The verdict.
    pub outcome: Outcome,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconciliation {
    /// Balances, assets first, then fiat, each by symbol.
    pub balances: Vec<BalanceRow>,
    /// Trade counts, one row per [`TradeKind`].
    pub trades: Vec<TradeCountRow>,
    /// The period the trades were counted over.
    pub period: Period,
}

impl Reconciliation {
    /// Number of balance differences (including balances too large to compare) plus trade
    /// categories whose counts differ.
    pub fn differences(&self) -> usize {
        let b = self
            .balances
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Difference | Outcome::TooLarge));
        b.count() + self.trades.iter().filter(|r| !r.matches()).count()
    }

    /// Whether everything that can be compared agrees.
    pub fn all_equal(&self) -> bool {
        self.differences() == 0
    }
}

/// The legacy side's wallets.
#[derive(Debug, Clone, Copy)]
pub struct LegacyWallets<'a> {
    /// `GET /v1/wallets`.
    pub crypto: &'a [LegacyItem<LegacyWallet>],
    /// The metal wallets of `GET /v1/asset-wallets`.
    pub metal: &'a [LegacyItem<LegacyWallet>],
    /// `GET /v1/fiatwallets`.
    pub fiat: &'a [LegacyItem<LegacyFiatWallet>],
}

/// Sums per (kind, symbol); `None` once a sum overflowed (it stays unknown).
type Sums = BTreeMap<(BalanceKind, String), Option<Decimal>>;

fn add(map: &mut Sums, kind: BalanceKind, symbol: Option<&str>, amount: Option<Decimal>) {
    if let Some(symbol) = symbol.map(str::trim).filter(|s| !s.is_empty()) {
        let total = map
            .entry((kind, symbol.to_ascii_uppercase()))
            .or_insert(Some(Decimal::ZERO));
        *total = total.and_then(|t| t.checked_add(amount.unwrap_or_default()));
    }
}

/// Compares balances (see the module docs). `symbol_of` maps a current asset or currency
/// id to its symbol; an id it does not know is compared under the id itself.
pub fn reconcile_balances(
    legacy: LegacyWallets<'_>,
    current: &[PortfolioPosition],
    symbol_of: impl Fn(&str) -> Option<String>,
) -> Vec<BalanceRow> {
    let mut old = Sums::new();
    for w in legacy.crypto.iter().chain(legacy.metal) {
        if w.attributes.deleted != Some(true) {
            let a = &w.attributes;
            add(
                &mut old,
                BalanceKind::Asset,
                a.cryptocoin_symbol.as_deref(),
                a.balance,
            );
        }
    }
    for w in legacy.fiat {
        let a = &w.attributes;
        add(
            &mut old,
            BalanceKind::Fiat,
            a.fiat_symbol.as_deref(),
            a.balance,
        );
    }
    let mut new = Sums::new();
    for p in current {
        let kind = if p.is_fiat() {
            BalanceKind::Fiat
        } else {
            BalanceKind::Asset
        };
        let id = p
            .asset_id
            .as_ref()
            .map(|a| a.as_str())
            .or(p.currency_id.as_ref().map(|c| c.as_str()));
        let symbol = id.map(|id| symbol_of(id).unwrap_or_else(|| id.to_string()));
        add(
            &mut new,
            kind,
            symbol.as_deref(),
            p.balance.as_ref().map(|m| m.value),
        );
    }
    let mut keys: Vec<_> = old.keys().chain(new.keys()).cloned().collect();
    crate::sorting::sort(&mut keys);
    keys.dedup();
    keys.into_iter()
        .filter_map(|key| {
            let legacy = old.get(&key).copied();
            let current = new.get(&key).copied().unwrap_or(Some(Decimal::ZERO));
            let outcome = match (legacy, current) {
                (Some(None), _) | (_, None) => Outcome::TooLarge,
                (None, Some(_)) => Outcome::NotInLegacy,
                (Some(Some(l)), Some(c)) if l == c => Outcome::Match,
                (Some(Some(_)), Some(_)) => Outcome::Difference,
            };
            let legacy = legacy.flatten();
            let both_zero =
                legacy.is_some_and(|l| l.is_zero()) && current.is_some_and(|c| c.is_zero());
            (!both_zero).then_some(BalanceRow {
                symbol: key.1,
                kind: key.0,
                legacy,
                current,
                outcome,
            })
        })
        .collect()
}

/// The full report: [`reconcile_balances`] and [`reconcile_trades`].
pub fn reconcile(
    wallets: LegacyWallets<'_>,
    trades: &[LegacyItem<LegacyTrade>],
    positions: &[PortfolioPosition],
    operations: &[Operation],
    symbol_of: impl Fn(&str) -> Option<String>,
    period: Period,
) -> Reconciliation {
    Reconciliation {
        balances: reconcile_balances(wallets, positions, symbol_of),
        trades: reconcile_trades(trades, operations, &period),
        period,
    }
}

#[cfg(test)]
#[path = "reconcile_tests.rs"]
mod tests;
