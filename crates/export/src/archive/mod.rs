//! The legacy archive: every legacy list in one ZIP, before the API is switched off
//! (31 January 2027). For each list the ZIP holds
//!
//! - `<list>.json`: the records exactly as the API sent them (each record's bytes unchanged),
//!   in one JSON array; the asset wallets, which are one object, as the whole answer;
//! - `<list>.csv`: one row per record, the [`documented_columns`] and then any other
//!   attribute, every value as sent ([`crate::flatten`]);
//!
//! and a `README.txt` saying what each file is, when and from which address it was read,
//! how many records each holds and which lists are incomplete.
//!
//! Packing 50,000 records takes a while, so it is an [`ArchiveJob`] the app advances in
//! slices ([`ArchiveJob::step`]), yielding to the page between them.

mod columns;
mod job;
mod list_files;
mod readme;
mod wallets;

pub use columns::{documented_columns, file_stem, title};
pub use job::{ArchiveError, ArchiveJob, Step};
pub use list_files::{grouped_csv, json_array, list_csv, records_csv, Columns};
pub use readme::readme;
pub use wallets::asset_wallet_rows;

use chrono::{DateTime, Utc};
use folio_client::legacy::{LegacyList, RawRecord};

/// How reading one list ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListOutcome {
    /// Read to its end.
    Complete,
    /// Stopped by the person before its end.
    Stopped,
    /// A read failed; the words say why.
    Failed(String),
}

/// What was read of one legacy list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListDump {
    /// Which list.
    pub list: LegacyList,
    /// Its records as sent (paged lists and the two wallet lists), each once.
    pub records: Vec<RawRecord>,
    /// The whole answer, for the asset wallets (one object rather than a list).
    pub body: Option<String>,
    /// `meta.total_count` of the first page, when the API sent one.
    pub reported_total: Option<u64>,
    /// How reading it ended.
    pub outcome: ListOutcome,
}

impl ListDump {
    /// An empty dump of `list`, not read yet.
    pub fn new(list: LegacyList) -> Self {
        ListDump {
            list,
            records: Vec::new(),
            body: None,
            reported_total: None,
            outcome: ListOutcome::Stopped,
        }
    }
}

/// Where and when the archive was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveInfo {
    /// The legacy API's address the lists were read from (`…/v1` is appended).
    pub source: String,
    /// When reading started.
    pub started: DateTime<Utc>,
    /// When the archive was packed.
    pub packed: DateTime<Utc>,
}

/// The ZIP's file name: `folio-legacy-archive-<date packed>.zip` (no account detail).
pub fn zip_name(info: &ArchiveInfo) -> String {
    format!(
        "folio-legacy-archive-{}.zip",
        folio_client::date_text::day_text(info.packed.date_naive())
    )
}
