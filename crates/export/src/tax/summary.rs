//! What a file holds and what was left out, counted. The app words the counts (in the
//! language shown) before the download: `src/pages/operations/tax_summary.rs`.

use std::collections::BTreeMap;

use super::entry::Entry;
use super::range::DateRange;
use super::TaxFormat;

/// The counts behind one written file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSummary {
    /// The file's format.
    pub format: TaxFormat,
    /// The period written.
    pub range: DateRange,
    /// Rows written (CSV lines after the header; Ghostfolio activities).
    pub rows: usize,
    /// Operations and legacy trades with at least one row.
    pub operations: usize,
    /// Operations (and legacy trades) of the period left out because they were cancelled.
    pub cancelled: usize,
    /// Operations of the period left out because a compensation reverses them exactly, or
    /// because they are such a compensation (both sides count).
    pub compensated: usize,
    /// Compensations that reverse no operation of the list exactly, written as what they are.
    pub unmatched_compensations: usize,
    /// Operations (and legacy trades) left out because they are not credited yet: they have no
    /// date, so every period counts them.
    pub pending: usize,
    /// Operation types Folio does not know, with how many of each the period has; they are
    /// written with their own name.
    pub unknown_types: BTreeMap<String, usize>,
    /// Operations written without a price: Bitpanda's data gives no fiat value for the asset
    /// they move (rewards, swaps, transfers), so the tool has to value them.
    pub without_price: usize,
    /// Operations the format has no row for (by design, e.g. fiat deposits in Ghostfolio),
    /// by type.
    pub not_in_format: BTreeMap<String, usize>,
    /// Legs whose asset or currency the lookup did not know: written with the id as symbol.
    pub unnamed_units: usize,
    /// Legs (or legacy trades) that could not be read (no amount, unit or direction): left out.
    pub unreadable_legs: usize,
    /// Legacy trades written because the current API does not list them.
    pub legacy_added: usize,
    /// Legacy trades of the period left out because the current API lists them too.
    pub legacy_duplicates: usize,
}

impl ExportSummary {
    /// Counts `entry`, written as `rows` rows (at least one): one more operation, its rows,
    /// and whether it went without a price. (Every writer counts what it wrote this way.)
    pub(crate) fn count_written(&mut self, entry: &Entry, rows: usize) {
        self.operations = self.operations.saturating_add(1);
        self.rows = self.rows.saturating_add(rows);
        if entry.without_price() {
            self.without_price = self.without_price.saturating_add(1);
        }
    }
}
