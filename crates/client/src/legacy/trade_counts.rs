//! Trade counts of the reconciliation: legacy trades against current trade operations,
//! per category, over one period (rules in the `reconcile` module docs).

use chrono::{DateTime, Utc};

use super::types::LegacyItem;
use super::wire::LegacyTrade;
use crate::current::{Operation, OperationType};
/// The categories trades are counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TradeKind {
    /// A plain buy.
    Buy,
    /// A plain sell.
    Sell,
    /// A savings-plan execution.
    SavingsPlan,
    /// A swap of one asset for another.
    Swap,
}

/// One trade category counted on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TradeCountRow {
    /// The category.
    pub kind: TradeKind,
    /// Legacy trades in the period.
    pub legacy: usize,
    /// Current operations in the period.
    pub current: usize,
}

impl TradeCountRow {
    /// Whether both counts agree.
    pub fn matches(&self) -> bool {
        self.legacy == self.current
    }
}

/// An inclusive time range; `None` ends are open.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Period {
    /// Earliest instant counted.
    pub from: Option<DateTime<Utc>>,
    /// Latest instant counted.
    pub to: Option<DateTime<Utc>>,
}

impl Period {
    /// Whether a record at `t` falls in the period (timeless records: only when unbounded).
    pub fn contains(&self, t: Option<DateTime<Utc>>) -> bool {
        match t {
            Some(t) => self.from.is_none_or(|f| t >= f) && self.to.is_none_or(|e| t <= e),
            None => self.from.is_none() && self.to.is_none(),
        }
    }
}

/// The category of a legacy trade (`None` for an unknown side).
pub fn legacy_trade_kind(t: &LegacyTrade) -> Option<TradeKind> {
    use super::types::LegacyTradeType as T;
    match (t.is_swap, t.is_savings, t.trade_type.as_ref()?) {
        (Some(true), _, _) => Some(TradeKind::Swap),
        (_, Some(true), _) => Some(TradeKind::SavingsPlan),
        (_, _, T::Buy) => Some(TradeKind::Buy),
        (_, _, T::Sell) => Some(TradeKind::Sell),
        _ => None,
    }
}

/// The category of a current operation (`None` when it is not a trade).
pub fn operation_trade_kind(op: &Operation) -> Option<TradeKind> {
    match op.operation_type.as_ref()? {
        OperationType::Buy => Some(TradeKind::Buy),
        OperationType::Sell => Some(TradeKind::Sell),
        OperationType::SavingsPlan => Some(TradeKind::SavingsPlan),
        OperationType::Swap => Some(TradeKind::Swap),
        _ => None,
    }
}

/// An operation's time: the latest `credited_at` of its legs.
pub fn operation_time(op: &Operation) -> Option<DateTime<Utc>> {
    op.transactions.iter().filter_map(|t| t.credited_at).max()
}

/// Counts trades per category on both sides over `period`.
pub fn reconcile_trades(
    legacy: &[LegacyItem<LegacyTrade>],
    current: &[Operation],
    period: &Period,
) -> Vec<TradeCountRow> {
    let kinds = [
        TradeKind::Buy,
        TradeKind::Sell,
        TradeKind::SavingsPlan,
        TradeKind::Swap,
    ];
    kinds
        .into_iter()
        .map(|kind| TradeCountRow {
            kind,
            legacy: legacy
                .iter()
                .filter(|t| legacy_trade_kind(&t.attributes) == Some(kind))
                .filter(|t| period.contains(t.attributes.time.instant()))
                .count(),
            current: current
                .iter()
                .filter(|o| operation_trade_kind(o) == Some(kind))
                .filter(|o| period.contains(operation_time(o)))
                .count(),
        })
        .collect()
}
