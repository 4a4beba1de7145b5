//! The exchange API (`{exchange_base_url}/v1`, Bitpanda Fusion): market data, the account,
//! orders and trades.
//!
//! Wire types are declared in snake_case (the decoder rewrites the API's camelCase). Money
//! and prices are `Decimal`; candle OHLCV arrive as JSON numbers and are read from their
//! literal text (`numbers::quote_numbers`), never through `f64`. Sides, types, statuses and
//! times in force are open enums. Lists come in `{data, meta}` pages ([`ExchangePage`]):
//! follow `meta.next_cursor` while `meta.has_next_page`.

mod account;
mod market;
mod numbers;
mod orders;
mod trades;
mod validate;

pub use account::{Account, Balance, FeeTier};
pub use market::{
    Candle, CandleInterval, CandlesQuery, ExchangeAsset, Level, OrderBook, Pair, ServerTime, Ticker,
};
pub use orders::{NewOrder, Order, OrderFee, OrdersQuery, StatusFilter};
pub use trades::{Trade, TradesQuery};
pub use validate::{
    fat_finger, validate_order, Field, OrderDraft, OrderProblem, PriceKind, FAT_FINGER_CEILING,
    FAT_FINGER_PERCENT,
};

use serde::Deserialize;

use crate::transport::{DefaultTransport, Transport};
use crate::Client;

open_enum!(
    /// Order side (PascalCase on orders, lower case on trades; parsing ignores case).
    OrderSide {
        /// Buy the base asset.
        Buy => "Buy",
        /// Sell the base asset.
        Sell => "Sell",
    }
);

open_enum!(
    /// Order type.
    OrderType {
        /// Fills at once against the book.
        Market => "Market",
        /// Rests at a limit price.
        Limit => "Limit",
        /// A limit order placed once the trigger price is reached.
        StopLimit => "StopLimit",
        /// A market order placed once the trigger price is reached.
        StopMarket => "StopMarket",
    }
);

open_enum!(
    /// Order status (kebab-case).
    OrderStatus {
        /// Accepted, nothing filled yet.
        New => "new",
        /// Partly filled and still open.
        PartiallyFilled => "partially-filled",
        /// Completely filled.
        Filled => "filled",
        /// Closed without a fill.
        Canceled => "canceled",
        /// Closed after a partial fill.
        FilledAndCanceled => "filled-and-canceled",
        /// Expired at the end of the trading day.
        DoneForDay => "done-for-day",
        /// Refused by the exchange.
        Rejected => "rejected",
    }
);

open_enum!(
    /// Time in force.
    TimeInForce {
        /// Good till canceled.
        Gtc => "GTC",
        /// Immediate or cancel.
        Ioc => "IOC",
        /// Fill or kill.
        Fok => "FOK",
        /// Good till date (needs an end time).
        Gtd => "GTD",
    }
);

impl OrderStatus {
    /// Whether the order can still fill and be canceled (`new`, `partially-filled`).
    pub fn is_open(&self) -> bool {
        matches!(self, Self::New | Self::PartiallyFilled)
    }
}

/// Paging information of an exchange list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct PageMeta {
    /// The page size used.
    #[serde(default)]
    pub limit: Option<u32>,
    /// Whether another page follows (the only stop signal).
    #[serde(default)]
    pub has_next_page: bool,
    /// The cursor of the next page.
    #[serde(default)]
    pub next_cursor: Option<String>,
}

/// One page of an exchange list: `{data, meta}`. Records that cannot be read are left out
/// of `data` and counted in [`ExchangePage::skipped`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(
    from = "RawExchangePage<T>",
    bound(deserialize = "T: serde::de::DeserializeOwned")
)]
pub struct ExchangePage<T> {
    /// The readable records.
    pub data: Vec<T>,
    /// How many records of this page could not be read (left out of `data`).
    pub skipped: usize,
    /// Paging information.
    pub meta: PageMeta,
}

/// [`ExchangePage`] as sent.
#[derive(Deserialize)]
#[serde(bound(deserialize = "T: serde::de::DeserializeOwned"))]
struct RawExchangePage<T> {
    data: crate::Listed<T>,
    #[serde(default)]
    meta: PageMeta,
}

impl<T> From<RawExchangePage<T>> for ExchangePage<T> {
    fn from(raw: RawExchangePage<T>) -> Self {
        Self {
            skipped: raw.data.skipped,
            data: raw.data.items,
            meta: raw.meta,
        }
    }
}

/// Gives each record of a list answer `body` its JSON text as received (matched by `id`).
fn keep_raw<T>(records: &mut [T], body: &str, id: fn(&T) -> &str, set: fn(&mut T, String)) {
    let Some(items) =
        crate::json_text::value_at(body, &["data"]).and_then(crate::json_text::array_items)
    else {
        return;
    };
    let by_id: std::collections::HashMap<String, &str> = items
        .into_iter()
        .filter_map(|item| {
            let id = crate::json_text::value_at(item, &["id"])?;
            Some((crate::json_text::string_text(id)?, item))
        })
        .collect();
    for record in records {
        if let Some(raw) = by_id.get(id(record)) {
            set(record, raw.to_string());
        }
    }
}

impl<T> ExchangePage<T> {
    /// The cursor to ask for next, only when `has_next_page` and the cursor is not empty.
    pub fn next_cursor(&self) -> Option<&str> {
        self.meta
            .next_cursor
            .as_deref()
            .filter(|c| self.meta.has_next_page && !c.is_empty())
    }
}

/// The exchange API's endpoints (market data, account, orders, trades), borrowed from a [`Client`]: `client.exchange().trades(&query)`.
pub struct Exchange<'a, T: Transport = DefaultTransport> {
    client: &'a Client<T>,
}

impl<T: Transport> Client<T> {
    /// The exchange API's endpoints (market data, account, orders, trades).
    pub fn exchange(&self) -> Exchange<'_, T> {
        Exchange { client: self }
    }
}

impl<T: Transport> Client<T> {
    pub(crate) fn exchange_url(&self, path_and_query: &str) -> String {
        format!(
            "{}/v1{}",
            self.base().exchange.trim_end_matches('/'),
            path_and_query
        )
    }
}

#[cfg(test)]
mod fixture_tests;
