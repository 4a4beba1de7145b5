//! Which operations and legacy trades a file is written from: the rules of the module docs
//! (cancelled, reversed, pending, outside the period, already in the current API), each
//! counted for the summary.

use std::collections::BTreeMap;

use folio_client::current::Operation;
use rust_decimal::Decimal;

use super::entry::Entry;
use super::range::DateRange;
pub use super::selector::{Finishing, Selector};
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
    /// No two of `entries` and `without_legs` share an id (checked as they were made: see
    /// [`Selector`]). `false` says only that it was not shown: a reader that needs one
    /// entry per id removes duplicates itself.
    pub one_per_id: bool,
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

/// Applies the rules of the module docs to `input` (every operation at once; Insights makes
/// the same selection page by page with [`Selector`]).
pub fn select(input: &TaxInput<'_>) -> Selection {
    let mut selector = Selector::new(input.range, input.legacy_trades);
    selector.add_page(input.operations, input.units);
    selector.finish(input.units)
}
