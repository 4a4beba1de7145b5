//! The files a person hands to a tax tool or a portfolio tracker for a chosen period (a tax
//! year is a [`DateRange`]): a CSV shaped like Bitpanda's own trades export, Koinly's
//! universal CSV and Ghostfolio's import JSON. The mapping of every operation type to the
//! rows of each file is documented in `docs/exports.md` ("Files for tax tools").
//!
//! Input: the current API's operations as the client decodes them, a [`Units`] lookup the
//! caller fills from the catalogue (symbol and asset class of every asset and currency id)
//! and, when the legacy API is connected, its trades; a legacy trade that is also a current
//! operation is written once (matched as `folio_client::legacy::timeline` matches them).
//!
//! Rules shared by the three files (the `select` module applies them before a file is
//! written):
//! - an operation with a cancelled leg (`asset_balance_after` = −1) is left out;
//! - an operation fully reversed by compensating legs (`compensates`, same unit and amount)
//!   is left out together with its compensation; a compensation that does not exactly
//!   reverse an operation of the list is written as what it is (a refund, say);
//! - an operation without any `credited_at` is pending and left out (it has no date yet);
//! - an operation is in the period when its time — the latest `credited_at` of its legs —
//!   falls on one of the period's days (UTC, both ends included);
//! - a type Folio does not know is written with its own name, never dropped;
//! - amounts are written exactly as sent (their scale kept); the only arithmetic is checked.
//!
//! Every file comes with an [`ExportSummary`] whose
//! [`line`](ExportSummary::line) the app shows before the download.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects))]

mod amounts;
mod bitpanda;
pub mod entry;
mod ghostfolio;
mod json;
mod koinly;
mod legacy_entry;
mod legacy_trades;
mod naming;
mod range;
mod reversals;
pub mod select;
mod selector;
mod sent_id;
mod summary;
mod units;
mod writing;

#[cfg(test)]
mod tests;

use folio_client::current::Operation;

pub use ghostfolio::GhostfolioSymbols;
pub use legacy_trades::{KeptTrade, LegacyTrades, TradeState};
pub use range::DateRange;
pub use sent_id::{IdText, SentId};
pub use summary::ExportSummary;
pub use units::{UnitClass, UnitInfo, Units};
pub use writing::TaxWriting;

/// One of the files for tax tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TaxFormat {
    /// A CSV with the columns of Bitpanda's own trades export (`.csv`).
    BitpandaCsv,
    /// Koinly's universal CSV template (`.csv`).
    KoinlyCsv,
    /// Ghostfolio's import JSON (`.json`).
    GhostfolioJson,
}

impl TaxFormat {
    /// Every format, in the order the app lists them.
    pub const ALL: [TaxFormat; 3] = [
        TaxFormat::BitpandaCsv,
        TaxFormat::KoinlyCsv,
        TaxFormat::GhostfolioJson,
    ];

    /// The short name used in file names (`bitpanda`, `koinly`, `ghostfolio`).
    pub fn slug(self) -> &'static str {
        match self {
            TaxFormat::BitpandaCsv => "bitpanda",
            TaxFormat::KoinlyCsv => "koinly",
            TaxFormat::GhostfolioJson => "ghostfolio",
        }
    }

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            TaxFormat::BitpandaCsv | TaxFormat::KoinlyCsv => "csv",
            TaxFormat::GhostfolioJson => "json",
        }
    }
}

/// The download name of a file: `folio-<format>-<from>_<to>.<ext>`, e.g.
/// `folio-koinly-2025-01-01_2025-12-31.csv`. It names no account.
pub fn file_name(format: TaxFormat, range: &DateRange) -> String {
    format!(
        "folio-{}-{}_{}.{}",
        format.slug(),
        range.from(),
        range.to(),
        format.extension()
    )
}

/// What a file is made from.
#[derive(Debug, Clone, Copy)]
pub struct TaxInput<'a> {
    /// Every operation of the account as loaded (not only the period's: a compensation may
    /// reverse an operation of another period, and the legacy match needs them all).
    pub operations: &'a [Operation],
    /// The legacy API's trades, when it is connected (else empty).
    pub legacy_trades: &'a LegacyTrades,
    /// Symbol and class of every unit id.
    pub units: &'a Units,
    /// The period written.
    pub range: DateRange,
    /// How Ghostfolio activities name their asset (ignored by the other formats).
    pub ghostfolio_symbols: GhostfolioSymbols,
    /// The currency Ghostfolio activities without a fiat side are counted in (ISO code;
    /// "EUR" by default). Ignored by the other formats.
    pub home_currency: &'a str,
}

impl<'a> TaxInput<'a> {
    /// The input for `operations` over `range`, without legacy trades, Ghostfolio symbols
    /// [`GhostfolioSymbols::Manual`] and home currency EUR.
    pub fn new(operations: &'a [Operation], units: &'a Units, range: DateRange) -> Self {
        Self {
            operations,
            legacy_trades: LegacyTrades::none(),
            units,
            range,
            ghostfolio_symbols: GhostfolioSymbols::Manual,
            home_currency: "EUR",
        }
    }

    /// The same input with the legacy API's trades added.
    pub fn with_legacy_trades(mut self, trades: &'a LegacyTrades) -> Self {
        self.legacy_trades = trades;
        self
    }

    /// The same input naming Ghostfolio assets as `symbols` says.
    pub fn with_ghostfolio_symbols(mut self, symbols: GhostfolioSymbols) -> Self {
        self.ghostfolio_symbols = symbols;
        self
    }

    /// The same input counting Ghostfolio activities without a fiat side in `currency`.
    pub fn with_home_currency(mut self, currency: &'a str) -> Self {
        self.home_currency = currency;
        self
    }
}

/// A written file.
#[derive(Debug, Clone, PartialEq)]
pub struct TaxFile {
    /// The download name ([`file_name`]).
    pub file_name: String,
    /// The file's text (UTF-8; CSV lines end with `\r\n`).
    pub text: String,
    /// What was written and what was left out.
    pub summary: ExportSummary,
}

/// Writes the file of `format` from `input` at once ([`TaxWriting`] writes it a slice at a
/// time).
pub fn write(format: TaxFormat, input: &TaxInput<'_>) -> TaxFile {
    writing::whole(format, input, select::select(input))
}

/// [`write()`] for [`TaxFormat::BitpandaCsv`].
pub fn bitpanda_csv(input: &TaxInput<'_>) -> TaxFile {
    write(TaxFormat::BitpandaCsv, input)
}

/// [`write()`] for [`TaxFormat::KoinlyCsv`].
pub fn koinly_csv(input: &TaxInput<'_>) -> TaxFile {
    write(TaxFormat::KoinlyCsv, input)
}

/// [`write()`] for [`TaxFormat::GhostfolioJson`].
pub fn ghostfolio_json(input: &TaxInput<'_>) -> TaxFile {
    write(TaxFormat::GhostfolioJson, input)
}
