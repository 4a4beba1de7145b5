//! `GET /v1/account` (volume and fee tiers) and `GET /v1/account/balances`.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::Exchange;
use crate::query::Query;
use crate::transport::Transport;
use crate::{ApiError, Listed};

/// One fee tier.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct FeeTier {
    /// `Tier 1`.
    #[serde(default)]
    pub name: Option<String>,
    /// The fee (the sandbox sends percent, with `fee_mode: "percentage"`).
    #[serde(default)]
    pub fee: Option<Decimal>,
    /// How `fee` is expressed.
    #[serde(default)]
    pub fee_mode: Option<String>,
    /// 30-day volume needed for this tier.
    #[serde(default)]
    pub required_volume30d: Option<Decimal>,
}

/// The exchange account's volume and tiers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Account {
    /// Traded volume of the last 30 days.
    #[serde(default)]
    pub traded_volume30d: Option<Decimal>,
    /// The tier in effect.
    #[serde(default)]
    pub current_tier: Option<FeeTier>,
    /// The next tier (None at the top).
    #[serde(default)]
    pub next_tier: Option<FeeTier>,
}

/// Funds of one asset on the exchange.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Balance {
    /// `BTC`, `EUR`.
    pub symbol: String,
    /// Free to trade.
    #[serde(default)]
    pub available: Decimal,
    /// Reserved by open orders.
    #[serde(default)]
    pub locked: Decimal,
}

impl<T: Transport> Exchange<'_, T> {
    /// `GET /v1/account`.
    pub async fn account(&self) -> Result<Account, ApiError> {
        self.client.get(self.client.exchange_url("/account")).await
    }

    /// `GET /v1/account/balances?currency=`.
    /// Records that cannot be read are skipped and counted ([`Listed::skipped`]).
    pub async fn balances(&self, currency: Option<&str>) -> Result<Listed<Balance>, ApiError> {
        let mut q = Query::new();
        q.push_opt("currency", currency);
        let path = format!("/account/balances{}", q.render());
        self.client.get(self.client.exchange_url(&path)).await
    }
}
