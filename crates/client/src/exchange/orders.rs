//! Orders: list, create (a write, sent once), get, cancel (a write, sent once).

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::Exchange;
use super::{ExchangePage, OrderSide, OrderStatus, OrderType, TimeInForce};
use crate::query::{encode, Query};
use crate::transport::Transport;
use crate::{ApiError, OrderId};

/// A fee and its currency.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct OrderFee {
    /// Amount.
    #[serde(default)]
    pub amount: Option<Decimal>,
    /// Currency symbol.
    #[serde(default)]
    pub currency: Option<String>,
}

/// An order.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Order {
    /// Order id.
    pub id: OrderId,
    /// `BTC-EUR`.
    #[serde(default)]
    pub pair: Option<String>,
    /// Side.
    #[serde(default)]
    pub side: Option<OrderSide>,
    /// Type.
    #[serde(default, rename = "type")]
    pub order_type: Option<OrderType>,
    /// Status.
    #[serde(default)]
    pub status: Option<OrderStatus>,
    /// What the order is priced in.
    #[serde(default)]
    pub priced_in: Option<String>,
    /// Ordered quantity.
    #[serde(default)]
    pub quantity: Option<Decimal>,
    /// Ordered amount (quote currency).
    #[serde(default)]
    pub amount: Option<Decimal>,
    /// Limit price.
    #[serde(default)]
    pub limit_price: Option<Decimal>,
    /// Trigger price.
    #[serde(default)]
    pub trigger_price: Option<Decimal>,
    /// Filled quantity.
    #[serde(default)]
    pub filled_quantity: Option<Decimal>,
    /// Filled amount.
    #[serde(default)]
    pub filled_amount: Option<Decimal>,
    /// Filled share in percent.
    #[serde(default)]
    pub filled_percentage: Option<Decimal>,
    /// Average fill price.
    #[serde(default)]
    pub filled_average_price: Option<Decimal>,
    /// Fees paid.
    #[serde(default)]
    pub fee: Option<OrderFee>,
    /// Time in force.
    #[serde(default)]
    pub time_in_force: Option<TimeInForce>,
    /// Created (microseconds tolerated).
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub created_at: Option<DateTime<Utc>>,
    /// Last change.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub updated_at: Option<DateTime<Utc>>,
    /// Last execution.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub executed_at: Option<DateTime<Utc>>,
    /// Expiry of a GTD order.
    #[serde(default, deserialize_with = "crate::lenient::timestamp")]
    pub end_time: Option<DateTime<Utc>>,
    /// The order's JSON text exactly as received, for exports: set on the orders of a list
    /// page ([`Exchange::orders`]); `None` elsewhere.
    #[serde(skip)]
    pub raw: Option<String>,
}

/// The body of `POST /v1/account/orders` (camelCase on the wire). Send exactly one of
/// `quantity` and `amount`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewOrder {
    /// `BTC-EUR`.
    pub pair: String,
    /// Side.
    pub side: OrderSide,
    /// Type.
    #[serde(rename = "type")]
    pub order_type: OrderType,
    /// Quantity of the base asset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity: Option<Decimal>,
    /// Amount of the quote currency (Market orders).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Decimal>,
    /// Limit price (Limit, StopLimit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit_price: Option<Decimal>,
    /// Trigger price (StopLimit, StopMarket).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger_price: Option<Decimal>,
    /// Time in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_in_force: Option<TimeInForce>,
    /// Expiry (with GTD), sent as ISO 8601.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_time: Option<DateTime<Utc>>,
}

/// The `status` filter: open, closed or one exact status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusFilter {
    /// `new` and `partially-filled`.
    Open,
    /// Every final status.
    Closed,
    /// Exactly this status.
    Exact(OrderStatus),
}

impl StatusFilter {
    /// The query value.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Open => "open",
            Self::Closed => "closed",
            Self::Exact(s) => s.as_str(),
        }
    }

    /// Parses `open`, `closed` or a status.
    pub fn parse(text: &str) -> Self {
        match text {
            "open" => Self::Open,
            "closed" => Self::Closed,
            other => Self::Exact(OrderStatus::parse(other)),
        }
    }
}

/// Filters of `GET /v1/account/orders`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrdersQuery {
    /// Status filter.
    pub status: Option<StatusFilter>,
    /// Only these pairs.
    pub pairs: Vec<String>,
    /// Created at or after (Unix seconds).
    pub start_time: Option<i64>,
    /// Created at or before (Unix seconds).
    pub end_time: Option<i64>,
    /// Page size 1–100.
    pub limit: Option<u32>,
    /// Cursor from the previous page.
    pub cursor: Option<String>,
}

impl OrdersQuery {
    pub(crate) fn render(&self) -> String {
        let mut q = Query::new();
        q.push_opt("status", self.status.as_ref().map(StatusFilter::as_str));
        if !self.pairs.is_empty() {
            q.push("pair", self.pairs.join(","));
        }
        q.push_opt("startTime", self.start_time)
            .push_opt("endTime", self.end_time)
            .push_opt("limit", self.limit)
            .push_opt("cursor", self.cursor.as_deref());
        q.render()
    }
}

impl<T: Transport> Exchange<'_, T> {
    /// One page of `GET /v1/account/orders`, newest first.
    pub async fn orders(&self, query: &OrdersQuery) -> Result<ExchangePage<Order>, ApiError> {
        let path = format!("/account/orders{}", query.render());
        let text = self
            .client
            .get_text(self.client.exchange_url(&path))
            .await?;
        let mut page: ExchangePage<Order> = crate::decode::decode(&text)?;
        super::keep_raw(
            &mut page.data,
            &text,
            |o| o.id.as_str(),
            |o, raw| o.raw = Some(raw),
        );
        Ok(page)
    }

    /// `POST /v1/account/orders`: sent exactly once, never retried; answers the accepted
    /// order (`status: new`).
    pub async fn place_order(&self, order: &NewOrder) -> Result<Order, ApiError> {
        let body = serde_json::to_string(order).map_err(|e| ApiError::Decode {
            detail: e.to_string(),
        })?;
        self.client
            .send_write(self.client.exchange_url("/account/orders"), Some(body))
            .await
    }

    /// `GET /v1/account/orders/{id}`.
    pub async fn order(&self, id: &OrderId) -> Result<Order, ApiError> {
        let path = format!("/account/orders/{}", encode(id.as_str()));
        self.client.get(self.client.exchange_url(&path)).await
    }

    /// `DELETE /v1/account/orders/{id}`: sent exactly once; 409 (`Conflict`) when the order
    /// is already closed.
    pub async fn cancel_order(&self, id: &OrderId) -> Result<Order, ApiError> {
        let path = format!("/account/orders/{}", encode(id.as_str()));
        self.client
            .send_delete(self.client.exchange_url(&path))
            .await
    }
}
