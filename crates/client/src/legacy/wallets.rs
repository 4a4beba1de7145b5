//! `GET /v1/wallets`, `/v1/fiatwallets` and `/v1/asset-wallets` of the legacy API.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::raw::{asset_wallet_rows, keep_raw_from, raw_records, record_of, RawRecord};
use super::types::{LegacyItem, LegacyTime};
use super::Legacy;
use crate::decode::Envelope;
use crate::transport::Transport;
use crate::ApiError;

/// A crypto (or metal) wallet (`type: wallet`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyWallet {
    /// Numeric id of the coin, as a string (`"1"`).
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub cryptocoin_id: Option<String>,
    /// Symbol (`BTC`).
    #[serde(default)]
    pub cryptocoin_symbol: Option<String>,
    /// Balance.
    #[serde(default)]
    pub balance: Option<Decimal>,
    /// Whether this is the coin's default wallet.
    #[serde(default)]
    pub is_default: Option<bool>,
    /// Wallet name.
    #[serde(default)]
    pub name: Option<String>,
    /// Pending transactions (absent in grouped asset wallets).
    #[serde(default)]
    pub pending_transactions_count: Option<u64>,
    /// Whether the wallet was deleted.
    #[serde(default)]
    pub deleted: Option<bool>,
}

/// A fiat wallet (`type: fiat_wallet`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LegacyFiatWallet {
    /// Numeric id of the currency, as a string (`"1"` = EUR).
    #[serde(default, deserialize_with = "crate::lenient::id")]
    pub fiat_id: Option<String>,
    /// Symbol (`EUR`).
    #[serde(default)]
    pub fiat_symbol: Option<String>,
    /// Balance.
    #[serde(default)]
    pub balance: Option<Decimal>,
    /// Wallet name.
    #[serde(default)]
    pub name: Option<String>,
    /// Pending transactions.
    #[serde(default)]
    pub pending_transactions_count: Option<u64>,
}

/// `GET /v1/asset-wallets`, flattened: crypto wallets, metal wallets, last user action.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LegacyAssetWallets {
    /// `data.attributes.cryptocoin.attributes.wallets`.
    pub cryptocoin: Vec<LegacyItem<LegacyWallet>>,
    /// `data.attributes.commodity.metal.attributes.wallets`.
    pub metal: Vec<LegacyItem<LegacyWallet>>,
    /// When the user last did something.
    pub last_user_action: Option<LegacyTime>,
    /// How many wallets could not be read (left out of `cryptocoin` and `metal`).
    pub skipped: usize,
}

#[derive(Deserialize, Default)]
struct Collection {
    #[serde(default)]
    attributes: Option<CollectionAttributes>,
}

#[derive(Deserialize, Default)]
struct CollectionAttributes {
    #[serde(default)]
    wallets: crate::Listed<LegacyItem<LegacyWallet>>,
}

#[derive(Deserialize, Default)]
struct Commodity {
    #[serde(default)]
    metal: Option<Collection>,
}

#[derive(Deserialize, Default)]
struct GroupedAttributes {
    #[serde(default)]
    cryptocoin: Option<Collection>,
    #[serde(default)]
    commodity: Option<Commodity>,
}

#[derive(Deserialize, Default)]
struct Grouped {
    #[serde(default)]
    attributes: Option<GroupedAttributes>,
}

#[derive(Deserialize)]
struct GroupedResponse {
    #[serde(default)]
    data: Option<Grouped>,
    #[serde(default)]
    last_user_action: Option<LegacyTime>,
}

fn wallets(c: Option<Collection>) -> crate::Listed<LegacyItem<LegacyWallet>> {
    c.and_then(|c| c.attributes)
        .map(|a| a.wallets)
        .unwrap_or_default()
}

impl<T: Transport> Legacy<'_, T> {
    /// `GET /v1/wallets`: the crypto wallets.
    /// Records that cannot be read are skipped and counted ([`crate::Listed::skipped`]).
    pub async fn wallets(&self) -> Result<crate::Listed<LegacyItem<LegacyWallet>>, ApiError> {
        let url = self.client.legacy_url("/wallets");
        let text = self.client.get_text(url).await?;
        let mut listed = crate::decode::decode::<Envelope<crate::Listed<_>>>(&text)?.data;
        keep_raw_from(&mut listed.items, &raw_records(&text)?);
        Ok(listed)
    }

    /// `GET /v1/fiatwallets`: the fiat wallets.
    /// Records that cannot be read are skipped and counted ([`crate::Listed::skipped`]).
    pub async fn fiat_wallets(
        &self,
    ) -> Result<crate::Listed<LegacyItem<LegacyFiatWallet>>, ApiError> {
        let url = self.client.legacy_url("/fiatwallets");
        let text = self.client.get_text(url).await?;
        let mut listed = crate::decode::decode::<Envelope<crate::Listed<_>>>(&text)?.data;
        keep_raw_from(&mut listed.items, &raw_records(&text)?);
        Ok(listed)
    }

    /// `GET /v1/asset-wallets`: crypto and metal wallets grouped by asset type.
    pub async fn asset_wallets(&self) -> Result<LegacyAssetWallets, ApiError> {
        let url = self.client.legacy_url("/asset-wallets");
        let text = self.client.get_text(url).await?;
        let raw: GroupedResponse = crate::decode::decode(&text)?;
        let attributes = raw.data.and_then(|d| d.attributes).unwrap_or_default();
        let mut cryptocoin = wallets(attributes.cryptocoin);
        let mut metal = wallets(attributes.commodity.and_then(|c| c.metal));
        let sent: Vec<RawRecord> = asset_wallet_rows(&text)
            .into_iter()
            .map(|(_, json)| record_of(json))
            .collect();
        keep_raw_from(&mut cryptocoin.items, &sent);
        keep_raw_from(&mut metal.items, &sent);
        Ok(LegacyAssetWallets {
            skipped: cryptocoin.skipped.saturating_add(metal.skipped),
            cryptocoin: cryptocoin.items,
            metal: metal.items,
            last_user_action: raw.last_user_action,
        })
    }
}
