//! The watchlist's reads: the catalogue entries of the ids followed and each one's price in
//! euros (`GET /v1/assets`, `GET /v1/tickers/{id}`), both public and asked **without the key**;
//! and, only when a key is connected, each one's change over 24 hours from the exchange's
//! candles of its euro market (the exchange answers no one without a key; the candles are
//! market data, nothing of the account). One asset's failed read costs its own row's figure,
//! never the list.

use folio_client::current::{Asset, AssetType};
use folio_client::exchange::{CandleInterval, CandlesQuery};
use folio_client::{ApiError, AssetId, Client};
use futures::future::join_all;
use rust_decimal::Decimal;

use crate::components::error_view::PlainWords;

use crate::pages::asset::{change_over, euro_market};

/// Why a row has no change over 24 hours.
#[derive(Debug, Clone, PartialEq)]
pub enum NoChange {
    /// No key is connected: the exchange answers only to one.
    NoKey,
    /// The exchange has no market of the asset against the euro.
    NoMarket,
    /// The exchange's answer did not come or said no (in plain words).
    Failed(String),
}

/// One asset on the watchlist, as read now.
#[derive(Debug, Clone, PartialEq)]
pub struct Watched {
    /// Its id (what the list keeps).
    pub id: String,
    /// Its catalogue entry (`None`: the catalogue does not list the id).
    pub asset: Option<Asset>,
    /// Its price in euros (`Ok(None)`: the service gave none), or why it could not be read.
    pub price: Result<Option<Decimal>, String>,
    /// The change over 24 hours, as an amount and a percentage, or why there is none.
    pub change: Result<(Decimal, Decimal), NoChange>,
}

impl Watched {
    /// Its symbol (`None`: not in the catalogue).
    pub fn symbol(&self) -> Option<&str> {
        self.asset.as_ref()?.symbol.as_deref()
    }

    /// Its name, else its symbol, else its id shortened.
    pub fn name(&self) -> String {
        let asset = self.asset.as_ref();
        asset
            .and_then(|a| a.name.clone().or_else(|| a.symbol.clone()))
            .unwrap_or_else(|| crate::data::id_names::short_id(&self.id))
    }

    /// Its asset class as the catalogue names it.
    pub fn kind(&self) -> Option<&AssetType> {
        self.asset.as_ref()?.asset_type.as_ref()
    }
}

/// Reads every asset in `ids`, in that order: the catalogue entries in one request, the
/// prices (and, with `keyed`, the changes) side by side.
pub async fn read(
    keyless: Client,
    keyed: Option<Client>,
    ids: Vec<String>,
) -> Result<Vec<Watched>, ApiError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let asset_ids: Vec<AssetId> = ids.iter().map(|id| AssetId::from(id.as_str())).collect();
    let catalogue = keyless.current().assets_by_ids(&asset_ids).await?;
    let rows = ids.into_iter().map(|id| {
        let asset = catalogue.iter().find(|a| a.id.as_str() == id).cloned();
        let (keyless, keyed) = (keyless.clone(), keyed.clone());
        async move {
            let symbol = asset.as_ref().and_then(|a| a.symbol.clone());
            let (current, asset_id) = (keyless.current(), AssetId::from(id.as_str()));
            let (price, change) =
                futures::join!(current.ticker(&asset_id), change_of(keyed, symbol));
            Watched {
                price: price.map(|t| t.price).map_err(|e| e.user_message()),
                change,
                asset,
                id,
            }
        }
    });
    Ok(join_all(rows).await)
}

/// The change over 24 hours of the asset with `symbol` from its euro market's hourly candles.
async fn change_of(
    keyed: Option<Client>,
    symbol: Option<String>,
) -> Result<(Decimal, Decimal), NoChange> {
    let Some(client) = keyed else {
        return Err(NoChange::NoKey);
    };
    let Some(symbol) = symbol else {
        return Err(NoChange::NoMarket);
    };
    let query = CandlesQuery {
        interval: CandleInterval::H1,
        from: None,
        to: None,
        limit: Some(24),
    };
    match client
        .exchange()
        .candles(&euro_market(&symbol), &query)
        .await
    {
        Ok(candles) => change_over(&Vec::from(candles)).ok_or(NoChange::NoMarket),
        Err(ApiError::NotFound(_)) => Err(NoChange::NoMarket),
        Err(e) => Err(NoChange::Failed(e.user_message())),
    }
}
