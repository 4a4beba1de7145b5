//! Everything the account's ledger is made from, read once for a file or a report: every
//! operation of the current API (page after page), the catalogue entries that name their
//! units, and — when asked and the key may read it — the legacy API's trades and fiat
//! wallets. Used by "Files for tax tools" (Operations) and by Insights; both reach it only
//! from their own wasm modules.

use folio_client::current::{Asset, Currency, Operation, OperationsQuery};
use folio_client::legacy::{LegacyItem, LegacyTrade, LegacyTradesQuery};
use folio_client::{ApiError, AssetId, Client};
use folio_export::tax::Units;

use crate::data::catalogue;

/// What was read.
#[derive(Debug, Clone, Default)]
pub struct LedgerSources {
    /// Every operation of the account, as the client decoded them.
    pub operations: Vec<Operation>,
    /// Every currency.
    pub currencies: Vec<Currency>,
    /// The assets the operations name.
    pub assets: Vec<Asset>,
    /// The legacy API's trades (empty when not asked for or not readable).
    pub legacy_trades: Vec<LegacyItem<LegacyTrade>>,
    /// The legacy fiat wallets' `(fiat_id, symbol)`.
    pub legacy_fiats: Vec<(String, String)>,
}

impl LedgerSources {
    /// The names and classes of every unit id the sources use.
    pub fn units(&self) -> Units {
        let mut units = Units::from_catalogue(&self.currencies, &self.assets);
        for (id, symbol) in &self.legacy_fiats {
            units.insert_legacy_fiat(id.clone(), symbol.clone());
        }
        units
    }
}

/// Every operation of the account, newest first (all pages, 100 at a time); `read` is told
/// how many so far. Also used by the views that compare or merge the whole history
/// (reconciliation, the combined timeline).
pub async fn every_operation(
    client: &Client,
    read: &dyn Fn(usize),
) -> Result<Vec<Operation>, ApiError> {
    let mut operations = Vec::new();
    let query = OperationsQuery {
        page_size: Some(100),
        ..OperationsQuery::default()
    };
    client
        .current()
        .operations_paginator(query)
        .run(None, |page, _| {
            operations.extend(page);
            read(operations.len());
        })
        .await?;
    Ok(operations)
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

/// Reads the ledger's sources; `progress` hears the operations read so far. An operations
/// page that fails fails the whole read: a ledger with a gap would mislead.
pub async fn read_ledger(
    client: &Client,
    keyless: &Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
) -> Result<LedgerSources, ApiError> {
    let operations = every_operation(client, progress).await?;
    let mut ids: Vec<AssetId> = operations
        .iter()
        .flat_map(|op| op.transactions.iter().filter_map(|t| t.asset_id.clone()))
        .collect();
    ids.sort();
    ids.dedup();
    let currencies = catalogue::currencies(client, keyless).await;
    let assets = catalogue::assets(client, keyless, &ids).await;
    let (legacy_trades, legacy_fiats) = if with_legacy {
        legacy_sources(client).await
    } else {
        Default::default()
    };
    Ok(LedgerSources {
        operations,
        currencies,
        assets,
        legacy_trades,
        legacy_fiats,
    })
}
