//! Which operations and legacy trades a file is written from: the rules of the module docs
//! (cancelled, reversed, pending, outside the period, already in the current API), each
//! counted for the summary.

use std::collections::BTreeMap;

use folio_client::current::Operation;
use rust_decimal::Decimal;
use rustc_hash::{FxHashMap, FxHashSet};

use super::entry::Entry;
use super::range::DateRange;
pub use super::selector::Selector;
use super::summary::ExportSummary;
use super::{TaxFormat, TaxInput};

/// The entries to write, oldest first, and what was left out.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// What is kept, oldest first (ties by id).
    pub entries: Vec<Entry>,
    /// Operations with a cancelled leg, and cancelled legacy trades.
    pub cancelled: usize,
    /// Operations and compensations that exactly reverse each other.
    pub compensated: usize,
    /// Compensations that reverse nothing of the list exactly (kept as what they are).
    pub unmatched_compensations: usize,
    /// Operations and legacy trades without a time yet.
    pub pending: usize,
    /// Types Folio does not know, by name, with their count.
    pub unknown_types: BTreeMap<String, usize>,
    /// Legs whose unit the lookup did not know.
    pub unnamed_units: usize,
    /// Legs (or legacy trades) that could not be read.
    pub unreadable_legs: usize,
    /// Legacy trades the current API does not list.
    pub legacy_added: usize,
    /// Legacy trades also listed by the current API (kept once).
    pub legacy_duplicates: usize,
    /// Operations none of whose legs could be read: no file has a row for them; Insights
    /// lists them among the operations it did not understand.
    pub without_legs: Vec<Entry>,
    /// Legacy trades whose coin the catalogue could not match to a current asset (they
    /// keep the legacy coin id, so they are a holding of their own), by symbol.
    pub legacy_unmatched: BTreeMap<String, usize>,
}

impl Selection {
    /// The summary of a file of `format` written from this selection, before its rows.
    pub fn summary(&self, format: TaxFormat, range: DateRange) -> ExportSummary {
        ExportSummary {
            format,
            range,
            rows: 0,
            operations: 0,
            cancelled: self.cancelled,
            compensated: self.compensated,
            unmatched_compensations: self.unmatched_compensations,
            pending: self.pending,
            unknown_types: self.unknown_types.clone(),
            without_price: 0,
            not_in_format: BTreeMap::new(),
            unnamed_units: self.unnamed_units,
            unreadable_legs: self.unreadable_legs,
            legacy_added: self.legacy_added,
            legacy_duplicates: self.legacy_duplicates,
        }
    }
}

/// Whether a leg was cancelled (`asset_balance_after` = −1).
pub(super) fn is_cancelled(op: &Operation) -> bool {
    op.transactions.iter().any(|leg| {
        leg.asset_balance_after
            .as_ref()
            .is_some_and(|m| m.value == Decimal::NEGATIVE_ONE)
    })
}

/// The operations (by index) left out as one side of an exact reversal, and the
/// compensations that reverse nothing of the list exactly. Only the legs some compensation
/// names are indexed (most histories have few compensations, and none costs nothing).
pub(super) fn reversals(ops: &[Operation]) -> (FxHashSet<usize>, FxHashSet<usize>) {
    let targets: FxHashSet<&str> = ops
        .iter()
        .flat_map(|op| op.transactions.iter())
        .filter_map(|leg| leg.compensates.as_deref())
        .collect();
    if targets.is_empty() {
        return Default::default();
    }
    let mut leg_owner: FxHashMap<&str, usize> = FxHashMap::default();
    for (i, op) in ops.iter().enumerate() {
        for leg in &op.transactions {
            if targets.contains(leg.transaction_id.as_str()) {
                leg_owner.insert(leg.transaction_id.as_str(), i);
            }
        }
    }
    let same_money = |a: &folio_client::current::OperationTransaction,
                      b: &folio_client::current::OperationTransaction| {
        match (&a.asset_amount, &b.asset_amount) {
            (Some(x), Some(y)) => x.value == y.value && x.unit_id() == y.unit_id(),
            _ => false,
        }
    };
    let leg_of = |id: &str| {
        let i = *leg_owner.get(id)?;
        ops[i]
            .transactions
            .iter()
            .find(|l| l.transaction_id.as_str() == id)
    };
    // A pure compensation: every leg reverses a leg of the list with the same money.
    let mut matched: FxHashSet<&str> = FxHashSet::default();
    let mut pure: FxHashSet<usize> = FxHashSet::default();
    let mut compensations: FxHashSet<usize> = FxHashSet::default();
    for (i, op) in ops.iter().enumerate() {
        if !op.transactions.iter().any(|l| l.compensates.is_some()) {
            continue;
        }
        compensations.insert(i);
        let targets: Vec<Option<&str>> = op
            .transactions
            .iter()
            .map(|leg| {
                let target = leg.compensates.as_deref()?;
                let original = leg_of(target)?;
                same_money(leg, original).then_some(target)
            })
            .collect();
        if targets.iter().all(Option::is_some) {
            pure.insert(i);
            matched.extend(targets.into_iter().flatten());
        }
    }
    // A reversed operation: every leg is reversed by a pure compensation.
    let reversed: FxHashSet<usize> = ops
        .iter()
        .enumerate()
        .filter(|(i, op)| {
            !compensations.contains(i)
                && !op.transactions.is_empty()
                && op
                    .transactions
                    .iter()
                    .all(|l| matched.contains(l.transaction_id.as_str()))
        })
        .map(|(i, _)| i)
        .collect();
    let mut left_out = reversed.clone();
    let mut unmatched = FxHashSet::default();
    for &i in &compensations {
        let reverses_left_out = pure.contains(&i)
            && ops[i].transactions.iter().all(|leg| {
                leg.compensates
                    .as_deref()
                    .and_then(|t| leg_owner.get(t))
                    .is_some_and(|owner| reversed.contains(owner))
            });
        if reverses_left_out {
            left_out.insert(i);
        } else {
            unmatched.insert(i);
        }
    }
    (left_out, unmatched)
}

/// Applies the rules of the module docs to `input` (every operation at once; Insights makes
/// the same selection page by page with [`Selector`]).
pub fn select(input: &TaxInput<'_>) -> Selection {
    let mut selector = Selector::new(input.range, input.legacy_trades);
    selector.add_page(input.operations, input.units);
    selector.finish(input.operations, input.units)
}
