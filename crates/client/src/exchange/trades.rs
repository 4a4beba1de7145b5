//! Trades: `GET /v1/account/trades` and `GET /v1/account/trades/{id}`.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::Exchange;
use super::{ExchangePage, OrderFee, OrderSide};
use crate::query::{encode, Query};
use crate::transport::Transport;
use crate::{ApiError, OrderId, TradeId};

/// One fill of an order.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Trade {
    /// Trade id.
    pub id: TradeId,
    /// The order it filled.
    #[serde(default)]
    pub order_id: Option<OrderId>,
    /// `BTC-EUR`.
    #[serde(default)]
    pub pair: Option<String>,
    /// `buy` / `sell` (parsed case-insensitively).
    #[serde(default)]
    pub side: Option<OrderSide>,
    /// Price.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// Quantity.
    #[serde(default)]
    pub quantity: Option<Decimal>,
    /// Fee and its currency.
    #[serde(default)]
    pub fee: Option<OrderFee>,
    /// Price × quantity (quote currency).
    #[serde(default)]
    pub total_amount: Option<Decimal>,
    /// When it happened.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub executed_at: Option<DateTime<Utc>>,
    /// The trade's JSON text exactly as received, for exports: set on the trades of a list
    /// page ([`Exchange::trades`]); `None` elsewhere.
    #[serde(skip)]
    pub raw: Option<String>,
}

/// Filters of `GET /v1/account/trades`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TradesQuery {
    /// Only these pairs.
    pub pairs: Vec<String>,
    /// Only fills of this order.
    pub order_id: Option<OrderId>,
    /// At or after (Unix seconds).
    pub start_time: Option<i64>,
    /// At or before (Unix seconds).
    pub end_time: Option<i64>,
    /// Page size (≤ 1000).
    pub limit: Option<u32>,
    /// Cursor from the previous page.
    pub cursor: Option<String>,
}

impl TradesQuery {
    pub(crate) fn render(&self) -> String {
        let mut q = Query::new();
        if !self.pairs.is_empty() {
            q.push("pair", self.pairs.join(","));
        }
        q.push_opt("orderId", self.order_id.as_ref())
            .push_opt("startTime", self.start_time)
            .push_opt("endTime", self.end_time)
            .push_opt("limit", self.limit)
            .push_opt("cursor", self.cursor.as_deref());
        q.render()
    }
}

impl<T: Transport> Exchange<'_, T> {
    /// One page of `GET /v1/account/trades`, newest first.
    pub async fn trades(&self, query: &TradesQuery) -> Result<ExchangePage<Trade>, ApiError> {
        let path = format!("/account/trades{}", query.render());
        let text = self
            .client
            .get_text(self.client.exchange_url(&path))
            .await?;
        let mut page: ExchangePage<Trade> = crate::decode::decode(&text)?;
        super::keep_raw(
            &mut page.data,
            &text,
            |t| t.id.as_str(),
            |t, raw| t.raw = Some(raw),
        );
        Ok(page)
    }

    /// `GET /v1/account/trades/{id}`.
    pub async fn trade(&self, id: &TradeId) -> Result<Trade, ApiError> {
        let path = format!("/account/trades/{}", encode(id.as_str()));
        self.client.get(self.client.exchange_url(&path)).await
    }
}
