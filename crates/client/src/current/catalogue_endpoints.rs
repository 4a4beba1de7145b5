//! `GET /v1/assets`, `GET /v1/currencies`, `GET /v1/tickers/{assetId}`.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::Current;
use super::Page;
use crate::decode::Envelope;
use crate::query::{encode, Query};
use crate::transport::Transport;
use crate::{ApiError, AssetId, CurrencyId};

open_enum!(
    /// Asset class.
    AssetType {
        /// A cryptocurrency.
        Cryptocoin => "cryptocoin",
        /// A stock.
        Stock => "stock",
        /// An exchange-traded fund.
        Etf => "etf",
        /// An exchange-traded commodity.
        Etc => "etc",
        /// A crypto index.
        Index => "index",
        /// A precious metal.
        Metal => "metal",
    }
);

/// A tradable asset of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Asset {
    /// Asset id.
    pub id: AssetId,
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// Ticker symbol (BTC, AAPL, …).
    #[serde(default)]
    pub symbol: Option<String>,
    /// ISIN for securities.
    #[serde(default)]
    pub isin: Option<String>,
    /// Asset class.
    #[serde(default, rename = "type")]
    pub asset_type: Option<AssetType>,
    /// Grouping used by the service.
    #[serde(default)]
    pub group: Option<String>,
}

/// A fiat currency.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Currency {
    /// Currency id.
    pub id: CurrencyId,
    /// ISO symbol (EUR, USD, …).
    #[serde(default)]
    pub symbol: Option<String>,
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
}

/// The current price of one asset.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Ticker {
    /// The asset.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// Price per unit.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// Currency of the price (EUR).
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
}

/// Filters for `GET /v1/assets`. Never load the live catalogue whole (≈14,000 assets).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AssetsQuery {
    /// Only these ids.
    pub ids: Vec<AssetId>,
    /// Exact symbol.
    pub symbol: Option<String>,
    /// Asset class.
    pub asset_type: Option<String>,
    /// Group.
    pub group: Option<String>,
    /// ISIN.
    pub isin: Option<String>,
    /// 1–100.
    pub page_size: Option<u8>,
    /// Cursor from the previous page.
    pub cursor: Option<String>,
}

impl AssetsQuery {
    fn render(&self) -> String {
        let mut q = Query::new();
        for id in &self.ids {
            q.push("id", id);
        }
        q.push_opt("symbol", self.symbol.as_deref())
            .push_opt("type", self.asset_type.as_deref())
            .push_opt("group", self.group.as_deref())
            .push_opt("isin", self.isin.as_deref())
            .push_opt("page_size", self.page_size)
            .push_opt("cursor", self.cursor.as_deref());
        q.render()
    }
}

impl<T: Transport> Current<'_, T> {
    /// One page of `GET /v1/assets`.
    pub async fn assets(&self, query: &AssetsQuery) -> Result<Page<Asset>, ApiError> {
        self.client
            .get(
                self.client
                    .current_url(&format!("/assets{}", query.render())),
            )
            .await
    }

    /// The catalogue entries of the given assets (for naming portfolio rows): one request
    /// per 100 ids with a repeated `id` filter; ids the answer lacks are asked for one by one.
    pub async fn assets_by_ids(&self, ids: &[AssetId]) -> Result<Vec<Asset>, ApiError> {
        let mut found: Vec<Asset> = Vec::new();
        for chunk in ids.chunks(100) {
            let query = AssetsQuery {
                ids: chunk.to_vec(),
                page_size: Some(100),
                ..AssetsQuery::default()
            };
            found.extend(self.assets(&query).await?.data);
        }
        let missing: Vec<&AssetId> = ids
            .iter()
            .filter(|id| !found.iter().any(|a| &a.id == *id))
            .collect();
        for id in missing {
            let query = AssetsQuery {
                ids: vec![id.clone()],
                ..AssetsQuery::default()
            };
            found.extend(
                self.assets(&query)
                    .await?
                    .data
                    .into_iter()
                    .filter(|a| &a.id == id),
            );
        }
        found.retain(|a| ids.contains(&a.id));
        Ok(found)
    }

    /// `GET /v1/currencies`: the fiat currencies.
    /// Records that cannot be read are skipped and counted ([`crate::Listed::skipped`]).
    pub async fn currencies(&self) -> Result<crate::Listed<Currency>, ApiError> {
        let url = self.client.current_url("/currencies");
        Ok(self
            .client
            .get::<Envelope<crate::Listed<Currency>>>(url)
            .await?
            .data)
    }

    /// `GET /v1/tickers/{assetId}`: the asset's current price.
    pub async fn ticker(&self, asset: &AssetId) -> Result<Ticker, ApiError> {
        let url = self
            .client
            .current_url(&format!("/tickers/{}", encode(asset.as_str())));
        Ok(self.client.get::<Envelope<Ticker>>(url).await?.data)
    }
}
