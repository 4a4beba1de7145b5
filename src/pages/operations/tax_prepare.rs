//! Preparing a tax-tool file: the selection made as the pages of operations arrive
//! (`data::ledger::read_and_select`), then the file written [`CSV_SLICE`] (or
//! [`JSON_SLICE`]) entries at a time, each slice's text handed to the browser as a Blob part
//! with the page's thread free between slices: at 100,000 operations no task holds the page
//! for long, and the wasm memory never holds the whole file. Reached only from the tax
//! files form, which loads with the export's wasm module, so none of it is in the
//! Operations page's module.

use folio_client::Client;
use folio_export::tax::{DateRange, ExportSummary, TaxFormat, TaxInput, TaxWriting};

use crate::components::error_view::PlainWords;
use crate::data::download::blob_part;
use crate::data::ledger::read_and_select;
use crate::data::next_task::next_task;
use crate::i18n::t;

/// Entries written per slice of CSV (a few milliseconds of work, as the Operations export's
/// slices; `cargo xtask bench exports` prints the longest task).
const CSV_SLICE: usize = 1_000;

/// Entries per slice of Ghostfolio JSON, whose text per entry is several times the CSV's.
const JSON_SLICE: usize = 250;

/// How far the preparation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Reading the operations: how many so far.
    Reading(usize),
    /// Writing the file: entries written, of how many.
    Writing(usize, usize),
}

/// A prepared file: its name, its text as Blob parts (in the browser), what it holds.
pub struct PreparedFile {
    /// The download name.
    pub name: String,
    /// Whether it is JSON (else CSV).
    pub json: bool,
    /// Its text, part after part.
    pub parts: js_sys::Array,
    /// What was written and what was left out.
    pub summary: ExportSummary,
}

/// Reads what the file needs and writes it, telling `progress` how far it is. Dropping the
/// future stops it (the read's requests are aborted; no file is made).
pub async fn prepare(
    client: Client,
    keyless: Client,
    request: TaxRequest,
    progress: Box<dyn Fn(Step)>,
) -> Result<PreparedFile, String> {
    let (selection, units) = read_and_select(
        &client,
        &keyless,
        request.with_legacy,
        request.range,
        &|n| progress(Step::Reading(n)),
    )
    .await
    .map_err(|e| e.user_message())?;
    // The writing needs the period and the units' names; the operations are already gone.
    let input = TaxInput::new(&[], &units, request.range);
    let mut writing = TaxWriting::new(request.format, &input, selection);
    let json = request.format == TaxFormat::GhostfolioJson;
    let size = if json { JSON_SLICE } else { CSV_SLICE };
    let parts = js_sys::Array::new();
    let refused = || t("The browser refused the download.").to_string();
    while !writing.is_done() {
        progress(Step::Writing(writing.written(), writing.entries()));
        next_task().await;
        parts.push(&blob_part(writing.write(size)).ok_or_else(refused)?);
    }
    let (end, name, summary) = writing.finish();
    parts.push(&blob_part(end).ok_or_else(refused)?);
    Ok(PreparedFile {
        name,
        json,
        parts,
        summary,
    })
}

/// What the person asked for in "Files for tax tools".
#[derive(Debug, Clone, Copy)]
pub struct TaxRequest {
    /// The period.
    pub range: DateRange,
    /// The format.
    pub format: TaxFormat,
    /// Whether to add the legacy API's trades.
    pub with_legacy: bool,
}
