//! The legacy archive: every legacy list in one ZIP, before the API is switched off
//! (31 January 2027). For each list the ZIP holds
//!
//! - `<list>.json`: the records exactly as the API sent them (each record's bytes unchanged),
//!   in one JSON array; the asset wallets, which are one object, as the whole answer;
//! - `<list>.csv`: one row per record, the [`documented_columns`] and then any other
//!   attribute, every value as sent ([`crate::flatten`]);
//!
//! and a `README.txt` saying what each file is, when and from which address it was read,
//! how many records each holds and which lists are incomplete (and why).
//!
//! The archive is streamed: each page read goes into its list's [`ListDump`] at once — its
//! new records compressed into the list's JSON entry, records without an id told apart by
//! their content, a service that goes round in circles halted ([`Halt`]) — so what was read
//! is held once, compressed. Packing 50,000 records takes a while, so it is an [`ArchiveJob`]
//! the app advances in slices ([`ArchiveJob::step`]), yielding to the page between them; it
//! gives the [`Zip`] as parts the browser joins into one file (no second copy in wasm).

mod columns;
mod deflated;
mod dump;
mod job;
mod list_files;
mod readme;
mod wallets;
mod zip_file;

pub use columns::{documented_columns, file_stem, title};
pub use dump::{Halt, ListDump, Next, PageAdded, PageAdding, MAX_PAGES_WITHOUT_NEW};
pub use job::{ArchiveError, ArchiveJob, Step};
pub use list_files::{grouped_csv, json_array, list_csv, records_csv, Columns};
pub use readme::readme;
pub use wallets::asset_wallet_rows;
pub use zip_file::Zip;

use chrono::{DateTime, Utc};

/// How reading one list ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListOutcome {
    /// Read to its end.
    Complete,
    /// Stopped by the person before its end.
    Stopped,
    /// Stopped because the service misbehaved (see [`Halt`]): incomplete.
    Halted(Halt),
    /// A read failed; the words say why.
    Failed(String),
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
