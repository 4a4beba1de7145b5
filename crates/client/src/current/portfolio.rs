//! `GET /v1/portfolio`: the account's non-zero holdings.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::Current;
use crate::decode::Envelope;
use crate::query::Query;
use crate::transport::Transport;
use crate::{ApiError, AssetId, CurrencyId, Money};

/// One holding: an asset (`asset_id`) or a fiat balance (`currency_id`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PortfolioPosition {
    /// Set for asset positions.
    #[serde(default)]
    pub asset_id: Option<AssetId>,
    /// Set for fiat positions.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// Total balance, including staked amounts.
    #[serde(default)]
    pub balance: Option<Money>,
    /// Balance free to trade (balance minus staked/locked).
    #[serde(default)]
    pub available_balance: Option<Money>,
    /// Money invested in this position.
    #[serde(default)]
    pub invested_amount: Option<Money>,
    /// Average price paid per unit.
    #[serde(default)]
    pub average_buy_price: Option<Money>,
    /// Value in the valuation currency (absent for fiat).
    #[serde(default)]
    pub currency_balance: Option<Money>,
    /// Gain or loss in the valuation currency.
    #[serde(default)]
    pub total_return: Option<Money>,
    /// Gain or loss in percent.
    #[serde(default)]
    pub total_return_percent: Option<Decimal>,
}

impl PortfolioPosition {
    /// Whether this is a fiat balance rather than an asset holding.
    pub fn is_fiat(&self) -> bool {
        self.asset_id.is_none() && self.currency_id.is_some()
    }
}

impl<T: Transport> Current<'_, T> {
    /// `GET /v1/portfolio`, valued in `valuation` (the service's default, EUR, when `None`).
    pub async fn portfolio(
        &self,
        valuation: Option<&CurrencyId>,
    ) -> Result<crate::Listed<PortfolioPosition>, ApiError> {
        let mut q = Query::new();
        q.push_opt("equivalent_currency_id", valuation);
        let url = self
            .client
            .current_url(&format!("/portfolio{}", q.render()));
        Ok(self
            .client
            .get::<Envelope<crate::Listed<PortfolioPosition>>>(url)
            .await?
            .data)
    }
}
