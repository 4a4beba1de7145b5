#![warn(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::arithmetic_side_effects, clippy::disallowed_methods)
)]

//! `folio-client`: a typed client for Bitpanda's three HTTP APIs (current public API,
//! legacy API, exchange API).
//!
//! The crate knows nothing of Leptos. It owns every URL, header and JSON shape:
//! - [`Client`] holds the base URLs, the key and the timeouts; its endpoints are grouped by
//!   API, one async method per endpoint: `client.current().portfolio(None)`,
//!   `client.legacy().trades(&query)`, `client.exchange().trades(&query)`;
//! - [`ApiError`] is the single error type, classified into what a person can act on;
//! - wire types mirror the service (`current::…`), with money as [`Money`] /
//!   `rust_decimal::Decimal`, every optional field an `Option`, and open enums that keep
//!   unknown values as text;
//! - both camelCase and snake_case field spellings parse (see [`decode`]);
//! - every list is read record by record: a record that cannot be read is skipped and
//!   counted ([`Listed`], the `skipped` field of pages), never fatal;
//! - HTTP goes through the [`transport::Transport`] trait: browser `fetch` on wasm32,
//!   `reqwest` natively (used by tests against the sandbox).
//!
//! Reads retry at most twice on 429/503, honouring `Retry-After` (seconds or an HTTP date);
//! writes are never retried. Reads time out after [`READ_TIMEOUT`], writes after
//! [`WRITE_TIMEOUT`] ([`ApiError::TimedOut`]; a timed-out write has an unknown outcome).

#[macro_use]
mod open_enum;

mod api_keys;
mod base_urls;
pub mod checked;
mod client;
pub mod current;
pub mod date_text;
pub mod decode;
mod early;
mod error;
pub mod exchange;
mod ids;
pub mod json_text;
mod kept;
mod key_scheme;
pub mod legacy;
mod lenient;
#[cfg(test)]
mod lenient_tests;
mod listed;
mod money;
mod query;
pub mod records;
#[cfg(test)]
mod records_tests;
pub mod sandbox;
pub mod scopes;
mod session_token;
pub mod sorting;
pub mod transport;

pub use base_urls::{origin_of, BaseUrlError, BaseUrls};
pub use client::{ApiKey, Client, MAX_READ_RETRIES, MAX_RETRY_WAIT, READ_TIMEOUT, WRITE_TIMEOUT};
pub use early::EARLY_READ_TTL;
pub use error::{ApiError, ServiceError};
pub use ids::{
    AssetId, ConfigId, CurrencyId, OperationId, OrderId, QuoteId, TradeId, TransactionId, WalletId,
};
pub use kept::{KEPT_BUDGET, KEPT_ITEM_PREFIX, KEPT_ORDER_ITEM};
pub use listed::{lenient_vec, Listed};
pub use money::Money;
pub use query::encode as percent_encode;
pub use rust_decimal::Decimal;
pub use session_token::SessionToken;
