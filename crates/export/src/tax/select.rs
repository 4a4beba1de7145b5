//! Which operations and legacy trades a file is written from: the rules of the module docs
//! (cancelled, reversed, pending, outside the period, already in the current API), each
//! counted for the summary.

use std::collections::BTreeMap;

use folio_client::current::Operation;
use folio_client::legacy::reconcile::operation_time;
use folio_client::legacy::timeline::{CurrentIndex, Wanted};
use folio_client::legacy::LegacyTradeStatus;
use rust_decimal::Decimal;
use rustc_hash::{FxHashMap, FxHashSet};

use super::entry::{from_operation, sort_ledger, Entry, Kind};
use super::legacy_entry::from_legacy_trade;
use super::range::DateRange;
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
fn is_cancelled(op: &Operation) -> bool {
    op.transactions.iter().any(|leg| {
        leg.asset_balance_after
            .as_ref()
            .is_some_and(|m| m.value == Decimal::NEGATIVE_ONE)
    })
}

/// The operations (by index) left out as one side of an exact reversal, and the
/// compensations that reverse nothing of the list exactly. Only the legs some compensation
/// names are indexed (most histories have few compensations, and none costs nothing).
fn reversals(ops: &[Operation]) -> (FxHashSet<usize>, FxHashSet<usize>) {
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

fn bump(map: &mut BTreeMap<String, usize>, key: &str) {
    let n = map.entry(key.to_string()).or_insert(0);
    *n = n.saturating_add(1);
}

fn count_entry(sel: &mut Selection, entry: &Entry) {
    if entry.kind == Kind::Unknown {
        bump(&mut sel.unknown_types, entry.type_name());
    }
    let unnamed = entry
        .moves
        .iter()
        .chain(&entry.fees)
        .chain(&entry.taxes)
        .filter(|m| !m.unit.named)
        .count();
    sel.unnamed_units = sel.unnamed_units.saturating_add(unnamed);
    sel.unreadable_legs = sel.unreadable_legs.saturating_add(entry.unreadable_legs);
}

/// Applies the rules of the module docs to `input`.
pub fn select(input: &TaxInput<'_>) -> Selection {
    let ops = input.operations;
    let mut sel = Selection {
        entries: Vec::with_capacity(ops.len().saturating_add(input.legacy_trades.len())),
        ..Selection::default()
    };
    let (reversed, unmatched) = reversals(ops);
    // The service lists newest first: walking backwards makes the entries come out sorted,
    // so `sort_ledger` below usually only checks.
    for (i, op) in ops.iter().enumerate().rev() {
        let Some(time) = operation_time(op) else {
            sel.pending = sel.pending.saturating_add(1);
            continue;
        };
        if !input.range.contains(time) {
            continue;
        }
        if is_cancelled(op) {
            sel.cancelled = sel.cancelled.saturating_add(1);
            continue;
        }
        if reversed.contains(&i) {
            sel.compensated = sel.compensated.saturating_add(1);
            continue;
        }
        if unmatched.contains(&i) {
            sel.unmatched_compensations = sel.unmatched_compensations.saturating_add(1);
        }
        let entry = from_operation(op, time, input.units);
        count_entry(&mut sel, &entry);
        if entry.moves.is_empty() && entry.fees.is_empty() && entry.taxes.is_empty() {
            continue;
        }
        sel.entries.push(entry);
    }
    add_legacy(&mut sel, input);
    sort_ledger(&mut sel.entries);
    sel
}

/// Adds the legacy trades the current API does not list (matched as the legacy timeline
/// matches them, through its index of the operations: nothing is cloned), counting those it
/// does list.
fn add_legacy(sel: &mut Selection, input: &TaxInput<'_>) {
    if input.legacy_trades.is_empty() {
        return;
    }
    let mut wanted = Wanted::default();
    for item in input.legacy_trades {
        wanted.add(&item.id, Some(&item.id), item.attributes.time.instant());
    }
    let index = CurrentIndex::new(input.operations, &wanted);
    for item in input.legacy_trades.iter().rev() {
        let a = &item.attributes;
        let time = a.time.instant();
        let listed = index
            .find_parts(&item.id, Some(&item.id), time, a.amount_cryptocoin)
            .is_some();
        let Some(time) = time else {
            if !listed {
                sel.pending = sel.pending.saturating_add(1);
            }
            continue;
        };
        if !input.range.contains(time) {
            continue;
        }
        if listed {
            sel.legacy_duplicates = sel.legacy_duplicates.saturating_add(1);
            continue;
        }
        match &a.status {
            Some(LegacyTradeStatus::Finished) => {}
            Some(LegacyTradeStatus::Canceled) => {
                sel.cancelled = sel.cancelled.saturating_add(1);
                continue;
            }
            _ => {
                sel.pending = sel.pending.saturating_add(1);
                continue;
            }
        }
        match from_legacy_trade(item, time, input.units) {
            Some(entry) => {
                count_entry(sel, &entry);
                sel.legacy_added = sel.legacy_added.saturating_add(1);
                sel.entries.push(entry);
            }
            None => sel.unreadable_legs = sel.unreadable_legs.saturating_add(1),
        }
    }
}
