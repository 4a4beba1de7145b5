//! Market data: `GET /v1/time`, `/v1/pairs`, `/v1/tickers`, `/v1/orderbook/{pair}`,
//! `/v1/candles/{pair}`, `/v1/assets`.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::numbers::quote_numbers;
use super::Exchange;
use crate::decode::decode;
use crate::query::{encode, Query};
use crate::transport::Transport;
use crate::{ApiError, Listed};

/// The server's clock.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ServerTime {
    /// Milliseconds since the Unix epoch.
    #[serde(default)]
    pub epoch_ms: Option<i64>,
    /// The same instant in ISO 8601.
    #[serde(default)]
    pub iso: Option<String>,
}

/// A trading pair and its order rules.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Pair {
    /// `BTC-EUR`.
    pub pair: String,
    /// Base asset symbol.
    #[serde(default)]
    pub base_asset: Option<String>,
    /// Quote currency symbol.
    #[serde(default)]
    pub quote_asset: Option<String>,
    /// `crypto`, `fiat`, …
    #[serde(default)]
    pub base_asset_type: Option<String>,
    /// `crypto`, `fiat`, …
    #[serde(default)]
    pub quote_asset_type: Option<String>,
    /// Prices must be multiples of this.
    #[serde(default)]
    pub tick_size: Option<Decimal>,
    /// Quantities must be multiples of this.
    #[serde(default)]
    pub size_increment: Option<Decimal>,
    /// Amounts must be multiples of this.
    #[serde(default)]
    pub amount_increment: Option<Decimal>,
    /// Largest quantity of one order.
    #[serde(default)]
    pub max_order_size: Option<Decimal>,
    /// Smallest order value (quote currency).
    #[serde(default)]
    pub min_order_amount: Option<Decimal>,
    /// Largest order value (quote currency).
    #[serde(default)]
    pub max_order_amount: Option<Decimal>,
}

/// A pair's mid price and 24-hour figures.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Ticker {
    /// `BTC-EUR`.
    pub pair: String,
    /// Mid price.
    #[serde(default)]
    pub price: Option<Decimal>,
    /// 24 h high.
    #[serde(default)]
    pub high: Option<Decimal>,
    /// 24 h low.
    #[serde(default)]
    pub low: Option<Decimal>,
    /// 24 h volume (base asset).
    #[serde(default)]
    pub volume: Option<Decimal>,
}

/// One price level of the book.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Level {
    /// Price.
    pub price: Decimal,
    /// Quantity at this price.
    pub quantity: Decimal,
    /// Cumulative quantity from the best price to this one.
    #[serde(default)]
    pub total_quantity: Option<Decimal>,
}

/// The order book around the mid. Levels that cannot be read are left out and counted in
/// [`OrderBook::skipped`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "RawOrderBook")]
pub struct OrderBook {
    /// `BTC-EUR`.
    pub pair: Option<String>,
    /// When the snapshot was taken.
    pub timestamp: Option<String>,
    /// Bids, best (highest) first.
    pub bids: Vec<Level>,
    /// Asks, best (lowest) first.
    pub asks: Vec<Level>,
    /// How many bid and ask levels could not be read (left out of `bids` and `asks`).
    pub skipped: usize,
}

/// [`OrderBook`] as sent.
#[derive(Deserialize)]
struct RawOrderBook {
    #[serde(default)]
    pair: Option<String>,
    #[serde(default)]
    timestamp: Option<String>,
    #[serde(default)]
    bids: crate::Listed<Level>,
    #[serde(default)]
    asks: crate::Listed<Level>,
}

impl From<RawOrderBook> for OrderBook {
    fn from(raw: RawOrderBook) -> Self {
        Self {
            skipped: raw.bids.skipped.saturating_add(raw.asks.skipped),
            pair: raw.pair,
            timestamp: raw.timestamp,
            bids: raw.bids.items,
            asks: raw.asks.items,
        }
    }
}

/// One OHLCV candle (sent as JSON numbers, read exactly).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Candle {
    /// Start of the candle, Unix seconds.
    #[serde(default, deserialize_with = "crate::lenient::integer")]
    pub timestamp: Option<i64>,
    /// Open.
    #[serde(default, deserialize_with = "crate::lenient::decimal")]
    pub open: Option<Decimal>,
    /// High.
    #[serde(default, deserialize_with = "crate::lenient::decimal")]
    pub high: Option<Decimal>,
    /// Low.
    #[serde(default, deserialize_with = "crate::lenient::decimal")]
    pub low: Option<Decimal>,
    /// Close.
    #[serde(default, deserialize_with = "crate::lenient::decimal")]
    pub close: Option<Decimal>,
    /// Volume (base asset).
    #[serde(default, deserialize_with = "crate::lenient::decimal")]
    pub volume: Option<Decimal>,
}

