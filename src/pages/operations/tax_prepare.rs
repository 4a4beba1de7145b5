//! Preparing a tax-tool file: every operation, the catalogue, the legacy trades when asked,
//! then `folio_export::tax`. Reached only from the tax files form, which loads with the
//! export's wasm module, so none of it is in the Operations page's module.

use folio_client::current::{Asset, Currency, Operation, OperationsQuery, Step};
use folio_client::legacy::{LegacyItem, LegacyTrade, LegacyTradesQuery};
use folio_client::{ApiError, AssetId, Client};
use folio_export::tax::{DateRange, TaxFile, TaxFormat, TaxInput, Units};

use crate::components::error_view::PlainWords;
use crate::data::catalogue;

/// Every operation, page after page; `read` is told how many so far.
async fn every_operation(
    client: &Client,
    read: impl Fn(usize),
) -> Result<Vec<Operation>, ApiError> {
    let mut pages = client
        .current()
        .operations_paginator(OperationsQuery::default());
    let mut all = Vec::new();
    loop {
        match pages.next_page().await? {
            Step::Page(ops) => {
                all.extend(ops);
                read(all.len());
            }
            _ => return Ok(all),
        }
    }
}

/// The legacy trades and fiat wallets, when the key may read the legacy API and it still
/// answers (a switched-off legacy API adds nothing).
async fn legacy_sources(client: &Client) -> (Vec<LegacyItem<LegacyTrade>>, Vec<(String, String)>) {
    let legacy = client.legacy();
    let trades = legacy
        .trades_all(&LegacyTradesQuery::default())
        .await
        .unwrap_or_default();
    let fiats = legacy
        .fiat_wallets()
        .await
        .map(|w| {
            w.into_vec()
                .into_iter()
                .filter_map(|f| Some((f.attributes.fiat_id?, f.attributes.fiat_symbol?)))
                .collect()
        })
        .unwrap_or_default();
    (trades, fiats)
}

/// Reads what the file needs and writes it; `progress` hears the operations read so far,
/// then `None` while the file is written.
pub async fn prepare(
    client: Client,
    keyless: Client,
    request: TaxRequest,
    progress: Box<dyn Fn(Option<usize>)>,
) -> Result<TaxFile, String> {
    let operations = every_operation(&client, |n| progress(Some(n)))
        .await
        .map_err(|e| e.user_message())?;
    let mut ids: Vec<AssetId> = operations
        .iter()
        .flat_map(|op| op.transactions.iter().filter_map(|t| t.asset_id.clone()))
        .collect();
    ids.sort();
    ids.dedup();
    let currencies = catalogue::currencies(&client, &keyless).await;
    let assets = catalogue::assets(&client, &keyless, &ids).await;
    let (legacy_trades, legacy_fiats) = if request.with_legacy {
        legacy_sources(&client).await
    } else {
        Default::default()
    };
    progress(None);
    let sources = TaxSources {
        operations,
        currencies,
        assets,
        legacy_trades,
        legacy_fiats,
    };
    Ok(tax_file_of(&sources, request.range, request.format))
}

/// What a tax-tool file is made from (read by `tax_files`).
struct TaxSources {
    /// Every operation of the account.
    pub operations: Vec<Operation>,
    /// Every currency.
    pub currencies: Vec<Currency>,
    /// The assets the operations name.
    pub assets: Vec<Asset>,
    /// The legacy API's trades (empty when not included).
    pub legacy_trades: Vec<LegacyItem<LegacyTrade>>,
    /// The legacy fiat wallets' `(fiat_id, symbol)`.
    pub legacy_fiats: Vec<(String, String)>,
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
fn tax_file_of(sources: &TaxSources, range: DateRange, format: TaxFormat) -> TaxFile {
    let mut units = Units::from_catalogue(&sources.currencies, &sources.assets);
    for (id, symbol) in &sources.legacy_fiats {
        units.insert_legacy_fiat(id.clone(), symbol.clone());
    }
    let input = TaxInput::new(&sources.operations, &units, range)
        .with_legacy_trades(&sources.legacy_trades);
    folio_export::tax::write(format, &input)
}
