//! `GET /v1/trading-limits`: the key's daily budgets, if any were set.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::decode::Envelope;
use crate::transport::Transport;
use crate::{ApiError, Client, CurrencyId};

/// Daily trading limits of one key and what remains of them today.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TradingLimits {
    /// Daily buy limit (sent as a JSON number).
    #[serde(default)]
    pub buy_limit: Option<Decimal>,
    /// Daily sell limit.
    #[serde(default)]
    pub sell_limit: Option<Decimal>,
    /// Currency the limits count in.
    #[serde(default)]
    pub currency_id: Option<CurrencyId>,
    /// Buy budget left today.
    #[serde(default)]
    pub buy_budget_remaining: Option<Decimal>,
    /// Sell budget left today.
    #[serde(default)]
    pub sell_budget_remaining: Option<Decimal>,
    /// When the budgets reset (00:00 UTC).
    #[serde(default, deserialize_with = "super::time::lenient")]
    pub resets_at: Option<DateTime<Utc>>,
}

impl<T: Transport> Client<T> {
    /// `GET /v1/trading-limits`; `None` when the key has no limits.
    pub async fn trading_limits(&self) -> Result<Option<TradingLimits>, ApiError> {
        let url = self.current_url("/trading-limits");
        Ok(self.get::<Envelope<Option<TradingLimits>>>(url).await?.data)
    }
}