/// An asset of the exchange.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ExchangeAsset {
    /// `BTC`, `EUR`.
    pub symbol: String,
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// `crypto` or `fiat`.
    #[serde(default, rename = "type")]
    pub asset_type: Option<String>,
}

open_enum!(
    /// Candle interval.
    CandleInterval {
        /// One minute.
        M1 => "1m",
        /// Five minutes.
        M5 => "5m",
        /// Ten minutes.
        M10 => "10m",
        /// Fifteen minutes.
        M15 => "15m",
        /// Thirty minutes.
        M30 => "30m",
        /// One hour.
        H1 => "1h",
        /// Four hours.
        H4 => "4h",
        /// One day.
        D1 => "1d",
    }
);

impl CandleInterval {
    /// Length in seconds (None for an unknown interval).
    pub fn seconds(&self) -> Option<i64> {
        Some(match self {
            Self::M1 => 60,
            Self::M5 => 300,
            Self::M10 => 600,
            Self::M15 => 900,
            Self::M30 => 1_800,
            Self::H1 => 3_600,
            Self::H4 => 14_400,
            Self::D1 => 86_400,
            Self::Other(_) => return None,
        })
    }
}

/// Parameters of `GET /v1/candles/{pair}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandlesQuery {
    /// Interval.
    pub interval: CandleInterval,
    /// From (Unix seconds).
    pub from: Option<i64>,
    /// To (Unix seconds).
    pub to: Option<i64>,
    /// At most this many candles (≤ 1440).
    pub limit: Option<u32>,
}

fn pair_list(pairs: &[&str]) -> String {
    let mut q = Query::new();
    if !pairs.is_empty() {
        q.push("pair", pairs.join(","));
    }
    q.render()
}

impl<T: Transport> Exchange<'_, T> {
    /// `GET /v1/time`: the server's clock (for the clock-skew warning).
    pub async fn time(&self) -> Result<ServerTime, ApiError> {
        self.client.get(self.client.exchange_url("/time")).await
    }

    /// `GET /v1/pairs`: every pair, or the one named.
    /// Records that cannot be read are skipped and counted ([`Listed::skipped`]).
    pub async fn pairs(&self, pair: Option<&str>) -> Result<Listed<Pair>, ApiError> {
        let mut q = Query::new();
        q.push_opt("pair", pair);
        self.client
            .get(self.client.exchange_url(&format!("/pairs{}", q.render())))
            .await
    }

    /// `GET /v1/tickers?pair=a,b`: mid and 24 h figures (all pairs when `pairs` is empty).
    /// Records that cannot be read are skipped and counted ([`Listed::skipped`]).
    pub async fn tickers(&self, pairs: &[&str]) -> Result<Listed<Ticker>, ApiError> {
        self.client
            .get(
                self.client
                    .exchange_url(&format!("/tickers{}", pair_list(pairs))),
            )
            .await
    }

    /// `GET /v1/orderbook/{pair}?depth=` (1–100).
    pub async fn order_book(&self, pair: &str, depth: Option<u32>) -> Result<OrderBook, ApiError> {
        let mut q = Query::new();
        q.push_opt("depth", depth);
        let path = format!("/orderbook/{}{}", encode(pair), q.render());
        self.client.get(self.client.exchange_url(&path)).await
    }

    /// `GET /v1/candles/{pair}`: OHLCV, numbers parsed exactly into `Decimal`.
    /// Records that cannot be read are skipped and counted ([`Listed::skipped`]).
    pub async fn candles(
        &self,
        pair: &str,
        query: &CandlesQuery,
    ) -> Result<Listed<Candle>, ApiError> {
        let mut q = Query::new();
        q.push("interval", &query.interval)
            .push_opt("from", query.from)
            .push_opt("to", query.to)
            .push_opt("limit", query.limit);
        let path = format!("/candles/{}{}", encode(pair), q.render());
        let text = self
            .client
            .get_text(self.client.exchange_url(&path))
            .await?;
        decode(&quote_numbers(&text))
    }

    /// `GET /v1/assets?asset=`.
    pub async fn assets(&self, asset: Option<&str>) -> Result<Listed<ExchangeAsset>, ApiError> {
        let mut q = Query::new();
        q.push_opt("asset", asset);
        self.client
            .get(self.client.exchange_url(&format!("/assets{}", q.render())))
            .await
    }
}
