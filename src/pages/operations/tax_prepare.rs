//! Preparing a tax-tool file: the account's ledger (`data::ledger`), then
//! `folio_export::tax`. Reached only from the tax files form, which loads with the export's
//! wasm module, so none of it is in the Operations page's module.

use folio_client::Client;
use folio_export::tax::{DateRange, TaxFile, TaxFormat, TaxInput};

use crate::components::error_view::PlainWords;
use crate::data::ledger::{read_ledger, LedgerSources};

/// Reads what the file needs and writes it; `progress` hears the operations read so far,
/// then `None` while the file is written.
pub async fn prepare(
    client: Client,
    keyless: Client,
    request: TaxRequest,
    progress: Box<dyn Fn(Option<usize>)>,
) -> Result<TaxFile, String> {
    let sources = read_ledger(&client, &keyless, request.with_legacy, &|n| {
        progress(Some(n))
    })
    .await
    .map_err(|e| e.user_message())?;
    progress(None);
    Ok(tax_file_of(&sources, request.range, request.format))
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

/// The tax file of `sources`.
fn tax_file_of(sources: &LedgerSources, range: DateRange, format: TaxFormat) -> TaxFile {
    let units = sources.units();
    let input = TaxInput::new(&sources.operations, &units, range)
        .with_legacy_trades(&sources.legacy_trades);
    folio_export::tax::write(format, &input)
}
