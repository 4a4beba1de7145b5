//! What a file holds and what was left out, and the one sentence the app shows about it
//! before the download.

use std::collections::BTreeMap;

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

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn total(map: &BTreeMap<String, usize>) -> usize {
    map.values().fold(0usize, |a, b| a.saturating_add(*b))
}

fn listed(map: &BTreeMap<String, usize>) -> String {
    map.iter()
        .map(|(name, n)| format!("{name} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl ExportSummary {
    /// One plain-English line about the file, e.g. "Koinly file for 2025-01-01 to
    /// 2025-12-31: 112 rows from 104 operations. Left out: 1 cancelled, 2 reversed (a
    /// withdrawal and its refund)."
    pub fn line(&self) -> String {
        let mut out = format!(
            "{} file for {} to {}: {} from {}.",
            self.format.tool(),
            self.range.from(),
            self.range.to(),
            plural(self.rows, "row", "rows"),
            plural(self.operations, "operation", "operations"),
        );
        let mut left_out = Vec::new();
        if self.cancelled > 0 {
            left_out.push(format!("{} cancelled", self.cancelled));
        }
        if self.compensated > 0 {
            left_out.push(format!(
                "{} reversed by a refund or correction (both sides)",
                self.compensated
            ));
        }
        if self.pending > 0 {
            left_out.push(format!("{} still pending (no date yet)", self.pending));
        }
        if self.legacy_duplicates > 0 {
            left_out.push(format!(
                "{} legacy {} already in the current history",
                self.legacy_duplicates,
                if self.legacy_duplicates == 1 {
                    "trade"
                } else {
                    "trades"
                }
            ));
        }
        if self.unreadable_legs > 0 {
            left_out.push(plural(
                self.unreadable_legs,
                "unreadable leg",
                "unreadable legs",
            ));
        }
        if !left_out.is_empty() {
            out.push_str(&format!(" Left out: {}.", left_out.join(", ")));
        }
        let unknown = total(&self.unknown_types);
        if unknown > 0 {
            out.push_str(&format!(
                " {} of a type Folio does not know, written under its own name ({}).",
                plural(unknown, "operation is", "operations are"),
                listed(&self.unknown_types)
            ));
        }
        let absent = total(&self.not_in_format);
        if absent > 0 {
            out.push_str(&format!(
                " {} no row in {} ({}).",
                plural(absent, "operation has", "operations have"),
                self.format.tool(),
                listed(&self.not_in_format)
            ));
        }
        if self.without_price > 0 {
            out.push_str(&format!(
                " {} without a price (Bitpanda's data has none): check how the tool values them.",
                plural(self.without_price, "operation is", "operations are")
            ));
        }
        if self.legacy_added > 0 {
            out.push_str(&format!(
                " {} from the legacy API added.",
                plural(self.legacy_added, "trade", "trades")
            ));
        }
        if self.unnamed_units > 0 {
            out.push_str(&format!(
                " {} an unknown asset, written by its id.",
                plural(self.unnamed_units, "leg names", "legs name")
            ));
        }
        if self.unmatched_compensations > 0 {
            out.push_str(&format!(
                " {} nothing in the list exactly and {} written as {}.",
                plural(
                    self.unmatched_compensations,
                    "compensation reverses",
                    "compensations reverse"
                ),
                if self.unmatched_compensations == 1 {
                    "is"
                } else {
                    "are"
                },
                if self.unmatched_compensations == 1 {
                    "it is"
                } else {
                    "they are"
                }
            ));
        }
        out
    }
}
