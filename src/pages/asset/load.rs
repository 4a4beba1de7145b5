//! The reads an asset's page makes: the catalogue entry for the symbol and the portfolio
//! together, then the price and the staking offers together (the exchange's candles are the
//! price card's own read). Only the
//! catalogue is essential; each other read that fails (a missing permission, an outage) costs
//! its own card, which says why, never the page.

use folio_client::current::{Asset, EarnConfig, EarnConfigsQuery};
use folio_client::{ApiError, AssetId, Client};
use rust_decimal::Decimal;

use super::figures::{chosen, holding_of, Holding};
use crate::data::id_names;
use crate::pages::trade::ticket::asset_decimals;

/// Everything the page shows about one asset.
#[derive(Debug, Clone, PartialEq)]
pub struct AssetView {
    pub asset: Asset,
    /// Its symbol as the catalogue writes it.
    pub symbol: String,
    pub name: String,
    /// Decimals its amounts are shown with (the held balance's, else the class's).
    pub decimals: u32,
    /// The current price in EUR (`None` inside: the service gave none).
    pub price: Result<Option<Decimal>, ApiError>,
    /// The person's holding (`None` inside: nothing held).
    pub holding: Result<Option<Holding>, ApiError>,
    /// The staking offers for this asset.
    pub offers: Result<Vec<EarnConfig>, ApiError>,
}

/// The page's reads for `symbol`; `Ok(None)` when the catalogue has no asset of that symbol.
pub async fn load(
    client: Client,
    keyless: Client,
    symbol: String,
) -> Result<Option<AssetView>, ApiError> {
    let current = client.current();
    let (found, positions) = futures::join!(
        id_names::search_symbol(&client, &keyless, &symbol),
        current.portfolio(None)
    );
    let held: Vec<AssetId> = positions
        .iter()
        .flatten()
        .filter_map(|p| p.asset_id.clone())
        .collect();
    let Some(asset) = chosen(found?, &symbol, &held) else {
        return Ok(None);
    };
    let (price, offers) = futures::join!(
        id_names::ticker(&client, &keyless, &asset.id),
        offers_for(&client, &asset.id)
    );
    let holding = positions.map(|p| holding_of(&p, &asset.id));
    let scale = holding
        .as_ref()
        .ok()
        .and_then(Option::as_ref)
        .and_then(|h| h.balance)
        .map(|b| b.scale());
    let symbol = asset.symbol.clone().unwrap_or(symbol);
    Ok(Some(AssetView {
        decimals: asset_decimals(scale, asset.asset_type.as_ref()),
        name: asset.name.clone().unwrap_or_else(|| symbol.clone()),
        symbol,
        price: price.map(|t| t.price),
        holding,
        offers,
        asset,
    }))
}

/// The staking offers for `asset` (the service filters by asset; one page of up to 100 holds
/// them all: an asset has one or two).
async fn offers_for(client: &Client, asset: &AssetId) -> Result<Vec<EarnConfig>, ApiError> {
    let query = EarnConfigsQuery {
        asset_id: Some(asset.clone()),
        page_size: Some(100),
        ..EarnConfigsQuery::default()
    };
    let page = client.current().earn_configs(&query).await?;
    Ok(page
        .data
        .into_iter()
        .filter(|c| c.asset_id.as_ref() == Some(asset))
        .collect())
}
